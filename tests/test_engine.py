"""The engine: exact undo and redo, legal-move generation, refusals, notation."""

from __future__ import annotations

import random

import pytest
from helpers import arrange

from reussite.advisor import heuristic_move
from reussite.errors import IllegalMove, UserError
from reussite.game import DEAL, REDEAL, Move
from reussite.movegen import checked_moves, indexed_moves
from reussite_plugins.forty_thieves import FortyThieves


def random_play(g, steps: int, seed: int):
    rng = random.Random(seed)
    for _ in range(steps):
        moves = list(g.legal_moves())
        if not moves:
            break
        g.push(rng.choice(moves))


def test_every_generated_move_is_legal_and_pop_restores_the_exact_position():
    g = FortyThieves(42)
    rng = random.Random(1)
    for _ in range(300):
        moves = list(g.legal_moves())
        if not moves:
            break
        before = g.snapshot()
        for move in moves:
            assert g.refusal(move) is None, g.notation(move)
            g.push(move)
            g.pop()
            assert g.snapshot() == before, g.notation(move)
        g.push(rng.choice(moves))


def test_undo_all_then_redo_all_returns_to_the_same_position():
    g = FortyThieves(9)
    start = g.snapshot()
    random_play(g, 120, seed=3)
    end, history = g.snapshot(), g.history
    while g.can_undo:
        g.pop()
    assert g.snapshot() == start
    while g.can_redo:
        g.redo()
    assert g.snapshot() == end and g.history == history


def test_a_new_move_clears_the_redo_list():
    g = FortyThieves(9)
    g.push(DEAL)
    g.pop()
    assert g.can_redo
    g.push(next(m for m in g.legal_moves() if m != DEAL) if any(m != DEAL for m in g.legal_moves()) else DEAL)
    assert not g.can_redo or g.history[-1] == DEAL


def test_an_illegal_move_leaves_the_position_unchanged_and_says_why():
    g = arrange(FortyThieves(1), {"tableau-1": "QS", "tableau-2": "4H"})
    before = g.snapshot()
    with pytest.raises(IllegalMove) as info:
        g.push(Move(g.index["tableau-1"], g.index["tableau-2"]))
    assert str(info.value) == "The Queen of spades cannot go on the 4 of hearts: build down in suit."
    assert g.snapshot() == before and not g.can_undo


def test_undo_and_redo_with_nothing_to_do_are_user_errors():
    g = FortyThieves(1)
    with pytest.raises(UserError):
        g.pop()
    with pytest.raises(UserError):
        g.redo()


@pytest.mark.parametrize("text", ["t1-f1", "w-t5", "t2-t7x3", "deal"])
def test_notation_round_trips(text):
    g = FortyThieves(1)
    assert g.notation(g.parse_move(text)) == text


def test_typed_moves_accept_short_forms():
    g = arrange(FortyThieves(1), {"tableau-3": "AH", "waste": "KC", "stock": "2C"})
    assert g.parse_move("t3 f") == Move(g.index["tableau-3"], g.index["foundation-1"])
    assert g.parse_move("w t5") == Move(g.waste_ix, g.index["tableau-5"])
    assert g.parse_move("d") == DEAL
    arrange(g, {"stock": "", "waste": "KC"})
    g.redeals = 1
    assert g.parse_move("d") == REDEAL


@pytest.mark.parametrize("bad", ["", "x", "t99 f", "t1 q3", "hello world"])
def test_unreadable_moves_name_the_problem(bad):
    with pytest.raises(UserError) as info:
        FortyThieves(1).parse_move(bad)
    assert repr(bad) in str(info.value)


def test_hint_prefers_a_foundation_move():
    g = arrange(FortyThieves(1), {"tableau-1": "AH", "tableau-2": "9C", "tableau-3": "TC", "stock": "5D"})
    hint = heuristic_move(g)
    assert hint == Move(g.index["tableau-1"], g.index["foundation-1"])


def test_lost_game_has_no_hint():
    kings = {f"tableau-{i}": "K" + "SHDC"[i % 4] for i in range(1, 11)}
    g = arrange(FortyThieves(1), {"stock": "", "waste": "9C", **kings})
    assert heuristic_move(g) is None and g.is_lost()


def test_indexed_move_generation_equals_asking_every_target(host):
    """The fast generator (targets looked up by the card they want) finds exactly the moves that asking
    every target finds, over random play in every game that uses it."""
    used = 0
    for game_id, cls in sorted(host.games.items()):
        g = cls(2024)
        if not g._indexable:
            continue
        used += 1
        rng = random.Random(game_id)
        for _ in range(250):
            fast = indexed_moves(g._plan, g)
            slow = checked_moves(g._plan, g)
            assert fast == slow, (game_id, [g.notation(m) for m in fast], [g.notation(m) for m in slow])
            moves = list(g.legal_moves())
            if not moves:
                break
            g.push(rng.choice(moves))
    assert used >= 3


