"""Each rule of each classic game, on set-up positions: a legal move is accepted and listed, an illegal one
refused; the options, the win and the score."""

from __future__ import annotations

import classics_support  # noqa: F401  (skips this module when reussite-classics is not installed)
import pytest
from classics_support import legal, move, position
from reussite_classics.black_hole import BlackHole
from reussite_classics.freecell import BakersGame, FreeCell
from reussite_classics.golf import Golf, Thieves
from reussite_classics.klondike import Klondike
from reussite_classics.spider import Spider

from reussite.game import DEAL, R_TOO_MANY, REDEAL


def full_foundations(cls, count=4, **more):
    stacks = {f"foundation_{i + 1}": " ".join(r + s for r in "A23456789TJQK") for i, s in enumerate("CSHD"[:count])}
    return position(cls, **stacks, **more)


# -- Klondike ------------------------------------------------------------------------------------------


def test_klondike_builds_down_in_alternating_colours():
    game = position(Klondike, tableau_1="9S", tableau_2="8H", tableau_3="8C", tableau_4="7D", tableau_5="9H")
    assert legal(game, "tableau-2", "tableau-1")  # red 8 on black 9
    assert not legal(game, "tableau-3", "tableau-1")  # black on black
    assert not legal(game, "tableau-2", "tableau-5")  # red on red
    assert not legal(game, "tableau-4", "tableau-1")  # 7 on 9: not one rank down


def test_klondike_moves_any_face_up_run_but_no_face_down_card():
    game = position(Klondike, face_down={"tableau_1": 1}, tableau_1="2C 9S 8H 7C", tableau_2="TD", tableau_3="8D")
    assert legal(game, "tableau-1", "tableau-2", 3)  # 9S 8H 7C onto the red 10
    assert legal(game, "tableau-1", "tableau-3", 1)  # or the 7 alone onto the red 8
    assert not legal(game, "tableau-1", "tableau-2", 4)  # the face-down 2 cannot come along


def test_klondike_turns_up_the_card_a_move_uncovers():
    game = position(Klondike, face_down={"tableau_1": 1}, tableau_1="2C 8H", tableau_2="9S")
    game.push(move(game, "tableau-1", "tableau-2"))
    assert game.face_down[game.index["tableau-1"]] == 0
    game.pop()
    assert game.face_down[game.index["tableau-1"]] == 1


def test_an_empty_klondike_pile_takes_only_a_king_or_a_run_from_a_king():
    game = position(Klondike, tableau_1="QH", tableau_2="3C KS QD", tableau_3="", waste="KH")
    assert not legal(game, "tableau-1", "tableau-3")
    assert legal(game, "tableau-2", "tableau-3", 2)  # KS QD
    assert legal(game, "waste", "tableau-3")


def test_klondike_foundations_build_up_in_suit_from_the_ace():
    game = position(Klondike, foundation_1="AH", tableau_1="2H", tableau_2="2D", tableau_3="AC", tableau_4="3C")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")  # another suit
    assert legal(game, "tableau-3", "foundation-2")  # an Ace starts an empty one
    assert not legal(game, "tableau-4", "foundation-2")  # nothing else does


def test_a_klondike_foundation_card_comes_back_onto_a_pile_where_it_fits():
    game = position(Klondike, foundation_1="AH 2H 3H 4H", tableau_1="5S", tableau_2="5H", stock="KC", waste="QD")
    assert legal(game, "foundation-1", "tableau-1")  # the red 4 on the black 5
    assert not legal(game, "foundation-1", "tableau-2")  # not on a red 5
    assert not legal(game, "foundation-1", "waste")


@pytest.mark.parametrize("draw", ["1", "3"])
def test_klondike_turns_one_or_three_cards_and_redeals_without_limit(draw):
    game = position(Klondike, {"draw": draw}, stock="2C 3C 4C 5C")
    game.push(DEAL)
    turned = 1 if draw == "1" else 3
    assert [c.code for c in game.stack("waste")] == ["5C", "4C", "3C"][:turned]
    while game.stack("stock"):
        game.push(DEAL)
    for _ in range(5):  # unlimited: the waste turns over again and again
        assert game.is_legal(REDEAL)
        game.push(REDEAL)
        assert [c.code for c in game.stack("stock")] == ["2C", "3C", "4C", "5C"]
        while game.stack("stock"):
            game.push(DEAL)
    assert game.redeals_used == 5


