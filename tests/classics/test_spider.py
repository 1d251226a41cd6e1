"""The Spider family of the classics beyond Spider itself (tested in test_classics_rules.py): Spiderette,
Scorpion, Simple Simon, Spider Three Decks and Will o' the Wisp. Each game's deal against PySolFC's
(pysol-cards' own deal where it has the game, else PySolFC's dealing order rebuilt over its shuffle, as
classics_support.spider does), then each clause of its rule page on set-up positions."""

from __future__ import annotations

import os

import classics_support as oracle
from classics_support import legal, move, position, refused
from classics_support import stack_codes as codes
from reussite_classics.spider import Scorpion, SimpleSimon, Spider, Spiderette, SpiderThreeDecks, WillOTheWisp

from reussite.game import DEAL, Deal

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)
RUN = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"  # AS finishes it


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


# -- Scorpion --------------------------------------------------------------------------------------------


def scorpion_rows():
    """Scorpion.startGame (PySolFC game 29): three times rows[:4] face down and rows[4:] face up, three
    face-up rows, then a last face-up row."""
    rows = []
    for i in (4, 4, 4, 0, 0, 0):
        rows += [(range(i), False), (range(i, 7), True)]
    return rows + [(range(7), True)]


def test_scorpion_deals_like_pysolfc():
    check_deal(Scorpion, lambda n: pysolfc_deal(1, n, scorpion_rows(), 7))


def test_scorpion_deals_seven_by_seven_three_face_down_on_the_first_four_piles():
    game = Scorpion(8)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [7] * 7
    assert [game.face_down[game.index[f"tableau-{k}"]] for k in range(1, 8)] == [3, 3, 3, 3, 0, 0, 0]
    assert len(game.stack("stock")) == 3 and len(game.foundation_ix) == 4 and Scorpion.options == ()


def test_scorpion_builds_down_in_suit_and_moves_any_face_up_card_with_those_above():
    game = position(Scorpion, face_down={"tableau_1": 1}, tableau_1="2C 8H AS KD 4C", tableau_2="9H",
                    tableau_3="9S", tableau_4="5D", tableau_5="3C")
    assert legal(game, "tableau-1", "tableau-2", 4)  # 8H AS KD 4C: not a sequence, the 8 fits the 9 of hearts
    assert "build down in suit" in refused(game, "tableau-1", "tableau-3", 4)  # 8 of hearts on 9 of spades
    assert legal(game, "tableau-5", "tableau-1")
    assert "build down in suit" in refused(game, "tableau-1", "tableau-4")
    assert "face-down" in refused(game, "tableau-1", "tableau-2", 5)


def test_an_empty_scorpion_pile_takes_only_a_king_with_the_cards_on_it():
    game = position(Scorpion, tableau_1="3C KS 2D 7H", tableau_2="", tableau_3="4C QD")
    assert legal(game, "tableau-1", "tableau-2", 3)
    assert "King" in refused(game, "tableau-3", "tableau-2")


def test_the_scorpion_stock_deals_its_three_cards_onto_piles_1_to_3_even_with_an_empty_pile():
    game = position(Scorpion, stock="2S 3S 4S", tableau_1="", tableau_2="KD", tableau_3="KC", tableau_4="KH")
    game.push(DEAL)
    assert codes(game, "tableau-1") == ["4S"] and codes(game, "tableau-2") == ["KD", "3S"]
    assert codes(game, "tableau-3") == ["KC", "2S"] and codes(game, "tableau-4") == ["KH"]
    assert not game.stack("stock") and game.refusal(DEAL) is not None  # once only


def test_a_finished_scorpion_run_leaves_for_a_foundation_uncovering_the_card_below():
    game = position(Scorpion, face_down={"tableau_1": 1}, tableau_1="5H " + RUN, tableau_2="3D AS 9C")
    game.push(move(game, "tableau-2", "tableau-1", 2))  # the Ace brings the 9 along: no run finished
    assert not game.stack("foundation-1")
    game.pop()
    game = position(Scorpion, face_down={"tableau_1": 1}, tableau_1="5H " + RUN, tableau_2="3D AS")
    game.push(move(game, "tableau-2", "tableau-1"))
    assert len(game.stack("foundation-1")) == 13 and codes(game, "tableau-1") == ["5H"]
    assert game.face_down[game.index["tableau-1"]] == 0 and game.score() == 13
    game.pop()
    assert len(game.stack("tableau-1")) == 13 and not game.stack("foundation-1")


