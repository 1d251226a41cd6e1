"""The browser front end's JSON API, through Starlette's TestClient (real app, real engine, real files)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from reussite.errors import UserError
from reussite.session import AUTOSAVE
from reussite.web.api import MAX_BODY_BYTES
from reussite.web.strings import UI_STRINGS

GAME = "forty-thieves"
NUMBER = 1


def current_version(client) -> int:
    return client.get("/api/state").json()["version"]


def post_new(client, **body):
    """POST /api/new on the current position (as a page that is up to date sends it)."""
    return client.post("/api/new", json={"version": current_version(client), **body})


def new(client, game=GAME, number=NUMBER, **extra):
    response = post_new(client, game=game, number=number, **extra)
    assert response.status_code == 200, response.text
    return response.json()


def first_card_move(state):
    return next(m for m in state["legal"] if m["type"] == "move")


def positions(state):
    return [[c and c["code"] for c in s["cards"]] for s in state["stacks"]]


def test_page_and_static_files(client):
    page = client.get("/")
    assert page.status_code == 200
    assert '<script type="module" src="/static/app.js">' in page.text and "{{default_lang}}" not in page.text
    for name, kind in (("app.js", "javascript"), ("style.css", "text/css"), ("favicon.svg", "svg")):
        response = client.get(f"/static/{name}")
        assert response.status_code == 200 and kind in response.headers["content-type"]


def test_the_page_arrives_with_its_labels_and_the_game_in_the_default_language(host, tmp_path):
    """Nothing in the toolbar or the status line changes size when the strings and the state arrive (no
    layout shift): the server fills them in already, in the server's language."""
    from starlette.testclient import TestClient

    from reussite.l10n import host_translator
    from reussite.web.server import create_app
    from reussite.web.strings import translated_strings

    strings = translated_strings(host_translator("fr"))
    with TestClient(create_app(host, tmp_path, lang="fr")) as fr:
        state = new(fr, game="osmosis", number=5, lang="fr")
        page = fr.get("/").text
    assert f'data-s="new_game" data-t="new_game_title" title="{strings["new_game_title"]}">{strings["new_game"]}<' \
        in page
    # « Osmose n° 5 », as the French catalog says a game's number, never « Osmose # 5 ».
    assert f'<span id="game-name">{state["name"]} n°\u00a0</span>' in page and f'>{state["number"]}</b>' in page
    assert '<span id="redeals-box">' in page and f'<b id="redeals">{state["redeals_left"]}</b>' in page
    assert not re.search(r'data-s="\w+"[^>]*></', page), "a label left empty"


