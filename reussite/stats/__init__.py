"""Statistics: every finished or abandoned game, in an SQLite database in the player's data folder.

The text mode and the browser front end both record here (see docs/statistics.md for when a game counts
as won, lost or abandoned). Each game being played has a unique id (``uid``), kept in its autosave or
save; the table's primary key is that id, so recording a game twice never counts it twice. A later,
better result replaces an earlier one (a game lost, then undone and won, is won); never the reverse.

The database is opened per operation (cheap, and safe from any thread or process), in WAL mode with a
busy timeout, so two tabs, or the page and the text mode, write side by side. Its schema has a version
(``PRAGMA user_version``); :data:`MIGRATIONS` takes a file from any earlier version to the current one.

The figures per game (played, won, streaks, best time and score) are kept in the ``totals`` table, updated
in the same transaction as the game's row: reading them, and a page of recent games, costs the same at
100,000 games as at ten. Games the solver played (the demo) or dealt ("winnable deals only") are recorded
with their ``assist`` and counted apart, never as the player's wins, streaks or best times.

The statistics never stop a game and never lose a record on a fault: a write that fails for a passing
reason (a lock held too long, a full disk) is kept and tried again with the next one, and the notice goes
when it succeeds; a damaged file is read back row by row into a new file, the damaged one kept aside; a row
whose values cannot be read is skipped and reported with the file and row; a file that can only be read (a
read-only folder) is shown, and the player told that new games are not recorded.
"""

from __future__ import annotations

import errno
import json
import math
import os
import sqlite3
import time
import uuid
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from reussite.errors import os_reason
from reussite.messages import N_, Message
from reussite.saves import default_data_dir, loads_line, shown, unwritable

DB_NAME = "statistics.sqlite"
BUSY_SECONDS = 10.0  # how long a writer waits for another one
RESULTS = ("abandoned", "lost", "won")  # in order of precedence: a better result replaces a worse one
RANK = {r: i for i, r in enumerate(RESULTS)}
ASSISTS = ("", "demo", "winnable")  # the player alone; the solver played it; the solver chose the deal
RECENT = 20
MAX_PENDING = 1000  # games kept while the file cannot be written
PENDING_SUFFIX = ".pending.jsonl"  # beside the database: the games not yet written, one JSON object a line
#: SQLite's primary result codes for faults that do not pass by themselves: the file or a table is damaged
#: or missing, or the file is read-only. Any other (a lock, a full disk, an I/O error) is tried again.
PERMANENT_CODES = {1, 3, 8, 11, 19, 20, 26}  # ERROR, PERM, READONLY, CORRUPT, CONSTRAINT, MISMATCH, NOTADB

#: Schema version n is reached by running MIGRATIONS[n - 1] on a version n - 1 file (0: a new file).
MIGRATIONS: tuple[str, ...] = (
    # 1: one row per game played
    """
    CREATE TABLE games (
        uid TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,      -- a JSON object, keys sorted: one spelling per set of options
        number TEXT NOT NULL,       -- decimal: game numbers go past SQLite's 64-bit integers
        result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned')),
        score INTEGER NOT NULL,
        moves INTEGER NOT NULL,
        seconds REAL NOT NULL,
        finished TEXT NOT NULL      -- UTC, ISO 8601
    );
    """,
    # 2: which front end the game was played in, and an index for the per-game figures
    """
    ALTER TABLE games ADD COLUMN source TEXT NOT NULL DEFAULT '';
    CREATE INDEX games_by_game ON games (game, options, finished);
    """,
    # 3: the solver's games apart, the figures kept as games are recorded, the log read newest first
    """
    ALTER TABLE games ADD COLUMN assist TEXT NOT NULL DEFAULT '';
    CREATE INDEX games_by_finished ON games (finished);
    CREATE TABLE totals (
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        assist TEXT NOT NULL,
        played INTEGER NOT NULL,
        won INTEGER NOT NULL,
        lost INTEGER NOT NULL,
        abandoned INTEGER NOT NULL,
        current_streak INTEGER NOT NULL,
        best_streak INTEGER NOT NULL,
        best_time REAL,
        best_score INTEGER,
        PRIMARY KEY (game, options, assist)
    );
    """,
)
VERSION = len(MIGRATIONS)
COLUMNS = ("uid", "game", "options", "number", "result", "score", "moves", "seconds", "finished", "source",
           "assist")

