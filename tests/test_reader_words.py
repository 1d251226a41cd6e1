"""What the command line shows a reader, in English and in French, in words rather than in program syntax:
game names and « n° » in the solver's titles, options by their labels, deal and redeal in the reader's words,
budgets in units, dates in the interface language's order, ``reussite check`` in the user's language."""

from __future__ import annotations

import pytest

from reussite.stats import Stats
from reussite.stats.report import local_date

NBSP = "\u00a0"


@pytest.mark.parametrize("lang, title, deal", [
    ("en", "Osmosis #3 (3 cards at a time, unlimited redeals): won in ", "deal"),
    ("fr", f"Osmose n°{NBSP}3 (3 cartes à la fois, redistributions illimitées){NBSP}: gagnée en ", "donne"),
])
def test_solve_titles_the_game_by_its_name_and_says_its_moves_in_words(run_cli, lang, title, deal):
    result = run_cli("--lang", lang, "solve", "osmosis", "-n", "3", "-o", "deal=3", "--nodes", "3000")
    assert result.code == 0, result.err
    first, line, _ = result.out.splitlines()
    assert first.startswith(title), first
    moves = line.split()
    assert deal in moves and "=" not in first
    assert ("deal" in moves) == (lang == "en")  # the notation's own word only in English
    # --json keeps the notation a program reads back.
    data = __import__("json").loads(run_cli("--lang", lang, "solve", "osmosis", "-n", "3", "-o", "deal=3",
                                            "--nodes", "3000", "--json").out)
    assert "deal" in data["line"] and "donne" not in data["line"]


@pytest.mark.parametrize("lang, expected", [
    ("en", "Black Hole #3: unknown: "),
    ("fr", f"Trou noir n°{NBSP}3{NBSP}: issue inconnue, "),
])
def test_an_unknown_verdict_names_the_game_not_its_id(run_cli, lang, expected):
    result = run_cli("--lang", lang, "solve", "black-hole", "-n", "3", "--nodes", "30")
    assert result.out.startswith(expected) and "black-hole" not in result.out, result.out


@pytest.mark.parametrize("lang, expected", [
    ("en", "Osmosis (1 card at a time, 2 redeals), deals 1-2, budget per deal: 3,000 positions, 1,024 MB"),
    ("fr", f"Osmose (1 carte à la fois, 2 redistributions), donnes 1-2, budget par donne{NBSP}: "
           f"3{NBSP}000 positions, 1{NBSP}024{NBSP}Mo"),
])
def test_winnability_says_the_options_and_the_budget_in_words(run_cli, lang, expected):
    result = run_cli("--lang", lang, "winnability", "osmosis", "--deals", "1-2", "--nodes", "3000", "--jobs", "1")
    assert result.code == 0, result.err
    assert result.out.splitlines()[0].replace("\u202f", NBSP) == expected


@pytest.mark.parametrize("lang, expected", [
    ("en", "osmosis (deal=3): 2 deals, {n} positions checked: ok"),
    ("fr", f"osmosis (deal=3){NBSP}: 2 donnes, {{n}} positions vérifiées{NBSP}: conforme"),
])
def test_check_reports_in_the_users_language(run_cli, lang, expected):
    result = run_cli("--lang", lang, "check", "osmosis", "--deals", "2", "--option", "deal=3")
    assert result.code == 0, result.err
    n = result.out.split(", ")[1].split(" positions")[0]
    assert result.out == expected.format(n=n) + "\n"


def test_a_failed_check_is_reported_in_french_too():
    from test_conformance import ListsAnIllegalMove

    from reussite.l10n import host_translator
    from reussite.testing import check_game

    report = check_game(ListsAnIllegalMove, deals=1)
    fr, en = report.render(host_translator("fr")), str(report)
    assert f"; ÉCHEC\n{ListsAnIllegalMove.id} numéro 1{NBSP}: le coup t1-f1 est listé mais les règles le refusent (" \
        in fr and f"\nposition{NBSP}:\n" in fr
    assert "; FAILED\n" in en and "\nposition:\n" in en and "ÉCHEC" not in en


@pytest.mark.parametrize("lang, expected", [("en", "03/12/2026"), ("fr", "03/12/2026")])
def test_dates_follow_the_interface_languages_order(lang, expected, monkeypatch):
    # Noon UTC is 3 December in every time zone within twelve hours of it.
    assert local_date("2026-12-03T12:00:00Z", lang).startswith(expected)
    # The English interface writes British English: day first, not 12/3/26.
    assert not local_date("2026-12-03T12:00:00Z", "en").startswith("12/")


@pytest.mark.parametrize("lang, options", [
    ("en", "Osmosis (1 card at a time, 2 redeals)"),
    ("fr", "Osmose (1 carte à la fois, 2 redistributions)"),
])
def test_stats_name_the_options_in_words(run_cli, host, tmp_path, lang, options):
    db = Stats.in_folder(tmp_path)
    game = host.new_game("osmosis", 3, {"deal": "1"})
    game.push(next(iter(game.legal_moves())))
    db.record("a", game, "lost", 30, finished="2026-12-03T12:00:00Z")
    result = run_cli("--lang", lang, "stats", "--data-dir", str(tmp_path))
    assert result.code == 0, result.err
    assert options in result.out.splitlines() and "deal=" not in result.out
    assert "03/12/2026" in result.out
