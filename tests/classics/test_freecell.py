"""Eight Off and Seahaven Towers (the FreeCell family of reussite-classics): the deals against pysol-cards'
own deals of PySolFC's games 258 and 9, and each rule of the rule pages."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from classics_support import legal, move
from reussite_classics.freecell import EightOff, Seahaven

from reussite.moves import R_TOO_MANY

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def position(cls, **stacks):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top)."""
    entries = [{"id": name.replace("_", "-"), "cards": cards.split()} for name, cards in stacks.items()]
    return cls.from_layout({"options": {}, "stacks": entries})


def pysol(game_id, number, cells):
    """pysol-cards' deal: its columns onto the piles, its free cells (empty ones listed or not) onto ours."""
    board = oracle.dealt(game_id, number)
    layout = {f"tableau-{i + 1}": [oracle.code(c) for c in col] for i, col in enumerate(board.columns.cols)}
    listed = [[] if c.empty else [oracle.code(c)] for c in board.freecells]
    for i in range(cells):
        layout[f"reserve-{i + 1}"] = listed[i] if i < len(listed) else []
    return layout


@pytest.mark.parametrize("cls, game_id, cells", [(EightOff, "eight_off", 8), (Seahaven, "seahaven", 4)])
def test_the_deal_is_pysolfcs(cls, game_id, cells):
    for number in NUMBERS:
        game = cls(number)
        expected = pysol(game_id, number, cells)
        layout = oracle.layout_of(game)
        assert {k: layout[k] for k in expected} == expected, number
        assert sum(map(len, expected.values())) == 52
        assert not any(oracle.face_down_of(game).values())


def test_eight_off_deals_six_rows_and_four_free_cells():
    game = EightOff(3)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 9)] == [6] * 8
    assert [len(game.stack(f"reserve-{k}")) for k in range(1, 9)] == [1, 0] * 4


def test_seahaven_deals_five_rows_and_the_two_middle_cells():
    game = Seahaven(3)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 11)] == [5] * 10
    assert [len(game.stack(f"reserve-{k}")) for k in range(1, 5)] == [0, 1, 1, 0]


@pytest.mark.parametrize("cls", [EightOff, Seahaven])
def test_piles_build_down_in_suit(cls):
    game = position(cls, tableau_1="9C", tableau_2="8C", tableau_3="8S", tableau_4="7C")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")  # another suit
    assert not legal(game, "tableau-4", "tableau-1")  # not one rank down
    assert "build down in suit" in str(game.explain(move(game, "tableau-3", "tableau-1")))


@pytest.mark.parametrize("cls", [EightOff, Seahaven])
def test_an_empty_pile_takes_only_a_king_or_a_run_from_a_king(cls):
    game = position(cls, tableau_1="QH", tableau_2="3C KS QS", tableau_3="", reserve_1="KD")
    assert not legal(game, "tableau-1", "tableau-3")
    assert legal(game, "tableau-2", "tableau-3", 2)
    assert legal(game, "reserve-1", "tableau-3")


@pytest.mark.parametrize("cls", [EightOff, Seahaven])
def test_a_free_cell_takes_any_one_card_and_gives_it_back(cls):
    game = position(cls, tableau_1="KS 5H", tableau_2="6H", tableau_3="9D 8D", reserve_2="4S", foundation_1="AS 2S 3S")
    assert legal(game, "tableau-1", "reserve-1")
    assert not legal(game, "tableau-1", "reserve-2")  # one card each
    assert not legal(game, "tableau-3", "reserve-1", 2)
    assert legal(game, "reserve-2", "foundation-1")
    game = position(cls, tableau_1="KS 5H", reserve_2="4H")
    assert legal(game, "reserve-2", "tableau-1")
    assert str(cls.stacks[cls(1).index["reserve-2"]].name) == "free cell 2"


def run_position(cls, n, free, empty_pile=False):
    """A run of ``n`` hearts down to the Ace on pile 1, the next heart up on pile 2, ``free`` empty free cells,
    the others filled with clubs; with ``empty_pile`` pile 3 empty as well, all other piles holding a card."""
    run = " ".join("A23456789TJQK"[r] + "H" for r in range(n - 1, -1, -1))
    stacks = {"tableau_1": "KC " + run, "tableau_2": "A23456789TJQK"[n] + "H"}
    piles = 10 if cls is Seahaven else 8
    fillers = iter("2D 3D 4D 5D 6D 7D 8D 9D".split())
    for k in range(3, piles + 1):
        stacks[f"tableau_{k}"] = "" if empty_pile and k == 3 else next(fillers)
    cells = iter("2C 3C 4C 5C 6C 7C 8C 9C".split())
    for k in range(1, (4 if cls is Seahaven else 8) + 1):
        stacks[f"reserve_{k}"] = "" if k <= free else next(cells)
    return position(cls, **stacks)


@pytest.mark.parametrize("cls", [EightOff, Seahaven])
@pytest.mark.parametrize("free", [0, 1, 3, 4])
@pytest.mark.parametrize("empty_pile", [False, True])
def test_a_run_moves_with_as_many_cards_as_empty_free_cells_plus_one(cls, free, empty_pile):
    for n in range(1, 6):
        game = run_position(cls, n, free, empty_pile)
        assert legal(game, "tableau-1", "tableau-2", n) == (n <= free + 1), (n, free)
        if n > free + 1:
            played = move(game, "tableau-1", "tableau-2", n)
            assert game.refusal(played) is R_TOO_MANY
            # The message counts the free cells alone: the empty piles, which take only a King, do not double.
            assert str(game.explain(played)) == (
                f"Only {free + 1} card{'s' if free else ''} can move at once here: one, plus one for each empty "
                "free cell.")


@pytest.mark.parametrize("cls", [EightOff, Seahaven])
def test_foundations_take_aces_then_the_suit_and_never_give_back(cls):
    game = position(cls, foundation_1="AH 2H", tableau_1="3H", tableau_2="3D", tableau_3="AC", tableau_4="3S")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")
    assert legal(game, "tableau-3", "foundation-2")
    assert not legal(game, "tableau-2", "foundation-2")
    assert not legal(game, "foundation-1", "tableau-4")  # the 2 would fit nowhere anyway; foundations keep
    assert not legal(game, "foundation-1", "reserve-1")


@pytest.mark.parametrize("cls", [EightOff, Seahaven])
def test_won_with_52_on_the_foundations_a_point_a_card(cls):
    game = position(cls, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    full = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD")}
    game = position(cls, **full)
    assert game.is_won() and game.score() == cls.max_score == 52


@pytest.mark.parametrize("cls", [EightOff, Seahaven])
def test_no_options_as_in_aisleriot(cls):
    assert cls.options == () and cls.aliases == {} and cls.family == "FreeCell"
