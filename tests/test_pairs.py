"""Cards removed together (``Game.pairs``, ``Game.covered_by``): declared, checked when the class is defined,
listed by the move generator, refused with a reason that names the two cards, played and taken back exactly,
written and read as ``t3+t5``, saved, played by the page as one card dropped on the other, and searched by
the solver."""

from __future__ import annotations

import contextlib

import pytest

from reussite import saves
from reussite.game import IllegalMove, Move, Pair
from reussite.rules import (
    DISCARD,
    FOUNDATION_UP_IN_SUIT,
    NONE,
    Kind,
    Pairs,
    StackRule,
    foundations,
    pyramid,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant, VariantError

PYRAMID, COVERED = pyramid(7, x=3, y=0)


class Pyramid(Variant):
    id = "test-pyramid"
    name = "Pyramid"
    stacks = (stock(0, 4), waste(1, 4), *foundations(1, DISCARD, x=6, y=4), *PYRAMID)
    covered_by = COVERED
    pairs = Pairs(total=13, alone=(13,), where="uncovered", below=True)

    def deal(self, cards):
        for i in self.tableau_ix:
            self.place(i, [cards.pop()])
        self.place("stock", cards)


class HiddenPyramid(Pyramid):
    """Thirteen's pyramid: face down but for the bottom row, each card turned up once uncovered."""

    id = "test-hidden-pyramid"
    pairs = Pairs(total=13, alone=(13,), where="uncovered")

    def deal(self, cards):
        for i in self.tableau_ix:
            self.place(i, [cards.pop()], face_down=0 if i in self.tableau_ix[-7:] else 1)
        self.place("stock", cards)


ONE_CARD = StackRule(build=None, empty=NONE, max_cards=1)


class Grid(Variant):
    """Monte Carlo's grid: five rows of five, pairs of a rank touching."""

    id = "test-grid"
    name = "Grid"
    stacks = (*foundations(1, DISCARD, x=6), *[s for r in range(5) for s in tableau(
        5, ONE_CARD, y=r, first=5 * r + 1, fan="none")])
    pairs = Pairs(by="rank", where="adjacent", columns=5)

    def deal(self, cards):
        self.deal_row(cards)


class Lines(Grid):
    id = "test-lines"
    pairs = Pairs(total=14, where="line", columns=5)


class Piles(Variant):
    """Fourteen-like: piles whose top cards pair anywhere; Block Ten's faces pair by rank."""

    id = "test-piles"
    name = "Piles"
    stacks = (*foundations(1, DISCARD, x=6), *tableau(4, StackRule(build=None, empty=NONE)))
    pairs = Pairs(total=10, same=(11, 12, 13))

    def deal(self, cards):
        self.deal_row(cards)


def at(cls, stacks, **extra):
    """A game of ``cls`` at the position ``stacks`` ({id: cards}, bottom to top)."""
    data = {"stacks": [{"id": k, "cards": v.split() if isinstance(v, str) else v} for k, v in stacks.items()]}
    data.update(extra)
    return cls.from_layout(data)


def said(game, text):
    message = game.explain(game.parse_move(text))
    return None if message is None else message.render_english()


# -- declarations ------------------------------------------------------------------------------------------


def define(**attributes):
    base = {"id": "typo", "name": "Typo",
            "stacks": (stock(), waste(), *foundations(1, DISCARD, x=3), *tableau(4, StackRule(build=None)))}
    return type("Typo", (Variant,), {**base, **attributes})


@pytest.mark.parametrize("attributes, named", [
    ({"pairs": "13"}, "pairs: '13' is not None or a Pairs"),
    ({"pairs": Pairs(total=30)}, "pairs.total: 30"),
    ({"pairs": Pairs()}, "pairs.total: None"),
    ({"pairs": Pairs(by="colour")}, "pairs.by: 'colour'"),
    ({"pairs": Pairs(by="rank", total=13)}, "pairs.total: 13 with by='rank'"),
    ({"pairs": Pairs(total=13, alone=(14,))}, "pairs.alone: (14,)"),
    ({"pairs": Pairs(by="rank", same=(11,))}, "pairs.same: (11,) only means"),
    ({"pairs": Pairs(total=13, where="near")}, "pairs.where: 'near'"),
    ({"pairs": Pairs(total=13, where="adjacent")}, "pairs.columns: None"),
    ({"pairs": Pairs(total=13, columns=5)}, "pairs.columns: 5 with where='top'"),
    ({"pairs": Pairs(total=13, kinds=(Kind.STOCK,))}, "pairs.kinds"),
    ({"pairs": Pairs(total=13, to="tableau-1")}, "pairs.to: 'tableau-1' is not a foundation"),
    ({"pairs": Pairs(total=13, where="uncovered")}, "declares no covered_by"),
    ({"pairs": Pairs(total=13, below=True, kinds=(Kind.TABLEAU,))}, "pairs.below: True, but the waste's"),
    ({"covered_by": {"tableau-9": ("tableau-1",)}}, "covered_by: 'tableau-9' is not a stack"),
    ({"covered_by": {"tableau-1": ("tableau-1",)}}, "a stack cannot cover itself"),
    ({"covered_by": {"tableau-1": "tableau-2"}}, "covered_by['tableau-1']: 'tableau-2' is not a tuple"),
])
def test_a_bad_pairs_declaration_is_an_error_naming_the_class_field_and_value(attributes, named):
    with pytest.raises(VariantError) as caught:
        define(**attributes)
    assert "Typo" in str(caught.value) and named in str(caught.value)


def test_the_discard_foundation_must_take_nothing_by_a_build():
    with pytest.raises(VariantError, match="declare it with rules.DISCARD"):
        define(stacks=(*foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(4, StackRule(build=None))),
               pairs=Pairs(total=13))
    with pytest.raises(VariantError, match="no waste"):
        define(stacks=(*foundations(1, DISCARD), *tableau(4, StackRule(build=None))),
               pairs=Pairs(total=13, below=True))


def test_pyramid_gives_the_stacks_and_which_cover_which():
    specs, covered = pyramid(3)
    assert [s.id for s in specs] == [f"tableau-{k}" for k in range(1, 7)]
    assert covered == {"tableau-1": ("tableau-2", "tableau-3"), "tableau-2": ("tableau-4", "tableau-5"),
                       "tableau-3": ("tableau-5", "tableau-6")}
    assert [s.x for s in specs] == [0, -0.5, 0.5, -1, 0, 1]


def test_match_tables_follow_the_declaration():
    def pairs_with(pairs, code):
        from reussite.cards import parse_card
        card = parse_card(code)
        return sorted({k >> 2 for k in pairs.matches()[card[0] * 4 + card[1]]})

    assert pairs_with(Pairs(total=13), "7S") == [6]
    assert pairs_with(Pairs(total=13), "KS") == []
    assert pairs_with(Pairs(total=14), "7S") == [7]
    assert pairs_with(Pairs(by="rank"), "7S") == [7]
    assert pairs_with(Pairs(total=10, same=(11, 12, 13)), "JS") == [11]
    assert pairs_with(Pairs(total=10, same=(11, 12, 13)), "TS") == []
    assert pairs_with(Pairs(total=10, same=(11, 12, 13)), "3S") == [7]
    assert len(Pairs(by="suit").matches()[7 * 4 + 1]) == 13


# -- the pyramid: what is free, what pairs, why not ------------------------------------------------------

def pyramid_position(**extra):
    """Bottom row 7S 6D 5H KC 8C AS 2D; the row above 9S QH 4C 3D 6S 7H; the waste QC, 6C on top."""
    rows = ["AH", "2S 3S", "4S 5S 6H", "7D 8D 9D TD", "JD TS 9H 8H 7C", "9S QH 4C 3D 6S 7H",
            "7S 6D 5H KC 8C AS 2D"]
    stacks = {s.id: [c] for s, c in zip(PYRAMID, " ".join(rows).split(), strict=True)}
    stacks.update(waste="QC 6C".split(), stock=["5C"])
    stacks.update(extra)
    return at(Pyramid, stacks)


def test_only_uncovered_cards_pair_and_kings_go_alone():
    game = pyramid_position()
    listed = [game.notation(m) for m in game.legal_moves()]
    # t22..t28: 7S 6D 5H KC 8C AS 2D; waste top 6C.
    assert listed == ["w+t22", "t22+t23", "t24+t26", "t25-f1", "deal"]
    assert said(game, "t22+t23") is None
    assert said(game, "t22+t24") == "The 7 of spades and the 5 of hearts make 12, not 13."
    assert said(game, "t16+t22") == "The 9 of spades is covered: only uncovered cards can be played."
    assert said(game, "t22+t16") == "The 9 of spades is covered: only uncovered cards can be played."
    assert said(game, "t22-f1") == ("The 7 of spades cannot be removed on its own: it must be paired with "
                                    "another card.")
    assert said(game, "t22+t22") == "A card cannot pair with itself."
    assert said(game, "s+t22") == "The cards of the stock are not removed in pairs."
    assert said(game, "w+w") == "The 6 of clubs and the Queen of clubs make 18, not 13."
    assert said(game, "t22+t22 ".strip()) == "A card cannot pair with itself."
    assert said(game, "t16-t22") is not None  # no card moves onto another
    with pytest.raises(IllegalMove, match="make 12, not 13"):
        game.push(game.parse_move("t22+t24"))


def test_the_waste_pairs_with_the_card_under_it_where_declared():
    game = pyramid_position(waste="QC AC".split())
    assert "w+w" in [game.notation(m) for m in game.legal_moves()]
    game.push(game.parse_move("w+w"))
    assert game.stack("waste") == [] and len(game.stack("foundation-1")) == 2


def test_a_pair_is_played_and_taken_back_exactly():
    game = pyramid_position()
    start, key = game.snapshot(), game.position_key()
    move = game.parse_move("t22 t23")  # one card dropped on the other
    assert move == Pair(game.index["tableau-22"], game.index["foundation-1"], 1, game.index["tableau-23"])
    game.push(move)
    assert [c.code for c in game.stack("foundation-1")] == ["7S", "6D"]
    assert game.stack("tableau-22") == [] == game.stack("tableau-23")
    assert game.notation(game.history[0]) == "t22+t23"
    assert game.score() == 2
    after = game.snapshot()
    assert game.pop() == move and game.snapshot() == start and game.position_key() == key
    assert game.redo() == move and game.snapshot() == after
    # The 9 of spades is uncovered now.
    assert said(game, "t16+t24") == "The 9 of spades and the 5 of hearts make 14, not 13."


def test_the_discard_pile_order_does_not_change_the_position_key():
    one, two = pyramid_position(), pyramid_position()
    one.push(one.parse_move("t22+t23"))
    one.push(one.parse_move("t24+t26"))
    two.push(two.parse_move("t24+t26"))
    two.push(two.parse_move("t22+t23"))
    assert one.snapshot() != two.snapshot() and one.position_key() == two.position_key()


def test_the_pyramid_stacks_are_not_interchangeable():
    game = pyramid_position()
    assert not any(set(group) & set(game.tableau_ix) for group in game.interchangeable_stacks())


def test_covered_cards_turn_up_once_uncovered():
    game = HiddenPyramid(1)
    assert all(game.face_down[i] == 1 for i in game.tableau_ix[:21])
    row = game.tableau_ix[-7:]
    # Clear the whole bottom row by force (pairs or not) and watch the row above turn up.
    game._ops = []
    for i in row:
        game.move_cards(i, game.index["foundation-1"])
    game.flip_exposed_cards()
    game._ops = None
    assert [game.face_down[i] for i in game.tableau_ix[15:21]] == [0] * 6
    assert [game.face_down[i] for i in game.tableau_ix[:15]] == [1] * 15


def test_a_covered_card_turns_up_after_a_pair_and_back_down_on_undo():
    game = HiddenPyramid.from_layout({"stacks": [
        {"id": "tableau-21", "cards": ["5H"], "face_down": 1},
        {"id": "tableau-27", "cards": ["6S"]}, {"id": "tableau-28", "cards": ["7D"]},
        {"id": "tableau-26", "cards": ["2C"]}]})
    assert said(game, "t21+t26") == "A face-down card cannot be moved."
    game.push(game.parse_move("t27+t28"))
    assert game.face_down[game.index["tableau-21"]] == 0
    assert said(game, "t21+t26") == "The 5 of hearts and the 2 of clubs make 7, not 13."
    game.pop()
    assert game.face_down[game.index["tableau-21"]] == 1


# -- grids, totals with same ranks, suits ------------------------------------------------------------------

def grid(cls, codes):
    return at(cls, {f"tableau-{k + 1}": [c] for k, c in enumerate(codes.split())})


def test_adjacent_pairs_touch_on_the_grid():
    #  7S 7H 2C 3C 4C / 5C 6C 7D 8C 9C / 2D 3D 4D 5D 6D ...
    game = grid(Grid, "7S 7H 2C 3C 4C 5C 6C 7D 8C 9C 2D 3D 4D 5D 6D 8H 9H TH JH QH KH AH 2H 3H 4H")
    listed = [game.notation(m) for m in game.legal_moves()]
    assert "t1+t2" in listed and "t2+t8" in listed and "t1+t8" not in listed
    assert said(game, "t1+t8") == "The 7 of spades and the 7 of diamonds do not touch."
    assert said(game, "t1+t3") == "The 7 of spades and the 2 of clubs are not of the same rank."
    assert not any(set(g) & set(game.tableau_ix) for g in game.interchangeable_stacks())


def test_line_pairs_share_a_row_or_a_column():
    game = grid(Lines, "7S 7H 2C 3C 4C 5C 6C 7D 8C 9C 2D 3D 4D 5D 6D 8H 9H TH JH QH KH AH 2H 3H 4H")
    listed = [game.notation(m) for m in game.legal_moves()]
    assert "t1+t2" in listed  # 7 and 7, same row
    assert "t7+t16" not in listed and "t6+t9" not in listed  # 6C+8H: neither row nor column
    assert said(game, "t7+t16") == ("The 6 of clubs and the 8 of hearts are neither in the same row nor in the "
                                    "same column.")


def test_same_ranks_pair_with_their_own_rank():
    game = at(Piles, {"tableau-1": ["JS"], "tableau-2": ["JD"], "tableau-3": ["9C"], "tableau-4": ["AS"]})
    assert [game.notation(m) for m in game.legal_moves()] == ["t1+t2", "t3+t4"]
    game = at(Piles, {"tableau-1": ["JS"], "tableau-2": ["9C"]})
    assert said(game, "t1+t2") == "The Jack of spades pairs only with a card of its own rank."
    assert said(game, "t2+t1") == "The Jack of spades pairs only with a card of its own rank."


def test_a_plain_move_stays_a_move_in_games_without_pairs():
    game = at(Piles, {"tableau-1": ["3S"]})
    assert game.pair_for(1, 2) == Pair(1, 0, 1, 2)
    assert game.pair_for(1, 0) == Move(1, 0, 1)

    class NoPairs(Variant):
        id, name = "test-no-pairs", "No pairs"
        stacks = (*foundations(1, FOUNDATION_UP_IN_SUIT), *tableau(2, StackRule(build=None)))

        def deal(self, cards):
            self.deal_row(cards)

    plain = NoPairs(1)
    assert plain.pair_for(1, 2) == Move(1, 2, 1)
    assert plain.explain(Pair(1, 0, 1, 2)).render_english() == "Cards are not removed in pairs in this game."


# -- the front ends, saves and the solver -------------------------------------------------------------------

def test_double_click_removes_alone_then_the_first_pair():
    game = pyramid_position()
    assert game.best_move_from(game.index["tableau-25"]) == Move(game.index["tableau-25"], 2, 1)
    assert game.notation(game.best_move_from(game.index["tableau-23"])) == "t22+t23"
    assert game.best_move_from(game.index["tableau-27"]) is None
    # Pairs are choices, never played automatically; a King alone is.
    assert game.autoplay() == [Move(game.index["tableau-25"], 2, 1)]


def test_the_page_lists_a_pair_from_both_cards_and_plays_a_drop():
    from reussite.web.session import legal_json
    from reussite.web.worker import decode_move, encode_move

    game = pyramid_position()
    moves = legal_json(game)
    pairs = [(m["src"], m["dst"]) for m in moves if m.get("pair")]
    assert ("tableau-22", "tableau-23") in pairs and ("tableau-23", "tableau-22") in pairs
    assert ("waste", "tableau-22") in pairs
    king = [m for m in moves if m.get("src") == "tableau-25"]
    assert king == [{"type": "move", "src": "tableau-25", "dst": "foundation-1", "n": 1, "notation": "t25-f1"}]
    move = game.pair_for(game.index["tableau-23"], game.index["tableau-22"])
    assert game.is_legal(move) and decode_move(encode_move(move)) == move


def test_a_saved_game_with_pairs_loads_back(tmp_path):
    game = pyramid_position()
    for text in ("t22+t23", "t25-f1", "t24+t26"):
        game.push(game.parse_move(text))
    game.pop()

    class Host:
        def new_game(self, game_id, number, options):
            return game.from_layout({**pyramid_position().layout_json()})

        def guard(self, game):
            return contextlib.nullcontext()

        def probe(self, game):
            pass

    data = saves.to_json(game)
    assert data["moves"] == ["t22+t23", "t25-f1"] and data["redo"] == ["t24+t26"]
    loaded = saves.from_json(data, Host())
    assert loaded.snapshot() == game.snapshot() and loaded.history == game.history
    assert loaded.redo_moves == game.redo_moves


def test_the_solver_finds_and_replays_a_line_of_pairs():
    from reussite.solver import Verdict, solve

    small = {"tableau-1": ["KH"], "tableau-2": ["6S"], "tableau-3": ["7D"]}
    rows = {s.id: [] for s in PYRAMID}
    game = at(Pyramid, {**rows, **small, "tableau-22": ["QS"], "tableau-23": ["AD"], "waste": ["5C", "8C"]})
    result = solve(game, nodes=20000)
    assert result.verdict is Verdict.WON
    probe = game.copy()
    for move in result.line:
        probe.push(move)
    assert probe.is_won()
    assert any(isinstance(m, Pair) for m in result.line)
    lost = at(Pyramid, {**rows, "tableau-1": ["QH"], "tableau-2": ["5S"], "tableau-3": ["7D"]})
    assert solve(lost, nodes=20000).verdict is Verdict.LOST


def test_the_solver_does_not_take_a_pairs_game_for_a_one_foundation_walk():
    """A game with pairs has one foundation and no build, as Golf does: the derived walk must not claim it
    (it would prove wins impossible), nor fold or click through the stock as if cards left one by one."""
    from reussite.solver import Verdict, solve
    from reussite.solver.derive import Knowledge

    assert Knowledge(Piles).why_not == "removes cards in pairs (pairs)" and not Knowledge(Piles).plain
    game = at(Piles, {"tableau-1": ["3S", "JD"], "tableau-2": ["7H", "JS"], "tableau-3": ["4C"],
                      "tableau-4": ["6D"]})
    result = solve(game, nodes=2000)
    assert result.verdict is Verdict.WON and len(result.line) == 3


class OverPyramid(Pyramid):
    id = "test-over-pyramid"
    pairs = Pairs(total=13, alone=(13,), where="uncovered", over=True)


def test_a_card_pairs_with_the_only_card_still_covering_it_where_declared():
    # t16 (6S) is covered by t22 (7D) and t23 (empty): the two pair, though t16 is covered.
    game = at(OverPyramid, {"tableau-16": ["6S"], "tableau-22": ["7D"], "tableau-17": ["6H"], "tableau-24": ["7C"],
                            "tableau-23": []})
    listed = [game.notation(m) for m in game.legal_moves()]
    assert "t16+t22" in listed and said(game, "t22+t16") is None
    # t17 (6H) is covered by t23 (empty) and t24 (7C): the same; but not with a card covering it and another.
    assert "t17+t24" in listed
    game = at(OverPyramid, {"tableau-16": ["6S"], "tableau-22": ["7D"], "tableau-23": ["5C"]})
    assert said(game, "t16+t22") == "The 6 of spades is covered: only uncovered cards can be played."
    plain = at(Pyramid, {"tableau-16": ["6S"], "tableau-22": ["7D"]})
    assert said(plain, "t16+t22") == "The 6 of spades is covered: only uncovered cards can be played."
    with pytest.raises(VariantError, match="pairs.over: True, but the class declares no covered_by"):
        define(pairs=Pairs(total=13, over=True))


def test_a_card_removed_alone_is_not_paired():
    game = pyramid_position()
    assert said(game, "t25+t26") == "The King of clubs is removed on its own, not with another card."
    assert said(game, "t26+t25") == "The King of clubs is removed on its own, not with another card."
