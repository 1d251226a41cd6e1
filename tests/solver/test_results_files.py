"""Results files of ``reussite winnability`` edited by hand (issue 40): every reader, CSV and JSON lines, stops
a resume with the file and the line, never a traceback, and leaves the file as it was."""

from __future__ import annotations

import pytest

ARGS = ("winnability", "osmosis", "--option", "deal=3", "--nodes", "4000", "--deals", "1-2", "--jobs", "1")


def _csv_edit(text: str, column: int, value: str) -> str:
    lines = text.splitlines(keepends=True)
    cells = lines[1].split(",")
    cells[column] = value
    return lines[0] + ",".join(cells) + "".join(lines[2:])


EDITS = {
    "runs.csv: a verdict 'maybe'": ("runs.csv", lambda t: _csv_edit(t, 4, "maybe"), 2,
                                    "verdict 'maybe' is not one of won, lost, unknown"),
    "runs.csv: a latin-1 byte": ("runs.csv", lambda t: t.replace("osmosis", "osmos\xe9s", 1).encode("latin-1"), 2,
                                 "byte 0xe9 is not UTF-8 text"),
    "runs.csv: moves that are not a number": ("runs.csv", lambda t: _csv_edit(t, 5, "many"), 2,
                                              "invalid literal for int()"),
    "runs.csv: a field of 200,000 characters": ("runs.csv", lambda t: _csv_edit(t, 12, "x" * 200_000), 2,
                                                "field larger than field limit"),
    "runs.jsonl: a line nested 100,000 deep": ("runs.jsonl", lambda t: "[" * 100_000 + "]" * 100_000 + "\n" + t, 1,
                                               "nested 100000 levels deep (at most 32)"),
    "runs.jsonl: a 5,000-digit number": ("runs.jsonl", lambda t: t.replace('"number": 1', '"number": 1' + "0" * 5000),
                                         1, "a number of 5001 digits (at most 40)"),
}


@pytest.mark.parametrize("edit", EDITS)
def test_a_hand_edited_results_file_stops_the_resume_naming_file_and_line(run_cli, tmp_path, edit):
    name, change, line, error = EDITS[edit]
    out = tmp_path / name
    assert run_cli(*ARGS, "--out", str(out)).code == 0
    changed = change(out.read_text(encoding="utf-8"))
    data = changed if isinstance(changed, bytes) else changed.encode("utf-8")
    out.write_bytes(data)
    result = run_cli(*ARGS, "--out", str(out))
    assert result.code == 2 and f"{out}:{line}: not a results row (" in result.err, result.err
    assert error in result.err and "Traceback" not in result.err and len(result.err) < 500
    assert out.read_bytes() == data
