"""A split or joined paragraph keeps its translation in view, fuzzy, with the text it came from as its previous
msgid: what GNU ``msgmerge --previous`` does, compared with the real msgmerge (issue 39, item 4)."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from reussite.catalogs import ops
from reussite.catalogs.po import read_catalog

SPLIT_AT = " Les fondations des Rois"
JOINED = ("Les premières cartes de chaque colonne du tableau et les 8 cartes de la réserve peuvent être jouées.\n<p>\n"
          "Les cartes de la réserve")


def _edit_page(sandbox) -> None:
    page = sandbox.help / "tournament.html"
    text = page.read_text(encoding="utf-8")
    assert SPLIT_AT in text and JOINED in text
    text = text.replace(SPLIT_AT, "\n<p>\n" + SPLIT_AT.strip())
    text = text.replace(JOINED, JOINED.replace("\n<p>\n", " "))
    page.write_text(text, encoding="utf-8")


def _entries(path):
    return {m.id: m for m in read_catalog(path) if m.id and m.context == "tournament"}


@pytest.mark.skipif(shutil.which("msgmerge") is None, reason="GNU gettext's msgmerge is not installed")
def test_split_and_joined_paragraphs_are_prefilled_like_msgmerge_previous(sandbox, tmp_path):
    old = _entries(sandbox.po("en"))
    whole = next(m for m in old.values() if m.id.startswith("Le but du jeu"))
    first = next(m for m in old.values() if m.id.startswith("Les premières cartes"))
    second = next(m for m in old.values() if m.id.startswith("Les cartes de la réserve"))
    gnu = tmp_path / "gnu.po"
    shutil.copy(sandbox.po("en"), gnu)
    _edit_page(sandbox)
    specs = ops.catalog_specs(sandbox.host())
    ops.extract(specs)
    ops.update(specs)
    subprocess.run(["msgmerge", "--quiet", "--previous", "--update", "--backup=none", str(gnu),
                    str(sandbox.locale / "help.pot")], check=True)
    ours, theirs = _entries(sandbox.po("en")), _entries(gnu)
    head, tail = whole.id.split(SPLIT_AT.strip())
    parts = [head.strip(), SPLIT_AT.strip() + tail]
    for part in parts:
        m = ours[part]
        assert m.fuzzy and m.string == whole.string and m.previous_id == [whole.id], part
        # Where msgmerge pre-fills a part, it pre-fills it the same way.
        if theirs[part].string:
            assert theirs[part].fuzzy and theirs[part].string == m.string
            assert theirs[part].previous_id == m.previous_id
    assert theirs[parts[0]].string  # the larger half: msgmerge fills it too
    # Joined: both translations, in order, and both texts as the previous msgid (msgmerge keeps only one).
    joined = next(m for k, m in ours.items() if k.startswith("Les premières cartes"))
    assert joined.fuzzy and joined.string == f"{first.string} {second.string}"
    assert joined.previous_id == [f"{first.id} {second.id}"]
    assert theirs[joined.id].string in (first.string, second.string)
    # The old entries became these parts: none is left as an obsolete "#~" entry nobody sees.
    obsolete = read_catalog(sandbox.po("en")).obsolete
    assert not {whole.id, first.id, second.id} & {m.id for m in obsolete.values()}
    # Idempotent, like every update.
    before = sandbox.po("en").read_bytes()
    ops.update(specs)
    assert sandbox.po("en").read_bytes() == before


def test_a_small_edit_is_still_one_fuzzy_match_and_unrelated_units_stay_empty(sandbox):
    page = sandbox.help / "osmosis.xml"
    text = page.read_text(encoding="utf-8")
    page.write_text(text.replace("<title>Osmose</title>", "<title>Osmose, le jeu</title>", 1)
                    + "", encoding="utf-8")
    specs = ops.catalog_specs(sandbox.host())
    ops.extract(specs)
    ops.update(specs)
    entries = {m.id: m for m in read_catalog(sandbox.po("en")) if m.id and m.context == "osmosis"}
    m = entries["Osmose, le jeu"]
    assert m.fuzzy and m.previous_id == ["Osmose"] and m.string
