"""Cutting a rule page (old HTML or DocBook) into translation units and a block skeleton.

A unit is one heading, paragraph, list item, term, definition, table cell or preformatted block, or a run of
text that stands outside any of those (straight in the body, or beside a nested list in a list item). Its
text is an HTML fragment keeping a small allowlist of inline tags (``<b> <i> <em> <a href> <br> <img>``);
suit images become the glyphs ♠ ♥ ♦ ♣ and ASCII white space is collapsed (U+00A0 is kept: it is French
typography), except in a preformatted block, which is kept verbatim. The skeleton (headings, paragraphs,
lists, tables...) is what the renderers fill with translated units.

Both formats are read by one streaming pass that builds a small tree with the line of every element and
every piece of text: HTML with the standard library's tokenizer plus the end tags that HTML lets an author
leave out (an open ``<p>`` ends at the next block, a ``<li>`` at the next ``<li>``, as a browser does), and
DocBook with expat. What a person could get wrong (bad encoding, unknown or unclosed tags, nesting deeper
than :data:`MAX_DEPTH`) is refused with ``file:line: what`` instead of a silently repaired tree. Every step
is linear in the size of the page and none recurses deeper than the page's (bounded) nesting.
"""

from __future__ import annotations

import html
import re
import xml.parsers.expat
from collections import Counter
from dataclasses import dataclass, field
from html.entities import html5 as _HTML5_ENTITIES
from html.parser import HTMLParser
from pathlib import Path

from reussite.errors import UserError, decode_utf8
from reussite.helpdocs.inline import is_local_src, url_is_safe

INLINE_ALLOWED = ("b", "i", "em", "a", "br", "img")
SUIT_GLYPHS = {"s": "\u2660", "h": "\u2665", "d": "\u2666", "c": "\u2663"}
_SUIT_SRC = re.compile(r"(?:^|/)([shdc])\.gif$")
_ASCII_WS = re.compile(r"[ \t\n\r\f\v]+")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f-\x9f]")
# Deeper pages are refused: the tree walks recurse once per level, and no real page comes near this.
MAX_DEPTH = 100

# -- element tables ---------------------------------------------------------------------------------

HTML_HEADINGS = {f"h{n}": n for n in range(1, 7)}
HTML_TRANSPARENT = {"html", "body", "div", "section", "article", "thead", "tbody", "tfoot", "center"}
HTML_SKIP = {"head", "script", "style", "title", "meta", "link"}
HTML_INLINE = {"b", "strong", "i", "em", "a", "br", "img", "span", "font", "u", "tt", "code", "small", "big",
               "sup", "sub"}
HTML_BLOCK = {"p", "ul", "ol", "li", "table", "tr", "td", "th", "caption", "pre", "dl", "dt", "dd", "hr",
              *HTML_HEADINGS}
HTML_KNOWN = HTML_TRANSPARENT | HTML_SKIP | HTML_INLINE | HTML_BLOCK
# End tags that HTML lets an author leave out; every other non-void tag must be closed.
HTML_OPTIONAL_END = {"p", "li", "dt", "dd", "td", "th", "tr", "thead", "tbody", "tfoot", "html", "head", "body",
                     "caption"}
HTML_VOID = {"br", "img", "meta", "link", "hr"}
# A start tag of these ends an open <p> (as in a browser); the second set bounds that search.
_CLOSES_P = {"p", "ul", "ol", "table", "pre", "dl", "hr", "div", "section", "article", "center", *HTML_HEADINGS}
_P_SCOPE = {"li", "dt", "dd", "td", "th", "caption", "table", "body", "html"}
# start tag -> (open elements it ends, elements that bound the search)
_IMPLIED_END = {
    "li": ({"li"}, {"ul", "ol", "table", "td", "th", "body"}),
    "dt": ({"dt", "dd"}, {"dl", "table", "td", "th", "body"}),
    "dd": ({"dt", "dd"}, {"dl", "table", "td", "th", "body"}),
    "td": ({"td", "th"}, {"tr", "table"}),
    "th": ({"td", "th"}, {"tr", "table"}),
    "tr": ({"tr", "td", "th"}, {"table", "thead", "tbody", "tfoot"}),
    "thead": ({"tr", "td", "th", "thead", "tbody", "tfoot"}, {"table"}),
    "tbody": ({"tr", "td", "th", "thead", "tbody", "tfoot"}, {"table"}),
    "tfoot": ({"tr", "td", "th", "thead", "tbody", "tfoot"}, {"table"}),
}

