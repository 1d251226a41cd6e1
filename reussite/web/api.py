"""The JSON API of the browser front end: one game in progress, kept server-side in the engine.

Every change carries the ``version`` of the position it was made on; a change made on an older version
(another tab, a double submit) is refused with 409 and the current position, so two tabs cannot corrupt
the game. After every change the game is autosaved (atomic write) in the data folder; a corrupt autosave
is renamed aside, never deleted, and reported on the page.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from enum import Enum
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import quote

from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from reussite import advisor, saves
from reussite.argtypes import whole_number
from reussite.cards import RANKS, random_game_number
from reussite.errors import IllegalMove, PluginError, SaveError, UnknownGame, UserError, os_reason
from reussite.game import AnyMove, Deal, Move, Redeal
from reussite.l10n import available_langs, host_translator, normalize_lang, translator_for_game
from reussite.messages import N_, Message, Translator
from reussite.rules import Kind
from reussite.stats import ASSISTS, RECENT, Stats, new_uid, valid_uid
from reussite.stats.report import report
from reussite.web import strings as S
from reussite.web.worker import decode_move

AUTOSAVE = "autosave.json"
JOURNAL_LINES = 2000  # journal lines before the whole save is written again (on average a line per move)
MAX_UNWRITTEN = 256  # autosave writes queued before a change waits for the oldest (a disk slower than play)
DEFAULT_HINT_SECONDS = 1.0
MAX_SOLVER_SECONDS = 60.0
REWIND_SECONDS = 1.0  # per position looked at, walking back from a lost one
REWIND_TOTAL_SECONDS = 15.0
SOLVE_SECONDS = 10.0
WATCH_SECONDS = 0.5  # the background check for a proved loss  # the demo's search
WINNABLE_SECONDS = 2.0  # per deal, for "winnable deals only"
WINNABLE_TRIES = 200
MAX_BODY_BYTES = 16 * 1024
MAX_UPLOAD_BYTES = 1024 * 1024  # an uploaded save travels as text inside the request body
#: Seconds of play counted at most after the page last said it was visible: a page closed or frozen
#: without a word stops the clock this long after its last report (it reports every 10 s).
ACTIVE_GAP = 30.0
WEB_KEY = "web"  # our extra field in the save: the time played, the solver's help (other readers ignore it)


#: What a handler that takes a body returns: the fields to add to the state it answers with, or its own answer.
Answer = dict[str, Any] | Response


class BadRequest(Exception):
    """A request the API refuses; ``status`` and a message (a Message or plain text)."""

    def __init__(self, status: int, message: Message | str, state: bool = False) -> None:
        super().__init__(str(message))
        self.status = status
        self.message = message
        self.state = state  # include the current state in the answer (stale moves)


class Session:
    """The game in progress, its version, its clock and its autosave.

    The clock counts time only while a page shows the unfinished game: the page reports when it is visible
    (every few seconds, and when it is hidden or shown), and so does every change it makes. Time after the
    last report counts for at most :data:`ACTIVE_GAP` seconds, so a server with no page open, or a page
    closed without a word, does not run the clock.
    """

    def __init__(self, host, data_dir: Path, default_lang: str = "en",
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.host = host
        self.data_dir = Path(data_dir)
        self.default_lang = default_lang if default_lang in available_langs() else "en"
        self.clock = clock
        self.game = None
        self.version = 0
        self.elapsed_before = 0.0
        self.active_since: float | None = None  # a visible page's last report; None: nobody is playing
        self.notices: list[Message] = []
        self.autosave_path = self.data_dir / AUTOSAVE
        self.saves_dir = self.data_dir / saves.SAVES_FOLDER
        #: Seconds the solver may spend on a hint (the page may ask for another budget, within limits).
        self.hint_seconds = DEFAULT_HINT_SECONDS
        #: "Winnable deals only" is on when the page starts (``reussite play --winnable``).
        self.winnable_default = False
        self.worker = None  # the solver's process (reussite.web.worker), started on first use
        self.proved_lost: int | None = None  # the version the solver proved lost
        self.rewinds: dict[int, dict[str, Any]] = {}  # version -> where to undo to (found by the solver)
        self.search: dict[str, Any] | None = None  # the search for a winnable deal, while it runs
        self._lost: tuple[int, bool] | None = None
        self.watching = 0  # background checks in flight (see Api.watch)
        self.uid = new_uid()  # the game's id in the statistics, kept in the autosave
        #: "demo": the solver gave a winning line for this game; "winnable": it chose the deal. Such a game
        #: is recorded as such and counted apart from the player's own (docs/statistics.md).
        self.assist = ""
        self.stats = Stats.in_folder(self.data_dir)
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

        Without ``game_id``, the first game that deals: the bundled ones first, and a game that fails is
        set aside with a notice naming its plugin, so that one broken plugin never keeps the page away."""
        games = self.host.games
        if not games:
            raise UserError(N_("No game is installed (see 'reussite plugins')."))
        if game_id is not None:
            self._begin(self.host.new_game(game_id, random_game_number() if number is None else number, options),
                        active)
            return
        failed = None
        for candidate in sorted(games, key=lambda g: (not self.host.plugins[games[g].plugin_name].bundled, g)):
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
        if self.game is not None:  # the game left behind: recorded as abandoned if it was played
            self.record("leave")
        self.game = game
        self.uid = new_uid()
        self.assist = ""
        self._lost = None
        self.elapsed_before = 0.0
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
            self.proved_lost = None
            self.rewinds.clear()
            self.autosave()

    def solver(self):
        """The solver's process (started on first use)."""
        if self.worker is None:
            from reussite.web.worker import SolverWorker

            self.worker = SolverWorker()
        return self.worker

    def close(self) -> None:
        self.compact()
        self.flush()
        self.writer.close()
        if self.worker is not None:
            self.worker.close()
            self.worker = None
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
        """Record the game in progress if it is over (``finish``) or left (``leave``): the row is read from
        the game now, written in the statistics' thread."""
        game = self.game
        lost = self.lost()
        result = "won" if game.is_won() else "lost" if lost else None
        if how == "leave" and result is None and game.move_count:
            result = "abandoned"
        if result is None:
            return
        row = Stats.row_for(self.uid, game, result, self.elapsed(), "web", assist=self.assist)
        self.stats_pool.submit(self.stats.write, row)

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
                    where = Message(S.M_FILE_REASON, {"file": str(self.autosave_path), "reason": os_reason(err)})
                self.notices.append(Message(S.M_AUTOSAVE_SET_ASIDE, {"file": where, "reason": exc.message}))
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
            self.notices.append(Message(S.M_AUTOSAVE_BAD_TIME, {"file": str(path), "value": saves.shown(elapsed)}))
            elapsed = 0.0
        assist = extra.get("assist", "") if isinstance(extra, dict) else ""
        return (game, float(elapsed), data["uid"] if valid_uid(data.get("uid")) else new_uid(),
                assist if assist in ASSISTS else "")

    def _load_autosave(self) -> None:
        self.game, self.elapsed_before, self.uid, self.assist = self._read(self.autosave_path)
        self._lost = None
        self.active_since = None  # until a page shows it
        self.version += 1

    def all_notices(self) -> list[Message]:
        """What the player should know: the autosave's problems, then the statistics'."""
        return [*self.notices, *(n for n in self.stats.notices if n not in self.notices)]

    # -- the clock ------------------------------------------------------------------------------------

    def _counted(self) -> float:
        """Seconds since the last report of a visible page that count as play."""
        if self.active_since is None:
            return 0.0
        return max(0.0, min(self.clock() - self.active_since, ACTIVE_GAP))

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
        if self.worker is not None:
            self.worker.cancel()
        self.proved_lost = None
        self.rewinds.clear()
        self.seen(active)  # over: frozen at the winning (or last) move
        if self.over():
            self.record("finish")
        elif self.stats.waiting and (self._stats_retry is None or self._stats_retry.done()):
            self._stats_retry = self.stats_pool.submit(self.stats.retry)  # recovers as play goes on
        self.autosave()

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
            raise BadRequest(409, Message(S.M_SAVE_EXISTS, {"name": path.stem}))
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
        if self.game is not None:  # the game left behind: recorded as abandoned if it was played
            self.record("leave")
        self.game, self.uid, self.assist = game, uid, assist
        self._lost = None
        self.elapsed_before = elapsed
        self.active_since = None
        self.changed()

    def autosave(self) -> None:
        """After every change: a line for the autosave's journal (what changed: the moves taken back and
        added, the time played); the whole save only for a new game, when the journal has grown long, after
        a failed write, and when the server stops or starts. Written by :attr:`writer` in its own thread:
        the answer waits for :meth:`written` (the line reached the system), the sync follows
        (docs/architecture.md, durability)."""
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
        note = Message(S.M_AUTOSAVE_UNWRITABLE, {"folder": str(self.data_dir), "reason": result})
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
        game = self.game
        token = new_uid()[:16]
        data = self.save_json()
        data[saves.JOURNAL_KEY] = token
        self._writes.append(self.writer.write_base(json.dumps(data, indent=1) + "\n", token))
        self._log = {"game": game, "uid": self.uid, "token": token, "moves": list(game.history),
                     "redo": list(game.redo_moves), "entries": 0}

    def _append_journal(self) -> bool:
        """One journal line for the change since the last one (the cost of the change, not of the game)."""
        log, game = self._log, self.game
        if log is None or log["game"] is not game or log["uid"] != self.uid or log["entries"] >= JOURNAL_LINES:
            return False
        history, redo = game.history, game.redo_moves  # each a new list: taken once
        keep, redo_keep = _common(log["moves"], history), _common(log["redo"], redo)
        extra = self.save_json_extra()
        line = saves.journal_entry(log["token"], keep, [game.notation(m) for m in history[keep:]], redo_keep,
                                   [game.notation(m) for m in redo[redo_keep:]], game.digest(), extra)
        self._writes.append(self.writer.append(log["token"], line))
        del log["moves"][keep:]
        log["moves"].extend(history[keep:])
        del log["redo"][redo_keep:]
        log["redo"].extend(redo[redo_keep:])
        log["entries"] += 1
        return True

    def compact(self) -> None:
        """The journal folded into the whole save (when the server stops; if it fails, the journal stays
        and the next start reads it)."""
        if self._log is not None and self._log["entries"] and self.game is not None:
            self._write_base()

    # -- translation ----------------------------------------------------------------------------------

    def lang_code(self, lang: str | None) -> str:
        """A supported language code for what the page asked (the server's default otherwise)."""
        code = normalize_lang(lang) or self.default_lang
        return code if code in available_langs() else self.default_lang

    def translator(self, lang: str | None) -> Translator:
        base = host_translator(self.lang_code(lang))
        if self.game is None:
            return base
        return translator_for_game(base, type(self.game), self.host)

    # -- views ----------------------------------------------------------------------------------------

    def games_json(self, lang: str | None) -> list[dict[str, Any]]:
        base = host_translator(self.lang_code(lang))
        rows = []
        for game_id in sorted(self.host.games):
            cls = self.host.games[game_id]
            tr = translator_for_game(base, cls, self.host)
            rows.append({
                "id": game_id,
                "name": tr.gettext(cls.name),
                "options": [
                    {"name": o.name, "choices": list(o.choices), "default": o.default, "help": tr.gettext(o.help),
                     "label": tr.gettext(o.label) if o.label else o.name,
                     "choice_labels": [tr.gettext(c) for c in o.choice_labels] or list(o.choices)}
                    for o in cls.options
                ],
            })
        return rows

    def state_json(self, lang: str | None) -> dict[str, Any]:
        game = self.game
        tr = self.translator(lang)
        stacks = []
        for i, spec in enumerate(game.specs):
            pile = game.cards[i]
            down = game.face_down[i]
            cards = []
            for pos, card in enumerate(pile):
                if pos >= down:
                    # The forms a sentence may ask for ({card.the}, {card.of_the}: « de la Dame de cœur »).
                    cards.append({"code": card.code, "label": tr.card_name(card), "the": tr.render(card, "the"),
                                  "of_the": tr.render(card, "of_the")})
                else:
                    cards.append(None)
            name = tr.render(spec.name)
            name_the = tr.render(spec.name, "The")  # at the start of a sentence (« La pioche : vide. »)
            label = tr.render(S.stack_label(spec.name, pile, down < len(pile),
                                            game.redeals_left if spec.kind is Kind.STOCK else 0))
            stacks.append({
                "id": spec.id, "kind": spec.kind.value, "short": spec.short, "name": name, "name_the": name_the,
                "label": label,
                "x": spec.x, "y": spec.y, "fan": spec.fan, "cards": cards,
                "describe": tr.render(spec.describe()),
                "title": tr.render(Message(S.M_STACK_TITLE, {"stack": spec.name, "rule": spec.describe()})),
                # What an empty stack starts with, shown faintly in its place (a rank code such as "A").
                "base": RANKS[spec.rule.empty - 1] if isinstance(spec.rule.empty, int) else None,
                # Which way it builds (+1 up, -1 down, ±2 by twos), shown as an arrow on foundations.
                "step": spec.rule.build.step if spec.rule.build else None,
            })
        legal = [self.move_json(m) for m in game.legal_moves()]
        won = game.is_won()
        lost = self.lost()
        return {
            "version": self.version,
            "game": game.id,
            "name": tr.gettext(game.name),
            "number": str(game.number),  # may exceed JavaScript's safe integers
            "options": dict(game.option_values),
            "stacks": stacks,
            "score": game.score(),
            "max_score": getattr(game, "max_score", None),
            "score_rule": tr.gettext(game.score_rule),
            "redeals": game.redeals != 0,  # the game has redeals (some, or unlimited)
            "redeals_left": game.redeals_left,  # None: unlimited
            "moves": game.move_count,
            "elapsed": round(self.elapsed(), 1),
            "can_undo": game.can_undo,
            "can_redo": game.can_redo,
            "can_deal": any(m["type"] != "move" for m in legal),
            "legal": legal,
            "won": won,
            "lost": lost,  # by the engine's rule: no move reaches a new position
            "no_win": lost or self.proved_lost == self.version,  # lost, or proved lost by the solver
            "winnable_default": self.winnable_default,
            "hint_seconds": self.hint_seconds,
            "search": self.search_json(tr),
            "lang": tr.lang,
            "notices": [tr.render(m) for m in self.all_notices()],
        }

    def search_json(self, tr: Translator) -> dict[str, Any] | None:
        search = self.search
        if search is None:
            return None
        text = tr.render(Message(S.M_SEARCHING, {"number": search["number"]}, plural=S.M_SEARCHING_PLURAL,
                                 count=search["tried"]))
        return {"game": search["game"], "number": search["number"], "tried": search["tried"], "text": text}

    def move_json(self, move: AnyMove) -> dict[str, Any]:
        return _move_json(self.game, move)

    def describe_move(self, move: AnyMove, tr: Translator) -> str:
        return tr.render(advisor.describe_move(self.game, move))


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


