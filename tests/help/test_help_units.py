"""Cutting pages into units: counts, allowlisted inline markup, suit glyphs, and clear errors for bad pages."""

from __future__ import annotations

from pathlib import Path

import pytest

from reussite.helpdocs.units import PageError, format_for, parse_page, read_page

ROOT = Path(__file__).resolve().parents[2]


def units(name: str):
    path = ROOT / "help" / name
    return read_page(path, format_for(path), path.stem, f"help/{name}").units


def test_unit_counts_match_itstool_for_the_docbook_pages():
    # itstool extracts 22 units from the English Forty Thieves page and 25 from Osmosis (same structure).
    assert len(units("forty-thieves.xml")) == 22
    assert len(units("osmosis.xml")) == 25
    # Old HTML: every unclosed <p> is a paragraph of its own (html.parser would nest them).
    assert len(units("tournament.html")) == 13
    assert len(units("mount-olympus.html")) == 9


def test_units_have_context_path_line_and_only_allowed_markup():
    import re

    for name in ("tournament.html", "forty-thieves.xml", "mount-olympus.html", "osmosis.xml"):
        found = units(name)
        assert {u.page_id for u in found} == {Path(name).stem}
        assert len({u.path for u in found}) == len(found)
        assert all(u.line >= 1 and u.path.startswith("/") for u in found)
        for u in found:
            assert set(re.findall(r"</?([a-z0-9]+)", u.text)) <= {"b", "i", "em", "a", "br"}, u.text
            assert "  " not in u.text and "\n" not in u.text and u.text == u.text.strip()
            assert "<p>" not in u.text and "img" not in u.text


def test_suit_images_become_glyphs_and_the_split_img_tag_is_read():
    (p4,) = [u for u in units("mount-olympus.html") if u.path == "/html/body/p[4]"]
    assert "<b>5</b>♠ sera placé sur un <b>2</b>♠" in p4.text
    assert "<b>6-8-10</b>♣" in p4.text
    assert p4.line == 10


def test_docbook_tables_titles_and_typographic_spaces():
    ft = units("forty-thieves.xml")
    assert ft[0].text == "Les quarante voleurs" and ft[0].path == "/sect1/title"
    assert ft[3].path.endswith("row[1]/entry[1]") and ft[3].text == "Type de paquet"
    assert "Score maximum possible\u00a0: 1000" in [u.text for u in ft]


@pytest.mark.parametrize(
    "fmt, data, line, words",
    [
        ("html", b"<h1>Titre</h1>\n<div><ul><li>Un\n</div>", 2, "<ul> is not closed before </div> on line 3"),
        ("html", b"<h1>Titre</h1>\n<ul><li>Un\n", 2, "<ul> is never closed"),
        ("docbook", b'<!DOCTYPE sect1 [<!ENTITY regles SYSTEM "regles.xml">]>\n<sect1>\n<para>Voir &regles;</para>'
         b"\n</sect1>", 3, "external entity regles (regles.xml) is not read"),
        ("html", b"<h1>Titre</h1>\n<p>Texte\n<blink>clignote</blink>", 3, "unknown element <blink>"),
        ("html", b"<p>Voir\n\n<img src='http://example.org/photo.png'>", 3, "not a file beside the page"),
        ("html", b"", 1, "empty"),
        ("html", b"<p>Voir\n<a href='javascript:alert(1)'>ici</a>", 2, "unsafe link"),
        ("html", b"  \n\n", 1, "empty"),
        ("html", b"<h1>Titre</h1>\n<p>Caf\xe9 cr\xe8me", 2, "not valid UTF-8"),
        ("docbook", b"<sect1>\n<title>T</title>\n<para>Texte\n</sect1>", 4, "not well-formed XML"),
        ("docbook", b"<sect1>\n<title>T</title>\n<widget>x</widget>\n</sect1>", 3, "unknown DocBook element <widget>"),
        ("docbook", b"<sect1>\n<para>Un <foo>x</foo></para>\n</sect1>", 2, "unknown element <foo>"),
        ("docbook", b"\xef\xbb\xbf", 1, "empty"),
        ("docbook", b"<sect1>\n<para>Texte <emphasis>x\n<itemizedlist/></emphasis></para>\n</sect1>", 3,
         "<itemizedlist> is not allowed inside a paragraph"),
        ("docbook", b'<!DOCTYPE sect1 PUBLIC "-//x" "x.dtd">\n<sect1>\n<para>&eacute; &nosuch;</para>\n</sect1>', 3,
         "unknown entity &nosuch;"),
        ("docbook", b"<sect1>\n<para>Texte &eacute;</para>\n</sect1>", 2, "undefined entity"),
        ("html", b"<h1>T</h1>\n<pre>x\n<p>y</p></pre>", 3, "<p> is not allowed inside <pre>"),
        ("html", b"<p>x\r\n\r\ny\x00z", 3, "control character U+0000"),
        ("docbook", b"<sect1>\n<para>bell &#x7f;</para></sect1>", 2, "control character U+007F"),
        ("html", b"<p>x\n<tr><td>y", 2, "<tr> outside <table> or <tbody> or <tfoot> or <thead>"),
        ("html", b"<table>\n<tr>\n stray<td>y</table>", 3, "text inside <tr> outside any cell"),
        ("docbook", b"<sect1>\n<para>x</para>\n<listitem>y</listitem></sect1>", 3, "<listitem> outside"),
    ],
)
def test_malformed_pages_give_file_and_line(fmt, data, line, words):
    with pytest.raises(PageError) as info:
        parse_page(data, fmt, "demo", "help/demo.page")
    message = str(info.value)
    assert message.startswith(f"help/demo.page:{line}: "), message
    assert words in message
    assert "\n" not in message
