"""Files the program writes itself (issue 40): none of them, damaged or grown large, stops a start or
costs a game played by the rules. Real server processes, real kill -9."""

from __future__ import annotations

import json
import os

import pytest
from webserver import start_server, stop_server

from reussite import saves
from reussite.session import AUTOSAVE, JOURNAL_BYTES, WEB_KEY

LONG_GAME = 10_000  # moves: Klondike's stock dealt and turned over again and again, by the rules


def klondike_autosave(host, moves: int) -> str:
    """An autosave of a Klondike game ``moves`` moves long (each a deal from the stock, or the stock turned over)."""
    game = host.new_game("klondike", 1, {})
    while game.move_count < moves:
        game.push(next(m for m in game.legal_moves() if "deal" in game.notation(m)))
    data = saves.to_json(game)
    data[WEB_KEY] = {"elapsed": 1.0}
    return json.dumps(data, indent=1) + "\n"


def test_a_journal_line_nested_100000_deep_is_set_aside_with_its_base(tmp_path, host):
    """It gave a RecursionError at every start of the server; now the autosave and its journal are set aside
    together, the player is told, and a new game starts."""
    data = tmp_path / "data"
    data.mkdir()
    base = json.loads(klondike_autosave(host, 3))
    base[saves.JOURNAL_KEY] = "t0ken"
    (data / AUTOSAVE).write_text(json.dumps(base))
    saves.journal_path(data / AUTOSAVE).write_text('{"journal": "t0ken", "keep": 3, "add": ' + "[" * 100_000
                                                   + "]" * 100_000 + "}\n")
    server = start_server(data, tmp_path)
    try:
        notices = server.state()["notices"]
    finally:
        err = stop_server(server, "stderr")
    assert "Traceback" not in err and "RecursionError" not in err, err
    (aside,) = data.glob("autosave.corrupt-*.json")
    assert aside.with_suffix(".journal").stat().st_size > 200_000  # kept beside its base
    assert aside.name in notices[0] and "line 1: nested 100001 levels deep" in notices[0], notices


def test_the_journal_of_a_10000_move_game_full_of_jumps_stays_small_and_restores_after_kill_9(tmp_path, host,
                                                                                           game_at_stake):
    """Every jump in the move log writes the moves it passes: a journal folded only every 2,000 lines grew
    past what a start reads (27 MB) and the game was set aside. Folded by size too, it stays under
    JOURNAL_BYTES, and a kill -9 then a restart gives back the exact position, moves to redo included."""
    data = tmp_path / "data"
    data.mkdir()
    (data / AUTOSAVE).write_text(klondike_autosave(host, LONG_GAME))
    jumps = 300 if os.environ.get("CI") else 40  # 300 wrote 21 MB before: more than a start reads
    server = start_server(data, tmp_path)
    journal = saves.journal_path(data / AUTOSAVE)
    largest = 0
    try:
        state = server.state()
        assert state["moves"] == LONG_GAME
        for k in range(jumps):
            target = (k * 37) % 100 if k % 2 == 0 else LONG_GAME  # about 10,000 moves passed each time
            state = server.api("/api/goto", {"version": state["version"], "moves": target}).json()
            assert state["moves"] == target
            largest = max(largest, journal.stat().st_size if journal.exists() else 0)
        state = server.api("/api/goto", {"version": state["version"], "moves": 4321}).json()
        before = server.state()
    finally:
        server.proc.kill()  # kill -9: no close, the journal is not folded
        server.proc.communicate()
    assert 0 < largest <= JOURNAL_BYTES < saves.MAX_JOURNAL_BYTES
    again = start_server(data, tmp_path)
    try:
        after = again.state()
        keys = ("game", "number", "moves", "stacks", "can_redo", "can_undo")
        assert [after[k] for k in keys] == [before[k] for k in keys] and not after["notices"]
        redone = again.api("/api/goto", {"version": after["version"], "moves": LONG_GAME}).json()
        assert redone["moves"] == LONG_GAME  # the 5,679 moves to redo came back too
    finally:
        stop_server(again)
    assert not list(data.glob("autosave.corrupt-*"))


@pytest.mark.parametrize("line", ["[" * 50 + "]" * 50, '{"journal": "t0ken", "keep": 1' + "9" * 5000 + "}"])
def test_a_journal_line_out_of_bounds_is_a_save_error_naming_the_line(tmp_path, line):
    path = tmp_path / AUTOSAVE
    path.write_text(json.dumps({"format": saves.FORMAT, "moves": [], "redo": [], saves.JOURNAL_KEY: "t0ken"}))
    saves.journal_path(path).write_text('{"journal": "t0ken", "keep": 0, "add": [], "redo_keep": 0, '
                                        '"redo_add": [], "position": "p"}\n' + line + "\n\n")
    with pytest.raises(saves.SaveError) as info:
        saves.read_with_journal(path, WEB_KEY)
    assert f"{saves.journal_path(path)}: line 2:" in str(info.value)


def test_a_statistics_row_whose_options_nest_100000_deep_is_skipped_and_named(tmp_path, host, run_cli):
    """The options column is JSON the program wrote: read within the same bounds, the row is skipped and
    named (it raised RecursionError, which nothing caught)."""
    import sqlite3

    from reussite.stats import DB_NAME, Stats

    db = Stats.in_folder(tmp_path)
    for n in (1, 2):
        game = host.new_game("forty-thieves", n, {})
        game.push(next(iter(game.legal_moves())))
        db.record(f"game{n}abcd", game, "abandoned", 5.0)
    with sqlite3.connect(tmp_path / DB_NAME) as raw:
        raw.execute("UPDATE games SET options = ? WHERE uid = 'game2abcd'", ("[" * 100_000 + "]" * 100_000,))
    raw.close()
    again = Stats.in_folder(tmp_path)
    assert [r["uid"] for r in again.rows()] == ["game1abcd"]
    assert "nested 100000 levels deep" in str(again.notices[0])
    shown = run_cli("stats", "--data-dir", str(tmp_path))
    assert shown.code == 0 and "Traceback" not in shown.err


def test_a_games_listing_cache_nested_100000_deep_is_listed_afresh(tmp_path):
    import subprocess
    import sys

    cache = tmp_path / "reussite" / "games-en.json"
    cache.parent.mkdir()
    cache.write_text("[" * 100_000 + "]" * 100_000)
    env = {k: v for k, v in os.environ.items() if k not in ("REUSSITE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
    listing = subprocess.run([sys.executable, "-m", "reussite", "games"], capture_output=True, text=True,
                             env={**env, "XDG_CACHE_HOME": str(tmp_path)}, timeout=120)
    assert listing.returncode == 0 and "forty-thieves" in listing.stdout, listing.stderr
    assert cache.read_text().startswith('{"key"')  # written again