def _move_json(game, move: AnyMove) -> dict[str, Any]:
    if isinstance(move, Deal):
        return {"type": "deal", "notation": "deal"}
    if isinstance(move, Redeal):
        return {"type": "redeal", "notation": "redeal"}
    specs = game.specs
    return {"type": "move", "src": specs[move.src].id, "dst": specs[move.dst].id, "n": move.n,
            "notation": game.notation(move)}


def _language_name(code: str) -> str:
    """A language's name in that language (``français``), as language menus show it."""
    from babel import Locale

    try:
        return Locale.parse(code).get_display_name(code) or code
    except (ValueError, LookupError):
        return code


# -- request handling -------------------------------------------------------------------------------


async def read_json(request: Request, limit: int = MAX_BODY_BYTES) -> dict[str, Any]:
    """The request body as a JSON object (at most ``limit`` bytes), read with the saves' bounded reader;
    BadRequest otherwise."""
    length = request.headers.get("content-length")
    if length is not None:
        size = whole_number(length)
        if size is None:
            raise BadRequest(400, "bad Content-Length header")
        if size > limit:
            raise BadRequest(413, f"the request body is too large (at most {limit} bytes)")
    body = bytearray()
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > limit:
                raise BadRequest(413, f"the request body is too large (at most {limit} bytes)")
    except ClientDisconnect:
        # Nobody is left to answer; not a failure of the game.
        print(f"reussite: the client left during the request body of {request.url.path}", file=sys.stderr)
        raise BadRequest(400, "the client disconnected before sending the whole request body") from None
    if not body:
        return {}
    try:
        data = saves.parse_json(bytes(body), Message(N_("the request body")), limit)
    except UserError as exc:
        raise BadRequest(400, exc.message) from None
    if not isinstance(data, dict):
        raise BadRequest(400, "the request body must be a JSON object")
    return data


