"""The Babel extractor for rule pages, registered as ``reussite_help`` in the ``babel.extractors`` group.

With the mapping file ``locale/babel-help.cfg``::

    pybabel extract -F locale/babel-help.cfg -o locale/help.pot help/

gives the same units as ``reussite i18n extract``: msgctxt = page id (the file name without extension, which
is the game id), ``#.`` = the unit's element path, ``#:`` = file and line. Options in the mapping file:
``format = html|docbook`` (default from the file's extension), ``page_id`` (default the file's stem) and
``errata`` (the catalog of the pages' source language, whose ``Erratum`` entries mark their units with an
extracted comment, as ``reussite i18n extract`` does).
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from reussite.helpdocs.units import PageError, format_for, parse_page

# pgettext's keyword spec ((1, "c"), 2) is in Babel's default keywords: argument 1 is the context.
KEYWORD = "pgettext"


def extract_help(
    fileobj: IO[bytes], keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    name = getattr(fileobj, "name", "<page>")
    if isinstance(name, bytes):
        name = name.decode()
    page_id = options.get("page_id") or Path(name).stem
    fmt = options.get("format") or format_for(name)
    if KEYWORD not in keywords:
        raise SystemExit(f"{name}: the reussite_help extractor needs the '{KEYWORD}' keyword "
                         "(do not pass --no-default-keywords, or add -k pgettext:1c,2)")
    try:
        doc = parse_page(fileobj.read(), fmt, page_id, name)
    except PageError as exc:
        # pybabel would print a traceback; a person needs the one line naming the file and line.
        raise SystemExit(f"error: {exc}") from None
    errata = {}
    if options.get("errata"):
        from reussite.catalogs.facts import find_errata

        errata = find_errata({"source": Path(options["errata"])})
    for unit in doc.units:
        erratum = errata.get((unit.page_id, unit.text))
        yield unit.line, KEYWORD, (unit.page_id, unit.text), [unit.path] + ([erratum.comment()] if erratum else [])
