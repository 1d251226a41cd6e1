"""``reussite solve`` and ``reussite winnability``: output, results files that resume, the Dask path, errors."""

from __future__ import annotations

import csv
import json
import re
import subprocess
import sys

import pytest

from reussite.solver import Budget, batch

# A node budget: the same rows on every machine and every run.
NODES = "4000"


def test_solve_prints_the_verdict_the_line_and_the_count(run_cli):
    result = run_cli("solve", "mount-olympus", "--number", "3")
    assert result.code == 0, result.err
    first, line, last = result.out.strip().splitlines()
    assert first.startswith("Mount Olympus #3: won in ") and first.endswith(" moves")
    assert line.split()[0] == "t5-f3" and len(line.split()) == int(first.split()[-2])
    assert "positions searched in" in last


def test_solve_json_and_a_lost_deal(run_cli):
    data = json.loads(run_cli("solve", "osmosis", "-n", "2", "--json").out)
    assert data["verdict"] == "lost" and data["line"] == [] and data["options"] == {"deal": "1"}
    data = json.loads(run_cli("solve", "tournament", "-n", "1", "--nodes", "300", "--json").out)
    # A chain of safe moves is not cut, so the count may pass the budget by a few; it is the same every time.
    assert data["verdict"] == "unknown" and data["stopped_by"] == "nodes" and 300 <= data["nodes"] < 320
    again = json.loads(run_cli("solve", "tournament", "-n", "1", "--nodes", "300", "--json").out)
    assert (again["nodes"], again["positions"]) == (data["nodes"], data["positions"])
    text = run_cli("solve", "tournament", "-n", "1", "--nodes", "300").out
    assert "unknown: the node budget ran out (300 positions)" in text


def test_solve_a_saved_game_from_where_it_stands(run_cli, host, tmp_path):
    from reussite import saves

    game = host.new_game("mount-olympus", 5)
    game.push(next(iter(game.legal_moves())))
    path = tmp_path / "game.json"
    saves.save(game, path)
    data = json.loads(run_cli("solve", "--load", str(path), "--json").out)
    assert data["from_move"] == 1 and data["verdict"] == "won"
    replay = saves.load(path, host)
    for text in data["line"]:
        replay.push(replay.parse_move(text))
    assert replay.is_won()


@pytest.mark.parametrize("args", [
    ("solve", "no-such-game", "-n", "1"),
    ("solve", "osmosis", "-n", "1", "-o", "deal=4"),
    ("solve", "osmosis", "-n", "1", "-o", "colour=red"),
    ("solve", "osmosis"),
    ("solve", "osmosis", "-n", "1", "--timeout", "0"),
    ("winnability", "osmosis", "--deals", "5-1"),
    ("winnability", "osmosis", "--deals", "one-ten"),
    ("winnability", "nope", "--deals", "1-2"),
    ("winnability", "osmosis", "--deals", "1-2", "--option", "deal=9"),
])
def test_bad_input_is_one_line_and_exit_2(run_cli, args):
    result = run_cli(*args)
    assert result.code == 2
    # One prefix: "reussite: error: " or, for a command line argparse refuses, "reussite solve: error: ".
    assert result.err.count("\n") == 1 and re.match(r"reussite( [a-z]+)?: error: ", result.err), result.err
    assert result.err.count("reussite") == 1, result.err


def _winnability(run_cli, *args):
    result = run_cli("winnability", "osmosis", "--option", "deal=3", "--nodes", NODES, *args)
    assert result.code == 0, result.err
    return result


def test_winnability_summary_and_the_rows_written(run_cli, tmp_path):
    out = tmp_path / "osmosis.csv"
    result = _winnability(run_cli, "--deals", "1-12", "--jobs", "1", "--out", str(out))
    lines = result.out.splitlines()
    assert lines[0] == ("Osmosis (3 cards at a time, unlimited redeals), deals 1-12, budget per deal: "
                        "4,000 positions, 1,024 MB")
    assert lines[1].startswith("12 deals: won ")
    assert lines[2].startswith("winnable: ") and "95% Wilson interval" in lines[2]
    assert lines[3].startswith("bounds counting the unknown deals as lost, then as won: ")
    assert lines[4].startswith("solve time per deal: median ")
    assert "12/12" in result.err  # the progress bar
    rows = list(csv.DictReader(out.open()))
    assert sorted(int(r["number"]) for r in rows) == list(range(1, 13))
    assert {r["budget"] for r in rows} == {"seconds=-;nodes=4000;memory_mb=1024"}


