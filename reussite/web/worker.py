"""Solver work for the browser front end, in a process of its own.

The server's event loop must answer a move in a few milliseconds while the solver searches for seconds. A
thread would not do: the search is pure Python and would hold the GIL, so every move would wait for it. The
search therefore runs in one child process, a fresh interpreter (``python -c ...child_main``; not a fork of a
process running an event loop and threads, and not multiprocessing's ``spawn``, which runs the parent's main
script again), fed through a socket pair with the position as a save (game id, number, options and moves,
replayed and verified there), answering with plain values.

Cancellation: every job carries the *generation* at the time it was asked for; the server adds one whenever
the position changes (a move, an undo, a new game) and sends the new number to the child, where a reader
thread records it at once. The solver polls its ``cancel`` callable every few hundred positions and stops as
soon as the generation has moved on; a job cancelled before it started is answered at once. Nothing on the
server's side waits for the child: results come back through the socket, read by a thread that only sleeps
in ``recv`` (no GIL held) and hands each result to the event loop.

The child runs at the lowest CPU priority (nice 19): on a busy machine the server's moves go first, and the
search takes what is left.

The child keeps the winning lines it has found (:class:`reussite.advisor.LineCache`), so a player following
winning hints gets each next one without a new search.
"""

from __future__ import annotations

import asyncio
import itertools
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from reussite.errors import UserError
from reussite.game import DEAL, REDEAL, AnyMove, Deal, Move, Pair, Redeal


def encode_move(move: AnyMove) -> tuple:
    if isinstance(move, Deal):
        return ("deal",)
    if isinstance(move, Redeal):
        return ("redeal",)
    if move.__class__ is Pair:
        return ("pair", move.src, move.dst, move.n, move.other)
    return ("move", move.src, move.dst, move.n)


def decode_move(value) -> AnyMove:
    if value[0] == "deal":
        return DEAL
    if value[0] == "redeal":
        return REDEAL
    if value[0] == "pair":
        return Pair(int(value[1]), int(value[2]), int(value[3]), int(value[4]))
    return Move(int(value[1]), int(value[2]), int(value[3]))


# -- the child process ------------------------------------------------------------------------------------

_last: dict[str, Any] = {}  # the child's last game: the next job is most often one or two moves further on


def _game(host, save: dict[str, Any]):
    """The game a save describes. The child keeps the last one and plays on from it (or takes moves back)
    when the save continues it, instead of replaying every move of a long game for each hint."""
    from reussite import saves

    head = (save.get("game"), save.get("number"), repr(sorted((save.get("options") or {}).items())))
    moves = list(save.get("moves") or [])
    game = _last.get("game")
    if game is not None and _last["head"] == head:
        old = _last["moves"]
        common = 0
        for a, b in zip(old, moves, strict=False):
            if a != b:
                break
            common += 1
        if len(old) - common <= 50 and len(moves) - common <= 50:
            try:
                while game.move_count > common:
                    game.pop()
                for text in moves[common:]:
                    game.push(game.parse_move(text))
            except Exception:
                game = None
            if game is not None and game.digest() == save.get("position"):
                _last["moves"] = moves
                return game
    game = saves.from_json(save, host)
    _last.update(head=head, moves=moves, game=game)
    return game



def _job_hint(host, cache, payload, cancel, progress) -> dict[str, Any]:
    """The hint: ``seconds`` of the search's own CPU time (however busy the machine: the child runs at nice
    19), within ``wall_seconds`` on the clock (by default ``seconds`` plus ``advisor.WALL_GRACE``)."""
    from reussite import advisor

    game = _game(host, payload["save"])
    started = time.thread_time()  # this thread's CPU: the reader thread's, or another process's, is not counted
    if payload.get("deep_seconds") is not None:  # for "Play it": see advisor.play_advice
        advice = advisor.play_advice(game, float(payload["seconds"]), float(payload["deep_seconds"]), cache,
                                     cancel=cancel)
    else:
        advice = advisor.advise(game, seconds=float(payload["seconds"]), cancel=cancel, cache=cache,
                                wall_seconds=payload.get("wall_seconds"))
    return {"kind": advice.kind, "move": None if advice.move is None else encode_move(advice.move),
            "cancelled": advice.cancelled, "seconds": advice.seconds, "deep": advice.deep,
            "cpu_seconds": time.thread_time() - started}


