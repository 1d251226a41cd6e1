"""The advisor: hints that lead somewhere, "lost" when the solver proves it, and where to undo to."""

from __future__ import annotations

import pytest

from reussite import advisor
from reussite.game import DEAL, REDEAL, Deal, Move
from reussite.solver import Verdict, solve


def old_hint(game):
    """The hint before the advisor's: the best-ranked legal move, seen before or not (it walks in circles)."""
    return max(game.legal_moves(), key=lambda move: advisor.rank_move(game, move), default=None)

# Osmosis, one-card deals, no redeal left: the 6♠ on the waste must go up before the 6♥ is dealt onto it
# (a 6♥ needs a 6 on the foundation above, and the only one is the 6♠ it would bury).
OSMOSIS_TRAP = {"redeals_used": 2, "stacks": [
    {"id": "foundation-1", "cards": ["5S"]}, {"id": "reserve-1", "cards": ["5H"]},
    {"id": "waste", "cards": ["6S"]}, {"id": "stock", "cards": ["6H"]}]}


def trapped(host):
    """The trap position, then the losing deal and one more move: proved lost, lost by the engine's rule."""
    game = host.games["osmosis"].from_layout(OSMOSIS_TRAP)
    assert solve(game, seconds=5).verdict is Verdict.WON
    game.push(DEAL)
    game.push(game.parse_move("r1 f"))
    return game


def test_a_hand_built_lost_position_gets_no_move_and_the_undo_lands_on_a_win(host):
    game = trapped(host)
    assert solve(game, seconds=5).verdict is Verdict.LOST and game.is_lost()
    advice = advisor.advise(game, seconds=2)
    assert advice.kind == advisor.LOST and advice.move is None
    before = game.snapshot()
    rewind = advisor.last_winnable(game, 2.0)
    assert game.snapshot() == before and game.move_count == 2  # not changed
    assert rewind is not None and rewind.undo == 2  # one move back is still lost: the deal was the mistake
    for _ in range(rewind.undo):
        game.pop()
    assert solve(game, seconds=5).verdict is Verdict.WON
    for move in rewind.line:
        game.push(move)
    assert game.is_won()


def test_last_winnable_finds_the_last_winnable_position_of_a_long_history(host):
    # Osmosis 1 is winnable; turning the stock over and over without playing loses it somewhere.
    game = host.new_game("osmosis", 1, {})
    assert solve(game, seconds=5).verdict is Verdict.WON
    while game.can_deal() or game.redeal_refusal() is None:
        game.push(DEAL if game.can_deal() else REDEAL)
    assert solve(game, seconds=5).verdict is Verdict.LOST
    rewind = advisor.last_winnable(game, 2.0)
    assert rewind is not None
    verdicts = []
    for undo in (rewind.undo - 1, rewind.undo):
        probe = game.copy()
        for _ in range(undo):
            probe.pop()
        verdicts.append(solve(probe, seconds=5).verdict)
    assert verdicts == [Verdict.LOST, Verdict.WON]
    assert rewind.searched < 20  # galloping and halving, not one search per move


def test_the_heuristic_hint_never_returns_to_a_position_already_seen(host):
    for game_id in sorted(host.games):
        game = host.new_game(game_id, 2, {})
        seen = set()
        for _ in range(150):
            seen |= game.seen_positions()
            advice = advisor.advise(game, seconds=0)  # no search: the heuristic alone
            if advice.move is None:
                assert advice.kind == advisor.NONE and (game.is_won() or game.is_lost())
                break
            assert advice.kind == advisor.HEURISTIC
            game.push(advice.move)
            assert game.position_key() not in seen, f"{game_id}: the hint went back to a position"


def test_mount_olympus_3_no_longer_ping_pongs(host):
    """The hint used to move 8♦-6♦ between two 10♦ piles for ever instead of dealing."""
    game = host.new_game("mount-olympus", 3, {})
    old = game.copy()
    for _ in range(300):  # the old hint, for the record: it walks in circles
        old.push(old_hint(old))
    assert len({key for key in old.seen_positions()}) < 150
    deals = 0
    for _ in range(400):
        advice = advisor.advise(game, seconds=0)
        if advice.move is None:
            break
        deals += isinstance(advice.move, Deal)
        game.push(advice.move)
    assert deals > 0 and game.outcome() is not None, "the hint proposed Deal, and the game ended"
    assert len(game.seen_positions()) == game.move_count + 1  # no position twice


def test_at_the_old_ping_pong_the_winning_hint_does_not_go_back_either(host):
    game = host.new_game("mount-olympus", 3, {})
    while True:  # the old hint, up to the move that would undo the one before
        move, last = old_hint(game), game.history[-1] if game.history else None
        if isinstance(move, Move) and isinstance(last, Move) and (last.src, last.dst) == (move.dst, move.src):
            break
        game.push(move)
    advice = advisor.advise(game, seconds=5)
    assert advice.kind == advisor.WINNING and advice.move in game.progress_moves()
    for move in advice.line:
        game.push(move)
    assert game.is_won()


