"""King's Audience: PySolFC's deal (game 859, rebuilt over pysol-cards' shuffle: a row onto the sixteen places
of the antechamber, then one card onto the waste), and each rule of the page."""

from __future__ import annotations

import os

import classics_support as oracle
import pytest
from reussite_classics.sthelena import R_PAIR, KingsAudience

from reussite.game import DEAL, Move

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


@pytest.mark.parametrize("number", NUMBERS)
def test_kings_audience_deals_like_pysolfc(number):
    cards = [oracle.code(c) for c in oracle.shuffled(1, number)]
    expected = {f"reserve-{k + 1}": [cards.pop()] for k in range(16)}
    expected["waste"] = [cards.pop()]
    expected["stock"] = cards
    layout = oracle.layout_of(KingsAudience(number))
    assert {k: v for k, v in layout.items() if v} == expected
    assert oracle.face_down_of(KingsAudience(number))["stock"] == 35


FILLER = "2H 3H 4H 6H 7H 8H 3D 6D 7D 8D 5C 6C 8C 4S 5S 6S".split()


def position(stock="2C", waste="", **stacks):
    """A position; the places of the antechamber not given hold cards of their own (a place is never left
    empty while the waste or the stock has a card)."""
    for k in range(16):
        stacks.setdefault(f"reserve_{k + 1}", FILLER[k])
    entries = [{"id": "stock", "cards": stock.split()}, {"id": "waste", "cards": waste.split()}]
    entries += [{"id": k.replace("_", "-"), "cards": v.split()} for k, v in stacks.items()]
    return KingsAudience.from_layout({"stacks": entries})


def legal(game, src, dst):
    m = Move(game.index[src], game.index[dst], 1)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst)
    return accepted


def test_a_king_and_queen_of_a_suit_go_to_their_throne_and_the_gap_is_filled_from_the_waste():
    game = position(stock="2C 3C", waste="5D 9H", reserve_1="KH", reserve_2="QH", reserve_3="QS")
    assert legal(game, "reserve-1", "reserve-2")
    assert not legal(game, "reserve-1", "reserve-3")
    assert game.refusal(Move(game.index["reserve-1"], game.index["reserve-3"], 1)) is R_PAIR
    game.push(game.parse_move("r1-r2"))
    layout = oracle.layout_of(game)
    assert layout["foundation-3"] == ["KH", "QH"]  # the hearts' throne, the Queen on top
    assert layout["reserve-1"] == ["9H"] and layout["reserve-2"] == ["5D"]  # from the waste, its top first
    assert layout["waste"] == [] and layout["stock"] == ["2C", "3C"]


def test_an_ace_and_jack_go_to_their_foundation_the_jack_on_top_then_down_in_suit():
    game = position(stock="", waste="AS", reserve_1="JS", reserve_2="TS", reserve_3="9S", reserve_4="9C")
    assert legal(game, "waste", "reserve-1")
    game.push(game.parse_move("w-r1"))
    assert oracle.layout_of(game)["foundation-6"] == ["AS", "JS"]
    assert legal(game, "reserve-2", "foundation-6")
    assert not legal(game, "reserve-3", "foundation-6")
    assert not legal(game, "reserve-4", "foundation-6")


def test_an_empty_place_is_filled_from_the_stock_when_the_waste_is_empty():
    game = position(stock="4D 7C", waste="", reserve_1="AD", reserve_2="JD")
    game.push(game.parse_move("r1-r2"))
    layout = oracle.layout_of(game)
    assert layout["reserve-1"] == ["7C"] and layout["reserve-2"] == ["4D"]
    assert not any(oracle.face_down_of(game)[f"reserve-{k}"] for k in (1, 2))


def test_the_stock_turns_one_card_no_redeal():
    game = position(stock="4D 7C", waste="5H", reserve_1="2S")
    game.push(DEAL)
    assert oracle.layout_of(game)["waste"] == ["5H", "7C"]
    game = position(stock="", waste="5H", reserve_1="2S")
    assert game.refusal(DEAL) is not None and not any(m == DEAL for m in game.legal_moves())


def test_nothing_goes_on_an_empty_place_or_an_empty_foundation():
    game = position(stock="", waste="5H", reserve_1="", foundation_5="", reserve_2="AC")
    assert not legal(game, "waste", "foundation-5")
    assert not legal(game, "reserve-2", "foundation-5")


def test_the_win_and_the_score():
    stacks = {f"foundation_{s + 1}": f"K{c} Q{c}" for s, c in enumerate("CSHD")}
    stacks.update({f"foundation_{s + 5}": f"A{c} J{c} T{c} 9{c} 8{c} 7{c} 6{c} 5{c} 4{c} 3{c} 2{c}"
                   for s, c in enumerate("CSHD")})
    game = position(stock="", **stacks, **{f"reserve_{k}": "" for k in range(1, 17)})
    assert game.is_won() and game.score() == 52 == KingsAudience.max_score


def test_the_places_around_the_chamber_are_named_as_the_page_names_them():
    from reussite.host import Host
    from reussite.l10n import host_translator, translator_for_game

    host = Host.load()
    game = host.new_game("kings-audience", 1, {})
    fr = translator_for_game(host_translator("fr"), KingsAudience, host)
    names = {spec.id: spec.name for spec in game.specs}
    assert names["reserve-16"].render_english() == "antechamber place 16"
    assert fr.render(names["reserve-1"]) == "case 1 de l’antichambre"
    assert fr.render(names["foundation-2"]) == "trône 2"
