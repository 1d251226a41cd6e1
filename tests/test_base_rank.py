"""A base rank set by the deal (``empty=Base(offset)``, ``Game.set_base_rank``): Canfield's foundations start
with the rank of the card dealt to them and its empty piles may take the rank below. What the stacks take
follows the rank the game set, through copies, undo, keys, layouts and saves; the tables are compiled per
(class, rank) like a declared rank; the declaration is checked when the class is defined."""

from __future__ import annotations

import contextlib

import pytest

from reussite import saves
from reussite.cards import Card
from reussite.game import Game, Move
from reussite.messages import N_
from reussite.movegen import Plan, checked_moves, indexed_moves
from reussite.rules import (
    NONE,
    PICK_NONE,
    PICK_RUN,
    Base,
    Build,
    CompiledRule,
    Kind,
    StackRule,
    StackSpec,
    foundations,
    reserves,
    spec_problems,
    stock,
    tableau,
    waste,
)
from reussite.solver.derive import Knowledge
from reussite.variant import Variant, VariantError

C, S, H, D = range(4)
FOUNDATION = StackRule(build=Build("same", 1, wrap=True), empty=Base(), pickup=PICK_NONE, flip_exposed=False)
PILE = StackRule(build=Build("alternate", -1, wrap=True), empty=Base(-1), pickup=PICK_RUN)


class Based(Variant):
    """Canfield's shape: the first card dealt goes to a foundation and sets the base."""

    id = "test-based"
    name = N_("Based")
    redeals = None
    stacks = (stock(), waste(), *foundations(4, FOUNDATION, x=2), *tableau(4, PILE, y=1),
              *reserves(1, StackRule(empty=NONE, accepts_from=frozenset()), x=0, y=1))

    def deal(self, cards):
        first = cards.pop()
        self.place("foundation-1", [first])
        self.set_base_rank(first.rank)
        self.place("reserve-1", [cards.pop() for _ in range(13)], face_down=12)
        self.deal_row(cards)
        self.place("stock", cards)


class FirstHome(Variant):
    """Chessboard's way: no base at the deal; the first card played to a foundation sets it."""

    id = "test-first-home"
    name = N_("First home")
    stacks = (*foundations(4, FOUNDATION), *tableau(4, StackRule(build=Build("same", -1), pickup=PICK_RUN)))

    def deal(self, cards):
        while cards:
            self.deal_row(cards)

    def after_move(self, move):
        super().after_move(move)
        if self.base_rank is None and any(self.cards[f] for f in self.foundation_ix):
            self.set_base_rank(next(self.cards[f][0].rank for f in self.foundation_ix if self.cards[f]))


def position(base: int, **stacks: list[str]) -> Based:
    data = {"game": Based.id, "number": 1, "base_rank": base,
            "stacks": [{"id": k.replace("_", "-"), "cards": v} for k, v in stacks.items()]}
    return Based.from_layout(data)


def test_the_deal_sets_the_base_from_the_first_card():
    for number in range(1, 6):
        game = Based(number)
        first = game.cards[game.index["foundation-1"]][0]
        assert game.base_rank == first.rank
        assert game.specs[game.index["foundation-2"]].rule.empty == first.rank
        assert game.specs[game.index["tableau-1"]].rule.empty == (first.rank - 2) % 13 + 1


def test_an_empty_foundation_takes_the_base_rank_and_refuses_others():
    game = position(7, foundation_1=["7C"], tableau_1=["7H"], tableau_2=["8H"])
    assert game.refusal(Move(game.index["tableau-1"], game.index["foundation-2"], 1)) is None
    refused = Move(game.index["tableau-2"], game.index["foundation-2"], 1)
    assert game.refusal(refused) is not None
    assert game.explain(refused).render_english().endswith("it must start with a 7.")


def test_the_base_is_not_ignored():
    """The mutant check: the same cards with another base take other cards, and the Ace (a fixed rank the
    declaration might have fallen back on) is refused where it is not the base."""
    cards = dict(tableau_1=["7H"], tableau_2=["AS"], tableau_3=["6D"])
    for base, home in ((7, "tableau-1"), (1, "tableau-2")):
        game = position(base, **cards)
        to_foundation = {game.specs[m.src].id for m in game.legal_moves()
                         if isinstance(m, Move) and game.specs[m.dst].kind is Kind.FOUNDATION}
        assert to_foundation == {home}
    # An empty pile takes the rank below the base, round the corner: a King below an Ace.
    game = position(1, tableau_2=["KS"], tableau_3=["QD"])
    assert game.refusal(Move(game.index["tableau-2"], game.index["tableau-1"], 1)) is None
    assert game.refusal(Move(game.index["tableau-3"], game.index["tableau-1"], 1)) is not None
    game = position(7, tableau_2=["KS"], tableau_3=["6D"])
    assert game.refusal(Move(game.index["tableau-2"], game.index["tableau-1"], 1)) is not None
    assert game.refusal(Move(game.index["tableau-3"], game.index["tableau-1"], 1)) is None


def test_the_generator_lists_what_the_checks_accept():
    for number in range(1, 21):
        game = Based(number)
        for _ in range(30):
            assert indexed_moves(game._plan, game) == checked_moves(game._plan, game)
            moves = list(game.legal_moves())
            game.push(moves[(number * 7) % len(moves)])


