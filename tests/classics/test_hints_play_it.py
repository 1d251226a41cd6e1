""""Play it" wins every deal the solver wins at its budget (issue 37 item 3): pressed from the deal on, where no
winning line is known it searches at the deeper budget once along the line of play (advisor.play_advice).
Budgets in positions, so that the moves are the same on every machine."""

from __future__ import annotations

from classics_support import require_classics

require_classics()

import io  # noqa: E402

import pytest  # noqa: E402

from reussite.advisor import HEURISTIC, LineCache, advise, play_advice  # noqa: E402
from reussite.cli import Context  # noqa: E402
from reussite.host import Host  # noqa: E402
from reussite.l10n import host_translator  # noqa: E402
from reussite.solver import Verdict, solve  # noqa: E402
from reussite.textplay import run  # noqa: E402


@pytest.fixture(scope="module")
def host():
    return Host.load()


def press_play_it(game, hint_nodes: int, deep_nodes: int, presses: int = 200) -> LineCache:
    cache = LineCache()
    for _ in range(presses):
        advice = play_advice(game, 600, 600, cache, nodes=hint_nodes, deep_nodes=deep_nodes)
        if advice.move is None:
            break
        game.push(advice.move)
    return cache


def follow_hints(game, nodes: int, presses: int = 200) -> None:
    cache = LineCache()
    for _ in range(presses):
        advice = advise(game, seconds=600, nodes=nodes, cache=cache)
        if advice.move is None:
            return
        game.push(advice.move)


def test_play_it_wins_black_hole_11_that_quick_hints_lose(host):
    """The deal players saw walk into a dead end in 7 moves: the solver wins it in 618,329 positions."""
    quick = host.new_game("black-hole", 11, {})
    follow_hints(quick, 100)
    assert not quick.is_won()
    game = host.new_game("black-hole", 11, {})
    press_play_it(game, 100, 700_000)
    assert game.is_won()


def test_play_it_wins_golf_2_and_searches_deeply_once_along_a_line(host):
    assert solve(host.new_game("golf", 2, {}), nodes=5000).verdict is Verdict.WON
    quick = host.new_game("golf", 2, {})
    follow_hints(quick, 50)
    assert not quick.is_won()
    game = host.new_game("golf", 2, {})
    press_play_it(game, 50, 5000)
    assert game.is_won()
    # Too small a deeper budget: the first press searches it and guesses; the next ones only take the hint's.
    game = host.new_game("golf", 2, {})
    cache = LineCache()
    first = play_advice(game, 600, 600, cache, nodes=50, deep_nodes=60)
    assert first.kind == HEURISTIC and first.deep and cache.searched_deeply(game)
    game.push(first.move)
    assert cache.searched_deeply(game)  # a position after the one searched: the hint's budget only
    assert not cache.searched_deeply(host.new_game("golf", 3, {}))


def test_hint_play_in_text_mode_plays_the_winning_move(host):
    """'hint play' with no time for the hint itself: the deeper search finds the line, the next hint follows it."""
    game = host.new_game("golf", 2, {})
    out = io.StringIO()
    ctx = Context(host_translator("en"), out, io.StringIO())
    assert run(game, ctx, io.StringIO("hint play 0\nhint 0\nq\ny\n")) == 0
    assert game.move_count == 1
    assert "This move keeps a win in reach." in out.getvalue()


def test_the_players_ceiling_bounds_what_hint_play_searches(host):
    """The same press with a ceiling too short for the line: a guess, and the next hint is one too."""
    game = host.new_game("golf", 2, {})
    out = io.StringIO()
    ctx = Context(host_translator("en"), out, io.StringIO())
    # A guess in a game whose moves are final: asked first ("y").
    assert run(game, ctx, io.StringIO("hint play 0\ny\nhint 0\nq\ny\n"), hint_limit=0.0001) == 0
    assert game.move_count == 1
    assert "This move keeps a win in reach." not in out.getvalue() and "(A suggestion" in out.getvalue()