def test_a_winning_hint_is_the_first_move_of_a_verified_line_and_following_it_wins(host):
    game = host.new_game("mount-olympus", 1, {})
    cache = advisor.LineCache()
    first = advisor.advise(game, seconds=5, cache=cache)
    assert first.kind == advisor.WINNING and first.move == first.line[0]
    for _ in range(len(first.line)):
        advice = advisor.advise(game, seconds=5, cache=cache)
        assert advice.kind == advisor.WINNING
        game.push(advice.move)
    assert game.is_won()
    assert advisor.advise(game).kind == advisor.NONE


def test_a_cancelled_search_falls_back_on_the_heuristic(host):
    game = host.new_game("forty-thieves", 1, {})
    advice = advisor.advise(game, seconds=30, cancel=lambda: True)
    assert advice.kind == advisor.HEURISTIC and advice.cancelled and advice.move in game.progress_moves()


def test_next_winnable_keeps_the_game_numbers(host):
    tried = []
    found = advisor.next_winnable(lambda n: host.new_game("mount-olympus", n, {}), 1, seconds=2,
                                  progress=lambda number, k: tried.append(number))
    assert found is not None and found.number == tried[-1] and tried == list(range(1, found.number + 1))
    game = host.new_game("mount-olympus", found.number, {})
    for move in found.line:
        game.push(move)
    assert game.is_won()


@pytest.mark.parametrize("seconds", [0.0, 0.5])
def test_advice_does_not_change_the_game(host, seconds):
    game = host.new_game("tournament", 4, {})
    game.push(next(iter(game.legal_moves())))
    before = (game.snapshot(), game.history, game.seen_positions())
    advisor.advise(game, seconds=seconds)
    assert (game.snapshot(), game.history, game.seen_positions()) == before


def test_the_game_hint_is_deprecated_and_still_answers_a_move_to_a_new_position(host):
    game = host.new_game("mount-olympus", 3, {})
    with pytest.warns(DeprecationWarning, match=r"Game.hint\(\) is deprecated"):
        move = game.hint()
    assert move == game.progress_moves()[0]
    game.push(move)
    assert move == game.last_move == game.history[-1]


def test_a_hint_counts_the_searchs_cpu_time_under_a_wall_clock_ceiling(host):
    """The budget is the search's CPU time: a search slowed down from outside (here each poll sleeps, as on a
    loaded machine) still gets its whole budget of CPU, and stops at the wall-clock ceiling whatever is left."""
    import time

    game = host.new_game("forty-thieves", 4, {})  # not decided in a few seconds
    polls = []

    def slow() -> bool:
        polls.append(1)
        time.sleep(0.1)
        return False

    cpu = time.thread_time()
    patient = advisor.advise(game, seconds=0.4, cancel=slow, wall_seconds=60)
    cpu = time.thread_time() - cpu
    # On the clock, the budget would have left under 0.4 - 0.1 a poll of CPU to the search.
    assert len(polls) >= 2 and cpu >= 0.35 and patient.seconds >= cpu + 0.1 * len(polls) and not patient.cancelled
    hurried = advisor.advise(game, seconds=60, cancel=slow, wall_seconds=0.5)
    assert hurried.seconds < 5 and not hurried.cancelled


def test_a_hints_default_time_grows_with_the_share_of_deals_the_solver_left_undecided():
    """advisor.hint_seconds: from the game's recorded winnability, within the player's ceiling."""
    from reussite.advisor import BASE_HINT_SECONDS, HARDEST_HINT_FACTOR, hint_seconds

    class Measured:
        winnability = {"won": 150, "lost": 10, "unknown": 40, "deals": "1-200", "nodes": 500}

    class Undecided:
        winnability = {"won": 0, "lost": 0, "unknown": 200, "deals": "1-200", "nodes": 500}

    class Decided:
        winnability = {"won": 190, "lost": 10, "unknown": 0, "deals": "1-200", "nodes": 500}

    class Unmeasured:
        winnability = None

    assert hint_seconds(Decided) == hint_seconds(Unmeasured) == BASE_HINT_SECONDS
    assert hint_seconds(Undecided) == BASE_HINT_SECONDS * HARDEST_HINT_FACTOR
    assert BASE_HINT_SECONDS < hint_seconds(Measured) < hint_seconds(Undecided)
    assert hint_seconds(Undecided, limit=2) == 2  # the player's ceiling
    Measured.winnability = {"won": "many"}  # figures a plugin got wrong: the base, not an error
    assert hint_seconds(Measured) == BASE_HINT_SECONDS
