"""Cutting a rule page (old HTML or DocBook) into translation units and a block skeleton.

A unit is one heading, paragraph, list item or table cell whose content is inline only. Its text is an HTML
fragment keeping a small allowlist of inline tags (``<b> <i> <em> <a href> <br>``); suit images become the
glyphs ♠ ♥ ♦ ♣ and ASCII white space is collapsed (U+00A0 is kept: it is French typography). The skeleton
(headings, paragraphs, lists, tables) is what the renderers fill with translated units.

Pages are parsed with BeautifulSoup: ``lxml`` for HTML (it closes the old pages' unclosed ``<p>`` the way a
browser does, where ``html.parser`` nests them) and ``lxml-xml`` for DocBook. Line numbers come from a
tokenizing pre-scan, which also rejects what a person could get wrong (bad encoding, unbalanced or unknown
tags) with ``file:line: what`` instead of a silently repaired tree.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

from bs4 import BeautifulSoup, CData, Comment, NavigableString, Tag
from lxml import etree

from reussite.errors import UserError, decode_utf8

INLINE_ALLOWED = ("b", "i", "em", "a", "br")
SUIT_GLYPHS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
_SUIT_SRC = re.compile(r"(?:^|/)([shdc])\.gif$")
_ASCII_WS = re.compile(r"[ \t\n\r\f\v]+")

# -- element tables ---------------------------------------------------------------------------------

HTML_HEADINGS = {f"h{n}": n for n in range(1, 7)}
HTML_TRANSPARENT = {"html", "body", "div", "section", "article", "thead", "tbody", "tfoot", "center"}
HTML_SKIP = {"head", "script", "style"}
HTML_INLINE = {"b", "strong", "i", "em", "a", "br", "img", "span", "font", "u", "tt", "code", "small", "big",
               "sup", "sub"}
HTML_BLOCK = {"p", "ul", "ol", "li", "table", "tr", "td", "th", "caption", *HTML_HEADINGS}
HTML_KNOWN = HTML_TRANSPARENT | HTML_SKIP | HTML_INLINE | HTML_BLOCK | {"title", "meta", "link"}
# End tags that HTML lets an author leave out; every other non-void tag must be closed.
HTML_OPTIONAL_END = {"p", "li", "td", "th", "tr", "thead", "tbody", "tfoot", "html", "head", "body", "caption"}
HTML_VOID = {"br", "img", "meta", "link", "hr"}

DB_SECTIONS = {"sect1": 1, "sect2": 2, "sect3": 3, "sect4": 4, "sect5": 5, "section": 0, "article": 0,
               "chapter": 0, "refentry": 0, "refsect1": 2, "refsect2": 3}
DB_TRANSPARENT = {"informaltable", "table", "tgroup", "thead", "tbody"}
DB_SKIP = {"sect1info", "sect2info", "sectioninfo", "articleinfo", "chapterinfo", "colspec", "spanspec",
           "indexterm", "remark"}
DB_INLINE = {"emphasis", "ulink", "link", "literal", "command", "guilabel", "guibutton", "guimenu",
             "guimenuitem", "keycap", "mousebutton", "application", "filename", "replaceable", "quote",
             "citetitle", "firstterm", "trademark", "productname", "acronym", "abbrev", "phrase"}
DB_KNOWN = set(DB_SECTIONS) | DB_TRANSPARENT | DB_SKIP | DB_INLINE | {
    "title", "para", "simpara", "itemizedlist", "orderedlist", "listitem", "row", "entry"}


class PageError(UserError):
    """A help page that cannot be cut into units; the message starts with ``file:line:``."""


@dataclass(frozen=True)
class Unit:
    """One translation unit: msgctxt = ``page_id``, msgid = ``text``, ``#.`` = ``path``, ``#:`` = ``line``."""

    page_id: str
    text: str
    path: str
    line: int


@dataclass
class Block:
    """A node of the page skeleton.

    ``kind`` is heading (``level`` 1-6), para, list (``level`` 1 if ordered), item, table, row or cell
    (``level`` 1 for a header cell). A leaf carries a ``unit``; item and cell may instead hold child blocks.
    """

    kind: str
    level: int = 0
    unit: Unit | None = None
    children: list[Block] = field(default_factory=list)