def test_klondike_draw_option_is_one_card_by_default():
    assert Klondike(1).deal_count == 1 and Klondike(1, {"draw": "3"}).deal_count == 3
    assert [o.name for o in Klondike.options] == ["draw"] and Klondike.options[0].choices == ("1", "3")


def test_klondike_is_won_with_52_on_the_foundations_and_scores_a_point_a_card():
    game = position(Klondike, foundation_1="AC 2C", tableau_1="3C")
    assert not game.is_won() and game.score() == 2
    game = full_foundations(Klondike)
    assert game.is_won() and game.score() == Klondike.max_score == 52


def test_klondike_deals_a_triangle_with_the_top_cards_face_up():
    game = Klondike(7)
    for k in range(1, 8):
        assert len(game.stack(f"tableau-{k}")) == k
        assert game.face_down[game.index[f"tableau-{k}"]] == k - 1
    assert len(game.stack("stock")) == 24 and not game.stack("waste")


# -- FreeCell and Baker's Game ---------------------------------------------------------------------------


def test_a_free_cell_takes_any_one_card_and_gives_it_back():
    game = position(FreeCell, tableau_1="KS 5H", tableau_2="6C", tableau_3="9D 8S", reserve_2="4S")
    assert legal(game, "tableau-1", "reserve-1")
    assert not legal(game, "tableau-1", "reserve-2")  # one card each
    assert not legal(game, "tableau-3", "reserve-1", 2)  # never two
    assert legal(game, "reserve-2", "tableau-1")  # a free cell's card goes back where it fits


@pytest.mark.parametrize("cls, fits, refused", [(FreeCell, "8H", "8S"), (BakersGame, "8C", "8H")])
def test_freecell_builds_down_in_alternating_colours_and_bakers_game_in_suit(cls, fits, refused):
    game = position(cls, tableau_1="9C", tableau_2=fits, tableau_3=refused)
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")


def test_an_empty_freecell_pile_takes_any_card():
    game = position(FreeCell, tableau_1="KS 5H", tableau_2="", tableau_3="2D QC")
    assert legal(game, "tableau-1", "tableau-2")
    assert legal(game, "tableau-3", "tableau-2")


RUN = "KC QD JC TD 9C 8D 7C".split()  # seven cards in alternating colours
#: For each card of the run, a card it goes onto (one rank up, the other colour), used nowhere else.
ONTO = {"7C": "8H", "8D": "9S", "9C": "TH", "TD": "JS", "JC": "QH", "QD": "KS"}


def supermove(free_cells, empty_piles, target=""):
    """The run on pile 1, ``target`` on pile 2, ``empty_piles`` of piles 3-8 empty, the others and the free
    cells not free holding low clubs and diamonds that play no part."""
    stacks = {"tableau_1": " ".join(["AH", *RUN]), "tableau_2": target}
    fillers = iter("2D 3D 4D 5D 6D 6C".split())
    for i in range(3, 9):
        stacks[f"tableau_{i}"] = "" if i - 3 < empty_piles else next(fillers)
    cells = iter("2C 3C 4C 5C".split())
    for i in range(1, 5):
        stacks[f"reserve_{i}"] = "" if i <= free_cells else next(cells)
    return position(FreeCell, **stacks)


@pytest.mark.parametrize("free_cells, empty_piles, most", [(0, 0, 1), (1, 0, 2), (3, 0, 4), (4, 0, 5), (0, 1, 2),
                                                           (2, 1, 6), (1, 2, 8)])
def test_a_freecell_run_moves_as_far_as_free_cells_and_empty_piles_allow(free_cells, empty_piles, most):
    for n in range(1, 7):
        game = supermove(free_cells, empty_piles, target=ONTO[RUN[-n]])
        assert legal(game, "tableau-1", "tableau-2", n) == (n <= most), n
        if n > most:
            refused = move(game, "tableau-1", "tableau-2", n)
            assert game.refusal(refused) is R_TOO_MANY
            assert game.max_movable(refused.src, refused.dst) == most


@pytest.mark.parametrize("free_cells, empty_piles, most", [(0, 1, 1), (3, 1, 4), (2, 2, 6), (4, 2, 10)])
def test_onto_an_empty_pile_the_target_pile_does_not_count(free_cells, empty_piles, most):
    game = supermove(free_cells, empty_piles)  # pile 2 empty as well: one more empty pile, never the target
    game = supermove(free_cells, empty_piles - 1)
    for n in range(2, 8):
        assert legal(game, "tableau-1", "tableau-2", n) == (n <= most), n


