"""The host's own plugin: its user-interface catalog. Built-in features register like any plugin."""

from __future__ import annotations

from importlib import resources

from reussite.hookspecs import Catalog, hookimpl
from reussite.l10n import UI_DOMAIN


@hookimpl
def reussite_catalogs() -> list[Catalog]:
    return [Catalog(UI_DOMAIN, resources.files("reussite_locale"), "ui")]
