"""Groups of interchangeable stacks (``Game.interchangeable_stacks``), which the solver keys as sets: Spider's
piles once its stock is empty, and what ``reussite check`` does about a group the rules tell apart.

The verdicts are compared with the exhaustive search of test_brute_force.py keyed with no group at all, which
shares nothing with the solver.
"""

from __future__ import annotations

import os
import random

import pytest
from solver.test_brute_force import TooBig, brute_force

from reussite.cards import Card
from reussite.game import Deal, Game
from reussite.solver import Verdict, solve
from reussite.testing import check_game

CASES = int(os.environ.get("SYMMETRY_CASES", "40" if os.environ.get("CI") else "10"))


@pytest.fixture(autouse=True)
def _small_brute_force(monkeypatch):
    import solver.test_brute_force as exhaustive

    monkeypatch.setattr(exhaustive, "LIMIT", 8000)


def _classic(game_id: str):
    try:
        from reussite.host import Host

        return Host.load().games[game_id]
    except Exception:  # not installed
        if os.environ.get("CI"):
            raise
        pytest.skip("the classic games are not installed (pip install -e ./classics)")


def _ids(game, groups) -> list[list[str]]:
    return [[game.specs[i].id for i in group] for group in groups]


def test_spider_piles_are_a_group_once_the_stock_is_empty():
    cls = _classic("spiderette")
    game = cls(1, {})
    foundations = [f"foundation-{k}" for k in range(1, 5)]  # only finished runs fill them, the first empty one
    # The engine's default groups (no code of Spiderette's own): the stock deals onto the piles in order
    assert _ids(game, game.interchangeable_stacks()) == [foundations]
    while game.cards[game.stock_ix]:
        game.push(Deal())
    assert _ids(game, game.interchangeable_stacks()) == [foundations, [f"tableau-{k}" for k in range(1, 8)]]
    # Two piles swapped: one key.
    layout = game.layout_json()
    swapped = {**layout, "stacks": [dict(s) for s in layout["stacks"]]}
    a, b = (next(k for k, s in enumerate(layout["stacks"]) if s["id"] == f"tableau-{n}") for n in (2, 5))
    swapped["stacks"][a], swapped["stacks"][b] = ({**swapped["stacks"][a], "cards": layout["stacks"][b]["cards"],
                                                   "face_down": layout["stacks"][b]["face_down"]},
                                                  {**swapped["stacks"][b], "cards": layout["stacks"][a]["cards"],
                                                   "face_down": layout["stacks"][a]["face_down"]})
    one, two = cls.from_layout(layout), cls.from_layout(swapped)
    assert one.snapshot() != two.snapshot() and one.position_key() == two.position_key()
    # Simple Simon has no stock: its piles are a group from the deal.
    simon = _classic("simple-simon")(1, {})
    assert _ids(simon, simon.interchangeable_stacks()) == [foundations, [f"tableau-{k}" for k in range(1, 11)]]


def _endgame(cls, rng: random.Random) -> dict:
    """Spiderette with its stock dealt: one or two suits left on the seven piles, some cards face down, the
    others' finished runs home."""
    left = rng.sample(range(4), rng.choice((1, 2)))
    stacks, home = [], [s for s in range(4) if s not in left]
    for k, suit in enumerate(home):
        stacks.append({"id": f"foundation-{k + 1}", "cards": [Card(r, suit).code for r in range(13, 0, -1)]})
    cards = [Card(r, s).code for s in left for r in range(1, 14)]
    rng.shuffle(cards)
    piles: list[list[str]] = [[] for _ in range(7)]
    for code in cards:
        piles[rng.randrange(7)].append(code)
    for k, pile in enumerate(piles):
        stacks.append({"id": f"tableau-{k + 1}", "cards": pile, "face_down": rng.randint(0, max(0, len(pile) - 1))})
    return {"stacks": stacks}


def test_spider_endgames_keyed_with_the_piles_as_a_set_get_the_exhaustive_search_verdicts():
    cls = _classic("spiderette")
    rng = random.Random(5)
    checked, verdicts = 0, set()
    for _ in range(CASES * 6):
        game = cls.from_layout(_endgame(cls, rng))
        assert game.interchangeable_stacks()
        try:
            expected = brute_force(game, lambda g: ())  # every position kept apart, pile by pile
        except TooBig:
            continue
        result = solve(game, nodes=60_000)
        assert result.verdict is (Verdict.WON if expected else Verdict.LOST), game.layout_json()
        checked += 1
        verdicts.add(expected)
        if checked == CASES:
            break
    assert checked == CASES and verdicts == {True, False}, (checked, verdicts)


def _always_grouped(cls):
    """The mutant: Spiderette's piles keyed as a set while the stock still deals onto them in order."""
    def interchangeable_stacks(self):
        return (tuple(self.tableau_ix),)

    return type("GroupedSpiderette", (cls,),
                {"id": "grouped-spiderette", "interchangeable_stacks": interchangeable_stacks})


def test_reussite_check_fails_a_group_whose_stacks_the_rules_tell_apart():
    cls = _classic("spiderette")
    assert check_game(cls, deals=3, steps=60).ok
    report = check_game(_always_grouped(cls), deals=3, steps=60)
    assert not report.ok
    assert "in a group of interchangeable_stacks()" in report.failure.problem, report
    assert "tableau-" in report.failure.problem


def test_bristols_reserves_which_its_deal_fills_in_order_are_not_grouped():
    """The engine's default grouped Bristol's three reserves, though its deal puts one card onto each in order;
    the check's swap found it. The reserves the stock deals onto keep their places while it has cards
    (DealTo.RESERVE), and join once it is empty; the piles, which nothing is dealt onto, are alike."""
    cls = _classic("bristol")
    game = cls(1, {})
    piles = [f"tableau-{k}" for k in range(1, 9)]
    assert _ids(game, game.interchangeable_stacks()) == [[f"foundation-{k}" for k in range(1, 5)], piles]
    game.cards[game.stock_ix] = []
    assert [f"reserve-{k}" for k in range(1, 4)] in _ids(game, game.interchangeable_stacks())
    old = type("OldBristol", (cls,), {"id": "old-bristol", "_default_groups": None,
                                      "interchangeable_stacks": lambda self: (*Game.interchangeable_stacks(self),
                                                                              tuple(self.reserve_ix))})
    report = check_game(old, deals=2, steps=60)
    assert not report.ok and "reserve-" in report.failure.problem, report
    assert check_game(cls, deals=2, steps=60).ok
