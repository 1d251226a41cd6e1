"""Réussite's classic games: Klondike, FreeCell, Baker's Game, Spider, Golf and Black Hole.

This module holds only the hooks; the games are imported when the host asks for them, so that
``reussite help`` and the other commands that need no game code stay quick."""

from importlib.resources import files

from reussite.hookspecs import Catalog, HelpPage, hookimpl

#: The game ids, each with its French rule page ``help/<id>.html``.
GAME_IDS = ("klondike", "freecell", "bakers-game", "spider", "golf", "black-hole")
UI_DOMAIN = "reussite_classics"
HELP_DOMAIN = "reussite_classics_help"


@hookimpl
def reussite_games():
    from reussite_classics.black_hole import BlackHole
    from reussite_classics.freecell import BakersGame, FreeCell
    from reussite_classics.golf import Golf
    from reussite_classics.klondike import Klondike
    from reussite_classics.spider import Spider

    return [Klondike, FreeCell, BakersGame, Spider, Golf, BlackHole]


@hookimpl
def reussite_help_pages():
    pages = files(__name__) / "help"
    return [HelpPage(game_id, pages / f"{game_id}.html", "html") for game_id in GAME_IDS]


@hookimpl
def reussite_catalogs():
    locale = files(__name__) / "locale"
    return [Catalog(UI_DOMAIN, locale, "ui"), Catalog(HELP_DOMAIN, locale, "help")]
