"""Games written in the plugin guide's styles (guide_styles.py) against the classics' declared forms (issue 37):
the same moves on the fast generator, and where the fast form needs a declaration the engine cannot assume,
``reussite check`` says which, and the declared form then searches as the classic does, node for node. The speed
ratios are tools/bench_guide_styles.py's (no test asserts a time)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest
from guide_styles import (
    NEXT,
    BlackHoleByTop,
    BlackHoleDropRefusal,
    BlackHoleOwnRule,
    FreeCellMaxMovable,
    FreeCellMaxMovableGrouped,
    FreeCellNoKingInACell,
    FreeCellRefusal,
    KingAlbertPickRefusal,
    KlondikeAfterMove,
    KlondikeExtraRefusal,
    KlondikeKept,
)
from reussite_classics.black_hole import BlackHole
from reussite_classics.freecell import FreeCell
from reussite_classics.klondike import KingAlbert, Klondike, Westhaven, Zebra
from reussite_classics.pileon import Pileon
from reussite_classics.spider import Spider

from reussite.movegen import checked_moves
from reussite.moves import R_BUILD, R_TOO_MANY, Move
from reussite.rules import Kind
from reussite.solver import solve
from reussite.testing import _FormProbe, _PlaceProbe, _TopProbe, check_game

NODES = 3000


@pytest.fixture(autouse=True)
def _python_search(python_search):
    """The declared forms and the guide's are compared as the Python search searches them: the native core
    (reussite.solver.native) takes the declared forms alone, and would search them further still."""



@pytest.fixture
def small_measure(monkeypatch):
    """The check's measure of the gain on two deals at 500 positions (the real solver, a smaller budget)."""
    for probe in (_PlaceProbe, _TopProbe, _FormProbe):
        monkeypatch.setattr(probe, "DEALS", 2)
        monkeypatch.setattr(probe, "NODES", 500)


def test_max_movable_lists_the_classic_moves_on_the_indexed_generator():
    for number in (1, 2):
        classic, guide = FreeCell(number), FreeCellMaxMovable(number)
        assert not guide._plan.checked and guide._plan.custom_max
        rng = random.Random(number)
        for _ in range(80):
            moves = list(classic.legal_moves())
            assert list(guide.legal_moves()) == moves
            if not moves:
                break
            move = rng.choice(moves)
            classic.push(move)
            guide.push(move)


def test_the_check_advises_the_groups_max_movable_hides_and_then_the_search_is_the_classics(small_measure):
    report = check_game(FreeCellMaxMovable, 2, first=7, advise=True)  # deal 7 needs the groups at 500 positions
    assert report.ok and len(report.advice) == 1
    assert "max_movable() read no stack's place" in str(report.advice[0])
    assert repr(FreeCellMaxMovableGrouped(1).interchangeable_stacks()) in str(report.advice[0])
    Advised = FreeCellMaxMovableGrouped
    for number in (1, 2, 3):
        classic, advised, guide = (solve(cls(number), nodes=NODES) for cls in (FreeCell, Advised, FreeCellMaxMovable))
        assert (advised.verdict, advised.nodes, advised.line) == (classic.verdict, classic.nodes, classic.line)
        assert guide.verdict == classic.verdict


def test_no_advice_for_a_max_movable_that_reads_a_stacks_place(small_measure):
    class FirstPileFree(FreeCellMaxMovable):
        def max_movable(self, src, dst):  # the first pile moves any run: its place matters
            if src == self.tableau_ix[0] and self.specs[dst].kind is Kind.TABLEAU:
                return self.run_length(src)
            return super().max_movable(src, dst)

    report = check_game(FirstPileFree, 3, advise=True)
    assert report.ok and report.advice == []
    assert check_game(FreeCell, 2, advise=True).advice == []  # declared: nothing to advise


def test_the_check_advises_by_top_and_then_the_search_is_the_classics(small_measure):
    report = check_game(BlackHoleOwnRule, 3, advise=True)
    assert report.ok and len(report.advice) == 1
    assert str(report.advice[0]).startswith("foundation-1's own rule read only its top card in ")
    assert "declare by_top=True" in str(report.advice[0])

    Advised = BlackHoleByTop
    for number in (1, 2, 3):
        classic, advised = (solve(cls(number), nodes=NODES) for cls in (BlackHole, Advised))
        assert (advised.verdict, advised.nodes, advised.line) == (classic.verdict, classic.nodes, classic.line)