def _job_solve(host, cache, payload, cancel, progress) -> dict[str, Any]:
    """The demo's line, or the live check's verdict: ``seconds`` of the search's own CPU time, as for a hint
    (the live check's 0.5 s of the clock gave 0.03 CPU s on a busy machine, and said nothing)."""
    from reussite import advisor

    game = _game(host, payload["save"])
    line = cache.lookup(game)
    if line is not None:
        return {"verdict": "won", "line": [encode_move(m) for m in line], "stopped_by": None, "cpu_seconds": 0.0}
    started = time.thread_time()
    result = advisor.cpu_solve(game, float(payload["seconds"]), cancel=cancel, wall_seconds=payload.get("wall_seconds"))
    if result.stopped_by == "cancelled":
        return {"cancelled": True}
    if result.verdict == "won":
        cache.store(game, result.line)
    return {"verdict": result.verdict.value, "line": [encode_move(m) for m in result.line],
            "stopped_by": result.stopped_by, "cpu_seconds": time.thread_time() - started}


def _job_rewind(host, cache, payload, cancel, progress) -> dict[str, Any]:
    from reussite import advisor

    game = _game(host, payload["save"])
    found = advisor.last_winnable(game, payload["seconds"], total_seconds=payload["total_seconds"],
                                  cancel=cancel)
    if found is None:
        return {"undo": None, "cancelled": cancel()}
    probe = game.copy()
    for _ in range(found.undo):
        probe.pop()
    cache.store(probe, found.line)
    return {"undo": found.undo, "cancelled": False}


def _job_winnable(host, cache, payload, cancel, progress) -> dict[str, Any]:
    from reussite import advisor

    def make(number):
        return host.new_game(payload["game"], number, payload["options"])

    found = advisor.next_winnable(make, payload["first"], seconds=payload["seconds"], tries=payload["tries"],
                                  total_seconds=payload.get("search_seconds"), cancel=cancel,
                                  progress=lambda number, tried: progress({"number": str(number), "tried": tried}))
    if found is None:
        return {"number": None, "cancelled": True}
    if found.number is None:
        return {"number": None, "tried": found.tried, "cancelled": False}
    cache.store(make(found.number), found.line)
    return {"number": str(found.number), "tried": found.tried}


def _job_ping(host, cache, payload, cancel, progress) -> dict[str, Any]:
    return {"pong": True}


JOBS = {"hint": _job_hint, "solve": _job_solve, "rewind": _job_rewind, "winnable": _job_winnable,
        "ping": _job_ping}


def child_main(fd: int) -> None:
    """The child's loop: one job at a time, in the order asked. ``fd`` is its end of a socket pair."""
    from multiprocessing.connection import Connection

    from reussite.advisor import LineCache
    from reussite.host import Host

    # Ctrl+C in the terminal reaches the whole process group: the server stops, and closing the socket
    # stops this child (it sees the end of its input), without a KeyboardInterrupt traceback of its own.
    # The same end of input stops it when the server is killed outright (SIGKILL).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    conn = Connection(fd)
    try:
        os.nice(19)  # when the CPU is short, a move of the player's goes before the search
    except OSError:
        pass
    host = Host.load()
    host.games  # noqa: B018  (plugins that do not answer are waited for here, before any job's time counts)
    conn.send((0, True, "ready"))  # the server's watchdog counts each job's time from here
    cache = LineCache()
    inbox: queue.Queue = queue.Queue()
    latest = [0]  # the newest generation the parent has announced

    def read() -> None:
        """Keeps the pipe drained while a job runs, and takes cancellations at once (this thread gets the
        GIL from the searching one within the interpreter's switch interval, a few milliseconds)."""
        while True:
            try:
                message = conn.recv()
            except (EOFError, OSError):
                latest[0] = -1  # the server is gone: stop everything
                inbox.put(None)
                return
            if message[0] == "cancel":
                latest[0] = max(latest[0], message[1])
            else:  # a job is asked on the newest position: its generation is the newest one
                latest[0] = max(latest[0], message[2])
                inbox.put(message)

    threading.Thread(target=read, daemon=True).start()
    while True:
        message = inbox.get()
        if message is None:
            return
        _, job, wanted, kind, payload = message

        def cancel(wanted=wanted) -> bool:
            return latest[0] != wanted

        def progress(data, job=job) -> None:
            conn.send((job, False, data))

        game_id = str((payload.get("save") or payload).get("game"))
        try:
            with host.guard(host.games.get(game_id) or (game_id, "?")):  # a failing plugin is named
                result = {"cancelled": True} if cancel() else JOBS[kind](host, cache, payload, cancel, progress)
        except UserError as exc:  # a PluginError, or a save the child cannot replay: its Message, translatable
            result = {"error": exc.message}
        except Exception as exc:  # a bug in the solver: reported, the child goes on
            result = {"error": f"{type(exc).__name__}: {exc}"}
        try:
            conn.send((job, True, result))
        except (OSError, ValueError):
            return


# -- the server's side ----------------------------------------------------------------------------------


