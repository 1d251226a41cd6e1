"""A variant's declarations are checked when its class is defined: a typo is an error naming the class, the
field, the bad value and what is valid, never a game that silently plays by other rules."""

from __future__ import annotations

import pytest

from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    NONE,
    PICK_RUN,
    PICK_TOP,
    Build,
    BuildSuit,
    DealTo,
    Empty,
    Fan,
    Kind,
    Pickup,
    StackRule,
    StackSpec,
    foundations,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant, VariantError

GOOD_TABLEAU = StackRule(build=Build("alternate", -1), empty=13, pickup=PICK_RUN)


def define(stacks=None, **attributes) -> type[Variant]:
    """Define a variant class named Typo with these stacks (a valid layout by default) and class attributes."""
    if stacks is None:
        stacks = (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=3), *tableau(7, GOOD_TABLEAU))
    return type("Typo", (Variant,), {"id": "typo", "name": "Typo", "stacks": tuple(stacks), **attributes})


def tableau_with(**changes) -> tuple[StackSpec, ...]:
    return (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=3),
            *tableau(1, StackRule(**{"build": Build("same", -1), **changes})))


CASES = [
    # (stacks, class attributes, what the message must name)
    (tableau_with(build=Build("alternating", -1)), {},
     ["rule.build.suit", "'alternating'", "'same', 'alternate', 'any'", "tableau-1"]),
    (tableau_with(build=Build("same", 0)), {}, ["rule.build.step", "0"]),
    (tableau_with(build="same"), {}, ["rule.build", "is not a Build"]),
    (tableau_with(empty="king"), {}, ["rule.empty", "'king'", "'any', 'none'", "13 (King)"]),
    (tableau_with(empty=14), {}, ["rule.empty", "14"]),
    (tableau_with(pickup="runs"), {}, ["rule.pickup", "'runs'", "'run-by-spaces'"]),
    (tableau_with(suit=4), {}, ["rule.suit", "4", "0 to 3"]),
    (tableau_with(max_cards=0), {}, ["rule.max_cards", "0"]),
    (tableau_with(accepts_from={"tableau"}), {}, ["rule.accepts_from", "frozenset of Kind"]),
    (tableau_with(empty_from=frozenset({"waste"})), {}, ["rule.empty_from", "frozenset of Kind"]),
    (tableau_with(build=Build("same", -1, wrap=True, ace_high=True)), {}, ["rule.build", "wrap and ace_high"]),
    (tableau_with(group_moves="yes"), {}, ["rule.group_moves", "'yes'"]),
    (tableau_with(own_rule=True), {}, ["rule.own_rule", "leave out build"]),
    ((stock(), *foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(2, GOOD_TABLEAU, fan="dwn")), {},
     ["fan", "'dwn'", "'none', 'down', 'right'"]),
    ((stock(), *foundations(1, FOUNDATION_UP_IN_SUIT), StackSpec("tablaeu-1", Kind.TABLEAU, GOOD_TABLEAU)), {},
     ["id", "'tablaeu-1'", "'tableau-1'"]),
    ((stock(), *foundations(1, FOUNDATION_UP_IN_SUIT), StackSpec("tableau-0", Kind.TABLEAU, GOOD_TABLEAU)), {},
     ["id", "'tableau-0'"]),
    ((StackSpec("deck", Kind.STOCK, GOOD_TABLEAU), *foundations(1, FOUNDATION_UP_IN_SUIT)), {},
     ["id", "'deck'", "'stock'"]),
    ((stock(), *foundations(1, FOUNDATION_UP_IN_SUIT), StackSpec("tableau-1", "tableau", GOOD_TABLEAU)), {},
     ["kind", "'tableau'", "'foundation'"]),
    ((*foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(1, GOOD_TABLEAU), *tableau(1, GOOD_TABLEAU)), {},
     ["stacks", "tableau-1", "more than once"]),
    ((*foundations(1, FOUNDATION_UP_IN_SUIT), "tableau-1"), {}, ["'tableau-1'", "is not a StackSpec"]),
    (None, {"deal_to": "wast"}, ["deal_to", "'wast'", "'waste', 'tableau'"]),
    ((stock(), *foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(2, GOOD_TABLEAU)), {},
     ["deal_to", "no waste stack"]),
    ((stock(), *foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(2, GOOD_TABLEAU)), {"deal_to": DealTo.RESERVE},
     ["deal_to", "no reserve to deal onto"]),
    (None, {"deal_count": 0}, ["deal_count", "0"]),
    (None, {"fill_before_deal": "yes"}, ["fill_before_deal", "'yes'", "'when-possible'"]),
    (None, {"redeals": -1}, ["redeals", "-1"]),
    (None, {"decks": 5}, ["decks", "5"]),
    (None, {"custom_drop_kinds": {"foundation"}}, ["custom_drop_kinds", "frozenset of Kind"]),
]


