"""Every hook a Réussite plugin may implement, documented in one place.

A plugin is any module named in the ``reussite.plugins`` entry-point group. It implements some of the
hooks below with the :data:`hookimpl` marker::

    from reussite.hookspecs import hookimpl

    @hookimpl
    def reussite_games():
        return [MyGame]

The host calls each plugin's implementation separately, so one plugin that raises or returns something
malformed is reported under its own name and never hides the others (see :mod:`reussite.host`).
Hooks return lists; returning ``None`` or an empty list means "nothing to declare".

A hook may take arguments: the specification below names them, and an implementation declares those it
wants, by name, in any order (none at all is fine), as pluggy does.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pluggy

if TYPE_CHECKING:
    import argparse
    from collections.abc import Callable

    from reussite.messages import Translator
    from reussite.variant import Variant

PROJECT = "reussite"
ENTRY_POINT_GROUP = "reussite.plugins"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

HelpFormat = Literal["html", "docbook"]
CatalogKind = Literal["ui", "help"]


@dataclass(frozen=True)
class HelpPage:
    """One game's rule page in its source language (French for the bundled games).

    ``path`` is a file (a :class:`pathlib.Path` or an ``importlib.resources`` traversable, so it works from an
    installed wheel); ``format`` says how to cut it into translation units. Pages like PySolFC's (old HTML:
    headings, paragraphs, text straight in the body, lists, ``<dl>``, ``<pre>``, ``<hr>``, tables, images
    beside the page) and Aisleriot's (DocBook 4) are read as they are; see :mod:`reussite.helpdocs.units`.
    """

    game_id: str
    path: Path | Traversable
    format: HelpFormat
    source_lang: str = "fr"


@dataclass(frozen=True)
class Catalog:
    """A gettext domain and the folder holding it.

    ``localedir`` holds ``<domain>.pot`` and ``<lang>/LC_MESSAGES/<domain>.po`` (and ``.mo``).
    ``kind`` is ``"ui"`` for interface strings (English msgids in code) or ``"help"`` for rule pages
    (msgids in the page's source language).
    """

    domain: str
    localedir: Path | Traversable
    kind: CatalogKind = "ui"


@dataclass(frozen=True)
class Command:
    """A sub-command of ``reussite`` (``reussite NAME ...``).

    ``arguments(parser)`` adds the command's arguments to its :class:`argparse.ArgumentParser`;
    ``run(args, ctx)`` does the work and returns the exit status (``ctx`` is the :class:`reussite.cli.Context`:
    ``ctx.say``, ``ctx.tr``, ``ctx.host``...). A command with actions of its own (``reussite i18n extract``)
    leaves ``run`` out and sets ``func`` on each action's parser instead (``set_defaults(func=run)``).
    Raise :class:`reussite.errors.UserError` for bad input: it is printed as one line. Any other exception is
    reported as a failure of the plugin, naming it; the other commands keep working.
    """

    name: str
    help: str
    arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[..., int | None] | None = None


class ReussiteSpec:
    """The hook specifications. Method names are the hook names."""

    @hookspec
    def reussite_games(self) -> list[type[Variant]] | None:
        """Register games: return the :class:`reussite.variant.Variant` subclasses this plugin provides.

        Each class needs a unique ``id`` (lower-case, digits and dashes); two plugins declaring the same id
        is an error that names both, and neither game is registered. A bundled game's id (or help page, or
        catalog domain) stays the bundled plugin's unless the user allows the other plugin to take it
        (``REUSSITE_ALLOW_OVERRIDE``). The host checks each game with a trial deal; a game whose code fails
        later is reported with the plugin's name and the player's game is kept as it was before.
        """

    @hookspec
    def reussite_help_pages(self) -> list[HelpPage] | None:
        """Declare help sources: one :class:`HelpPage` per game whose rules this plugin documents."""

    @hookspec
    def reussite_catalogs(self) -> list[Catalog] | None:
        """Declare message catalogs: the gettext domains this plugin ships (its UI strings, its help).

        A game's strings are looked up in its own UI domain first (``Variant.domain``), then in the host's.
        """

    @hookspec
    def reussite_commands(self, tr: Translator) -> list[Command] | None:
        """Add sub-commands to ``reussite``: return one :class:`Command` each.

        ``tr`` is the interface's translator (``tr.gettext`` for help texts). The host's own commands (``help``,
        ``i18n``, ``solve``, ``winnability``, ``stats``) come from its default plugins through this hook. A
        command name is claimed like a game id (a bundled plugin's name stays its own); a command whose
        ``arguments`` raise is reported when it is run, naming the plugin, and the other commands work.
        """
