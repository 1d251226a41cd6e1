"""The public API a game author uses for what the declarations cannot say: the game's own moves, its pack,
foundations of given suits, a condition on dealing, and families of games that differ by a parameter."""

from __future__ import annotations

from collections import Counter

import pytest

from reussite.cards import Card, new_pack, shuffled_pack
from reussite.errors import IllegalMove
from reussite.game import DEAL, REDEAL, Move, Reason
from reussite.messages import N_
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    NONE,
    PICK_TOP,
    Build,
    StackRule,
    foundations,
    stock,
    tableau,
    waste,
)
from reussite.variant import Variant, VariantError
from reussite_plugins.forty_thieves_game import FortyThieves

R_NO_DEAL_ON_EMPTY = Reason(N_("You cannot deal while a tableau pile is empty."))


class Sweeper(Variant):
    """A King that reaches a tableau pile sweeps that pile onto the first empty foundation (the game's own
    move); no deal while a pile is empty; one redeal, refused while the first pile holds a Queen."""

    id = "sweeper"
    name = "Sweeper"
    pack_suits = (1, 1, 2, 2)  # spades and hearts only: four copies of each card in two decks
    decks = 2
    redeals = 1
    stacks = (stock(), waste(), *foundations(4, FOUNDATION_UP_IN_SUIT, x=2, suits=(1, 2, 1, 2)),
              *tableau(3, StackRule(build=Build("any", 1), empty=ANY, pickup=PICK_TOP)))

    def deal(self, cards):
        self.deal_row(cards)
        self.place("stock", cards)

    def after_move(self, move):
        for pile in self.tableau_ix:
            if self.cards[pile] and self.cards[pile][-1].rank == 13:
                free = next(f for f in self.foundation_ix if not self.cards[f])
                self.move_cards(pile, free, len(self.cards[pile]))
        super().after_move(move)

    def stock_refusal(self, move):
        if move is DEAL and not all(self.cards[i] for i in self.tableau_ix):
            return R_NO_DEAL_ON_EMPTY
        if move is REDEAL and any(c.rank == 12 for c in self.cards[self.tableau_ix[0]]):
            return R_NO_DEAL_ON_EMPTY
        return None


def sweeper_at(**stacks) -> Sweeper:
    return Sweeper.from_layout({"stacks": [{"id": k.replace("_", "-"), "cards": v} for k, v in stacks.items()]})


def test_the_games_own_move_is_undone_and_redone_with_the_move():
    game = sweeper_at(stock=["AS"], waste=["KH"], tableau_1=["QH", "2S"], tableau_3=["2S"])
    before = game.snapshot()
    game.push(Move(game.waste_ix, game.index["tableau-2"]))
    assert game.stack("foundation-1") == [Card(13, 2)] and not game.stack("tableau-2")
    game.pop()
    assert game.snapshot() == before
    game.redo()
    assert game.stack("foundation-1") == [Card(13, 2)]


def test_move_cards_outside_a_move_is_an_error_that_says_what_to_use():
    game = sweeper_at(tableau_1=["QH"])
    with pytest.raises(RuntimeError, match="place()"):
        game.move_cards(game.index["tableau-1"], game.index["tableau-2"])


def test_the_pack_hook_makes_the_pack_from_suits_ranks_and_copies():
    pack = Sweeper(5).pack()
    assert len(pack) == 104 and {c.suit for c in pack} == {1, 2}
    assert Counter(c[:2] for c in pack) == {(rank, suit): 4 for rank in range(1, 14) for suit in (1, 2)}
    assert sorted(c.deck for c in pack if c[:2] == (1, 1)) == [0, 1, 2, 3]
    game = Sweeper(5)
    assert sorted(c for pile in game.cards for c in pile) == sorted(pack)
    assert game.snapshot() == Sweeper(5).snapshot() != Sweeper(6).snapshot()
    # The standard pack is still PySolFC's, the Microsoft order included.
    assert new_pack(2) == new_pack(2, (0, 1, 2, 3), tuple(range(1, 14)))
    assert shuffled_pack(1, 7, new_pack(1)) == shuffled_pack(1, 7)


def test_a_position_holds_as_many_copies_as_the_pack_and_no_more():
    assert len(sweeper_at(tableau_1=["AS"] * 4).stack("tableau-1")) == 4
    with pytest.raises(VariantError, match="AS appears more often than the pack holds it"):
        sweeper_at(tableau_1=["AS"] * 5)
    with pytest.raises(VariantError, match="AC appears more often"):
        sweeper_at(tableau_1=["AC"])


