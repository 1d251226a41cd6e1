"""Plugin code that holds a front end's thread for too long is stopped there, its plugin named: the page's
server times each synchronous step of a request, the text mode each command (docs/architecture.md)."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator


class LoopWatchdog:
    """Stops plugin code that holds the server's event loop for more than ``seconds`` (a game whose
    ``legal_moves`` or rule never returns): a thread raises :class:`~reussite.host.NoAnswer` in the loop's thread
    with ``PyThreadState_SetAsyncExc``, inside the request's own code, where ``Host.guard`` names the plugin and
    the request's wrapper puts the game back as it was. Only the request's synchronous steps are timed (see
    :meth:`run`), never its waits, so the exception can only land in the request that overran. A pure-Python
    loop is stopped this way; code blocked inside a C call is stopped when it returns to Python."""

    def __init__(self, seconds: float) -> None:
        from reussite.host import NoAnswer

        self.seconds = seconds
        def error(text: str) -> type[NoAnswer]:  # raised as a class: its message is its default
            return type("NoAnswer", (NoAnswer,), {"__init__": lambda e, *a: NoAnswer.__init__(e, *(a or (text,)))})

        self.error = error(f"did not answer within {seconds:g} s; stopped")
        self.stopping = error("stopped: the server is stopping")
        self._lock = threading.RLock()  # re-entered by a signal handler that interrupted its own thread
        self._since: float | None = None  # when the running step started; None between steps
        self._thread_id = 0
        self._fired = False
        self._watcher: threading.Thread | None = None

    def _raise_in_loop(self, error) -> None:
        import ctypes

        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self._thread_id),
                                                   ctypes.py_object(error) if error is not None else None)

    def _arm(self) -> None:
        with self._lock:
            self._since, self._thread_id, self._fired = time.monotonic(), threading.get_ident(), False
        if self._watcher is None:
            self._watcher = threading.Thread(target=self._watch, daemon=True, name="reussite-loop-watchdog")
            self._watcher.start()

    def _disarm(self) -> None:
        with self._lock:
            self._since = None
            if self._fired:  # raised, or still pending: a pending one must not land after the step
                self._raise_in_loop(None)
                self._fired = False

    def fire(self) -> bool:
        """Stop the running step now (the server is stopping); False if none runs."""
        with self._lock:
            if self._since is None or self._fired:
                return False
            self._fired = True
            self._raise_in_loop(self.stopping)
            return True

    def _watch(self) -> None:
        while True:
            time.sleep(min(0.1, self.seconds / 4))
            with self._lock:
                if self._since is None or self._fired or time.monotonic() - self._since <= self.seconds:
                    continue
                self._fired = True
                self._raise_in_loop(self.error)

    async def run(self, awaitable):
        """``await awaitable``, each of its synchronous steps within the time limit."""
        return await _Stepped(awaitable.__await__(), self)

    @contextlib.contextmanager
    def step(self) -> Iterator[None]:
        """Run the block as one timed step (the text mode's commands)."""
        self._arm()
        try:
            yield
        finally:
            self._disarm()

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        """Leave the block untimed within a step: a wait for the player, or a solver run, which has its own
        budget. The step's clock starts again after it."""
        armed = self._since is not None
        if armed:
            self._disarm()
        try:
            yield
        finally:
            if armed:
                self._arm()


class _Stepped:
    """An awaitable driving another one step by step, each step timed by a :class:`LoopWatchdog`."""

    def __init__(self, steps, watchdog: LoopWatchdog) -> None:
        self.steps, self.watchdog = steps, watchdog

    def __await__(self):
        steps, dog = self.steps, self.watchdog
        step, value = steps.send, None
        while True:
            dog._arm()
            try:
                yielded = step(value)
            except StopIteration as stop:
                return stop.value
            finally:
                dog._disarm()
            try:
                value, step = (yield yielded), steps.send
            except GeneratorExit:
                steps.close()
                raise
            except BaseException as exc:  # a cancellation: passed to the request's code
                value, step = exc, steps.throw
