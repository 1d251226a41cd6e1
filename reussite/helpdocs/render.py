"""Rendering a cut page in a language: every unit translated, or else in its source language, never a hole.

The same skeleton feeds both renderers. HTML output goes through nh3 whatever a catalog contains; Markdown
output only emits Markdown syntax for the allowlisted inline tags and escapes everything else.
"""

from __future__ import annotations

from collections.abc import Callable

from reussite.helpdocs.inline import is_local_src, md_escape, to_markdown, to_plain
from reussite.helpdocs.units import INLINE_ALLOWED, Block, Document, Unit

# translate(unit) -> (text, where from): True in the page's language, False in the source language, or the code
# of the other language the text is in (a reader's fallback, marked with lang="..." in HTML).
Translate = Callable[[Unit], tuple[str, bool | str]]

HTML_TAGS = {"h1", "h2", "h3", "h4", "h5", "h6", "p", "ul", "ol", "li", "table", "thead", "tbody", "tr", "th",
             "td", "b", "i", "em", "a", "br", "div", "pre", "hr", "dl", "dt", "dd", "img"}
# No class anywhere: the pipeline emits none, and a catalog must not dress its text in the page's own classes.
HTML_ATTRIBUTES = {"*": {"lang"}, "a": {"href"}, "img": {"src", "alt"}}
# Skeleton kinds rendered as one element holding a unit and, for containers, child blocks.
_ELEMENT = {"item": "li", "term": "dt", "def": "dd"}
URL_SCHEMES = {"http", "https", "mailto"}


def source_text(unit: Unit) -> tuple[str, bool]:
    return unit.text, False


def _local_images(tag: str, attr: str, value: str) -> str | None:
    return None if tag == "img" and attr == "src" and not is_local_src(value) else value


def sanitize(fragment: str) -> str:
    import nh3  # HTML output only: Markdown output does not pay for it

    return nh3.clean(fragment, tags=HTML_TAGS, attributes=HTML_ATTRIBUTES, url_schemes=URL_SCHEMES,
                     link_rel="noopener noreferrer", attribute_filter=_local_images)


def sanitize_unit(text: str) -> str:
    """One unit's fragment, inline tags only and balanced on its own: a tag a translation leaves open is
    closed at the end of its unit (the whole page's parser would carry it into every following block)."""
    import nh3

    return nh3.clean(text, tags=set(INLINE_ALLOWED), attributes={"a": {"href"}, "img": {"src", "alt"}},
                     url_schemes=URL_SCHEMES, link_rel=None, attribute_filter=_local_images)


def render_html(doc: Document, translate: Translate = source_text, lang: str | None = None,
                source_lang: str = "fr") -> str:
    """A sanitized HTML fragment. Units left in the source language are marked with ``lang``."""
    parts: list[str] = []

    def text(u: Unit | None) -> str:
        if u is None:
            return ""
        t, _done = translate(u)
        return t if t is u.text else sanitize_unit(t)  # anything from a catalog (an erratum too) is sanitized

    def attr(u: Unit | None) -> str:
        if u is None or lang is None or lang == source_lang:
            return ""
        _, done = translate(u)
        if done is True:
            return ""
        return f' lang="{done if isinstance(done, str) else source_lang}"'

    def emit(blocks: list[Block]) -> None:
        for b in blocks:
            if b.kind == "heading":
                parts.append(f"<h{b.level}{attr(b.unit)}>{text(b.unit)}</h{b.level}>\n")
            elif b.kind == "para":
                parts.append(f"<p{attr(b.unit)}>{text(b.unit)}</p>\n")
            elif b.kind == "text":  # beside a nested block: no element of its own
                parts.append(text(b.unit) + "\n")
            elif b.kind == "pre":
                parts.append(f"<pre{attr(b.unit)}>\n{text(b.unit)}</pre>\n")
            elif b.kind == "rule":
                parts.append("<hr>\n")
            elif b.kind == "dlist":
                parts.append("<dl>\n")
                emit(b.children)
                parts.append("</dl>\n")
            elif b.kind == "list":
                tag = "ol" if b.level else "ul"
                parts.append(f"<{tag}>\n")
                emit(b.children)
                parts.append(f"</{tag}>\n")
            elif b.kind in _ELEMENT:
                tag = _ELEMENT[b.kind]
                parts.append(f"<{tag}{attr(b.unit)}>{text(b.unit)}")
                emit(b.children)
                parts.append(f"</{tag}>\n")
            elif b.kind == "table":
                head = [r for r in b.children if r.children and all(c.level for c in r.children)]
                body = [r for r in b.children if r not in head]
                parts.append("<table>\n")
                if head:
                    parts.append("<thead>\n")
                    emit(head)
                    parts.append("</thead>\n")
                parts.append("<tbody>\n")
                emit(body)
                parts.append("</tbody>\n</table>\n")
            elif b.kind == "row":
                parts.append("<tr>")
                emit(b.children)
                parts.append("</tr>\n")
            elif b.kind == "cell":
                tag = "th" if b.level else "td"
                parts.append(f"<{tag}{attr(b.unit)}>{text(b.unit)}")
                emit(b.children)
                parts.append(f"</{tag}>")

    emit(doc.blocks)
    return sanitize("".join(parts))


