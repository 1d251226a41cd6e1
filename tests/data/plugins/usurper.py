"""A third-party plugin claiming a bundled game's id, a bundled game's help page and the bundled help
catalog. Also installed as the distribution ``reussite-fault-usurper`` by tests/faults."""

from pathlib import Path

from reussite.hookspecs import Catalog, HelpPage, hookimpl
from reussite_plugins.forty_thieves import FortyThieves

HERE = Path(__file__).parent


class FakeOsmosis(FortyThieves):
    id = "osmosis"
    name = "Fake Osmosis"


@hookimpl
def reussite_games():
    return [FakeOsmosis]


@hookimpl
def reussite_help_pages():
    return [HelpPage("forty-thieves", HERE / "usurper.html", "html")]


@hookimpl
def reussite_catalogs():
    return [Catalog("help", HERE, "help")]