#: Seconds on the clock a job may run beyond twice its CPU budget (a busy machine, the child at nice 19) before
#: the child is judged stuck (plugin code that never returns, such as a companion's ``dead_end``), killed and
#: replaced; a job's progress report (a deal tried) starts its clock again.
WALL_MARGIN = 10.0
#: Seconds a job has to stop once cancelled (the solver polls for it every few hundred positions).
CANCEL_GRACE = 3.0
#: Seconds the child may take to start (it imports the plugins, each within the host's own time limit).
START_LIMIT = 120.0


def wall_limit(payload: dict[str, Any]) -> float:
    """Seconds on the clock a job may run: twice its CPU budget (``seconds``, ``total_seconds`` for a rewind,
    ``deep_seconds`` for "Play it"), or its own ceiling on the clock (``wall_seconds``) if longer, plus
    :data:`WALL_MARGIN`."""
    budget = payload.get("total_seconds") or max(payload.get("deep_seconds") or 0, payload.get("seconds") or 0)
    return max(2 * float(budget), float(payload.get("wall_seconds") or 0)) + WALL_MARGIN


@dataclass
class _Job:
    """A job asked of the child and not answered yet."""

    loop: asyncio.AbstractEventLoop
    future: asyncio.Future
    on_progress: Callable[[Any], None] | None
    kind: str
    payload: dict[str, Any]
    generation: int
    limit: float
    cancelled_at: float | None = None