def render_markdown(doc: Document, translate: Translate = source_text) -> str:
    """Markdown for Python-Markdown with the ``tables`` extension."""
    chunks: list[str] = []

    def inline(u: Unit | None, in_table: bool = False) -> str:
        if u is None:
            return ""
        return to_markdown(translate(u)[0], in_table=in_table)

    def cell(c: Block) -> str:
        if c.unit is not None:
            return inline(c.unit, True).replace("\n", " ")
        texts = [inline(x.unit, True) for x in _leaves(c.children)]
        return "<br><br>".join(t for t in texts if t)

    def item(b: Block, marker: str, indent: int = 4) -> str:
        if b.unit is not None:
            return marker + inline(b.unit)
        lines: list[str] = []
        for child in b.children:
            body = block(child)
            if body is None:
                continue
            pad = " " * indent
            body = "\n".join((pad + ln) if ln else ln for ln in body.split("\n"))
            lines.append("\n" + body if lines else marker + body.lstrip())
        return "\n".join(lines) if lines else marker.rstrip()

    def quote(text: str) -> str:
        return "\n".join(f"> {ln}" if ln else ">" for ln in text.split("\n"))

    def block(b: Block) -> str | None:
        if b.kind == "heading":
            return "#" * b.level + " " + inline(b.unit)
        if b.kind in ("para", "text", "term"):
            return inline(b.unit)
        if b.kind == "pre":
            # An indented code block: verbatim text, so the inline tags give way to their text.
            plain = to_plain(translate(b.unit)[0]).rstrip("\n")
            return "\n".join(f"    {ln}" if ln.strip() else "" for ln in plain.split("\n"))
        if b.kind == "rule":
            return "* * *"
        if b.kind == "list":
            out = []
            for n, it in enumerate(b.children, 1):
                # After an item holding a nested list, a blank line: else the next item joins the nested list.
                if n > 1:
                    out.append("\n\n" if b.children[n - 2].children else "\n")
                out.append(item(it, f"{n}. " if b.level else "- "))
            return "".join(out)
        if b.kind == "dlist":
            parts = [block(c) if c.kind != "def" else item(c, "", 0) for c in b.children]
            return "\n\n".join(p if c.kind != "def" else quote(p) for c, p in zip(b.children, parts, strict=True) if p)
        if b.kind == "table":
            rows = [r for r in b.children if r.kind == "row"]
            if not rows or not any(r.children for r in rows):
                return None
            if not all(c.level for c in rows[0].children):
                # Markdown tables need a header row; a table without one stays an HTML table, never one
                # with an invented empty header.
                table = render_html(Document(doc.page_id, doc.source, doc.format, [b]), translate)
                return table.replace("\n", "")
            width = max(len(r.children) for r in rows)
            out = []
            for n, r in enumerate(rows):
                cells = [cell(c) for c in r.children] + [""] * (width - len(r.children))
                out.append("| " + " | ".join(cells) + " |")
                if n == 0:
                    out.append("|" + "|".join(["---"] * width) + "|")
            return "\n".join(out)
        if b.kind in ("item", "cell", "row", "def"):
            return inline(b.unit) if b.unit else None
        return None

    for b in doc.blocks:
        md = block(b)
        if md is not None and md.strip():
            chunks.append(md)
    return "\n\n".join(chunks) + "\n"


def _leaves(blocks: list[Block]) -> list[Block]:
    out: list[Block] = []
    for b in blocks:
        if b.unit is not None:
            out.append(b)
        out.extend(_leaves(b.children))
    return out


__all__ = ["render_html", "render_markdown", "sanitize", "sanitize_unit", "source_text", "md_escape"]
