"""Games whose record cannot be written (issue 40) are kept in the pending file beside the database at once,
so that none is lost when the process ends, and recorded by the next start that can; a fault that does not
pass by itself (a dropped table) is called so, not "will be tried again". Real SQLite files, a real lock
held by another connection, the real ``reussite play --text`` and ``reussite stats``."""

from __future__ import annotations

import io
import json
import sqlite3
import sys

from reussite import stats as S
from reussite.stats import Stats


def test_a_game_held_up_by_a_lock_survives_the_text_mode_quitting_and_is_recorded_next_time(tmp_path, run_cli,
                                                                                          monkeypatch):
    """Before: the game waited in memory and was lost when the text mode quit."""
    monkeypatch.setattr(S, "BUSY_SECONDS", 0.05)
    Stats.in_folder(tmp_path)  # the file exists
    blocker = sqlite3.connect(tmp_path / S.DB_NAME, isolation_level=None)
    blocker.execute("BEGIN EXCLUSIVE")  # another program holds the file longer than the busy timeout
    monkeypatch.setattr(sys, "stdin", io.StringIO("d\nq\n"))  # a move, then quit: abandoned
    played = run_cli("play", "--text", "forty-thieves", "--number", "5", "--data-dir", str(tmp_path))
    assert played.code == 0 and "it will be tried again (games waiting: 1)" in played.err, played.err
    pending = tmp_path / ("statistics" + S.PENDING_SUFFIX)
    (row,) = [json.loads(line) for line in pending.read_text().splitlines()]
    assert row["game"] == "forty-thieves" and row["result"] == "abandoned" and row["source"] == "text"
    blocker.execute("ROLLBACK")
    blocker.close()
    shown = run_cli("stats", "--data-dir", str(tmp_path))
    assert shown.code == 0 and "played 1" in shown.out and not shown.err
    assert not pending.exists()
    assert [r["uid"] for r in Stats.in_folder(tmp_path).rows()] == [row["uid"]]


def test_a_dropped_table_is_a_permanent_fault_and_the_games_wait_for_the_file_to_be_mended(tmp_path, host):
    """Before: "cannot be written for now …; it will be tried again", and the games were lost at exit."""
    db = Stats.in_folder(tmp_path)
    game = host.new_game("forty-thieves", 5, {})
    game.push(next(iter(game.legal_moves())))
    assert db.record("first1abc", game, "abandoned", 3.0)
    with sqlite3.connect(tmp_path / S.DB_NAME) as raw:
        raw.execute("DROP TABLE games")
    raw.close()
    assert db.record("second1abc", game, "lost", 4.0) is False
    (note,) = [str(n) for n in db.notices]
    assert "no such table: games" in note and "will not pass by itself" in note and "tried again" not in note
    assert str(db.pending_path) in note and db.stuck
    again = Stats.in_folder(tmp_path)  # a new start: still broken, still kept, one notice
    assert again.waiting == 1 and again.stuck and len(again.notices) == 1
    (tmp_path / S.DB_NAME).unlink()  # mended: the player removes the broken file
    mended = Stats.in_folder(tmp_path)
    assert [r["uid"] for r in mended.rows()] == ["second1abc"] and not mended.notices
    assert not db.pending_path.exists()


def test_a_line_of_the_pending_file_that_is_not_a_game_is_skipped_and_named(tmp_path, host):
    good = Stats.row_for("kept1abcd", host.new_game("forty-thieves", 5, {}), "won", 8.0, "web")
    pending = tmp_path / ("statistics" + S.PENDING_SUFFIX)
    pending.write_text('{"uid": "x"}\n' + "[" * 100_000 + "]" * 100_000 + "\n"
                       + json.dumps(dict(zip(S.COLUMNS, good, strict=True))) + "\n")
    db = Stats.in_folder(tmp_path)
    assert [r["uid"] for r in db.rows()] == ["kept1abcd"]
    notes = [str(n) for n in db.notices]
    assert f"{pending}: line 1: not a game to record" in notes[0] and f"{pending}: line 2:" in notes[1]
    assert "nested 100000 levels deep" in notes[1] and len(notes[1]) < 500
