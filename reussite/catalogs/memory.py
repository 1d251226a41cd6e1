"""Pre-filling a language's catalogs: from pages already translated, and from a translation memory.

``reussite i18n prefill LANG`` fills the untranslated entries of LANG's catalogs, each marked fuzzy for a
translator to review, in this order:

1. **Parallel pages** (``--pages DIR``, help catalogs): a page of ``DIR`` with the file name of a source page is
   its translation. Both are cut into units by the pipeline's own reader, and units are paired by their place in
   the page's structure (the element path, ``/html/body/p[3]``), numbers and links; what cannot be paired is
   reported and left empty.
2. **Exact matches**: the same source text translated anywhere else (another page, another domain, another
   catalog given with ``--memory``, or a page aligned in step 1) — every msgctxt counts, which is what
   ``msgmerge --compendium`` cannot do when each entry carries its page as context.
3. **Fuzzy matches** at or above ``--threshold`` (difflib's ratio), with the matched source text as the
   previous msgid (``#|``), so Poedit shows what differs.

A candidate that ``reussite i18n check`` would refuse (markup, placeholders) is not filled; one that only draws
a warning (a number the source does not have) is filled and counted as failing a check.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Message

from reussite.catalogs.facts import visible
from reussite.catalogs.ops import CatalogSpec, Report, _has_string
from reussite.catalogs.po import po_bytes, read_catalog, replace_file
from reussite.errors import UserError
from reussite.helpdocs.units import PageError, Unit, format_for, read_page

DEFAULT_THRESHOLD = 0.8
_HREF = re.compile(r'href="([^"]*)"')
_INDEX = re.compile(r"\[\d+\]")
_WORDS = re.compile(r"\w{3,}")


# -- aligning a page with its translation -----------------------------------------------------------------

def _shape(u: Unit) -> str:
    return _INDEX.sub("", u.path)


def _plausible(src: Unit, tr: Unit) -> bool:
    """Two units in the same place could be one text in two languages: similar length, same links."""
    a, b = len(visible(src.text)), len(visible(tr.text))
    if min(a, b) * 3 < max(a, b) and abs(a - b) > 20:
        return False
    return sorted(_HREF.findall(src.text)) == sorted(_HREF.findall(tr.text))


def align(source: list[Unit], translated: list[Unit]) -> tuple[list[tuple[Unit, Unit]], list[Unit]]:
    """Pairs (source unit, translated unit) by the page structure, and the source units left unpaired.

    The same element paths in the same order pair one to one; otherwise the sequences of element kinds
    (paths without their indices) are matched, and within a matched stretch a pair must look like one text in
    two languages (see :func:`_plausible`). Where the numbers of a stretch disagree, only the pairs whose
    numbers agree are kept.
    """
    if [u.path for u in source] == [u.path for u in translated]:
        candidates = list(zip(source, translated, strict=True))
    else:
        matcher = difflib.SequenceMatcher(None, [_shape(u) for u in source], [_shape(u) for u in translated],
                                          autojunk=False)
        candidates = []
        for tag, i1, i2, j1, j2 in matcher.get_opcodes():
            if tag == "equal" or (tag == "replace" and i2 - i1 == j2 - j1):
                candidates.extend(zip(source[i1:i2], translated[j1:j2], strict=True))
    pairs = [(s, t) for s, t in candidates if _plausible(s, t)]
    paired = {id(s) for s, _ in pairs}
    return pairs, [u for u in source if id(u) not in paired]


# -- the memory ---------------------------------------------------------------------------------------------

@dataclass
class Memory:
    """Source texts and their translations, with a word index so that fuzzy matching stays fast."""

    exact: dict[str, str] = field(default_factory=dict)
    index: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def add(self, source: str, translation: str) -> None:
        if not source or not translation or source in self.exact:
            return
        self.exact[source] = translation
        for w in set(_WORDS.findall(source.lower())):
            self.index[w].add(source)

    def add_catalog(self, path: Path) -> None:
        for m in read_catalog(path):
            if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string and not m.fuzzy:
                self.add(m.id, m.string)

    def closest(self, text: str, threshold: float) -> tuple[str, float] | None:
        words = set(_WORDS.findall(text.lower()))
        shared: Counter = Counter()
        for w in words:
            postings = self.index.get(w, ())
            if len(postings) <= 2000:  # a word on every page tells nothing
                shared.update(postings)
        best = None
        for source, _count in shared.most_common(20):
            matcher = difflib.SequenceMatcher(None, text, source, autojunk=False)
            if matcher.real_quick_ratio() < threshold or matcher.quick_ratio() < threshold:
                continue
            ratio = matcher.ratio()
            if ratio >= threshold and (best is None or ratio > best[1]):
                best = (source, ratio)
        return best


# -- prefill -------------------------------------------------------------------------------------------------

def _translated_page(folder: Path, source: Path) -> Path | None:
    exact = folder / source.name
    if exact.is_file():
        return exact
    same_stem = sorted(p for p in folder.glob(f"{source.stem}.*") if p.is_file())
    return same_stem[0] if same_stem else None


def prefill(specs: list[CatalogSpec], memory_specs: list[CatalogSpec], lang: str, pages: Path | None = None,
            memory_files: list[Path] = (), threshold: float = DEFAULT_THRESHOLD) -> tuple[Report, list[dict]]:
    """Fill LANG's untranslated entries in ``specs``' catalogs; returns the report and one row of figures per
    catalog (``filled`` by way, ``empty``, ``failing``, ``pages_complete``...)."""
    from reussite.catalogs.check import fact_warnings, message_problems, message_warnings
    from reussite.catalogs.facts import find_errata

    if not 0 < threshold <= 1:
        raise UserError(f"--threshold {threshold}: give a ratio above 0 and at most 1, such as 0.8")
    if pages is not None and not pages.is_dir():
        raise UserError(f"{pages}: not a folder of translated pages")
    targets = []
    for spec in specs:
        po = spec.po_files().get(lang)
        if po is None:
            raise UserError(f"{spec.label()}: no {lang} catalog; start it with 'reussite i18n init {lang}'")
        targets.append((spec, po))
    memory = Memory()
    for path in memory_files:
        memory.add_catalog(Path(path))
    for spec in memory_specs:
        path = spec.po_files().get(lang)
        if path is not None:
            memory.add_catalog(path)

    report, figures, plans = Report(), [], []
    for spec, po_path in targets:
        po = read_catalog(po_path)
        help_kind = spec.kind == "help"
        aligned: dict[tuple[str | None, str], str] = {}
        row = {"domain": spec.domain, "lang": lang, "file": str(po_path), "pages": 0, "pages_translated": 0,
               "pages_unreadable": 0, "units_unaligned": 0, "aligned": 0, "exact": 0, "fuzzy_match": 0,
               "refused": 0}
        if pages is not None and help_kind:
            for page in spec.pages:
                row["pages"] += 1
                src = Path(str(page.path))
                target = _translated_page(pages, src)
                if target is None:
                    continue
                try:
                    src_doc = read_page(page.path, page.format, page.game_id, spec.rel(src))
                    tr_doc = read_page(target, format_for(target), page.game_id, str(target))
                except PageError as exc:
                    report.add(f"{exc} (skipped)", problem=False)
                    row["pages_unreadable"] += 1
                    continue
                row["pages_translated"] += 1
                pairs, left = align(src_doc.units, tr_doc.units)
                for s, t in pairs:
                    aligned.setdefault((s.page_id, s.text), t.text)
                    memory.add(s.text, t.text)
                if left:
                    row["units_unaligned"] += len(left)
                    first = left[0]
                    report.add(f"{spec.rel(src)}:{first.line}: {len(left)} of {len(src_doc.units)} units not "
                               f"aligned with {target} (first: {first.path}); left empty")
        errata = find_errata(spec.po_files(), spec.rel, spec.source_langs()) if help_kind else {}
        page_sources: dict[str | None, set[str]] = defaultdict(set)
        for m in po:
            if m.id and isinstance(m.id, str):
                page_sources[m.context].add(m.id)
        failing = 0
        for m in po:
            if not m.id or not isinstance(m.id, str) or _has_string(m):
                continue
            way, text, previous = None, aligned.get((m.context, m.id)), None
            if text is not None:
                way = "aligned"
            elif m.id in memory.exact:
                way, text = "exact", memory.exact[m.id]
            else:
                hit = memory.closest(m.id, threshold)
                if hit is not None:
                    way, text, previous = "fuzzy_match", memory.exact[hit[0]], hit[0]
            if way is None:
                continue
            trial = Message(m.id, text, context=m.context, flags={"fuzzy"})
            if message_problems(trial, help_kind):
                row["refused"] += 1
                continue
            m.string = text
            m.flags = m.flags | {"fuzzy"}
            if previous is not None:
                m.previous_id = [previous]
            row[way] += 1
            failing += bool(message_warnings(trial) or (help_kind and fact_warnings(trial, errata, page_sources)))
        entries = [m for m in po if m.id]
        by_page: dict[str | None, list[Message]] = defaultdict(list)
        for m in entries:
            by_page[m.context].append(m)
        row.update(
            entries=len(entries), filled=row["aligned"] + row["exact"] + row["fuzzy_match"],
            empty=sum(not _has_string(m) for m in entries), failing=failing,
            pages_complete=sum(all(_has_string(m) for m in ms) for ms in by_page.values()) if help_kind else None,
            words_source=sum(len(re.findall(r"\w+", visible(m.id))) for m in entries if isinstance(m.id, str)))
        row["percent_filled"] = round(100 * row["filled"] / row["entries"], 1) if row["entries"] else 0.0
        figures.append(row)
        plans.append((po_path, po))
        report.add(f"{po_path}: {row['filled']} of {row['entries']} entries pre-filled, fuzzy "
                   f"({row['aligned']} from aligned pages, {row['exact']} exact matches, {row['fuzzy_match']} "
                   f"fuzzy matches at {threshold:g} or more); {row['failing']} failing a check, "
                   f"{row['refused']} refused by check, {row['empty']} still empty"
                   + (f"; {row['pages_complete']} of {len(by_page)} pages complete" if help_kind else ""))
    for po_path, po in plans:  # every catalog read and filled before anything is written
        replace_file(po_path, po_bytes(po))
    return report, figures


__all__ = ["align", "prefill", "Memory", "DEFAULT_THRESHOLD"]