def test_scorpion_is_won_with_four_runs_on_the_foundations():
    game = position(Scorpion, **full_runs(4))
    assert game.is_won() and game.score() == Scorpion.max_score == 52


# -- Simple Simon ----------------------------------------------------------------------------------------


def test_simple_simon_deals_like_pysolfc():
    board = lambda n: oracle.dealt("simple_simon", n)  # noqa: E731
    check_deal(SimpleSimon, lambda n: {"cards": {f"tableau-{i + 1}": [oracle.code(c) for c in col]
                                                 for i, col in enumerate(board(n).columns.cols)}})


def test_simple_simon_deals_every_card_face_up_with_no_stock():
    game = SimpleSimon(2)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 11)] == [8, 8, 8, 7, 6, 5, 4, 3, 2, 1]
    assert not any(game.face_down) and "stock" not in game.index and len(game.foundation_ix) == 4


def test_simplesimon_is_kpatiences_name_for_simple_simon(host):
    assert host.game("simplesimon") is host.game("simple-simon") and host.resolve("simplesimon") == (
        "simple-simon", {})


def test_simple_simon_builds_down_regardless_of_suit_and_an_empty_pile_takes_anything():
    game = position(SimpleSimon, tableau_1="9S", tableau_2="8H", tableau_3="KD 7C", tableau_4="")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down regardless of suit" in refused(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-3", "tableau-4")


def test_a_simple_simon_sequence_moves_as_far_as_empty_piles_double_its_runs_of_one_suit():
    # 9S 8S 7H 6H 5C: three runs of one suit. Eight piles hold cards, one is empty.
    stacks = dict(tableau_1="2D 9S 8S 7H 6H 5C", tableau_2="TD", tableau_3="8D", tableau_4="", tableau_5="QS",
                  tableau_6="KS", tableau_7="KC", tableau_8="KH", tableau_9="KD", tableau_10="QH")
    game = position(SimpleSimon, **stacks)
    assert legal(game, "tableau-1", "tableau-3", 3)  # 7H 6H 5C: two runs, one empty pile
    assert "Only 3 cards can move" in refused(game, "tableau-1", "tableau-2", 5)  # three runs: two empty piles needed
    assert legal(game, "tableau-1", "tableau-4", 1)
    assert "each empty pile doubles" in refused(game, "tableau-1", "tableau-4", 2)  # the empty target does not count
    game = position(SimpleSimon, **{**stacks, "tableau_10": ""})
    assert legal(game, "tableau-1", "tableau-2", 5)  # two empty piles: four runs may go
    assert legal(game, "tableau-1", "tableau-4", 2)
    assert "sequence" in refused(game, "tableau-1", "tableau-2", 6)  # the 2 does not follow


def test_a_finished_simple_simon_run_leaves_for_a_foundation():
    game = position(SimpleSimon, tableau_1="5H " + RUN, tableau_2="3D AS")
    game.push(move(game, "tableau-2", "tableau-1"))
    assert len(game.stack("foundation-1")) == 13 and codes(game, "tableau-1") == ["5H"] and game.score() == 13
    assert refused(game, "foundation-1", "tableau-1")


def test_simple_simon_is_won_with_four_runs_on_the_foundations():
    game = position(SimpleSimon, **full_runs(4))
    assert game.is_won() and game.score() == SimpleSimon.max_score == 52


# -- Spider Three Decks ----------------------------------------------------------------------------------


def three_decks_rows():
    """Aisleriot's layout (spider-three-decks.scm), dealt row by row from the left, the top cards face up."""
    return [(range(12), False)] * 3 + [(range(6), False), (range(6, 12), True), (range(6), True)]


def test_spider_three_decks_deals_row_by_row_over_pysolfcs_shuffle():
    check_deal(SpiderThreeDecks, lambda n: pysolfc_deal(3, n, three_decks_rows(), 12))


