"""Réussite's classic games: the catalogues of GNOME Aisleriot and KDE KPatience, family by family.

Each module of this package holds one family of games and lists them in its ``GAMES`` tuple; each game has
its French rule page ``help/<id>.html``. This module holds only the hooks, and finds both by looking, so
that adding a family touches nothing here. The games are imported when the host asks for them, so that
``reussite help`` and the other commands that need no game code stay quick."""

import importlib
import pkgutil
from importlib.resources import files

from reussite.hookspecs import Catalog, HelpPage, hookimpl

UI_DOMAIN = "reussite_classics"
HELP_DOMAIN = "reussite_classics_help"


def family_modules() -> list[str]:
    """The names of the modules that hold games, sorted (companions, ``*_solver``, hold none)."""
    return sorted(m.name for m in pkgutil.iter_modules(__path__)
                  if not m.name.startswith("_") and not m.name.endswith("_solver"))


def game_ids() -> list[str]:
    """The ids of the games with a rule page, from the page files (no game module imported)."""
    return sorted(page.name[:-5] for page in (files(__name__) / "help").iterdir() if page.name.endswith(".html"))


@hookimpl
def reussite_games():
    from reussite.variant import options_label

    games = []
    for name in family_modules():
        games += importlib.import_module(f"{__name__}.{name}").GAMES
    figures = winnability()
    for cls in games:
        # The chooser shows the figure of the game as it starts: its options at their defaults.
        # Keyed as tools/catalogue_winnability.py writes them (options_label).
        defaults = options_label({o.name: o.default for o in cls.options})
        cls.winnability = figures.get(cls.id if defaults == "-" else f"{cls.id}:{defaults}")
    return games


def winnability() -> dict:
    """The solver's figures for each game and option (``tools/catalogue_winnability.py`` writes them)."""
    import json

    source = files(__name__) / "winnability.json"
    return json.loads(source.read_text(encoding="utf-8")) if source.is_file() else {}


@hookimpl
def reussite_help_pages():
    pages = files(__name__) / "help"
    return [HelpPage(game_id, pages / f"{game_id}.html", "html") for game_id in game_ids()]


@hookimpl
def reussite_catalogs():
    locale = files(__name__) / "locale"
    return [Catalog(UI_DOMAIN, locale, "ui"), Catalog(HELP_DOMAIN, locale, "help")]