# Elements that have a place only inside these parents (a row outside a table could not be rendered).
HTML_PARENTS = {"tr": {"table", "thead", "tbody", "tfoot"}, "td": {"tr"}, "th": {"tr"}, "caption": {"table"},
                "thead": {"table"}, "tbody": {"table"}, "tfoot": {"table"}, "li": {"ul", "ol"}, "dt": {"dl"},
                "dd": {"dl"}}

DB_SECTIONS = {"sect1": 1, "sect2": 2, "sect3": 3, "sect4": 4, "sect5": 5, "section": 0, "article": 0,
               "chapter": 0, "refentry": 0, "refsect1": 2, "refsect2": 3}
DB_TRANSPARENT = {"informaltable", "table", "tgroup", "thead", "tbody", "varlistentry"}
DB_SKIP = {"sect1info", "sect2info", "sectioninfo", "articleinfo", "chapterinfo", "colspec", "spanspec",
           "indexterm", "remark"}
DB_INLINE = {"emphasis", "ulink", "link", "literal", "command", "guilabel", "guibutton", "guimenu",
             "guimenuitem", "keycap", "mousebutton", "application", "filename", "replaceable", "quote",
             "citetitle", "firstterm", "trademark", "productname", "acronym", "abbrev", "phrase", "menuchoice",
             "keycombo", "superscript", "subscript", "email", "userinput", "systemitem", "option",
             "computeroutput", "wordasword", "foreignphrase", "citation", "symbol", "interface",
             "inlinemediaobject"}
# Blocks that only group others (a note's title is a heading one level down); a legal notice is read as
# itstool reads it, its paragraphs translated like any other.
DB_GROUPS = {"note", "tip", "important", "warning", "caution", "blockquote", "legalnotice"}
# A picture and its words (itstool translates a screenshot's text object): one unit, an <img> whose alt is
# the text object, or that text alone when the picture is not a file beside the page.
DB_MEDIA = {"screenshot", "figure", "informalfigure", "mediaobject"}
# Links into GNOME's help browser (Yelp) lead nowhere in a web page: their text is kept, the link dropped.
HELP_BROWSER_SCHEMES = ("ghelp:", "help:", "man:", "info:")
DB_VERBATIM = {"programlisting", "screen", "literallayout", "synopsis"}
DB_KNOWN = set(DB_SECTIONS) | DB_TRANSPARENT | DB_SKIP | DB_INLINE | DB_VERBATIM | DB_GROUPS | DB_MEDIA | {
    "title", "para", "simpara", "itemizedlist", "orderedlist", "listitem", "row", "entry", "variablelist",
    "term"}


DB_PARENTS = {"row": {"thead", "tbody"}, "entry": {"row"}, "thead": {"tgroup"}, "tbody": {"tgroup"},
              "tgroup": {"table", "informaltable"}, "varlistentry": {"variablelist"}, "term": {"varlistentry"},
              "listitem": {"itemizedlist", "orderedlist", "varlistentry"}}


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

    ``kind`` is heading (``level`` 1-6), para, text (a run of text beside blocks inside an item, cell, term
    or definition: no element of its own), pre, rule, list (``level`` 1 if ordered), item, dlist, term, def,
    table, row or cell (``level`` 1 for a header cell). A leaf carries a ``unit``; item, term, def and cell
    may instead hold child blocks.
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
    #: What was repaired on reading, ``file:line: what`` each (an inline tag never closed).
    warnings: list[str] = field(default_factory=list)

    @property
    def units(self) -> list[Unit]:
        out: list[Unit] = []
        stack = [iter(self.blocks)]
        while stack:  # iterative: the skeleton of a deep page must not cost a recursion level per level
            b = next(stack[-1], None)
            if b is None:
                stack.pop()
                continue
            if b.unit is not None:
                out.append(b.unit)
            if b.children:
                stack.append(iter(b.children))
        return out


# -- the tree both formats are read into ------------------------------------------------------------

class Text:
    """A piece of text and the line of its first character; pieces reported apart are joined once, on use,
    so a long text read in many pieces costs linear time."""

    __slots__ = ("parts", "line")

    def __init__(self, value: str, line: int) -> None:
        self.parts, self.line = [value], line

    def add(self, more: str) -> None:
        self.parts.append(more)

    @property
    def value(self) -> str:
        if len(self.parts) > 1:
            self.parts[:] = ["".join(self.parts)]
        return self.parts[0]


