"""Unit text (an HTML fragment with a few inline tags) as tokens, for Markdown output and catalog checks."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

# Elements whose content is dropped, not shown as text, when met in a translation.
DROP_CONTENT = {"script", "style", "iframe", "object", "embed", "template", "noscript"}
SAFE_SCHEMES = ("http:", "https:", "mailto:")


@dataclass
class Token:
    kind: str  # "text", "start", "end" (a void tag like <br> is a "start" with no "end")
    value: str  # the text, or the tag name
    attrs: list[tuple[str, str | None]] = field(default_factory=list)
    offset: tuple[int, int] = (1, 0)  # (line, column) inside the fragment


class _Tokenizer(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tokens: list[Token] = []

    def handle_starttag(self, tag, attrs) -> None:
        self.tokens.append(Token("start", tag, attrs, self.getpos()))

    def handle_startendtag(self, tag, attrs) -> None:
        self.tokens.append(Token("start", tag, attrs, self.getpos()))

    def handle_endtag(self, tag) -> None:
        self.tokens.append(Token("end", tag, [], self.getpos()))

    def handle_data(self, data) -> None:
        self.tokens.append(Token("text", data, [], self.getpos()))


def tokenize(fragment: str) -> list[Token]:
    t = _Tokenizer()
    t.feed(fragment)
    t.close()
    return t.tokens


def url_is_safe(url: str) -> bool:
    """Relative URLs and http(s)/mailto only: no javascript:, data:, vbscript:..."""
    compact = re.sub(r"[\x00-\x20]+", "", url).lower()
    scheme = re.match(r"^[a-z][a-z0-9+.-]*:", compact)
    return scheme is None or scheme.group(0) in SAFE_SCHEMES


def is_local_src(src: str) -> bool:
    """An image of the page's own (a relative path): a page must not make the reader fetch another site."""
    return bool(src) and ":" not in src.split("/", 1)[0] and not src.startswith(("//", "\\"))


_MD_SPECIAL = re.compile(r"([\\`*_\[\]#|<>!])")
# What would make a line of a unit a block of its own (list item, rule, setext heading, code block); "#",
# "*", ">" and the like are already escaped by md_escape.
_MD_LINE_START = re.compile(r"^[ \t]*(?:(\d+)\.|([-+])|(=))", re.M)
_NEWLINES = re.compile(r"[ \t\f]*[\r\n][ \t\r\n\f]*")


def md_escape(text: str) -> str:
    text = text.replace("&", "&amp;")
    return _MD_SPECIAL.sub(lambda m: "&lt;" if m.group(1) == "<" else "&gt;" if m.group(1) == ">"
                           else "\\" + m.group(1), text)


def to_markdown(fragment: str, in_table: bool = False) -> str:
    """Allowlisted inline HTML -> Markdown; anything else is kept as escaped text (or dropped, for scripts)."""
    out: list[str] = []
    stack: list[tuple[str, str, int]] = []  # (tag, closing markup, index of the opening markup in out)
    dropping = 0
    for tok in tokenize(fragment):
        if tok.kind == "start" and tok.value in DROP_CONTENT:
            dropping += 1
            continue
        if tok.kind == "end" and tok.value in DROP_CONTENT:
            dropping = max(0, dropping - 1)
            continue
        if dropping:
            continue
        if tok.kind == "text":
            text = md_escape(_NEWLINES.sub(" ", tok.value))  # in HTML a newline is a space
            openers = {i for _, closing, i in stack if closing in ("*", "**")}
            first = len(out)
            while first - 1 in openers:
                first -= 1
            if first < len(out) and text.startswith(" "):
                # Just after opening markers: the spaces go before them ("** x" is not emphasis).
                stripped = text.lstrip(" ")
                out.insert(first, text[: len(text) - len(stripped)])
                stack[:] = [(t, c, i + 1 if i >= first else i) for t, c, i in stack]
                text = stripped
            out.append(text)
        elif tok.kind == "start":
            name = tok.value
            if name == "br":
                out.append("<br>" if in_table else "  \n")
            elif name in ("b", "i", "em"):
                marker = "**" if name == "b" else "*"
                if any(closing == marker for _, closing, _ in stack):
                    stack.append((name, "", -1))  # already bold (or italic): the inner tag adds nothing
                else:
                    out.append(marker)
                    stack.append((name, marker, len(out) - 1))
            elif name == "img":
                attrs = dict(tok.attrs)
                src = attrs.get("src") or ""
                if is_local_src(src):
                    url = src.replace("(", "%28").replace(")", "%29").replace(" ", "%20")
                    out.append(f"![{md_escape(attrs.get('alt') or '')}]({url})")
            elif name == "a":
                href = dict(tok.attrs).get("href") or ""
                if href and url_is_safe(href):
                    out.append("[")
                    url = href.replace("(", "%28").replace(")", "%29").replace(" ", "%20")
                    stack.append(("a", f"]({url})", len(out) - 1))
        elif tok.kind == "end":
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][0] == tok.value:
                    for _, closing, opened in reversed(stack[i:]):
                        _close(out, closing, opened)
                    del stack[i:]
                    break
    for _, closing, opened in reversed(stack):
        _close(out, closing, opened)
    return md_line_starts("".join(out).lstrip(" \t"))  # leading blanks would make a code block


def md_line_starts(text: str) -> str:
    """Escape what would start a Markdown block at the start of each line (the unit's first, and each after
    a <br>), so a translation stays one paragraph, list item or cell."""
    return _MD_LINE_START.sub(lambda m: f"{m.group(1)}\\." if m.group(1) else f"\\{m.group(2)}" if m.group(2)
                              else "&#61;", text)


def to_plain(fragment: str) -> str:
    """The text of an inline fragment, line breaks kept (for a preformatted block in Markdown)."""
    out = []
    dropping = 0
    for tok in tokenize(fragment):
        if tok.value in DROP_CONTENT and tok.kind != "text":
            dropping = max(0, dropping + (1 if tok.kind == "start" else -1))
        elif dropping:
            continue
        elif tok.kind == "text":
            out.append(tok.value)
        elif tok.kind == "start" and tok.value == "br":
            out.append("\n")
        elif tok.kind == "start" and tok.value == "img":
            out.append(dict(tok.attrs).get("alt") or "")
    return "".join(out)


def _close(out: list[str], closing: str, opened: int) -> None:
    """Close emphasis or a link. Emphasis must hug its text ("*x *" is not emphasis), so trailing white
    space moves after the marker; emphasis around nothing but white space is dropped."""
    if not closing:
        return
    if closing in ("*", "**"):
        inner = "".join(out[opened + 1:])
        if not inner.strip():
            del out[opened]
            return
        stripped = inner.rstrip()
        trailing = inner[len(stripped):]
        del out[opened + 1:]
        out.append(stripped)
        out.append(closing + trailing)
        return
    out.append(closing)
