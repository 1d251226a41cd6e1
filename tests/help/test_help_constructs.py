"""Constructs of real rule pages (PySolFC's HTML, Aisleriot's DocBook): each gives the units a translator
wants, keeps its exact line, and survives an identity render (render the source units, cut the result again:
the same units, and the same HTML once more)."""

from __future__ import annotations

import markdown
import pytest
from bs4 import BeautifulSoup

from reussite.helpdocs.render import render_html, render_markdown
from reussite.helpdocs.units import MAX_DEPTH, PageError, parse_page


def cut(data: str | bytes, fmt: str = "html"):
    raw = data.encode("utf-8") if isinstance(data, str) else data
    return parse_page(raw, fmt, "demo", "demo.page")


def texts(doc) -> list[tuple[int, str]]:
    return [(u.line, u.text) for u in doc.units]


def assert_identity_render(doc) -> str:
    html = render_html(doc)
    again = parse_page(html.encode("utf-8"), "html", doc.page_id, "rendered.html")
    assert [u.text for u in again.units] == [u.text for u in doc.units]
    assert render_html(again) == html
    return html


def test_text_straight_in_the_body_is_a_unit_at_its_own_line():
    doc = cut("<h1>Ten by eight</h1>\nKlondike type. Two decks.\n\n<h3>Object</h3>\n\n\n  Move <i>all</i>\ncards"
              "\nto the <a href='f.html'>foundations</a>.\n<h3>Rules</h3>\n<div>\nIn a div too.</div>\n")
    assert texts(doc) == [(1, "Ten by eight"), (2, "Klondike type. Two decks."), (4, "Object"),
                          (7, 'Move <i>all</i> cards to the <a href="f.html">foundations</a>.'), (10, "Rules"),
                          (12, "In a div too.")]
    assert [u.path for u in doc.units][1] == "/html/body/text()[1]"
    html = assert_identity_render(doc)
    assert "<p>Klondike type. Two decks.</p>" in html


def test_pre_is_one_verbatim_unit():
    doc = cut("<p>Foundations:\r\n<pRE>\r\nClub:   A 2 <b>3</b>\r\n\r\nSpade:  2 4 &amp; 6\r\n</pRE>\r\n<p>After")
    (pre,) = [u for u in doc.units if u.path.endswith("/pre")]
    assert pre.text == "Club:   A 2 <b>3</b>\n\nSpade:  2 4 &amp; 6\n" and pre.line == 2
    html = assert_identity_render(doc)
    assert "<pre>" in html
    md = markdown.markdown(render_markdown(doc), extensions=["tables"])
    assert BeautifulSoup(md, "lxml").find("pre").get_text() == "Club:   A 2 3\n\nSpade:  2 4 & 6\n"


def test_definition_list_term_and_definition_are_two_units():
    doc = cut("<p>Scoring:\n<dl>\n  <dt>Deal\n  <dd>Minus 52 points.\n  <dd><p>\n  <dt><b>Peak</b> emptied</dt>"
              "<dd>Ten points.</dd>\n</dl>\nAfter the list.")
    assert texts(doc) == [(1, "Scoring:"), (3, "Deal"), (4, "Minus 52 points."), (6, "<b>Peak</b> emptied"),
                          (6, "Ten points."), (8, "After the list.")]
    assert [u.path for u in doc.units][1:5] == ["/html/body/dl/dt[1]", "/html/body/dl/dd[1]",
                                                "/html/body/dl/dt[2]", "/html/body/dl/dd[3]"]
    html = assert_identity_render(doc)
    assert "<dl>" in html and "<dt><b>Peak</b> emptied</dt>" in html
    text = " ".join(BeautifulSoup(markdown.markdown(render_markdown(doc)), "lxml").get_text(" ").split())
    assert all(t in text for t in ("Deal", "Minus 52 points.", "Peak emptied", "Ten points."))


