"""Named saves through the API (real app, real files) and the clock that runs only while a page shows the game."""

from __future__ import annotations

import json
import warnings

import pytest

from reussite import saves
from reussite.session import ACTIVE_GAP, AUTOSAVE, WEB_KEY
from reussite.web.session import Session

GAME = "forty-thieves"
NUMBER = 1


def version(client) -> int:
    return client.get("/api/state").json()["version"]


def play(client, count: int) -> dict:
    for _ in range(count):
        state = client.get("/api/state").json()
        move = next(m for m in state["legal"] if m["type"] == "move")
        answer = client.post("/api/move", json={"version": state["version"], "src": move["src"],
                                                "dst": move["dst"], "n": move["n"]})
        assert answer.status_code == 200, answer.text
    return client.get("/api/state").json()


def fresh(client, number=NUMBER) -> dict:
    answer = client.post("/api/new", json={"version": version(client), "game": GAME, "number": number})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_save_list_load_delete_round_trip_in_the_save_format(client, host, tmp_path):
    fresh(client)
    played = play(client, 3)
    answer = client.post("/api/saves/save", json={"version": played["version"], "name": "Partie été 1"})
    assert answer.status_code == 200, answer.text
    listed = answer.json()["saves"]
    assert [(s["name"], s["game"], s["number"], s["moves"]) for s in listed] == [("Partie été 1", GAME, "1", 3)]
    # The file is the documented save format, in the data folder's saves/ subfolder: the text mode loads it.
    path = tmp_path / saves.SAVES_FOLDER / "Partie été 1.json"
    loaded = saves.load(path, host)
    assert loaded.move_count == 3 and loaded.digest() == json.loads(path.read_text())["position"]

    # Another game, then the save comes back (position, moves, redo and all).
    other = fresh(client, number=2)
    assert other["moves"] == 0
    back = client.post("/api/saves/load", json={"version": other["version"], "name": "Partie été 1"})
    assert back.status_code == 200, back.text
    assert back.json()["stacks"] == played["stacks"] and back.json()["moves"] == 3
    assert json.loads((tmp_path / AUTOSAVE).read_text())["moves"] == json.loads(path.read_text())["moves"]

    # A name in use is not written over unless asked; the download is the file itself.
    again = client.post("/api/saves/save", json={"version": back.json()["version"], "name": "Partie été 1"})
    assert again.status_code == 409 and "Partie été 1" in again.json()["error"]
    assert client.post("/api/saves/save", json={"version": back.json()["version"], "name": "Partie été 1",
                                                "replace": True}).status_code == 200
    download = client.get("/api/saves/file", params={"name": "Partie été 1"})
    assert download.status_code == 200 and download.content == path.read_bytes()
    assert "attachment" in download.headers["content-disposition"]

    gone = client.post("/api/saves/delete", json={"name": "Partie été 1"})
    assert gone.status_code == 200 and gone.json()["saves"] == [] and not path.exists()
    missing = client.post("/api/saves/delete", json={"name": "Partie été 1"})
    assert missing.status_code == 404 and "Partie été 1" in missing.json()["error"]


@pytest.mark.parametrize("name", ["../autosave", "a/b", ".hidden", "", " x", "x" * 65, "a\\b", "nul\x00", "..", 7])
def test_a_bad_name_is_refused_naming_it_and_nothing_is_written(client, tmp_path, name):
    fresh(client)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    v = version(client)
    for path, body in (("/api/saves/save", {"version": v}), ("/api/saves/load", {"version": v}),
                       ("/api/saves/delete", {}), ("/api/saves/upload", {"text": "{}"})):
        answer = client.post(path, json={**body, "name": name})
        assert answer.status_code in (400, 422), (path, name, answer.text)
        if isinstance(name, str):
            assert repr(name)[:20] in answer.json()["error"] or name == "", answer.json()
    assert client.get("/api/saves/file", params={"name": str(name)}).status_code == 422
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_a_stale_tab_cannot_load_over_the_game_in_progress(client):
    fresh(client)
    first = play(client, 1)
    assert client.post("/api/saves/save", json={"version": first["version"], "name": "one"}).status_code == 200
    newer = play(client, 1)  # another tab played meanwhile
    stale = client.post("/api/saves/load", json={"version": first["version"], "name": "one"})
    assert stale.status_code == 409 and stale.json()["state"]["version"] == newer["version"]
    assert client.get("/api/state").json()["moves"] == 2
    stale_save = client.post("/api/saves/save", json={"version": first["version"], "name": "two"})
    assert stale_save.status_code == 409
    assert [s["name"] for s in client.get("/api/saves").json()["saves"]] == ["one"]


