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
