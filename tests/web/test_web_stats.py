"""Statistics in the browser front end: what the page records, GET /api/stats, and the panel in Chromium."""

from __future__ import annotations

import warnings

import pytest
from browser_actions import wait_until

from reussite.stats import DB_NAME, Stats

NBSP = "\u00a0"


def app_client(host, folder):
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*httpx.*", category=UserWarning)
        from starlette.testclient import TestClient
    from reussite.web.server import create_app

    return TestClient(create_app(host, folder))


def post(client, path, **body):
    body["version"] = client.get("/api/state").json()["version"]
    response = client.post(path, json=body)
    assert response.status_code == 200, response.text
    return response.json()


def test_a_game_left_with_moves_is_abandoned_and_an_untouched_one_is_not_recorded(host, tmp_path):
    with app_client(host, tmp_path) as client:
        post(client, "/api/new", game="forty-thieves", number=77)
        post(client, "/api/new", game="forty-thieves", number=78)  # no move played: nothing
        post(client, "/api/deal")
        post(client, "/api/restart")  # a restart leaves the game played so far
        body = client.get("/api/stats").json()
        assert [(r["number"], r["result"], r["moves"], r["source"]) for r in body["recent"]] == [
            ("78", "abandoned", 1, "web")]
        (summary,) = body["summary"]
        assert (summary["name"], summary["played"], summary["won"], summary["percent_text"]) == (
            "Forty Thieves", 1, 0, "0.0%")
        fr = client.get("/api/stats?lang=fr").json()
        assert fr["recent"][0]["result_text"] == "abandonnée" and fr["summary"][0]["percent_text"] == f"0,0{NBSP}%"
        assert fr["summary"][0]["name"] == "Les quarante voleurs"
        assert client.get("/api/stats?game=osmosis").json() == {"summary": [], "recent": [], "total": 0, "notices": []}


def test_a_won_game_is_recorded_once_across_a_server_restart(host, tmp_path):
    with app_client(host, tmp_path) as client:
        state = post(client, "/api/new", game="mount-olympus", number=1)
        line = client.post("/api/solve", json={"version": state["version"]}).json()
        assert line["verdict"] == "won"
        for move in line["line"]:
            if move["type"] == "move":
                state = post(client, "/api/move", src=move["src"], dst=move["dst"], n=move["n"])
            else:
                state = post(client, "/api/deal")
        assert state["won"]
        body = client.get("/api/stats").json()
        assert [r["result"] for r in body["recent"]] == ["won"]
        # Won by the solver's line: counted apart, not as the player's win, streak or best time.
        (summary,) = body["summary"]
        assert (summary["assist"], summary["won"]) == ("demo", 1)
        assert summary["name"] == "Mount Olympus (played by the solver)"
    # The same game comes back from the autosave (same id): leaving it now adds nothing.
    with app_client(host, tmp_path) as client:
        assert client.get("/api/state").json()["won"]
        post(client, "/api/new", game="osmosis", number=2)
        recent = client.get("/api/stats").json()["recent"]
        assert [(r["game"], r["result"]) for r in recent] == [("mount-olympus", "won")]
        assert recent[0]["moves"] == len(line["line"])


def test_a_corrupt_statistics_file_is_reported_on_the_page_and_the_game_goes_on(host, tmp_path):
    (tmp_path / DB_NAME).write_bytes(b"not sqlite " * 100)
    with app_client(host, tmp_path) as client:
        notices = client.get("/api/state").json()["notices"]
        assert len(notices) == 1 and "set aside" in notices[0]
        post(client, "/api/new", game="forty-thieves", number=3)
        post(client, "/api/deal")
        post(client, "/api/new", game="forty-thieves", number=4)
        assert len(client.get("/api/stats").json()["recent"]) == 1
    assert len(list(tmp_path.glob("statistics.corrupt-*.sqlite"))) == 1


@pytest.mark.browser
def test_stats_panel_shows_the_figures_and_replays_a_game_from_the_log(page, tmp_path, server_control, host,
                                                                      artifacts):
    start_server, stop_server = server_control
    data = tmp_path / "data"
    db = Stats.in_folder(data)
    scores = []
    for uid, number, result, seconds, day in (("old00001", 424242, "won", 95, 3), ("old00002", 515151, "lost", 40, 4)):
        game = host.new_game("osmosis", number, {"deal": "3"})
        db.record(uid, game, result, seconds, "text", finished=f"2025-12-0{day}T12:00:00Z")
        scores.append(game.score())
    # A deal the solver wins: on a random one the live check may prove the game lost and open its dialog over
    # the panel, and Escape then closes the dialog first (as it should).
    server = start_server(data, tmp_path, args=("klondike", "-n", "1"))
    try:
        page.goto(server.url)
        page.wait_for_selector("body[data-painted]")
        page.click("#btn-stats")
        page.wait_for_selector("#stats-summary tbody tr")
        assert page.get_attribute("#btn-stats", "aria-expanded") == "true"
        cells = page.eval_on_selector_all("#stats-summary tbody tr:first-child > *",
                                          "els => els.map(e => e.textContent)")
        # Options in words, dates in the English interface's British order (3 December is 03/12, not 12/3).
        dates = page.eval_on_selector_all("#stats-recent tbody tr td:first-child", "els => els.map(e => e.textContent)")
        assert [d[:10] for d in dates] == ["04/12/2025", "03/12/2025"], dates
        assert cells == ["Osmosis (3 cards at a time, unlimited redeals)", "2", "1", "50.0%", "0", "1", "1:35",
                         str(max(scores))]
        assert page.evaluate("document.activeElement.id") == "btn-stats-close"
        # In French, the panel follows the language.
        page.click("#bar .langs button[data-lang='fr']")
        wait_until(page, "document.querySelector('#stats-recent tbody tr td:nth-child(4)').textContent === 'perdue'")
        assert page.text_content("#stats-title") == "Statistiques"
        assert page.text_content("#stats-summary tbody tr:first-child th") == \
            "Osmose (3 cartes à la fois, redistributions illimitées)"
        label = page.get_attribute("#stats-recent tbody tr:last-child button.replay", "aria-label")
        assert label == "Rejouer la partie 424242 d’Osmose (3 cartes à la fois, redistributions illimitées)"
        page.screenshot(path=str(artifacts / "stats-panel-fr.png"))
        # Play a move, then replay the won game from the log: the page asks before leaving the game.
        page.keyboard.press("Escape")
        page.wait_for_selector("#stats", state="hidden")  # closed by the key (the French figures may still come)
        before = server.state()["version"]
        page.keyboard.press("d")
        wait_until(page, f"Number(document.body.dataset.version) > {before}")
        page.click("#btn-stats")
        row = page.locator("#stats-recent tbody tr", has_text="424242")
        asked = []
        page.once("dialog", lambda d: (asked.append(d.message), d.accept()))
        row.locator("button.replay").click()
        wait_until(page, "document.getElementById('game-number').textContent.includes('424242')")
        state = server.state()
        assert (state["game"], state["number"], state["options"]) == ("osmosis", "424242", {"deal": "3"})
        assert asked and page.is_hidden("#stats")
        # The game just left was recorded as abandoned, from the page.
        recent = server.api("/api/stats").json()["recent"]
        assert [(r["result"], r["source"]) for r in recent][0] == ("abandoned", "web")
        assert len(recent) == 3
    finally:
        stop_server(server)


