"""Solver companions (issue 22, point 4): what a game tells the solver beyond its rules lives beside the game,
in a :class:`reussite.solver.companion.Companion` subclass attached by the variant's ``solver_companion``.

Here: a test plugin attaches one the way any plugin can and the solver asks it; bad declarations are named;
old-style hints on the game class still work, with a DeprecationWarning; the bundled game modules carry no
solver code and do not import their companions."""

from __future__ import annotations

import ast
import subprocess
import sys
import warnings
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path

import pytest

from reussite.game import Move
from reussite.hookspecs import ENTRY_POINT_GROUP
from reussite.host import Host
from reussite.solver import Verdict, solve
from reussite.solver.companion import (
    LEGACY_ATTRIBUTES,
    LEGACY_METHODS,
    Companion,
    CompanionError,
    LegacyHints,
    companion_for,
)
from reussite.variant import Variant, VariantError

ROOT = Path(__file__).resolve().parents[2]
PLUGINS = ROOT / "tests" / "data" / "plugins"
BUNDLED = ("forty_thieves", "mount_olympus", "osmosis", "tournament")


def _layout(cls, **stacks):
    return cls.from_layout({"stacks": [{"id": name.replace("_", "-"), "cards": cards.split()}
                                       for name, cards in stacks.items()]})


def _replays_to_a_win(game, line) -> bool:
    probe = game.copy(history=False)
    for move in line:
        probe.push(move)  # with the rules' checks
    return probe.is_won()


# -- (a) a plugin's companion, through the host -------------------------------------------------------------

