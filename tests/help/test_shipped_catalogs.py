"""The compiled catalogs shipped in the repository are those of their .po files: a translation committed without
``reussite i18n compile`` would never reach a player (the .mo is what runs)."""

from __future__ import annotations

import pytest

from reussite.catalogs.check import mo_bytes
from reussite.catalogs.ops import catalog_specs
from reussite.catalogs.po import read_catalog
from reussite.host import Host

SHIPPED = [path for spec in catalog_specs(Host.load()) for path in spec.po_files().values()]


def test_the_host_and_the_classics_ship_catalogs():
    import importlib.util

    names = {path.name for path in SHIPPED}
    assert {"reussite.po", "help.po"} <= names
    if importlib.util.find_spec("reussite_classics"):
        assert {"reussite_classics.po", "reussite_classics_help.po"} <= names


@pytest.mark.parametrize("po", SHIPPED, ids=[f"{p.parent.parent.name}/{p.name}" for p in SHIPPED])
def test_each_compiled_catalog_is_its_po_compiled(po):
    mo = po.with_suffix(".mo")
    assert mo.is_file(), f"{mo} is missing: run 'reussite i18n compile'"
    assert mo.read_bytes() == mo_bytes(read_catalog(po)), f"{mo} is not {po} compiled: run 'reussite i18n compile'"
