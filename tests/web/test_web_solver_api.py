"""The solver behind the JSON API: hints, cancellation by a move, the end of game, winnable deals, the demo."""

from __future__ import annotations

import threading
import time

import pytest
from solver_deals import HOST, winnable_deal

from reussite.solver import Verdict, solve

BUNDLED = sorted(g for g, cls in HOST.games.items() if cls.__module__.startswith("reussite_plugins."))


def new(client, game: str, number: int) -> dict:
    version = client.get("/api/state").json()["version"]
    response = client.post("/api/new", json={"game": game, "number": number, "version": version})
    assert response.status_code == 200, response.text
    return response.json()


def test_a_winning_hint_then_a_heuristic_one_each_saying_so(client):
    state = new(client, "mount-olympus", 1)
    hint = client.post("/api/hint", json={"version": state["version"]}).json()
    assert hint["kind"] == "winning" and hint["text"].endswith("This move keeps a win in reach.")
    assert hint["move"] in state["legal"]
    state = new(client, "forty-thieves", 1)
    hint = client.post("/api/hint", json={"version": state["version"], "seconds": 0, "lang": "fr"}).json()
    assert hint["kind"] == "heuristic" and hint["text"].endswith("dans le temps imparti.)")


def test_a_move_cancels_the_hint_being_computed_and_is_not_delayed(client):
    state = new(client, "forty-thieves", 1)
    client.post("/api/hint", json={"version": state["version"], "seconds": 0})  # the solver's process is up
    answers = {}

    def ask():
        answers["hint"] = client.post("/api/hint", json={"version": state["version"], "seconds": 30}).json()

    asker = threading.Thread(target=ask)
    asker.start()
    time.sleep(0.3)  # the search is on
    move = next(m for m in state["legal"] if m["type"] == "move")
    moved = client.post("/api/move", json={"version": state["version"], **move})
    assert moved.status_code == 200  # answered while the search runs (its timing is tools/bench_web.py's)
    asker.join(timeout=10)
    # Cancelled by the move, not run to its 30 s: the hint has answered, as stale.
    assert not asker.is_alive()
    assert answers["hint"] == {"version": state["version"] + 1, "stale": True}


def test_a_stale_version_is_not_searched(client):
    state = new(client, "osmosis", 1)
    assert client.post("/api/hint", json={"version": state["version"] - 1}).json()["stale"]
    assert client.post("/api/solve", json={"version": state["version"] - 1}).json()["stale"]


def test_lost_by_the_rule_stops_the_clock_and_undo_n_moves_reaches_a_winnable_position(client, host):
    state = new(client, "osmosis", 1)
    while state["can_deal"]:
        state = client.post("/api/deal", json={"version": state["version"]}).json()
    assert state["lost"] and state["no_win"]
    elapsed = state["elapsed"]
    time.sleep(0.25)
    assert client.get("/api/state").json()["elapsed"] == elapsed  # the clock stands still
    rewind = client.post("/api/rewind", json={"version": state["version"]}).json()
    undo = rewind["undo"]
    assert undo and rewind["label"] == f"Undo {undo} moves"
    fr = client.post("/api/rewind", json={"version": state["version"], "lang": "fr"}).json()
    assert fr["label"] == f"Annuler {undo}\u00a0coups"
    after = client.post("/api/undo", json={"version": state["version"], "count": undo}).json()
    assert after["moves"] == state["moves"] - undo and not after["lost"]
    game = host.new_game("osmosis", 1, {})
    for _ in range(after["moves"]):
        game.push(game.parse_move("d"))
    assert solve(game, seconds=5).verdict is Verdict.WON
    bad = client.post("/api/undo", json={"version": after["version"], "count": after["moves"] + 1})
    assert bad.status_code == 400


def test_a_hint_that_proves_the_game_lost_says_so_in_the_state(client):
    state = new(client, "osmosis", 1)
    while state["can_deal"] and state["moves"] < 100:  # still moves to make, but nothing left to win
        state = client.post("/api/deal", json={"version": state["version"]}).json()
    assert not state["lost"]
    hint = client.post("/api/hint", json={"version": state["version"]}).json()
    assert hint["kind"] == "lost" and hint["move"] is None and hint["text"] == "No win is possible from here."
    assert hint["state"]["no_win"] and client.get("/api/state").json()["no_win"]


