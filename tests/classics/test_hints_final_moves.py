"""A guess that a quick check proves dead is left for another move, and in a game whose moves are final (Black
Hole, Golf) a guess says so and "Play it" asks first (issue 37 item 3). Budgets in positions where the hint
searches, so that the moves are the same on every machine."""

from __future__ import annotations

from classics_support import require_classics

require_classics()

import io  # noqa: E402

import pytest  # noqa: E402

from reussite.advisor import HEURISTIC, advise, heuristic_move, moves_are_final, proved_dead  # noqa: E402
from reussite.cli import Context  # noqa: E402
from reussite.host import Host  # noqa: E402
from reussite.l10n import host_translator  # noqa: E402
from reussite.textplay import run  # noqa: E402


@pytest.fixture(scope="module")
def host():
    return Host.load()


def golf_5_at_move_10(host):
    """Golf #5 after ten of the game's best-ranked moves: its best-ranked move now leaves no win, t7-f1 does not."""
    game = host.new_game("golf", 5, {})
    for _ in range(10):
        game.push(heuristic_move(game))
    return game


def test_a_guess_does_not_play_into_a_position_a_quick_check_proves_dead(host):
    game = golf_5_at_move_10(host)
    ranked = heuristic_move(game)
    assert proved_dead(game, ranked)
    advice = advise(game, seconds=600, nodes=50)
    assert advice.kind == HEURISTIC and advice.move != ranked and not proved_dead(game, advice.move)


@pytest.mark.parametrize(("game_id", "final"), [("black-hole", True), ("golf", True), ("klondike", False),
                                                ("freecell", False), ("spider", False)])
def test_which_games_have_final_moves(host, game_id, final):
    assert moves_are_final(host.new_game(game_id, 1, {})) is final


def text_play(game, commands: str, lang: str = "en") -> str:
    out = io.StringIO()
    assert run(game, Context(host_translator(lang), out, io.StringIO()), io.StringIO(commands),
               hint_limit=0.0001) == 0
    return out.getvalue()


def test_text_mode_says_a_guess_is_final_and_hint_play_asks_first(host):
    game = golf_5_at_move_10(host)
    out = text_play(game, "hint 0\nhint play\nn\nq\ny\n")
    assert "a suggestion may lose it for good" in out and "Play it anyway? (y/n)" in out and "Not played." in out
    assert game.move_count == 10
    out = text_play(game, "hint play\ny\nq\ny\n")
    assert game.move_count == 11
    game = host.new_game("golf", 5, {})
    out = text_play(game, "hint play\no\nq\ny\n", lang="fr")
    assert "Le jouer quand même\u00a0? (o/n)" in out and game.move_count == 1


def test_no_question_in_a_game_whose_moves_can_be_taken_back(host):
    game = host.new_game("forty-thieves", 1, {})
    out = text_play(game, "hint play\nq\ny\n")
    assert "Play it anyway" not in out and game.move_count == 1
