"""Inline markup to Markdown: emphasis hugs its text, empty or nested emphasis adds nothing."""

from __future__ import annotations

import markdown
import pytest

from reussite.helpdocs.inline import to_markdown


@pytest.mark.parametrize("fragment, expected", [
    ("<b><b>\n", "\n"),  # emphasis around white space only: dropped (was "****", a horizontal rule)
    ("<b></b>x", "x"),
    ("<b>x<b>y</b></b>", "**xy**"),  # nested bold is still bold
    ("a <b> bold </b> c", "a  **bold**  c"),
    ("<b>x</b> <i>y </i>z", "**x** *y* z"),  # a space after a closing marker stays where it is
    ('<a href="http://e.x/">l<b>k</b></a>', "[l**k**](http://e.x/)"),
])
def test_inline_markdown(fragment, expected):
    assert to_markdown(fragment) == expected
    assert "<hr" not in markdown.markdown(to_markdown(fragment))