def test_each_foundation_takes_its_own_suit():
    assert [Sweeper.stacks[i].rule.suit for i in range(2, 6)] == [1, 2, 1, 2]
    game = sweeper_at(tableau_1=["AH"], tableau_2=["AS"])
    f1, t1 = game.index["foundation-1"], game.index["tableau-1"]
    assert str(game.explain(Move(t1, f1))) == "Foundation 1 takes only spades."
    assert Move(t1, f1) not in game.legal_moves()
    assert Move(t1, game.index["foundation-2"]) in list(game.legal_moves())
    with pytest.raises(ValueError, match=r"3 suits \(0, 1, 2\) for 4 foundations"):
        foundations(4, FOUNDATION_UP_IN_SUIT, suits=range(3))


def test_the_deal_refusal_hook_is_listed_accepted_and_explained_alike():
    game = sweeper_at(stock=["5S", "6S"], tableau_1=["AH"], tableau_2=["3S"])
    assert DEAL not in list(game.legal_moves())
    with pytest.raises(IllegalMove, match="while a tableau pile is empty"):
        game.push(DEAL)
    game = sweeper_at(stock=["5S"], tableau_1=["AH"], tableau_2=["3S"], tableau_3=["4S"])
    assert DEAL in list(game.legal_moves())
    game.push(DEAL)
    assert game.refusal(REDEAL) is None and REDEAL in list(game.legal_moves())
    game = sweeper_at(waste=["5S"], tableau_1=["QH"], tableau_2=["3S"], tableau_3=["4S"])
    assert REDEAL not in list(game.legal_moves())
    assert game.parse_move("d") == REDEAL  # the stock's own rule allows it: the hook says why not
    with pytest.raises(IllegalMove, match="while a tableau pile is empty"):
        game.push(game.parse_move("d"))


class FortyAndEight(FortyThieves):
    id = "forty-and-eight"
    name = "Forty and Eight"
    piles, rows, redeals = 8, 5, 1


def test_a_family_member_is_a_few_lines():
    game = FortyAndEight(3)
    assert len(game.tableau_ix) == 8 and all(len(game.cards[i]) == 5 for i in game.tableau_ix)
    assert [s.id for s in FortyAndEight.stacks][-1] == "tableau-8"
    assert len(FortyThieves(3).tableau_ix) == 10  # the base game is unchanged
    FortyAndEight.validate()
    moves = list(game.legal_moves())
    assert moves and all(game.refusal(m) is None for m in moves)


def test_a_member_that_declares_its_stacks_keeps_them():
    fixed = (stock(), waste(), *foundations(8, FOUNDATION_UP_IN_SUIT), *tableau(2, StackRule(empty=NONE)))
    member = type("Fixed", (FortyThieves,), {"id": "fixed", "stacks": fixed, "rows": 1})
    assert member.stacks == fixed


@pytest.mark.parametrize(("field", "value"), [("pack_suits", (1, 4)), ("pack_suits", ()),
                                              ("pack_ranks", (1, 1)), ("pack_ranks", (0, 13))])
def test_a_bad_pack_is_named(field, value):
    with pytest.raises(VariantError, match=rf"(?s)Bad\b.*{field}: "):
        type("Bad", (Sweeper,), {field: value})


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize(("n", "stock_size"), [(1, 7), (2, 7), (3, 7), (3, 2), (4, 0)])
def test_deal_cards_is_one_move_cards_per_pile_and_is_undone_exactly(n, stock_size, reverse):
    """A deal onto several piles, recorded as one operation, leaves the stacks, face-down counts and cached
    keys as a move_cards() per pile would, short stock included, and pop() puts back all three."""
    codes = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"][:stock_size]
    one, many = (sweeper_at(stock=codes, tableau_1=["9H"], tableau_3=["8S"]) for _ in range(2))
    stock, piles = one.stock_ix, one.tableau_ix
    for game in (one, many):
        game.position_key()  # the stacks' keys cached: undo must put them back
    keys_before, before = list(many._stack_keys), many.snapshot()
    one._ops, many._ops = [], []
    for pile in piles:
        count = min(n, len(one.cards[stock]))
        if count:
            one.move_cards(stock, pile, count, reverse)
    many.deal_cards(stock, piles, n, reverse)
    assert many.snapshot() == one.snapshot() and many._stack_keys == one._stack_keys
    assert len(many._ops) == (1 if stock_size else 0)
    many._done.append((DEAL, many._ops))
    many._ops = None
    many.pop()
    assert many.snapshot() == before and many._stack_keys == keys_before


def test_deal_cards_outside_a_move_is_an_error_that_says_what_to_use():
    game = sweeper_at(stock=["QH"])
    with pytest.raises(RuntimeError, match="place()"):
        game.deal_cards(game.stock_ix, game.tableau_ix)