def test_solve_gives_the_whole_line_and_watch_finds_nothing_wrong_in_a_winnable_deal(client):
    state = new(client, "mount-olympus", 2)
    line = client.post("/api/solve", json={"version": state["version"]}).json()
    assert line["verdict"] == "won" and line["text"] == f"A winning line of {len(line['line'])} moves."
    assert client.post("/api/watch", json={"version": state["version"]}).json()["verdict"] == "won"
    for move in line["line"]:
        path = "/api/move" if move["type"] == "move" else "/api/deal"
        state = client.post(path, json={"version": state["version"], **move}).json()
    assert state["won"]


def test_new_game_with_winnable_deals_only_keeps_the_game_numbers(client, host):
    response = client.post("/api/new", json={"game": "osmosis", "number": 2, "winnable": True,
                                                        "version": client.get("/api/state").json()["version"]})
    state = response.json()
    number = int(state["number"])
    assert state["found"] == state["number"] and state["tried"] == number - 1
    assert solve(host.new_game("osmosis", number, {}), seconds=5).verdict is Verdict.WON
    assert client.get("/api/search").json()["search"] is None


def test_the_solver_process_comes_back_if_it_dies(client):
    state = new(client, "mount-olympus", 1)
    assert client.post("/api/hint", json={"version": state["version"]}).json()["kind"] == "winning"
    worker = client.app.state.session.worker
    worker._proc.kill()
    worker._proc.wait()
    deadline = time.monotonic() + 5
    while worker._conn is not None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert client.post("/api/hint", json={"version": state["version"]}).json()["kind"] == "winning"


def test_the_search_for_a_winnable_deal_shows_its_progress_and_can_be_stopped(client):
    before = new(client, "forty-thieves", 1)
    answer = {}

    def search():
        answer["state"] = client.post("/api/new", json={"game": "forty-thieves", "number": 3, "winnable": True,
                                                        "version": client.get("/api/state").json()["version"],
                                                        "seconds": 30, "lang": "fr"}).json()

    searcher = threading.Thread(target=search)
    searcher.start()
    deadline = time.monotonic() + 10
    progress = None
    while time.monotonic() < deadline:
        progress = client.get("/api/search?lang=fr").json()["search"]
        if progress:
            break
        time.sleep(0.05)
    assert progress == {"game": "forty-thieves", "number": "3", "tried": 0,
                        "text": "Recherche d’une donne gagnable\u00a0: partie 3 (0\u00a0donne essayée)…"}
    assert client.post("/api/search/stop", json={}).status_code == 200
    searcher.join(timeout=10)
    state = answer["state"]
    assert state["found"] is None and state["number"] == "1" and state["version"] == before["version"]
    assert client.get("/api/search").json()["search"] is None


def test_a_hint_does_not_wait_behind_the_background_check(client):
    state = new(client, "forty-thieves", 1)
    client.post("/api/hint", json={"version": state["version"], "seconds": 0})  # the solver's process is up
    answers = {}
    watcher = threading.Thread(target=lambda: answers.update(
        watch=client.post("/api/watch", json={"version": state["version"], "seconds": 30}).json()))
    watcher.start()
    time.sleep(0.3)
    hint = client.post("/api/hint", json={"version": state["version"], "seconds": 0.2}).json()
    assert hint["kind"] in ("winning", "heuristic")
    watcher.join(timeout=10)
    # The 30 s check was cancelled by the hint, not waited for: it answers as stale, at once.
    assert not watcher.is_alive() and answers["watch"]["stale"]