def test_no_by_top_advice_for_a_rule_that_reads_more_than_the_top_card(small_measure):
    class NotTheFirstFansSuit(BlackHoleOwnRule):
        def takes(self, stack):  # no card of the suit on top of the first fan: more than the hole's top card
            first = self.cards[self.tableau_ix[0]]
            keys = NEXT[self.cards[stack][-1].rank]
            return frozenset(k for k in keys if k & 3 != first[-1].suit) if first else keys

    report = check_game(NotTheFirstFansSuit, 5, advise=True)
    assert report.ok and report.advice == []
    assert check_game(BlackHole, 2, advise=True).advice == []


def test_the_check_advises_custom_drop_kinds_and_the_moves_are_then_indexed():
    report = check_game(BlackHoleDropRefusal, 2, advise=True)
    assert report.ok and len(report.advice) == 1
    assert "declare custom_drop_kinds = frozenset([Kind.FOUNDATION])" in str(report.advice[0])

    class Advised(BlackHoleDropRefusal):
        custom_drop_kinds = frozenset([Kind.FOUNDATION])

    classic, guide, advised = BlackHole(4), BlackHoleDropRefusal(4), Advised(4)
    assert guide._plan.checked and not advised._plan.checked
    rng = random.Random(4)
    for _ in range(60):
        moves = list(classic.legal_moves())
        assert list(guide.legal_moves()) == list(advised.legal_moves()) == moves
        if not moves:
            break
        move = rng.choice(moves)
        for game in (classic, guide, advised):
            game.push(move)


def test_no_custom_drop_kinds_advice_where_the_override_decides_for_every_kind():
    class NoKingOnAFan(BlackHoleDropRefusal):
        def drop_refusal(self, src, n, dst):  # decides for the fans too (they take nothing anyway, but say so)
            if self.specs[dst].kind is Kind.TABLEAU:
                return R_BUILD
            return super().drop_refusal(src, n, dst)

    assert check_game(NoKingOnAFan, 2, advise=True).advice == []


#: Each documented override point in a guide style, with the classic or declared form of the same rule and what
#: ``reussite check`` advises to declare.
STYLES = [
    (KingAlbert, KingAlbertPickRefusal, "pick_refusal", "tableau-9: pickup=PICK_TOP"),
    (FreeCell, FreeCellRefusal, "refusal", "tableau-8: pickup=PICK_RUN_BY_SPACES"),
    (KlondikeKept, KlondikeExtraRefusal, "extra_refusal", "foundation-4: pickup=PICK_NONE"),
    (Klondike, KlondikeAfterMove, "after_move", "tableau-7: flip_exposed=True"),
]


@pytest.mark.parametrize(("declared", "guide"), [s[:2] for s in STYLES], ids=[s[2] for s in STYLES])
def test_each_style_lists_the_declared_forms_moves_and_reaches_its_positions(declared, guide):
    for number in (1, 2):
        classic, written = declared(number), guide(number)
        rng = random.Random(number)
        for _ in range(80):
            moves = list(classic.legal_moves())
            assert list(written.legal_moves()) == moves
            if not moves:
                break
            move = rng.choice(moves)
            classic.push(move)
            written.push(move)
            assert written.snapshot() == classic.snapshot()


def test_an_own_pick_refusal_is_asked_only_about_the_moves_the_drop_rules_allow():
    asked = []

    class Counted(KingAlbertPickRefusal):
        def pick_refusal(self, src, n, dst):
            asked.append((src, n, dst))
            return super().pick_refusal(src, n, dst)

    game = Counted(3)
    assert not game._plan.checked
    moves = list(game.legal_moves())
    questions = list(asked)
    assert moves == checked_moves(game._plan, game)
    # Each question is about a card its target's declared rule takes: never every target for every count.
    assert questions and len(questions) < len(asked) - len(questions)
    for src, n, dst in questions:
        assert game.drop_refusal(src, n, dst) is None


@pytest.mark.parametrize(("declared", "guide", "method", "change"), STYLES, ids=[s[2] for s in STYLES])
def test_the_check_advises_the_declared_form_of_each_style(declared, guide, method, change, small_measure):
    report = check_game(guide, 3, advise=True)
    assert report.ok
    lines = [str(a) for a in report.advice]
    assert len(lines) == 1, lines  # the declared form only: it brings the groups of stacks back, and more
    assert lines[0].startswith(f"{method}() ") and change in lines[0] and f"leave {method}() out" in lines[0]


