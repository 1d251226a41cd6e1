"""The reussite command: listings, deals, text play, and one clear line for every mistake."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def test_games_json_lists_forty_thieves(run_cli):
    result = run_cli("games", "--json")
    assert result.code == 0
    games = {g["id"]: g for g in json.loads(result.out)}
    assert games["forty-thieves"]["name"] == "Forty Thieves"
    assert games["forty-thieves"]["packs"] == 2
    assert games["forty-thieves"]["plugin"] == "forty-thieves"


def test_games_table_has_one_line_per_game(run_cli, host):
    lines = run_cli("games").out.strip().splitlines()
    games = [line.split()[0] for line in lines if line.startswith("  ")]
    assert sorted(games) == sorted(host.games)
    assert any(line.startswith("  forty-thieves ") and "2 packs" in line for line in lines)


def test_games_are_listed_by_family_in_the_order_of_their_names(run_cli, host):
    """A family heading with its count, then its games by name: in French by the French names."""
    from reussite.l10n import sort_key

    for lang in ("en", "fr"):
        lines = run_cli("--lang", lang, "games").out.strip().splitlines()
        headings = [line for line in lines if not line.startswith("  ")]
        assert headings == sorted(headings, key=sort_key)
        families = {cls.family or cls.name for cls in host.games.values()}
        assert len(headings) == len(families)
        blocks, current = [], None
        for line in lines:
            if not line.startswith("  "):
                current = []
                blocks.append((line, current))
            else:
                current.append(line[22:48].strip())  # the name column
        for heading, names in blocks:
            assert names == sorted(names, key=sort_key), heading
            assert heading.endswith(f"({len(names)} game)" if lang == "en" and len(names) == 1 else ")")


def test_plugins_lists_distribution_version_hooks_status(run_cli):
    plugins = {p["name"]: p for p in json.loads(run_cli("plugins", "--json").out)}
    ft = plugins["forty-thieves"]
    assert ft["distribution"] == "reussite" and ft["version"] and ft["status"] == "ok"
    assert "reussite_games" in ft["hooks"]


def test_deal_json_shape(run_cli):
    data = json.loads(run_cli("deal", "forty-thieves", "--number", "77", "--json").out)
    assert data["game"] == "forty-thieves" and data["number"] == 77
    ids = [s["id"] for s in data["stacks"]]
    assert ids[:3] == ["stock", "waste", "foundation-1"] and ids[-1] == "tableau-10"
    stock = data["stacks"][0]
    assert stock["face_down"] == len(stock["cards"]) == 63
    assert all(len(s["cards"]) == 4 and s["face_down"] == 0 for s in data["stacks"] if s["id"].startswith("tab"))


def test_deal_without_number_picks_one_and_shows_it(run_cli):
    data = json.loads(run_cli("deal", "forty-thieves", "--json").out)
    assert data["number"] >= 1


@pytest.mark.parametrize("args, message", [
    (["deal", "no-such-game"], "unknown game 'no-such-game'"),
    (["deal", "forty-thieves", "--number", "abc"], "not a game number: 'abc'"),
    (["deal", "forty-thieves", "--number", "0"], "game number 0 is out of range"),
    (["deal", "forty-thieves", "--option", "deal=3"], "forty-thieves has no option 'deal'"),
    (["deal", "forty-thieves", "--option", "deal"], "expected NAME=VALUE"),
    (["play", "--load", "/nonexistent/save.json"], "/nonexistent/save.json: no such file"),
    (["frobnicate"], "invalid choice: 'frobnicate'"),
    (["play", "forty-thieves", "--text", "--hint-limit", "0"], "must be above 0: '0'"),
])
def test_mistakes_get_one_clear_line_and_a_nonzero_exit(run_cli, args, message):
    result = run_cli(*args)
    assert result.code != 0
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.err
    assert "Traceback" not in result.err


def reussite(*args: str, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "reussite.cli", *args], input=stdin, capture_output=True,
                          text=True, timeout=60)


def test_text_play_moves_undoes_saves_and_reloads(tmp_path):
    save = tmp_path / "g.json"
    out = reussite("play", "forty-thieves", "--text", "-n", "5", stdin=f"d\nd\nu\nt9 t3\nsave {save}\nq\n")
    assert out.returncode == 0, out.stderr
    assert "score 0, moves 2" in out.stdout and "score 0, moves 1" in out.stdout
    assert "The Ace of diamonds cannot go on the Queen of clubs: build down in suit." in out.stdout
    data = json.loads(save.read_text())
    assert data["moves"] == ["deal"]
    again = reussite("play", "--load", str(save), stdin="q\n")
    assert "moves 1" in again.stdout


def test_text_play_reaches_a_win():
    """A nearly finished position typed to the end: the text mode is enough to finish a game."""
    import io

    from reussite.cli import Context
    from reussite.messages import Translator
    from reussite.textplay import run
    from reussite_plugins.forty_thieves import FortyThieves

    g = FortyThieves(1)
    all_cards = sorted((c for pile in g.cards for c in pile), key=lambda c: (c.deck, c.suit, c.rank))
    for i in range(len(g.cards)):
        g.cards[i], g.face_down[i] = [], 0
    for f in range(8):
        g.cards[g.foundation_ix[f]] = all_cards[f * 13: f * 13 + 12]
        g.cards[g.tableau_ix[f]] = [all_cards[f * 13 + 12]]
    out = io.StringIO()
    moves = "".join(f"t{f + 1} f\n" for f in range(8))
    assert run(g, Context(Translator.english(), out, io.StringIO()), io.StringIO(moves + "q\n")) == 0
    assert "You won! Score: 1000." in out.getvalue()
    assert g.is_won()


def test_python_m_reussite_is_the_reussite_command(run_cli):
    """``python -m reussite`` runs the same command line as ``reussite`` (its output and its exit codes)."""
    done = subprocess.run([sys.executable, "-m", "reussite", "games", "--json"], capture_output=True, text=True,
                          env={**os.environ, "REUSSITE_LANG": "en"}, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(run_cli("games", "--json").out)
    bad = subprocess.run([sys.executable, "-m", "reussite", "deal", "no-such-game"], capture_output=True, text=True,
                         timeout=60)
    assert bad.returncode != 0 and "no-such-game" in bad.stderr