@dataclass(eq=False)
class Node:
    name: str
    attrs: dict[str, str | None]
    line: int
    children: list = field(default_factory=list)  # Node | Text


def _text_line(t: Text) -> int:
    """The line of the first visible character of ``t``."""
    stripped = t.value.lstrip()
    return t.line + t.value[: len(t.value) - len(stripped)].count("\n")


# -- reading ------------------------------------------------------------------------------------------

def decode_page(data: bytes, name: str) -> str:
    """The page's text; a clear error for bad UTF-8 (with its line) or an empty page."""
    text = decode_utf8(data, name, "save the page as UTF-8", PageError)
    if text.startswith("\ufeff"):
        text = text[1:]
    if not text.strip():
        raise PageError(f"{name}:1: the page is empty")
    # Line breaks as HTML and XML parsers see them; a preformatted block keeps no stray CR.
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    bad = _CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise PageError(f"{name}:{line}: control character U+{ord(bad.group()):04X} in the page")
    return text


def _too_deep(name: str, line: int, tag: str) -> PageError:
    return PageError(f"{name}:{line}: <{tag}> is nested more than {MAX_DEPTH} elements deep "
                     "(a help page needs only a few levels)")


class _HtmlTree(HTMLParser):
    """HTML page -> :class:`Node` tree rooted at ``<html>``/``<body>`` (made up when the page has none)."""

    def __init__(self, name: str) -> None:
        super().__init__(convert_charrefs=True)
        self.name = name
        self.html = Node("html", {}, 1)
        self.head = Node("head", {}, 1)
        self.body = Node("body", {}, 1)
        self.html.children = [self.head, self.body]
        self.in_body = False
        self.stack: list[Node] = [self.body]  # open elements below <body>
        self.warnings: list[str] = []

    def fail(self, line: int, what: str) -> None:
        raise PageError(f"{self.name}:{line}: {what}")

    def _left_open(self, el: Node, where: str) -> None:
        """An element left open where it must end: an inline one (``<i>`` never closed, as on a real French
        page) is closed there, as browsers and BeautifulSoup close it, keeping all its text; a block one is
        an error (its end is the page's structure, which no guess should decide)."""
        if el.name in HTML_INLINE:
            self.warnings.append(f"{self.name}:{el.line}: warning: <{el.name}> is never closed; "
                                 f"closed {where}, as a browser does")
        else:
            self.fail(el.line, f"<{el.name}> is {'never closed' if where == 'at the end' else 'not closed ' + where}")

    def _pop_to(self, index: int, line: int, why: str) -> None:
        """Close the open elements from ``index`` up; one whose end tag may not be left out is an error."""
        for el in self.stack[index + 1:]:
            if el.name not in HTML_OPTIONAL_END:
                self._left_open(el, f"before {why} on line {line}")
        del self.stack[index:]

    def _find(self, names: set[str], bounds: set[str]) -> int | None:
        for i in range(len(self.stack) - 1, 0, -1):
            tag = self.stack[i].name
            if tag in names:
                return i
            if tag in bounds:
                return None
        return None

    def handle_starttag(self, tag: str, attrs) -> None:
        line = self.getpos()[0]
        if tag not in HTML_KNOWN:
            self.fail(line, f"unknown element <{tag}> (help pages use headings, paragraphs, lists, tables "
                            f"and the inline tags {', '.join(sorted(HTML_INLINE))})")
        if tag in ("html", "body", "head"):
            return  # always there; their tags only say so
        el = Node(tag, dict(attrs), line)
        if tag in HTML_SKIP and not self.in_body:
            self.head.children.append(el)
            if tag not in HTML_VOID:
                self.stack.append(el)
            return
        self.in_body = True
        if tag in _CLOSES_P:
            i = self._find({"p"}, _P_SCOPE)
            if i is not None:
                self._pop_to(i, line, f"<{tag}>")
        if tag == "a":  # no link inside a link: a browser closes the open one first
            i = self._find({"a"}, _P_SCOPE | _CLOSES_P)
            if i is not None:
                self._left_open(self.stack[i], f"before <a> on line {line}")
                self._pop_to(i, line, "<a>")
        implied = _IMPLIED_END.get(tag)
        if implied:
            i = self._find(*implied)
            if i is not None:
                self._pop_to(i, line, f"<{tag}>")
        if len(self.stack) > MAX_DEPTH:
            raise _too_deep(self.name, line, tag)
        self.stack[-1].children.append(el)
        if tag not in HTML_VOID:
            self.stack.append(el)

    def handle_startendtag(self, tag: str, attrs) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in HTML_VOID and tag not in ("html", "body", "head"):
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        line = self.getpos()[0]
        if tag in HTML_VOID or tag in ("html", "body", "head"):
            return
        for i in range(len(self.stack) - 1, 0, -1):
            if self.stack[i].name == tag:
                self._pop_to(i, line, f"</{tag}>")
                return
        # An end tag that closes nothing is ignored, as a browser does: no text is lost.

    def handle_data(self, data: str) -> None:
        top = self.stack[-1]
        if not self.in_body and (top is self.body and not data.strip()):
            return
        if top is self.body:
            self.in_body = True
        kids = top.children
        if kids and isinstance(kids[-1], Text):
            kids[-1].add(data)
        else:
            kids.append(Text(data, self.getpos()[0]))

    def finish(self) -> Node:
        self.close()
        for el in self.stack[1:]:
            if el.name not in HTML_OPTIONAL_END:
                self._left_open(el, "at the end")
        return self.html


