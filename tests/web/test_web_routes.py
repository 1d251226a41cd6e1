"""The API's route table: every route is one entry, and every write goes through one wrapper that refuses a
stale version and records (autosaves) what it changed."""

from __future__ import annotations

import ast
import inspect
import json
import textwrap

import pytest

from reussite import saves
from reussite.session import AUTOSAVE
from reussite.web.api import ROUTES, Access, Api

GAME = "forty-thieves"


def state(client):
    return client.get("/api/state").json()


def post(client, path, **body):
    return client.post(f"/api/{path}", json={"version": state(client)["version"], **body})


def first_move(st):
    return next(m for m in st["legal"] if m["type"] == "move")


def autoplayable_number(host) -> int:
    """A Forty Thieves deal with a card for the foundations at once (for autoplay and double-click)."""
    return next(n for n in range(1, 500) if list(host.new_game(GAME, n, {}).foundation_moves()))


def prepare(client, host, path):
    """Bring the game where the write route ``path`` has something to do; return the body to send."""
    client.post("/api/new", json={"version": state(client)["version"], "game": GAME,
                                  "number": autoplayable_number(host)})
    st = state(client)
    if path in ("undo", "redo", "restart", "goto"):
        move = first_move(st)
        post(client, "move", src=move["src"], dst=move["dst"], n=move["n"])
        if path in ("redo", "goto"):
            post(client, "undo")
    if path == "saves/load":
        post(client, "saves/save", name="kept")
        move = first_move(state(client))
        post(client, "move", src=move["src"], dst=move["dst"], n=move["n"])
    st = state(client)
    move = first_move(st)
    foundations = {s["id"] for s in st["stacks"] if s["kind"] == "foundation"}
    to_foundation = next((m for m in st["legal"] if m["type"] == "move" and m["dst"] in foundations), move)
    return {
        "new": {"game": GAME, "number": 7},
        "restart": {},
        "move": {"src": move["src"], "dst": move["dst"], "n": move["n"]},
        "deal": {},
        "best": {"src": to_foundation["src"]},
        "undo": {},
        "redo": {},
        "goto": {"moves": 1},  # forward along the move log
        "autoplay": {},
        "saves/save": {"name": "mine"},  # changes nothing in the game: no new version, no autosave
        "saves/load": {"name": "kept"},
    }[path]


WRITES = [r.path for r in ROUTES if r.access is Access.WRITE]
CHANGES_NOTHING = {"saves/save"}


def test_every_write_route_has_a_case_here():
    """A write route added to the table without a case below fails here."""
    cases = {"new", "restart", "move", "deal", "best", "undo", "redo", "goto", "autoplay", "saves/save",
             "saves/load"}
    assert set(WRITES) == cases


def autosave_text(autosave) -> str:
    """The autosave and its journal, as the disk holds them."""
    journal = saves.journal_path(autosave)
    return autosave.read_text() + (journal.read_text() if journal.exists() else "")


@pytest.mark.parametrize("path", WRITES)
def test_a_write_route_refuses_a_stale_version_and_changes_nothing(client, host, tmp_path, path):
    body = prepare(client, host, path)
    session = client.app.state.session
    autosave = tmp_path / AUTOSAVE
    before_text, before_mark, version = autosave_text(autosave), session.mark(), session.version
    for stale in ({"version": version - 1}, {}):  # an older position, or none said
        response = client.post(f"/api/{path}", json={**body, **stale})
        assert response.status_code in (409, 400), response.text
        assert session.version == version and session.mark() == before_mark
        assert autosave_text(autosave) == before_text
    assert "state" in client.post(f"/api/{path}", json={**body, "version": version - 1}).json()


@pytest.mark.parametrize("path", WRITES)
def test_a_write_route_records_and_autosaves_what_it_changed(client, host, tmp_path, path):
    body = prepare(client, host, path)
    session = client.app.state.session
    autosave = tmp_path / AUTOSAVE
    autosave.unlink()
    version = session.version
    response = client.post(f"/api/{path}", json={**body, "version": version})
    assert response.status_code == 200, response.text
    if path in CHANGES_NOTHING:
        assert session.version == version and not autosave.exists()
        return
    assert session.version == version + 1
    assert response.json()["version"] == session.version  # the answer is the recorded position
    saved, now = saves.read_with_journal(autosave, "web"), json.loads(json.dumps(session.save_json()))
    saved.pop("web"), now.pop("web"), saved.pop("journal")  # the time played goes on
    assert saved == now


def test_the_app_serves_exactly_the_route_table(client):
    """No API route is wired outside the table (it would skip the wrapper)."""
    served = {(r.path, m) for r in client.app.routes if r.path.startswith("/api/") for m in r.methods - {"HEAD"}}
    assert served == {(f"/api/{r.path}", r.method) for r in ROUTES}


def test_every_route_with_a_body_is_wrapped(client):
    api = Api(client.app.state.session)
    for route in ROUTES:
        endpoint = api.endpoint(route)
        if route.access is Access.READ:
            assert route.method == "GET"
        else:
            assert getattr(endpoint, "route", None) is route, route.path


def _calls(function) -> set[str]:
    tree = ast.parse(textwrap.dedent(inspect.getsource(function)))
    return {node.func.attr for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)}


def test_no_handler_checks_the_version_or_records_a_change_itself():
    for route in ROUTES:
        called = _calls(route.handler)
        assert "changed" not in called and "autosave" not in called, route.path
        assert "_check_version" not in called, route.path
    # The one exception: a winnable deal is searched for (awaited) before the game changes, so it checks again.
    assert "_check_version" in _calls(Api._new_winnable)


READ_PATHS = {"help/{game_id}": f"help/{GAME}", "saves/file": "saves/file?name=kept"}


def session_fingerprint(session, folder) -> tuple:
    """What a request could change: the game, the clock, the ids, what the solver proved, the notices, and
    every file of the data folder."""
    files = sorted((str(p.relative_to(folder)), p.read_bytes()) for p in folder.rglob("*") if p.is_file()
                   and not p.name.startswith("statistics.sqlite"))
    return (session.version, session.mark(), session.elapsed_before, session.active_since, session.uid,
            session.assist, list(session.notices), session.proved_lost, dict(session.rewinds), session.search,
            session.hint_limit, files, session.stats.count())


def test_no_get_route_changes_the_session(client, host, tmp_path):
    """Every GET of the route table, in both languages, with its query fields: the session and the data
    folder are the same after as before (a GET is a link any page can load: it may read, never change)."""
    post(client, "new", game=GAME, number=autoplayable_number(host))
    move = first_move(state(client))
    post(client, "move", src=move["src"], dst=move["dst"], n=move["n"])
    post(client, "saves/save", name="kept")
    post(client, "new", game=GAME, number=3)  # a game recorded (abandoned): the statistics have a row
    session = client.app.state.session
    session.flush()
    session.stats_pool.submit(lambda: None).result()
    reads = [r for r in ROUTES if r.access is Access.READ]
    assert {"state", "log", "stats", "saves/file", "search"} <= {r.path for r in reads}
    before = session_fingerprint(session, tmp_path)
    for route in reads:
        path = READ_PATHS.get(route.path, route.path)
        for query in ("", "lang=fr", f"game={GAME}&offset=1&lang=fr"):
            sep = "&" if "?" in path else "?"
            response = client.get(f"/api/{path}{sep}{query}" if query else f"/api/{path}")
            assert response.status_code == 200, (path, query, response.text)
    session.flush()
    assert session_fingerprint(session, tmp_path) == before
