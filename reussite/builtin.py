"""The host's own plugin: its user-interface catalog. Built-in features register like any plugin."""

from __future__ import annotations

from reussite.hookspecs import Catalog, hookimpl
from reussite.messages import UI_DOMAIN
from reussite.resources import data_dir

#: The host's other default plugins, loaded after this one (by module name, as entry points are): the
#: commands that live beside their code, each added through ``reussite_commands``.
DEFAULT_PLUGINS = ("reussite.helpdocs.cli", "reussite.catalogs.cli", "reussite.solver.cli", "reussite.stats.cli",
                   "reussite.testing")


@hookimpl
def reussite_catalogs() -> list[Catalog]:
    return [
        Catalog(UI_DOMAIN, data_dir("reussite_locale"), "ui"),
        # The bundled games' rule pages (help/), translated in locale/<lang>/LC_MESSAGES/help.po.
        Catalog("help", data_dir("reussite_locale"), "help"),
    ]