def test_freecell_foundations_take_aces_then_the_suit_and_never_give_back():
    game = position(FreeCell, foundation_1="AH 2H", tableau_1="3H", tableau_2="3D", tableau_3="4S")
    assert legal(game, "tableau-1", "foundation-1")
    assert not legal(game, "tableau-2", "foundation-1")
    assert not legal(game, "foundation-1", "tableau-3")  # the red 2 would fit the black... no: 2 on a 4
    game = position(FreeCell, foundation_1="AH 2H", tableau_3="3S")
    assert not legal(game, "foundation-1", "tableau-3")  # it would fit, but foundation cards stay
    assert not legal(game, "foundation-1", "reserve-1")


def test_freecell_deals_the_whole_pack_face_up_in_rows():
    game = FreeCell(3)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 9)] == [7, 7, 7, 7, 6, 6, 6, 6]
    assert not any(game.face_down) and DEAL not in set(game.legal_moves())


@pytest.mark.parametrize("cls", [FreeCell, BakersGame])
def test_freecell_is_won_with_52_on_the_foundations(cls):
    assert full_foundations(cls).is_won() and full_foundations(cls).score() == cls.max_score == 52
    assert not full_foundations(cls, 3, reserve_1="AD").is_won()


# -- Spider ----------------------------------------------------------------------------------------------


def spider(face_down=None, **stacks):
    """Piles not given hold a King or a Queen of clubs, diamonds or hearts each (no spades: the tests build
    with those)."""
    stacks.setdefault("stock", "")
    kings = iter("KD KD KC KC KH KH QD QD QC QC".split())
    for i in range(1, 11):
        stacks.setdefault(f"tableau_{i}", next(kings))
    return position(Spider, face_down=face_down, **stacks)


def test_spider_builds_down_regardless_of_suit_and_an_empty_pile_takes_anything():
    game = spider(tableau_1="9S", tableau_2="8H", tableau_3="2D 7C", tableau_4="", stock="2C 3C")
    assert legal(game, "tableau-2", "tableau-1")
    assert not legal(game, "tableau-3", "tableau-1")
    assert legal(game, "tableau-3", "tableau-4")


def test_only_a_run_of_one_suit_moves_together():
    game = spider(tableau_1="TS 9S 8S", tableau_2="TH 9S 8H", tableau_3="JH", tableau_4="9D")
    assert legal(game, "tableau-1", "tableau-3", 3)
    assert not legal(game, "tableau-2", "tableau-3", 3)  # built, but of two suits
    assert legal(game, "tableau-2", "tableau-4", 1)


def test_spider_deals_one_card_face_up_on_each_pile_only_when_none_is_empty():
    cards = "2S 2S 3S 3S 4S 4S 5S 5S 6S 6S"
    game = spider(stock=cards, tableau_5="")
    assert not game.is_legal(DEAL)
    game = spider(stock=cards, face_down={"stock": 10})
    game.push(DEAL)
    assert all(len(game.stack(f"tableau-{i}")) == 2 for i in range(1, 11)) and not game.stack("stock")
    assert not any(game.face_down[i] for i in game.tableau_ix)


def test_a_finished_spider_run_leaves_for_a_foundation_and_comes_back_with_undo():
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    game = spider(tableau_1="5H " + run, tableau_2="AS", face_down={"tableau_1": 1})
    game.push(move(game, "tableau-2", "tableau-1"))
    assert [c.code for c in game.stack("foundation-1")][0] == "KS" and len(game.stack("foundation-1")) == 13
    assert [c.code for c in game.stack("tableau-1")] == ["5H"] and game.face_down[game.index["tableau-1"]] == 0
    assert game.score() == 13
    game.pop()
    assert len(game.stack("tableau-1")) == 13 and not game.stack("foundation-1")


def test_a_spider_run_finished_by_a_deal_leaves_too():
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"
    # The top card of the stock goes to the first pile: the Ace, eighth from the bottom, to the third.
    game = spider(tableau_3=run, stock="2H 2D 3H 3D 4H 4D 5H AS 5D 6H", face_down={"stock": 10})
    game.push(DEAL)
    assert len(game.stack("foundation-1")) == 13 and not game.stack("tableau-3")
    assert all(len(game.stack(f"tableau-{i}")) == 2 for i in range(1, 11) if i != 3)
    game.pop()
    assert len(game.stack("tableau-3")) == 12 and len(game.stack("stock")) == 10