def test_tables_are_compiled_once_per_class_and_rank_as_a_fixed_rank():
    plan = Plan.of(Based, Game, 5)
    assert Plan.of(Based, Game, 5) is plan and Plan.of(Based, Game, 6) is not plan
    assert not plan.checked and not plan.custom_drop  # looked up in tables, no method asked per move
    fixed = CompiledRule(StackSpec("foundation-1", Kind.FOUNDATION, StackRule(
        build=Build("same", 1, wrap=True), empty=5, pickup=PICK_NONE, flip_exposed=False)))
    assert plan.rules[Based(1).index["foundation-1"]].takes is fixed.takes
    game = Based(3)
    assert game._plan is Plan.of(Based, Game, game.base_rank) and game.copy()._plan is game._plan


def test_copies_undo_snapshots_and_keys_keep_the_base():
    game = Based(2)
    copy = game.copy()
    assert copy.base_rank == game.base_rank and copy.specs is game.specs
    other = position(game.base_rank % 13 + 1)
    same = position(game.base_rank)
    other.cards, other.face_down, other._stack_keys = same.cards, same.face_down, same._stack_keys
    assert other.position_key() != same.position_key()  # the base is part of the key
    assert other.snapshot() != same.snapshot()
    saved = game.copy()
    game.set_base_rank(game.base_rank % 13 + 1)
    game.restore(saved)
    assert game.base_rank == saved.base_rank and game._plan is saved._plan


def test_a_base_set_by_a_move_is_taken_back_with_it():
    game = FirstHome(1)
    assert game.base_rank is None
    assert "any card until it is set" in game.specs[0].describe().render_english()
    home = next(m for m in game.legal_moves() if isinstance(m, Move) and game.specs[m.dst].kind is Kind.FOUNDATION)
    rank = game.cards[home.src][-1].rank
    before = game.position_key()
    game.push(home)
    assert game.base_rank == rank
    assert game.specs[1].rule.empty == rank
    assert all(game.cards[m.src][-1].rank == rank for m in game.legal_moves()
               if isinstance(m, Move) and game.specs[m.dst].kind is Kind.FOUNDATION and not game.cards[m.dst])
    game.pop()
    assert game.base_rank is None and game.position_key() == before
    assert game._plan is Plan.of(FirstHome, Game)


def test_layouts_carry_the_base():
    game = Based(4)
    data = game.layout_json()
    assert data["base_rank"] == game.base_rank
    back = Based.from_layout(data)
    assert back.base_rank == game.base_rank and back.snapshot() == game.snapshot()
    assert "base_rank" not in FirstHome(1).layout_json()
    with pytest.raises(VariantError, match="base_rank 14"):
        Based.from_layout({**data, "base_rank": 14})


def test_a_save_gets_the_base_back_from_the_number():
    class Host:
        def new_game(self, game_id, number, options):
            return Based(number, options)

        guard = staticmethod(lambda game, allow=(): contextlib.nullcontext())
        probe = staticmethod(lambda game: None)

    game = Based(6)
    game.push(next(iter(game.legal_moves())))
    back = saves.from_json(saves.to_json(game), Host())
    assert back.base_rank == game.base_rank and back.digest() == game.digest()


def test_descriptions_and_messages_name_the_rank():
    game = position(11)
    text = game.specs[game.index["foundation-2"]].describe().render_english()
    assert text.endswith("an empty one takes a Jack.")
    assert game.specs[game.index["tableau-1"]].describe().render_english().endswith("an empty one takes a 10.")
    assert "the rank below the base" in Based.stacks[Based.stacks.index(
        next(s for s in Based.stacks if s.id == "tableau-1"))].describe().render_english()
    assert "the base rank moved by 2" in StackSpec("tableau-1", Kind.TABLEAU, StackRule(
        empty=Base(2))).describe().render_english()


def test_bad_declarations_and_ranks_are_named():
    spec = StackSpec("tableau-1", Kind.TABLEAU, StackRule(empty=Base(13)))
    assert spec_problems(spec) == ["rule.empty: Base(offset=13): the offset is not a whole number from -12 to 12"]
    with pytest.raises(VariantError, match=r"(?s)Wrong.*rule.empty: Base\(offset='x'\)"):
        class Wrong(Based):
            stacks = (*Based.stacks[:-1], *reserves(1, StackRule(empty=Base("x"))))
    with pytest.raises(ValueError, match="Based.set_base_rank: 0 is not a rank"):
        Based(1).set_base_rank(0)


def test_the_solver_stays_off_safe_moves_for_such_foundations():
    knowledge = Knowledge(Based)
    assert not knowledge.enabled and "foundation-1" in knowledge.why_not
    game = Based(1)
    assert knowledge.key(game) == knowledge.key(game.copy())


def test_a_card_below_a_fixed_base_is_still_refused_by_the_mutant():
    """Were the base ignored (empty=Base() read as any card), this refusal would vanish."""
    game = position(9, tableau_1=["8C"])
    assert game.refusal(Move(game.index["tableau-1"], game.index["foundation-1"], 1)) is not None
    assert Card(8, C) not in [game.cards[m.src][-1] for m in game.legal_moves()
                              if isinstance(m, Move) and m.dst == game.index["foundation-1"]]
