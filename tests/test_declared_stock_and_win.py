"""Three declarations that say what code used to: a stack whose own rule depends on its top card alone
(``StackRule.by_top``), a stock that deals onto the first foundation (``DealTo.FOUNDATION``), and a game won
when some kinds of stack are empty (``won_when_empty``). Each is listed, accepted and explained as the rules
say, under undo, redo and copies; Golf and Black Hole are declared with them and override nothing of it."""

from __future__ import annotations

import random

import pytest
from test_declarations import define
from test_generators import check_position, lay_out

from reussite.cards import RED_SUITS, Card
from reussite.game import DEAL, REDEAL, Game, Move
from reussite.movegen import checked_moves
from reussite.rules import (
    ANY,
    CARD_KEYS,
    FOUNDATION_UP_IN_SUIT,
    NONE,
    PICK_NONE,
    PICK_RUN,
    PICK_TOP,
    Build,
    DealTo,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    reserves,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant, VariantError

BY_TOP = StackRule(own_rule=True, by_top=True, pickup=PICK_NONE, flip_exposed=False)


def _other_colour_above(top: Card | None) -> frozenset[int]:
    """A rule no Build states: an empty stack takes a Seven; else a card of the other colour and a higher
    rank, nothing on a King."""
    if top is None:
        return frozenset(k for k in CARD_KEYS if k >> 2 == 7)
    return frozenset(k for k in CARD_KEYS if ((k & 3) in RED_SUITS) != top.is_red and k >> 2 > top.rank)


class ByTop(Variant):
    """Two packs; a foundation, a pile and a one-card reserve whose rules are the game's own and depend on
    their top card alone (``by_top``), beside declared piles. Counts what ``takes()`` is asked."""

    id = "by-top"
    name = "By top"
    decks = 2
    redeals = 1
    stacks = (
        stock(), waste(),
        *foundations(2, BY_TOP),
        *tableau(3, StackRule(build=Build("alternate", -1), empty=ANY, pickup=PICK_RUN)),
        StackSpec("tableau-4", Kind.TABLEAU, StackRule(own_rule=True, by_top=True, pickup=PICK_RUN)),
        *reserves(1, StackRule(own_rule=True, by_top=True, max_cards=1)),
    )

    def __init__(self, *args, **kwargs):
        self.asked: list[tuple[int, str | None]] = []
        super().__init__(*args, **kwargs)

    def deal(self, cards):
        self.place("stock", cards)

    def takes(self, stack):
        pile = self.cards[stack]
        top = pile[-1] if pile else None
        self.asked.append((stack, top.code[:2] if top else None))
        return _other_colour_above(top)


def test_by_top_without_own_rule_is_refused_naming_the_field():
    with pytest.raises(VariantError, match=r"rule.by_top: True, but only a stack with own_rule=True"):
        define((stock(), waste(), *foundations(1, StackRule(build=Build("same", 1), empty=1, by_top=True))))
    with pytest.raises(VariantError, match=r"rule.by_top: 'yes' is not True or False"):
        define((stock(), waste(), *foundations(1, StackRule(own_rule=True, by_top="yes"))), takes=lambda s, i: ())


@pytest.mark.parametrize("seed", range(12))
def test_by_top_stacks_list_accept_and_explain_alike_under_undo_redo_and_copies(seed):
    rng = random.Random(seed)
    game = lay_out(ByTop(1), rng)
    game.track_positions = False
    for step in range(10):
        listed = check_position(game)
        if step % 3 == 2 and game.can_undo:  # back, listed, and forward again
            game.pop()
            assert [m for m in game.legal_moves() if isinstance(m, Move)] == checked_moves(game._plan, game)
            game.redo()  # (check_position plays moves: it would replace what redo plays)
            assert list(game.legal_moves()) == listed
        if step % 4 == 1:  # a copy lists what the original lists, then each goes its own way
            twin = game.copy()
            assert list(twin.legal_moves()) == listed
            if listed:
                twin.push(rng.choice(listed))
                check_position(twin)
            assert list(game.legal_moves()) == listed
        if not listed:
            break
        game.push(rng.choice(listed))


def test_takes_is_asked_once_per_top_card_in_a_game():
    game = ByTop.from_layout({"stacks": [
        {"id": "foundation-1", "cards": ["4S"]}, {"id": "tableau-1", "cards": ["9H", "5D"]},
        {"id": "tableau-2", "cards": ["8C"]}, {"id": "tableau-4", "cards": ["2H"]}]})
    f1, t1, t4 = game.index["foundation-1"], game.index["tableau-1"], game.index["tableau-4"]
    game.asked.clear()
    first = list(game.legal_moves())
    assert Move(t1, f1) in first and Move(t1, t4) not in first  # the red 5 on the black 4, not on the red 2
    asked = list(game.asked)
    assert sorted(asked) == sorted(set(asked))  # each stack once, for its top card
    for _ in range(3):  # the same move back and forth: nothing asked again (push's check would ask)
        game.push(Move(t1, f1), check=False)
        game.legal_moves()
        game.pop()
        game.legal_moves()
    assert len(game.asked) == len(asked) + 1  # the foundation, once, for the 5 of diamonds on it
    assert game.asked[-1] == (f1, "5D")
    # A copy starts its own table, and gives the same moves.
    twin = game.copy()
    twin.asked = []
    assert list(twin.legal_moves()) == list(game.legal_moves())
    assert sorted(twin.asked) == sorted(asked)


def test_the_rule_a_by_top_stack_names_is_the_one_the_moves_follow():
    game = ByTop.from_layout({"stacks": [
        {"id": "foundation-1", "cards": ["4S"]}, {"id": "tableau-1", "cards": ["3D"]},
        {"id": "tableau-2", "cards": ["KH"]}, {"id": "reserve-1", "cards": []}]})
    f1, t1, t2, r1 = (game.index[i] for i in ("foundation-1", "tableau-1", "tableau-2", "reserve-1"))
    moves = list(game.legal_moves())
    assert Move(t2, f1) in moves and Move(t1, f1) not in moves  # red and higher only
    assert Move(t1, r1) not in moves and Move(t2, r1) not in moves  # an empty reserve takes a Seven
    assert str(game.explain(Move(t1, f1))) == (
        "The 3 of diamonds cannot go on the 4 of spades: build by the game's rule.")
    game.push(Move(t2, f1))
    assert not any(isinstance(m, Move) and m.dst == f1 for m in game.legal_moves())  # nothing on a King


# -- DealTo.FOUNDATION ------------------------------------------------------------------------------------


class Turns(Variant):
    """Three cards at a time from the stock onto the first of two foundations built up regardless of suit."""

    id = "turns"
    name = "Turns"
    deal_to = DealTo.FOUNDATION
    deal_count = 3
    stacks = (stock(), *foundations(2, StackRule(build=Build("any", 1), empty=ANY, pickup=PICK_NONE)),
              *tableau(2, StackRule(empty=NONE, pickup=PICK_TOP)))

    def deal(self, cards):
        self.deal_row(cards)
        self.place("stock", cards)


def test_a_deal_turns_cards_onto_the_first_foundation_top_card_first_and_is_undone_exactly():
    game = Turns.from_layout({"stacks": [{"id": "stock", "cards": ["2C", "9D", "5H", "KS"]},
                                         {"id": "foundation-1", "cards": ["7C"]},
                                         {"id": "tableau-1", "cards": ["8H"]}]})
    before = game.snapshot()
    assert list(game.legal_moves())[-1] is DEAL and game.stock_move() is DEAL
    game.push(DEAL)  # the King first, then the 5 and the 9: the 9 on top, as a waste would show them
    assert [c.code for c in game.stack("foundation-1")] == ["7C", "KS", "5H", "9D"]
    assert [c.code for c in game.stack("stock")] == ["2C"] and game.face_down[game.index["foundation-1"]] == 0
    game.push(DEAL)  # what is left
    assert [c.code for c in game.stack("foundation-1")][-1] == "2C" and not game.stack("stock")
    assert DEAL not in list(game.legal_moves()) and REDEAL not in list(game.legal_moves())
    assert game.stock_move() is DEAL and str(game.explain(DEAL)) == "There are no cards left to deal."
    assert str(game.explain(REDEAL)) == "No redeal is left."
    game.pop()
    game.pop()
    assert game.snapshot() == before


def test_a_stock_dealing_onto_a_foundation_keeps_that_foundation_out_of_the_interchangeable_ones():
    cls = type("Three", (Turns,), {"stacks": (
        stock(), *foundations(3, FOUNDATION_UP_IN_SUIT), *tableau(2, StackRule(empty=NONE, pickup=PICK_TOP)))})
    assert cls(1).interchangeable_stacks() == ((2, 3), (4, 5))
    waste_dealt = type("ToWaste", (Variant,), {"id": "w", "name": "W", "stacks": (
        stock(), waste(), *foundations(3, FOUNDATION_UP_IN_SUIT), *tableau(2, StackRule(empty=NONE)))})
    assert waste_dealt(1).interchangeable_stacks() == ((2, 3, 4), (5, 6))


@pytest.mark.parametrize(("attributes", "named"), [
    ({"redeals": 1}, ["redeals: 1", "deal_to 'foundation'", "override do_redeal"]),
    ({"redeals": None}, ["redeals: None", "deal_to 'foundation'"]),
])
def test_a_redeal_with_a_stock_dealing_onto_the_foundation_is_refused(attributes, named):
    with pytest.raises(VariantError) as caught:
        define(deal_to="foundation", **attributes)
    for part in named:
        assert part in str(caught.value)


def test_a_redeal_of_the_games_own_is_allowed_with_a_stock_dealing_onto_the_foundation():
    def do_redeal(self):  # the foundation's cards but its first back into the stock
        self.count_redeal()
        first = self.foundation_ix[0]
        self.move_cards(first, self.stock_ix, len(self.cards[first]) - 1, reverse=True)

    cls = type("Again", (Turns,), {"redeals": 1, "do_redeal": do_redeal})
    game = cls.from_layout({"stacks": [{"id": "foundation-1", "cards": ["7C", "KS", "5H"]}]})
    before = game.snapshot()
    # The stock's own rule (the stock empty, a redeal left) allows it, with no waste; then no more.
    assert list(game.legal_moves())[-1] is REDEAL and game.stock_move() is REDEAL
    game.push(REDEAL)
    assert [c.code for c in game.stack("stock")] == ["5H", "KS"] and game.redeals_left == 0
    game.push(DEAL)  # both, the top card first
    assert [c.code for c in game.stack("foundation-1")] == ["7C", "KS", "5H"]
    assert REDEAL not in list(game.legal_moves()) and str(game.explain(REDEAL)) == "No redeal is left."
    game.pop()
    game.pop()
    assert game.snapshot() == before


def test_a_stock_dealing_onto_a_foundation_needs_one():
    with pytest.raises(VariantError, match="deal_to: 'foundation', but there is no foundation"):
        define((stock(), *tableau(2, StackRule(empty=NONE))), deal_to=DealTo.FOUNDATION)


# -- won_when_empty ---------------------------------------------------------------------------------------


class Clear(Turns):
    """Turns, won when the piles and the reserve are clear, whatever is left in the stock."""

    won_when_empty = (Kind.TABLEAU, Kind.RESERVE)
    stacks = (*Turns.stacks, *reserves(1, StackRule(empty=NONE)))


def test_won_when_the_named_kinds_are_empty_whatever_else_holds_cards():
    game = Clear.from_layout({"stacks": [{"id": "stock", "cards": ["2C"]}, {"id": "foundation-2", "cards": ["3C"]},
                                         {"id": "reserve-1", "cards": ["AD"]}]})
    assert not game.is_won()
    game.cards[game.index["reserve-1"]].clear()
    assert game.is_won() and game.outcome() == "won" and not game.is_lost()
    game.cards[game.index["tableau-2"]].append(Card(4, 0))
    assert not game.is_won()
    # The default is unchanged: every card on the foundations.
    plain = Turns.from_layout({"stacks": [{"id": "stock", "cards": ["2C"]}]})
    assert Turns.won_when_empty is None and not plain.is_won()
    plain.cards[plain.index["stock"]].clear()
    assert plain.is_won()


def test_a_subclass_with_other_kinds_is_won_by_its_own():
    only_piles = type("OnlyPiles", (Clear,), {"won_when_empty": (Kind.TABLEAU,)})
    layout = {"stacks": [{"id": "stock", "cards": ["2C"]}, {"id": "reserve-1", "cards": ["AD"]}]}
    assert not Clear.from_layout(layout).is_won() and only_piles.from_layout(layout).is_won()


def test_the_solver_wins_by_the_declared_win():
    from reussite.solver import Verdict, solve

    # Two piles to clear onto the 7 of clubs, 8H then 9S; the Ace in the reserve has nowhere to go (nothing goes
    # on a King): lost by the default win, won when the piles are clear.
    layout = {"stacks": [{"id": "foundation-1", "cards": ["7C"]}, {"id": "foundation-2", "cards": ["KC"]},
                         {"id": "tableau-1", "cards": ["9S"]}, {"id": "tableau-2", "cards": ["8H"]},
                         {"id": "reserve-1", "cards": ["AD"]}]}
    only_piles = type("OnlyPiles", (Clear,), {"won_when_empty": (Kind.TABLEAU,)})
    game = only_piles.from_layout(layout)
    result = solve(game, nodes=2_000)
    assert result.verdict is Verdict.WON
    for move in result.line:
        game.push(move)
    assert game.is_won() and [c.code for c in game.stack("reserve-1")] == ["AD"]
    assert solve(Clear.from_layout(layout), nodes=2_000).verdict is Verdict.LOST


@pytest.mark.parametrize(("value", "named"), [
    (Kind.TABLEAU, ["won_when_empty", "a tuple of different Kind"]),
    (("tableau",), ["won_when_empty", "('tableau',)", "a tuple of different Kind"]),
    ((), ["won_when_empty: ()"]),
    ((Kind.TABLEAU, Kind.TABLEAU), ["won_when_empty", "different Kind"]),
    ((Kind.FOUNDATION,), ["won_when_empty", "names the foundations"]),
    ((Kind.TABLEAU, Kind.RESERVE), ["won_when_empty", "the layout has no reserve stack"]),
])
def test_a_bad_won_when_empty_is_refused_naming_the_value(value, named):
    with pytest.raises(VariantError) as caught:
        define(won_when_empty=value)
    for part in named:
        assert part in str(caught.value), (part, str(caught.value))


# -- the classic games, declared ---------------------------------------------------------------------------


def _classic(name: str):
    module = pytest.importorskip(f"reussite_classics.{name}")
    return module


def test_golf_and_black_hole_say_with_declarations_what_they_coded():
    golf = _classic("golf").Golf
    hole = _classic("black_hole").BlackHole
    for method in ("do_deal", "is_won", "do_redeal", "drop_refusal"):
        assert getattr(golf, method) is getattr(Game, method), method
    assert golf.deal_to == DealTo.FOUNDATION and golf.won_when_empty == (Kind.TABLEAU,) and golf.redeals == 0
    assert golf.stacks[golf(1).foundation_ix[0]].rule.by_top
    assert hole.stacks[hole(1).foundation_ix[0]].rule.by_top and hole.won_when_empty is None


def test_golf_turns_its_stock_onto_the_foundation_and_is_won_with_the_piles_clear():
    golf = _classic("golf").Golf
    game = golf(36)
    stock = list(game.stack("stock"))
    game.push(DEAL)
    assert game.stack("foundation-1")[-1] == stock[-1] and game.stack("stock") == stock[:-1]
    game.pop()
    for i in game.tableau_ix:
        game.cards[i].clear()
    assert game.is_won() and game.stack("stock") == stock