def _html_tree(text: str, name: str, warnings: list[str] | None = None) -> Node:
    tree = _HtmlTree(name)
    if warnings is not None:
        tree.warnings = warnings
    try:
        tree.feed(text)
        return tree.finish()
    except PageError:
        raise
    except Exception as exc:  # HTMLParser is lenient, but be sure a person never sees a traceback
        raise PageError(f"{name}:{tree.getpos()[0]}: cannot read the HTML ({exc})") from None


def _docbook_tree(data: bytes, name: str) -> Node:
    root = Node("#document", {}, 1)
    stack = [root]
    p = xml.parsers.expat.ParserCreate()  # unbuffered: each piece of text is reported with its own line

    def fail(what: str) -> None:
        raise PageError(f"{name}:{p.CurrentLineNumber}: {what}")

    def start(tag: str, attrs: dict) -> None:
        if ":" in tag or any(a == "xmlns" or a.startswith("xmlns:") for a in attrs):
            fail(f"unexpected XML namespace in <{tag}>")
        if len(stack) > MAX_DEPTH:
            raise _too_deep(name, p.CurrentLineNumber, tag)
        el = Node(tag, attrs, p.CurrentLineNumber)
        stack[-1].children.append(el)
        stack.append(el)

    def end(tag: str) -> None:
        stack.pop()

    def chars(text: str) -> None:
        kids = stack[-1].children
        if kids and isinstance(kids[-1], Text):
            kids[-1].add(text)
        else:
            kids.append(Text(text, p.CurrentLineNumber))

    def skipped(entity: str, is_parameter: bool) -> None:
        # The DTD is never loaded: an HTML entity name is read as its character, anything else is an error.
        char = _HTML5_ENTITIES.get(entity + ";")
        if is_parameter or char is None:
            fail(f"unknown entity &{entity}; (write the character itself)")
        chars(char)

    def external(context, base, system_id, public_id) -> int:
        # Expat leaves an external entity's text out when no handler loads it: a hole in the page, in silence.
        fail(f"external entity {context or ''} ({system_id or public_id}) is not read: "
             "write its text into the page")
        return 0

    p.StartElementHandler, p.EndElementHandler, p.CharacterDataHandler = start, end, chars
    p.SkippedEntityHandler = skipped
    p.ExternalEntityRefHandler = external
    p.SetParamEntityParsing(xml.parsers.expat.XML_PARAM_ENTITY_PARSING_NEVER)
    p.UseForeignDTD(False)
    try:
        p.Parse(data, True)
    except xml.parsers.expat.ExpatError as exc:
        raise PageError(f"{name}:{exc.lineno or 1}: not well-formed XML: "
                        f"{xml.parsers.expat.ErrorString(exc.code)}") from None
    return root


# -- cutting ------------------------------------------------------------------------------------------

