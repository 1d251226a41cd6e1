"""The distribution as the host sees it: its games and their options, its help pages and catalogs at the
paths the colleague's files use, and only the public API in its code."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.resources import files
from pathlib import Path

import classics_support  # noqa: F401  (skips this module when reussite-classics is not installed)
import reussite_classics

from reussite.hookspecs import Catalog, HelpPage

IDS = ["klondike", "freecell", "bakers-game", "spider", "golf", "black-hole"]
PACKAGE = Path(reussite_classics.__file__).parent


def test_the_six_games_are_registered_by_the_classics_plugin(host):
    for game_id in IDS:
        cls = host.game(game_id)
        assert cls.plugin_name == "classics" and cls.domain == "reussite_classics", game_id
    assert {o.name: o.choices for o in host.game("klondike").options} == {"draw": ("1", "3")}
    assert {o.name: (o.choices, o.default) for o in host.game("spider").options} == {
        "suits": (("1", "2", "4"), "4")}


def test_reussite_games_lists_them_with_their_options(run_cli):
    result = run_cli("games")
    assert result.code == 0, result.err
    lines = {line.split()[0]: line for line in result.out.splitlines() if line.strip()}
    for game_id in IDS:
        assert "classics" in lines[game_id], game_id
    assert "draw=1|3" in lines["klondike"] and "suits=1|2|4" in lines["spider"]
    # The bundled games are still there, from their own plugins.
    for game_id in ("forty-thieves", "mount-olympus", "osmosis", "tournament"):
        assert "classics" not in lines[game_id]


def test_one_french_html_page_per_game_in_the_package():
    pages = reussite_classics.reussite_help_pages()
    registered = sorted(cls.id for cls in reussite_classics.reussite_games())
    assert [p.game_id for p in pages] == registered and set(IDS) <= set(registered)
    for page in pages:
        assert isinstance(page, HelpPage) and page.format == "html" and page.source_lang == "fr"
        assert page.path == files("reussite_classics") / "help" / f"{page.game_id}.html"


def test_the_catalogs_are_the_packages_locale_folder():
    locale = files("reussite_classics") / "locale"
    assert reussite_classics.reussite_catalogs() == [Catalog("reussite_classics", locale, "ui"),
                                                     Catalog("reussite_classics_help", locale, "help")]


def test_the_hook_module_imports_no_game_code():
    source = (PACKAGE / "__init__.py").read_text(encoding="utf-8")
    top_level = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert not any("reussite_classics." in line for line in top_level)


# A bundled game may be built on, as any plugin may (``from reussite_plugins.osmosis import Osmosis``: Peek);
# nothing else of the bundled plugins, and no private part of the host.
PRIVATE = re.compile(r"\b(_plan|_Plan|_rules|_done|_ops|_stack_keys|_want_cache|"
                     r"reussite_plugins(?!\.(osmosis|forty_thieves|tournament|mount_olympus) import)|"
                     r"reussite\.solver|reussite\.resources)\b")
# Solver hints are not game code here; the lost test's override points (interchangeable_stacks, position_key)
# are the game's own rules about its positions, documented in the plugin guide, and allowed.
SOLVER = re.compile(r"\b(safe_move|dead_end|useful_moves|solver_\w+)\b")


def test_the_games_use_only_the_public_api_and_carry_no_solver_code():
    for module in sorted(PACKAGE.glob("*.py")):
        text = module.read_text(encoding="utf-8")
        assert not PRIVATE.search(text), (module.name, PRIVATE.search(text))
        assert not SOLVER.search(text), (module.name, SOLVER.search(text))
        # Every game class writes its strings in the distribution's own domain.
        for match in re.finditer(r"^class (\w+)\((\w+)\):", text, re.M):
            if match.group(2) == "Variant":
                assert 'domain = "reussite_classics"' in text, (module.name, match.group(1))


def test_a_first_start_opens_on_klondike(host, tmp_path):
    """A new player's first page shows a game known by name, not the first bundled id in alphabetical order."""
    from reussite.web.session import Session

    session = Session(host, tmp_path)
    session.start(None, 3, {})
    assert session.game.id == "klondike"


#: GNOME Aisleriot's game ids and KDE KPatience's (issue 36): each is a game id here or an alias the host
#: resolves, so that a player of either program finds their game under the name they know.
AISLERIOT = """accordion agnes athena auld-lang-syne aunt-mary australian-patience backbone bakers-dozen bakers-game
bear-river beleaguered-castle block-ten bristol camelot canfield carpet chessboard clock cover cruel diamond-mine
doublets eagle-wing easthaven eight-off elevator eliminator escalator first-law fortress fortunes forty-thieves
fourteen freecell gaps gay-gordons giant glenwood gold-mine golf gypsy hamilton helsinki hopscotch isabel
jamestown jumbo kansas king-albert kings-audience klondike labyrinth lady-jane maze monte-carlo napoleons-tomb
neighbor odessa osmosis peek pileon plait poker quatorze royal-east saratoga scorpion scuffle seahaven sir-tommy
spider spider-three-decks spiderette straight-up streets-and-alleys ten-across terrace thieves thirteen
thumb-and-pouch treize triple-peaks union-square valentine wall westhaven whitehead will-o-the-wisp yield yukon
zebra""".split()
KPATIENCE = """acesup fortyeight freecell golf grandfather grandfathersclock gypsy klondike mod3 simplesimon spider
yukon""".split()


def test_aisleriot_and_kpatience_ids_name_games_here(host):
    found = {name: host.resolve(name)[0] for name in AISLERIOT + KPATIENCE}
    here = {name: game for name, game in found.items() if game in host.games}
    missing = sorted(set(found) - set(here))
    # Each id found starts a game that deals (its options, from an alias, included).
    for name in here:
        game_id, options = host.resolve(name)
        game = host.new_game(name, 3)
        assert game.id == game_id and game.option_values.items() >= options.items()
    assert not missing, missing


def test_kpatience_ids_work_on_the_command_line(run_cli):
    for name in ("acesup", "fortyeight", "grandfathersclock", "mod3", "simplesimon"):
        result = run_cli("deal", name, "--number", "5", "--json")
        assert result.code == 0, (name, result.err)
        assert json.loads(result.out)["game"] != name, name


def test_the_games_page_and_the_winnability_figures_cover_every_game(host):
    """docs/games.md is what tools/games_table.py writes from the installed games, and every classic game has
    the solver's figures the page's chooser shows (tools/catalogue_winnability.py)."""
    result = subprocess.run([sys.executable, str(PACKAGE.parents[1] / "tools" / "games_table.py"), "--check"],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    for game_id, cls in host.games.items():
        if cls.plugin_name == "classics":
            w = cls.winnability
            # Deals 1-200 at one node budget (issue 36: every game measured on the same deals).
            assert w and w["deals"] == "1-200" and w["won"] + w["lost"] + w["unknown"] == 200, game_id
            assert w["nodes"] == 500, game_id
