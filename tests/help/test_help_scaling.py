"""Cutting a page costs time linear in its size, checked without a clock: the number of Python lines run
(a deterministic count) grows four times when the page grows four times, not sixteen times as it did when
every element looked at all its siblings."""

from __future__ import annotations

import sys

import pytest

from reussite.helpdocs.render import render_html, render_markdown
from reussite.helpdocs.units import parse_page


def lines_run(work) -> int:
    count = 0

    def tracer(frame, event, arg):
        nonlocal count
        if event == "line":
            count += 1
        return tracer

    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        work()
    finally:
        sys.settrace(previous)
    return count


def html_page(n: int) -> bytes:
    paras = "".join(f"<p>Paragraph {i}, with <b>bold</b> &amp; <i>italic</i> words.\n" for i in range(n))
    rows = "".join(f"<tr><td>Row {i}</td><td>{i}</td></tr>\n" for i in range(n))
    items = "".join(f"<li>Item {i}\n" for i in range(n))
    return f"<h1>Big</h1>\n{paras}<table>\n{rows}</table>\n<ul>\n{items}</ul>\nLoose text.\n".encode()


def docbook_page(n: int) -> bytes:
    paras = "".join(f"<para>Paragraph {i}, <emphasis>em</emphasis> &amp; more.</para>\n" for i in range(n))
    rows = "".join(f"<row><entry>Row {i}</entry><entry>{i}</entry></row>\n" for i in range(n))
    return (f"<sect1><title>Big</title>\n{paras}<informaltable><tgroup cols='2'><tbody>\n{rows}"
            "</tbody></tgroup></informaltable>\n</sect1>").encode()


@pytest.mark.parametrize("fmt, make", [("html", html_page), ("docbook", docbook_page)])
def test_cutting_and_rendering_grow_linearly_with_the_number_of_siblings(fmt, make):
    def cost(n: int) -> int:
        data = make(n)

        def work():
            doc = parse_page(data, fmt, "big", "big.page")
            render_html(doc)
            render_markdown(doc)

        return lines_run(work)

    small, large = cost(150), cost(600)
    assert 3.5 < large / small < 4.5, (small, large)