def _field(data: dict[str, Any], name: str, kind: type | tuple[type, ...], required: bool = True) -> Any:
    if name not in data or data[name] is None:
        if required:
            raise BadRequest(400, f"the field {name!r} is missing")
        return None
    value = data[name]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise BadRequest(400, f"the field {name!r} should be a {names}, not {value!r}")
    return value


def _solver_seconds(value: float) -> float:
    if not 0 <= value <= MAX_SOLVER_SECONDS:
        raise BadRequest(400, f"seconds should be from 0 to {MAX_SOLVER_SECONDS:g}, not {value!r}")
    return value


def _count(data: dict[str, Any]) -> int:
    n = _field(data, "n", int, required=False)
    return 1 if n is None else n


class Access(Enum):
    """How a route is reached and what its wrapper (:meth:`Api.endpoint`) does around its handler."""

    READ = "read"  # GET; changes nothing
    WRITE = "write"  # POST tied to the position the page shows: a stale version is refused (409)
    POST = "post"  # POST about something else than the position (the clock, the saves folder)


@dataclass(frozen=True)
class Endpoint:
    """One line of the route table: ``/api/<path>`` answered by ``handler`` (a method of :class:`Api`)."""

    path: str
    handler: Callable[..., Awaitable[Any]]
    access: Access
    limit: int = MAX_BODY_BYTES  # the largest request body accepted

    @property
    def method(self) -> str:
        return "GET" if self.access is Access.READ else "POST"


