"""Reading and writing .po/.pot/.mo files strictly: a broken file is one ``file:line: what`` error, and a
file is only ever replaced whole (written beside it, then renamed) after everything else succeeded.
"""

from __future__ import annotations

import io
import os
import re
import tempfile
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import PoFileError, normalize, read_po, unescape, write_po

from reussite.errors import UserError, decode_utf8

#: The format flags Babel guesses from a msgid; a file's own flags are kept instead (see read_catalog).
FORMAT_FLAGS = frozenset({"python-format", "python-brace-format"})
WIDTH = 76  # pybabel's default, so files written by either tool look the same

_STRING = r'"(?:[^"\\]|\\.)*"'
_KEYWORD_LINE = re.compile(rf'^(msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])\s+{_STRING}\s*$')
_CONTINUATION = re.compile(rf"^{_STRING}\s*$")
_KEYWORD = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\b")


class PoError(UserError):
    """A catalog file that cannot be read; the message starts with ``file:line:``."""


def _lex(text: str, name: str) -> tuple[dict[int, str], dict[int, set[str]]]:
    """Reject what Babel's lenient parser would silently skip or misread.

    Returns the previous msgids (``#| msgid``) by the line of the msgid they belong to (Babel writes them
    but does not read them back), and the flags (``#,``) each msgid's entry has in the file.
    """
    previous: dict[int, str] = {}
    flags: dict[int, set[str]] = {}
    pending: set[str] = set()
    prev_parts: list[str] = []
    prev_open = False
    seen: dict[tuple[str | None, str], int] = {}
    ctx: str | None = None
    msgid_line = 0
    last = None  # last keyword seen, for continuation lines
    for lineno, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if line.startswith("#,"):
            pending = {f.strip() for f in line[2:].split(",") if f.strip()}
            continue
        if obsolete:
            line = line[2:].strip()
        elif (line.startswith("#") and not line.startswith("#|")) or not line:
            continue
        if line.startswith("#|") or (obsolete and line.startswith("|")):
            body = line.lstrip("#|~ ").strip()
            if body.startswith("msgid "):
                prev_parts, prev_open = [body[6:].strip()], True
            elif body.startswith('"') and prev_open:
                prev_parts.append(body)
            else:
                prev_open = False
            continue
        prev_open = False
        if _KEYWORD_LINE.match(line):
            kw = _KEYWORD.match(line).group(1)
            if not obsolete:
                value = line.split(None, 1)[1]
                if kw == "msgctxt":
                    ctx = value
                elif kw == "msgid":
                    key = (ctx, value)
                    if key in seen and value != '""':
                        raise PoError(f"{name}:{lineno}: duplicate message (first defined on line {seen[key]})")
                    seen[key] = lineno
                    ctx, msgid_line = None, lineno
                    flags[lineno], pending = pending, set()
                    if prev_parts:
                        previous[lineno] = "".join(unescape(p) for p in prev_parts if _CONTINUATION.match(p))
                        prev_parts = []
                elif kw.startswith("msgstr") and not msgid_line:
                    raise PoError(f"{name}:{lineno}: {kw} without a msgid before it")
            last = kw
            continue
        if _CONTINUATION.match(line):
            if last is None:
                raise PoError(f"{name}:{lineno}: a string continuation line with no keyword before it")
            continue
        if _KEYWORD.match(line) or line.startswith('"'):
            raise PoError(f"{name}:{lineno}: badly quoted string: {raw.strip()[:60]!r}")
        raise PoError(f"{name}:{lineno}: not a PO line: {raw.strip()[:60]!r}")
    return previous, flags


