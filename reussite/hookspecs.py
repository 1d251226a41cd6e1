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
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Literal

import pluggy

if TYPE_CHECKING:
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
