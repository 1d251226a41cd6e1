"""The Monte Carlo family (Monte Carlo, Neighbor, Quatorze) and Gay Gordons, written with the host's
``Pairs`` declaration: PySolFC's deals for the grid games (games 89, 92 and 810: one row of 25 from the top of
the talon, MonteCarlo.startGame) rebuilt over pysol-cards' shuffle; Gay Gordons, which PySolFC does not have,
dealt row by row; and every rule of the French pages on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.gay_gordons import GayGordons
from reussite_classics.montecarlo import R_NOTHING_TO_CLOSE, R_REFILLS_BY_ITSELF, MonteCarlo, Neighbor, Quatorze

from reussite.game import DEAL, Move, Pair
from reussite.moves import R_ALONE_ONLY, R_NOT_ALONE, R_PAIR_APART, R_PAIR_LINE, R_PAIR_RANK, R_PAIR_SAME, R_PAIR_TOTAL

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, **stacks):
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries})


def grid(cls, cards, stock="", discarded=""):
    """A grid game with ``cards`` on places 1, 2, ... ("-" for an empty place)."""
    stacks = {f"tableau_{i + 1}": "" if code == "-" else code for i, code in enumerate(cards.split())}
    return position(cls, stock=stock, foundation_1=discarded, **stacks)


def pair(game, a, b):
    return Pair(game.index[f"tableau-{a}"], game.index["foundation-1"], 1, game.index[f"tableau-{b}"])


def legal(game, move):
    accepted = game.is_legal(move)
    assert accepted == (move in set(game.legal_moves())), move
    return accepted


def places(game):
    return " ".join(game.cards[i][-1].code if game.cards[i] else "-" for i in game.tableau_ix)


# -- the deals -------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", [MonteCarlo, Neighbor, Quatorze])
def test_the_grid_games_deal_as_pysolfc(cls):
    for number in NUMBERS:
        cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
        expected = {f"tableau-{i + 1}": [cards.pop()] for i in range(25)}
        expected["stock"] = cards
        game = cls(number)
        layout = oracle.layout_of(game)
        for stack, codes in expected.items():
            assert layout[stack] == codes, (cls.id, number, stack)
        assert oracle.face_down_of(game)["stock"] == 27 and not game.stack("foundation-1")


def test_gay_gordons_deals_row_by_row():
    for number in NUMBERS:
        cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
        piles = [[] for _ in range(11)]
        for row in range(5):
            for pile in piles[(0 if row < 2 else 1):]:
                pile.append(cards.pop())
        layout = oracle.layout_of(GayGordons(number))
        assert [layout[f"tableau-{i + 1}"] for i in range(11)] == piles, number
        assert not cards and not any(GayGordons(number).face_down)


# -- Monte Carlo -----------------------------------------------------------------------------------------

#: 25 cards for a full grid.
FULL = " ".join(r + s for s in "SHC" for r in "A23456789TJQK").split()[:25]


def test_monte_carlo_pairs_touching_cards_of_a_rank():
    game = grid(MonteCarlo, "5H 9C 7S 3D 2D  KH 5C 9S 2S 7C")
    assert legal(game, pair(game, 1, 7))  # corner to corner
    assert legal(game, pair(game, 2, 8))  # one above the other
    assert legal(game, pair(game, 5, 9))  # corner to corner, the other way
    assert not legal(game, pair(game, 3, 10))  # 7S and 7C are two columns apart
    assert game.refusal(pair(game, 3, 10)) is R_PAIR_APART
    assert not legal(game, pair(game, 1, 2))
    assert game.refusal(pair(game, 1, 2)) is R_PAIR_RANK
    game = grid(MonteCarlo, "4C - - - 9H  9D")
    assert not legal(game, pair(game, 5, 6))  # the end of a row does not touch the start of the next
    game = grid(MonteCarlo, "5H 9C 7S 3D 2D  KH 5C 9S 2S 7C")
    game.push(pair(game, 1, 7))
    assert [c.code for c in game.stack("foundation-1")] == ["5H", "5C"] and game.score() == 2
    assert places(game).split()[:7] == ["-", "9C", "7S", "3D", "2D", "KH", "-"]  # nothing moves by itself


def test_monte_carlo_stock_closes_up_the_grid_then_fills_it():
    game = grid(MonteCarlo, "- 9C - 3D", stock="KC QC JC")
    game.push(DEAL)
    assert places(game).split()[:6] == ["9C", "3D", "JC", "QC", "KC", "-"]
    assert not game.stack("stock")
    full = grid(MonteCarlo, " ".join(FULL), stock="AD")
    assert full.refusal(DEAL) is R_NOTHING_TO_CLOSE


def test_monte_carlo_closes_up_with_the_stock_out_and_is_won_with_every_card_removed():
    game = grid(MonteCarlo, "- 9C")
    assert game.is_legal(DEAL)
    game.push(DEAL)
    assert places(game).split()[:2] == ["9C", "-"]
    assert not game.is_legal(DEAL)
    others = [r + s for s in "CSHD" for r in "A23456789TJQK" if r + s not in ("AC", "AS")]
    game = grid(MonteCarlo, "AC AS", discarded=" ".join(others))
    assert not game.is_won()
    game.push(pair(game, 1, 2))
    assert game.is_won() and game.score() == MonteCarlo.max_score == 52


# -- Neighbor --------------------------------------------------------------------------------------------


def test_neighbor_pairs_touching_cards_making_13_and_removes_kings_alone():
    game = grid(Neighbor, "6H 7C 9S 4D KD  QH AS 5C 8D 4C", stock="3C 3D")
    assert legal(game, pair(game, 1, 2))  # 6 + 7, side by side
    assert legal(game, pair(game, 6, 7))  # Queen + Ace
    assert legal(game, pair(game, 3, 4))
    assert not legal(game, pair(game, 3, 10))  # 9 + 4, but they do not touch
    assert game.refusal(pair(game, 3, 10)) is R_PAIR_APART
    assert not legal(game, pair(game, 5, 9))  # King + 8: the King goes alone, whatever it is paired with
    assert game.refusal(pair(game, 5, 9)) is R_ALONE_ONLY
    assert game.refusal(pair(game, 1, 6)) is R_PAIR_TOTAL  # 6 + Queen, touching: 18, not 13
    king = Move(game.index["tableau-5"], game.index["foundation-1"], 1)
    assert legal(game, king)
    assert game.refusal(Move(game.index["tableau-1"], game.index["foundation-1"], 1)) is R_NOT_ALONE
    assert game.refusal(DEAL) is R_REFILLS_BY_ITSELF


def test_neighbor_closes_up_and_fills_from_the_stock_after_each_removal():
    game = grid(Neighbor, "6H 7C 9S 4D KD  QH AS 5C 8D 4C", stock="3C 3D")
    game.push(pair(game, 1, 2))
    assert places(game).split()[:11] == "9S 4D KD QH AS 5C 8D 4C 3D 3C -".split()
    game.push(Move(game.index["tableau-3"], game.index["foundation-1"], 1))  # the King alone
    assert places(game).split()[:10] == "9S 4D QH AS 5C 8D 4C 3D 3C -".split()
    game.pop()
    game.pop()
    assert places(game).split()[:10] == "6H 7C 9S 4D KD QH AS 5C 8D 4C".split()


# -- Quatorze --------------------------------------------------------------------------------------------


def test_quatorze_pairs_cards_making_14_in_a_row_or_a_column():
    game = grid(Quatorze, "6H 8C 9S 4D 5D  QH AS 5C 5H 2S  - - - - -  - - - - -  8S", stock="3C 3D")
    assert legal(game, pair(game, 1, 2))  # 6 + 8 in the first row
    assert legal(game, pair(game, 3, 8))  # 9 + 5 in the third column
    assert legal(game, pair(game, 1, 21))  # 6 + 8 in the first column, far apart
    assert not legal(game, pair(game, 3, 9))  # 9 + 5 corner to corner
    assert game.refusal(pair(game, 3, 9)) is R_PAIR_LINE
    assert not legal(game, pair(game, 1, 5))  # 6 + 5
    assert game.refusal(DEAL) is R_REFILLS_BY_ITSELF


def test_quatorze_fills_the_places_from_the_stock_then_closes_up():
    game = grid(Quatorze, "6H 8C 9S 4D 5D  QH AS", stock="3C 3D")
    game.push(pair(game, 1, 2))
    assert places(game).split()[:8] == "3D 3C 9S 4D 5D QH AS -".split()  # filled where they were
    game = grid(Quatorze, "6H 8C 9S 4D 5D  QH AS", stock="3C")
    game.push(pair(game, 1, 2))
    assert places(game).split()[:7] == "3C 9S 4D 5D QH AS -".split()  # the stock out: the grid closes up


# -- Gay Gordons -----------------------------------------------------------------------------------------


def test_gay_gordons_pairs_make_eleven_jacks_together_a_queen_with_a_king():
    game = position(GayGordons, tableau_1="AH KH", tableau_2="TS", tableau_3="JD", tableau_4="JC", tableau_5="QS",
                    tableau_6="QD", tableau_7="KS", tableau_8="5H", tableau_9="6C", tableau_10="5D")
    assert legal(game, pair(game, 1, 5))  # King + Queen
    assert legal(game, pair(game, 3, 4))  # two Jacks
    assert legal(game, pair(game, 8, 9))  # 5 + 6, wherever they lie
    assert not legal(game, pair(game, 5, 6))  # two Queens
    assert not legal(game, pair(game, 1, 7))  # two Kings
    assert not legal(game, pair(game, 8, 10))  # 5 + 5
    assert game.refusal(pair(game, 8, 10)) is R_PAIR_TOTAL
    assert game.refusal(pair(game, 3, 8)) is R_PAIR_SAME
    assert not legal(game, pair(game, 2, 1))  # the Ace under the King is not free
    game.push(pair(game, 1, 5))
    assert legal(game, pair(game, 1, 2))  # now it is: Ace + 10
    assert not game.is_legal(Move(game.index["tableau-8"], game.index["tableau-9"], 1))  # nothing is built


def test_gay_gordons_is_won_with_every_card_removed():
    others = [r + s for s in "CSHD" for r in "A23456789TJQK" if r + s not in ("QC", "KD")]
    game = position(GayGordons, tableau_1="QC", tableau_7="KD", foundation_1=" ".join(others))
    game.push(pair(game, 1, 7))
    assert game.is_won() and game.score() == GayGordons.max_score == 52
