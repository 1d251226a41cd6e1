"""The game in progress as both front ends keep it: the browser page (reussite.web) and the text mode
(reussite.textplay).

One place for what a game session is, whatever shows it: the game and its id in the statistics, the
solver's help it had (``assist``: "demo" when the solver played it or showed its winning line, "winnable"
when it chose the deal; counted apart), the clock, the end of a game (won, or lost by the engine's rule)
recorded once in the statistics, and, for the server, the autosave with its journal and the named saves
(docs/architecture.md, durability). A front end changes ``game`` through the engine and then calls
:meth:`Session.changed`.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from reussite import saves
from reussite.cards import random_game_number
from reussite.errors import PluginError, SaveError, UserError, os_reason
from reussite.messages import N_, Message
from reussite.saves import default_data_dir
from reussite.stats import ASSISTS, Stats, new_uid, valid_uid

AUTOSAVE = "autosave.json"
JOURNAL_LINES = 2000  # journal lines before the whole save is written again (on average a line per move)
#: Journal bytes before the whole save is written again: a jump in the move log writes every move it
#: passes, so a long game full of jumps would otherwise outgrow what a start reads back
#: (saves.MAX_JOURNAL_BYTES, 16 times this).
JOURNAL_BYTES = 1024 * 1024
MAX_UNWRITTEN = 256  # autosave writes queued before a change waits for the oldest (a disk slower than play)
#: Seconds of play counted at most after the page last said it was visible: a page closed or frozen
#: without a word stops the clock this long after its last report (it reports every 10 s).
ACTIVE_GAP = 30.0
WEB_KEY = "web"  # our extra field in the save: the time played, the solver's help (other readers ignore it)

M_AUTOSAVE_SET_ASIDE = N_("The saved game could not be read and was set aside as {file}: {reason}")
M_FILE_REASON = N_("{file} ({reason})")
M_AUTOSAVE_BAD_TIME = N_("The time played in {file} is not a usable number ({value}): the clock starts again "
                         "from 0.")
M_AUTOSAVE_UNWRITABLE = N_("The game cannot be saved in {folder}: {reason}")
M_SAVE_EXISTS = N_("A saved game is already called {name}.")
M_DATA_READ_ONLY = N_("The data folder {folder} cannot be written ({reason}): you can play, but nothing will be "
                      "kept, neither the game in progress nor the statistics.")


IN_FOLDER = "in the data folder"  # Session's default statistics


class SaveExists(UserError):
    """A named save of that name exists, and the player did not ask to replace it."""


#: The games a first start opens on, the first one installed: those most players know by name.
FIRST_GAMES = ("klondike", "freecell", "spider")


class Session:
    """The game in progress, its version (one more at every change), its clock, its autosave and its record
    in the statistics: what the browser page and the text mode both keep (docs/architecture.md).

    The clock counts time only while the game is shown: a front end reports when it is (the page every few
    seconds, and when it is hidden or shown; the text mode at each change), and so does every change. Time
    after the last report counts for at most ``active_gap`` seconds (:data:`ACTIVE_GAP`; None: no limit), so a
    server with no page open, or a page closed without a word, does not run the clock.

    ``source`` names the front end in the statistics; ``autosave=False`` keeps no autosave (the text mode's
    saves are the player's own); ``stats_thread=False`` writes the statistics at once, in the caller's thread
    (the text mode, which tells the player at once what failed). The server's session writes every file in a
    thread of its own (the autosave's writer, the statistics' thread), never on its event loop.
    """

    def __init__(self, host, data_dir: Path | None, *, source: str = "web", autosave: bool = True,
                 stats: Any = IN_FOLDER, stats_thread: bool = True, active_gap: float | None = ACTIVE_GAP,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.host = host
        self.data_dir = Path(data_dir) if data_dir is not None else default_data_dir()
        self.source = source
        self.keeps_autosave = autosave
        self.stats_thread = stats_thread
        self.active_gap = active_gap
        self.clock = clock
        self.game = None
        self.version = 0
        self.elapsed_before = 0.0
        self.active_since: float | None = None  # a visible page's last report; None: nobody is playing
        self.notices: list[Message] = []
        self.autosave_path = self.data_dir / AUTOSAVE
        self.saves_dir = self.data_dir / saves.SAVES_FOLDER
        self._lost: tuple[int, bool] | None = None
        self.uid = new_uid()  # the game's id in the statistics, kept in the autosave
        #: "demo": the solver gave a winning line for this game; "winnable": it chose the deal. Such a game
        #: is recorded as such and counted apart from the player's own (docs/statistics.md).
        self.assist = ""
        #: The statistics (by default those of the data folder; None: the games are not recorded).
        self.stats: Stats | None = Stats.in_folder(self.data_dir) if stats is IN_FOLDER else stats
        self._stats_pool: ThreadPoolExecutor | None = None
        self._stats_retry: Future | None = None  # the games a passing failure held back, written again
        self._log: dict[str, Any] | None = None  # what the autosave and its journal hold (see autosave)
        self.writer = saves.AutosaveWriter(self.autosave_path)  # the data folder's files, off the server's loop
        self._writes: list[Future] = []  # the autosave's writes given to the writer, oldest first
        self._unwritable: Message | None = None  # the notice of the last failed autosave, until one succeeds
        self._rebase = False  # the autosave vanished: its whole save is written again at once

    # -- the game -------------------------------------------------------------------------------------

    def start(self, game_id: str | None, number: int | None, options: dict[str, str], active: bool = True) -> None:
        """A new game; raises UserError (unknown game, bad number or option, a game that fails to deal).
        ``active``: asked for by a page (its clock starts), not by the server starting up.

        Without ``game_id``, the first game that deals: a game players know (:data:`FIRST_GAMES`, Klondike
        first) where one is installed, then the bundled ones; a game that fails is set aside with a notice
        naming its plugin, so that one broken plugin never keeps the page away."""
        games = self.host.games
        if not games:
            raise UserError(N_("No game is installed (see 'reussite plugins')."))
        if game_id is not None:
            self._begin(self.host.new_game(game_id, random_game_number() if number is None else number, options),
                        active)
            return
        failed = None
        known = {g: k for k, g in enumerate(FIRST_GAMES)}
        for candidate in sorted(games, key=lambda g: (known.get(g, len(known)),
                                                      not self.host.plugins[games[g].plugin_name].bundled, g)):
            try:
                game = self.host.new_game(candidate, random_game_number() if number is None else number, options)
            except PluginError as exc:
                failed = exc
                self.notices.append(exc.message)
                continue
            self._begin(game, active)
            return
        raise failed

    def _begin(self, game, active: bool) -> None:
        self.adopt(game, active=active)

    def adopt(self, game, uid: str | None = None, assist: str = "", elapsed: float = 0.0,
              active: bool = True) -> None:
        """``game`` becomes the game in progress (a new deal, a loaded save: ``uid``, ``assist`` and the time
        already played come with it); the game left behind is recorded as abandoned if it was played."""
        if self.game is not None:
            self.record("leave")
        self.game = game
        self.uid = uid or new_uid()
        self.assist = assist
        self._lost = None
        self.elapsed_before = elapsed
        self.active_since = None
        self.changed(active)

    def mark(self) -> tuple | None:
        """What tells whether a request changed the game in progress (compared before and after)."""
        game = self.game
        if game is None:
            return None
        return id(game), game.move_count, len(game.redo_moves), game.snapshot()

    def checkpoint(self) -> tuple:
        """The game in progress as it is now, for :meth:`rollback` when a plugin fails."""
        game = self.game
        return (game, game.copy() if game is not None else None, self.version, self.elapsed_before,
                self.active_since, self.uid)

    def rollback(self, saved: tuple) -> None:
        """Back to a :meth:`checkpoint`: the game, its clock and, if it was written since, its autosave."""
        game, copy, version, self.elapsed_before, self.active_since, self.uid = saved
        if game is None:
            return
        game.restore(copy)
        self.game, self._lost = game, None
        if self.version != version:  # the failure came after the change was recorded
            self.version += 1
            self.forget()
            self.autosave()

    def close(self) -> None:
        self.compact()
        self.flush()
        self.writer.close()
        if self._stats_pool is not None:  # the games still to record are written first
            self._stats_pool.shutdown(wait=True)
            self._stats_pool = None

    # -- the statistics: written and read in their own thread, never on the server's loop ---------------

    @property
    def stats_pool(self) -> ThreadPoolExecutor:
        """One thread for the statistics: writes keep their order, and a read comes after them. A lock held
        by another program (SQLite waits up to 10 s) then holds up that thread, not every request."""
        if self._stats_pool is None:
            self._stats_pool = ThreadPoolExecutor(1, thread_name_prefix="reussite-stats")
        return self._stats_pool

    def record(self, how: str) -> None:
        """Record the game in progress if it is over (``finish``) or left (``leave``: won or lost as it
        stands, else abandoned if a move was played): the row is read from the game now, written in the
        statistics' thread (docs/statistics.md)."""
        game = self.game
        lost = self.lost()
        result = "won" if game.is_won() else "lost" if lost else None
        if how == "leave" and result is None and game.move_count:
            result = "abandoned"
        if result is None or self.stats is None:
            return
        row = Stats.row_for(self.uid, game, result, self.elapsed(), self.source, assist=self.assist)
        if self.stats_thread:
            self.stats_pool.submit(self.stats.write, row)
        else:
            self.stats.write(row)

    async def in_stats_thread(self, work: Callable[[], Any]) -> Any:
        import asyncio

        return await asyncio.get_running_loop().run_in_executor(self.stats_pool, work)

    def lost(self) -> bool:
        """Lost by the engine's rule (no move reaches a new position); worked out once per version."""
        if self._lost is None or self._lost[0] != self.version:
            game = self.game
            self._lost = (self.version, not game.is_won() and game.is_lost())
        return self._lost[1]

    def over(self) -> bool:
        """Won, or lost by the engine's rule: the clock stands still."""
        return self.game.is_won() or self.lost()

    def restore_or_start(self, game_id: str | None = None, number: int | None = None,
                         options: dict[str, str] | None = None) -> None:
        """Continue the autosaved game, or start a new one (``game_id`` if given). A corrupt autosave, or one
        whose game's plugin fails, is set aside and reported."""
        if self.keeps_autosave and self.data_dir.is_dir():
            refused = saves.unwritable(self.data_dir)
            if refused is not None:  # played all the same, and said once (not a failed write at every move)
                self.keeps_autosave = False
                self.notices.append(Message(M_DATA_READ_ONLY, {"folder": str(self.data_dir),
                                                               "reason": os_reason(refused)}))
        saves.remove_temporaries(self.autosave_path)  # left by a writer killed mid-autosave
        if os.path.lexists(self.autosave_path):
            try:
                self._load_autosave()
                self._write_base()  # the journal folded in: the next moves start a new one
                self.flush()  # a folder that cannot be written is said at once
                return
            except SaveError as exc:
                aside = self.autosave_path.with_name(f"autosave.corrupt-{time.strftime('%Y%m%d-%H%M%S')}.json")
                n = 1
                while os.path.lexists(aside):
                    n += 1
                    aside = aside.with_name(f"autosave.corrupt-{time.strftime('%Y%m%d-%H%M%S')}-{n}.json")
                try:
                    os.replace(self.autosave_path, aside)
                    where = str(aside)
                    journal = saves.journal_path(self.autosave_path)
                    if os.path.lexists(journal):  # kept beside it: the moves since are in there
                        os.replace(journal, aside.with_suffix(".journal"))
                except OSError as err:
                    where = Message(M_FILE_REASON, {"file": str(self.autosave_path), "reason": os_reason(err)})
                self.notices.append(Message(M_AUTOSAVE_SET_ASIDE, {"file": where, "reason": exc.message}))
        self.start(game_id, number, options or {}, active=False)
        self.flush()

    def _read(self, path: Path, data: Any = None) -> tuple[Any, float, str, str]:
        """The game saved in ``path`` (or its ``data``, already read), its time played, its id in the
        statistics and the solver's help (a SaveError if it cannot be replayed)."""
        if data is None:
            own = path == self.autosave_path
            data = saves.read_with_journal(path, WEB_KEY) if own else saves.read_save(path, own=True)
        game = saves.from_json(data, self.host, str(path))
        extra = data.get(WEB_KEY)
        elapsed = extra.get("elapsed", 0) if isinstance(extra, dict) else 0
        if not saves.finite_number(elapsed) or elapsed < 0:
            # The game is kept; only the clock starts again (an infinite time would break the page for good).
            self.notices.append(Message(M_AUTOSAVE_BAD_TIME, {"file": str(path), "value": saves.shown(elapsed)}))
            elapsed = 0.0
        assist = extra.get("assist", "") if isinstance(extra, dict) else ""
        return (game, float(elapsed), data["uid"] if valid_uid(data.get("uid")) else new_uid(),
                assist if assist in ASSISTS else "")

    def _load_autosave(self) -> None:
        self.game, self.elapsed_before, self.uid, self.assist = self._read(self.autosave_path)
        self._lost = None
        self.active_since = None  # until a page shows it
        self.version += 1
        self.forget()

    def all_notices(self) -> list[Message]:
        """What the player should know: the autosave's problems, then the statistics'."""
        found = self.stats.notices if self.stats is not None else []
        return [*self.notices, *(n for n in found if n not in self.notices)]

    # -- the clock ------------------------------------------------------------------------------------

    def _counted(self) -> float:
        """Seconds since the last report of a visible page that count as play."""
        if self.active_since is None:
            return 0.0
        counted = max(0.0, self.clock() - self.active_since)
        return counted if self.active_gap is None else min(counted, self.active_gap)

    def seen(self, visible: bool) -> None:
        """A page says it shows the game (``visible``) or no longer does: the clock runs or stops."""
        now = self.clock()
        self.elapsed_before += self._counted()
        self.active_since = now if visible and self.game is not None and not self.over() else None

    def elapsed(self) -> float:
        return self.elapsed_before + self._counted()

    def changed(self, active: bool = True) -> None:
        """After every change: a new version, the solver's work on the old position cancelled, the clock
        stopped when the game is over (and going again after an undo), the autosave written. ``active``:
        the change came from a page (it is visible). The game is probed first: a position its plugin cannot
        handle raises before anything is recorded."""
        self.host.probe(self.game)
        self.version += 1
        self.forget()
        self.seen(active)  # over: frozen at the winning (or last) move
        if self.over():
            self.record("finish")
        elif self._stats_to_retry():
            self._stats_retry = self.stats_pool.submit(self.stats.retry)  # recovers as play goes on
        self.autosave()

    def _stats_to_retry(self) -> bool:
        """Games held back by a passing failure, and a thread of their own to write them in (the text mode
        writes at once: it tries again with the next game, not at every move)."""
        retry = self._stats_retry
        return (self.stats_thread and self.stats is not None and self.stats.waiting > 0 and not self.stats.stuck
                and (retry is None or retry.done()))

    def forget(self) -> None:
        """What a front end worked out about the position before a change no longer holds (the page's
        solver results): a hook for it; the shared session keeps nothing of the kind."""

    def save_json(self) -> dict[str, Any]:
        """The game in progress as a save, with the time played (what the autosave and named saves hold)."""
        data = saves.to_json(self.game, self.uid)
        data[WEB_KEY] = self.save_json_extra()
        return data

    def save_json_extra(self) -> dict[str, Any]:
        extra: dict[str, Any] = {"elapsed": round(self.elapsed(), 1)}
        if self.assist:
            extra["assist"] = self.assist
        return extra

    # -- named saves (saves/NAME.json in the data folder) -----------------------------------------------

    async def in_writer(self, work: Callable[[], Any]) -> Any:
        """Run ``work`` (a read or write of the data folder) in the writer's thread, in order with the
        autosave's writes: no file is touched on the server's loop."""
        import asyncio

        return await asyncio.wrap_future(self.writer.run(work))

    async def save_as(self, name: str, replace: bool) -> Path:
        path = saves.named_path(self.saves_dir, name)
        text = json.dumps(self.save_json(), indent=1) + "\n"
        await self.in_writer(lambda: self.write_named(path, text, replace))
        return path

    def write_named(self, path: Path, text: str, replace: bool) -> None:
        """Write a named save (atomically); refused if one of that name exists and not ``replace``."""
        if not replace and os.path.lexists(path):
            raise SaveExists(M_SAVE_EXISTS, name=path.stem)
        try:
            self.saves_dir.mkdir(parents=True, exist_ok=True)
            saves.atomic_write_text(path, text)
        except OSError as exc:
            raise SaveError(N_("cannot write save {file}: {reason}"), file=str(path),
                            reason=os_reason(exc)) from exc

    async def load_named(self, name: str) -> None:
        """Replace the game in progress with the saved game ``name`` (checked by replaying it first)."""
        path = saves.named_path(self.saves_dir, name)
        data = await self.in_writer(lambda: saves.read_save(path, own=True))
        game, elapsed, uid, assist = self._read(path, data)
        self.adopt(game, uid, assist, elapsed)

    def autosave(self) -> None:
        """After every change: a line for the autosave's journal (what changed: the moves taken back and
        added, the time played); the whole save only for a new game, when the journal has grown long, after
        a failed write, and when the server stops or starts. Written by :attr:`writer` in its own thread:
        the answer waits for :meth:`written` (the line reached the system), the sync follows
        (docs/architecture.md, durability)."""
        if not self.keeps_autosave:
            return
        self.settle()
        if len(self._writes) > MAX_UNWRITTEN:  # a burst faster than the disk: wait for it
            self._writes[0].result()
            self.settle()
        if not self._append_journal():
            self._write_base()

    def settle(self) -> None:
        """The autosave's writes that have ended: a failure is said (and the next change writes the whole
        save again), the first success after it takes the notice away."""
        while self._writes and self._writes[0].done():
            self._written(self._writes.pop(0).result())
        error = self.writer.take_sync_error()
        if error is not None:
            self._written(error)

    def _written(self, result: bool | str) -> None:
        if result is True:
            if self._unwritable in self.notices:
                self.notices.remove(self._unwritable)
            self._unwritable = None
            return
        self._log = None  # the journal may lack a change: the next one writes the whole save
        if result is False:  # nothing failed: the autosave was removed, or this came after a failure
            self._rebase = self._unwritable is None
            return
        note = Message(M_AUTOSAVE_UNWRITABLE, {"folder": str(self.data_dir), "reason": result})
        if self._unwritable in self.notices:
            self.notices.remove(self._unwritable)
        self._unwritable = note
        self.notices.append(note)

    async def written(self) -> None:
        """Wait (off the loop) for the autosave's writes given so far (see :meth:`autosave`)."""
        import asyncio

        for _ in range(2):
            if self._writes:
                await asyncio.wrap_future(self._writes[-1])  # in order: the last one done, all are
            self.settle()
            if not self._rebase or self.game is None:
                return
            self._rebase = False
            self._write_base()

    def flush(self) -> None:
        """:meth:`written`, for a caller outside the server's loop (starting, stopping, a test)."""
        if self._writes:
            self._writes[-1].result()
        self.settle()

    def _write_base(self) -> None:
        """The whole save, with a new journal token (the old journal's lines no longer apply); the writer
        removes the old journal once it is written."""
        if not self.keeps_autosave:
            return
        game = self.game
        token = new_uid()[:16]
        data = self.save_json()
        data[saves.JOURNAL_KEY] = token
        self._writes.append(self.writer.write_base(json.dumps(data, indent=1) + "\n", token))
        self._log = {"game": game, "uid": self.uid, "token": token, "moves": list(game.history),
                     "redo": list(game.redo_moves), "entries": 0, "bytes": 0}

    def _append_journal(self) -> bool:
        """One journal line for the change since the last one (the cost of the change, not of the game);
        False when the journal has as many lines (:data:`JOURNAL_LINES`) or bytes (:data:`JOURNAL_BYTES`) as
        it may hold: the caller writes the whole save."""
        log, game = self._log, self.game
        if log is None or log["game"] is not game or log["uid"] != self.uid or log["entries"] >= JOURNAL_LINES:
            return False
        history, redo = game.history, game.redo_moves  # each a new list: taken once
        keep, redo_keep = _common(log["moves"], history), _common(log["redo"], redo)
        extra = self.save_json_extra()
        line = saves.journal_entry(log["token"], keep, [game.notation(m) for m in history[keep:]], redo_keep,
                                   [game.notation(m) for m in redo[redo_keep:]], game.digest(), extra)
        if log["bytes"] + len(line) > JOURNAL_BYTES:
            return False  # the whole save instead, which is never much larger than one such line
        self._writes.append(self.writer.append(log["token"], line))
        del log["moves"][keep:]
        log["moves"].extend(history[keep:])
        del log["redo"][redo_keep:]
        log["redo"].extend(redo[redo_keep:])
        log["entries"] += 1
        log["bytes"] += len(line)
        return True

    def compact(self) -> None:
        """The journal folded into the whole save (when the server stops; if it fails, the journal stays
        and the next start reads it)."""
        if self._log is not None and self._log["entries"] and self.game is not None:
            self._write_base()


def _common(logged: list, now: list) -> int:
    """How many moves from the first ``logged`` and ``now`` share (the list comparisons run in C: a move
    added or taken back costs microseconds even 10,000 moves in)."""
    n = len(logged)
    if n <= len(now) and now[:n] == logged:
        return n
    if now == logged[:len(now)]:
        return len(now)
    common = 0
    for a, b in zip(logged, now, strict=False):
        if a != b:
            break
        common += 1
    return common
