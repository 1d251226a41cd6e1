"""Inline markup to Markdown: emphasis hugs its text, empty or nested emphasis adds nothing."""

from __future__ import annotations

import markdown
import pytest

from reussite.helpdocs.inline import to_markdown


@pytest.mark.parametrize("fragment, expected", [
    ("<b><b>\n", ""),  # emphasis around white space only: dropped (was "****", a horizontal rule)
    ("<b><i>\n&", "***&amp;***"),  # a newline is a space: "***" alone on a line would be a rule
    ("---", "\\---"), ("x<br>---", "x  \n\\---"), ("x<br>===", "x  \n&#61;=="),  # rules, setext headings
    ("x<br>- y", "x  \n\\- y"), ("2. x", "2\\. x"), ("    code?", "code?"),  # lists, code blocks
    ("<b></b>x", "x"),
    ("<b>x<b>y</b></b>", "**xy**"),  # nested bold is still bold
    ("a <b> bold </b> c", "a  **bold**  c"),
    ("<b>x</b> <i>y </i>z", "**x** *y* z"),  # a space after a closing marker stays where it is
    ('<a href="http://e.x/">l<b>k</b></a>', "[l**k**](http://e.x/)"),
])
def test_inline_markdown(fragment, expected):
    assert to_markdown(fragment) == expected
    assert "<hr" not in markdown.markdown(to_markdown(fragment))