def test_horizontal_rule_and_list_item_with_text_then_a_nested_list():
    doc = cut("<ul>\n<li>Scores depend on neighbours:\n<ul>\n<li>One: 1 point\n<li>Two: 2 points\n</ul>\n"
              "<li>A bonus of 25.\n</ul>\n<hr>\n<p>End")
    assert texts(doc) == [(2, "Scores depend on neighbours:"), (4, "One: 1 point"), (5, "Two: 2 points"),
                          (7, "A bonus of 25."), (10, "End")]
    html = assert_identity_render(doc)
    assert "<hr>" in html
    md_html = markdown.markdown(render_markdown(doc))
    outer = BeautifulSoup(md_html, "lxml").find("ul")
    # The item after the nested list stays in the outer list.
    assert [li.get_text(" ", strip=True)[:10] for li in outer.find_all("li", recursive=False)] == [
        "Scores dep", "A bonus of"]
    assert "<hr" in md_html


def test_inline_markup_stays_inside_its_sentence_and_stray_end_tags_lose_nothing():
    doc = cut("<p>Solvable with <b></b>perfect</b> play, <font color=red>see <tt>Klondike</tt></font>.\n"
              "<img src='../images/goal.gif' alt='The goal.'> and <img src='images/s.gif'>")
    assert texts(doc) == [(1, "Solvable with <b></b>perfect play, see Klondike. "
                              '<img src="../images/goal.gif" alt="The goal."> and ♠')]
    html = assert_identity_render(doc)
    assert '<img src="../images/goal.gif" alt="The goal.">' in html
    assert "![The goal.](../images/goal.gif)" in render_markdown(doc)


def test_docbook_variablelist_verbatim_and_loose_text():
    page = ('<?xml version="1.0"?>\n<!DOCTYPE sect1 PUBLIC "-//OASIS//DTD DocBook XML V4.3//EN" "d.dtd">\n'
            "<sect1><title>Scoring</title>\nPoints&nbsp;as follows:\n<variablelist>\n<varlistentry>\n"
            "<term>Deal</term>\n<listitem><para>Minus <emphasis>52</emphasis>.</para></listitem>\n"
            "</varlistentry>\n</variablelist>\n<programlisting>A 2 3\n  4 5</programlisting>\n"
            "<itemizedlist><listitem>Loose\n<itemizedlist><listitem><para>Inner</para></listitem>"
            "</itemizedlist></listitem></itemizedlist>\n<note><title>Tip</title><para>Choose <menuchoice>"
            "<guimenu>Game</guimenu><guimenuitem>Hint</guimenuitem></menuchoice>.</para></note></sect1>")
    doc = cut(page, "docbook")
    assert texts(doc) == [(3, "Scoring"), (4, "Points\u00a0as follows:"), (7, "Deal"), (8, "Minus <em>52</em>."),
                          (11, "A 2 3\n  4 5"), (13, "Loose"), (14, "Inner"), (15, "Tip"),
                          (15, "Choose Game ▸ Hint.")]
    kinds = [b.kind for b in doc.blocks]
    assert kinds == ["heading", "para", "dlist", "pre", "list", "heading", "para"]
    assert doc.blocks[5].level == 2  # the note's title is one level below the section's
    assert [c.kind for c in doc.blocks[2].children] == ["term", "def"]
    assert_identity_render(doc)


@pytest.mark.parametrize("fmt, depth, open_tag, close_tag", [
    ("html", 300, "<div>", "</div>"), ("html", 5000, "<b>", "</b>"), ("html", 5000, "<ul><li>", "</ul>"),
    ("docbook", 300, "<section>", "</section>"), ("docbook", 5000, "<emphasis>", "</emphasis>"),
])
def test_deep_nesting_is_a_clean_error_at_its_line(fmt, depth, open_tag, close_tag):
    head = "<sect1><para>x</para>\n" if fmt == "docbook" else "<p>x\n"
    tail = "</sect1>" if fmt == "docbook" else ""
    body = "".join(f"{open_tag}\n" for _ in range(depth)) + "deep" + close_tag * depth
    if fmt == "docbook" and open_tag == "<emphasis>":
        body = "<para>" + body + "</para>"
    with pytest.raises(PageError) as info:
        cut(head + body + tail, fmt)
    message = str(info.value)
    assert f"nested more than {MAX_DEPTH} elements deep" in message
    line = int(message.split(":")[1])
    expected = 2 + MAX_DEPTH // open_tag.count("<")  # the line of the element that goes too deep
    assert expected - 3 <= line <= expected + 3, message