def test_nothing_comes_back_from_a_spider_foundation():
    game = spider(foundation_1="KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS", tableau_1="")
    assert not legal(game, "foundation-1", "tableau-1")


@pytest.mark.parametrize("suits, expected", [("1", {"S": 104}), ("2", {"S": 52, "H": 52}),
                                             ("4", {"C": 26, "S": 26, "H": 26, "D": 26})])
def test_the_spider_suits_option_makes_the_pack(suits, expected):
    game = Spider(9, {"suits": suits})
    found: dict[str, int] = {}
    for pile in game.cards:
        for card in pile:
            found[card.code[1]] = found.get(card.code[1], 0) + 1
    assert found == expected
    assert Spider(9).option_values == {"suits": "4"}


def test_spider_is_won_with_the_eight_runs_on_the_foundations():
    run = " ".join(r + "S" for r in "KQJT98765432A")
    game = position(Spider, **{f"foundation_{i}": run for i in range(1, 9)}, options={"suits": "1"})
    assert game.is_won() and game.score() == Spider.max_score == 104


# -- Golf ------------------------------------------------------------------------------------------------


def golf(foundation, **stacks):
    return position(Golf, foundation_1=foundation, **stacks)


@pytest.mark.parametrize("top, card, ok", [("8H", "7S", True), ("8H", "9C", True), ("8H", "8D", False),
                                           ("8H", "TC", False), ("AS", "2D", True), ("AS", "KD", False),
                                           ("QS", "KD", True), ("KS", "QD", False), ("KS", "AD", False)])
def test_golf_takes_one_rank_up_or_down_no_wrap_and_nothing_on_a_king(top, card, ok):
    game = golf(top, tableau_1=card, stock="2C")
    assert legal(game, "tableau-1", "foundation-1") == ok


def test_golf_refusal_on_a_king_says_why():
    game = golf("KS", tableau_1="QD", stock="2C")
    assert "King" in str(game.explain(move(game, "tableau-1", "foundation-1")))


def test_nothing_is_built_on_the_golf_piles():
    game = golf("2C", tableau_1="8H", tableau_2="9S", stock="3C")
    assert not legal(game, "tableau-1", "tableau-2")


def test_the_golf_stock_turns_one_card_onto_the_foundation_and_never_redeals():
    game = golf("KS", tableau_1="QD", stock="5C 4C")
    game.push(DEAL)
    assert [c.code for c in game.stack("foundation-1")] == ["KS", "4C"]  # whatever lies there
    game.push(DEAL)
    assert not game.stack("stock") and not game.is_legal(DEAL) and not game.is_legal(REDEAL)


def test_golf_is_won_when_the_piles_are_clear_though_the_stock_is_not():
    game = golf("5H", tableau_1="4S", stock="9C 9D")
    assert not game.is_won() and game.score() == 34
    game.push(move(game, "tableau-1", "foundation-1"))
    assert game.is_won() and game.score() == Golf.max_score == 35


def test_golf_deals_seven_piles_of_five_and_starts_the_foundation():
    game = Golf(11)
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [5] * 7
    assert len(game.stack("foundation-1")) == 1 and len(game.stack("stock")) == 16
    assert not any(game.face_down[i] for i in game.tableau_ix)


# -- Thieves (Golf with two jokers) ---------------------------------------------------------------------


@pytest.mark.parametrize("top, card, ok", [("8H", "7S", True), ("8H", "9C", True), ("8H", "8D", False),
                                           ("KS", "QD", True), ("QS", "KD", True), ("AS", "KD", False),
                                           ("KS", "AD", False), ("8H", "XS", True), ("AS", "XH", True),
                                           ("XS", "5D", True), ("XH", "KC", True), ("XS", "XH", True)])
def test_thieves_takes_one_rank_up_or_down_and_the_jokers_are_wild(top, card, ok):
    game = position(Thieves, foundation_1=top, tableau_1=card, stock="2C")
    assert legal(game, "tableau-1", "foundation-1") == ok


def test_thieves_refusal_names_the_rule_and_the_jokers():
    game = position(Thieves, foundation_1="8H", tableau_1="TD", stock="2C")
    assert "joker" in str(game.explain(move(game, "tableau-1", "foundation-1")))