def test_the_generator_sees_every_change_to_the_stacks(host):
    """The indexed generator keeps what each target wants from one call to the next: moves taken back, piles
    replaced or edited in place, and copies must all be seen."""
    from reussite.cards import Card

    g = FortyThieves(7)
    t1, t2 = g.tableau_ix[:2]

    def same(game):
        assert indexed_moves(game._plan, game) == checked_moves(game._plan, game)

    same(g)
    for move in list(g.legal_moves()):
        g.push(move, check=False)
        same(g)
        g.pop()
        same(g)
    g.cards[t1] = [Card(1, 0)]  # a new pile: the Ace goes up, the other piles may now take a Two of clubs
    same(g)
    assert any(m.src == t1 and m.dst in g.foundation_ix for m in g.legal_moves() if isinstance(m, Move))
    g.cards[t2].append(Card(2, 0, 1))  # edited in place
    same(g)
    twin = g.copy()
    twin.cards[t1].clear()
    same(twin)
    same(g)
    assert any(m.src == t1 for m in g.legal_moves() if isinstance(m, Move))
    assert not any(m.src == t1 for m in twin.legal_moves() if isinstance(m, Move))


def test_rules_are_compiled_once_per_variant_class(host):
    cls = host.game("forty-thieves")
    a, b = cls(1), cls(2)
    assert a._rules is b._rules and a.copy()._rules is a._rules
    assert len(a._rules) == len(a.specs)


def test_the_positions_along_the_history_are_the_positions_played():
    """Position keys along the history are computed when asked; they are the keys of the positions played,
    after undos and new moves too."""
    g = FortyThieves(5)
    rng = random.Random(5)
    played = [g.position_key()]
    for step in range(60):
        moves = list(g.legal_moves())
        if not moves:
            break
        if step % 7 == 6:
            g.pop()
            g.pop()
            del played[-2:]
            assert g._path_keys == played
        g.push(rng.choice(moves) if step % 7 != 6 else next(iter(g.legal_moves())))
        played.append(g.position_key())
        if step % 5 == 0:
            assert g._path_keys == played
    assert g._path_keys == played
    assert g.seen_positions() == set(played)


def test_turn_face_down_is_recorded_with_the_move_and_undone_exactly():
    """A redeal that hides cards again (Grandfather): the face-down count changes with the move, undo restores
    it and the position key, redo plays it again; outside a move, and for more cards than the stack holds, it
    is refused."""
    import pytest

    from reussite.game import REDEAL
    from reussite.rules import Build, StackRule, foundations, stock, tableau, waste
    from reussite.variant import Variant

    class Hidden(Variant):
        id = "test-hidden"
        name = "Test Hidden"
        redeals = 1
        stacks = (stock(), waste(), *foundations(4, StackRule(build=Build("same", 1), empty=1)),
                  *tableau(2, StackRule(build=Build("alternate", -1))))

        def deal(self, cards):
            self.place("tableau-1", [cards.pop() for _ in range(4)], face_down=0)
            self.place("tableau-2", [cards.pop() for _ in range(4)], face_down=3)
            self.place("stock", cards)

        def do_redeal(self):
            super().do_redeal()
            self.turn_face_down(self.index["tableau-1"], 3)

    game = Hidden(7)
    t1 = game.index["tableau-1"]
    with pytest.raises(RuntimeError, match="turn_face_down"):
        game.turn_face_down(t1, 2)
    while game.can_deal():
        game.push(game.parse_move("deal"))
    before, key = game.face_down[t1], game.position_key()
    game.push(REDEAL)
    assert game.face_down[t1] == 3 and not game.is_face_up(t1, 2) and game.is_face_up(t1, 3)
    game.pop()
    assert game.face_down[t1] == before == 0 and game.position_key() == key
    game.redo()
    assert game.face_down[t1] == 3


def test_a_deal_is_the_deal_wherever_it_was_made():
    """``move is DEAL`` (the plugin guide's Spider) holds for a deal made anywhere: typed, built by the
    conformance harness, pickled to the solver's process and back, copied."""
    import copy
    import pickle

    from reussite.moves import DEAL, REDEAL, Deal, Redeal

    for made, one in ((Deal(), DEAL), (Redeal(), REDEAL)):
        assert made is one and pickle.loads(pickle.dumps(made)) is one and copy.deepcopy(made) is one
    assert DEAL != REDEAL and len({DEAL, Deal(), REDEAL}) == 2
