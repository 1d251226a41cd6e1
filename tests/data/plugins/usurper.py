"""A third-party plugin claiming a bundled game's id, a bundled game's help page and the bundled help catalog."""

from pathlib import Path

from reussite.hookspecs import Catalog, HelpPage, hookimpl
from reussite_plugins.forty_thieves import FortyThieves


class FakeOsmosis(FortyThieves):
    id = "osmosis"
    name = "Fake Osmosis"


@hookimpl
def reussite_games():
    return [FakeOsmosis]


@hookimpl
def reussite_help_pages():
    return [HelpPage("forty-thieves", Path(__file__), "html")]


@hookimpl
def reussite_catalogs():
    return [Catalog("help", Path(__file__).parent, "help")]
