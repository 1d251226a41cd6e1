"""The classic games (``pip install ./classics``) in the text mode, as a player runs it: ``python -m reussite
play GAME --text`` with its input piped in. Each game and option shows every stack, plays a move typed in the
game's notation, undoes it, and quits."""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys

import pytest

from reussite.game import DEAL, Move

CONFIGS = [
    ("klondike", {"draw": "1"}), ("klondike", {"draw": "3"}),
    ("freecell", {}), ("bakers-game", {}),
    ("spider", {"suits": "1"}), ("spider", {"suits": "2"}), ("spider", {"suits": "4"}),
    ("golf", {}), ("black-hole", {}),
]
IDS = [game + "".join(f"-{k}{v}" for k, v in options.items()) for game, options in CONFIGS]


@pytest.fixture(scope="module")
def classics():
    if importlib.util.find_spec("reussite_classics") is None:
        reason = "reussite_classics is not installed: pip install -e ./classics to run these tests"
        if os.environ.get("CI"):
            pytest.fail(reason + " (CI is set, so this is a failure, not a skip)")
        pytest.skip(reason)
    from reussite.host import Host

    return Host.load()


def play(game: str, options: dict, number: int, commands: str, tmp_path) -> str:
    reader = ("REUSSITE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # the reader's languages: none
    env = {k: v for k, v in os.environ.items() if k not in reader}
    args = [arg for k, v in options.items() for arg in ("--option", f"{k}={v}")]
    done = subprocess.run(
        [sys.executable, "-m", "reussite", "play", game, *args, "--number", str(number), "--text",
         "--data-dir", str(tmp_path)],
        input=commands, capture_output=True, text=True, env=env, timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert not done.stderr, done.stderr
    return done.stdout


def layouts(out: str, title: str) -> list[str]:
    """Each position the text mode printed: from its title line to its score line."""
    return re.findall(rf"{re.escape(title)}\n.*?^score .*?$", out.replace("move> ", "move>\n"), re.M | re.S)


@pytest.mark.parametrize(("game", "options"), CONFIGS, ids=IDS)
def test_each_classic_game_shows_plays_a_move_and_undoes_it(classics, tmp_path, game, options):
    cls = classics.games[game]
    number, dealt, move = next((n, g, m) for n in range(1, 50)
                               for g in [classics.new_game(game, n, options)]
                               for m in [next((m for m in g.legal_moves() if isinstance(m, Move)), None)] if m)
    typed = dealt.notation(move)
    out = play(game, options, number, f"{typed}\nu\nq\n", tmp_path)
    title = f"{cls.name} #{number}"  # in English: the environment names no language
    shown = layouts(out, title)
    assert len(shown) == 3, f"{game}: expected the deal, the move and the undo:\n{out}"
    first, after, undone = shown
    # One line per stack, each named by its short name, in the layout's order (17 fans, 10 piles...).
    names = [line.split()[0] for line in first.splitlines()[1:-1]]
    assert names == [spec.short for spec in dealt.specs], first
    assert after != first and undone == first, out
    played = dealt.copy()
    played.push(move)
    src, dst = dealt.specs[move.src].short, dealt.specs[move.dst].short
    moved = dealt.cards[move.src][-move.n].code
    line = next(line for line in after.splitlines() if line.split()[0] == dst)
    assert line.split()[-1] == moved, f"{game}: {typed} should put {moved} on {dst}: {line!r}"
    assert src != dst and "is not" not in out and "cannot" not in out, out


def test_klondike_by_threes_shows_the_three_cards_turned(classics, tmp_path):
    """A waste fanned to the right (Klondike) shows its top three cards, the rest counted, as the page does."""
    game = classics.new_game("klondike", 1, {"draw": "3"})
    for _ in range(2):
        game.push(DEAL)
    waste = game.cards[[spec.id for spec in game.specs].index("waste")]
    assert len(waste) > 3
    out = play("klondike", {"draw": "3"}, 1, "d\nd\nq\ny\n", tmp_path)
    shown = [line.split() for line in out.splitlines() if line.split()[:1] == ["w"]][-1]
    assert shown == ["w", f"({len(waste) - 3})", *(card.code for card in waste[-3:])], out
