"""docs/rules.md defines every rule clause id the repository cites, each exactly once.

Code and tests cite clauses as ``R-FT-7`` (comments, docstrings) or ``R_FT_7`` (test names); a newcomer looks
the id up in docs/rules.md, so a cited id missing there, or defined twice, fails here.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules.md"
SCANNED = ("tests", "plugins", "reussite", "docs")
SUFFIXES = {".py", ".md", ".js", ".html", ".xml", ".txt", ".cfg", ".toml", ".po", ".pot"}

# R-FT-7 or R_FT_7, not inside a longer word (ERR-FT-7), and with all its digits.
CITED = re.compile(r"(?<![A-Za-z0-9])R[-_]([A-Z]{2})[-_](\d+)(?!\d)")
# A definition is a list item that starts with the id in bold: "- **R-FT-7** — ...".
DEFINED = re.compile(r"^- \*\*(R-[A-Z]{2}-\d+)\*\*", re.MULTILINE)


def cited_ids(text: str) -> set[str]:
    return {f"R-{game}-{number}" for game, number in CITED.findall(text)}


def citations(root: Path = ROOT) -> dict[str, list[str]]:
    """Every clause id cited under the scanned folders, with the files citing it."""
    found: dict[str, list[str]] = {}
    for folder in SCANNED:
        for path in sorted((root / folder).rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file() or "__pycache__" in path.parts:
                continue
            for clause in cited_ids(path.read_text(encoding="utf-8", errors="replace")):
                found.setdefault(clause, []).append(str(path.relative_to(root)))
    return found


def definitions(text: str) -> Counter[str]:
    return Counter(DEFINED.findall(text))


def test_every_cited_clause_is_defined_in_the_rules_doc():
    defined = definitions(RULES.read_text(encoding="utf-8"))
    missing = {clause: files[:3] for clause, files in citations().items() if clause not in defined}
    assert missing == {}, "cited but not defined in docs/rules.md (file examples): " + repr(missing)


def test_no_clause_is_defined_twice():
    twice = sorted(clause for clause, n in definitions(RULES.read_text(encoding="utf-8")).items() if n > 1)
    assert twice == []


def test_the_doc_covers_the_four_games_in_full():
    # Every game's clauses run from 1 without a gap: a lost line would otherwise go unnoticed until cited.
    defined = definitions(RULES.read_text(encoding="utf-8"))
    by_game: dict[str, list[int]] = {}
    for clause in defined:
        _, game, number = clause.split("-")
        by_game.setdefault(game, []).append(int(number))
    assert {game: sorted(numbers) for game, numbers in by_game.items()} == {
        game: list(range(1, max(numbers) + 1)) for game, numbers in by_game.items()}
    assert set(by_game) == {"TO", "FT", "MO", "OS"}


def test_the_checks_see_a_missing_and_a_doubled_id(tmp_path):
    # Ids built at run time, so that this file does not cite them itself.
    unknown, known = "R-" + "ZZ-3", "R-" + "FT-2"
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_x.py").write_text(f"def test_{unknown.replace('-', '_')}(): ...  # {known}\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "notes.md").write_text(f"ERR-AB-1, {known}0 and X{known} are not citations.\n")
    for folder in ("plugins", "reussite"):
        (tmp_path / folder).mkdir()
    assert citations(tmp_path) == {unknown: ["tests/test_x.py"], known: ["tests/test_x.py"],
                                   known + "0": ["docs/notes.md"]}
    doubled = f"- **{known}** — one.\n- **{known}** — again.\n"
    assert definitions(doubled) == {known: 2}