@dataclass
class Document:
    page_id: str
    source: str
    format: str
    blocks: list[Block]

    @property
    def units(self) -> list[Unit]:
        out: list[Unit] = []

        def walk(blocks: list[Block]) -> None:
            for b in blocks:
                if b.unit is not None:
                    out.append(b.unit)
                walk(b.children)

        walk(self.blocks)
        return out


# -- reading ------------------------------------------------------------------------------------------

def decode_page(data: bytes, name: str) -> str:
    """The page's text; a clear error for bad UTF-8 (with its line) or an empty page."""
    text = decode_utf8(data, name, "save the page as UTF-8", PageError)
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise PageError(f"{name}:1: the page is empty")
    return text


class _HtmlScan(HTMLParser):
    """Pre-scan of an HTML page: the line of every start tag, and balance of the tags that must close."""

    def __init__(self, name: str) -> None:
        super().__init__(convert_charrefs=True)
        self.name = name
        self.lines: dict[str, list[int]] = {}
        self.stack: list[tuple[str, int]] = []

    def fail(self, line: int, what: str) -> None:
        raise PageError(f"{self.name}:{line}: {what}")

    def handle_starttag(self, tag: str, attrs) -> None:
        line = self.getpos()[0]
        if tag not in HTML_KNOWN:
            self.fail(line, f"unknown element <{tag}> (help pages use headings, paragraphs, lists, tables "
                            f"and the inline tags {', '.join(sorted(HTML_INLINE))})")
        self.lines.setdefault(tag, []).append(line)
        if tag not in HTML_VOID and tag not in HTML_OPTIONAL_END:
            self.stack.append((tag, line))

    def handle_startendtag(self, tag: str, attrs) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in HTML_VOID and tag not in HTML_OPTIONAL_END:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        line = self.getpos()[0]
        if tag in HTML_VOID or tag in HTML_OPTIONAL_END:
            return
        if not self.stack:
            self.fail(line, f"</{tag}> closes nothing")
        open_tag, open_line = self.stack[-1]
        if open_tag != tag:
            if any(t == tag for t, _ in self.stack):
                self.fail(open_line, f"<{open_tag}> is not closed before </{tag}> on line {line}")
            self.fail(line, f"</{tag}> closes nothing (the open element is <{open_tag}> from line {open_line})")
        self.stack.pop()

    def finish(self) -> None:
        self.close()
        if self.stack:
            tag, line = self.stack[-1]
            self.fail(line, f"<{tag}> is never closed")


def _norm(text: str) -> str:
    return _ASCII_WS.sub(" ", text).strip()


def _path_step(el: Tag) -> str:
    parent = el.parent
    name = el.name
    if parent is None:
        return name
    same = [c for c in parent.children if isinstance(c, Tag) and c.name == name]
    return f"{name}[{same.index(el) + 1}]" if len(same) > 1 else name