def test_an_interrupted_run_resumes_with_the_same_totals(run_cli, tmp_path):
    full = tmp_path / "full.jsonl"
    expected = json.loads(_winnability(run_cli, "--deals", "1-10", "--jobs", "2", "--out", str(full), "--json").out)
    # Interrupted after four rows, the fifth cut in the middle of its line.
    lines = full.read_text().splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:4]) + lines[4][:20])
    again = json.loads(_winnability(run_cli, "--deals", "1-10", "--jobs", "2", "--out", str(cut), "--json").out)
    for name in ("won", "lost", "unknown"):
        assert again[name] == expected[name]
    numbers = [json.loads(line)["number"] for line in cut.read_text().splitlines() if line.startswith("{\"game")]
    assert sorted(numbers) == list(range(1, 11))
    # Already complete: nothing is solved again.
    before = cut.read_text()
    third = _winnability(run_cli, "--deals", "1-10", "--out", str(cut), "--json")
    assert cut.read_text() == before and json.loads(third.out)["won"] == expected["won"]


def test_a_row_written_with_another_budget_is_an_error_naming_file_and_line(run_cli, tmp_path):
    out = tmp_path / "runs.csv"
    _winnability(run_cli, "--deals", "1-2", "--jobs", "1", "--out", str(out))
    result = run_cli("winnability", "osmosis", "--option", "deal=3", "--nodes", "5000", "--deals", "1-2",
                     "--out", str(out))
    assert result.code == 2
    assert f"{out}:2: this row was solved with another budget" in result.err


@pytest.mark.parametrize(("edit", "error"), [
    (lambda rows: rows.replace('"verdict": "won"', '"verdict": "maybe"', 1).replace(
        '"verdict": "lost"', '"verdict": "maybe"', 1).replace('"verdict": "unknown"', '"verdict": "maybe"', 1),
     "verdict 'maybe' is not one of won, lost, unknown"),
    (lambda rows: rows.replace('"line": "', '"line": "\xe9', 1), "byte 0xe9 is not UTF-8 text"),
])
def test_a_hand_edited_results_file_is_refused_naming_file_and_line(run_cli, tmp_path, edit, error):
    """A results file edited by hand (a verdict no run writes, a latin-1 byte) stops the resume with the file
    and the line, not a traceback, and the file is left as it was."""
    out = tmp_path / "runs.jsonl"
    _winnability(run_cli, "--deals", "1-2", "--jobs", "1", "--out", str(out))
    text = out.read_text(encoding="utf-8")
    edited = edit(text)
    assert edited != text
    data = edited.encode("utf-8") if "\xe9" not in edited else edited.encode("latin-1")
    out.write_bytes(data)
    result = run_cli("winnability", "osmosis", "--option", "deal=3", "--nodes", NODES, "--deals", "1-2",
                     "--out", str(out))
    assert result.code == 2 and f"{out}:1: not a results row ({error})" in result.err, result.err
    assert out.read_bytes() == data


def test_the_dask_path_gives_the_same_rows_as_the_local_pool():
    distributed = pytest.importorskip("distributed")
    tasks = [("osmosis", {"deal": "3"}, n, Budget(nodes=int(NODES))) for n in range(1, 7)]
    local: list[dict] = []
    batch.run_local(tasks, 2, local.append)
    remote: list[dict] = []
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None) \
            as cluster:
        batch.run_dask(tasks, cluster.scheduler_address, remote.append)

    def comparable(rows):
        return sorted((r["number"], r["verdict"], r["nodes"], r["line"]) for r in rows)

    assert comparable(remote) == comparable(local)


def test_the_command_runs_as_a_module_and_ends_with_a_summary():
    proc = subprocess.run([sys.executable, "-m", "reussite.cli", "winnability", "mount-olympus", "--deals", "1-3",
                           "--nodes", "2000", "--jobs", "2"], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "3 deals: won 3, lost 0, unknown 0 (decided 100.0%)" in proc.stdout


def test_ctrl_c_stops_a_run_cleanly_and_writes_no_unfinished_deal(tmp_path):
    import os
    import signal
    import time

    out = tmp_path / "runs.csv"
    proc = subprocess.Popen([sys.executable, "-m", "reussite.cli", "winnability", "tournament", "--deals", "1-40",
                             "--jobs", "2", "--timeout", "1", "--out", str(out)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not out.exists() or out.read_text().count("\n") < 3):
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)  # what Ctrl+C does: the whole process group
    stdout, stderr = proc.communicate(timeout=30)
    assert proc.returncode == 130, stderr
    assert "run the same command again" in stderr
    rows = list(csv.DictReader(out.open()))
    assert 2 <= len(rows) < 40 and all(r["stopped_by"] in ("", "time") for r in rows)
    assert stdout.splitlines()[1].startswith(f"{len(rows)} deals: ")
