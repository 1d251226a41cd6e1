"""Games written in the plugin guide's styles (guide_styles.py) against the classics' declared forms (issue 37):
the same moves on the fast generator, and where the fast form needs a declaration the engine cannot assume,
``reussite check`` says which, and the declared form then searches as the classic does, node for node. The speed
ratios are tools/bench_guide_styles.py's (no test asserts a time)."""

from __future__ import annotations

import random

import pytest
from guide_styles import (
    NEXT,
    BlackHoleByTop,
    BlackHoleDropRefusal,
    BlackHoleOwnRule,
    FreeCellMaxMovable,
    FreeCellMaxMovableGrouped,
)
from reussite_classics.black_hole import BlackHole
from reussite_classics.freecell import FreeCell

from reussite.moves import R_BUILD
from reussite.rules import Kind
from reussite.solver import solve
from reussite.testing import _PlaceProbe, _TopProbe, check_game

NODES = 3000


@pytest.fixture
def small_measure(monkeypatch):
    """The check's measure of the gain on two deals at 500 positions (the real solver, a smaller budget)."""
    for probe in (_PlaceProbe, _TopProbe):
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