@pytest.mark.parametrize("path", [
    "/static/../api.py", "/static/..%2fapi.py", "/static/%2e%2e%2fserver.py", "/static/..%2f..%2fcli.py",
    "/static/%2fetc%2fpasswd", "/static/", "/static/nothing.js", "/static/.hidden",
])
def test_static_route_serves_nothing_outside_its_folder(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert "def " not in response.text and "root:" not in response.text


def test_strings_cover_every_key_and_languages(client):
    from reussite.l10n import available_langs
    from reussite.web.strings import UI_PLURALS

    english = client.get("/api/strings?lang=en").json()
    assert set(english) == set(UI_STRINGS) | set(UI_PLURALS)
    assert english["undo"] == "Undo"
    # A plural entry: a form for each CLDR category of the language.
    assert english["held_no_target"] == {"one": "No stack takes it.", "other": "No stack takes them."}
    french = client.get("/api/strings?lang=fr").json()
    assert set(french) == set(UI_STRINGS) | set(UI_PLURALS) and all(french.values())
    assert french["held_no_target"]["one"] == "Aucune pile ne la prend."
    assert french["held_no_target"]["other"] == french["held_no_target"]["many"] == "Aucune pile ne les prend."
    boot = client.get("/api/boot?lang=fr").json()
    assert boot["state"]["lang"] == "fr" and boot["locale"] == "fr"
    assert client.get("/api/boot?lang=en").json()["locale"] == "en-GB"  # British English: 3/12 is 3 December
    # Every installed language, whatever their number (a translator's new one among them).
    assert [lang["code"] for lang in boot["langs"]] == list(available_langs())
    assert {"en", "fr"} <= {lang["code"] for lang in boot["langs"]}
    assert any(g["id"] == GAME for g in boot["games"])
    # An unknown language falls back to the default instead of failing.
    assert client.get("/api/state?lang=xx").json()["lang"] == "en"


def test_new_game_matches_the_engine_deal(client, host):
    state = new(client, number=12345)
    engine = host.game(GAME)(12345)
    expected = engine.layout_json()["stacks"]
    for stack, want in zip(state["stacks"], expected, strict=True):
        assert stack["id"] == want["id"]
        assert len(stack["cards"]) == len(want["cards"])
        shown = [c["code"] for c in stack["cards"] if c]
        assert shown == want["cards"][want["face_down"]:]
    assert state["number"] == "12345" and state["moves"] == 0 and state["score"] == 0
    assert state["legal"] == [client.app.state.session.move_json(m) for m in engine.legal_moves()]


def test_cards_and_stacks_have_accessible_names(client):
    state = new(client)
    tableau = next(s for s in state["stacks"] if s["id"] == "tableau-1")
    top = tableau["cards"][-1]
    assert top["label"].endswith(("clubs", "spades", "hearts", "diamonds"))
    assert tableau["label"].startswith("tableau pile 1, 4 cards") and top["label"] in tableau["label"]
    stock = next(s for s in state["stacks"] if s["kind"] == "stock")
    assert all(c is None for c in stock["cards"])  # face down: no code sent


def test_legal_move_changes_the_position_and_version(client):
    state = new(client)
    move = first_card_move(state)
    response = client.post("/api/move", json={"version": state["version"], **{k: move[k] for k in ("src", "dst", "n")}})
    assert response.status_code == 200
    after = response.json()
    assert after["version"] == state["version"] + 1 and after["moves"] == 1
    src = next(s for s in after["stacks"] if s["id"] == move["src"])
    before_src = next(s for s in state["stacks"] if s["id"] == move["src"])
    assert len(src["cards"]) == len(before_src["cards"]) - move["n"]
    assert client.get("/api/legal").json()["version"] == after["version"]


def refused(client, body, status, text=None):
    before = client.get("/api/state").json()
    response = client.post("/api/move", json=body) if not isinstance(body, (bytes, str)) else client.post(
        "/api/move", content=body, headers={"content-type": "application/json"})
    assert response.status_code == status, response.text
    assert response.json()["error"]
    if text:
        assert text in response.json()["error"]
    after = client.get("/api/state").json()
    assert positions(after) == positions(before) and after["version"] == before["version"]
    return response.json()


def test_illegal_move_is_refused_with_its_reason(client):
    state = new(client)
    # R-FT-5: tableau 1's 7♦ cannot go on tableau 2's Q♦ (game 1), nor on any non-fitting card.
    body = {"version": state["version"], "src": "tableau-1", "dst": "tableau-2", "n": 1}
    answer = refused(client, body, 422, "cannot go on")
    assert "build down in suit" in answer["error"]
    # The page asks for a refusal as an ordinary answer (a 422 would be logged in the browser's console).
    soft = refused(client, {**body, "soft": True}, 200, "cannot go on")
    assert soft["refused"] is True and soft["error"] == answer["error"]
    refused(client, {**body, "src": "tableau-99", "soft": True}, 400, "tableau-99")  # a bad request stays one


def test_bad_requests_are_refused_and_change_nothing(client):
    state = new(client)
    v = state["version"]
    refused(client, {"version": v, "src": "tableau-99", "dst": "tableau-2"}, 400, "tableau-99")
    refused(client, {"version": v, "src": "tableau-1"}, 400, "'dst'")
    refused(client, {"version": "1", "src": "tableau-1", "dst": "tableau-2"}, 400, "'version'")
    refused(client, {"version": v, "src": "tableau-1", "dst": "tableau-2", "n": 0}, 400)
    refused(client, {"version": v, "src": "tableau-1", "dst": "tableau-2", "n": True}, 400)
    refused(client, b'{"version": 1, "src": ', 400, "not valid JSON")
    refused(client, b"[1, 2]", 400, "JSON object")
    refused(client, b"\xff\xfe", 400, "UTF-8")
    big = json.dumps({"version": v, "pad": "x" * MAX_BODY_BYTES}).encode()
    refused(client, big, 413, "too large")
    response = client.post("/api/move", content=b'{"version": 1}', headers={"content-type": "text/plain"})
    assert response.status_code == 415


def test_stale_version_is_refused_with_the_current_state(client):
    state = new(client)
    move = first_card_move(state)
    body = {"version": state["version"], "src": move["src"], "dst": move["dst"], "n": move["n"]}
    assert client.post("/api/move", json=body).status_code == 200
    # A second tab still on the old version: refused, the answer carries the position to show.
    answer = refused(client, body, 409)
    assert answer["state"]["version"] == state["version"] + 1 and answer["state"]["moves"] == 1


def test_new_game_refusals(client):
    assert post_new(client, game="no-such-game", number=1).status_code == 404
    assert post_new(client, game=GAME, number=0).status_code == 400
    assert post_new(client, game=GAME, number="12x").status_code == 400
    assert post_new(client, game=GAME, number=1, options={"nope": "1"}).status_code == 400
    assert post_new(client, game=GAME, number=1, options=[]).status_code == 400
    big = new(client, number="99999999999999999999")
    assert big["number"] == "99999999999999999999"
    fresh = post_new(client, game=GAME).json()
    assert fresh["number"] != big["number"] and fresh["moves"] == 0


def test_undo_redo_restart(client):
    state = new(client)
    move = first_card_move(state)
    played = client.post("/api/move", json={"version": state["version"], **{k: move[k] for k in ("src", "dst", "n")}})
    after = played.json()
    undone = client.post("/api/undo", json={"version": after["version"]}).json()
    assert positions(undone) == positions(state) and undone["can_redo"] and not undone["can_undo"]
    assert client.post("/api/undo", json={"version": undone["version"]}).status_code == 422
    redone = client.post("/api/redo", json={"version": undone["version"]}).json()
    assert positions(redone) == positions(after)
    assert client.post("/api/redo", json={"version": redone["version"]}).status_code == 422
    restarted = client.post("/api/restart", json={"version": redone["version"]}).json()
    assert positions(restarted) == positions(state) and restarted["moves"] == 0


def test_deal_hint_double_click_and_autoplay(client):
    state = new(client)
    stock_before = len(state["stacks"][0]["cards"])
    dealt = client.post("/api/deal", json={"version": state["version"]}).json()
    assert len(dealt["stacks"][0]["cards"]) == stock_before - 1 and dealt["moves"] == 1
    hint = client.post("/api/hint", json={}).json()
    assert hint["move"] in dealt["legal"] and hint["text"]
    # R-FT-9: a double-click sends a card to its foundation when it can go there.
    for number in range(1, 100):
        state = new(client, number=number)
        ace = next((m for m in state["legal"] if m["type"] == "move" and m["dst"].startswith("foundation")), None)
        if ace:
            break
    best = client.post("/api/best", json={"version": state["version"], "src": ace["src"]}).json()
    assert best["moves"] == 1 and best["score"] > 0
    nowhere = client.post("/api/best", json={"version": best["version"], "src": "foundation-8"})
    assert nowhere.status_code == 422  # a foundation plays all it can; nothing can go up now
    auto = client.post("/api/autoplay", json={"version": best["version"]}).json()
    assert auto["version"] >= best["version"]


def test_autoplay_after_each_move(client, host):
    state = new(client)
    move = first_card_move(state)
    engine = host.game(GAME)(NUMBER)
    src, dst = engine.index[move["src"]], engine.index[move["dst"]]
    from reussite.game import Move

    engine.push(Move(src, dst, move["n"]))
    expected = 1 + len(engine.autoplay())
    body = {"version": state["version"], "src": move["src"], "dst": move["dst"], "n": move["n"], "auto": True}
    answer = client.post("/api/move", json=body).json()
    assert answer["moves"] == expected and len(answer["played"]) == expected


def test_game_survives_a_restart_of_the_server(host, tmp_path):
    from starlette.testclient import TestClient

    from reussite.web.server import create_app

    with TestClient(create_app(host, tmp_path)) as first:
        state = new(first)
        move = first_card_move(state)
        after = first.post("/api/move", json={"version": state["version"], "src": move["src"],
                                                "dst": move["dst"], "n": move["n"]}).json()
        after = first.post("/api/deal", json={"version": after["version"]}).json()
        after = first.post("/api/undo", json={"version": after["version"]}).json()
    saved = json.loads((tmp_path / AUTOSAVE).read_text())
    assert saved["format"] == "reussite-save" and saved["moves"] == [move["notation"]]
    assert not list(tmp_path.glob(".autosave*"))  # no temporary file left behind
    with TestClient(create_app(host, tmp_path)) as second:
        again = second.get("/api/state").json()
        assert positions(again) == positions(after) and again["moves"] == 1
        assert again["can_redo"]  # the undone deal can still be redone
        assert second.post("/api/redo", json={"version": again["version"]}).json()["moves"] == 2


@pytest.mark.parametrize("content", [b"{ not json", b'{"format": "reussite-save", "version": 1}', b"\x00\xff"])
def test_corrupt_autosave_is_set_aside_and_reported(host, tmp_path, content):
    from starlette.testclient import TestClient

    from reussite.web.server import create_app

    (tmp_path / AUTOSAVE).write_bytes(content)
    with TestClient(create_app(host, tmp_path)) as client:
        state = client.get("/api/state").json()
    aside = list(tmp_path.glob("autosave.corrupt-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == content  # kept, never deleted
    assert state["notices"] and aside[0].name in state["notices"][0]
    assert json.loads((tmp_path / AUTOSAVE).read_text())["game"] == state["game"]  # a fresh game took its place


def test_help_route(client):
    missing = client.get("/api/help/no-such-game")
    assert missing.status_code == 404
    response = client.get(f"/api/help/{GAME}?lang=en")
    try:
        from reussite.helpdocs import render_help  # noqa: F401
    except ImportError:
        assert response.status_code == 404 and "Forty Thieves" in response.json()["error"]
    else:
        assert response.status_code in (200, 404)
        if response.status_code == 200:
            assert "text/html" in response.headers["content-type"] and "<script" not in response.text.lower()


def test_host_header_guard(host, tmp_path):
    from starlette.testclient import TestClient

    from reussite.web.server import create_app

    app = create_app(host, tmp_path, allowed_hosts=("127.0.0.1", "localhost"))
    with TestClient(app, base_url="http://127.0.0.1:8000") as ok:
        assert ok.get("/api/state").status_code == 200
    with TestClient(app, base_url="http://rebound.example:8000") as bad:
        assert bad.get("/api/state").status_code == 421


def test_play_reports_a_busy_port_in_one_line(run_cli, tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = run_cli("play", "forty-thieves", "--no-browser", "--port", str(port), "--data-dir", str(tmp_path))
    assert result.code == 2
    assert result.err.count("\n") == 1 and str(port) in result.err and "Traceback" not in result.err
    assert not (tmp_path / AUTOSAVE).exists()  # nothing was touched


def test_play_refuses_a_port_out_of_range(run_cli, tmp_path):
    result = run_cli("play", "--no-browser", "--port", "70000", "--data-dir", str(tmp_path))
    assert result.code == 2 and "70000" in result.err and "Traceback" not in result.err


def test_data_dir_defaults(tmp_path):
    from reussite.web.server import default_data_dir

    assert default_data_dir({"REUSSITE_DATA_DIR": str(tmp_path)}) == tmp_path
    assert default_data_dir({"XDG_DATA_HOME": str(tmp_path)}) == tmp_path / "reussite"
    assert default_data_dir({}).parts[-3:] == (".local", "share", "reussite")


@pytest.mark.filterwarnings("ignore:.*httpx.*")
def test_a_failing_game_plugin_gives_a_clear_error_and_the_position_is_kept(tmp_path, capsys):
    """A bug in a game's own code (here: its deal on the third click) answers 500 naming the plugin; the
    move is rolled back and the game goes on."""
    import types

    from starlette.testclient import TestClient

    from reussite.hookspecs import hookimpl
    from reussite.host import Host
    from reussite.web.server import create_app
    from reussite_plugins.forty_thieves import FortyThieves

    class Buggy(FortyThieves):
        id = "buggy-thieves"
        name = "Buggy Thieves"

        def do_deal(self):
            super().do_deal()
            if len(self.cards[self.waste_ix]) > 3:
                raise ZeroDivisionError("division by zero")

    plugin = types.SimpleNamespace(reussite_games=hookimpl(lambda: [Buggy]), __name__="buggy_plugin")
    host = Host.load(extra=[("buggy", plugin)])
    with TestClient(create_app(host, tmp_path)) as client:
        state = post_new(client, game="buggy-thieves", number=5).json()
        for _ in range(2):
            state = client.post("/api/deal", json={"version": state["version"]}).json()
        before = client.get("/api/state").json()
        answer = client.post("/api/deal", json={"version": before["version"]})
        assert answer.status_code == 500
        body = answer.json()
        assert "buggy-thieves" in body["error"] and "buggy" in body["error"] and "ZeroDivisionError" in body["error"]
        after = client.get("/api/state").json()
        assert after["stacks"] == before["stacks"] and after["moves"] == before["moves"]
        assert client.post("/api/undo", json={"version": after["version"]}).status_code == 200
    assert "ZeroDivisionError" in capsys.readouterr().err  # the traceback is kept for the plugin's author


def test_an_autosave_its_plugin_cannot_go_on_from_is_set_aside_naming_the_plugin(tmp_path, monkeypatch):
    """An autosave written before the guard existed, at a position where the game's legal moves raise:
    the page loads, the file is kept aside and the notice names the plugin."""
    from importlib.metadata import EntryPoint, entry_points

    from starlette.testclient import TestClient

    from reussite import saves
    from reussite.hookspecs import ENTRY_POINT_GROUP
    from reussite.host import Host
    from reussite.web.server import create_app

    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "data" / "plugins"))
    eps = [*entry_points(group=ENTRY_POINT_GROUP), EntryPoint("midgame_fails", "midgame_fails", ENTRY_POINT_GROUP)]
    host = Host.load(entry_points=eps)
    game = host.new_game("bad-moves", 5)
    game.push(game.parse_move("deal"))
    game.push(game.parse_move("deal"))  # unguarded, as the old server did
    saves.save(game, tmp_path / AUTOSAVE)
    content = (tmp_path / AUTOSAVE).read_bytes()
    with TestClient(create_app(host, tmp_path)) as client:
        state = client.get("/api/state").json()
        # A game players know where one is installed (the classics' Klondike), else a bundled one, whatever
        # the ids sort to; never the broken plugin's.
        assert state["game"] == ("klondike" if "klondike" in host.games else "forty-thieves")
        assert "midgame_fails" in state["notices"][0] and "RuntimeError" in state["notices"][0]
        assert post_new(client, game="bad-moves", number=5).status_code == 200
    (aside,) = tmp_path.glob("autosave.corrupt-*.json")
    assert aside.read_bytes() == content


def test_a_new_game_without_an_id_skips_a_game_that_fails_to_deal(tmp_path, monkeypatch):
    from importlib.metadata import EntryPoint

    from reussite.hookspecs import ENTRY_POINT_GROUP
    from reussite.host import Host
    from reussite.web.session import Session

    monkeypatch.syspath_prepend(str(Path(__file__).parents[1] / "data" / "plugins"))
    host = Host.load(entry_points=[EntryPoint("deal_fails", "deal_fails", ENTRY_POINT_GROUP)])
    assert list(host.games) == ["odd-only"]  # no bundled game: the broken one is the only one
    session = Session(host, tmp_path)
    session.start(None, 3, {})
    assert session.game.id == "odd-only" and not session.notices
    with pytest.raises(UserError, match=r"odd-only \(plugin deal_fails, distribution -\) failed: IndexError"):
        session.start(None, 4, {})
    assert session.game.number == 3 and len(session.notices) == 1  # the game in progress stays


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_an_unknown_game_has_one_wording_everywhere(client, run_cli, host, lang):
    """The host's error is the only one: the command line (deal, help, stats, check) and the API say it alike."""
    from reussite.errors import UnknownGame
    from reussite.l10n import host_translator

    with pytest.raises(UnknownGame) as caught:
        host.game("forty-thief")
    expected = host_translator(lang).render(caught.value.message)
    assert "forty-thieves" in expected and "tournament" in expected
    for command in ("deal", "help", "stats", "check", "winnability"):
        result = run_cli("--lang", lang, command, "forty-thief")
        assert result.code == 2 and result.err.endswith(f": {expected}\n"), (command, result.err)
    assert client.get(f"/api/help/forty-thief?lang={lang}").json()["error"] == expected
    answer = client.post(f"/api/new?lang={lang}", json={"game": "forty-thief", "number": 1,
                                                         "version": current_version(client)})
    assert answer.status_code == 404 and answer.json()["error"] == expected


def test_the_move_log_lists_the_line_and_goes_back_and_forward_along_it(client):
    state = new(client)
    played = []
    for _ in range(3):
        move = first_card_move(state) or {"type": "deal"}
        path = "/api/move" if move["type"] == "move" else "/api/deal"
        body = {k: move[k] for k in ("src", "dst", "n") if k in move}
        state = client.post(path, json={**body, "version": state["version"]}).json()
        played.append(state)
    log = client.get("/api/log?lang=fr").json()
    assert log["at"] == 3 and len(log["moves"]) == 3 and all(m["notation"] and m["text"] for m in log["moves"])
    back = client.post("/api/goto", json={"version": state["version"], "moves": 1}).json()
    assert positions(back) == positions(played[0]) and back["can_redo"]
    log = client.get("/api/log").json()
    assert log["at"] == 1 and len(log["moves"]) == 3  # the undone moves stay in the log, to go forward to
    ahead = client.post("/api/goto", json={"version": back["version"], "moves": 3}).json()
    assert positions(ahead) == positions(played[2]) and not ahead["can_redo"]
    wrong = client.post("/api/goto", json={"version": ahead["version"], "moves": 4})
    assert wrong.status_code == 400 and "from 0 to 3, not 4" in wrong.json()["error"]
    assert positions(client.get("/api/state").json()) == positions(played[2])  # nothing changed


def test_a_bookmark_is_gone_to_from_another_line_by_replaying_it_from_the_deal(client):
    """PySolFC's bookmarks restore the whole position: set after three moves, undone, another move played."""
    state = new(client)
    line = []
    for _ in range(3):
        line.append({k: first_card_move(state)[k] for k in ("src", "dst", "n")})
        state = client.post("/api/move", json={**line[-1], "version": state["version"]}).json()
    marked = positions(state)
    mark = [m["notation"] for m in client.get("/api/log").json()["moves"]]
    state = client.post("/api/goto", json={"version": state["version"], "moves": 1}).json()
    other = next(m for m in state["legal"] if m["type"] == "move" and {k: m[k] for k in line[1]} != line[1])
    state = client.post("/api/move", json={**{k: other[k] for k in ("src", "dst", "n")},
                                           "version": state["version"]}).json()
    assert state["moves"] == 2 and not state["can_redo"] and positions(state) != marked  # the marked line is gone
    there = client.post("/api/goto", json={"version": state["version"], "line": mark}).json()
    assert there["moves"] == 3 and positions(there) == marked
    # On the game's line, going to a bookmark undoes along it: the moves after it stay to redo.
    back = client.post("/api/goto", json={"version": there["version"], "line": mark[:1]}).json()
    assert back["moves"] == 1 and back["can_redo"]
    # A move the deal refuses, and a line that is no list of moves: said, and nothing changes.
    wrong = client.post("/api/goto?lang=fr", json={"version": back["version"], "line": [mark[0], "zz-f1"]})
    assert wrong.status_code == 422, wrong.text
    assert wrong.json()["error"].startswith("Le coup n°\u00a02 du signet (zz-f1) ne peut pas être joué\u00a0: ")
    bad = client.post("/api/goto", json={"version": back["version"], "line": [mark[0], 7]})
    assert bad.status_code == 400 and "not 7 (move 2)" in bad.json()["error"]
    assert positions(client.get("/api/state").json()) == positions(back)