@pytest.mark.parametrize("game_id", BUNDLED)
def test_following_the_hint_from_the_start_of_a_winnable_deal_wins_it(client, game_id):
    """As the page's p key does: ask the hint, play the move it names, again, until the game is won; every
    hint on the way is the first move of a winning line."""
    number = winnable_deal(game_id)
    state = new(client, game_id, number)
    for step in range(400):
        hint = client.post("/api/hint", json={"version": state["version"], "seconds": 10}).json()
        assert hint["kind"] == "winning", f"{game_id} #{number}, move {step + 1}: a {hint['kind']} hint"
        move = hint["move"]
        path = "/api/move" if move["type"] == "move" else "/api/deal"
        body = {"version": state["version"]}
        if move["type"] == "move":
            body.update(src=move["src"], dst=move["dst"], n=move["n"])
        response = client.post(path, json=body)
        assert response.status_code == 200, response.text
        state = response.json()
        if state["won"]:
            break
    assert state["won"], f"{game_id} #{number}: not won after following {step + 1} hints"


def test_a_hints_budget_is_the_searchs_cpu_time_under_a_wall_clock_ceiling():
    """The solver's process stopped (SIGSTOP) stands for a machine busy with other work: a hint still
    searches its whole CPU budget, however long that takes on the clock, up to a ceiling on the clock that
    it never passes by much, whatever CPU it has had."""
    import asyncio
    import os
    import signal

    from reussite import saves
    from reussite.web.worker import SolverWorker

    save = saves.to_json(HOST.new_game("forty-thieves", 1, {}))  # no winning line in these budgets

    async def hint(payload: dict, paused: float) -> tuple[dict, float]:
        begin = time.perf_counter()
        job = asyncio.ensure_future(worker.run("hint", {"save": save, **payload}))
        await asyncio.sleep(0.05)  # the search has started
        os.kill(worker._proc.pid, signal.SIGSTOP)
        await asyncio.sleep(paused)
        os.kill(worker._proc.pid, signal.SIGCONT)
        return await job, time.perf_counter() - begin

    async def both() -> tuple:
        assert (await worker.run("ping", {}))["pong"]  # ready: the games are loaded
        # The first with a ceiling far off (the solver's process runs at nice 19: on a loaded machine its
        # CPU second may take long), the second with a CPU budget far off.
        return (await hint({"seconds": 0.3, "wall_seconds": 30.0}, 0.6),
                await hint({"seconds": 30.0, "wall_seconds": 0.8}, 1.0))

    worker = SolverWorker()
    found = []
    # A loop of its own in a thread of its own: a browser test before this one in the process (Playwright's
    # sync API) may have left this thread's loop running.
    runner = threading.Thread(target=lambda: found.append(asyncio.run(both())))
    try:
        runner.start()
        runner.join(120)
    finally:
        worker.close()
    (budget, budget_wall), (ceiling, ceiling_wall) = found[0]
    assert budget["kind"] == "heuristic" and not budget["cancelled"], budget
    assert budget["cpu_seconds"] >= 0.29 and budget_wall >= 0.6 + 0.29, (budget, budget_wall)
    assert ceiling["kind"] == "heuristic" and not ceiling["cancelled"], ceiling
    assert ceiling["cpu_seconds"] < 2.0 and ceiling_wall < 1.0 + 5.0, (ceiling, ceiling_wall)  # not 30 s


def test_play_it_searches_deeper_where_the_hint_found_no_line(client):
    """Golf #2: a hint with no time to search guesses; "Play it" (play: true) searches as long as the demo once
    along the line of play and names the winning line's first move."""
    state = new(client, "golf", 2)
    hint = client.post("/api/hint", json={"version": state["version"], "seconds": 0}).json()
    assert hint["kind"] == "heuristic" and not hint["deep"]
    hint = client.post("/api/hint", json={"version": state["version"], "seconds": 0, "play": True}).json()
    assert hint["kind"] == "winning" and hint["deep"] and hint["move"] in state["legal"]


def test_a_hints_default_time_is_the_games_own_within_the_players_ceiling(client):
    from reussite.advisor import hint_seconds

    state = new(client, "black-hole", 11)
    own = hint_seconds(HOST.game("black-hole"))
    assert state["hint_seconds"] == own > hint_seconds(HOST.game("freecell"))
    hint = client.post("/api/hint", json={"version": state["version"], "limit": 60}).json()
    assert hint["budget"] == own
    hint = client.post("/api/hint", json={"version": state["version"], "limit": 1}).json()
    assert hint["budget"] == 1
    bad = client.post("/api/hint", json={"version": state["version"], "limit": -1})
    assert bad.status_code == 400 and "seconds should be from 0" in bad.text


