"""Coverage of the catalogs, like pocount's and Weblate's: messages and source words translated, fuzzy and
untranslated, and the entries failing a check, per page, domain and language (``reussite i18n stats``)."""

from __future__ import annotations

import re

from babel.messages.catalog import Message

from reussite.catalogs.check import fact_warnings, message_problems, message_warnings
from reussite.catalogs.facts import find_errata, visible
from reussite.catalogs.ops import CatalogSpec, _has_string
from reussite.catalogs.po import read_catalog

STATES = ("translated", "fuzzy", "untranslated")


def source_words(m: Message) -> int:
    """Words of a message's source (msgid and plural), as a reader sees them (tags and URLs are not words),
    the way pocount and Weblate count them."""
    ids = [m.id] if isinstance(m.id, str) else list(m.id)
    return sum(len(re.findall(r"\w+", visible(i))) for i in ids)


def _empty_row(**keys) -> dict:
    row = dict(keys)
    for state in STATES:
        row[state] = 0
        row[f"words_{state}"] = 0
    row["failing"] = 0
    return row


def _finish(row: dict) -> dict:
    row["total"] = sum(row[s] for s in STATES)
    row["percent"] = round(100 * row["translated"] / row["total"], 1) if row["total"] else 100.0
    row["words_total"] = sum(row[f"words_{s}"] for s in STATES)
    row["words_percent"] = (round(100 * row["words_translated"] / row["words_total"], 1)
                            if row["words_total"] else 100.0)
    return row


def stats(specs: list[CatalogSpec]) -> list[dict]:
    """Coverage like pocount's and Weblate's: messages and source words translated, fuzzy and untranslated,
    and the entries failing a check (an error or a warning of ``reussite i18n check``, msgfmt aside).

    Rows of ``level`` ``"page"`` (one per domain, language and msgctxt: a help page is a game's, so ``game``
    names it; ``"-"`` for messages without a context), then ``"domain"`` (``page`` ``"*"``) per domain and
    language, then ``"language"`` (``domain`` and ``page`` ``"*"``) over every domain.
    """
    rows, totals = [], {}
    for spec in specs:
        help_kind = spec.kind == "help"
        errata = find_errata(spec.po_files(), spec.rel, spec.source_langs()) if help_kind else {}
        for lang, path in spec.po_files().items():
            po = read_catalog(path)
            page_sources: dict[str | None, set[str]] = {}
            for m in po:
                if m.id and isinstance(m.id, str):
                    page_sources.setdefault(m.context, set()).add(m.id)
            per: dict[str, dict] = {}
            domain_row = _empty_row(level="domain", domain=spec.domain, kind=spec.kind, lang=lang, page="*",
                                    game=None, file=str(path))
            lang_row = totals.setdefault(lang, _empty_row(level="language", domain="*", kind="*", lang=lang,
                                                          page="*", game=None, file=None))
            for m in po:
                if not m.id:
                    continue
                page = m.context or "-"
                row = per.setdefault(page, _empty_row(level="page", domain=spec.domain, kind=spec.kind, lang=lang,
                                                      page=page, game=m.context if help_kind else None,
                                                      file=str(path)))
                state = "fuzzy" if m.fuzzy and _has_string(m) else "translated" if _has_string(m) and (
                    not isinstance(m.string, (list, tuple)) or all(m.string)) else "untranslated"
                failing = bool(_has_string(m) and (
                    message_problems(m, help_kind) or message_warnings(m)
                    or (help_kind and fact_warnings(m, errata, page_sources))))
                words = source_words(m)
                for r in (row, domain_row, lang_row):
                    r[state] += 1
                    r[f"words_{state}"] += words
                    r["failing"] += failing
            rows.extend(_finish(per[page]) for page in sorted(per))
            rows.append(_finish(domain_row))
    rows.extend(_finish(totals[lang]) for lang in sorted(totals))
    return rows