def test_the_thieves_pack_has_two_jokers_and_the_deal_seven_piles_of_five():
    game = Thieves(11)
    assert len(game.pack()) == 54 and sorted(c.code for c in game.pack() if c.is_joker) == ["XH", "XS"]
    assert [len(game.stack(f"tableau-{k}")) for k in range(1, 8)] == [5] * 7
    assert len(game.stack("foundation-1")) == 1 and len(game.stack("stock")) == 18
    assert not any(game.face_down[i] for i in game.tableau_ix)
    # The pack is PySolFC's shuffle of the 54 cards (PySolFC has no Thieves: docs/deals.md).
    from reussite.cards import shuffled_pack
    cards = shuffled_pack(1, 11, game.pack())
    assert [c.code for c in game.stack("tableau-1")] == [c.code for c in cards[::-1][0:35:7]]


def test_thieves_stock_turns_onto_the_waste_at_any_time_and_never_redeals():
    game = position(Thieves, foundation_1="8H", tableau_1="7S", stock="KC XS")
    assert game.is_legal(DEAL)  # though the 7 could be played
    game.push(DEAL)
    assert game.stack("foundation-1")[-1].code == "XS"
    game.push(DEAL)
    assert not game.stack("stock") and not game.is_legal(DEAL) and not game.is_legal(REDEAL)


def test_thieves_scores_each_cleared_card_by_rank_and_a_joker_nothing():
    game = position(Thieves, foundation_1="8H", tableau_1="KD XS", tableau_2="QS 9C", stock="3C")
    assert game.score() == 0
    for src, points in (("tableau-2", 4), ("tableau-1", 0), ("tableau-1", 8), ("tableau-2", 6)):
        before = game.score()
        assert not game.is_won()
        game.push(move(game, src, "foundation-1"))  # 9 on 8, the joker on 9, K on the joker, Q on K
        assert game.score() - before == points, src
    assert game.is_won() and game.stack("stock")


def test_a_thieves_deal_scores_what_its_pile_cards_are_worth_when_won():
    from reussite.solver import Verdict, solve

    game = Thieves(1)
    worth = {1: 8, 2: 6, 3: 6, 4: 4, 5: 4, 6: 2, 7: 2, 8: 2, 9: 4, 10: 4, 11: 6, 12: 6, 13: 8, 0: 0}
    dealt = sum(worth[c.rank] for i in game.tableau_ix for c in game.cards[i])
    result = solve(game, nodes=30_000)
    assert result.verdict is Verdict.WON
    for m in result.line:
        game.push(m)
    assert game.is_won() and game.score() == dealt


# -- Black Hole ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("top, card, ok", [("AS", "2D", True), ("AS", "KD", True), ("KS", "AD", True),
                                           ("KS", "QD", True), ("7C", "8C", True), ("7C", "6H", True),
                                           ("AS", "3D", False), ("7C", "7D", False), ("KS", "2D", False)])
def test_the_hole_takes_one_rank_up_or_down_kings_and_aces_meeting(top, card, ok):
    game = position(BlackHole, foundation_1=top, tableau_1=card)
    assert legal(game, "tableau-1", "foundation-1") == ok


def test_nothing_is_built_on_a_black_hole_fan_and_there_is_no_stock():
    game = position(BlackHole, foundation_1="AS", tableau_1="8H", tableau_2="9S", tableau_3="")
    assert not legal(game, "tableau-1", "tableau-2") and not legal(game, "tableau-1", "tableau-3")
    assert game.stock_ix is None and DEAL not in set(game.legal_moves())


def test_black_hole_starts_with_the_ace_of_spades_in_the_hole_and_17_fans_of_three():
    for number in (1, 2, 500, 40000):
        game = BlackHole(number)
        assert [c.code for c in game.stack("foundation-1")] == ["AS"]
        assert [len(game.stack(f"tableau-{k}")) for k in range(1, 18)] == [3] * 17


def test_black_hole_is_won_when_all_52_are_in_the_hole():
    hole = " ".join(r + s for s in "CSHD" for r in "A23456789TJQK")
    game = position(BlackHole, foundation_1=hole)
    assert game.is_won() and game.score() == BlackHole.max_score == 52
    assert not position(BlackHole, foundation_1="AS", tableau_1="2S").is_won()
