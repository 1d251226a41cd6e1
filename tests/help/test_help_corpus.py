"""PySolFC's 1,075 English rule pages (shared/corpora beside the checkout; never copied into the project):
every page is cut without a rejection, and its identity render gives back the same units, byte for byte."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reussite.helpdocs.render import render_html
from reussite.helpdocs.units import parse_page

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpora" / "pysolfc-rules"


@pytest.fixture(scope="module")
def pages() -> list[Path]:
    found = sorted(CORPUS.glob("*.html")) if CORPUS.is_dir() else []
    if not found:
        reason = f"the PySolFC rule pages are not at {CORPUS} (shared/ beside the checkout)"
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return found


def test_every_pysolfc_page_is_cut_and_survives_an_identity_render(pages):
    assert len(pages) >= 1000
    rejected, changed = [], []
    units = 0
    for path in pages:
        try:
            doc = parse_page(path.read_bytes(), "html", path.stem, path.name)
        except Exception as exc:  # noqa: BLE001 - every rejection is listed, not only the first
            rejected.append(f"{exc}")
            continue
        units += len(doc.units)
        html = render_html(doc)
        again = parse_page(html.encode("utf-8"), "html", path.stem, f"{path.name} (rendered)")
        if [u.text for u in again.units] != [u.text for u in doc.units] or render_html(again) != html:
            changed.append(path.name)
    assert not rejected, "\n".join(rejected)
    assert not changed, changed
    assert units > 5 * len(pages)  # about 8 a page: no page reduced to its title