class SolverWorker:
    """The child process, seen from the server: ``await run(kind, payload)``; ``cancel()`` when the position
    changes. Started on first use (or by :meth:`start`), started again if it dies.

    The child does one job at a time, in the order asked, so the oldest job not answered is the one running;
    a watchdog thread gives it :func:`wall_limit` seconds from when it started (and :data:`CANCEL_GRACE` once
    cancelled). A child that overruns is killed and replaced: that job is answered with an error saying so,
    the jobs behind it are asked again of the new child, so the next hint works."""

    def __init__(self) -> None:
        self.generation = 0
        self._proc: subprocess.Popen | None = None
        self._conn = None
        self._lock = threading.Lock()
        self._ids = itertools.count(1)
        self._pending: dict[int, _Job] = {}  # in the order asked: the first one is running
        self._ready = False  # the child has loaded the plugins and takes jobs
        self._spawned = 0.0
        self._head_since = 0.0  # when the running job started (or last reported progress)
        self._watchdog: threading.Thread | None = None
        self._closed = False
        self._final = False  # the server is stopping: no new child
        #: How many times a child that did not answer was replaced.
        self.replaced = 0

    @property
    def pid(self) -> int | None:
        proc = self._proc
        return None if proc is None else proc.pid

    def start(self) -> None:
        with self._lock:
            self._start_locked()

    def _start_locked(self) -> None:
        # A fresh interpreter (not multiprocessing's spawn, which would run the parent's main script again):
        # the child imports only what it needs.
        from multiprocessing.connection import Connection

        if self._final or (self._proc is not None and self._proc.poll() is None):
            return
        self._closed = False
        ours, theirs = socket.socketpair()
        fd = theirs.fileno()
        command = [sys.executable, "-c", "import sys; from reussite.web.worker import child_main; "
                   "child_main(int(sys.argv[1]))", str(fd)]
        self._proc = subprocess.Popen(command, pass_fds=(fd,), stdin=subprocess.DEVNULL,
                                      stdout=subprocess.DEVNULL, close_fds=True)
        theirs.close()
        self._conn = conn = Connection(ours.detach())
        self._ready, self._spawned = False, time.monotonic()
        conn.send(("cancel", self.generation))
        threading.Thread(target=self._read, args=(conn,), daemon=True, name="reussite-solver-results").start()
        if self._watchdog is None or not self._watchdog.is_alive():
            self._watchdog = threading.Thread(target=self._watch, daemon=True, name="reussite-solver-watchdog")
            self._watchdog.start()

    def cancel(self) -> None:
        """Stop whatever the child is doing or has been asked to do (the position has changed)."""
        with self._lock:
            self.generation += 1
            now = time.monotonic()
            for job in self._pending.values():
                if job.cancelled_at is None:
                    job.cancelled_at = now
            if self._conn is not None and self._pending:
                try:
                    self._conn.send(("cancel", self.generation))
                except (OSError, ValueError):
                    pass

    async def run(self, kind: str, payload: dict[str, Any], on_progress: Callable[[Any], None] | None = None):
        """The job's result (a dict); ``{"cancelled": True}`` if the position changed first; ``{"error": ...,
        "no_answer": SECONDS}`` if the child did not answer in time (it is replaced)."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self._lock:
            if self._final:
                return {"cancelled": True}
            self._start_locked()
            job = next(self._ids)
            if not self._pending:
                self._head_since = time.monotonic()
            self._pending[job] = _Job(loop, future, on_progress, kind, payload, self.generation,
                                      wall_limit(payload))
            try:
                self._conn.send(("job", job, self.generation, kind, payload))
            except (OSError, ValueError, AttributeError) as exc:
                del self._pending[job]
                return {"error": f"the solver process is not running ({exc})"}
        return await future

    def _read(self, conn) -> None:
        while True:
            try:
                job, final, data = conn.recv()
            except (EOFError, OSError):
                break
            with self._lock:
                if job == 0:  # the child has started
                    self._ready, self._head_since = True, time.monotonic()
                    continue
                entry = self._pending.pop(job, None) if final else self._pending.get(job)
                if entry is not None:  # the next job starts now, or this one made progress
                    self._head_since = time.monotonic()
            if entry is None:
                continue
            if final:
                entry.loop.call_soon_threadsafe(_resolve, entry.future, data)
            elif entry.on_progress is not None:
                entry.loop.call_soon_threadsafe(entry.on_progress, data)
        with self._lock:  # the child is gone: nothing more will come
            if self._conn is not conn:
                return
            pending, self._pending = self._pending, {}
            self._conn = None
        for entry in pending.values():
            entry.loop.call_soon_threadsafe(_resolve, entry.future, {"error": "the solver process stopped"})

    def _overrun(self, now: float) -> float | None:
        """The limit (seconds) the running job, or the child's start, has overrun; None if all is well."""
        if not self._pending:
            return None
        if not self._ready:
            return START_LIMIT if now - self._spawned > START_LIMIT else None
        head = next(iter(self._pending.values()))
        if now - self._head_since > head.limit:
            return head.limit
        if head.cancelled_at is not None and now - max(head.cancelled_at, self._head_since) > CANCEL_GRACE:
            return round(now - self._head_since, 1)
        return None

    def _watch(self) -> None:
        """The watchdog: replaces a child whose running job overran its time (see the class)."""
        while not self._closed:
            time.sleep(0.25)
            with self._lock:
                limit = self._overrun(time.monotonic())
                if limit is None:
                    continue
                proc, conn, pending, ready = self._proc, self._conn, self._pending, self._ready
                self._proc = self._conn = None
                self._pending = {}
                self.replaced += 1
            _stop(proc, conn, wait=0)
            stuck = [next(iter(pending.values()))] if ready else list(pending.values())
            for entry in stuck:
                entry.loop.call_soon_threadsafe(_resolve, entry.future, {
                    "error": f"the solver did not answer within {limit:g} s; its process was replaced",
                    "no_answer": limit})
            for job, entry in pending.items():  # the jobs that waited behind it: asked again of a new child
                if any(entry is s for s in stuck):
                    continue
                if entry.generation != self.generation:
                    entry.loop.call_soon_threadsafe(_resolve, entry.future, {"cancelled": True})
                    continue
                with self._lock:
                    self._start_locked()
                    if self._conn is None:  # the server is stopping
                        entry.loop.call_soon_threadsafe(_resolve, entry.future, {"cancelled": True})
                        continue
                    if not self._pending:
                        self._head_since = time.monotonic()
                    self._pending[job] = entry
                    try:
                        self._conn.send(("job", job, entry.generation, entry.kind, entry.payload))
                    except (OSError, ValueError):
                        pass  # the new child died at once: its reader answers the job

    def close(self, wait: float = 2, final: bool = False) -> None:
        """Stop the child (killed if it has not stopped within ``wait`` seconds); the jobs under way are answered
        with an error. ``final``: the server is stopping, and no job starts a child again."""
        with self._lock:
            proc, conn, pending = self._proc, self._conn, self._pending
            self._proc = self._conn = None
            self._pending = {}
            self._closed = True
            self._final = self._final or final
        _stop(proc, conn, wait=wait)
        for entry in pending.values():
            entry.loop.call_soon_threadsafe(_resolve, entry.future, {"cancelled": True} if final else
                                            {"error": "the solver process stopped"})


def _stop(proc: subprocess.Popen | None, conn, wait: float) -> None:
    """End the child: close its socket (it sees the end of its input and stops), and kill it if it has not
    stopped within ``wait`` seconds (at once with 0: a stuck child)."""
    if conn is not None:
        # Shut the socket down, not just close it: the reading thread's recv would keep it open.
        try:
            with socket.fromfd(conn.fileno(), socket.AF_UNIX, socket.SOCK_STREAM) as sock:
                sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        conn.close()
    if proc is not None:
        try:
            proc.wait(timeout=wait) if wait else proc.kill()
        except subprocess.TimeoutExpired:
            proc.kill()
        proc.wait(timeout=5)


def _resolve(future: asyncio.Future, data) -> None:
    if not future.done():
        future.set_result(data)