class _Cutter:
    """Walks a parsed page and builds the skeleton; format-specific tables say what each element is."""

    def __init__(self, page_id: str, name: str, fmt: str, lines: dict[int, int]) -> None:
        self.page_id, self.name, self.fmt, self.lines = page_id, name, fmt, lines

    def line_of(self, el: Tag) -> int:
        return self.lines.get(id(el), 1)

    def fail(self, el: Tag, what: str) -> None:
        raise PageError(f"{self.name}:{self.line_of(el)}: {what}")

    # inline content -> allowlisted HTML fragment
    def inline(self, el: Tag) -> str:
        parts: list[str] = []
        for child in el.children:
            if isinstance(child, Comment):
                continue
            if isinstance(child, NavigableString):
                if type(child) in (NavigableString, CData):
                    parts.append(html.escape(str(child), quote=False))
                continue
            parts.append(self.inline_tag(child))
        return "".join(parts)

    def inline_tag(self, el: Tag) -> str:
        name = el.name
        if self.fmt == "html":
            if name in ("b", "strong"):
                return f"<b>{self.inline(el)}</b>"
            if name in ("i", "em"):
                return f"<{name}>{self.inline(el)}</{name}>"
            if name == "a":
                href = self.safe_url(el, el.get("href"))
                inner = self.inline(el)
                return f'<a href="{html.escape(href)}">{inner}</a>' if href else inner
            if name == "br":
                return "<br>"
            if name == "img":
                src = el.get("src", "")
                m = _SUIT_SRC.search(src)
                if not m:
                    self.fail(el, f"image {src!r} is not a suit image (s.gif, h.gif, d.gif, c.gif)")
                return SUIT_GLYPHS[m.group(1)]
            if name in HTML_INLINE:
                return self.inline(el)
        else:
            if name == "emphasis":
                tag = "b" if el.get("role") in ("bold", "strong") else "em"
                return f"<{tag}>{self.inline(el)}</{tag}>"
            if name == "ulink" and el.get("url"):
                return f'<a href="{html.escape(self.safe_url(el, el["url"]))}">{self.inline(el)}</a>'
            if name in DB_INLINE:
                return self.inline(el)
            if name in DB_SKIP:
                return ""
        self.fail(el, f"<{name}> is not allowed inside a paragraph, heading, list item or table cell")
        return ""

    def safe_url(self, el: Tag, url: str | None) -> str | None:
        from reussite.helpdocs.inline import url_is_safe

        if url and not url_is_safe(url):
            self.fail(el, f"unsafe link {url[:40]!r} (only http, https, mailto and relative links)")
        return url

    def unit(self, el: Tag, path: str) -> Unit | None:
        text = _norm(self.inline(el))
        return Unit(self.page_id, text, path, self.line_of(el)) if text else None

    def has_blocks(self, el: Tag) -> bool:
        inline = HTML_INLINE if self.fmt == "html" else DB_INLINE | DB_SKIP
        known = HTML_KNOWN if self.fmt == "html" else DB_KNOWN
        for c in el.children:
            if isinstance(c, Tag) and c.name not in known:
                self.fail(c, f"unknown element <{c.name}>")
        return any(isinstance(c, Tag) and c.name not in inline for c in el.children)

    def leaf_or_container(self, kind: str, el: Tag, path: str, level: int = 0) -> Block | None:
        if self.has_blocks(el):
            for c in el.children:
                if isinstance(c, NavigableString) and not isinstance(c, Comment) and c.strip():
                    self.fail(el, f"<{el.name}> mixes text with block elements")
            return Block(kind, level, None, self.blocks(el, path))
        u = self.unit(el, path)
        if u is None and kind not in ("cell", "item"):
            return None
        return Block(kind, level, u)

    def blocks(self, parent: Tag, path: str, depth: int = 0) -> list[Block]:
        out: list[Block] = []
        for el in parent.children:
            if isinstance(el, NavigableString):
                if type(el) is NavigableString and el.strip():
                    self.fail(parent, f"text outside any paragraph: {_norm(el)[:40]!r}")
                continue
            if not isinstance(el, Tag):
                continue
            here = f"{path}/{_path_step(el)}"
            b = self.html_block(el, here, depth) if self.fmt == "html" else self.docbook_block(el, here, depth)
            out.extend(b)
        return out

    def html_block(self, el: Tag, path: str, depth: int) -> list[Block]:
        name = el.name
        if name in HTML_SKIP or name in ("title", "meta", "link"):
            return []
        if name in HTML_TRANSPARENT:
            return self.blocks(el, path, depth)
        if name in HTML_HEADINGS:
            b = self.leaf_or_container("heading", el, path, HTML_HEADINGS[name])
        elif name in ("p", "caption"):
            b = self.leaf_or_container("para", el, path)
        elif name in ("ul", "ol"):
            b = Block("list", 1 if name == "ol" else 0, None, self.blocks(el, path, depth))
        elif name == "li":
            b = self.leaf_or_container("item", el, path)
        elif name == "table":
            b = Block("table", 0, None, self.blocks(el, path, depth))
        elif name == "tr":
            b = Block("row", 0, None, self.blocks(el, path, depth))
        elif name in ("td", "th"):
            b = self.leaf_or_container("cell", el, path, 1 if name == "th" else 0)
        else:
            # Inline content straight in the body (lxml normally wraps it in <p>): a paragraph of its own.
            u = Unit(self.page_id, _norm(self.inline_tag(el)), path, self.line_of(el))
            return [Block("para", 0, u)] if u.text else []
        return [b] if b is not None else []

    def docbook_block(self, el: Tag, path: str, depth: int) -> list[Block]:
        name = el.name
        if name not in DB_KNOWN:
            self.fail(el, f"unknown DocBook element <{name}>")
        if name in DB_SKIP:
            return []
        if name in DB_SECTIONS:
            level = DB_SECTIONS[name] or depth + 1
            return self.blocks(el, path, level)
        if name in ("informaltable", "table", "tgroup"):
            if name == "tgroup":
                return [Block("table", 0, None, self.blocks(el, path, depth))]
            return self.blocks(el, path, depth)
        if name in ("thead", "tbody"):
            rows = self.blocks(el, path, depth)
            if name == "thead":
                for r in rows:
                    for c in r.children:
                        c.level = 1
            return rows
        if name == "title":
            b = self.leaf_or_container("heading", el, path, min(max(depth, 1), 6))
        elif name in ("para", "simpara"):
            b = self.leaf_or_container("para", el, path)
        elif name in ("itemizedlist", "orderedlist"):
            b = Block("list", 1 if name == "orderedlist" else 0, None, self.blocks(el, path, depth))
        elif name == "listitem":
            b = self.leaf_or_container("item", el, path)
        elif name == "row":
            b = Block("row", 0, None, self.blocks(el, path, depth))
        elif name == "entry":
            b = self.leaf_or_container("cell", el, path)
        else:
            self.fail(el, f"<{name}> must be inside a paragraph")
            return []
        return [b] if b is not None else []


