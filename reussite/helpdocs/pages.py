"""Rendering a game's rule page in a language (see the package docstring for the public API)."""


from __future__ import annotations

import gettext
from dataclasses import dataclass, field
from pathlib import Path

from reussite.errors import UserError
from reussite.helpdocs.formats import FORMATS
from reussite.helpdocs.render import render_html, render_markdown
from reussite.helpdocs.units import Document, PageError, Unit, read_page
from reussite.l10n import read_mo
from reussite.messages import warn_once

__all__ = ["render_help", "help_languages", "load_document", "PageTranslator", "PageError", "FORMATS"]


def _mo_path(localedir, lang: str, domain: str):
    return localedir / lang / "LC_MESSAGES" / f"{domain}.mo"


def help_languages(host) -> list[str]:
    """Every language a help page can be shown in: the source languages and those with a compiled catalog."""
    langs = {page.source_lang for page in host.help_pages.values()}
    for cat in host.catalogs:
        if cat.kind != "help":
            continue
        base = Path(str(cat.localedir))
        if base.is_dir():
            for sub in base.iterdir():
                if (sub / "LC_MESSAGES" / f"{cat.domain}.mo").is_file():
                    langs.add(sub.name)
    return sorted(langs)


def _cache(host) -> dict:
    """Parsed pages and loaded catalogs, kept on the host they belong to (no module-level state); each entry
    is checked against its file's mtime and size, so an edited page or a recompiled catalog is seen."""
    return vars(host).setdefault("_helpdocs_cache", {})


def _stamp(path) -> tuple[int, int] | None:
    try:
        st = Path(str(path)).stat()
    except OSError:
        return None
    return st.st_mtime_ns, st.st_size


@dataclass
class PageTranslator:
    """Looks a unit up in the help catalogs of one language, msgctxt = page id; first catalog that has it wins.

    A unit the language has not translated yet is looked up in the reader's other languages (``fallbacks``:
    LANGUAGE, the browser's languages), then in English, as gettext would; the source language only comes
    where the reader asked for it or no other language has the unit, and then as corrected by its own catalog
    (``errata``: the French help.po), never in the raw text an erratum fixed."""

    lang: str
    catalogs: list[gettext.GNUTranslations]
    errata: list[gettext.GNUTranslations] = field(default_factory=list)
    #: (language, its catalogs) for each language read before the source, after ``lang``.
    fallbacks: list[tuple[str, list[gettext.GNUTranslations]]] = field(default_factory=list)

    @classmethod
    def load(cls, host, lang: str, source_lang: str | None = None, fallbacks: tuple[str, ...] = ()) -> PageTranslator:
        from reussite.l10n import reading_order

        errata = cls.load(host, source_lang).catalogs if source_lang and source_lang != lang else []
        before_source = []
        if source_lang and source_lang != lang:
            for code in reading_order(lang, fallbacks)[1:]:
                if code == source_lang:  # the reader asked for the source language: nothing after it
                    break
                before_source.append((code, cls._catalogs(host, code)))
        return cls(lang, cls._catalogs(host, lang), errata, before_source)

    @staticmethod
    def _catalogs(host, lang: str) -> list[gettext.GNUTranslations]:
        cache = _cache(host)
        found = []
        for cat in host.catalogs:
            if cat.kind != "help":
                continue
            mo = _mo_path(cat.localedir, lang, cat.domain)
            stamp = _stamp(mo)
            if stamp is None:
                continue
            hit = cache.get(("mo", str(mo)))
            if hit is None or hit[0] != stamp:
                hit = (stamp, read_mo(mo))  # None, with one warning, for a catalog no page could use
                cache[("mo", str(mo))] = hit
            if hit[1] is not None:
                found.append(hit[1])
        return found

    def __call__(self, unit: Unit) -> tuple[str, bool]:
        key = f"{unit.page_id}\x04{unit.text}"
        for t in self.catalogs:
            # A translation may equal its msgid ("Tableau"): ask the catalog, not the result.
            text = t._catalog.get(key)
            if text:
                return text, True
        for code, catalogs in self.fallbacks:  # in another of the reader's languages: marked with it
            for t in catalogs:
                text = t._catalog.get(key)
                if text:
                    return text, code
        for t in self.errata:
            text = t._catalog.get(key)
            if text:
                return text, False
        return unit.text, False


def load_document(host, game_id: str) -> tuple[Document, str]:
    """The cut page of ``game_id`` and its source language; a clear UserError if there is none."""
    pages = host.help_pages
    page = pages.get(game_id)
    if page is None:
        host.game(game_id)  # an unknown game: the host's one error for it
        raise UserError(f"game {game_id!r} has no help page")
    cache = _cache(host)
    key = ("page", str(page.path), page.format, game_id)
    stamp = _stamp(page.path)
    hit = cache.get(key)
    if hit is None or hit[0] != stamp or stamp is None:
        hit = (stamp, read_page(page.path, page.format, game_id))
        cache[key] = hit
        for line in hit[1].warnings:  # once per reading of the file: a repaired page still shows
            warn_once(("page", line), line.replace(": warning: ", ": ", 1))
    return hit[1], page.source_lang


def render_help(host, game_id: str, lang: str, fmt: str = "html", fallbacks: tuple[str, ...] = ()) -> str:
    """The help page of ``game_id`` in ``lang``: a sanitized HTML fragment (``fmt="html"``) or Markdown. A unit
    ``lang`` lacks is shown in the first of ``fallbacks`` (the reader's other languages) that has it, then in
    English, then in the page's source language (see :class:`PageTranslator`).

    Raises :class:`reussite.errors.UserError` for an unknown game, a game without help, an unknown
    format or a language with no catalog.
    """
    if fmt not in FORMATS:
        raise UserError(f"unknown help format {fmt!r} (expected {' or '.join(FORMATS)})")
    doc, source_lang = load_document(host, game_id)
    translate = PageTranslator.load(host, lang, source_lang, fallbacks)
    if not translate.catalogs and lang != source_lang:
        langs = help_languages(host)
        if lang not in langs:  # a catalog that is there but unusable was warned about: show the source
            raise UserError(f"no help catalog for language {lang!r} (available: {', '.join(langs)})")
    if fmt == "html":
        return render_html(doc, translate, lang, source_lang)
    return render_markdown(doc, translate)
