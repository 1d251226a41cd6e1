"""Statistics (docs/statistics.md): recording once, precedence of results, figures, migrations, a corrupt
file set aside, two writer processes at once, ``reussite stats`` and the text mode's records."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time

import pytest
from test_textplay import OSMOSIS_TRAP

from reussite import stats as S
from reussite.cli import Context
from reussite.l10n import host_translator
from reussite.stats import Stats, summarize
from reussite.textplay import run

NBSP = "\u00a0"


@pytest.fixture
def db(tmp_path):
    return Stats.in_folder(tmp_path)


def played(host, game_id="forty-thieves", number=5, moves=1):
    game = host.new_game(game_id, number, {})
    for _ in range(moves):
        game.push(next(iter(game.legal_moves())))
    return game


def test_a_game_recorded_twice_counts_once_and_only_a_better_result_replaces_it(host, db):
    game = played(host)
    db.record("g1", game, "abandoned", 10)
    db.record("g1", game, "abandoned", 99)
    assert [(r["result"], r["seconds"]) for r in db.rows()] == [("abandoned", 10)]
    db.record("g1", game, "lost", 20)
    db.record("g1", game, "abandoned", 30)  # worse: ignored
    assert [(r["result"], r["seconds"]) for r in db.rows()] == [("lost", 20)]
    db.record("g1", game, "won", 40)
    db.record("g1", game, "lost", 50)
    assert [(r["result"], r["seconds"]) for r in db.rows()] == [("won", 40)]
    row = db.rows()[0]
    assert (row["game"], row["number"], row["options"], row["moves"]) == ("forty-thieves", "5", {}, 1)
    with pytest.raises(ValueError):
        db.record("g2", game, "draw", 1)


def test_leave_records_an_abandoned_game_only_when_a_move_was_played(host, db):
    untouched = host.new_game("forty-thieves", 6, {})
    assert db.leave("u0", untouched, False, 5) is None
    assert db.leave("u1", played(host), False, 5) == "abandoned"
    assert db.finish("u2", played(host), False, 5) is None  # not over: nothing
    assert db.finish("u3", played(host), True, 5) == "lost"
    assert sorted((r["uid"], r["result"]) for r in db.rows()) == [("u1", "abandoned"), ("u3", "lost")]


def test_game_numbers_beyond_64_bits_are_kept_exactly(host, db):
    number = 99999999999999999999
    game = host.new_game("forty-thieves", number, {})
    game.push(next(iter(game.legal_moves())))
    db.record("big", game, "abandoned", 1)
    assert db.rows()[0]["number"] == str(number)


def row(game, result, seconds=60.0, score=0, options=None, finished="2026-01-01T00:00:00Z"):
    return {"game": game, "options": options or {}, "result": result, "seconds": seconds, "score": score,
            "finished": finished}


def test_streaks_best_time_and_score_per_game_and_options():
    rows = [row("osmosis", r, seconds=s, score=sc) for r, s, sc in
            [("won", 300, 52), ("won", 200, 52), ("lost", 50, 10), ("won", 250, 52), ("won", 400, 52),
             ("won", 500, 52), ("abandoned", 5, 3)]]
    rows.append(row("osmosis", "won", seconds=100, options={"deal": "3"}))
    by_options = {json.dumps(g["options"]): g for g in summarize(rows)}
    first, second = by_options["{}"], by_options['{"deal": "3"}']
    assert (first["played"], first["won"], first["lost"], first["abandoned"]) == (7, 5, 1, 1)
    assert (first["current_streak"], first["best_streak"]) == (0, 3)  # the abandoned game ends the streak
    assert (first["best_time"], first["best_score"], first["percent"]) == (200, 52, 71.4)
    assert (second["played"], second["current_streak"], second["best_time"]) == (1, 1, 100)
    assert summarize(rows[:-2])[0]["current_streak"] == 3


def test_a_v1_file_is_migrated_to_the_current_schema_keeping_its_games(tmp_path, host):
    path = tmp_path / S.DB_NAME
    with sqlite3.connect(path) as old:
        old.executescript(S.MIGRATIONS[0])
        old.execute("INSERT INTO games VALUES ('old1', 'osmosis', '{}', '7', 'won', 52, 80, 321.5, "
                    "'2025-05-01T10:00:00Z')")
        old.execute("PRAGMA user_version = 1")
    old.close()
    db = Stats(path)
    assert db.usable and not db.notices
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == S.VERSION == 3
        assert check.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        indexes = [r[1] for r in check.execute("PRAGMA index_list(games)")]
    check.close()
    assert "games_by_game" in indexes and "games_by_finished" in indexes
    db.record("new1", played(host), "abandoned", 3, source="text")
    assert [(r["uid"], r["result"], r["source"]) for r in db.rows()] == [
        ("old1", "won", ""), ("new1", "abandoned", "text")]
    # The old games are in the totals the migration worked out, and the new one added to them.
    assert [(g["game"], g["played"], g["won"], g["best_time"]) for g in db.summary()] == [
        ("forty-thieves", 1, 0, None), ("osmosis", 1, 1, 321.5)]
    assert Stats(path).rows()[0]["seconds"] == 321.5  # opening again migrates nothing more


def test_a_file_from_a_newer_version_is_left_alone(tmp_path, host):
    path = tmp_path / S.DB_NAME
    with sqlite3.connect(path) as newer:
        newer.execute("PRAGMA user_version = 99")
    newer.close()
    before = path.read_bytes()
    db = Stats(path)
    assert not db.usable and "schema 99" in str(db.notices[0])
    assert db.record("x", played(host), "abandoned", 1) is False
    assert path.read_bytes() == before


def many_games(host, path, count=300):
    """A file of ``count`` games, enough for several pages, checkpointed into the main file."""
    Stats(path).record("g0", played(host), "abandoned", 1)
    with sqlite3.connect(path) as full:
        full.executemany("INSERT INTO games SELECT ?, game, options, number, result, score, moves, seconds, "
                         "finished, source, assist FROM games WHERE uid = 'g0'", [(f"g{i}",) for i in range(1, count)])
    with sqlite3.connect(path) as full:
        full.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    full.close()


def test_a_file_that_is_not_a_database_is_set_aside_with_a_message_and_a_new_one_started(tmp_path, host):
    path = tmp_path / S.DB_NAME
    path.write_bytes(b"this is not a database\n" * 300)
    bad = path.read_bytes()
    db = Stats(path)
    (aside,) = tmp_path.glob("statistics.corrupt-*.sqlite")
    assert aside.read_bytes() == bad  # the player's data is kept, not deleted
    text = str(db.notices[0])
    assert str(path) in text and str(aside) in text and "set aside" in text
    assert db.usable and db.rows() == []
    db.record("fresh", played(host), "abandoned", 1)
    assert [r["uid"] for r in Stats(path).rows()] == ["fresh"]


@pytest.mark.parametrize("damage", ["truncated", "a page overwritten"])
def test_a_damaged_file_keeps_every_game_that_can_be_read(tmp_path, host, damage):
    """One damaged page no longer sets the whole history aside: the rows still readable go into a new
    file (their totals worked out again), the damaged file is kept aside, and the player is told."""
    path = tmp_path / S.DB_NAME
    many_games(host, path)
    data = bytearray(path.read_bytes())
    if damage == "truncated":
        data = data[: len(data) // 2]
    else:
        page = 4096  # a leaf of the table itself (its rows hold both the id and the game), not an index's
        middle = next(start for start in range(page, len(data), page)
                      if b"g150" in data[start:start + page] and b"forty-thieves" in data[start:start + page])
        data[middle + 8: middle + page] = b"\xff" * (page - 8)
    path.write_bytes(bytes(data))
    db = Stats(path)
    (aside,) = tmp_path.glob("statistics.corrupt-*.sqlite")
    assert aside.read_bytes() == bytes(data)
    kept = db.rows()
    assert 50 < len(kept) < 300, len(kept)
    text = str(db.notices[0])
    assert f"games read: {len(kept)}" in text and str(aside) in text
    assert db.summary()[0]["played"] == len(kept)
    db.record("fresh", played(host), "won", 1)
    assert len(Stats(path).rows()) == len(kept) + 1


WRITER = textwrap.dedent("""
    import os, sys, time
    from reussite.host import Host
    from reussite.stats import Stats
    folder, name, go = sys.argv[1], sys.argv[2], sys.argv[3]
    host = Host.load()
    game = host.new_game("forty-thieves", 5, {})
    game.push(next(iter(game.legal_moves())))
    while not os.path.exists(go):
        time.sleep(0.005)
    db = Stats.in_folder(folder)  # both open (and create, and migrate) the file at the same time
    for i in range(60):
        db.record(f"shared-{i}", game, "won" if i % 2 else "abandoned", i, name)
        db.record(f"{name}-{i}", game, "abandoned", i, name)
    print(len(db.notices))
