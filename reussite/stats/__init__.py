"""Statistics: every finished or abandoned game, in an SQLite database in the player's data folder.

The text mode and the browser front end both record here (see docs/statistics.md for when a game counts
as won, lost or abandoned). Each game being played has a unique id (``uid``), kept in its autosave or
save; the table's primary key is that id, so recording a game twice never counts it twice. A later,
better result replaces an earlier one (a game lost, then undone and won, is won); never the reverse.

The database is opened per operation (cheap, and safe from any thread or process), in WAL mode with a
busy timeout, so two tabs, or the page and the text mode, write side by side. Its schema has a version
(``PRAGMA user_version``); :data:`MIGRATIONS` takes a file from any earlier version to the current one.
A file that is not a readable database is renamed aside with a message, and a new one is started: the
statistics never stop a game.
"""

from __future__ import annotations

import json
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
from reussite.saves import default_data_dir

DB_NAME = "statistics.sqlite"
BUSY_SECONDS = 10.0  # how long a writer waits for another one
RESULTS = ("abandoned", "lost", "won")  # in order of precedence: a better result replaces a worse one
RECENT = 20

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
)
VERSION = len(MIGRATIONS)

M_SET_ASIDE = N_("The statistics file {file} could not be read and was set aside as {aside} ({reason}); "
                 "a new one was started.")
M_UNUSABLE = N_("The statistics cannot be kept in {file}: {reason}")
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


class Stats:
    """The statistics database at ``path``. Never raises on a damaged or unwritable file: the problem is
    added to :attr:`notices` (messages for the player) and recording goes on where it can."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self.notices: list[Message] = []
        self.usable = True
        self._open()

    @classmethod
    def in_folder(cls, folder: str | os.PathLike | None) -> Stats:
        """The statistics in the data folder ``folder`` (``--data-dir``; by default the player's)."""
        return cls((Path(folder).expanduser() if folder else default_data_dir()) / DB_NAME)

    # -- opening, migrating, setting a bad file aside ------------------------------------------------

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        # isolation_level=None: transactions are begun explicitly (BEGIN IMMEDIATE takes the write lock
        # at once, so two writers queue instead of failing halfway).
        with closing(sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)) as db:
            # In WAL mode NORMAL never corrupts the file; a power cut may lose the last game recorded.
            db.execute("PRAGMA synchronous=NORMAL")
            yield db

    def _open(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            self._unusable(exc)
            return
        for attempt in range(2):
            try:
                self._prepare()
                return
            except sqlite3.OperationalError as exc:  # locked, unreadable, a full disk: not the file's fault
                self._unusable(exc)
                return
            except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed", a failed check
                if attempt:
                    self._unusable(exc)
                    return
                self._set_aside(exc)
            except OSError as exc:
                self._unusable(exc)
                return

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
                db.execute(f"PRAGMA user_version = {VERSION}")
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise

    def _set_aside(self, exc: Exception) -> None:
        stamp = time.strftime("%Y%m%d-%H%M%S")
        aside = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}{self.path.suffix}")
        n = 1
        while aside.exists():
            n += 1
            aside = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}-{n}{self.path.suffix}")
        os.replace(self.path, aside)
        for extra in ("-wal", "-shm"):  # the journal belongs to the bad file, not to the new one
            side = Path(f"{self.path}{extra}")
            if side.exists():
                os.replace(side, Path(f"{aside}{extra}"))
        self.notices.append(Message(M_SET_ASIDE, {"file": str(self.path), "aside": str(aside), "reason": str(exc)}))

    def _unusable(self, exc: Exception) -> None:
        self.usable = False
        reason = os_reason(exc)
        note = Message(M_UNUSABLE, {"file": str(self.path), "reason": reason})
        if note not in self.notices:
            self.notices.append(note)

    # -- recording --------------------------------------------------------------------------------------

    def record(self, uid: str, game, result: str, seconds: float, source: str = "",
               finished: str | None = None) -> bool:
        """Record the game ``uid`` (the engine's ``game``) with ``result``; a second record of the same
        game only replaces the first with a better result. Returns False if it could not be written."""
        if result not in RESULTS:
            raise ValueError(f"result must be one of {RESULTS}, not {result!r}")
        if not self.usable:
            return False
        row = (uid, game.id, options_key(dict(game.option_values)), str(game.number), result, int(game.score()),
               int(game.move_count), round(float(seconds), 1), finished or now_iso(), source)
        rank = "CASE {0} WHEN 'won' THEN 2 WHEN 'lost' THEN 1 ELSE 0 END"
        try:
            with self._connect() as db:
                db.execute(
                    "INSERT INTO games (uid, game, options, number, result, score, moves, seconds, finished, source)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (uid) DO UPDATE SET result = excluded.result, score = excluded.score,"
                    " moves = excluded.moves, seconds = excluded.seconds, finished = excluded.finished,"
                    " source = excluded.source"
                    f" WHERE {rank.format('excluded.result')} > {rank.format('games.result')}", row)
            return True
        except (sqlite3.Error, OSError) as exc:
            self._unusable(exc)
            return False

    def finish(self, uid: str, game, lost: bool, seconds: float, source: str = "") -> str | None:
        """After a move: record the game if it is over (won, or lost by the engine's rule)."""
        result = "won" if game.is_won() else "lost" if lost else None
        if result:
            self.record(uid, game, result, seconds, source)
        return result

    def leave(self, uid: str, game, lost: bool, seconds: float, source: str = "") -> str | None:
        """The player leaves the game for another one: won or lost as it stands, else abandoned if at least
        one move was played (an untouched deal is not a game played)."""
        result = "won" if game.is_won() else "lost" if lost else "abandoned" if game.move_count else None
        if result:
            self.record(uid, game, result, seconds, source)
        return result

    # -- reading ----------------------------------------------------------------------------------------

    def rows(self, game_id: str | None = None) -> list[dict[str, Any]]:
        """Every game recorded (of ``game_id`` only, if given), oldest first."""
        if not self.usable and not self.path.exists():
            return []
        where, params = ("WHERE game = ?", (game_id,)) if game_id else ("", ())
        try:
            with self._connect() as db:
                db.row_factory = sqlite3.Row
                found = db.execute(f"SELECT * FROM games {where} ORDER BY finished, rowid", params).fetchall()
        except (sqlite3.Error, OSError) as exc:
            self._unusable(exc)
            return []
        return [{**dict(r), "options": json.loads(r["options"])} for r in found]


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
        key = (row["game"], options_key(row["options"]))
        g = groups.setdefault(key, {"game": row["game"], "options": row["options"], "played": 0, "won": 0,
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
