"""Domain-generic catalog work: every catalog plugins declare through ``reussite_catalogs``.

Which sources feed a catalog's template (``<localedir>/<domain>.pot``):

- kind ``"help"``: the help pages declared by the plugins of the same distribution as the plugin declaring
  the catalog (a plugin loaded without a distribution: its own pages). msgids are the pages' units.
- kind ``"ui"``: Python files of the same plugins' top-level packages (the folder of the plugin's package,
  or the module file of a single-module plugin), read by Babel's python extractor with the keywords in
  :data:`UI_KEYWORDS`. For the host that is ``reussite/`` and the bundled ``plugins/``.

Locations in templates are relative to the parent folder of ``localedir`` (the repository root for the
bundled catalogs), like ``pybabel extract`` run from there.
"""

from __future__ import annotations

import difflib
import importlib.util
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.catalog import Message
from babel.messages.extract import extract_from_file

from reussite.catalogs.facts import find_errata
from reussite.catalogs.po import FORMAT_FLAGS, PoError, po_bytes, read_catalog, replace_file
from reussite.errors import UserError
from reussite.helpdocs.units import PageError, read_page
from reussite.hookspecs import Catalog, HelpPage

UI_KEYWORDS = {
    "_": None,
    "N_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}
UI_COMMENT_TAGS = ("TRANSLATORS:",)
PROJECT = "Réussite"
#: GNU gettext's Plural-Forms where Babel's CLDR data differs from them (a third form for a million).
GETTEXT_PLURALS = {"fr": (2, "(n > 1)"), "pt_BR": (2, "(n > 1)"), "pt": (2, "(n != 1)"),
                   "es": (2, "(n != 1)"), "it": (2, "(n != 1)"), "ca": (2, "(n != 1)")}
FUZZY_CUTOFF = 0.7


@dataclass
class CatalogSpec:
    """A declared catalog, resolved to folders and the sources feeding its template."""

    catalog: Catalog
    plugin: str
    localedir: Path
    pages: list[HelpPage] = field(default_factory=list)
    code: list[Path] = field(default_factory=list)
    #: What the catalogs' headers name (Project-Id-Version): the plugin's distribution and its version.
    project: str = PROJECT
    version: str = ""
    #: What reading the pages repaired (``file:line: warning: ...``), for the extract report.
    warnings: list[str] = field(default_factory=list)
    #: The pages that cannot be read (``file:line: what``), skipped by the last extraction.
    page_errors: list[str] = field(default_factory=list)

    @property
    def domain(self) -> str:
        return self.catalog.domain

    @property
    def kind(self) -> str:
        return self.catalog.kind

    @property
    def template(self) -> Path:
        return self.localedir / f"{self.domain}.pot"

    @property
    def root(self) -> Path:
        return self.localedir.resolve().parent

    def rel(self, path: Path) -> str:
        # Both resolved: a package reached through a symlink must not change the references.
        return Path(os.path.relpath(Path(path).resolve(), self.root)).as_posix()

    def po_files(self) -> dict[str, Path]:
        out = {}
        if self.localedir.is_dir():
            for sub in sorted(self.localedir.iterdir()):
                po = sub / "LC_MESSAGES" / f"{self.domain}.po"
                if po.is_file():
                    out[sub.name] = po
        return out

    def source_langs(self) -> dict[str, str]:
        """The source language of each page (msgctxt), for a help catalog."""
        return {p.game_id: p.source_lang for p in self.pages}

    def label(self) -> str:
        return f"{self.domain} ({self.kind}, {self.localedir})"


# -- finding catalogs and their sources ---------------------------------------------------------------

def plugin_problems(host) -> list[str]:
    """What went wrong in the plugins' catalogs and help pages, one line each naming the plugin (the host
    called their hooks once, isolated, and recorded it)."""
    about = ("reussite_catalogs", "reussite_help_pages", "catalog ", "help page")
    host.catalogs, host.help_pages  # noqa: B018
    return [f"plugin {name}: {error}" for name, info in sorted(host.plugins.items())
            for error in info.errors if error.startswith(about)]


def _package_source(module_name: str) -> Path | None:
    top = module_name.split(".")[0]
    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    if spec.submodule_search_locations:
        for loc in spec.submodule_search_locations:
            if Path(loc).is_dir():
                return Path(loc)
    return Path(spec.origin) if spec.origin and spec.origin.endswith(".py") else None


def catalog_specs(host, domains: Iterable[str] | None = None) -> list[CatalogSpec]:
    wanted = set(domains or ())
    help_pages = host.help_pages

    def group(plugin: str) -> tuple:
        info = host.plugins.get(plugin)
        return ("dist", info.distribution) if info and info.distribution else ("plugin", plugin)

    pages_by_group: dict[tuple, list[HelpPage]] = {}
    for game_id, page in help_pages.items():
        pages_by_group.setdefault(group(host.help_owner(game_id)[1]), []).append(page)
    modules_by_group: dict[tuple, set[str]] = {}
    for name, info in host.plugins.items():
        modules_by_group.setdefault(group(name), set()).add(info.module.split(":")[0])

    specs: dict[tuple[str, str], CatalogSpec] = {}
    for plugin, cat in host.catalog_owners():
        if wanted and cat.domain not in wanted:
            continue
        localedir = Path(str(cat.localedir))
        key = (cat.domain, str(localedir))
        if key in specs:
            continue
        info = host.plugins[plugin]
        spec = CatalogSpec(cat, plugin, localedir, project=PROJECT if info.bundled else info.distribution or plugin,
                           version=info.version or "")
        g = group(plugin)
        if cat.kind == "help":
            spec.pages = sorted(pages_by_group.get(g, []), key=lambda p: spec.rel(Path(str(p.path))))
        else:
            sources = {_package_source(m) for m in modules_by_group.get(g, set())}
            spec.code = sorted(s.resolve() for s in sources if s is not None)  # the repository's order
        specs[key] = spec
    if wanted and not specs:
        known = ", ".join(sorted({c.domain for c in host.catalogs})) or "none"
        raise UserError(f"no catalog with domain {', '.join(sorted(wanted))} (declared domains: {known})")
    return list(specs.values())


# -- extract ----------------------------------------------------------------------------------------

def _new_template(spec: CatalogSpec) -> BabelCatalog:
    holder = "Réussite contributors" if spec.project == PROJECT else f"{spec.project} contributors"
    return BabelCatalog(project=spec.project, version=spec.version, copyright_holder=holder,
                        msgid_bugs_address="", charset="utf-8", fuzzy=False, domain=spec.domain)


def build_template(spec: CatalogSpec) -> BabelCatalog:
    """The template as extraction gives it now (nothing written).

    A help page that cannot be read does not stop the others: it is listed in ``spec.page_errors`` and its
    entries are taken over from the current template, so that no translation of it turns obsolete while it
    is being fixed."""
    cat = _new_template(spec)
    spec.warnings, spec.page_errors = [], []
    if spec.kind == "help":
        # A unit its source language corrects says so in every catalog, with the correction (Poedit shows
        # extracted comments as notes for translators).
        errata = find_errata(spec.po_files(), spec.rel, spec.source_langs())
        old = None
        for page in spec.pages:
            path = Path(str(page.path))
            where = spec.rel(path)
            try:
                doc = read_page(page.path, page.format, page.game_id, where)
            except PageError as exc:  # go on: every other page is extracted, and this one's entries stay
                spec.page_errors.append(str(exc))
                if old is None:
                    old = read_catalog(spec.template) if spec.template.is_file() else BabelCatalog()
                for m in old:
                    if m.id and m.context == page.game_id:
                        kept = Message(m.id, locations=m.locations, auto_comments=m.auto_comments,
                                       context=m.context)
                        kept.flags = set(m.flags)  # the file's, not Babel's guess from a "%"
                        cat[m.id] = kept
                continue
            spec.warnings.extend(doc.warnings)
            for u in doc.units:
                erratum = errata.get((u.page_id, u.text))
                notes = [u.path] + ([erratum.comment()] if erratum else [])
                cat.add(u.text, None, [(where, u.line)], auto_comments=notes, context=u.page_id)
                # Babel's guess from a "%" ("50% of") or "{": prose is never formatted, msgfmt must not check it.
                cat.get(u.text, context=u.page_id).flags.difference_update(FORMAT_FLAGS)
        return cat
    for source in spec.code:
        files = [source] if source.is_file() else _walk_py(source)
        for path in files:
            where = spec.rel(path)
            try:
                found = list(extract_from_file("python", str(path), keywords=UI_KEYWORDS,
                                               comment_tags=UI_COMMENT_TAGS, strip_comment_tags=True))
            except (SyntaxError, UnicodeDecodeError) as exc:
                raise UserError(f"{where}: cannot extract strings ({exc})") from None
            for lineno, message, comments, context in found:
                cat.add(message, None, [(where, lineno)], auto_comments=comments, context=context)
                # No python-brace-format: msgfmt takes {card.the} and {card.of_the} for two arguments, where
                # a translation may pick the form its grammar needs; 'reussite i18n check' (and the runtime)
                # check the {} fields by name and form instead.
                cat.get(message, context=context).flags.discard("python-brace-format")
    return cat


def _walk_py(folder: Path) -> list[Path]:
    """Python files in the order pybabel visits them (os.walk, sorted), so both tools agree."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
        out.extend(Path(dirpath) / f for f in sorted(filenames) if f.endswith(".py"))
    return out


def _fingerprint(cat: BabelCatalog) -> list:
    # Order-insensitive: a template written by pybabel with its sources in another order is still current.
    # Only the files count, not line numbers (templates are written without them): code moving down a file
    # changes no message, and a translator's first extract rewrites nothing.
    # Comments as words: a long one read back from a file is several lines.
    return sorted((m.context or "", str(m.id), tuple(sorted({loc[0] for loc in m.locations})),
                   " ".join(" ".join(m.auto_comments).split()), tuple(sorted(m.flags))) for m in cat if m.id)


@dataclass
class Report:
    """What an operation did or found: lines for a person, and whether anything is wrong."""

    lines: list[str] = field(default_factory=list)
    problems: int = 0

    def add(self, line: str, problem: bool = False) -> None:
        self.lines.append(line)
        self.problems += problem


def extract(specs: list[CatalogSpec], check: bool = False) -> Report:
    """Refresh every template; with ``check``, write nothing and report those whose messages differ from the
    sources. References name files only (``#: reussite/cli.py``), so a template never changes for a line
    number alone."""
    report = Report()
    built = [(spec, build_template(spec)) for spec in specs]  # every source read before anything is written
    for spec, fresh in built:
        for line in spec.page_errors:
            report.add(f"{line} (page skipped; its entries kept as they were)", problem=True)
        for line in spec.warnings:
            report.add(line)
        old = read_catalog(spec.template) if spec.template.is_file() else None
        if old is not None and _fingerprint(old) == _fingerprint(fresh):
            # Same messages: a template written with line numbers (older tools) is put in the repository's
            # form once, keeping its date; nothing else is touched.
            if not check and replace_file(spec.template, po_bytes(old)):
                report.add(f"{spec.template}: rewritten without line numbers "
                           f"({len([m for m in fresh if m.id])} messages)")
            else:
                report.add(f"{spec.template}: up to date ({len([m for m in fresh if m.id])} messages)")
            continue
        if check:
            report.add(f"{spec.template}: out of date; run 'reussite i18n extract'", problem=True)
            continue
        replace_file(spec.template, po_bytes(fresh))
        report.add(f"{spec.template}: written ({len([m for m in fresh if m.id])} messages)")
    return report


# -- update -----------------------------------------------------------------------------------------

def _key(m: Message):
    return (m.id, m.context) if m.context is not None else m.id


def merge(po: BabelCatalog, template: BabelCatalog) -> BabelCatalog:
    """Merge ``template`` into ``po`` the way GNU msgmerge does.

    Translations are kept; a paragraph split in parts (or parts joined into one) gets the translation of
    the text it came from (or of its parts, joined), and a changed unit the closest old translation of the
    same context, each marked fuzzy with its previous msgid; a unit that comes back gets its translation from
    the obsolete entries;
    obsolete entries that are still obsolete are kept.
    """
    old_obsolete = dict(po.obsolete)
    # Babel's update forgets the previous msgid of an entry that stays fuzzy; msgmerge keeps it, and Poedit
    # shows it as the change to review.
    previous = {_key(m): m.previous_id for m in po if m.id and m.fuzzy and m.previous_id}
    po.update(template, no_fuzzy_matching=True, update_header_comment=False, keep_user_comments=True,
              update_creation_date=True)
    just_removed = dict(po.obsolete)
    used: set = set()
    restored: set = set()
    removed_by_context: dict[str | None, list] = {}
    for k, o in {**old_obsolete, **just_removed}.items():
        if isinstance(o.id, str) and _has_string(o):
            removed_by_context.setdefault(o.context, []).append((k, o))
    for m in po:
        if not m.id or _has_string(m):
            continue
        back = old_obsolete.get(_key(m))
        if back is not None and _has_string(back):
            m.string = back.string
            m.flags = (m.flags | back.flags) - {"fuzzy"} | ({"fuzzy"} if back.fuzzy else set())
            m.user_comments = list(back.user_comments)
            used.add(_key(m))
            restored.add(_key(m))
            continue
        if not isinstance(m.id, str):
            continue
        pool = {k: o for k, o in removed_by_context.get(m.context, ()) if k not in restored}
        parts = _split_or_joined(m.id, pool)
        if parts:
            # A paragraph cut in two (or two joined): each part starts from the translation of the text it
            # came from, fuzzy, with that text as its previous msgid, as msgmerge --previous does.
            m.string = " ".join(pool[k].string for k in parts)
            m.flags = m.flags | {"fuzzy"}
            m.previous_id = [" ".join(_made_from(pool[k]) for k in parts)]
            m.user_comments = [c for k in parts for c in pool[k].user_comments]
            used.update(parts)
            continue
        candidates = {o.id: k for k, o in (*just_removed.items(), *old_obsolete.items())
                      if isinstance(o.id, str) and o.context == m.context and _has_string(o) and k not in used}
        close = difflib.get_close_matches(m.id, list(candidates), n=1, cutoff=FUZZY_CUTOFF)
        if close:
            k = candidates[close[0]]
            src = just_removed.get(k) or old_obsolete[k]
            m.string = src.string
            m.flags = m.flags | {"fuzzy"}
            # Edited twice before review: the translation was made from the first text, not the middle one.
            m.previous_id = list(src.previous_id) if src.fuzzy and src.previous_id else [src.id]
            m.user_comments = list(src.user_comments)
            used.add(k)
    for m in po:
        if m.id and m.fuzzy and not m.previous_id and _key(m) in previous:
            m.previous_id = previous[_key(m)]
    for m in po:  # the format flags are the template's, as msgmerge takes them
        t = template.get(m.id, context=m.context) if m.id else None
        if t is not None:
            m.flags = (m.flags - FORMAT_FLAGS) | (t.flags & FORMAT_FLAGS)
    active = {_key(m) for m in po if m.id}
    # An obsolete entry keeps a translation for a unit that may come back; an empty one keeps nothing.
    po.obsolete = {k: v for k, v in {**old_obsolete, **just_removed}.items()
                   if k not in active and k not in used and _has_string(v)}
    return po


#: Share of a text that must be found in another for it to be a part of it (a split) or hold it (a join).
PART_COVERAGE = 0.9


def _covered(part: str, whole: str) -> float:
    """The share of ``part`` found, in order, inside ``whole``."""
    if not part or len(part) > len(whole):
        return 0.0
    if part in whole:
        return 1.0
    matcher = difflib.SequenceMatcher(None, part, whole, autojunk=False)
    return sum(b.size for b in matcher.get_matching_blocks()) / len(part)


def _made_from(m: Message) -> str:
    # A fuzzy translation was made from its previous msgid, not from its current one.
    return m.previous_id[0] if m.fuzzy and m.previous_id else m.id


def _split_or_joined(text: str, pool: dict) -> list:
    """Keys of the old entries ``text`` was made of: several whose texts it holds, in its order (a joined
    paragraph), one it holds with a few words added, or the one that holds it (a part of a split paragraph;
    several parts may share it)."""
    inside = [(text.find(o.id[:20]), k) for k, o in pool.items() if _covered(o.id, text) >= PART_COVERAGE]
    if len(inside) >= 2 and sum(len(pool[k].id) for _, k in inside) >= PART_COVERAGE * len(text) * 0.8:
        return [k for _, k in sorted(inside, key=lambda x: (x[0] < 0, x[0]))]
    if len(inside) == 1 and len(pool[inside[0][1]].id) >= 0.4 * len(text):
        return [inside[0][1]]  # words added around a text: it is still that text's translation to edit
    holders = [(len(o.id), k) for k, o in pool.items() if _covered(text, o.id) >= PART_COVERAGE]
    if holders and len(text) >= 0.1 * min(holders)[0]:
        return [min(holders)[1]]  # the shortest text that holds it
    return []


def _has_string(m: Message) -> bool:
    return any(m.string) if isinstance(m.string, (list, tuple)) else bool(m.string)


def update(specs: list[CatalogSpec]) -> Report:
    report = Report()
    plans = []
    for spec in specs:
        pos = spec.po_files()
        if not pos:
            report.add(f"{spec.label()}: no translations yet")
            continue
        if not spec.template.is_file():
            raise UserError(f"{spec.template}: no template; run 'reussite i18n extract' first")
        for lang, path in pos.items():
            template = read_catalog(spec.template)
            po = read_catalog(path)  # raises before any file is written
            po.locale = po.locale or lang
            plans.append((path, merge(po, template)))
    for path, po in plans:
        changed = replace_file(path, po_bytes(po))
        report.add(f"{path}: {'updated' if changed else 'up to date'}")
    return report


# -- init -------------------------------------------------------------------------------------------

def init(specs: list[CatalogSpec], lang: str) -> Report:
    """Start the ``lang`` catalog of every spec from its template, as ``pybabel init`` does, with the plugin's
    own project name and version in its headers. An existing catalog is never overwritten: if any is there,
    nothing is written."""
    from datetime import UTC, datetime

    from babel import Locale, UnknownLocaleError

    try:
        locale = Locale.parse(lang)
    except (ValueError, TypeError, UnknownLocaleError):
        raise UserError(f"{lang!r} is not a language code (such as de, es or pt_BR)") from None
    plans, there = [], []
    for spec in specs:
        po = spec.localedir / lang / "LC_MESSAGES" / f"{spec.domain}.po"
        if po.exists():
            there.append(str(po))
            continue
        if not spec.template.is_file():
            raise UserError(f"{spec.template}: no template; run 'reussite i18n extract' first")
        catalog = read_catalog(spec.template)
        catalog.locale = locale  # its plural forms too
        if str(locale) in GETTEXT_PLURALS or locale.language in GETTEXT_PLURALS:
            # CLDR's (Babel's) forms for these languages add a "many" form for millions that no gettext
            # tool, Poedit included, expects: use GNU gettext's own.
            catalog._num_plurals, catalog._plural_expr = GETTEXT_PLURALS.get(str(locale)) or GETTEXT_PLURALS[
                locale.language]
        catalog.project, catalog.version = spec.project, spec.version
        catalog.revision_date = datetime.now(UTC)
        catalog.fuzzy = False
        plans.append((po, catalog))
    if there:
        raise UserError(f"{', '.join(there)}: already there, nothing written (a catalog is never overwritten; "
                        "choose another with --domain, or use 'reussite i18n update')")
    report = Report()
    for po, catalog in plans:
        replace_file(po, po_bytes(catalog))
        report.add(f"{po}: created ({len([m for m in catalog if m.id])} messages to translate)")
    return report


# -- stats ------------------------------------------------------------------------------------------

__all__ = ["CatalogSpec", "PageError", "catalog_specs", "plugin_problems", "build_template", "extract", "merge",
           "update", "init",
           "Report", "PoError", "UI_KEYWORDS"]
