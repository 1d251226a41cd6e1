"""Localized rule pages: a game's source page, cut into units, rendered with the "help" catalogs.

Public API (used by the web front end)::

    from reussite.helpdocs import render_help
    html = render_help(host, "forty-thieves", "en")            # sanitized HTML fragment
    md = render_help(host, "forty-thieves", "fr", "markdown")  # Markdown

Translations are looked up in every catalog of kind ``"help"`` that plugins declare, with msgctxt = the
page id (the game id). A unit without a translation is shown in the page's source language.
"""

from __future__ import annotations

from typing import Any

__all__ = ["render_help", "help_languages", "load_document", "PageTranslator", "PageError", "FORMATS"]


def __getattr__(name: str) -> Any:
    # The pipeline needs nh3 and its page parser; import them on first use only, so that a command
    # that never renders a page (reussite games) does not pay for them.
    if name in __all__:
        from reussite.helpdocs import pages

        return getattr(pages, name)
    raise AttributeError(f"module 'reussite.helpdocs' has no attribute {name!r}")