class Api:
    """The routes' behaviour; :data:`ROUTES` lists them and ``server.create_app`` serves them."""

    def __init__(self, session: Session) -> None:
        self.session = session

    def endpoint(self, route: Endpoint) -> Callable[..., Awaitable[Response]]:
        """``route``'s handler bound to this API, wrapped by its access.

        Every route with a body goes through the same wrapper: a WRITE is refused on a stale version before
        its handler runs; whatever the handler changed in the game in progress is then recorded once (a new
        version, the solver's work cancelled, the clock, the statistics, the autosave); a handler that returns
        fields gets the new state with them. No handler checks the version or records a change itself."""
        handler = getattr(self, route.handler.__name__)
        if route.access is Access.READ:
            return handler

        async def with_body(request: Request, data: dict[str, Any]) -> Response:
            session = self.session
            if route.access is Access.WRITE:
                self._check_version(data)
            version, before = session.version, session.mark()
            answer = await handler(request, data)
            if session.version == version and session.mark() != before:
                session.changed()
            await session.written()  # the change reached the system before it is answered (a kill loses nothing)
            return answer if isinstance(answer, Response) else self._answer(request, data, **answer)

        with_body.route = route  # type: ignore[attr-defined]  # the table test checks every POST has it
        return with_body

    def _lang(self, request: Request, data: dict[str, Any] | None = None) -> str | None:
        if data and isinstance(data.get("lang"), str):
            return data["lang"]
        return request.query_params.get("lang")

    def _answer(self, request: Request, data: dict[str, Any] | None = None, **extra: Any) -> JSONResponse:
        state = self.session.state_json(self._lang(request, data))
        state.update(extra)
        return JSONResponse(state)

    def _check_version(self, data: dict[str, Any]) -> None:
        version = _field(data, "version", int)
        if version != self.session.version:
            raise BadRequest(409, Message(S.M_STALE), state=True)

    def _stack(self, data: dict[str, Any], name: str) -> int:
        stack_id = _field(data, name, str)
        game = self.session.game
        if stack_id in game.index:
            return game.index[stack_id]
        raise BadRequest(400, f"no stack {stack_id!r} in {game.id} (stacks: {', '.join(game.index)})")

    def error(self, request: Request, exc: BadRequest, lang: str | None = None, soft: bool = False) -> JSONResponse:
        """The refusal as JSON. ``soft`` (the page's ``"soft": true``): a move the rules refuse (422) is an
        ordinary answer, 200 with ``refused``, which the browser does not log as a failed request."""
        tr = self.session.translator(lang or request.query_params.get("lang"))
        text = tr.render(exc.message) if isinstance(exc.message, Message) else str(exc.message)
        body: dict[str, Any] = {"error": text}
        if exc.state:
            try:
                with self.session.host.guard(self.session.game):
                    body["state"] = self.session.state_json(tr.lang)
            except PluginError:
                pass  # the error already names the plugin; the page keeps what it shows
        if soft and exc.status == 422:
            body["refused"] = True
            return JSONResponse(body)
        return JSONResponse(body, status_code=exc.status)

    # -- reading ----------------------------------------------------------------------------------------

    async def boot(self, request: Request) -> Response:
        lang = self._lang(request)
        tr = self.session.translator(lang)
        return JSONResponse({
            "strings": S.translated_strings(tr),
            "games": self.session.games_json(lang),
            "state": self.session.state_json(lang),
            "langs": [{"code": code, "name": _language_name(code)} for code in available_langs()],
        })

    async def strings(self, request: Request) -> Response:
        return JSONResponse(S.translated_strings(self.session.translator(self._lang(request))))

    async def games(self, request: Request) -> Response:
        return JSONResponse(self.session.games_json(self._lang(request)))

    async def state(self, request: Request) -> Response:
        return self._answer(request)

    async def legal(self, request: Request) -> Response:
        game = self.session.game
        return JSONResponse({"version": self.session.version,
                             "moves": [self.session.move_json(m) for m in game.legal_moves()]})

    # -- the solver's work (in its own process; see reussite.web.worker) -------------------------------------

    def _seconds(self, data: dict[str, Any], default: float) -> float:
        value = _field(data, "seconds", (int, float), required=False)
        return default if value is None else _solver_seconds(value)

    def _asked_version(self, data: dict[str, Any]) -> int:
        """The version the page asks about (the current one if it names none)."""
        version = _field(data, "version", int, required=False)
        return self.session.version if version is None else version

    async def _work(self, kind: str, payload: dict[str, Any], version: int,
                    background: bool = False) -> dict[str, Any] | None:
        """Run a job on the position of ``version``; None if the position has changed meanwhile."""
        session = self.session
        if version != session.version:
            return None
        if session.watching and not background:
            session.solver().cancel()  # the player asked for something: the background check gives way
        result = await session.solver().run(kind, payload)
        if session.version != version or result.get("cancelled"):
            return None
        if "error" in result:
            raise BadRequest(500, Message(S.M_SOLVER_FAILED, {"reason": result["error"]}))
        return result

    def _stale(self) -> JSONResponse:
        return JSONResponse({"version": self.session.version, "stale": True})

    async def hint(self, request: Request, data: dict[str, Any]) -> Response:
        session = self.session
        tr = session.translator(self._lang(request, data))
        version = self._asked_version(data)
        seconds = self._seconds(data, session.hint_seconds)
        game = session.game
        if session.over():
            result: dict[str, Any] | None = {"kind": "none", "move": None}
        else:
            # The page's budget is the search's CPU time; the worker adds a wall-clock ceiling (worker.HINT_WALL_GRACE).
            result = await self._work("hint", {"save": saves.to_json(game), "seconds": seconds}, version)
        if result is None:
            return self._stale()
        kind = result["kind"]
        body: dict[str, Any] = {"version": version, "kind": kind, "move": None}
        if kind == "lost":
            session.proved_lost = version
            body["text"] = tr.render(Message(S.M_NO_WIN))
            body["state"] = session.state_json(tr.lang)
            return JSONResponse(body)
        move = None if result["move"] is None else decode_move(result["move"])
        if move is None:
            body["text"] = tr.gettext(S.UI_STRINGS["hint_none"])
            return JSONResponse(body)
        what = self.session.describe_move(move, tr)
        if kind == "winning":
            why = Message(S.M_HINT_WINNING)
        else:
            why = Message(S.M_HINT_GUESS)
        body.update(move=self.session.move_json(move), text=f"{what} {tr.render(why)}",
                    kind_text=tr.render(why))
        return JSONResponse(body)

    async def watch(self, request: Request, data: dict[str, Any]) -> Response:
        """A short search in the background after each change: is the game proved lost? (The page asks when
        the player pauses; a winning line found is kept for the next hint.)"""
        session = self.session
        version = self._asked_version(data)
        seconds = self._seconds(data, WATCH_SECONDS)
        if session.over():
            return JSONResponse({"version": version, "verdict": "over"})
        session.watching += 1
        try:
            result = await self._work("solve", {"save": saves.to_json(session.game), "seconds": seconds}, version,
                                      background=True)
        finally:
            session.watching -= 1
        if result is None:
            return self._stale()
        if result["verdict"] == "lost":
            session.proved_lost = version
        return self._answer(request, data, verdict=result["verdict"])

    async def solve(self, request: Request, data: dict[str, Any]) -> Response:
        """The winning line from the current position, for the demo."""
        session = self.session
        tr = session.translator(self._lang(request, data))
        version = self._asked_version(data)
        seconds = self._seconds(data, SOLVE_SECONDS)
        game = session.game
        if game.is_won():
            return JSONResponse({"version": version, "verdict": "won", "line": []})
        result = await self._work("solve", {"save": saves.to_json(game), "seconds": seconds}, version)
        if result is None:
            return self._stale()
        verdict = result["verdict"]
        body: dict[str, Any] = {"version": version, "verdict": verdict, "line": []}
        if verdict == "won":
            session.assist = "demo"  # the solver's line is shown: the game is no longer the player's alone
            probe = game.copy()
            for value in result["line"]:
                move = decode_move(value)
                body["line"].append(_move_json(probe, move))
                probe.push(move)
            count = len(body["line"])
            body["text"] = tr.render(Message(S.M_LINE_FOUND, plural=S.M_LINE_FOUND_PLURAL, count=count))
        elif verdict == "lost":
            session.proved_lost = version
            body["text"] = tr.render(Message(S.M_NO_WIN))
            body["state"] = session.state_json(tr.lang)
        else:
            body["text"] = tr.render(Message(S.M_NO_LINE, {"seconds": seconds}))
        return JSONResponse(body)

    async def rewind(self, request: Request, data: dict[str, Any]) -> Response:
        """How many moves to undo to the last position from which the solver proves a win."""
        session = self.session
        tr = session.translator(self._lang(request, data))
        version = self._asked_version(data)
        found = session.rewinds.get(version)
        if found is None:
            if not session.game.can_undo:
                found = {"undo": None}
            else:
                payload = {"save": saves.to_json(session.game), "seconds": REWIND_SECONDS,
                           "total_seconds": REWIND_TOTAL_SECONDS}
                found = await self._work("rewind", payload, version)
                if found is None:
                    return self._stale()
            session.rewinds[version] = found
        undo = found["undo"]
        body: dict[str, Any] = {"version": version, "undo": undo}
        if undo:
            body["label"] = tr.render(Message(S.M_UNDO_N, plural=S.M_UNDO_N_PLURAL, count=undo))
        else:
            body["text"] = tr.render(Message(S.M_NO_REWIND))
        return JSONResponse(body)

    async def stats(self, request: Request) -> Response:
        """The statistics panel's figures and log (``?game=ID`` for one game only)."""
        session = self.session
        lang = self._lang(request)
        base = host_translator(session.lang_code(lang))
        game_id = request.query_params.get("game") or None

        def name(gid: str) -> str | None:
            cls = session.host.games.get(gid)
            return translator_for_game(base, cls, session.host).gettext(cls.name) if cls else None

        offset = whole_number(request.query_params.get("offset") or "0")
        if offset is None:
            raise BadRequest(400, f"offset should be a whole number, not {saves.shown(request.query_params['offset'])}")

        def read() -> dict[str, Any]:
            body = report(session.stats, game_id, name, base, RECENT, offset)
            for r in body["recent"]:  # rendered here: the game's name takes the form its sentence needs
                cls = session.host.games.get(r["game"])
                tr = translator_for_game(base, cls, session.host) if cls else base
                game = Message(cls.name) if cls else r["game"]
                label = tr.render(Message(S.M_REPLAY, {"game": game, "number": r["number"]}))
                r["replay_label"] = f"{label} ({r['options_text']})" if r["options_text"] else label
            body["notices"] = [base.render(m) for m in session.stats.notices]
            return body

        return JSONResponse(await session.in_stats_thread(read))

    async def help(self, request: Request) -> Response:
        game_id = request.path_params["game_id"]
        lang = self._lang(request)
        tr = self.session.translator(lang)
        try:
            cls = self.session.host.game(game_id)
        except UnknownGame as exc:  # the host's one error for an unknown game
            return JSONResponse({"error": tr.render(exc.message)}, status_code=404)
        game_tr = translator_for_game(host_translator(tr.lang), cls, self.session.host)
        missing = game_tr.render(Message(S.M_NO_HELP, {"game": Message(cls.name)}))
        try:
            from reussite.helpdocs import render_help
        except ImportError:
            return JSONResponse({"error": missing}, status_code=404)
        # The wanted language first, then the others (the French source is better than nothing).
        problems = []
        host = self.session.host
        for code in (tr.lang, *(c for c in available_langs() if c != tr.lang)):
            try:
                # Cutting a page is CPU work (a big page takes a while): off the loop, the server keeps answering;
                # a failure blames the page's plugin, not the game in play.
                def cut(code: str = code) -> str:
                    with host.guard(host.help_owner(game_id)):
                        return render_help(host, game_id, code, "html")

                html = await run_in_threadpool(cut)
            except PluginError as exc:
                return JSONResponse({"error": game_tr.render(exc.message)}, status_code=500)
            except UserError as exc:
                problems.append(exc.message)
                continue
            if code != tr.lang:
                note = game_tr.render(Message(S.M_HELP_OTHER_LANG, {"language": _language_name(code)}))
                html = f'<p class="help-note" lang="{tr.lang}">{escape(note)}</p>\n{html}'
            return HTMLResponse(html, headers={"Content-Language": code})
        return JSONResponse({"error": f"{missing} ({game_tr.render(problems[0])})"}, status_code=404)

    # -- changing -----------------------------------------------------------------------------------

    async def new(self, request: Request, data: dict[str, Any]) -> Answer:
        game_id = _field(data, "game", str, required=False)
        number = _field(data, "number", (int, str), required=False)
        options = _field(data, "options", dict, required=False) or {}
        if game_id is None and self.session.game is not None:
            game_id = self.session.game.id
        try:
            self.session.host.game(game_id)
        except UnknownGame as exc:  # the host's one error for an unknown game
            raise BadRequest(404, exc.message) from None
        if isinstance(number, str):
            number = whole_number(number)
            if number is None:
                raise BadRequest(400, Message(S.UI_STRINGS["bad_number"]))
        if any(not isinstance(v, str) for v in options.values()):
            raise BadRequest(400, "option values must be strings")
        if _field(data, "winnable", bool, required=False):
            return await self._new_winnable(request, data, game_id, number, options)
        try:
            self.session.start(game_id, number, options)
        except UserError as exc:
            raise BadRequest(400, exc.message) from exc
        return {}

    async def _new_winnable(self, request: Request, data: dict[str, Any], game_id: str, number: int | None,
                            options: dict[str, str]) -> Answer:
        """A new game whose deal the solver proves winnable: from the number the game would have had, the
        next numbers in turn. The search runs in the solver's process; the page follows it through
        ``state.search`` (``GET /api/search``) and may stop it (``POST /api/search/stop``)."""
        session = self.session
        try:
            cls = session.host.game(game_id)
            options = dict(cls.resolve_options(options))
        except UserError as exc:
            raise BadRequest(400, exc.message) from exc
        seconds = _field(data, "seconds", (int, float), required=False) or WINNABLE_SECONDS
        _solver_seconds(seconds)
        first = number if number is not None else random_game_number()
        if session.search is not None:
            session.solver().cancel()
        search = {"game": game_id, "number": str(first), "tried": 0}
        session.search = search

        def progress(info: dict[str, Any]) -> None:
            if session.search is search:
                search.update(number=info["number"], tried=info["tried"])

        payload = {"game": game_id, "options": options, "first": first, "seconds": float(seconds),
                   "tries": WINNABLE_TRIES}
        result = await session.solver().run("winnable", payload, on_progress=progress)
        if session.search is not search:  # another search took its place
            return {"found": None}
        session.search = None
        # The one handler that waits before it changes the game: another tab may have played meanwhile.
        self._check_version(data)
        if result.get("error"):
            raise BadRequest(500, Message(S.M_SOLVER_FAILED, {"reason": result["error"]}))
        if not result.get("number"):
            tr = session.translator(self._lang(request, data))
            text = None if result.get("cancelled") else tr.render(
                Message(S.M_NO_WINNABLE, plural=S.M_NO_WINNABLE_PLURAL, count=WINNABLE_TRIES))
            return {"found": None, "message": text}
        session.start(game_id, int(result["number"]), options)
        session.assist = "winnable"
        session.autosave()
        return {"found": result["number"], "tried": result["tried"]}

    async def search(self, request: Request) -> Response:
        tr = self.session.translator(self._lang(request))
        return JSONResponse({"version": self.session.version, "search": self.session.search_json(tr)})

    async def search_stop(self, request: Request, data: dict[str, Any]) -> Answer:
        if self.session.search is not None:
            self.session.solver().cancel()
        return JSONResponse({"version": self.session.version})

    async def restart(self, request: Request, data: dict[str, Any]) -> Answer:
        game = self.session.game
        self.session.start(game.id, game.number, dict(game.option_values))
        return {}

    def _play(self, move: AnyMove, data: dict[str, Any]) -> list[AnyMove]:
        game = self.session.game
        try:
            game.push(move)
        except IllegalMove as exc:
            raise BadRequest(422, exc.message) from exc
        played = [move]
        if data.get("auto") is True:
            played += game.autoplay()
        return played

    async def move(self, request: Request, data: dict[str, Any]) -> Answer:
        src, dst = self._stack(data, "src"), self._stack(data, "dst")
        n = _count(data)
        if not 1 <= n <= 1000:
            raise BadRequest(400, f"the field 'n' should be a count of cards, not {n!r}")
        played = self._play(Move(src, dst, n), data)
        return {"played": [self.session.move_json(m) for m in played]}

    async def deal(self, request: Request, data: dict[str, Any]) -> Answer:
        self._play(self.session.game.stock_move(), data)
        return {}

    async def best(self, request: Request, data: dict[str, Any]) -> Answer:
        """Double-click (R-FT-9): a foundation plays all it can; a card goes where it goes best."""
        src = self._stack(data, "src")
        game = self.session.game
        n = _count(data)
        if game.specs[src].kind is Kind.FOUNDATION:
            if not game.autoplay():
                raise BadRequest(422, Message(S.UI_STRINGS["hint_none"]))
            return {}
        if not game.cards[src]:
            raise BadRequest(422, Message(S.M_NO_CARD, {"source": game.specs[src].name}))
        if not 1 <= n <= len(game.cards[src]):
            raise BadRequest(400, f"the field 'n' should be a count of cards on that stack, not {n!r}")
        move = game.best_move_from(src, n)
        if move is None:
            raise BadRequest(422, Message(S.M_NO_MOVE_FROM, {"card": game.cards[src][-n]}))
        self._play(move, data)
        return {}

    async def undo(self, request: Request, data: dict[str, Any]) -> Answer:
        """Take back the last move, or ``count`` moves at once (the "undo N moves" offer after a loss)."""
        count = _field(data, "count", int, required=False) or 1
        game = self.session.game
        if not game.can_undo:
            raise BadRequest(422, Message(S.M_NOTHING_TO_UNDO))
        if not 1 <= count <= game.move_count:
            raise BadRequest(400, f"the field 'count' should be from 1 to {game.move_count}, not {count!r}")
        for _ in range(count):
            game.pop()
        return {}

    async def redo(self, request: Request, data: dict[str, Any]) -> Answer:
        if not self.session.game.can_redo:
            raise BadRequest(422, Message(S.M_NOTHING_TO_REDO))
        try:
            self.session.game.redo()
        except IllegalMove as exc:
            raise BadRequest(422, exc.message) from exc
        return {}

    # -- the move log: the game's line of moves, and going back or forward along it ------------------------

    async def log(self, request: Request) -> Response:
        """Every move of the line (those played, then those undone that redo would play again), each in the
        game's notation and in words, and ``at``: how many of them are played."""
        session = self.session
        tr = session.translator(self._lang(request))
        game = session.game
        line = game.history + game.redo_moves
        probe = game.copy()
        for _ in range(probe.move_count):
            probe.pop()
        moves = []
        for move in line:
            moves.append({"notation": probe.notation(move), "text": tr.render(advisor.describe_move(probe, move))})
            probe.push(move, check=False)
        return JSONResponse({"version": session.version, "at": game.move_count, "moves": moves})

    async def goto(self, request: Request, data: dict[str, Any]) -> Answer:
        """Undo or redo to the position after ``moves`` moves of the line (a click in the move log)."""
        game = self.session.game
        target = _field(data, "moves", int)
        last = game.move_count + len(game.redo_moves)
        if not 0 <= target <= last:
            raise BadRequest(400, f"the field 'moves' should be from 0 to {last}, not {target!r}")
        while game.move_count > target:
            game.pop()
        try:
            while game.move_count < target:
                game.redo()
        except IllegalMove as exc:
            raise BadRequest(422, exc.message) from exc
        return {}

    async def autoplay(self, request: Request, data: dict[str, Any]) -> Answer:
        self.session.game.autoplay()  # nothing to play: the answer is the same position
        return {}

    # -- the clock ------------------------------------------------------------------------------------------

    async def clock(self, request: Request, data: dict[str, Any]) -> Answer:
        """The page says whether it shows the game (``visible``): the clock runs only while one does."""
        self.session.seen(_field(data, "visible", bool))
        return JSONResponse({"version": self.session.version, "elapsed": round(self.session.elapsed(), 1)})

    # -- named saves --------------------------------------------------------------------------------------

    async def _saves_json(self, lang: str | None) -> list[dict[str, Any]]:
        tr = self.session.translator(lang)
        games = self.session.host.games
        rows = []
        folder = self.session.saves_dir
        for row in await self.session.in_writer(lambda: saves.list_named(folder)):
            item: dict[str, Any] = {"name": row["name"], "mtime": round(row.get("mtime", 0) * 1000)}
            if "error" in row:
                item["error"] = tr.render(row["error"])
            else:
                cls = games.get(row["game"])
                extra = row["data"].get(WEB_KEY)
                elapsed = extra.get("elapsed") if isinstance(extra, dict) else None
                item.update(game=row["game"], game_name=tr.gettext(cls.name) if cls else row["game"],
                            number=row["number"], moves=row["moves"],
                            elapsed=elapsed if saves.finite_number(elapsed) and elapsed >= 0 else None)
            rows.append(item)
        return rows

    async def _saves_answer(self, request: Request, data: dict[str, Any] | None = None, **extra: Any) -> JSONResponse:
        lang = self._lang(request, data)
        return JSONResponse({"version": self.session.version, "saves": await self._saves_json(lang), **extra})

    async def saves_list(self, request: Request) -> Response:
        return await self._saves_answer(request)

    async def saves_file(self, request: Request) -> Response:
        """A saved game's file, to download (the documented save format, as the text mode reads it)."""
        path = saves.named_path(self.session.saves_dir, request.query_params.get("name"))
        content = await self.session.in_writer(lambda: saves.read_bounded(path, own=True))
        ascii_name = "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "_" for c in path.name[:-5])
        disposition = f"attachment; filename=\"{ascii_name}.json\"; filename*=UTF-8''{quote(path.name)}"
        return Response(content, media_type="application/json", headers={"Content-Disposition": disposition})

    async def saves_save(self, request: Request, data: dict[str, Any]) -> Answer:
        """Save the game in progress under a name; ``replace`` to write over a save of that name. Tied to
        the position the page shows (a write route): a stale tab saves nothing it has not seen."""
        replace = bool(_field(data, "replace", bool, required=False))
        path = await self.session.save_as(_field(data, "name", str), replace)
        return await self._saves_answer(request, data, saved=path.stem)

    async def saves_load(self, request: Request, data: dict[str, Any]) -> Answer:
        """Replace the game in progress with a saved one. Tied to the position the player agreed to leave
        (a stale tab cannot replace a newer game); the save is replayed and checked before anything changes."""
        await self.session.load_named(_field(data, "name", str))
        return {"loaded": saves.save_name(data["name"])}

    async def saves_delete(self, request: Request, data: dict[str, Any]) -> Answer:
        path = saves.named_path(self.session.saves_dir, _field(data, "name", str))
        try:
            await self.session.in_writer(path.unlink)
        except FileNotFoundError:
            raise BadRequest(404, Message(S.M_SAVE_MISSING, {"name": path.stem})) from None
        except OSError as exc:
            reason = os_reason(exc)
            raise BadRequest(500, Message(S.M_SAVE_NOT_DELETED, {"file": str(path), "reason": reason})) from None
        return await self._saves_answer(request, data, deleted=path.stem)

    async def saves_upload(self, request: Request, data: dict[str, Any]) -> Answer:
        """A save file the player chose (its ``text``, as read by the page) kept under ``name``, once it
        has been replayed and checked: a file the text mode could not load is refused, naming ``file``."""
        name = saves.save_name(_field(data, "name", str))
        text = _field(data, "text", str)
        where = _field(data, "file", str, required=False) or name
        parsed = saves.parse_json(text.encode("utf-8"), where)
        try:
            saves.from_json(parsed, self.session.host, where)
        except UserError as exc:
            raise BadRequest(422, exc.message) from None
        path = saves.named_path(self.session.saves_dir, name)
        text = text if text.endswith("\n") else text + "\n"
        replace = bool(_field(data, "replace", bool, required=False))
        await self.session.in_writer(lambda: self.session.write_named(path, text, replace))
        return await self._saves_answer(request, data, saved=name)


