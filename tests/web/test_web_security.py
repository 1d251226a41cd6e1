"""What another web site, a planted symbolic link or a crowd of idle connections can do to the player's
server: nothing (issue 24). The app in-process (TestClient) and a real ``reussite play`` subprocess."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx
import pytest
from webserver import free_port

SECRET = "not a save: a file of the machine the page must never serve\n"


@pytest.fixture
def planted(tmp_path):
    """A file outside the data folder, and a link to it planted in saves/ under a save's name."""
    secret = tmp_path.parent / f"{tmp_path.name}-secret.json"
    secret.write_text(SECRET)
    saves = tmp_path / "saves"
    saves.mkdir(exist_ok=True)
    os.symlink(secret, saves / "planted.json")
    yield secret
    secret.unlink()


def test_a_symbolic_link_in_saves_is_never_followed(client, planted):
    download = client.get("/api/saves/file?name=planted")
    assert download.status_code == 422 and SECRET not in download.text
    assert "symbolic link" in download.json()["error"]
    listed = client.get("/api/saves").json()["saves"]
    assert [row["name"] for row in listed] == ["planted"] and "symbolic link" in listed[0]["error"]
    version = client.get("/api/state").json()["version"]
    load = client.post("/api/saves/load", json={"name": "planted", "version": version})
    assert load.status_code == 422 and "symbolic link" in load.json()["error"]


def test_a_saves_folder_that_is_a_symbolic_link_is_not_followed(client, tmp_path):
    elsewhere = tmp_path.parent / f"{tmp_path.name}-elsewhere"
    elsewhere.mkdir()
    (elsewhere / "mine.json").write_text(SECRET)
    os.symlink(elsewhere, tmp_path / "saves")
    download = client.get("/api/saves/file?name=mine")
    assert download.status_code == 422 and SECRET not in download.text
    assert "symbolic link" in client.get("/api/saves").json()["error"]


def test_a_cross_origin_post_is_refused_and_changes_nothing(client):
    state = client.get("/api/state").json()
    body = {"version": state["version"], "game": state["game"], "number": 7}
    for headers in ({"Origin": "http://evil.example"}, {"Origin": "null"},
                    {"Origin": "http://testserver.evil.example"}, {"Sec-Fetch-Site": "cross-site"}):
        refused = client.post("/api/new", json=body, headers=headers)
        assert refused.status_code == 403, headers
        assert client.post("/api/hint", json={}, headers=headers).status_code == 403
    assert client.get("/api/state").json()["number"] == state["number"]
    # The page's own requests (its origin, or a program with no Origin) are served.
    assert client.post("/api/new", json=body, headers={"Origin": "http://testserver",
                                                       "Sec-Fetch-Site": "same-origin"}).status_code == 200
    # An API GET embedded in another site is refused; a link from another site to the page opens it.
    assert client.get("/api/stats", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 403
    assert client.get("/", headers={"Sec-Fetch-Site": "cross-site"}).status_code == 200


def test_the_solver_routes_are_posts(client):
    """A GET (an image tag on another site) cannot queue solver work."""
    for route in ("hint", "solve", "watch", "rewind"):
        assert client.get(f"/api/{route}").status_code == 405, route


def test_listening_beyond_the_loopback_warns_and_keeps_the_host_check(tmp_path):
    from reussite.web.server import served_names

    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("REUSSITE_LANG", "LC_ALL", "LC_MESSAGES", "LANG")}
    proc = subprocess.Popen([sys.executable, "-m", "reussite.cli", "play", "--no-browser", "--host", "0.0.0.0",
                             "--port", str(port), "--data-dir", str(tmp_path)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = proc.stdout.readline()
        url = line.split(" at ", 1)[1].split(" ", 1)[0]
        assert url.endswith(f":{port}/") and "0.0.0.0" not in url
        deadline = time.monotonic() + 20
        while True:
            try:
                answer = httpx.get(url + "api/state", timeout=1)  # the printed address answers
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline and proc.poll() is None
                time.sleep(0.05)
        assert answer.status_code == 200
        rebound = httpx.get(f"http://127.0.0.1:{port}/api/state", headers={"Host": "evil.example"}, timeout=5)
        assert rebound.status_code == 421
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=20)
    assert "warning: --host is not a loopback address" in err and f"port {port}" in err
    assert "localhost" in err and "evil.example" not in served_names("0.0.0.0")


def test_a_hard_link_in_saves_is_refused_like_a_symbolic_link(client, tmp_path):
    """Before: a hard link to a file outside (same file system) was served, listed and loaded."""
    secret = tmp_path.parent / f"{tmp_path.name}-secret.json"
    secret.write_text(SECRET)
    (tmp_path / "saves").mkdir(exist_ok=True)
    os.link(secret, tmp_path / "saves" / "linked.json")
    try:
        download = client.get("/api/saves/file?name=linked")
        assert download.status_code == 422 and SECRET not in download.text
        assert "more than one link" in download.json()["error"]
        listed = client.get("/api/saves").json()["saves"]
        assert [row["name"] for row in listed] == ["linked"] and "more than one link" in listed[0]["error"]
        version = client.get("/api/state").json()["version"]
        load = client.post("/api/saves/load", json={"name": "linked", "version": version})
        assert load.status_code == 422 and "more than one link" in load.json()["error"]
        # Its own name once more: replacing it writes a new file, never through the link.
        saved = client.post("/api/saves/save", json={"name": "linked", "replace": True, "version": version})
        assert saved.status_code == 200 and secret.read_text() == SECRET
    finally:
        secret.unlink()
