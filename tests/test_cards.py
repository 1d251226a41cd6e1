"""Cards, packs and PySolFC game numbers, checked against the pysol-cards package as an independent oracle."""

from __future__ import annotations

import pytest
from pysol_cards.cards import createCards
from pysol_cards.random import MTRandom
from pysol_cards.random import shuffle as oracle_shuffle
from pysol_cards.random_base import RandomBase

from reussite.cards import RANKS, SUITS, Card, new_pack, parse_card, shuffled_pack


def oracle(decks: int, number: int) -> list[str]:
    if number == 32000:  # pysol-cards switches generators at <= 32000, PySolFC at < 32000
        cards = MTRandom(number).shuffle(createCards(decks))
    else:
        cards = oracle_shuffle(createCards(decks), number, RandomBase.DEALS_PYSOLFC)
    return [RANKS[c.rank - 1] + SUITS[c.suit] for c in cards]


def test_card_codes_round_trip():
    for card in new_pack(1):
        assert parse_card(card.code) == card
    assert Card(10, 3).code == "TD"
    assert parse_card("10h").code == "TH"
    assert Card(12, 1).code == "QS"


def test_jokers_are_black_or_red_with_codes_of_their_own_and_come_after_the_kings():
    pack = new_pack(1, jokers=2)
    assert len(pack) == 54 and [c.code for c in pack[-3:]] == ["KD", "XS", "XH"]
    black, red = pack[-2:]
    assert black.is_joker and red.is_joker and not pack[0].is_joker
    assert not black.is_red and red.is_red
    for card in (black, red):
        assert parse_card(card.code) == card and parse_card(card.code[0] + "♠♥"[card.is_red]) == card
    assert [c.code for c in new_pack(2, jokers=2)].count("XS") == 2
    # Their keys (rank * 4 + suit) are below every other card's and never the empty key 0.
    assert {c.rank * 4 + c.suit for c in (black, red)} == {1, 2}
    with pytest.raises(ValueError):
        parse_card("XC")  # a joker is black or red, not of a suit


def test_jokers_have_names_in_each_language():
    from reussite.l10n import host_translator

    black, red = new_pack(1, jokers=2)[-2:]
    en, fr = host_translator("en"), host_translator("fr")
    assert en.card_name(red) == "red joker" and en.render(black, "The") == "The black joker"
    assert fr.card_name(red) == "joker rouge" and fr.render(black, "the") == "le joker noir"
    assert fr.render(red, "a") == "un joker rouge" and fr.card_code(black) == "X♠"


@pytest.mark.parametrize("bad", ["", "1C", "QX", "KSS", "Z"])
def test_bad_card_code_names_the_code(bad):
    with pytest.raises(ValueError, match=repr(bad)):
        parse_card(bad)


def test_fresh_pack_order_is_pysolfc_order():
    pack = new_pack(2)
    assert [c.code for c in pack[:14]] == ["AC", "2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC",
                                            "QC", "KC", "AS"]
    assert pack[52] == Card(1, 0, 1)
    assert len(set(pack)) == 104


@pytest.mark.parametrize("decks", [1, 2])
def test_shuffle_equals_pysolfc_below_32000(decks):
    for number in list(range(1, 300)) + [1000, 11982, 31999]:
        assert [c.code for c in shuffled_pack(decks, number)] == oracle(decks, number), number


@pytest.mark.parametrize("decks", [1, 2])
def test_shuffle_equals_pysolfc_from_32000_up(decks):
    for number in [32000, 32001, 99999, 123456789, 2**31, 2**33 + 5, 10**15, 10**20 - 1]:
        assert [c.code for c in shuffled_pack(decks, number)] == oracle(decks, number), number


@pytest.mark.parametrize("number", [0, -1, 10**20, True, 1.5])
def test_out_of_range_numbers_are_refused(number):
    with pytest.raises(ValueError, match="game number"):
        shuffled_pack(1, number)