@pytest.fixture
def plugin_host(monkeypatch):
    """The bundled games and tests/data/plugins/companion_game, loaded by the host through an entry point;
    both test modules imported afresh (a new game class, hence a companion of its own)."""
    monkeypatch.syspath_prepend(str(PLUGINS))
    for name in ("companion_game", "companion_game_solver"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    extra = EntryPoint("companion_game", "companion_game", ENTRY_POINT_GROUP)
    return Host.load(entry_points=[*entry_points(group=ENTRY_POINT_GROUP), extra])


def test_a_plugin_s_companion_is_imported_when_the_solver_first_runs_and_asked_by_it(plugin_host):
    host = plugin_host
    assert host.plugins["companion_game"].status == "ok"
    cls = host.game("test-companion")
    assert cls.solver_companion == "companion_game_solver:ItsSolver"
    host.new_game("test-companion", 1)  # the host loads and deals the game: no solver code is needed for it
    assert "companion_game_solver" not in sys.modules
    # One move away from nothing: the Ace is in the stock, its 2 on a pile. No card fits a foundation at
    # first, so the companion is asked everything the search asks of a position.
    game = _layout(cls, tableau_1="2H", stock="AH")
    result = solve(game, nodes=1000)
    assert "companion_game_solver" in sys.modules
    comp = companion_for(cls)
    assert type(comp).__module__ == "companion_game_solver" and type(comp).__name__ == "ItsSolver"
    assert companion_for(game) is comp  # one per class
    assert result.verdict is Verdict.WON and result.notation(game) == ["deal", "w-f1", "t1-f1"]
    assert _replays_to_a_win(game, result.line)
    asked = {hint for hint, _, _ in comp.asked}
    assert asked == {"safe_move", "dead_end", "useful_moves", "key", "progress", "estimates", "phase"}, asked
    root = game.position_key()
    assert ("dead_end", root, False) in comp.asked and ("safe_move", root, None) in comp.asked
    # The two safe moves the search played are the companion's (the Ace from the waste, then the 2).
    f1 = game.index["foundation-1"]
    safes = [answer for hint, _, answer in comp.asked if hint == "safe_move" and answer is not None]
    assert safes[:2] == [Move(game.waste_ix, f1), Move(game.index["tableau-1"], f1)]


def test_a_plugin_s_companion_decides_what_the_declarations_alone_take_longer_to(plugin_host):
    """Its dead-end test proves the loss at the first position (one position searched); the same game with
    no companion reaches the same verdict the long way, by playing the stock out."""
    cls = plugin_host.game("test-companion")
    plain = type("NoCompanion", (cls,), {"solver_companion": None})
    assert type(companion_for(plain)) is Companion
    # The 3 of hearts lies on the 2 of hearts in the waste, which gives cards only to the foundations and is
    # never turned over (no redeal). The dead ends the solver derives look at the piles only (a waste that is
    # turned over changes its order), so it takes the search to find that.
    position = dict(tableau_1="5S 3S", waste="2H 3H", stock="AH 4S AS 2S", foundation_1="AC")
    with_it, without = solve(_layout(cls, **position)), solve(_layout(plain, **position))
    assert with_it.verdict is without.verdict is Verdict.LOST
    assert with_it.nodes == 1 < without.nodes
    game = _layout(cls, **position)
    assert ("dead_end", game.position_key(), True) in companion_for(cls).asked
    # The companion's tuning is the one the search reads.
    assert companion_for(cls).first_slice == 64 != Companion.first_slice


def test_a_plugin_s_companion_on_a_real_deal(plugin_host):
    """A whole deal of the test game, dealt by the host: the search asks the same companion and decides."""
    cls = plugin_host.game("test-companion")
    for number in (1, 2, 3):
        game = plugin_host.new_game("test-companion", number)
        result = solve(game, nodes=20_000)
        assert result.decided, (number, result.stopped_by)
        if result.verdict is Verdict.WON:
            assert _replays_to_a_win(game, result.line)
    assert companion_for(cls).asked


# -- (b) bad declarations -------------------------------------------------------------------------------------

def _plain_variant(**attributes):
    """A small third-party game, with ``attributes`` added to its class body."""
    from reussite.rules import ANY, FOUNDATION_UP_IN_SUIT, Build, StackRule, foundations, stock, tableau, waste

    name = attributes.pop("__name__", "Plain")
    body = {"id": "plain-third-party", "name": "Plain",
            "stacks": (stock(), waste(1), *foundations(4, FOUNDATION_UP_IN_SUIT, x=2),
                       *tableau(3, StackRule(build=Build("same", -1), empty=ANY), y=1)),
            "deal": lambda self, cards: self.place("stock", cards), **attributes}
    return type(name, (Variant,), body)


_POSITION = dict(tableau_1="3H 2H AH 4S", tableau_2="2S 3S", tableau_3="4H", waste="AS", stock="2C AC")


@pytest.mark.parametrize("declared", [
    "reussite_no_such_module_anywhere:Solver",  # no such module
    "reussite.solver.companion:NoSuchCompanion",  # the module has no such name
    "collections:OrderedDict",  # a class, but not a Companion
    "reussite.solver.companion:LEGACY_METHODS",  # not a class at all
    dict,  # a class object that is not a Companion
])
def test_a_declaration_that_names_no_companion_class_is_refused_naming_the_class_and_the_value(declared):
    cls = _plain_variant(solver_companion=declared)  # well-formed: only the solver finds out
    for ask in (lambda: companion_for(cls), lambda: solve(_layout(cls, **_POSITION), nodes=100)):
        with pytest.raises(CompanionError) as caught:
            ask()
        assert "Plain.solver_companion" in str(caught.value) and repr(declared) in str(caught.value)
    assert isinstance(caught.value, TypeError)
    with pytest.raises(CompanionError):  # a refusal is not cached as if it were an answer
        companion_for(cls)


@pytest.mark.parametrize("declared", [42, "no_colon_here", "a:b:c", ":Solver", "module:", "", b"m:Solver",
                                      ("m", "Solver"), object()],
                         ids=["int", "no-colon", "two-colons", "no-module", "no-class", "empty", "bytes", "tuple",
                              "instance"])
def test_a_declaration_that_is_no_class_nor_module_colon_class_is_refused_when_the_class_is_defined(declared):
    with pytest.raises(VariantError, match="solver_companion") as caught:
        _plain_variant(solver_companion=declared)
    assert repr(declared) in str(caught.value) and "Plain" in str(caught.value)


def test_the_forms_a_declaration_may_take_and_a_change_after_definition():
    solver = type("Solver", (Companion,), {})
    for declared in (None, solver, "reussite_plugins.tournament_solver:TournamentSolver"):
        assert not _plain_variant(solver_companion=declared).declaration_problems()
    assert type(companion_for(_plain_variant(solver_companion=solver))) is solver
    cls = _plain_variant()
    cls.solver_companion = 3.5  # changed after the class was defined: the host's check at load still sees it
    assert any("solver_companion" in p and "3.5" in p for p in cls.declaration_problems())
    with pytest.raises(VariantError, match="solver_companion"):
        cls.validate()


# -- (c) old-style hints on the game class ---------------------------------------------------------------------

def test_hints_still_defined_on_the_game_class_warn_and_are_used(monkeypatch):
    from reussite.solver import search

    asked = {"safe_move": 0, "solver_progress": 0}

    def safe_move(self):
        asked["safe_move"] += 1
        return None

    def solver_progress(self):
        asked["solver_progress"] += 1
        return -self.on_foundations()

    old = _plain_variant(__name__="OldStyle", safe_move=safe_move, solver_progress=solver_progress,
                         solver_beam_width=3, solver_first_slice=1)
    widths = []
    run = search._Beam.run

    def spy(self, until, check):
        widths.append(self.width)
        return run(self, until, check)

    monkeypatch.setattr(search._Beam, "run", spy)
    game = _layout(old, **_POSITION)
    with pytest.warns(DeprecationWarning) as caught:
        result = solve(game, nodes=10_000)
    message = str(next(w.message for w in caught if issubclass(w.category, DeprecationWarning)))
    assert "OldStyle" in message
    for name in ("safe_move", "solver_progress", "solver_beam_width", "solver_first_slice"):
        assert name in message, message
    assert "dead_end" not in message and "solver_key" not in message  # only the names it defines
    comp = companion_for(old)
    assert isinstance(comp, LegacyHints)
    assert (comp.beam_width, comp.first_slice) == (3, 1)
    assert (comp.complete_share, comp.best_first_share) == (Companion.complete_share, Companion.best_first_share)
    assert comp.progress(game) == solver_progress(game) and comp.estimates(game) == (comp.progress,)
    # Used by the search: each of them was asked, and the beams are 3 wide (then 6) from the first turn on.
    assert asked["safe_move"] and asked["solver_progress"], asked
    assert widths and widths[0] == 3 and set(widths) <= {3, 6, 12, 24, 48, 96}, widths
    assert result.verdict is Verdict.WON and _replays_to_a_win(game, result.line)
    # The same position without them: the same verdict (hints change how soon, never which).
    assert solve(_layout(_plain_variant(), **_POSITION), nodes=10_000).verdict is Verdict.WON
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # warned once per class: the companion is kept
        solve(game, nodes=10_000)


@pytest.mark.parametrize("hint", ["dead_end", "useful_moves", "solver_key"])
def test_an_old_style_hint_that_says_no_future_turns_a_won_position_into_a_lost_one(hint):
    """Each old-style pruning hint is called through the legacy companion, as it was by the search itself."""
    liar = _plain_variant(__name__="Liar", **{hint: {
        "dead_end": lambda self: True,
        "useful_moves": lambda self, moves: [],
        "solver_key": lambda self: b"one key for every position",
    }[hint]})
    position = dict(tableau_1="3H 2H AH", tableau_2="2S 3S", waste="AS", stock="4H")
    assert solve(_layout(_plain_variant(), **position), nodes=10_000).verdict is Verdict.WON
    with pytest.warns(DeprecationWarning, match=rf"Liar defines solver hints on the game \({hint}\)"):
        assert solve(_layout(liar, **position), nodes=10_000).verdict is Verdict.LOST


def test_old_style_estimates_and_phases_are_used():
    seen = []

    def spy(game):
        seen.append("estimate")
        return -game.on_foundations()

    old = _plain_variant(__name__="OldEstimates", solver_first_slice=1,
                         solver_estimates=lambda self: (spy,),
                         solver_phase=lambda self: seen.append("phase") or self.on_foundations())
    game = _layout(old, **_POSITION)
    with pytest.warns(DeprecationWarning, match="solver_phase, solver_estimates, solver_first_slice"):
        comp = companion_for(old)
    assert comp.estimates(game) == (spy,) and comp.phase(game) == 0
    seen.clear()
    result = solve(game, nodes=10_000)
    assert result.verdict is Verdict.WON and "estimate" in seen and "phase" in seen


def test_old_style_hints_on_a_subclass_of_a_game_with_a_companion_are_not_dropped_silently(host):
    """A plugin written before companions that subclasses a bundled game and overrides one of its hints (as
    tests/faults' Flaky subclasses Forty Thieves) used to have the hint used; now the inherited declaration
    wins. It must at least be told (the DeprecationWarning the other old-style hints get)."""
    cls = host.game("forty-thieves")
    mine = type("MyFortyThieves", (cls,), {"dead_end": lambda self: False})
    with pytest.warns(DeprecationWarning, match="MyFortyThieves"):
        comp = companion_for(mine)
    # Its own hint is used, over the companion it inherits, which answers the rest.
    assert type(comp).__name__ == "LegacyFortyThievesSolver"
    game = mine(3)
    assert comp.dead_end(game) is False and comp.safe_move.__func__.__qualname__ == "FortyThievesSolver.safe_move"


@pytest.mark.parametrize("hint", ["super_safe_move", "estimates_with_the_default_progress"])
def test_old_style_hints_that_lean_on_game_s_former_defaults_still_work(hint):
    """Old-style hints were written against Game's defaults: an override that adds to ``super().safe_move()``
    or ``super().dead_end()``, estimates that list ``type(self).solver_progress`` (Game.solver_estimates'
    documented default) beside their own. The legacy companion should answer those calls as the defaults
    did, so that such a plugin keeps working, with its warning."""
    base = _plain_variant()
    if hint == "super_safe_move":
        class Old(base):
            def safe_move(self):
                return super().safe_move()

            def dead_end(self):
                return super().dead_end()
    else:
        class Old(base):
            def solver_estimates(self):
                return (type(self).solver_progress, lambda game: -game.on_foundations())

    with pytest.warns(DeprecationWarning, match="Old"):
        result = solve(_layout(Old, **_POSITION), nodes=10_000)
    assert result.verdict is Verdict.WON


# -- (d), (e) the bundled game modules: no solver code, no companion imported with them --------------------

def _game_modules() -> list[Path]:
    found = sorted((ROOT / "plugins").glob("*_game.py"))
    assert [p.name for p in found] == [f"{name}_game.py" for name in BUNDLED]
    return found


def _defined_names(tree: ast.AST) -> set[str]:
    """Every name a module defines or assigns anywhere (module, class or function bodies, attributes)."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "setattr" \
                and len(node.args) > 1 and isinstance(node.args[1], ast.Constant):
            names.add(node.args[1].value)
    return names


def _imported_modules(tree: ast.AST) -> set[str]:
    modules = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "." * node.level + (node.module or "")
            modules.add(base)
            modules.update(f"{base}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name) and node.args \
                and getattr(node.func, "attr", getattr(node.func, "id", None)) in ("import_module", "__import__") \
                and isinstance(node.args[0], ast.Constant):
            modules.add(node.args[0].value)
    return modules


@pytest.mark.parametrize("path", _game_modules(), ids=lambda p: p.name)
def test_a_bundled_game_module_defines_no_solver_hint_and_imports_no_solver_code(path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names = _defined_names(tree)
    legacy = names & {*LEGACY_METHODS, *LEGACY_ATTRIBUTES, *LEGACY_ATTRIBUTES.values()}
    assert not legacy, f"{path.name} defines solver hints: {sorted(legacy)}"
    tuning = {n for n in names if n.startswith("solver_")} - {"solver_companion"}
    assert not tuning, f"{path.name} defines solver attributes: {sorted(tuning)}"
    solver = {m for m in _imported_modules(tree)
              if m == "reussite.solver" or m.startswith("reussite.solver.") or m.endswith("_solver")
              or m.endswith(".solver")}
    assert not solver, f"{path.name} imports solver code: {sorted(solver)}"
    # It attaches its companion by name, and the name resolves to a Companion beside it.
    game = path.stem.removesuffix("_game")
    assert f'"reussite_plugins.{game}_solver:' in path.read_text(encoding="utf-8")


def test_every_bundled_game_declares_a_companion_beside_it(host):
    for game_id in ("forty-thieves", "mount-olympus", "osmosis", "tournament"):
        cls = host.game(game_id)
        module, _, name = cls.solver_companion.partition(":")
        assert module == cls.__module__.removesuffix("_game") + "_solver", (game_id, module)
        comp = companion_for(cls)
        assert type(comp).__name__ == name and type(comp).__module__ == module
        assert isinstance(comp, Companion) and not isinstance(comp, LegacyHints)


@pytest.mark.parametrize("game", BUNDLED)
def test_importing_a_bundled_game_does_not_import_its_companion(game):
    code = (f"import reussite_plugins.{game}_game, reussite_plugins.{game}, sys; "
            f"print('reussite_plugins.{game}_solver' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out


def test_loading_the_host_and_dealing_imports_no_companion():
    code = ("import sys; from reussite.host import Host; host = Host.load(); "
            "[host.new_game(g, 1) for g in ('forty-thieves', 'mount-olympus', 'osmosis', 'tournament')]; "
            "print(sorted(m for m in sys.modules if m.startswith('reussite_plugins.') and m.endswith('_solver')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.strip() == "[]", out


# -- (e) the default progress estimate, read from the declarations ----------------------------------------------

def _freecell_progress(layout: dict[str, str]) -> float:
    from helpers import arrange

    game = arrange(Host.load().new_game("freecell", 1), layout)
    return Companion(type(game)).progress(game)


def test_default_progress_counts_an_empty_free_cell():
    # The same cards, one of them in a free cell or on a pile where it follows the build: a free cell taken
    # costs the reserve weight, nothing else differs.
    base = {"foundation-1": "AS", "tableau-1": "KH QS", "tableau-2": "9D 8C"}
    in_cell = _freecell_progress({**base, "reserve-1": "7H"})
    on_pile = _freecell_progress({**base, "tableau-2": "9D 8C 7H"})
    assert on_pile - in_cell == Companion.reserve_weight > 0


def test_default_progress_counts_the_cards_above_the_card_a_foundation_wants_next():
    # With the ace of spades on its foundation, the two of spades is wanted: each card above it costs the
    # blocked weight; a card that no foundation takes costs nothing wherever it is buried. Every pile keeps
    # the same disorder (each card breaks the build of the one under it).
    deep = _freecell_progress({"foundation-1": "AS", "tableau-1": "2S 9H 9C", "tableau-2": "5D"})
    shallow = _freecell_progress({"foundation-1": "AS", "tableau-1": "9H 2S 9C", "tableau-2": "5D"})
    top = _freecell_progress({"foundation-1": "AS", "tableau-1": "9H 9C 2S", "tableau-2": "5D"})
    assert shallow - deep == top - shallow == Companion.blocked_weight > 0
    unwanted = _freecell_progress({"foundation-1": "AS", "tableau-1": "5D 9H 9C", "tableau-2": "2S"})
    assert unwanted == top


def _spider_progress(cls, piles: dict[str, str]) -> float:
    game = cls.from_layout({"options": {"suits": "4"} if cls.options else {},
                            "stacks": [{"id": k, "cards": v.split()} for k, v in piles.items()]})
    return Companion(cls).progress(game)


def test_default_progress_counts_a_card_that_follows_the_build_but_does_not_move_with_the_card_under_it():
    """Spider builds in any suit but moves runs of one suit (its declared ``run``): the estimate counts a five
    of hearts on a six of spades as out of order, where the build alone would not (``CompiledRule.runs_on``,
    no override to ask); a game whose runs follow its build (FreeCell) is read from the build."""
    host = Host.load()
    if "spider" not in host.games:
        pytest.skip("the classic games are not installed (pip install -e ./classics)")
    spider = host.games["spider"]
    piles = {"tableau-1": "7D 6S", "tableau-2": "KC"}
    in_suit = _spider_progress(spider, {**piles, "tableau-1": "7D 6S 5S"})
    mixed = _spider_progress(spider, {**piles, "tableau-1": "7D 6S 5H"})
    broken = _spider_progress(spider, {**piles, "tableau-1": "7D 6S 9H"})  # no build at all
    assert in_suit - mixed == 0.5 and mixed == broken
    game = spider(1, {"suits": "4"})
    assert Companion(spider)._run_tables(game) is None  # nothing to ask: the rule says it
    six_spades, five_spades = 6 * 4 + 1, 5 * 4 + 1  # suits: clubs, spades, hearts, diamonds
    assert game._rules[game.tableau_ix[0]].runs_on[six_spades] == {five_spades}
    freecell = host.games["freecell"]
    assert Companion(freecell)._run_tables(freecell(1, {})) is None


def test_default_progress_reads_the_runs_a_game_moves_from_its_own_max_movable():
    """Simple Simon picks up any sequence down by one but moves one of several suits only through empty piles
    (its own ``max_movable``): with no empty pile, a five of hearts on a six of spades does not move with it,
    and the estimate counts it out of order (Simple Simon, deals 1-20 at 5,000 positions: 14 won against 0)."""
    host = Host.load()
    if "simple-simon" not in host.games:
        pytest.skip("the classic games are not installed (pip install -e ./classics)")
    simon = host.games["simple-simon"]
    game = simon(1, {})
    tables = Companion(simon)._run_tables(game)
    assert tables is not None
    six_spades, five_spades = 6 * 4 + 1, 5 * 4 + 1
    assert tables[game.tableau_ix[3]][six_spades] == {five_spades}
    piles = {"tableau-2": "KC"}
    in_suit = _spider_progress(simon, {**piles, "tableau-1": "7D 6S 5S"})
    mixed = _spider_progress(simon, {**piles, "tableau-1": "7D 6S 5H"})
    assert in_suit - mixed == 0.5
