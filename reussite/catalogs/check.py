"""Checking translations: markup and placeholders a translator can break, each reported as ``file:line``.

For every translated (or fuzzy) entry:
- a tag in the translation that is not in its source (same name and attributes), or tags left unbalanced;
- a disallowed tag or attribute whatever the source says: ``<script>`` and friends, event handlers
  (``on*=``), ``style``, ``javascript:``-like URLs;
- placeholders that differ from the source: ``{name}`` (str.format) and ``%s`` / ``%(name)s`` (printf),
  or a malformed ``{`` ``}``. In help catalogs only the visible text is checked, not URLs in attributes.
Warnings (``file:line: warning: ...``): a tag, link or suit symbol the translation drops; in help catalogs
a number or card the source does not have (pofilter's ``numbers``), and in an erratum unit what the
correction removes (see :mod:`reussite.catalogs.facts`).
GNU ``msgfmt --check`` is run as well when it is installed.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

from babel.messages.catalog import Catalog as BabelCatalog
from babel.messages.catalog import Message

from reussite.catalogs.facts import find_errata, number_problems
from reussite.catalogs.ops import CatalogSpec, Report
from reussite.catalogs.po import mo_bytes, read_catalog, replace_file
from reussite.helpdocs.inline import url_is_safe
from reussite.helpdocs.units import INLINE_ALLOWED
from reussite.messages import placeholder_problems, plural_forms_problem

FORBIDDEN_TAGS = {"script", "style", "iframe", "object", "embed", "form", "input", "button", "link", "meta",
                  "base", "svg", "math", "template", "frame", "frameset", "applet", "textarea", "select"}
ALLOWED_ATTRS = {"a": {"href"}, "img": {"src", "alt"}}
TRANSLATED_ATTRS = {"alt"}  # words for the reader: the one attribute a translation changes
VOID = {"br", "img"}
_TAG = re.compile(r"<\s*(/?)\s*([a-zA-Z][\w:-]*)((?:[^<>\"']|\"[^\"]*\"|'[^']*')*)>")
_ATTR = re.compile(r"([^\s=/>]+)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s>]+))?")


def _tags(text: str) -> list[tuple[str, str, tuple[tuple[str, str], ...]]]:
    """(kind, name, attrs) for each tag: kind is "start", "end" or "void"."""
    out = []
    for m in _TAG.finditer(text):
        closing, name, rest = m.group(1), m.group(2).lower(), m.group(3)
        attrs = tuple((a.lower(), (v or "").strip("\"'")) for a, v in _ATTR.findall(rest.rstrip("/")))
        if closing:
            out.append(("end", name, ()))
        elif name in VOID or rest.rstrip().endswith("/"):
            out.append(("void", name, attrs))
        else:
            out.append(("start", name, attrs))
    return out


def _visible_text(text: str) -> str:
    return _TAG.sub(" ", text)


def _fixed(attrs: tuple[tuple[str, str], ...]) -> tuple[tuple[str, str], ...]:
    return tuple(a for a in attrs if a[0] not in TRANSLATED_ATTRS)


def markup_problems(source: str, translation: str) -> list[str]:
    problems = []
    src_tags = Counter((n, _fixed(a)) for k, n, a in _tags(source) if k != "end")
    stack: list[str] = []
    for kind, name, attrs in _tags(translation):
        if name in FORBIDDEN_TAGS:
            problems.append(f"disallowed tag <{name}>")
            continue
        if kind != "end":
            for attr, value in attrs:
                if attr.startswith("on"):
                    problems.append(f"disallowed event handler attribute {attr}= in <{name}>")
                elif attr in ("href", "src", "action", "formaction", "xlink:href") and not url_is_safe(value):
                    problems.append(f"disallowed URL {value[:40]!r} in <{name}>")
                elif attr not in ALLOWED_ATTRS.get(name, ()):
                    problems.append(f"disallowed attribute {attr}= in <{name}>")
            if name not in INLINE_ALLOWED:
                problems.append(f"disallowed tag <{name}> (allowed: {', '.join(f'<{t}>' for t in INLINE_ALLOWED)})")
            elif (name, _fixed(attrs)) not in src_tags:
                shown = "".join(f' {a}="{v}"' for a, v in attrs)
                problems.append(f"tag <{name}{shown}> is not in the source")
            if kind == "start":
                stack.append(name)
        else:
            if stack and stack[-1] == name:
                stack.pop()
            elif name in stack:
                problems.append(f"<{stack[-1]}> is not closed before </{name}>")
                while stack and stack[-1] != name:
                    stack.pop()
                stack.pop()
            else:
                problems.append(f"</{name}> closes nothing")
    problems.extend(f"<{name}> is never closed" for name in stack)
    return problems


def help_placeholder_problems(sources: list[str], translation: str, help_kind: bool) -> list[str]:
    # Placeholders only where the unit is formatted: a help unit never is (its "{" and "50 %" are text, and
    # its template carries no format flag for msgfmt either); an interface string is, as the runtime does.
    if help_kind:
        return []
    return placeholder_problems(sources, translation)


def message_problems(m: Message, help_kind: bool) -> list[str]:
    sources = [m.id] if isinstance(m.id, str) else list(m.id)
    strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
    problems = []
    for s in strings:
        if not s:
            continue
        for p in markup_problems(" ".join(sources), s):
            if p not in problems:
                problems.append(p)
        checks = help_placeholder_problems(sources, s, help_kind)
        problems.extend(p for p in checks if p not in problems)
    return problems


SUITS = "\u2660\u2665\u2666\u2663"


def dropped(source: str, translation: str) -> list[str]:
    """Warnings (not errors) for what a translation leaves out: a tag, a link, a suit symbol."""
    out = []
    src = Counter(n for k, n, _ in _tags(source) if k != "end" and n != "a")
    got = Counter(n for k, n, _ in _tags(translation) if k != "end" and n != "a")
    out += [f"drops <{n}>" + (f" ({c} of {src[n]})" if src[n] > 1 else "") for n, c in (src - got).items()]
    links = Counter(dict(a).get("href", "") for k, n, a in _tags(source) if k == "start" and n == "a")
    kept = Counter(dict(a).get("href", "") for k, n, a in _tags(translation) if k == "start" and n == "a")
    out += [f"drops the link to {href!r}" for href in links - kept]
    lost = {c: source.count(c) - translation.count(c) for c in SUITS if source.count(c) > translation.count(c)}
    out += [f"drops the suit symbol {c}" + (f" ({n} of {source.count(c)})" if source.count(c) > 1 else "")
            for c, n in lost.items()]
    return out


def message_warnings(m: Message) -> list[str]:
    sources = [m.id] if isinstance(m.id, str) else list(m.id)
    strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
    out: list[str] = []
    for s in strings:
        if s:
            out.extend(w for w in dropped(sources[-1] if len(strings) > 1 else sources[0], s) if w not in out)
    return out


def fact_warnings(m: Message, errata: dict, page_sources: dict[str | None, set[str]]) -> list[str]:
    """Numbers and cards a help translation changes, and what an erratum corrects that it still says. An
    erratum unit is compared with its correction, not with its faulty source."""
    strings = [m.string] if isinstance(m.string, str) else list(m.string or ())
    erratum = errata.get((m.context, m.id))
    out: list[str] = []
    for s in strings:
        if not s or not isinstance(m.id, str):
            continue
        if erratum is not None:
            others = page_sources.get(m.context, set()) - {m.id}
            found = erratum.kept_errors(s, others) + number_problems(erratum.corrected, s)
        else:
            found = number_problems(m.id, s)
        out.extend(w for w in found if w not in out)
    return out


_FACT_WARNING = re.compile(r": warning: (keeps what erratum|number |card )")


def header_problems(po: BabelCatalog, text: str) -> list[tuple[int, str]]:
    """(line, problem) for the header fields a command would trip on."""
    value = dict(po.mime_headers).get("Plural-Forms")
    problem = plural_forms_problem(value) if value is not None else None
    if problem is None:
        return []
    at = text.find('"Plural-Forms:')
    return [(text.count("\n", 0, at) + 1 if at >= 0 else 1, problem)]


def msgfmt_problems(path: Path) -> list[str]:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        return []
    proc = subprocess.run([msgfmt, "--check", "-o", "/dev/null", str(path)], capture_output=True, text=True)
    if proc.returncode == 0:
        return []
    return [f"msgfmt: {line}" for line in proc.stderr.strip().splitlines() if line.strip()] or [
        f"{path}: msgfmt --check failed"]


def check(specs: list[CatalogSpec], use_msgfmt: bool = True) -> Report:
    report = Report()
    for spec in specs:
        help_kind = spec.kind == "help"
        errata = find_errata(spec.po_files(), spec.rel, spec.source_langs()) if help_kind else {}
        for _lang, path in spec.po_files().items():
            po = read_catalog(path)
            page_sources: dict[str | None, set[str]] = {}
            for m in po:
                if m.id and isinstance(m.id, str):
                    page_sources.setdefault(m.context, set()).add(m.id)
            found = 0
            for line, p in header_problems(po, path.read_text(encoding="utf-8")):
                report.add(f"{path}:{line}: {p}", problem=True)
                found += 1
            for m in po:
                if not m.id:
                    continue
                for p in message_problems(m, spec.kind == "help"):
                    report.add(f"{path}:{m.lineno or 0}: {p}", problem=True)
                    found += 1
                for w in message_warnings(m) + (fact_warnings(m, errata, page_sources) if help_kind else []):
                    report.add(f"{path}:{m.lineno or 0}: warning: {w}")
            if use_msgfmt:
                for p in msgfmt_problems(path):
                    report.add(p, problem=True)
                    found += 1
            if not found:
                report.add(f"{path}: ok")
    return report


# -- compile ----------------------------------------------------------------------------------------

def compile_catalogs(specs: list[CatalogSpec]) -> Report:
    """Compile every catalog, or none: whatever ``check`` reports as an error (msgfmt's included) stops
    the compilation, as ``msgfmt --check`` does, so no command ever loads a broken catalog."""
    found = check(specs)
    if found.problems:
        found.lines = [line for line in found.lines if not line.endswith(": ok") and ": warning: " not in line]
        found.add(f"nothing compiled: {found.problems} error(s); fix them ('reussite i18n check' lists them)",
                  problem=True)
        return found
    # Compiled, but not unnoticed: a changed number or a rule an erratum corrects is said here too.
    report = Report([line for line in found.lines if ": warning: " in line and _FACT_WARNING.search(line)])
    plans = []
    for spec in specs:
        for _lang, path in spec.po_files().items():
            plans.append((path.with_suffix(".mo"), mo_bytes(read_catalog(path))))
    for mo, data in plans:
        changed = replace_file(mo, data)
        report.add(f"{mo}: {'compiled' if changed else 'up to date'}")
    return report