@pytest.mark.browser
def test_the_panels_log_comes_a_page_at_a_time_with_a_button_for_older_games(page, tmp_path, server_control, host):
    from reussite.stats import RECENT

    start_server, stop_server = server_control
    data = tmp_path / "data"
    db = Stats.in_folder(data)
    game = host.new_game("osmosis", 1, {"deal": "3"})
    count = RECENT + 3
    rows = [Stats.row_for(f"page{i:04d}", game, "lost", 10, "text", finished=f"2026-01-01T00:{i:02d}:00Z")
            for i in range(count)]
    for row in rows:
        db.write(row)
    server = start_server(data, tmp_path)
    try:
        page.goto(server.url)
        page.wait_for_selector("body[data-painted]")
        page.click("#btn-stats")
        page.wait_for_selector("#stats-recent tbody tr")
        assert page.locator("#stats-recent tbody tr").count() == RECENT
        more = page.locator("#btn-stats-more")
        assert more.is_visible() and more.text_content() == "Show older games"
        more.click()
        wait_until(page, f"document.querySelectorAll('#stats-recent tbody tr').length === {count}")
        assert more.is_hidden()  # the whole log is shown; the focus went to the first game it brought
        assert page.evaluate("document.activeElement.closest('tr').rowIndex") == RECENT + 1  # under the head
        dates = page.eval_on_selector_all("#stats-recent tbody tr td:first-child", "els => els.map(e => e.textContent)")
        assert len(set(dates)) == count  # every game once, none repeated by the second page
        page.click("#bar .langs button[data-lang='fr']")  # a new language: the first page again, the button back
        wait_until(page, f"document.querySelectorAll('#stats-recent tbody tr').length === {RECENT}")
        assert more.text_content() == "Afficher les parties plus anciennes" and more.is_visible()
    finally:
        stop_server(server)


def test_a_locked_statistics_file_holds_up_no_request_and_the_game_is_recorded_after(host, tmp_path, monkeypatch):
    """The statistics are written in their own thread: while another program holds the file, the page's
    requests are answered at once, and the game waits, then is written, with no notice left."""
    import sqlite3

    from reussite import stats as S

    monkeypatch.setattr(S, "BUSY_SECONDS", 5.0)
    with app_client(host, tmp_path) as client:
        post(client, "/api/new", game="forty-thieves", number=3)
        post(client, "/api/deal")
        blocker = sqlite3.connect(tmp_path / DB_NAME, isolation_level=None)
        blocker.execute("BEGIN EXCLUSIVE")
        try:
            state = post(client, "/api/new", game="forty-thieves", number=4)  # leaves game 3: a record waits
            assert state["number"] == "4" and client.get("/api/state").status_code == 200
            assert [r["number"] for r in Stats.in_folder(tmp_path).rows()] == []  # not written yet
        finally:
            blocker.execute("ROLLBACK")
            blocker.close()
        body = client.get("/api/stats").json()  # read after the write, in the same thread
        assert [(r["number"], r["result"]) for r in body["recent"]] == [("3", "abandoned")]
        assert body["notices"] == [] and client.get("/api/state").json()["notices"] == []


def test_the_log_is_read_a_page_at_a_time(host, tmp_path):
    db = Stats.in_folder(tmp_path)
    game = host.new_game("forty-thieves", 1, {})
    game.push(next(iter(game.legal_moves())))
    for i in range(25):
        db.record(f"page{i:04d}", game, "abandoned", i, finished=f"2026-01-01T00:00:{i:02d}Z")
    with app_client(host, tmp_path) as client:
        first = client.get("/api/stats").json()
        second = client.get("/api/stats?offset=20").json()
        assert first["total"] == 25 and len(first["recent"]) == 20 and first["recent"][0]["seconds"] == 24
        assert [r["seconds"] for r in second["recent"]] == [4, 3, 2, 1, 0]
        assert client.get("/api/stats?offset=-1").status_code == 400