@pytest.mark.parametrize(("stacks", "attributes", "named"), CASES)
def test_a_bad_declaration_is_an_error_naming_the_class_field_and_value(stacks, attributes, named):
    with pytest.raises(VariantError) as caught:
        define(stacks, **attributes)
    text = str(caught.value)
    assert f"{__name__}.Typo" in text
    for part in named:
        assert part in text, (part, text)


def test_every_problem_is_reported_at_once():
    with pytest.raises(VariantError) as caught:
        define(tableau_with(build=Build("alternating"), empty="king", pickup="runs"), deal_to="wast")
    assert str(caught.value).count("\n") == 4


def test_the_strings_of_old_declarations_are_the_enum_members():
    cls = define(tableau_with(build=Build("any", 1), empty="none", pickup="run-by-spaces"), deal_to="waste")
    rule = cls.stacks[-1].rule
    assert rule.build.suit == BuildSuit.ANY and rule.empty == Empty.NONE == NONE
    assert rule.pickup == Pickup.RUN_BY_SPACES and cls.deal_to == DealTo.WASTE
    assert ANY == "any" and PICK_TOP == "top" and Fan.DOWN == "down"
    game = cls(1)
    assert game.specs[-1].describe().render_english() == "build up regardless of suit; an empty one stays empty."


def test_a_family_base_without_id_or_stacks_is_defined_but_not_loadable():
    base = type("Base", (Variant,), {})
    with pytest.raises(VariantError, match="no 'id'"):
        base.validate()


def test_a_class_changed_after_definition_is_refused_at_load():
    cls = define()
    cls.deal_to = "tabelau"
    with pytest.raises(VariantError, match="deal_to: 'tabelau'"):
        cls.validate()


def test_an_empty_stack_takes_cards_only_from_the_kinds_of_empty_from():
    # Kansas's rule as a declaration: an empty pile takes the waste's card only, a pile with cards any card
    # that follows the build; the generator lists what the refusals allow.
    from reussite.cards import Card
    from reussite.game import Game
    from reussite.moves import R_EMPTY_FROM, Move

    pile = StackRule(build=Build("any", -1), empty=ANY, pickup=PICK_RUN, empty_from=frozenset({Kind.WASTE}))
    stacks = (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=3), *tableau(3, pile))
    game = type("EmptyFrom", (Game,), {"stacks": stacks})()
    game.place("tableau-2", [Card(9, 0), Card(8, 1)])
    game.place("tableau-3", [Card(9, 2)])
    game.place("waste", [Card(5, 3)])
    pile1, pile2, pile3, waste_ix = (game.index[i] for i in ("tableau-1", "tableau-2", "tableau-3", "waste"))
    assert game.refusal(Move(pile2, pile1, 1)) is R_EMPTY_FROM
    assert game.refusal(Move(waste_ix, pile1, 1)) is None
    assert game.refusal(Move(pile2, pile3, 1)) is None  # a pile with cards takes from the tableau
    listed = {m for m in game.legal_moves() if isinstance(m, Move)}
    assert Move(waste_ix, pile1, 1) in listed and Move(pile2, pile1, 1) not in listed
    assert Move(pile2, pile3, 1) in listed


def test_an_ace_high_build_ranks_the_ace_above_the_king():
    from reussite.cards import Card

    down = Build("same", -1, ace_high=True)
    assert down.fits(Card(13, 0), Card(1, 0))  # the King on the Ace
    assert down.fits(Card(2, 0), Card(3, 0))
    assert not down.fits(Card(1, 0), Card(2, 0))  # nothing on a Two
    assert not down.fits(Card(13, 1), Card(1, 0))  # in suit
    up = Build("any", 1, ace_high=True)
    assert up.fits(Card(1, 2), Card(13, 0)) and not up.fits(Card(2, 0), Card(1, 0))
    assert down.text == "build down in suit, the Ace above the King"
