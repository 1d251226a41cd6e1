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
from babel.messages.pofile import PoFileError, read_po, write_po

from reussite.errors import UserError

WIDTH = 76  # pybabel's default, so files written by either tool look the same

_STRING = r'"(?:[^"\\]|\\.)*"'
_KEYWORD_LINE = re.compile(rf'^(msgctxt|msgid|msgid_plural|msgstr|msgstr\[\d+\])\s+{_STRING}\s*$')
_CONTINUATION = re.compile(rf"^{_STRING}\s*$")
_KEYWORD = re.compile(r"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\b")


class PoError(UserError):
    """A catalog file that cannot be read; the message starts with ``file:line:``."""


def _lex(text: str, name: str) -> None:
    """Reject what Babel's lenient parser would silently skip or misread."""
    seen: dict[tuple[str | None, str], int] = {}
    ctx: str | None = None
    msgid_line = 0
    last = None  # last keyword seen, for continuation lines
    for lineno, raw in enumerate(text.split("\n"), 1):
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        elif line.startswith("#") or not line:
            continue
        if line.startswith("#|") or (obsolete and line.startswith("|")):
            continue
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


def read_catalog(path: Path, name: str | None = None) -> Catalog:
    """Read a .po or .pot file strictly (UTF-8, well-formed lines, no duplicates)."""
    label = name or str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PoError(f"{label}: cannot read ({exc.strerror or exc})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise PoError(f"{label}:{line}: not valid UTF-8 (byte 0x{data[exc.start]:02x}); "
                      "catalogs must be saved as UTF-8") from None
    charset = re.search(r'"Content-Type:[^"]*charset=([\w-]+)', text)
    if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8", "charset"):
        line = text[: charset.start()].count("\n") + 1
        raise PoError(f"{label}:{line}: charset {charset.group(1)} is not supported; use UTF-8")
    _lex(text, label)
    try:
        return read_po(io.StringIO(text), abort_invalid=True)
    except PoFileError as exc:
        raise PoError(f"{label}:{(exc.lineno or 0) + 1}: {exc}") from None
    except (ValueError, KeyError, IndexError) as exc:
        raise PoError(f"{label}: cannot parse the catalog ({exc})") from None


def po_bytes(catalog: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, catalog, width=WIDTH, include_previous=True, sort_output=False)
    return buf.getvalue()


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