M_SET_ASIDE = N_("The statistics file {file} could not be read and was set aside as {aside} ({reason}); "
                 "a new one was started.")
M_SALVAGED = N_("The statistics file {file} was damaged ({reason}); the recorded games that could be read back "
                "went into a new file (games read: {count}); the damaged file was kept as {aside}.")
M_UNUSABLE = N_("The statistics cannot be kept in {file}: {reason}")
M_NOT_RECORDED = N_("The statistics file {file} cannot be written for now ({reason}); it will be tried again "
                    "(games waiting: {count}).")
M_KEPT = N_("The statistics file {file} cannot be written ({reason}): this will not pass by itself. The games are "
            "kept in {pending} and will be recorded once the file can be written (games waiting: {count}).")
M_BAD_PENDING = N_("{file}: line {line}: not a game to record ({reason}); it is skipped.")
M_READ_ONLY = N_("The statistics file {file} can only be read ({reason}): the games recorded are shown, new ones "
                 "are not recorded.")
M_BAD_ROWS = N_("The statistics file {file}: recorded games skipped, their values cannot be read: {count} (the "
                "first, row {row}: {reason}).")
M_LINK = N_("The statistics file {file} is a symbolic link, which is not followed: games are not recorded.")
M_NEWER = N_("The statistics file {file} was written by a newer Réussite (schema {found}, this one reads up to "
             "{supported}); games are not recorded in it.")


def new_uid() -> str:
    return uuid.uuid4().hex


def valid_uid(value: Any) -> bool:
    return isinstance(value, str) and 8 <= len(value) <= 64 and value.isascii() and value.isalnum()


def options_key(options: dict[str, str]) -> str:
    return json.dumps({str(k): str(v) for k, v in sorted(options.items())}, ensure_ascii=False,
                      separators=(",", ":"))


def now_iso() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _number(value: Any, whole: bool = False) -> bool:
    """A count (``whole``) or a time as the file should hold it: not negative, not NaN, not a text."""
    if isinstance(value, bool):
        return False
    if whole:
        return isinstance(value, int)
    return isinstance(value, (int, float)) and math.isfinite(value) and value >= 0


def checked_row(row: dict[str, Any]) -> str | None:
    """What is wrong with a row read from the file (None: it can be shown and counted); ``options`` is
    parsed in place. Values are quoted cut short: a damaged file may hold megabytes in a column."""
    for name in ("uid", "game", "number", "finished", "source", "assist"):
        if not isinstance(row.get(name), str):
            return f"{name} is {shown(row.get(name))}, not a text"
    if row.get("result") not in RESULTS:
        return f"result is {shown(row.get('result'))}"
    if not _number(row.get("score"), whole=True) or not _number(row.get("moves"), whole=True):
        return f"score {shown(row.get('score'))} or moves {shown(row.get('moves'))} is not a whole number"
    if not _number(row.get("seconds")):
        return f"seconds is {shown(row.get('seconds'))}, not a time"
    try:
        options = loads_line(row["options"]) if isinstance(row.get("options"), str) else None
    except ValueError as exc:
        return f"options {shown(row.get('options'))} cannot be read ({exc})"
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        return f"options is {shown(row.get('options'))}, not a JSON object of texts"
    row["options"] = options
    return None