def test_the_live_checks_budget_is_the_searchs_cpu_time():
    """The live check ("solve" job, as /api/watch sends it) on a machine busy with other work: the solver's
    process stopped (SIGSTOP) for longer than its budget still searches its whole CPU budget, and ends by
    "time", not cancelled (its 0.5 s of the clock once gave 0.03 CPU s on a busy machine)."""
    import asyncio
    import os
    import signal

    from reussite.web.api import WATCH_SECONDS, watch_payload
    from reussite.web.worker import SolverWorker

    payload = watch_payload(HOST.new_game("forty-thieves", 1, {}))  # not decided in this budget

    async def watch() -> dict:
        assert (await worker.run("ping", {}))["pong"]
        job = asyncio.ensure_future(worker.run("solve", payload))
        await asyncio.sleep(0.05)
        os.kill(worker._proc.pid, signal.SIGSTOP)
        await asyncio.sleep(WATCH_SECONDS + 0.3)
        os.kill(worker._proc.pid, signal.SIGCONT)
        return await job

    worker = SolverWorker()
    found = []
    runner = threading.Thread(target=lambda: found.append(asyncio.run(watch())))
    try:
        runner.start()
        runner.join(120)
    finally:
        worker.close()
    result = found[0]
    assert result["verdict"] == "unknown" and result["stopped_by"] == "time", result
    assert result["cpu_seconds"] >= WATCH_SECONDS * 0.95, result


def test_a_guess_in_a_game_whose_moves_are_final_says_so(client):
    state = new(client, "golf", 5)
    hint = client.post("/api/hint", json={"version": state["version"], "seconds": 0}).json()
    assert hint["kind"] == "heuristic" and hint["final"]
    assert hint["text"].endswith("a suggestion may lose it for good.")
    assert hint["texts"]["fr"].endswith("peut le faire perdre pour de bon.")
    state = new(client, "klondike", 5)
    hint = client.post("/api/hint", json={"version": state["version"], "seconds": 0}).json()
    assert hint["kind"] == "heuristic" and not hint["final"] and "for good" not in hint["text"]


def test_winnable_deals_only_says_plainly_when_this_games_deals_are_rarely_proved_winnable(client):
    """Two-suit Spider: while it searches, and when it gives up, the page is told in plain words."""
    before = new(client, "klondike", 1)
    answer = {}

    def search():
        answer["state"] = client.post("/api/new", json={
            "game": "spider", "options": {"suits": "2"}, "number": 1, "winnable": True, "seconds": 0.01,
            "total_seconds": 4, "version": before["version"], "lang": "fr"}).json()

    searcher = threading.Thread(target=search)
    searcher.start()
    said = set()
    while searcher.is_alive():
        progress = client.get("/api/search?lang=fr").json()["search"]
        if progress:
            said.add(progress["text"])
        time.sleep(0.05)
    searcher.join()
    assert any("prouve rarement gagnables les donnes de ce jeu" in text for text in said), said
    state = answer["state"]
    assert state["found"] is None and state["version"] == before["version"]
    assert state["message"].startswith("Le solveur n’a prouvé gagnable aucune des ")
    assert state["message"].endswith("dans le temps imparti.")


def test_the_watchdog_gives_play_it_and_the_live_check_their_own_time_on_the_clock():
    """A child searching "Play it"'s deeper budget, or the live check up to its ceiling on the clock, is not
    judged stuck before its search may end."""
    from reussite.web.api import WATCH_WALL_SECONDS, watch_payload
    from reussite.web.worker import wall_limit

    assert wall_limit({"seconds": 1.0, "deep_seconds": 10.0}) > 2 * 10.0
    assert wall_limit(watch_payload(HOST.new_game("osmosis", 1, {}))) > WATCH_WALL_SECONDS