R, W, P = Access.READ, Access.WRITE, Access.POST
#: Every API route: adding an endpoint is one line here (and its handler).
ROUTES: tuple[Endpoint, ...] = (
    Endpoint("boot", Api.boot, R),
    Endpoint("strings", Api.strings, R),
    Endpoint("games", Api.games, R),
    Endpoint("state", Api.state, R),
    Endpoint("legal", Api.legal, R),
    Endpoint("help/{game_id}", Api.help, R),
    Endpoint("search", Api.search, R),
    Endpoint("saves", Api.saves_list, R),
    Endpoint("saves/file", Api.saves_file, R),
    Endpoint("stats", Api.stats, R),
    Endpoint("log", Api.log, R),
    Endpoint("new", Api.new, W),
    Endpoint("restart", Api.restart, W),
    Endpoint("move", Api.move, W),
    Endpoint("deal", Api.deal, W),
    Endpoint("best", Api.best, W),
    Endpoint("undo", Api.undo, W),
    Endpoint("redo", Api.redo, W),
    Endpoint("goto", Api.goto, W),
    Endpoint("autoplay", Api.autoplay, W),
    Endpoint("saves/save", Api.saves_save, W),
    Endpoint("saves/load", Api.saves_load, W),
    # The solver's work costs CPU: POST (with the server's Origin check), never a link another site can load.
    Endpoint("hint", Api.hint, P),
    Endpoint("watch", Api.watch, P),
    Endpoint("solve", Api.solve, P),
    Endpoint("rewind", Api.rewind, P),
    Endpoint("search/stop", Api.search_stop, P),
    Endpoint("clock", Api.clock, P),
    Endpoint("saves/delete", Api.saves_delete, P),
    Endpoint("saves/upload", Api.saves_upload, P, MAX_UPLOAD_BYTES),
)
del R, W, P