@pytest.mark.parametrize(("declared", "guide"), [s[:2] for s in STYLES], ids=[s[2] for s in STYLES])
def test_the_form_the_check_advises_searches_as_the_declared_one(declared, guide):
    """The form the check finds (its override left out, one declaration changed) is the declared form of the
    same rule: the solver gives the same verdicts, node for node and line for line."""
    probe = _FormProbe(guide)
    game, rng = guide(2), random.Random(2)
    for _ in range(40):
        probe(game)
        moves = list(game.legal_moves())
        if not moves:
            break
        game.push(rng.choice(moves))
    advised = next(form for _, change, _, form in probe.forms if change is not None)
    for number in (1, 2):
        classic, found = (solve(cls(number), nodes=NODES) for cls in (declared, advised))
        assert (found.verdict, found.nodes, found.line) == (classic.verdict, classic.nodes, classic.line)


def test_the_pick_refusal_style_decides_as_the_declared_form():
    for number in (1, 2):
        classic, guide = (solve(cls(number), nodes=NODES) for cls in (KingAlbert, KingAlbertPickRefusal))
        assert guide.verdict == classic.verdict


class OneRunOntoTheFirstPile(FreeCellRefusal):
    def refusal(self, move):  # a rule of place: no declaration says it
        if isinstance(move, Move) and move.n > 1 and move.dst == self.tableau_ix[0]:
            return R_TOO_MANY
        return super().refusal(move)


@pytest.mark.parametrize("cls", [Westhaven, Zebra, Pileon, OneRunOntoTheFirstPile, Spider],
                         ids=["pick_refusal", "after_move", "extra_refusal", "refusal", "unseen"])
def test_no_declared_form_advised_where_the_override_says_more(cls, small_measure):
    """Westhaven's top card or all the face-up ones, Zebra's piles refilled, Pileon's finished piles, a rule of
    place: no declaration says them. Spider's finished runs never happen in the check's play: not advised either."""
    report = check_game(cls, 3, advise=True)
    assert report.ok
    assert not [a for a in report.advice if "allowed the same moves" in str(a) or "left the same positions" in str(a)]


def test_reussite_check_prints_the_declared_form_in_the_users_language(run_cli, monkeypatch, small_measure):
    from reussite.hookspecs import hookimpl
    from reussite.host import Host

    plugin = type("Plugin", (), {"reussite_games": staticmethod(hookimpl(lambda: [FreeCellRefusal]))})
    host = Host.load(entry_points=[], builtin=False, extra=[("guide", plugin)])
    monkeypatch.setattr("reussite.host.Host.load", classmethod(lambda cls, *a, **k: host))
    result = run_cli("--lang", "fr", "check", "freecell-refusal", "--deals", "2")
    assert result.code == 0, result.err
    advice = [line for line in result.out.splitlines() if line.startswith("conseil\u00a0: refusal() a permis")]
    assert len(advice) == 1, result.out
    assert "pickup=PICK_RUN_BY_SPACES en " in advice[0] and "retirez refusal()" in advice[0]
    assert "Avec les déclarations conseillées ici, les coups sont listés " in advice[0]


def test_the_check_advises_the_groups_an_extra_refusal_without_a_declared_form_hides(small_measure):
    report = check_game(FreeCellNoKingInACell, 2, first=22, advise=True)  # deal 23 needs the groups at 500
    assert report.ok and len(report.advice) == 1, report.advice
    assert str(report.advice[0]).startswith("extra_refusal() read no stack's place in ")

    class KingsToTheFirstCellOnly(FreeCellNoKingInACell):
        def extra_refusal(self, src, n, dst):  # the first cell takes a King: its place matters
            if dst == self.reserve_ix[0] and n == 1:
                return None
            return super().extra_refusal(src, n, dst)

    assert check_game(KingsToTheFirstCellOnly, 2, first=22, advise=True).advice == []


def test_code_that_breaks_under_a_tried_declaration_is_not_the_games_failure(small_measure):
    class OneCardOnly(KingAlbert):
        id = "king-albert-one-card-only"

        def extra_refusal(self, src, n, dst):  # written for the declared one-card pickup, asked only under it
            if n != 1:
                raise AssertionError("asked about a run")
            return None

    report = check_game(OneCardOnly, 2, advise=True)
    assert report.ok, str(report)


def test_the_guides_own_golf_gets_the_declarations_it_says_to_prefer(small_measure):
    """The guide writes Golf's stock and win as overrides to show how one looks, and says the declarations are
    better: the check names them, both, and measures them together (the walk search needs both)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
    from golf import Golf

    advice = [str(a) for a in check_game(Golf, 3, advise=True).advice]
    assert len(advice) == 2, advice
    assert advice[0].startswith("do_deal() left the same positions as the declarations with "
                                "deal_to=DealTo.FOUNDATION, deal_count=1 after ")
    assert advice[1].startswith("is_won() gave the same answers as the declarations with "
                                "won_when_empty=(Kind.TABLEAU,) in ")