""")


def test_two_writer_processes_at_once_neither_corrupt_nor_double_count(tmp_path):
    go = tmp_path / "go"
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, str(tmp_path), name, str(go)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for name in ("a", "b")]
    time.sleep(0.3)  # both interpreters start; the go file releases them together
    go.write_text("")
    for proc in procs:
        out, err = proc.communicate(timeout=120)
        assert proc.returncode == 0 and out.strip() == "0", err
    with sqlite3.connect(tmp_path / S.DB_NAME) as check:
        assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        results = dict(check.execute("SELECT result, COUNT(*) FROM games WHERE uid LIKE 'shared-%' "
                                     "GROUP BY result").fetchall())
        own = check.execute("SELECT COUNT(*) FROM games WHERE uid NOT LIKE 'shared-%'").fetchone()[0]
    check.close()
    assert results == {"won": 30, "abandoned": 30} and own == 120


# -- reussite stats -------------------------------------------------------------------------------------------


def seed(host, folder):
    db = Stats.in_folder(folder)
    db.record("a", played(host, "osmosis", 3), "won", 65, finished="2026-01-01T10:00:00Z")
    db.record("b", played(host, "osmosis", 4), "lost", 30, finished="2026-01-02T10:00:00Z")
    db.record("c", played(host, "osmosis", 5), "won", 3700, finished="2026-01-03T10:00:00Z")
    db.record("d", played(host, "forty-thieves", 12345678901234567890), "abandoned", 12,
              finished="2026-01-04T10:00:00Z")
    return db


def test_stats_prints_the_figures_and_recent_games_in_english_and_french(run_cli, host, tmp_path):
    best = max(r["score"] for r in seed(host, tmp_path).rows("osmosis"))
    en = run_cli("stats", "--data-dir", str(tmp_path))
    assert en.code == 0, en.err
    lines = en.out.splitlines()
    assert lines[0] == "Forty Thieves" and lines[2] == "Osmosis (1 card at a time, 2 redeals)"  # options in words
    assert lines[3] == ("  played 3 · won 2 (66.7%) · current streak 1 · best streak 1 · best time 1:05 · "
                        f"best score {best}")
    assert "Recent games:" in lines
    recent = lines[lines.index("Recent games:") + 1:]
    assert "Forty Thieves #12345678901234567890" in recent[0] and "abandoned" in recent[0]
    assert "Osmosis #5" in recent[1] and "1:01:40" in recent[1]
    fr = run_cli("--lang", "fr", "stats", "osmosis", "--data-dir", str(tmp_path))
    assert fr.code == 0, fr.err
    assert f"gagnées 2 (66,7{NBSP}%)" in fr.out and "meilleure série 1" in fr.out
    assert f"Dernières parties{NBSP}:" in fr.out and "perdue" in fr.out and "Quarante" not in fr.out


def test_stats_exports_json_and_csv(run_cli, host, tmp_path):
    seed(host, tmp_path)
    data = json.loads(run_cli("stats", "--json", "--data-dir", str(tmp_path)).out)
    assert [g["uid"] for g in data["games"]] == ["a", "b", "c", "d"]  # oldest first
    osmosis = next(g for g in data["summary"] if g["game"] == "osmosis")
    assert (osmosis["played"], osmosis["won"], osmosis["best_time"]) == (3, 2, 65)
    rows = list(csv.DictReader(io.StringIO(run_cli("stats", "osmosis", "--csv", "--data-dir", str(tmp_path)).out)))
    assert [(r["uid"], r["result"], r["number"]) for r in rows] == [("a", "won", "3"), ("b", "lost", "4"),
                                                                    ("c", "won", "5")]
    assert json.loads(rows[0]["options"]) == {"deal": "1"}


def test_stats_with_nothing_recorded_and_an_unknown_game(run_cli, tmp_path):
    assert run_cli("stats", "--data-dir", str(tmp_path)).out == "No game recorded yet.\n"
    assert run_cli("--lang", "fr", "stats", "--data-dir", str(tmp_path)).out == \
        "Aucune partie dans les statistiques pour l’instant.\n"
    bad = run_cli("stats", "forty-theives", "--data-dir", str(tmp_path))
    assert bad.code == 2 and "forty-theives" in bad.err


def test_stats_on_a_corrupt_file_says_so_and_goes_on(run_cli, tmp_path):
    (tmp_path / S.DB_NAME).write_bytes(b"\x00garbage" * 1000)
    result = run_cli("stats", "--data-dir", str(tmp_path))
    assert result.code == 0 and result.out == "No game recorded yet.\n"
    assert result.err.startswith("reussite: The statistics file") and "set aside" in result.err
    assert len(list(tmp_path.glob("statistics.corrupt-*.sqlite"))) == 1


# -- the text mode records its games ---------------------------------------------------------------------------


def text_play(game, commands, stats, **kw):
    ctx = Context(host_translator("en"), io.StringIO(), io.StringIO())
    assert run(game, ctx, io.StringIO(commands), stats, **kw) == 0
    return ctx


def test_text_mode_lost_then_undone_and_won_counts_once_as_won(host, db):
    game = host.games["osmosis"].from_layout(OSMOSIS_TRAP)
    text_play(game, "d\nr1 f\nu 2\nsolve play\n", db, uid="trap1")
    assert [(r["uid"], r["result"], r["source"]) for r in db.rows()] == [("trap1", "won", "text")]


def test_text_mode_quitting_abandons_unless_saved_and_a_loaded_save_keeps_its_id(run_cli, host, db, tmp_path,
                                                                                   monkeypatch):
    text_play(host.new_game("forty-thieves", 5, {}), "q\n", db)
    assert db.rows() == []  # no move: not a game played
    text_play(host.new_game("forty-thieves", 5, {}), "d\n", db)  # the input ends: abandoned
    assert [r["result"] for r in db.rows()] == ["abandoned"]
    save = tmp_path / "paused.json"
    game = host.new_game("mount-olympus", 1, {})
    text_play(game, f"d\nsave {save}\nq\n", db, uid="pausedgame1")
    assert len(db.rows()) == 1 and json.loads(save.read_text())["uid"] == "pausedgame1"
    # Continued from the save (same id): quitting at once is still a pause; winning records it once.
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n"))
    assert run_cli("play", "--load", str(save), "--data-dir", str(tmp_path)).code == 0
    assert len(db.rows()) == 1
    monkeypatch.setattr(sys, "stdin", io.StringIO("solve play\n"))
    assert run_cli("play", "--load", str(save), "--data-dir", str(tmp_path)).code == 0
    assert [(r["uid"], r["result"]) for r in db.rows() if r["game"] == "mount-olympus"] == [("pausedgame1", "won")]


# -- faults: a passing failure, a bad value, a read-only folder (issue 24) ---------------------------------------


def test_a_write_held_up_by_a_lock_is_kept_and_written_with_the_next_and_the_notice_goes(tmp_path, host, monkeypatch):
    monkeypatch.setattr(S, "BUSY_SECONDS", 0.05)
    db = Stats.in_folder(tmp_path)
    blocker = sqlite3.connect(tmp_path / S.DB_NAME, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")  # another program holds the file longer than the busy timeout
    assert db.record("held1", played(host), "won", 5) is False
    assert len(db.notices) == 1 and "games waiting: 1" in str(db.notices[0])
    blocker.execute("ROLLBACK")
    blocker.close()
    assert db.record("next1", played(host, number=6), "lost", 7) is True
    assert db.notices == []
    assert sorted(r["uid"] for r in Stats.in_folder(tmp_path).rows()) == ["held1", "next1"]
    assert db.summary()[0]["played"] == 2


def test_a_bad_value_in_a_row_skips_that_row_and_names_it(tmp_path, host, run_cli):
    db = Stats.in_folder(tmp_path)
    for i in range(3):
        db.record(f"game{i}abc", played(host, number=i + 1), "won", 10 + i)
    with sqlite3.connect(tmp_path / S.DB_NAME) as raw:
        raw.execute("UPDATE games SET seconds = 'soon', options = '{bad' WHERE uid = 'game1abc'")
        rowid = raw.execute("SELECT rowid FROM games WHERE uid = 'game1abc'").fetchone()[0]
    raw.close()
    again = Stats.in_folder(tmp_path)
    assert [r["uid"] for r in again.rows()] == ["game0abc", "game2abc"]
    text = str(again.notices[0])
    assert str(tmp_path / S.DB_NAME) in text and f"row {rowid}" in text and "'soon'" in text
    shown = run_cli("stats", "--data-dir", str(tmp_path))
    assert shown.code == 0 and "played 3" in shown.out and f"row {rowid}" in shown.err
    assert run_cli("stats", "--json", "--data-dir", str(tmp_path)).code == 0


def test_a_read_only_folder_shows_the_games_recorded(tmp_path, host):
    db = Stats.in_folder(tmp_path)
    db.record("kept1abc", played(host), "won", 12)
    command = [sys.executable, "-m", "reussite.cli", "stats", "--data-dir", str(tmp_path)]
    if os.geteuid() == 0:  # root writes through permissions: a read-only mount of the folder instead
        if not shutil.which("unshare"):
            pytest.skip("running as root without unshare(1): no read-only folder can be made")
        command = ["unshare", "-m", "sh", "-c", 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && '
                   'exec "$0" -m reussite.cli stats --data-dir "$1"', sys.executable, str(tmp_path)]
    tmp_path.joinpath(S.DB_NAME).chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    finally:
        tmp_path.chmod(0o755)
    assert done.returncode == 0, done.stderr
    assert "Forty Thieves" in done.stdout and "played 1" in done.stdout and "No game" not in done.stdout
    assert "can only be read" in done.stderr and "new ones are not recorded" in done.stderr


def test_the_kept_totals_are_the_figures_of_the_rows_whatever_the_order_of_results(tmp_path, host):
    """The totals are updated game by game (and worked out again when a result replaces another): they
    must be what summarize() computes from every row."""
    import random

    db = Stats.in_folder(tmp_path)
    rng = random.Random(24)
    games = [played(host, number=n) for n in range(1, 4)]
    for i in range(120):
        uid = f"uid{rng.randrange(60):04d}"  # a game recorded again: only a better result replaces it
        db.record(uid, rng.choice(games), rng.choice(S.RESULTS), rng.randrange(1, 500),
                  finished=f"2026-01-01T00:{i // 60:02d}:{i % 60:02d}Z", assist=rng.choice(["", "", "demo"]))
    kept = {(g["game"], g["assist"]): g for g in db.summary()}
    for g in summarize(db.rows()):
        mine = kept[(g["game"], g["assist"])]
        assert {k: mine[k] for k in g} == g


def test_games_the_solver_played_are_counted_apart(tmp_path, host, run_cli):
    db = Stats.in_folder(tmp_path)
    db.record("mine0001", played(host), "lost", 50)
    db.record("demo0001", played(host, number=6), "won", 20, assist="demo")
    mine, demo = db.summary()
    assert (mine["assist"], mine["won"], mine["best_time"], mine["best_streak"]) == ("", 0, None, 0)
    assert (demo["assist"], demo["won"], demo["best_time"]) == ("demo", 1, 20)
    out = run_cli("stats", "--data-dir", str(tmp_path)).out
    assert "Forty Thieves (played by the solver)\n  played 1 · won 1" in out
    assert "Forty Thieves\n  played 1 · won 0" in out
