"""Properties every game keeps over random legal move sequences, deals and redeals included:
every card exists exactly once, every listed move is accepted by the rules, ``pop`` restores the exact prior
position, and a save reloads to the same position with the same legal moves."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reussite import saves
from reussite.cards import new_pack
from reussite.game import Deal, Redeal

GAMES = [
    ("forty-thieves", {}),
    ("tournament", {}),
    ("mount-olympus", {}),
    ("osmosis", {}),
    ("osmosis", {"deal": "3"}),
]

#: A choice below this (out of 100) prefers the deal or redeal when there is one, so passes get used up.
DEAL_BIAS = 15

#: The loaded profile's settings (tests/conftest.py): 25 fixed examples locally, 250 fresh ones under CI=true.
play_settings = settings()


def check_cards(game) -> None:
    every = sorted(c for pile in game.cards for c in pile)
    assert every == sorted(new_pack(game.decks)), "a card is missing or doubled"
    for i, pile in enumerate(game.cards):
        assert 0 <= game.face_down[i] <= len(pile)


def choose(game, choice: int):
    moves = list(game.legal_moves())
    for move in moves:
        assert game.refusal(move) is None, f"listed but refused: {game.notation(move)}"
    if not moves:
        return None
    if choice % 100 < DEAL_BIAS:
        stock_moves = [m for m in moves if isinstance(m, Deal | Redeal)]
        if stock_moves:
            return stock_moves[0]
    return moves[choice % len(moves)]


def check_save_round_trip(game, host) -> None:
    data = json.loads(json.dumps(saves.to_json(game)))
    again = saves.from_json(data, host)
    assert again.snapshot() == game.snapshot()
    assert list(again.legal_moves()) == list(game.legal_moves())
    assert again.option_values == game.option_values


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[f"{g}{o}" for g, o in GAMES])
@play_settings
@given(number=st.integers(1, 10**9), choices=st.lists(st.integers(0, 10**6), min_size=30, max_size=200))
def test_random_play_keeps_cards_undo_and_saves(host, game_id, options, number, choices):
    game = host.game(game_id)(number, options)
    start = game.snapshot()
    check_cards(game)
    for k, choice in enumerate(choices):
        move = choose(game, choice)
        if move is None:
            assert game.is_won() or game.is_lost()
            break
        before = game.snapshot()
        game.push(move)
        check_cards(game)
        after = game.snapshot()
        assert game.pop() == move
        assert game.snapshot() == before, f"pop did not restore the position before {game.notation(move)}"
        game.redo()
        assert game.snapshot() == after
        if k % 40 == 39:
            check_save_round_trip(game, host)
    check_save_round_trip(game, host)
    while game.can_undo:
        game.pop()
    assert game.snapshot() == start