def test_spider_three_decks_is_its_own_game_not_an_option_of_spider():
    game = SpiderThreeDecks(6)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 13)] == [5] * 6 + [4] * 6
    assert [game.face_down[game.index[f"tableau-{k}"]] for k in range(1, 13)] == [4] * 6 + [3] * 6
    assert len(game.stack("stock")) == 102 and len(game.foundation_ix) == 12 and len(game.pack()) == 156
    assert SpiderThreeDecks.options == () and Spider.aliases == {}
    assert sorted(c.code for c in game.pack()) == sorted(3 * [r + s for r in "A23456789TJQK" for s in "CSHD"])


def test_spider_three_decks_deals_with_empty_piles_and_the_last_deal_is_six_cards():
    stock = " ".join(["2S", "3S", "4S", "5S", "6S", "7S"])
    game = position(SpiderThreeDecks, stock=stock, tableau_1="", tableau_2="KH")
    game.push(DEAL)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 13)] == [1, 2, 1, 1, 1, 1] + [0] * 6
    assert codes(game, "tableau-1") == ["7S"] and game.refusal(DEAL) is not None


def test_spider_three_decks_builds_like_spider_and_sends_finished_runs_home():
    game = position(SpiderThreeDecks, tableau_1="5H " + RUN, tableau_2="AS", tableau_3="TH 9C 8H",
                    tableau_4="JD")
    assert "do not form a sequence" in refused(game, "tableau-3", "tableau-4", 3)
    assert legal(game, "tableau-2", "tableau-1")
    game.push(move(game, "tableau-2", "tableau-1"))
    assert len(game.stack("foundation-1")) == 13 and game.score() == 13


def test_spider_three_decks_is_won_with_twelve_runs_on_the_foundations():
    game = position(SpiderThreeDecks, **full_runs(12))
    assert game.is_won() and game.score() == SpiderThreeDecks.max_score == 156


# -- Will o' the Wisp ------------------------------------------------------------------------------------


def test_will_o_the_wisp_deals_like_pysolfc():
    rows = [(range(7), False)] * 2 + [(range(7), True)]  # WillOTheWisp.startGame (PySolFC game 48)
    check_deal(WillOTheWisp, lambda n: pysolfc_deal(1, n, rows, 7))


def test_will_o_the_wisp_deals_three_rows_of_seven_and_a_stock_of_31():
    game = WillOTheWisp(4)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [3] * 7
    assert [game.face_down[game.index[f"tableau-{k}"]] for k in range(1, 8)] == [2] * 7
    assert len(game.stack("stock")) == 31 and len(game.foundation_ix) == 4 and WillOTheWisp.options == ()


def wisp(**stacks):
    stacks.setdefault("stock", "")
    fill = iter("KD KC KH QC QD QH JD".split())
    for i in range(1, 8):
        stacks.setdefault(f"tableau_{i}", next(fill))
    return position(WillOTheWisp, **stacks)


def test_will_o_the_wisp_plays_as_spiderette():
    game = wisp(tableau_1="9D", tableau_2="8D", tableau_3="QH 7C", tableau_4="TS 9S 8S", tableau_5="TH 9C 8H",
                tableau_6="", tableau_7="JD")
    assert legal(game, "tableau-2", "tableau-1")
    assert "build down regardless of suit" in refused(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-4", "tableau-7", 3)
    assert "do not form a sequence" in refused(game, "tableau-5", "tableau-7", 3)
    assert legal(game, "tableau-3", "tableau-6")


def test_will_o_the_wisp_deals_only_with_no_empty_pile_and_the_last_deal_is_short():
    game = wisp(stock="2S 3S 4S", tableau_7="")
    assert str(game.explain(DEAL)) == "Fill every empty pile before dealing."
    game = wisp(stock="2S 3S 4S")
    game.push(DEAL)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [2, 2, 2, 1, 1, 1, 1]


def test_a_finished_will_o_the_wisp_run_leaves_and_the_game_is_won_with_four():
    game = wisp(tableau_1="5H " + RUN, tableau_2="AS")
    game.push(move(game, "tableau-2", "tableau-1"))
    assert len(game.stack("foundation-1")) == 13 and game.score() == 13
    game = position(WillOTheWisp, **full_runs(4))
    assert game.is_won() and game.score() == WillOTheWisp.max_score == 52
