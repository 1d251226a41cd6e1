"""Hints a player can follow (issue 37 item 3): a hint that is not the move of a winning line never sends cards
back along one of the last eight moves while another move is left. Followed from the deal on the deals where
players saw it ping-pong (Spider one suit #3: t2→t6→t2→t6...) or walk into a dead end (Black Hole #11), with
budgets in positions so that the hints are the same on every machine."""

from __future__ import annotations

from classics_support import require_classics

require_classics()

import pytest  # noqa: E402

from reussite.advisor import WINNING, LineCache, advise, goes_back, heuristic_move  # noqa: E402
from reussite.host import Host  # noqa: E402


@pytest.fixture(scope="module")
def host():
    return Host.load()


def follow(game, hints: int, nodes: int) -> tuple[int, int]:
    """Play the hints from the deal on: how many were played, and how many of those that were not from a
    winning line went back."""
    cache, back = LineCache(), 0
    for played in range(hints):
        advice = advise(game, seconds=600, nodes=nodes, cache=cache)
        if advice.move is None:
            return played, back
        back += advice.kind != WINNING and goes_back(game, advice.move)
        game.push(advice.move)
    return hints, back


@pytest.mark.parametrize(("game_id", "options", "number"), [("spider", {"suits": "1"}, 3), ("black-hole", {}, 11)])
def test_followed_hints_never_send_cards_back(host, game_id, options, number):
    game = host.new_game(game_id, number, options)
    played, back = follow(game, 30, 100)
    assert back == 0 and played > 0
    assert len(game.seen_positions()) == game.move_count + 1  # and never a position twice


def test_the_hint_leaves_a_move_that_goes_back_for_another(host):
    """Spider one suit #3 after moves that the old hint played: its best-ranked move sent a run back."""
    game = host.new_game("spider", 3, {"suits": "1"})
    counted = 0
    for _ in range(40):
        move = heuristic_move(game)
        if move is None:
            break
        others = [m for m in game.progress_moves() if not goes_back(game, m)]
        assert not goes_back(game, move) or not others
        counted += any(goes_back(game, m) for m in game.progress_moves())
        game.push(move)
    assert counted > 0  # positions where a move going back was there to be left out