class Stats:
    """The statistics database at ``path``. Never raises on a damaged or unwritable file: the problem is
    added to :attr:`notices` (messages for the player) and recording goes on where it can."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.notices: list[Message] = []
        self.usable = True  # False for good: a newer schema, a symbolic link, a file that cannot be made
        self.read_only = False
        self._ready = False
        self._pending: list[tuple] = []  # rows not yet written (a passing failure): written with the next
        self._waiting: Message | None = None
        self._last_reason = ""
        self._bad_rows: Message | None = None
        self._permanent = False  # the rows wait for a fault that does not pass by itself (see PERMANENT_CODES)
        self.pending_path = self.path.with_name(self.path.stem + PENDING_SUFFIX)
        self._open()
        if os.path.lexists(self.pending_path):  # games a fault held back in an earlier session: recorded now
            self._pending = self._read_pending()
            if self._pending and self.usable and self.read_only:
                self._permanent = True
                self._hold(self._last_reason)
            elif self._pending and self.usable:
                self.retry()

    @classmethod
    def in_folder(cls, folder: str | os.PathLike | None) -> Stats:
        """The statistics in the data folder ``folder`` (``--data-dir``; by default the player's)."""
        return cls((Path(folder).expanduser() if folder else default_data_dir()) / DB_NAME)

    # -- opening, migrating, setting a bad file aside ------------------------------------------------

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        if self.read_only:  # nothing may be written, not even the journal's shared memory
            target, uri = f"file:{quote(str(self.path.resolve()))}?immutable=1", True
        else:
            target, uri = str(self.path), False
        # isolation_level=None: transactions are begun explicitly (BEGIN IMMEDIATE takes the write lock
        # at once, so two writers queue instead of failing halfway).
        with closing(sqlite3.connect(target, timeout=BUSY_SECONDS, isolation_level=None, uri=uri)) as db:
            if not self.read_only:
                # In WAL mode NORMAL never corrupts the file; a power cut may lose the last game recorded.
                db.execute("PRAGMA synchronous=NORMAL")
            yield db

    def _open(self) -> None:
        if self.path.is_symlink():
            self.usable = False
            self.notices.append(Message(M_LINK, {"file": str(self.path)}))
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            if not self.path.exists():
                self._unusable(exc)
                return
        for attempt in range(2):
            try:
                self._prepare()
                self._ready = True
                return
            except sqlite3.OperationalError as exc:  # locked, unreadable, a full disk: not the file's fault
                # The folder is tried, not judged by its mode (root writes in a folder of mode 555).
                refused = unwritable(self.path.parent) if self.path.parent.is_dir() else None
                if self.path.exists() and (refused is not None or not os.access(self.path, os.W_OK)):
                    self._open_read_only(exc)
                elif refused is not None:  # no file, and none can be made there: this does not pass
                    self._unusable(refused)
                else:
                    self._unusable(exc, passing=True)
                return
            except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed", a failed check
                if attempt:
                    self._unusable(exc)
                    return
                self._salvage(exc)
            except OSError as exc:
                self._unusable(exc, passing=True)
                return

    def _ensure(self) -> bool:
        """The file is ready to write (opened again after a passing failure)."""
        if not self.usable or self.read_only:
            return False
        if not self._ready:
            self._open()
        return self._ready

    def _open_read_only(self, exc: Exception) -> None:
        self.read_only = True
        try:
            with self._connect() as db:
                db.execute("SELECT count(*) FROM games").fetchone()
        except sqlite3.Error as err:
            self.read_only = False
            self._unusable(err)
            return
        reason = os_reason(exc)
        self._last_reason = reason
        self.notices.append(Message(M_READ_ONLY, {"file": str(self.path), "reason": reason}))

    def _prepare(self) -> None:
        with self._connect() as db:
            check = db.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                raise sqlite3.DatabaseError("; ".join(str(row[0]) for row in check[:3]))
            found = db.execute("PRAGMA user_version").fetchone()[0]
            if found > VERSION:  # left as it is: not even its journal mode is changed
                self.usable = False
                self.notices.append(Message(M_NEWER, {"file": str(self.path), "found": found, "supported": VERSION}))
                return
            if db.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
                try:
                    db.execute("PRAGMA journal_mode=WAL")  # kept by the file from then on
                except sqlite3.OperationalError:
                    pass  # another process holds the file now; the next opening tries again
            if found == VERSION:
                return
            db.execute("BEGIN IMMEDIATE")  # one process migrates; the others wait, then see it done
            try:
                found = db.execute("PRAGMA user_version").fetchone()[0]
                for version in range(found, VERSION):
                    _run_script(db, MIGRATIONS[version])
                if found < 3:
                    _rebuild_totals(db)
                db.execute(f"PRAGMA user_version = {VERSION}")
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def _aside_name(self) -> Path:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}{self.path.suffix}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}-{n}{self.path.suffix}")
        return aside

    def _salvage(self, exc: Exception) -> None:
        """A damaged file: every row that can still be read goes into a new file, the damaged one is kept
        aside (never deleted). A file with nothing readable is set aside as it is."""
        rows = _readable_rows(self.path)
        aside = self._aside_name()
        os.replace(self.path, aside)
        for extra in ("-wal", "-shm"):  # the journal belongs to the bad file, not to the new one
            side = Path(f"{self.path}{extra}")
            if side.exists():
                os.replace(side, Path(f"{aside}{extra}"))
        if not rows:
            self.notices.append(Message(M_SET_ASIDE, {"file": str(self.path), "aside": str(aside),
                                                      "reason": str(exc)}))
            return
        self._prepare()
        with self._connect() as db:
            db.execute("BEGIN IMMEDIATE")
            marks = ", ".join("?" * len(COLUMNS))
            db.executemany(f"INSERT OR IGNORE INTO games ({', '.join(COLUMNS)}) VALUES ({marks})", rows)
            _rebuild_totals(db)
            db.execute("COMMIT")
        self.notices.append(Message(M_SALVAGED, {"file": str(self.path), "aside": str(aside), "reason": str(exc),
                                                 "count": len(rows)}))

    def _unusable(self, exc: Exception, passing: bool = False) -> None:
        """The file cannot be used; ``passing``: maybe only for now (tried again at the next write)."""
        reason = os_reason(exc)
        self._last_reason = reason
        if passing:  # said by the notice of the games waiting, which goes once they are written
            self._ready = False
            if self._waiting is None:
                self._hold(reason)
            return
        self.usable = False
        note = Message(M_UNUSABLE, {"file": str(self.path), "reason": reason})
        if note not in self.notices:
            self.notices.append(note)

    # -- recording --------------------------------------------------------------------------------------

    @staticmethod
    def row_for(uid: str, game, result: str, seconds: float, source: str = "", finished: str | None = None,
                assist: str = "") -> tuple:
        """The row recording ``game`` (read from the engine at once: the game may change after)."""
        if result not in RESULTS:
            raise ValueError(f"result must be one of {RESULTS}, not {result!r}")
        if assist not in ASSISTS:
            raise ValueError(f"assist must be one of {ASSISTS}, not {assist!r}")
        return (uid, game.id, options_key(dict(game.option_values)), str(game.number), result, int(game.score()),
                int(game.move_count), round(float(seconds), 1), finished or now_iso(), source, assist)

    def record(self, uid: str, game, result: str, seconds: float, source: str = "",
               finished: str | None = None, assist: str = "") -> bool:
        """Record the game ``uid`` (the engine's ``game``) with ``result``; a second record of the same
        game only replaces the first with a better result. Returns False if it could not be written (it is
        then kept, and written with the next record)."""
        return self.write(self.row_for(uid, game, result, seconds, source, finished, assist))

    def write(self, row: tuple) -> bool:
        """Write a :meth:`row_for` row, and those a failure held back before it. A row that cannot be
        written is kept in the pending file (:attr:`pending_path`) at once, so that no game is lost when
        the process ends, and recorded by the next write or the next opening that can."""
        if not self.usable:
            return False  # already said: the file is not written (a newer schema, a link)
        self._pending.append(row)
        del self._pending[:-MAX_PENDING]
        if self.read_only:
            self._permanent = True
            self._hold(self._last_reason or "read-only")
            return False
        return self.retry()

    @property
    def waiting(self) -> int:
        """Games held back by a failure, still to write."""
        return len(self._pending)

    @property
    def stuck(self) -> bool:
        """The games wait for a fault that does not pass by itself: trying again at every move is pointless
        (the next game recorded, or the next start, tries)."""
        return self._permanent

    def retry(self) -> bool:
        """Write the games a failure held back, those of the pending file included (a front end asks again
        as play goes on, so the statistics recover without waiting for the next game to end)."""
        if not self._pending and not os.path.lexists(self.pending_path):
            return True
        if not self._ensure():
            self._hold(self._last_reason)
            return False
        try:
            with self._connect() as db:
                db.execute("BEGIN IMMEDIATE")  # from here no other writer: none adds to the pending file
                try:
                    self._pending = _unique([*self._read_pending(), *self._pending])[-MAX_PENDING:]
                    for pending in self._pending:
                        _write_row(db, pending)
                    if os.path.lexists(self.pending_path):
                        os.unlink(self.pending_path)  # back from the rows in memory if the commit fails
                    db.execute("COMMIT")
                except BaseException:
                    if db.in_transaction:
                        db.execute("ROLLBACK")
                    raise
        except (sqlite3.Error, OSError) as exc:
            self._permanent = _permanent(exc)
            self._hold(os_reason(exc))
            return False
        self._pending.clear()
        self._permanent = False
        if self._waiting in self.notices:  # recovered: the notice goes
            self.notices.remove(self._waiting)
        self._waiting = None
        return True

    def _hold(self, reason: str) -> None:
        """The rows stay pending, in memory and in the pending file; the player is told (one notice, kept up
        to date): a fault that passes is tried again, one that does not is said to be so."""
        kept = bool(self._pending) and self._keep_pending()
        if self._waiting in self.notices:
            self.notices.remove(self._waiting)
        if self._permanent and not kept:  # nowhere to keep them: the read-only notice says they are not recorded
            self._waiting = None
            return
        if self._permanent:
            self._waiting = Message(M_KEPT, {"file": str(self.path), "reason": reason, "count": len(self._pending),
                                             "pending": str(self.pending_path)})
        else:
            self._waiting = Message(M_NOT_RECORDED, {"file": str(self.path), "reason": reason,
                                                     "count": len(self._pending)})
        self.notices.append(self._waiting)

    def _keep_pending(self) -> bool:
        """The pending file holds every row waiting, those another process kept there too (False: it cannot
        be written)."""
        from reussite.saves import atomic_write_text

        self._pending = _unique([*self._read_pending(quiet=True), *self._pending])[-MAX_PENDING:]
        text = "".join(json.dumps(dict(zip(COLUMNS, row, strict=True)), ensure_ascii=False) + "\n"
                       for row in self._pending)
        try:
            atomic_write_text(self.pending_path, text)
        except OSError:
            return False  # a folder that cannot be written at all: the server says nothing will be kept
        return True

    def _read_pending(self, quiet: bool = False) -> list[tuple]:
        """The rows of the pending file; a line that is not one is skipped and named (unless ``quiet``)."""
        from reussite.saves import MAX_SAVE_BYTES, read_bounded

        try:
            raw = read_bounded(self.pending_path, MAX_SAVE_BYTES, own=True)
        except Exception:  # noqa: BLE001  # none yet, or unreadable: the rows in memory are all there is
            return []
        rows = []
        for number, line in enumerate(raw.split(b"\n"), 1):
            if not line.strip():
                continue
            try:
                data = loads_line(line)
                if not isinstance(data, dict):
                    raise ValueError("not a JSON object")
                row = tuple(data.get(c) for c in COLUMNS)
                problem = checked_row(dict(zip(COLUMNS, row, strict=True)))
                if problem is not None:
                    raise ValueError(problem)
            except ValueError as exc:
                note = Message(M_BAD_PENDING, {"file": str(self.pending_path), "line": number, "reason": str(exc)})
                if not quiet and note not in self.notices:
                    self.notices.append(note)
                continue
            rows.append(row)
        return rows

    def finish(self, uid: str, game, lost: bool, seconds: float, source: str = "", assist: str = "") -> str | None:
        """After a move: record the game if it is over (won, or lost by the engine's rule)."""
        result = "won" if game.is_won() else "lost" if lost else None
        if result:
            self.record(uid, game, result, seconds, source, assist=assist)
        return result

    def leave(self, uid: str, game, lost: bool, seconds: float, source: str = "", assist: str = "") -> str | None:
        """The player leaves the game for another one: won or lost as it stands, else abandoned if at least
        one move was played (an untouched deal is not a game played)."""
        result = "won" if game.is_won() else "lost" if lost else "abandoned" if game.move_count else None
        if result:
            self.record(uid, game, result, seconds, source, assist=assist)
        return result

    # -- reading ----------------------------------------------------------------------------------------

    def _read(self, query: str, params: tuple = ()) -> list[dict[str, Any]] | None:
        if not self.usable and not self.read_only:
            return None
        if not self._ready and not self.read_only:
            self._open()
            if not self._ready and not self.read_only:
                return None
        try:
            with self._connect() as db:
                db.row_factory = sqlite3.Row
                return [dict(r) for r in db.execute(query, params).fetchall()]
        except (sqlite3.Error, OSError) as exc:
            self._unusable(exc, passing=not self.read_only)
            return None

    def _checked(self, found: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The rows that can be read; the others skipped and reported (file, row, what is wrong)."""
        good, bad = [], []
        for row in found:
            row.setdefault("assist", "")
            problem = checked_row(row)
            if problem is None:
                row.pop("rowid", None)
                good.append(row)
            else:
                bad.append((row.get("rowid"), problem))
        if self._bad_rows in self.notices:
            self.notices.remove(self._bad_rows)
        self._bad_rows = None
        if bad:
            self._bad_rows = Message(M_BAD_ROWS, {"file": str(self.path), "count": len(bad), "row": bad[0][0],
                                                  "reason": bad[0][1]})
            self.notices.append(self._bad_rows)
        return good

    def rows(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Every game recorded (of ``game_id`` only, if given), oldest first."""
        where, params = ("WHERE game = ?", (game_id,)) if game_id else ("", ())
        found = self._read(f"SELECT rowid, * FROM games {where} ORDER BY finished, rowid", params)
        return [] if found is None else self._checked(found)

    def recent(self, game_id: str | None = None, limit: int = RECENT, offset: int = 0) -> list[dict[str, Any]]:
        """A page of the games recorded, newest first (an index read: the same cost at any length)."""
        where, params = ("WHERE game = ?", (game_id,)) if game_id else ("", ())
        found = self._read(f"SELECT rowid, * FROM games {where} ORDER BY finished DESC, rowid DESC LIMIT ? OFFSET ?",
                           (*params, int(limit), int(offset)))
        return [] if found is None else self._checked(found)

    def count(self, game_id: str | None = None) -> int:
        where, params = ("WHERE game = ?", (game_id,)) if game_id else ("", ())
        found = self._read(f"SELECT count(*) AS n FROM games {where}", params)
        return found[0]["n"] if found else 0

    def summary(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """The figures per game, options and assist, as :func:`summarize` gives them, read from the totals
        kept as games are recorded (computed from the rows for a file too old to have them and read-only)."""
        where, params = ("WHERE game = ?", (game_id,)) if game_id else ("", ())
        found = self._read(f"SELECT * FROM totals {where} ORDER BY game, options, assist", params)
        if found is None:
            if self.read_only:  # an older file that could not be migrated
                return summarize(self.rows(game_id))
            return []
        groups = []
        for g in found:
            try:
                g["options"] = loads_line(g["options"])
                g["percent"] = round(100.0 * g["won"] / g["played"], 1)
            except (ValueError, TypeError, ZeroDivisionError):
                continue  # a damaged total: the next game recorded in its group writes it again
            groups.append(g)
        return groups


def quote(text: str) -> str:
    from urllib.parse import quote as url_quote

    return url_quote(text)


def _unique(rows: list[tuple]) -> list[tuple]:
    """``rows`` without repeats, in order (a row kept in the pending file and in memory is written once)."""
    return list(dict.fromkeys(rows))


def _permanent(exc: BaseException) -> bool:
    """A fault that does not pass by itself: a read-only or damaged file, a table missing."""
    if isinstance(exc, sqlite3.Error):
        code = getattr(exc, "sqlite_errorcode", None)
        return code is not None and code & 0xFF in PERMANENT_CODES
    return getattr(exc, "errno", None) in (errno.EROFS, errno.EACCES, errno.EPERM)


def _write_row(db: sqlite3.Connection, row: tuple) -> None:
    """One game into ``games`` and its group's figures into ``totals``: added to them when it is the
    group's newest game (the usual case, a constant cost); the group worked out again otherwise (a result
    replacing an earlier one, a game recorded out of order)."""
    uid, game_id, options, _, result, _, _, _, finished, _, assist = row
    old = db.execute("SELECT game, options, assist, result FROM games WHERE uid = ?", (uid,)).fetchone()
    if old is not None and RANK[result] <= RANK.get(old[3], -1):
        return  # never a worse (or the same) result over a better one
    newest = old is None and db.execute(
        "SELECT 1 FROM games WHERE game = ? AND options = ? AND assist = ? AND finished > ? LIMIT 1",
        (game_id, options, assist, finished)).fetchone() is None
    if old is None:
        db.execute(f"INSERT INTO games ({', '.join(COLUMNS)}) VALUES ({', '.join('?' * len(COLUMNS))})", row)
    else:
        db.execute("UPDATE games SET result = ?, score = ?, moves = ?, seconds = ?, finished = ?, source = ?,"
                   " assist = ? WHERE uid = ?", (*row[4:], uid))
    if newest:
        won = result == "won"
        score, seconds = row[5], row[7]
        db.execute(
            "INSERT INTO totals VALUES (?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game, options, assist) DO UPDATE SET played = played + 1, won = won + excluded.won,"
            " lost = lost + excluded.lost, abandoned = abandoned + excluded.abandoned,"
            " current_streak = CASE WHEN excluded.won THEN current_streak + 1 ELSE 0 END,"
            " best_streak = max(best_streak, CASE WHEN excluded.won THEN current_streak + 1 ELSE 0 END),"
            " best_time = CASE WHEN excluded.best_time IS NULL THEN best_time WHEN best_time IS NULL"
            " THEN excluded.best_time ELSE min(best_time, excluded.best_time) END,"
            " best_score = CASE WHEN best_score IS NULL THEN excluded.best_score"
            " ELSE max(best_score, excluded.best_score) END",
            (game_id, options, assist, int(won), int(result == "lost"), int(result == "abandoned"), int(won),
             int(won), seconds if won else None, score))
        return
    groups = {(game_id, options, assist)}
    if old is not None:
        groups.add((old[0], old[1], old[2]))
    for group in groups:
        _rebuild_group(db, *group)


def _rebuild_group(db: sqlite3.Connection, game_id: str, options: str, assist: str) -> None:
    found = db.execute("SELECT rowid, * FROM games WHERE game = ? AND options = ? AND assist = ?"
                       " ORDER BY finished, rowid", (game_id, options, assist))
    names = [d[0] for d in found.description]
    rows = []
    for values in found.fetchall():
        row = dict(zip(names, values, strict=True))
        if checked_row(row) is None:
            rows.append(row)
    db.execute("DELETE FROM totals WHERE game = ? AND options = ? AND assist = ?", (game_id, options, assist))
    for g in summarize(rows):
        db.execute("INSERT INTO totals VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                   (game_id, options, assist, g["played"], g["won"], g["lost"], g["abandoned"],
                    g["current_streak"], g["best_streak"], g["best_time"], g["best_score"]))


def _rebuild_totals(db: sqlite3.Connection) -> None:
    db.execute("DELETE FROM totals")
    for group in db.execute("SELECT DISTINCT game, options, assist FROM games").fetchall():
        _rebuild_group(db, *group)


def _readable_rows(path: Path) -> list[tuple]:
    """The rows of a damaged file that can still be read, in rowid order, jumping over what cannot."""
    rows: list[tuple] = []
    try:
        db = sqlite3.connect(f"file:{quote(str(path.resolve()))}?mode=ro", uri=True)
    except sqlite3.Error:
        return rows
    try:
        try:
            names = [r[1] for r in db.execute("PRAGMA table_info(games)").fetchall()]
        except sqlite3.Error:
            return rows
        wanted = [c for c in COLUMNS if c in names]
        if "uid" not in wanted:
            return rows
        select = f"SELECT rowid, {', '.join(wanted)} FROM games WHERE rowid > ? ORDER BY rowid"
        last, step = 0, 1
        while step < 1 << 40:
            try:
                for values in db.execute(select, (last,)):
                    last, step = values[0], 1
                    row = dict(zip(("rowid", *wanted), values, strict=True))
                    row.setdefault("source", "")
                    row.setdefault("assist", "")
                    options = row.get("options")
                    if checked_row(row) is None:
                        row["options"] = options
                        rows.append(tuple(row[c] for c in COLUMNS))
                return rows
            except sqlite3.DatabaseError:
                last += step  # a damaged page: try past it, further each time
                step *= 2
        return rows
    finally:
        db.close()


def _run_script(db: sqlite3.Connection, script: str) -> None:
    """Run the statements of ``script`` inside the open transaction (``executescript`` would commit it)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def summarize(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The figures per game and set of options: played, won, percentage, current and best streak of wins,
    best time (of a won game) and best score. ``rows`` oldest first, as :meth:`Stats.rows` gives them."""
    groups: dict[tuple[str, str], dict[str, Any]] = {}
    for row in rows:
        key = (row["game"], options_key(row["options"]), row.get("assist", ""))
        g = groups.setdefault(key, {"game": row["game"], "options": row["options"], "assist": key[2],
                                    "played": 0, "won": 0,
                                    "lost": 0, "abandoned": 0, "current_streak": 0, "best_streak": 0,
                                    "best_time": None, "best_score": None})
        g["played"] += 1
        g[row["result"]] += 1
        if row["result"] == "won":
            g["current_streak"] += 1
            g["best_streak"] = max(g["best_streak"], g["current_streak"])
            if g["best_time"] is None or row["seconds"] < g["best_time"]:
                g["best_time"] = row["seconds"]
        else:
            g["current_streak"] = 0
        if g["best_score"] is None or row["score"] > g["best_score"]:
            g["best_score"] = row["score"]
    for g in groups.values():
        g["percent"] = round(100.0 * g["won"] / g["played"], 1)
    return [groups[k] for k in sorted(groups)]


def recent(rows: list[dict[str, Any]], limit: int = RECENT) -> list[dict[str, Any]]:
    """The last ``limit`` games, newest first."""
    return list(reversed(rows[-limit:])) if limit else []
