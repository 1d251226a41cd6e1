"""The Spider family of the classics beyond Spider itself (tested in test_classics_rules.py): Spiderette,
Scorpion, Simple Simon, Spider Three Decks and Will o' the Wisp. Each game's deal against PySolFC's
(pysol-cards' own deal where it has the game, else PySolFC's dealing order rebuilt over its shuffle, as
classics_support.spider does), then each clause of its rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from reussite_classics.spider import Spiderette

from reussite.game import DEAL, Deal, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)
RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"  # AS finishes it


def position(cls, options=None, face_down=None, **stacks):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top); ``face_down={"tableau_1": 1}``."""
    face_down = face_down or {}
    entries = []
    for name, cards in stacks.items():
        entry = {"id": name.replace("_", "-"), "cards": cards.split()}
        if name in face_down:
            entry["face_down"] = face_down[name]
        entries.append(entry)
    return cls.from_layout({"options": options or {}, "stacks": entries})


def move(game, src, dst, n=1):
    return Move(game.index[src], game.index[dst], n)


def legal(game, src, dst, n=1):
    """Whether the rules accept the move, checked to agree with the listing of legal moves."""
    m = move(game, src, dst, n)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst, n)
    return accepted


def refused(game, src, dst, n=1):
    """The refusal, in English, of a move the rules refuse (and do not list)."""
    assert not legal(game, src, dst, n), (src, dst, n)
    return str(game.explain(move(game, src, dst, n)))


def codes(game, stack):
    return [c.code for c in game.stack(stack)]


def check_deal(cls, expected_of, options=None):
    for number in NUMBERS:
        game = cls(number, options or {})
        expected = expected_of(number)
        layout, down = oracle.layout_of(game), oracle.face_down_of(game)
        for stack, cards in expected["cards"].items():
            assert layout[stack] == cards, (cls.id, number, stack)
        assert sum(map(len, expected["cards"].values())) == len(game.pack()), (cls.id, number)
        for stack, count in expected.get("face_down", {}).items():
            assert down[stack] == count, (cls.id, number, stack)


def pysolfc_deal(decks, number, rows, piles):
    """PySolFC's deal rebuilt over its shuffle: ``rows`` is its startGame's dealRow calls in order, each a
    list of pile indexes and whether the cards are face up; the rest is the talon (the stock)."""
    cards = [oracle.code(c) for c in oracle.shuffled(decks, number)]
    dealt: list[list[str]] = [[] for _ in range(piles)]
    down = [0] * piles
    for row, face_up in rows:
        for i in row:
            dealt[i].append(cards.pop())
            down[i] += not face_up
    layout = {f"tableau-{i + 1}": pile for i, pile in enumerate(dealt)}
    if cards:
        layout["stock"] = cards
    return {"cards": layout, "face_down": {f"tableau-{i + 1}": d for i, d in enumerate(down)}}


def full_runs(count):
    return {f"foundation_{i + 1}": " ".join(r + s for r in "KQJT98765432A") for i, s in
            zip(range(count), "CSHD" * 3, strict=False)}


# -- Spiderette ------------------------------------------------------------------------------------------


def spiderette_rows():
    """Spiderette.startGame (PySolFC game 24): rows[i:] face down for i = 1..6, then a face-up row."""
    return [(range(i, 7), False) for i in range(1, 7)] + [(range(7), True)]


def test_spiderette_deals_like_pysolfc():
    check_deal(Spiderette, lambda n: pysolfc_deal(1, n, spiderette_rows(), 7))


def test_spiderette_deals_seven_piles_of_one_to_seven_with_the_top_cards_face_up():
    game = Spiderette(4)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == list(range(1, 8))
    assert [game.face_down[game.index[f"tableau-{k}"]] for k in range(1, 8)] == list(range(7))
    assert len(game.stack("stock")) == 24 and len(game.foundation_ix) == 4
    assert sorted(c.code for c in game.pack()) == sorted(r + s for r in "A23456789TJQK" for s in "CSHD")
    assert Spiderette.options == ()


def spiderette(**stacks):
    """Piles not given hold a King of clubs, diamonds or hearts or a Queen of clubs (no spades)."""
    stacks.setdefault("stock", "")
    fill = iter("KD KC KH QC QD QH JD".split())
    for i in range(1, 8):
        stacks.setdefault(f"tableau_{i}", next(fill))
    return position(Spiderette, **stacks)


def test_spiderette_builds_down_regardless_of_suit_and_moves_runs_of_one_suit():
    game = spiderette(tableau_1="9D", tableau_2="8D", tableau_3="QH 7C", tableau_4="TS 9S 8S", tableau_5="TH 9C 8H",
                      tableau_6="", tableau_7="JD")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down regardless of suit" in refused(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-4", "tableau-7", 3)
    assert "do not form a sequence" in refused(game, "tableau-5", "tableau-7", 3)  # two suits
    assert legal(game, "tableau-3", "tableau-6")  # an empty pile takes any card


def test_spiderette_deals_a_card_on_each_pile_only_when_none_is_empty_and_the_last_deal_is_short():
    game = spiderette(stock="2S 3S 4S", tableau_5="")
    assert str(game.explain(DEAL)) == "Fill every empty pile before dealing."
    assert game.refusal(Deal()) is not None and DEAL not in set(game.legal_moves())
    game = spiderette(stock="2S 3S 4S")
    game.push(DEAL)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [2, 2, 2, 1, 1, 1, 1]
    assert codes(game, "tableau-1")[-1] == "4S" and not game.stack("stock")
    assert game.refusal(DEAL) is not None  # no redeal


def test_a_finished_spiderette_run_leaves_for_a_foundation_and_nothing_comes_back():
    game = spiderette(tableau_1="5H " + RUN, tableau_2="AS", tableau_3="")
    game.push(move(game, "tableau-2", "tableau-1"))
    assert len(game.stack("foundation-1")) == 13 and codes(game, "tableau-1") == ["5H"]
    assert game.score() == 13
    assert refused(game, "foundation-1", "tableau-3")
    game.pop()
    assert not game.stack("foundation-1")


def test_spiderette_is_won_with_four_runs_on_the_foundations():
    game = position(Spiderette, **full_runs(4))
    assert game.is_won() and game.score() == Spiderette.max_score == 52
    assert not position(Spiderette, **full_runs(3), tableau_1=" ".join(r + "D" for r in "KQJT98765432A")).is_won()
