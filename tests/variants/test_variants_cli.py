"""The three variants through the ``reussite`` command: listed, dealt as JSON, played in the terminal."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

VARIANTS = ["tournament", "mount-olympus", "osmosis"]


def reussite(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "reussite.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=60)


def test_games_lists_the_four_games(run_cli):
    result = run_cli("games", "--json")
    assert result.code == 0, result.err
    ids = {row["id"] for row in json.loads(result.out)}
    assert {"tournament", "forty-thieves", "mount-olympus", "osmosis"} <= ids
    text = run_cli("games").out
    assert "Mount Olympus" in text and "deal=1|3" in text


@pytest.mark.parametrize("game_id", VARIANTS)
def test_deal_json_is_the_games_layout(run_cli, host, game_id):
    result = run_cli("deal", game_id, "--number", "17", "--json")
    assert result.code == 0, result.err
    layout = json.loads(result.out)
    assert layout == json.loads(json.dumps(host.game(game_id)(17).layout_json()))
    total = sum(len(s["cards"]) for s in layout["stacks"])
    assert total == (52 if game_id == "osmosis" else 104)


@pytest.mark.parametrize(("game_id", "moves"), [
    ("tournament", "d\nu\n"),
    ("mount-olympus", "d\nd\nu\n"),
    ("osmosis", "d\nd\nu\n"),
])
def test_play_text_deals_undoes_and_quits(game_id, moves, tmp_path):
    save = tmp_path / "g.json"
    out = reussite("play", game_id, "--text", "-n", "5", stdin=f"{moves}save {save}\nq\n")
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr
    data = json.loads(save.read_text())
    assert data["game"] == game_id and data["moves"] == ["deal"] * (moves.count("d\n") - 1)
    again = reussite("play", "--load", str(save), stdin="q\n")
    assert again.returncode == 0, again.stderr


def test_osmosis_three_card_option_is_played_and_saved(tmp_path):
    save = tmp_path / "o.json"
    out = reussite("play", "osmosis", "--text", "-n", "5", "--option", "deal=3", stdin=f"d\nsave {save}\nq\n")
    assert out.returncode == 0, out.stderr
    data = json.loads(save.read_text())
    assert data["options"] == {"deal": "3"}
    again = reussite("play", "--load", str(save), stdin="q\n")
    assert again.returncode == 0, again.stderr