def test_upload_checks_the_file_and_a_damaged_save_is_refused_naming_it(client, host, tmp_path):
    game = host.new_game(GAME, 5, {})
    game.push(next(m for m in game.legal_moves()))
    text_mode = tmp_path / "from-text-mode.json"
    saves.save(game, text_mode)  # what the text mode's "save FILE" writes
    text = text_mode.read_text()
    fresh(client)
    answer = client.post("/api/saves/upload", json={"name": "imported", "file": "from-text-mode.json", "text": text})
    assert answer.status_code == 200, answer.text
    assert [(s["name"], s["number"], s["moves"]) for s in answer.json()["saves"]] == [("imported", "5", 1)]
    loaded = client.post("/api/saves/load", json={"version": version(client), "name": "imported"})
    assert loaded.json()["number"] == "5" and loaded.json()["moves"] == 1

    damaged = text.replace(json.loads(text)["position"], "0" * 16)
    refused = client.post("/api/saves/upload", json={"name": "bad", "file": "damaged.json", "text": damaged})
    assert refused.status_code == 422 and "damaged.json" in refused.json()["error"]
    broken = client.post("/api/saves/upload", json={"name": "bad", "file": "cut.json", "text": text[:40]})
    assert broken.status_code == 422 and "cut.json" in broken.json()["error"] and "line" in broken.json()["error"]
    assert not (tmp_path / saves.SAVES_FOLDER / "bad.json").exists()


def test_an_unreadable_file_in_the_saves_folder_is_listed_with_its_reason(client, tmp_path):
    folder = tmp_path / saves.SAVES_FOLDER
    folder.mkdir()
    (folder / "junk.json").write_text("{not json")
    (folder / ".junk.json.x1.tmp").write_text("left by a killed writer")
    listed = client.get("/api/saves?lang=fr").json()["saves"]
    assert [s["name"] for s in listed] == ["junk"]
    assert "junk.json" in listed[0]["error"] and "JSON" in listed[0]["error"]
    refused = client.post("/api/saves/load", json={"version": version(client), "name": "junk"})
    assert refused.status_code == 422 and "junk.json" in refused.json()["error"]


# -- the clock ----------------------------------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def timed(host, tmp_path):
    """The app with a clock the test moves by hand."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*httpx.*", category=UserWarning)
        from starlette.testclient import TestClient
    from reussite.web.server import create_app

    clock = FakeClock()
    session = Session(host, tmp_path, clock=clock)
    session.restore_or_start(GAME, NUMBER)  # as the server does before any page is open; a known deal, so it has a move
    with TestClient(create_app(host, tmp_path, session=session)) as test_client:
        yield test_client, clock


def test_the_clock_runs_only_while_a_page_shows_the_unfinished_game(timed):
    client, clock = timed
    clock.now += 43  # the server waits with no page open
    assert client.get("/api/state").json()["elapsed"] == 0
    assert client.post("/api/clock", json={"visible": True}).json()["elapsed"] == 0
    clock.now += 5
    assert client.post("/api/clock", json={"visible": True}).json()["elapsed"] == 5
    clock.now += 4
    assert client.post("/api/clock", json={"visible": False}).json()["elapsed"] == 9  # hidden: stops
    clock.now += 100
    assert client.get("/api/state").json()["elapsed"] == 9
    # A page that vanishes without a word costs at most ACTIVE_GAP seconds.
    client.post("/api/clock", json={"visible": True})
    clock.now += 1000
    assert client.get("/api/state").json()["elapsed"] == 9 + ACTIVE_GAP
    # A move is a sign of life: the clock runs from it.
    state = client.get("/api/state").json()
    move = next(m for m in state["legal"] if m["type"] == "move")
    client.post("/api/move", json={"version": state["version"], "src": move["src"], "dst": move["dst"], "n": move["n"]})
    clock.now += 2
    assert client.get("/api/state").json()["elapsed"] == 9 + ACTIVE_GAP + 2
    assert client.post("/api/clock", json={"visible": "yes"}).status_code == 400


def test_the_time_played_travels_with_a_named_save(timed, tmp_path):
    client, clock = timed
    client.post("/api/clock", json={"visible": True})
    clock.now += 12
    answer = client.post("/api/saves/save", json={"version": version(client), "name": "timed"})
    assert answer.json()["saves"][0]["elapsed"] == 12
    assert json.loads((tmp_path / saves.SAVES_FOLDER / "timed.json").read_text())[WEB_KEY]["elapsed"] == 12
    client.post("/api/new", json={"version": version(client), "game": GAME, "number": 3})
    clock.now += 7
    loaded = client.post("/api/saves/load", json={"version": version(client), "name": "timed"}).json()
    assert loaded["elapsed"] == 12