def test_nesting_up_to_the_limit_is_read():
    doc = cut("<div>" * (MAX_DEPTH - 2) + "<p>deep" + "</div>" * (MAX_DEPTH - 2))
    assert texts(doc) == [(1, "deep")]
    assert_identity_render(doc)


def test_markdown_tables_keep_their_real_header_or_have_none():
    with_head = cut("<table><tr><th>Pile</th><th>Cards</th></tr><tr><td>Stock</td><td>52</td></tr></table>")
    html = markdown.markdown(render_markdown(with_head), extensions=["tables"])
    soup = BeautifulSoup(html, "lxml")
    assert [th.get_text() for th in soup.find_all("th")] == ["Pile", "Cards"]
    assert [td.get_text() for td in soup.find_all("td")] == ["Stock", "52"]
    headless = cut("<table><tr><td>Stock</td><td>52</td></tr><tr><td>Waste</td><td>0</td></tr></table>")
    md = render_markdown(headless)
    soup = BeautifulSoup(markdown.markdown(md, extensions=["tables"]), "lxml")
    assert soup.find("th") is None and soup.find("thead") is None
    assert [td.get_text() for td in soup.find_all("td")] == ["Stock", "52", "Waste", "0"]


_HTML_PIECES = ["<p>", "</p>", "<li>", "</li>", "<ul>", "</ul>", "<ol>", "<dl>", "<dt>", "<dd>", "</dl>", "<pre>",
                "</pre>", "<hr>", "<table>", "<tr>", "<td>", "</td>", "</table>", "<b>", "</b>", "<i>", "</i>",
                "<div>", "</div>", "<h3>", "</h3>", "<a href='x.html'>", "</a>", "<br>", "<img src='s.gif'>",
                "<blink>", "</span>", "text ", "\n", "&amp;", "&nbsp;", "<!-- c -->", "<", ">", "&", "\r\n", " "]
_DB_PIECES = ["<para>", "</para>", "<itemizedlist>", "</itemizedlist>", "<listitem>", "</listitem>",
              "<variablelist>", "<varlistentry>", "<term>", "</term>", "</varlistentry>", "</variablelist>",
              "<emphasis>", "</emphasis>", "<programlisting>", "</programlisting>", "<title>", "</title>",
              "<widget>", "text ", "\n", "&amp;", "&nbsp;", "<![CDATA[<b>]]>", "<", "&"]


def test_any_page_is_cut_or_refused_with_file_and_line_never_a_traceback():
    from hypothesis import given
    from hypothesis import strategies as st

    @given(st.sampled_from(["html", "docbook"]), st.data())
    def check(fmt, data):
        pieces = _HTML_PIECES if fmt == "html" else _DB_PIECES
        body = "".join(data.draw(st.lists(st.sampled_from(pieces), max_size=30)))
        page = body if fmt == "html" else f"<!DOCTYPE sect1 PUBLIC 'x' 'y'>\n<sect1>{body}</sect1>"
        try:
            doc = cut(page, fmt)
        except PageError as exc:
            assert str(exc).startswith("demo.page:") and str(exc).split(":")[1].isdigit(), exc
            assert "\n" not in str(exc)
            return
        assert_identity_render(doc)

    check()


def test_check_lets_a_translation_keep_an_image_and_translate_its_alt_text():
    from reussite.catalogs.check import markup_problems

    source = '<img src="../images/goal.gif" alt="The goal."> and ♠'
    assert markup_problems(source, '<img src="../images/goal.gif" alt="Le but."> et ♠') == []
    assert markup_problems(source, '<img src="http://evil.example/x.gif" alt="Le but.">') == [
        'tag <img src="http://evil.example/x.gif" alt="Le but."> is not in the source']


def test_a_link_opened_inside_an_open_link_closes_it_first_as_a_browser_does():
    doc = cut("<p><a href='x.html'>one <a href='y.html'>two</a> three</p>")
    assert texts(doc) == [(1, '<a href="x.html">one </a><a href="y.html">two</a> three')]
    assert_identity_render(doc)