def read_catalog(path: Path, name: str | None = None) -> Catalog:
    """Read a .po or .pot file strictly (UTF-8, well-formed lines, no duplicates)."""
    label = name or str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PoError(f"{label}: cannot read ({exc.strerror or exc})") from None
    text = decode_utf8(data, label, "catalogs must be saved as UTF-8", PoError)
    charset = re.search(r'"Content-Type:[^"]*charset=([\w-]+)', text)
    if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8", "charset"):
        line = text[: charset.start()].count("\n") + 1
        raise PoError(f"{label}:{line}: charset {charset.group(1)} is not supported; use UTF-8")
    previous, flags = _lex(text, label)
    try:
        catalog = read_po(io.StringIO(text), abort_invalid=True)
    except PoFileError as exc:
        raise PoError(f"{label}:{(exc.lineno or 0) + 1}: {exc}") from None
    except (ValueError, KeyError, IndexError) as exc:
        raise PoError(f"{label}: cannot parse the catalog ({exc})") from None
    catalog.extra_headers = _extra_headers(catalog, text)
    for m in (*catalog, *catalog.obsolete.values()):
        # Babel reads "#|" lines as translator comments and would write them back as "# |".
        m.user_comments = [c for c in m.user_comments if not c.startswith("|")]
        if m.lineno in previous:
            m.previous_id = [previous[m.lineno]]
        if m.lineno in flags:
            # Babel guesses these flags from any "%" or "{" in the msgid; the file says what the entry is.
            m.flags -= FORMAT_FLAGS - flags[m.lineno]
    return catalog


_HEADER = re.compile(r'^msgid ""[ \t]*\nmsgstr ((?:"(?:[^"\\]|\\.)*"[ \t]*(?:\n|\Z))+)', re.M)


def _extra_headers(catalog: Catalog, text: str) -> list[tuple[str, str]]:
    """The header fields Babel does not know and would drop on writing (Poedit's ``X-Generator``,
    ``X-Poedit-*``, a team's own ``X-`` fields), in their order."""
    m = _HEADER.search(text)
    if m is None:
        return []
    body = "".join(unescape(part) for part in re.findall(r'"(?:[^"\\]|\\.)*"', m.group(1)))
    known = {k.lower() for k, _ in catalog.mime_headers}
    out = []
    for line in body.split("\n"):
        name, sep, value = line.partition(":")
        if sep and name.strip() and name.strip().lower() not in known:
            out.append((name.strip(), value.strip()))
    return out


def _with_extra_headers(text: str, extra: list[tuple[str, str]]) -> str:
    m = _HEADER.search(text)
    if not extra or m is None:
        return text
    at = m.end(1)
    head = text[:at] if text[:at].endswith("\n") else text[:at] + "\n"
    lines = "".join('"' + f"{k}: {v}".replace("\\", "\\\\").replace('"', '\\"') + '\\n"\n' for k, v in extra)
    return head + lines + text[at:]


def po_bytes(catalog: Catalog) -> bytes:
    # Babel wraps a long "#| msgid" as one comment, cutting its strings; write those lines the GNU way.
    previous: dict[str, str] = {}
    touched = []
    for i, m in enumerate(catalog):
        if m.previous_id:
            token = f"reussite-previous-{i}"
            previous[token] = m.previous_id[0]
            touched.append((m, m.previous_id))
            m.previous_id = [token]
    buf = io.BytesIO()
    try:
        write_po(buf, catalog, width=WIDTH, include_previous=True, sort_output=False, include_lineno=False)
    finally:
        for m, prev in touched:
            m.previous_id = prev
    text = _with_extra_headers(buf.getvalue().decode("utf-8"), getattr(catalog, "extra_headers", []))
    for token, prev in previous.items():
        # Wrapped like a msgid of the same text (Babel's own prefix wrapping miscounts the width).
        lines = normalize(prev, width=WIDTH).split("\n")
        block = "\n".join([f"#| msgid {lines[0]}"] + [f"#| {ln}" for ln in lines[1:]])
        text = text.replace(f'#| msgid "{token}"', block)
    return text.encode("utf-8")


def mo_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    return buf.getvalue()


def replace_file(path: Path, data: bytes) -> bool:
    """Write ``data`` to ``path`` atomically; return False (and touch nothing) if it already holds it."""
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fp:
            fp.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return True