def _texts(el: Node, inside: str) -> list[str]:
    """The text of every ``inside`` element under ``el``, in document order (iteratively: pages are deep)."""
    out: list[str] = []
    stack = [(iter(el.children), False)]
    while stack:
        children, keep = stack[-1]
        child = next(children, None)
        if child is None:
            stack.pop()
        elif isinstance(child, Text):
            if keep:
                out.append(child.value)
        else:
            stack.append((iter(child.children), keep or child.name == inside))
    return out


def _norm(text: str) -> str:
    return _ASCII_WS.sub(" ", text).strip()


class _Cutter:
    """Walks a page's tree and builds the skeleton; format-specific tables say what each element is."""

    def __init__(self, page_id: str, name: str, fmt: str) -> None:
        self.page_id, self.name, self.fmt = page_id, name, fmt
        self.warnings: list[str] = []
        self.inline_names = HTML_INLINE if fmt == "html" else DB_INLINE | DB_SKIP
        self.known = HTML_KNOWN if fmt == "html" else DB_KNOWN
        self.parents = HTML_PARENTS if fmt == "html" else DB_PARENTS

    def fail(self, el: Node, what: str) -> None:
        raise PageError(f"{self.name}:{el.line}: {what}")

    # inline content -> allowlisted HTML fragment
    def inline(self, items: list) -> str:
        parts: list[str] = []
        for child in items:
            if isinstance(child, Text):
                parts.append(html.escape(child.value, quote=False))
            else:
                parts.append(self.inline_tag(child))
        return "".join(parts)

    def inline_tag(self, el: Node) -> str:
        name = el.name
        if self.fmt == "html":
            if name in ("b", "strong"):
                return f"<b>{self.inline(el.children)}</b>"
            if name in ("i", "em"):
                return f"<{name}>{self.inline(el.children)}</{name}>"
            if name == "a":
                href = self.safe_url(el, el.attrs.get("href"))
                inner = self.inline(el.children)
                return f'<a href="{html.escape(href)}">{inner}</a>' if href else inner
            if name == "br":
                return "<br>"
            if name == "img":
                src = el.attrs.get("src") or ""
                m = _SUIT_SRC.search(src)
                if m:
                    return SUIT_GLYPHS[m.group(1)]
                if not is_local_src(src):
                    self.fail(el, f"image {src[:40]!r} is not a file beside the page (give a relative path)")
                alt = el.attrs.get("alt") or ""
                return f'<img src="{html.escape(src)}" alt="{html.escape(alt)}">'
            if name in HTML_INLINE:
                return self.inline(el.children)
        else:
            if name == "emphasis":
                tag = "b" if el.attrs.get("role") in ("bold", "strong") else "em"
                return f"<{tag}>{self.inline(el.children)}</{tag}>"
            if name == "ulink" and el.attrs.get("url"):
                url = self.safe_url(el, el.attrs["url"])
                inner = self.inline(el.children)
                return f'<a href="{html.escape(url)}">{inner}</a>' if url else inner
            if name == "inlinemediaobject":
                return self.media_text(el) or ""
            if name in ("menuchoice", "keycombo"):  # as DocBook shows them: "Game ▸ Hint", "Ctrl+Z"
                steps = [self.inline_tag(c) for c in el.children if isinstance(c, Node)]
                return (" \u25b8 " if name == "menuchoice" else "+").join(steps)
            if name in DB_INLINE:
                return self.inline(el.children)
            if name in DB_SKIP:
                return ""
        if name not in self.known:
            self.fail(el, f"unknown element <{name}>")
        self.fail(el, f"<{name}> is not allowed inside a paragraph, heading, list item or table cell")
        return ""

    def safe_url(self, el: Node, url: str | None) -> str | None:
        if url and url.strip().lower().startswith(HELP_BROWSER_SCHEMES):
            self.warnings.append(f"{self.name}:{el.line}: warning: link {url[:40]!r} dropped (it opens GNOME's "
                                 "help browser); its text is kept")
            return None
        if url and not url_is_safe(url):
            self.fail(el, f"unsafe link {url[:40]!r} (only http, https, mailto and relative links)")
        return url

    def media_text(self, el: Node) -> str:
        """A picture as one inline fragment: ``<img src alt>`` with its text object as ``alt``, or that text."""
        image, stack = None, [el]
        while stack and image is None:
            node = stack.pop()
            for child in node.children:
                if isinstance(child, Node):
                    image = child if child.name == "imagedata" else image
                    stack.append(child)
        alt = _norm(" ".join(_texts(el, inside="textobject")))
        src = (image.attrs.get("fileref") or "") if image is not None else ""
        if src and is_local_src(src):
            return f'<img src="{html.escape(src)}" alt="{html.escape(alt)}">'
        if not alt:
            self.warnings.append(f"{self.name}:{el.line}: warning: <{el.name}> without a picture beside the page "
                                 "or words, dropped")
        return html.escape(alt, quote=False)

    def is_inline(self, el: Node) -> bool:
        if el.name not in self.known:
            self.fail(el, f"unknown element <{el.name}>")
        return el.name in self.inline_names

    def unit(self, items: list, path: str, line: int) -> Unit | None:
        return self.checked(_norm(self.inline(items)), path, line)

    def checked(self, text: str, path: str, line: int) -> Unit | None:
        bad = _CONTROL.search(text)  # from a character reference: the page itself was checked
        if bad:
            raise PageError(f"{self.name}:{line}: control character U+{ord(bad.group()):04X} in the text")
        return Unit(self.page_id, text, path, line) if text else None

    def leaf_or_container(self, kind: str, el: Node, path: str, depth: int, level: int = 0) -> list[Block]:
        """A leaf holding one unit, or (when ``el`` holds blocks) a container of blocks and runs of text."""
        if any(isinstance(c, Node) and not self.is_inline(c) for c in el.children):
            if kind in ("para", "heading"):  # DocBook allows a list inside <para>: its pieces follow in turn
                return self.blocks(el, path, depth, (kind, level))
            return [Block(kind, level, None, self.blocks(el, path, depth, ("text", 0)))]
        u = self.unit(el.children, path, el.line)
        if u is None and kind not in ("cell", "item", "term", "def"):
            return []
        return [Block(kind, level, u)]

    def verbatim(self, el: Node, path: str) -> list[Block]:
        for c in el.children:
            if isinstance(c, Node) and not self.is_inline(c):
                self.fail(c, f"<{c.name}> is not allowed inside <{el.name}>")
        text = self.inline(el.children)
        if self.fmt == "html" and text.startswith("\n"):
            text = text[1:]  # HTML ignores the line break that follows <pre>
        if not text.strip():
            return []
        return [Block("pre", 0, self.checked(text, path, el.line))]

    def blocks(self, parent: Node, path: str, depth: int,
               loose: tuple[str, int] | None = ("para", 0)) -> list[Block]:
        """The blocks of ``parent``'s children; inline content between them is a unit of kind ``loose``
        (``None``: not allowed, as in a table outside its cells)."""
        out: list[Block] = []
        run: list = []
        runs = 0
        counts = Counter(c.name for c in parent.children if isinstance(c, Node))
        seen: Counter = Counter()

        def flush() -> None:
            nonlocal runs
            if not run:
                return
            first = next((c for c in run if not isinstance(c, Text) or c.value.strip()), None)
            if first is not None:
                runs += 1
                line = _text_line(first) if isinstance(first, Text) else first.line
                if loose is None:
                    raise PageError(f"{self.name}:{line}: text inside <{parent.name}> outside any cell")
                u = self.unit(run, f"{path}/text()[{runs}]", line)
                if u is not None:
                    out.append(Block(loose[0], loose[1], u))
            run.clear()

        for el in parent.children:
            if isinstance(el, Text):
                run.append(el)
                continue
            if el.name not in self.known:
                self.fail(el, f"unknown {'DocBook ' if self.fmt == 'docbook' else ''}element <{el.name}>")
            if self.is_inline(el):
                run.append(el)
                continue
            flush()
            need = self.parents.get(el.name)
            if need and parent.name not in need:
                self.fail(el, f"<{el.name}> outside {' or '.join(f'<{p}>' for p in sorted(need))}")
            seen[el.name] += 1
            step = f"{el.name}[{seen[el.name]}]" if counts[el.name] > 1 else el.name
            here = f"{path}/{step}"
            if self.fmt == "html":
                out.extend(self.html_block(el, here, depth))
            else:
                out.extend(self.docbook_block(el, here, depth))
        flush()
        return out

    def html_block(self, el: Node, path: str, depth: int) -> list[Block]:
        name = el.name
        if name in HTML_SKIP:
            return []
        if name in HTML_TRANSPARENT:
            return self.blocks(el, path, depth, None if name in ("thead", "tbody", "tfoot") else ("para", 0))
        if name in HTML_HEADINGS:
            return self.leaf_or_container("heading", el, path, depth, HTML_HEADINGS[name])
        if name in ("p", "caption"):
            return self.leaf_or_container("para", el, path, depth)
        if name == "pre":
            return self.verbatim(el, path)
        if name == "hr":
            return [Block("rule")]
        if name in ("ul", "ol"):
            return [Block("list", 1 if name == "ol" else 0, None, self.blocks(el, path, depth, ("text", 0)))]
        if name == "dl":
            return [Block("dlist", 0, None, self.blocks(el, path, depth, ("text", 0)))]
        if name in ("li", "dt", "dd"):
            return self.leaf_or_container({"li": "item", "dt": "term", "dd": "def"}[name], el, path, depth)
        if name == "table":
            return [Block("table", 0, None, self.blocks(el, path, depth, None))]
        if name == "tr":
            return [Block("row", 0, None, self.blocks(el, path, depth, None))]
        if name in ("td", "th"):
            return self.leaf_or_container("cell", el, path, depth, 1 if name == "th" else 0)
        self.fail(el, f"<{name}> is not allowed here")
        return []

    def docbook_block(self, el: Node, path: str, depth: int) -> list[Block]:
        name = el.name
        if name in DB_SKIP:
            return []
        if name in DB_SECTIONS:
            level = DB_SECTIONS[name] or depth + 1
            return self.blocks(el, path, level)
        if name in DB_GROUPS:
            return self.blocks(el, path, depth + 1)
        if name in ("informaltable", "table", "varlistentry"):
            return self.blocks(el, path, depth)
        if name == "tgroup":
            return [Block("table", 0, None, self.blocks(el, path, depth, None))]
        if name in ("thead", "tbody"):
            rows = self.blocks(el, path, depth, None)
            if name == "thead":
                for r in rows:
                    for c in r.children:
                        c.level = 1
            return rows
        if name == "title":
            return self.leaf_or_container("heading", el, path, depth, min(max(depth, 1), 6))
        if name in ("para", "simpara"):
            return self.leaf_or_container("para", el, path, depth)
        if name in DB_VERBATIM:
            return self.verbatim(el, path)
        if name in DB_MEDIA:
            out = []
            title = next((c for c in el.children if isinstance(c, Node) and c.name == "title"), None)
            if title is not None:  # a figure's title, shown as its caption
                out += self.leaf_or_container("para", title, f"{path}/title", depth)
            text = self.media_text(el)
            unit = self.checked(text, path, el.line) if text else None
            return out + ([Block("para", 0, unit)] if unit else [])
        if name in ("itemizedlist", "orderedlist"):
            kind_level = 1 if name == "orderedlist" else 0
            return [Block("list", kind_level, None, self.blocks(el, path, depth, ("text", 0)))]
        if name == "variablelist":
            return [Block("dlist", 0, None, self.blocks(el, path, depth, ("text", 0)))]
        if name == "term":
            return self.leaf_or_container("term", el, path, depth)
        if name == "listitem":
            return self.leaf_or_container("def" if path.rsplit("/", 2)[-2].startswith("varlistentry") else "item",
                                          el, path, depth)
        if name == "row":
            return [Block("row", 0, None, self.blocks(el, path, depth, None))]
        if name == "entry":
            return self.leaf_or_container("cell", el, path, depth)
        self.fail(el, f"<{name}> must be inside a paragraph")
        return []


def parse_html(text: str, page_id: str, name: str) -> Document:
    warnings: list[str] = []
    root = _html_tree(text, name, warnings)
    cutter = _Cutter(page_id, name, "html")
    blocks = cutter.blocks(Node("#document", {}, 1, [root]), "", 0)
    return Document(page_id, name, "html", blocks, warnings + cutter.warnings)


def parse_docbook(data: bytes, page_id: str, name: str) -> Document:
    root = _docbook_tree(data, name)
    top = next((c for c in root.children if isinstance(c, Node)), None)
    if top is None:
        raise PageError(f"{name}:1: the page has no DocBook element")
    cutter = _Cutter(page_id, name, "docbook")
    if top.name not in DB_KNOWN:
        cutter.fail(top, f"unknown DocBook element <{top.name}>")
    blocks = cutter.docbook_block(top, "/" + top.name, 0)
    return Document(page_id, name, "docbook", blocks, cutter.warnings)


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
