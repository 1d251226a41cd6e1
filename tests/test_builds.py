"""The build forms beyond one suit and one step (same colour, any other suit, up or down, ranks that wrap), as
stack rules compile them: what a card goes on, the run a pile holds, the text a refusal shows, and the
declaration errors."""

from __future__ import annotations

import pytest

from reussite.cards import Card
from reussite.rules import ANY, Build, CompiledRule, Kind, StackRule, StackSpec, card_key, spec_problems

C, S, H, D = range(4)


def takes(build: Build, card: Card, onto: Card) -> bool:
    rule = CompiledRule(StackSpec("tableau-1", Kind.TABLEAU, StackRule(build=build, empty=ANY)))
    return card_key(card) in rule.takes[card_key(onto)]


@pytest.mark.parametrize(("build", "card", "onto", "fits"), [
    (Build("colour", -1), Card(5, S), Card(6, C), True),  # black on black
    (Build("colour", -1), Card(5, H), Card(6, D), True),
    (Build("colour", -1), Card(5, H), Card(6, C), False),
    (Build("other", -1), Card(5, S), Card(6, C), True),  # another suit, same colour or not
    (Build("other", -1), Card(5, H), Card(6, C), True),
    (Build("other", -1), Card(5, C), Card(6, C), False),  # never its own suit
    (Build("same", 1, either=True), Card(7, C), Card(6, C), True),
    (Build("same", 1, either=True), Card(5, C), Card(6, C), True),
    (Build("same", 1, either=True), Card(8, C), Card(6, C), False),
    (Build("same", 1), Card(5, C), Card(6, C), False),  # one way only without either
    (Build("same", 1, wrap=True), Card(1, C), Card(13, C), True),  # the Ace after the King
    (Build("same", 1), Card(1, C), Card(13, C), False),
    (Build("any", -1, wrap=True), Card(13, H), Card(1, C), True),  # the King after the Ace
    (Build("any", -1, wrap=True, either=True), Card(2, H), Card(1, C), True),
    (Build("any", -1, wrap=True, either=True), Card(12, H), Card(1, C), False),
    (Build("same", 2, wrap=True), Card(1, C), Card(12, C), True),  # by twos round the corner
])
def test_each_build_form_takes_exactly_its_cards(build, card, onto, fits):
    assert build.fits(card, onto) is fits
    assert takes(build, card, onto) is fits


def test_a_run_follows_the_build_round_the_corner():
    rule = CompiledRule(StackSpec("tableau-1", Kind.TABLEAU, StackRule(build=Build("same", -1, wrap=True))))
    pile = [Card(2, C), Card(1, C), Card(13, C), Card(12, C)]
    assert rule.run(pile, 0) == 4
    assert CompiledRule(StackSpec("tableau-1", Kind.TABLEAU, StackRule(build=Build("same", -1)))).run(pile, 0) == 2


def test_each_form_has_its_own_text():
    texts = {Build(suit, -1, either=e, wrap=w).text for suit in ("same", "alternate", "any")
             for e in (False, True) for w in (False, True)}
    assert len(texts) == 12 and "build by the game's rule" not in texts
    assert Build("colour", -1).text == "build down in the same colour"
    assert Build("other", 1).text == "build up in any other suit"


def test_a_wrong_flag_is_named():
    spec = StackSpec("tableau-1", Kind.TABLEAU, StackRule(build=Build("same", -1, wrap="yes")))
    assert spec_problems(spec) == ["rule.build.wrap: 'yes' is not True or False"]
    spec = StackSpec("tableau-1", Kind.TABLEAU, StackRule(build=Build("colours", -1)))
    assert "'colours' is not one of" in spec_problems(spec)[0] and "'colour'" in spec_problems(spec)[0]


def test_stacks_in_two_groups_are_numbered_on_and_named_as_the_rules_do():
    from reussite.rules import reserves, tableau

    rule = StackRule(build=Build("alternate", -1))
    upper, lower = tableau(4, rule, y=1), tableau(4, rule, y=3, first=5)
    assert [s.id for s in upper + lower] == [f"tableau-{k}" for k in range(1, 9)]
    assert [s.x for s in lower] == [0, 1, 2, 3] and {s.y for s in lower} == {3}
    cells = reserves(4, StackRule(max_cards=1), label="free cell {number}")
    assert [s.name.params["number"] for s in cells] == [1, 2, 3, 4]
    assert {s.label for s in cells} == {"free cell {number}"}
    with pytest.raises(ValueError, match="first=0"):
        tableau(2, rule, first=0)


def test_a_stack_says_what_it_takes_in_the_words_of_its_rules():
    from reussite.rules import DISCARD, DISCARD_TEXT, NONE, foundations, waste

    (hole,) = foundations(1, StackRule(own_rule=True, by_top=True, pickup="none"), text="Takes the next card.")
    assert hole.describe().msgid == "Takes the next card."
    (plain,) = foundations(1, StackRule(own_rule=True, by_top=True, pickup="none"))
    assert plain.describe().msgid == "Takes cards by the game's own rule."
    (discard,) = foundations(1, DISCARD, text=DISCARD_TEXT)
    assert discard.describe().msgid == DISCARD_TEXT
    assert waste().describe().msgid == "Takes the cards turned from the stock; its top card may be played."
    (closed,) = tableau_of(StackRule(empty=NONE, pickup="top"))
    assert closed.describe().msgid == "Takes no cards; its top card may be played."
    (sealed,) = tableau_of(StackRule(empty=NONE, pickup="none"))
    assert sealed.describe().msgid == "Takes no cards, and none leaves it."
    bad = StackSpec("tableau-1", Kind.TABLEAU, StackRule(), text="")
    assert spec_problems(bad) == ["text: '' is not None or a msgid saying what the stack takes"]


def tableau_of(rule):
    from reussite.rules import tableau

    return tableau(1, rule)