def _html_lines(text: str, name: str) -> dict[str, list[int]]:
    scan = _HtmlScan(name)
    try:
        scan.feed(text)
        scan.finish()
    except PageError:
        raise
    except Exception as exc:  # HTMLParser is lenient, but be sure a person never sees a traceback
        raise PageError(f"{name}:{scan.getpos()[0]}: cannot read the HTML ({exc})") from None
    return scan.lines


def parse_html(text: str, page_id: str, name: str) -> Document:
    by_tag = _html_lines(text, name)
    soup = BeautifulSoup(text, "lxml")
    seen: dict[str, int] = {}
    lines: dict[int, int] = {}
    for el in soup.find_all(True):
        k = seen.get(el.name, 0)
        found = by_tag.get(el.name, [])
        if k < len(found):
            lines[id(el)] = found[k]
            seen[el.name] = k + 1
    cutter = _Cutter(page_id, name, "html", lines)
    return Document(page_id, name, "html", cutter.blocks(soup, ""))


_XML_PARSER_ARGS = {"resolve_entities": False, "load_dtd": False, "no_network": True, "huge_tree": False}


def parse_docbook(data: bytes, page_id: str, name: str) -> Document:
    try:
        root = etree.fromstring(data, etree.XMLParser(**_XML_PARSER_ARGS))
    except etree.XMLSyntaxError as exc:
        line = exc.lineno or 1
        msg = re.sub(r", line \d+, column \d+$", "", str(exc.msg))
        raise PageError(f"{name}:{line}: not well-formed XML: {msg}") from None
    for el in root.iter():
        if isinstance(el.tag, str) and "}" in el.tag:
            raise PageError(f"{name}:{el.sourceline}: unexpected XML namespace in <{el.tag}>")
    src_lines = [el.sourceline or 1 for el in root.iter() if isinstance(el.tag, str)]
    soup = BeautifulSoup(data, "lxml-xml")
    elements = soup.find_all(True)
    lines = {id(el): line for el, line in zip(elements, src_lines, strict=False)}
    top = elements[0] if elements else None
    if top is None:
        raise PageError(f"{name}:1: the page has no DocBook element")
    cutter = _Cutter(page_id, name, "docbook", lines)
    if top.name not in DB_KNOWN:
        cutter.fail(top, f"unknown DocBook element <{top.name}>")
    return Document(page_id, name, "docbook", cutter.docbook_block(top, "/" + top.name, 0))


def parse_page(data: bytes, fmt: str, page_id: str, name: str) -> Document:
    """Cut a page's bytes into a :class:`Document`. ``name`` is how errors refer to the file."""
    text = decode_page(data, name)
    if fmt == "html":
        doc = parse_html(text, page_id, name)
    elif fmt == "docbook":
        doc = parse_docbook(text.encode("utf-8"), page_id, name)
    else:
        raise PageError(f"{name}: unknown help format {fmt!r} (expected html or docbook)")
    if not doc.units:
        raise PageError(f"{name}:1: the page has no text to translate")
    return doc


def format_for(path: str | Path) -> str:
    return "docbook" if str(path).endswith((".xml", ".docbook")) else "html"


def read_page(path, fmt: str, page_id: str, name: str | None = None) -> Document:
    """Read and cut a page given as a path or an importlib.resources traversable."""
    label = name or str(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise PageError(f"{label}: cannot read the page ({exc.strerror or exc})") from None
    return parse_page(data, fmt, page_id, label)
