"""The declared refill (``Game.refill``, :class:`reussite.rules.Refill`): an emptied stack takes the first
source's top card at once, as part of the move, undone with it; bad declarations are named."""

from __future__ import annotations

import pytest

from reussite.cards import Card
from reussite.game import Game
from reussite.moves import Move
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN,
    Build,
    Kind,
    Refill,
    StackRule,
    foundations,
    reserves,
    tableau,
)
from reussite.variant import Variant, VariantError

PILES = StackRule(build=Build("alternate", -1), empty=ANY, pickup=PICK_RUN)
REFILL = Refill(Kind.TABLEAU, ("reserve-1", "reserve-2"))


def define(**attributes):
    base = {"id": "refilled", "name": "Refilled",
            "stacks": (*foundations(4, FOUNDATION_UP_IN_SUIT), *tableau(2, PILES),
                       *reserves(2, StackRule(build=None, pickup="top", accepts_from=frozenset()))),
            "refill": REFILL}
    return type("Refilled", (Variant,), {**base, **attributes})


def layout(refill=REFILL, piles=(), first=(), second=(), down=0):
    """A position of the declared layout, cards placed by hand (a Game, which deals nothing)."""
    cls = type("RefilledPosition", (Game,), {"stacks": define().stacks, "refill": refill})
    game = cls()
    for i, cards in zip(game.tableau_ix, piles, strict=True):
        game.place(i, [Card(*c) for c in cards])
    game.place("reserve-1", [Card(*c) for c in first], face_down=down)
    game.place("reserve-2", [Card(*c) for c in second])
    return game


def test_an_emptied_pile_takes_the_first_source_with_a_card_and_undo_puts_it_back():
    game = layout(piles=[[(1, 0)], [(9, 1)]], first=[(5, 2), (6, 3)], second=[(7, 0)], down=1)
    before = game.snapshot()
    game.push(Move(game.tableau_ix[0], game.foundation_ix[0], 1))  # the Ace home empties pile 1
    assert game.cards[game.tableau_ix[0]] == [Card(6, 3)]  # the first reserve's top card, face up
    assert game.face_down[game.tableau_ix[0]] == 0
    assert game.cards[game.index["reserve-1"]] == [Card(5, 2)] and game.face_down[game.index["reserve-1"]] == 0
    game.pop()
    assert game.snapshot() == before


def test_the_next_source_once_the_first_is_out_and_nothing_once_both_are():
    game = layout(piles=[[(1, 0)], [(2, 0)]], second=[(7, 0)])
    game.push(Move(game.tableau_ix[0], game.foundation_ix[0], 1))
    assert game.cards[game.tableau_ix[0]] == [Card(7, 0)]
    game.push(Move(game.tableau_ix[1], game.foundation_ix[0], 1))
    assert game.cards[game.tableau_ix[1]] == []  # both sources out: the pile stays empty


def test_refilled_stacks_are_not_grouped_as_interchangeable():
    game = layout(piles=[[(1, 0)], [(2, 0)]], second=[(7, 0)])
    assert not any(set(game.tableau_ix) & set(group) for group in game.interchangeable_stacks())
    plain = layout(refill=None, piles=[[(1, 0)], [(2, 0)]], second=[(7, 0)])
    assert any(set(plain.tableau_ix) <= set(group) for group in plain.interchangeable_stacks())


@pytest.mark.parametrize("refill, named", [
    ("reserve-1", "refill: 'reserve-1' is not None or a Refill"),
    (Refill(Kind.WASTE, ("reserve-1",)), "refill.into: the layout has no waste stack"),
    (Refill(("tableau-9",), ("reserve-1",)), "refill.into: 'tableau-9' is not a stack"),
    (Refill(Kind.TABLEAU, ("reserve-3",)), "refill.sources: 'reserve-3' is not a stack"),
    (Refill(Kind.TABLEAU, ()), "refill.sources: () is not a tuple of stack ids"),
])
def test_a_bad_refill_is_an_error_naming_the_class_field_and_value(refill, named):
    with pytest.raises(VariantError) as caught:
        define(refill=refill)
    assert "Refilled" in str(caught.value) and named in str(caught.value)


def test_a_stock_that_only_refills_is_never_dealt_but_refills():
    # DealTo.REFILL: no deal is listed or allowed; the stock's cards come out by the refill alone.
    from reussite.moves import DEAL, R_REFILL_ONLY
    from reussite.rules import DealTo, stock

    stacks = (stock(0, 0), *foundations(4, FOUNDATION_UP_IN_SUIT), *tableau(2, PILES))
    cls = type("OnlyRefills", (Game,), {"stacks": stacks, "deal_to": DealTo.REFILL,
                                        "refill": Refill(Kind.TABLEAU, ("stock",))})
    game = cls()
    game.place(game.tableau_ix[0], [Card(1, 0)])
    game.place(game.tableau_ix[1], [Card(9, 1)])
    game.place("stock", [Card(4, 2), Card(5, 3)])
    assert game.refusal(DEAL) is R_REFILL_ONLY and DEAL not in set(game.legal_moves())
    game.push(Move(game.tableau_ix[0], game.foundation_ix[0], 1))
    assert game.cards[game.tableau_ix[0]] == [Card(5, 3)] and game.cards[game.stock_ix] == [Card(4, 2)]


@pytest.mark.parametrize("refill", [None, Refill(Kind.TABLEAU, ("reserve-1",))])
def test_a_stock_that_only_refills_needs_a_refill_from_it(refill):
    from reussite.rules import DealTo, stock

    with pytest.raises(VariantError) as caught:
        define(deal_to=DealTo.REFILL, refill=refill, stacks=(stock(0, 0), *define().stacks))
    assert "deal_to: 'refill', but no refill = Refill(...) takes cards from the stock" in str(caught.value)
