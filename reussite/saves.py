"""Saved games: a documented, versioned JSON format that is replayed and verified on load.

Format (version 1)::

    {
      "format": "reussite-save",
      "version": 1,
      "game": "forty-thieves",          # the game id
      "number": 12345,                   # the game number (PySolFC-compatible deal)
      "options": {"deal": "3"},          # the game's options, every one spelled out
      "moves": ["t3-f1", "deal", ...],   # the moves played, in the game's notation
      "position": "9f2c0a...",           # digest of the position after the moves
      "redo": ["w-t5"],                  # optional: moves taken back that redo would play, next first
      "uid": "3f2a..."                   # optional: this game's id in the statistics (reussite.stats)
    }

Readers ignore fields they do not know, so a front end may keep its own (the browser keeps the time played).

Loading rebuilds the deal from game and number, replays every move through the rules and compares the
digest: a corrupt, truncated, foreign or tampered file gives a :class:`SaveError` that names the file and
what is wrong. Writing goes to a temporary file in the same folder, then renames it over the target and
syncs the folder, so a crash or a full disk never leaves a half-written save in place of a good one; the
temporary files a killed writer leaves are removed by the next write.

:func:`parse_json` is the one bounded JSON reader for saves, autosaves and the web API's request bodies: a
hostile document (nested too deep, a number of thousands of digits, a FIFO or a device in place of a
file) gets a :class:`~reussite.errors.UserError` naming the file and line, never a traceback or a hang.
"""

from __future__ import annotations

import errno
import glob
import json
import math
import os
import re
import stat
import tempfile
import threading
import time
import unicodedata
from concurrent.futures import ThreadPoolExecutor
from itertools import accumulate
from pathlib import Path
from typing import Any

from reussite.errors import SaveError, UserError, json_reason, os_reason
from reussite.messages import N_, Message

FORMAT = "reussite-save"
VERSION = 1
MAX_SAVE_BYTES = 8 * 1024 * 1024
MAX_JSON_DEPTH = 32  # a save needs 3 levels; deep nesting would exhaust the parser's stack
SAVES_FOLDER = "saves"  # the named saves' subfolder of the data folder
MAX_NAME = 64  # characters of a save's name
MAX_INT_DIGITS = 40  # game numbers have at most 20 digits; Python refuses str->int past 4,300
_SHOWN = 60  # characters of a bad value quoted in an error
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_DEPTH = {"[": 1, "{": 1, "]": -1, "}": -1}
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class _TooManyDigits(ValueError):
    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _TooManyDigits(text)
    return int(text)


def shown(value: Any) -> str:
    """``repr(value)``, cut short: an error quotes a bad value, not megabytes of it."""
    text = repr(value)
    return text if len(text) <= _SHOWN else text[: _SHOWN - 1] + "…"


def parse_json(data: bytes, where: str | Message, limit: int = MAX_SAVE_BYTES) -> Any:
    """``data`` as JSON, within bounds (size, nesting depth, digits of an integer), or a UserError naming
    ``where`` and the line. NaN and infinities are parsed as floats: callers that need a number check it
    with :func:`finite_number`."""
    if len(data) > limit:
        raise UserError(N_("{file}: more than {limit} bytes, too large"), file=where, limit=limit)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UserError(N_("{file}: line {line}: not UTF-8 text"), file=where, line=line) from None
    deepest = json_depth(text)
    if deepest > MAX_JSON_DEPTH:
        raise UserError(N_("{file}: nested {depth} levels deep (at most {limit})"), file=where,
                        depth=deepest, limit=MAX_JSON_DEPTH)
    try:
        return json.loads(text, parse_int=_bounded_int)
    except _TooManyDigits as exc:
        line = text[: max(text.find(exc.text), 0)].count("\n") + 1
        raise UserError(N_("{file}: line {line}: a number of {digits} digits is too long (at most {limit})"),
                        file=where, line=line, digits=len(exc.text.lstrip("-")), limit=MAX_INT_DIGITS) from None
    except json.JSONDecodeError as exc:
        raise UserError(N_("{file}: line {line}, column {column}: not valid JSON ({reason})"),
                        file=where, line=exc.lineno, column=exc.colno, reason=json_reason(exc)) from None
    except RecursionError:  # the depth check above should make this unreachable
        raise UserError(N_("{file}: nested too deep"), file=where) from None


def json_depth(text: str) -> int:
    """How deep ``text``'s brackets nest, outside strings: measured before the recursive parser sees them
    (it would exhaust the stack)."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    return max(accumulate(_DEPTH[c] for c in brackets)) if brackets else 0


class OutOfBounds(ValueError):
    """A JSON line nested too deep or with too long a number: never a line cut short."""


def loads_line(line: bytes | str) -> Any:
    """One line of a JSON-lines file (the autosave's journal, a results file), within the bounds of
    :func:`parse_json`; a ValueError saying what is wrong otherwise (its reader names the file and line)."""
    text = line.decode("utf-8") if isinstance(line, bytes) else line
    deepest = json_depth(text)
    if deepest > MAX_JSON_DEPTH:
        raise OutOfBounds(f"nested {deepest} levels deep (at most {MAX_JSON_DEPTH})")
    try:
        return json.loads(text, parse_int=_bounded_int)
    except _TooManyDigits as exc:
        raise OutOfBounds(f"a number of {len(exc.text.lstrip('-'))} digits (at most {MAX_INT_DIGITS})") from None


def read_bounded(path: str | os.PathLike, limit: int = MAX_SAVE_BYTES, own: bool = False) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit``; a UserError otherwise.

    Opened without blocking (a FIFO must not hang) and read up to the limit whatever the file claims
    (a device such as /dev/zero says it holds 0 bytes and never ends). ``own``: a file of the data folder
    (the autosave, a named save), which is never read through a symbolic link, nor when it has more than
    one link (a hard link): a link planted there would serve another file of the machine to the page (the
    saves folder itself is checked by :func:`saves_folder`)."""
    where = os.fspath(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0)
    if own:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise UserError(N_("{file}: no such file"), file=where) from None
    except OSError as exc:
        if own and os.path.islink(where):
            raise UserError(N_("{file}: a symbolic link, which is not followed"), file=where) from None
        raise UserError(N_("{file}: cannot read: {reason}"), file=where, reason=os_reason(exc)) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UserError(N_("{file}: not a regular file (a folder, a device or a pipe)"), file=where)
        if own and info.st_nlink > 1:  # a hard link serves another file as a link would
            raise UserError(N_("{file}: a file with more than one link (a hard link), which is not read"),
                            file=where)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise UserError(N_("{file}: cannot read: {reason}"), file=where, reason=os_reason(exc)) from None
    finally:
        os.close(fd)
    if size > limit:
        raise UserError(N_("{file}: more than {limit} bytes, too large"), file=where, limit=limit)
    return b"".join(chunks)


def read_json_file(path: str | os.PathLike, limit: int = MAX_SAVE_BYTES, own: bool = False) -> Any:
    """The JSON document in ``path``, read with :func:`read_bounded` and :func:`parse_json`."""
    return parse_json(read_bounded(path, limit, own), os.fspath(path), limit)


def finite_number(value: Any) -> bool:
    """A JSON number a program can compute with: not a boolean, NaN or an infinity."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def default_data_dir(environ: dict[str, str] | None = None) -> Path:
    """``$REUSSITE_DATA_DIR``, else ``$XDG_DATA_HOME/reussite``, else ``~/.local/share/reussite``."""
    env = os.environ if environ is None else environ
    if env.get("REUSSITE_DATA_DIR"):
        return Path(env["REUSSITE_DATA_DIR"]).expanduser()
    if env.get("XDG_DATA_HOME"):
        return Path(env["XDG_DATA_HOME"]).expanduser() / "reussite"
    return Path.home() / ".local" / "share" / "reussite"


def to_json(game, uid: str | None = None) -> dict[str, Any]:
    data = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "number": game.number,
        "options": dict(game.option_values),
        "moves": [game.notation(m) for m in game.history],
        "position": game.digest(),
        "redo": [game.notation(m) for m in game.redo_moves],
    }
    if uid:
        data["uid"] = uid
    return data


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (never a half-written file)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
        started = os.fstat(fd).st_mtime_ns
        with os.fdopen(fd, "w", encoding="utf-8") as fp:
            fp.write(text)
            fp.flush()
            os.fsync(fp.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    _sync_folder(folder)
    remove_temporaries(target, before_ns=started)


def unwritable(folder: str | os.PathLike) -> OSError | None:
    """Why nothing can be written in the existing ``folder`` (a read-only mount, a folder of mode 555), or
    None. Found by trying, not from the folder's mode: root writes in a folder of mode 555, and no mode
    says a mount is read-only."""
    try:
        fd, tmp = tempfile.mkstemp(prefix=".write-test.", suffix=".tmp", dir=folder)
    except OSError as exc:
        return exc if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS) else None
    os.close(fd)
    os.unlink(tmp)
    return None


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable (a power cut right after must not bring the old file back)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems cannot sync a folder; the file itself is synced
    finally:
        os.close(fd)


def remove_temporaries(path: str | os.PathLike, before_ns: int | None = None) -> int:
    """Remove the temporary files a killed writer of ``path`` left (older than ``before_ns``, by default
    now: a writer running at this instant keeps its own). Returns how many were removed."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    cutoff = time.time_ns() if before_ns is None else before_ns
    removed = 0
    try:
        found = list(folder.glob(f".{glob.escape(target.name)}.*.tmp"))
    except OSError:
        return 0
    for leftover in found:
        try:
            if leftover.lstat().st_mtime_ns < cutoff and stat.S_ISREG(leftover.lstat().st_mode):
                leftover.unlink()
                removed += 1
        except OSError:
            pass  # gone already, or not ours to remove
    return removed


def save(game, path: str | os.PathLike, uid: str | None = None) -> None:
    try:
        atomic_write_text(path, json.dumps(to_json(game, uid), indent=1) + "\n")
    except OSError as exc:
        raise SaveError(N_("cannot write save {file}: {reason}"), file=os.fspath(path),
                        reason=os_reason(exc)) from exc


def from_json(data: Any, host, where: str = "save"):
    """Rebuild a game from parsed save data; ``where`` names the source in errors."""
    if not isinstance(data, dict):
        raise SaveError(N_("{file}: not a Réussite save (the top level is not a JSON object)"), file=where)
    if data.get("format") != FORMAT:
        raise SaveError(N_("{file}: not a Réussite save (format is {found!r}, expected {expected!r})"),
                        file=where, found=str(data.get("format")), expected=FORMAT)
    version = data.get("version")
    if version != VERSION:
        raise SaveError(N_("{file}: save format version {version} is not supported (this Réussite reads {supported})"),
                        file=where, version=repr(version), supported=VERSION)
    for key, kind in (("game", str), ("number", int), ("options", dict), ("moves", list), ("position", str)):
        if key not in data:
            raise SaveError(N_("{file}: the field {field!r} is missing"), file=where, field=key)
        if not isinstance(data[key], kind) or (kind is int and isinstance(data[key], bool)):
            raise SaveError(N_("{file}: the field {field!r} should be a {kind}, not {value}"),
                            file=where, field=key, kind=kind.__name__, value=shown(data[key]))
    try:
        game = host.new_game(data["game"], data["number"], {str(k): str(v) for k, v in data["options"].items()})
    except UserError as exc:
        raise SaveError(N_("{file}: {reason}"), file=where, reason=exc.message) from exc
    for i, text in enumerate(data["moves"], 1):
        if not isinstance(text, str):
            raise SaveError(N_("{file}: move {number} is {value}, not a move"), file=where, number=i, value=shown(text))
        try:
            with host.guard(game):
                game.push(game.parse_move(text))
        except UserError as exc:
            raise SaveError(N_("{file}: move {number} ({move!r}) cannot be replayed: {reason}"),
                            file=where, number=i, move=text, reason=exc.message) from exc
    redo = data.get("redo", [])
    if not isinstance(redo, list):
        raise SaveError(N_("{file}: the field {field!r} should be a {kind}, not {value}"),
                        file=where, field="redo", kind="list", value=repr(redo))
    if game.digest() != data["position"]:
        raise SaveError(N_("{file}: the position after the moves does not match the saved one (edited or damaged)"),
                        file=where)
    _restore_redo(game, redo, where, host)
    try:  # the position must be one the game can go on from, or the front end could not show it
        with host.guard(game):
            host.probe(game)
    except UserError as exc:
        raise SaveError(N_("{file}: {reason}"), file=where, reason=exc.message) from exc
    return game


def _restore_redo(game, redo: list, where: str, host) -> None:
    """Play the redo moves and take them back, so that redo works after loading."""
    for i, text in enumerate(redo, 1):
        try:
            with host.guard(game):
                game.push(game.parse_move(str(text)))
        except UserError as exc:
            raise SaveError(N_("{file}: redo move {number} ({move!r}) cannot be replayed: {reason}"),
                            file=where, number=i, move=str(text), reason=exc.message) from exc
    for _ in redo:
        game.pop()


def load(path: str | os.PathLike, host):
    return from_json(read_save(path), host, os.fspath(path))


def read_save(path: str | os.PathLike, own: bool = False) -> Any:
    """The parsed JSON of a save file (not yet checked as a save); a SaveError naming the file otherwise.
    ``own``: a file of the data folder (no symbolic link followed, see :func:`read_bounded`)."""
    try:
        return read_json_file(path, own=own)
    except UserError as exc:
        raise SaveError(exc.message) from None


# -- the autosave's journal: a move appends a line instead of rewriting the whole save ----------------------

JOURNAL_KEY = "journal"  # in the base save: the token its journal's lines carry
MAX_JOURNAL_BYTES = 16 * 1024 * 1024
SYNCER_IDLE_SECONDS = 5.0  # the autosave's syncing thread ends after this long with nothing to sync


def journal_path(path: str | os.PathLike) -> Path:
    return Path(path).with_suffix(".journal")


def journal_entry(token: str, keep: int, add: list[str], redo_keep: int, redo_add: list[str], position: str,
                  extra: dict[str, Any]) -> bytes:
    """One line of the journal: keep the first ``keep`` moves and add ``add`` (the same for the moves to
    redo), reaching ``position``; ``extra`` replaces the save's front end fields (the time played)."""
    return (json.dumps({JOURNAL_KEY: token, "keep": keep, "add": add, "redo_keep": redo_keep, "redo_add": redo_add,
                        "position": position, "extra": extra}, ensure_ascii=False, separators=(",", ":"))
            + "\n").encode("utf-8")


def append_journal(path: str | os.PathLike, line: bytes, sync: bool = True) -> int | None:
    """Append ``line`` to the journal, and sync it; ``sync=False``: the open file is returned instead, for
    the caller to sync (and close) later with other lines (see :class:`AutosaveWriter`)."""
    fd = os.open(journal_path(path), os.O_WRONLY | os.O_APPEND | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        view = memoryview(line)
        while view:  # a nearly full disk may take part of the line, then refuse the rest (ENOSPC)
            view = view[os.write(fd, view):]
        if not sync:
            return fd
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        raise
    os.close(fd)
    return None


class AutosaveWriter:
    """The autosave's writes, off the caller's thread: its whole save (the base) and its journal's lines,
    written in the order given by one thread, and synced by another, one sync for all the lines written
    since the last one (docs/architecture.md, durability).

    A caller waits (if it wants to) only for its line to reach the system, never for the disk: once
    written, a kill of the process loses nothing; a power cut may lose the lines whose sync had not ended.
    The base is written and synced (file and rename) in the writing thread itself.

    A line is written only onto the base it was made for (``token``): after a failure (a full disk), the
    lines that follow are refused too until a new base is written, so the journal never holds a change
    with an earlier one missing. Every call returns a Future of ``True`` (written), ``False`` (not written:
    its base was not, or the autosave was removed meanwhile) or the OSError's reason;
    :meth:`take_sync_error` gives a failed sync's reason (the journal's lines since may be lost: the caller
    writes a new base)."""

    def __init__(self, path: str | os.PathLike) -> None:
        self.path = Path(path)
        self._pool: ThreadPoolExecutor | None = None  # started on first use, again after close()
        self._token: str | None = None  # the base written last (writing thread only); None: none or it failed
        self._cond = threading.Condition()
        self._unsynced: list[int] = []  # open journal files written to since the last sync
        self._syncing = False
        self._sync_error: str | None = None
        self._closed = False
        self._syncer: threading.Thread | None = None  # started with the first line, ends when idle

    def _submit(self, work, *args):
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="reussite-autosave")
        return self._pool.submit(work, *args)

    def write_base(self, text: str, token: str):
        return self._submit(self._base, text, token)

    def append(self, token: str, line: bytes):
        return self._submit(self._append, token, line)

    def run(self, work):
        """Any other write of the data folder (a named save), in order with the autosave's."""
        return self._submit(work)

    def _base(self, text: str, token: str) -> bool | str:
        self._token = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_text(self.path, text)
            try:
                os.unlink(journal_path(self.path))
            except FileNotFoundError:
                pass
        except OSError as exc:
            return os_reason(exc)
        self._token = token
        return True

    def _append(self, token: str, line: bytes) -> bool | str:
        if token != self._token:
            return False  # its base was not written (a failure, said already)
        if not self.path.exists():  # a journal without its base would be lost
            self._token = None
            return False
        try:
            fd = append_journal(self.path, line, sync=False)
        except OSError as exc:
            self._token = None
            return os_reason(exc)
        with self._cond:
            self._unsynced.append(fd)
            if self._syncer is None:
                self._syncer = threading.Thread(target=self._sync_loop, name="reussite-autosave-sync", daemon=True)
                self._syncer.start()
            self._cond.notify_all()
        return True

    def _sync_loop(self) -> None:
        while True:
            with self._cond:
                if not self._unsynced and not self._closed:
                    self._cond.wait(SYNCER_IDLE_SECONDS)
                if not self._unsynced:  # idle (or closing): the next line starts another
                    self._syncer = None
                    self._cond.notify_all()
                    return
                files, self._unsynced = self._unsynced, []
                self._syncing = True
            try:
                # The files are the journal opened once per line (and, after a new base, the old one):
                # one sync per file on disk covers every line written to it.
                last = {}
                for fd in files:
                    info = os.fstat(fd)
                    last[info.st_dev, info.st_ino] = fd
                for fd in last.values():
                    os.fsync(fd)
            except OSError as exc:
                with self._cond:
                    self._sync_error = os_reason(exc)
            finally:
                for fd in files:
                    os.close(fd)
                with self._cond:
                    self._syncing = False
                    self._cond.notify_all()

    def take_sync_error(self) -> str | None:
        with self._cond:
            error, self._sync_error = self._sync_error, None
        return error

    def flush(self) -> None:
        """Wait until everything given so far is written and synced."""
        if self._pool is not None:
            self._pool.submit(lambda: None).result()
        with self._cond:
            while self._unsynced or self._syncing:
                self._cond.wait()

    def close(self) -> None:
        """Everything written and synced, the threads ended (a later write starts them again)."""
        self.flush()
        if self._pool is not None:
            self._pool.shutdown(wait=True)
            self._pool = None
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            while self._syncer is not None:
                self._cond.wait()
            self._closed = False


def read_with_journal(path: str | os.PathLike, extra_key: str) -> Any:
    """The save in ``path`` with its journal's lines applied (the state after the last change). A last line
    cut short (a kill in the middle of an append) is left out; lines of another base (left by a kill
    between a new base and the journal's removal) are ignored; any other damage is a SaveError."""
    data = read_save(path, own=True)
    jpath = journal_path(path)
    token = data.get(JOURNAL_KEY) if isinstance(data, dict) else None
    if not isinstance(token, str) or not os.path.lexists(jpath):
        return data
    try:
        raw = read_bounded(jpath, MAX_JOURNAL_BYTES, own=True)
    except UserError as exc:
        raise SaveError(exc.message) from None
    moves, redo = data.get("moves"), data.get("redo", [])
    if not isinstance(moves, list) or not isinstance(redo, list):
        return data  # from_json names what is wrong
    lines = raw.split(b"\n")
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        depth = json_depth(line.decode("utf-8", "replace"))
        if depth > MAX_JSON_DEPTH:  # no append writes that: damage, even on the last line
            raise SaveError(N_("{file}: line {line}: nested {depth} levels deep (at most {limit})"),
                            file=str(jpath), line=number, depth=depth, limit=MAX_JSON_DEPTH)
        try:
            entry = loads_line(line)
        except ValueError as exc:
            if not isinstance(exc, OutOfBounds) and not any(rest.strip() for rest in lines[number:]):
                break  # the last append was cut short: the change before it is the last one kept
            raise SaveError(N_("{file}: line {line}: not a journal entry"), file=str(jpath), line=number) from None
        if not isinstance(entry, dict) or entry.get(JOURNAL_KEY) != token:
            continue
        keep, redo_keep = entry.get("keep"), entry.get("redo_keep")
        add, redo_add = entry.get("add"), entry.get("redo_add")
        if not (isinstance(keep, int) and isinstance(redo_keep, int) and 0 <= keep <= len(moves)
                and 0 <= redo_keep <= len(redo) and isinstance(add, list) and isinstance(redo_add, list)
                and isinstance(entry.get("position"), str)):
            raise SaveError(N_("{file}: line {line}: not a journal entry"), file=str(jpath), line=number)
        del moves[keep:]
        moves.extend(add)
        del redo[redo_keep:]
        redo.extend(redo_add)
        data["position"] = entry["position"]
        if isinstance(entry.get("extra"), dict):
            data[extra_key] = entry["extra"]
    data["moves"], data["redo"] = moves, redo
    return data


# -- named saves in a folder (the browser's "Save" and "Load"; the files are ordinary saves) ------------


def save_name(name: Any) -> str:
    """``name`` (NFC) if it can name a saved game: 1 to MAX_NAME letters, digits, spaces, '-' and '_', not
    starting or ending with a space. Anything else (a path, '..', a hidden file) is a UserError naming it."""
    text = unicodedata.normalize("NFC", name) if isinstance(name, str) else ""
    if (not 1 <= len(text) <= MAX_NAME or text != text.strip()
            or not all(c.isalnum() or c in " -_" for c in text)):
        raise UserError(N_("{name} cannot name a saved game: use 1 to {limit} letters, digits, spaces, "
                           "'-' or '_' (no '/', '.' or other signs)"), name=shown(name), limit=MAX_NAME)
    return text


def saves_folder(folder: str | os.PathLike) -> Path:
    """``folder``, the named saves' folder, unless it is a symbolic link (not followed: see read_bounded)."""
    if os.path.islink(folder):
        raise UserError(N_("{folder}: the saves folder is a symbolic link, which is not followed"),
                        folder=os.fspath(folder))
    return Path(folder)


def named_path(folder: str | os.PathLike, name: Any) -> Path:
    """The file of the saved game ``name`` in ``folder`` (checked with :func:`save_name`)."""
    return saves_folder(folder) / f"{save_name(name)}.json"


def list_named(folder: str | os.PathLike) -> list[dict[str, Any]]:
    """The saved games in ``folder``, by name: ``name``, ``game``, ``number`` (text), ``moves``, ``mtime``
    and the parsed ``data``; a file that cannot be read has ``error`` instead. Files whose name is not a
    save name (temporaries, other files) are left out."""
    rows = []
    try:
        found = sorted(saves_folder(folder).glob("*.json"))
    except OSError:
        return []
    for path in found:
        try:
            name = save_name(path.stem)
        except UserError:
            continue
        if name != path.stem:
            continue  # not NFC: it could not be loaded by that name
        row: dict[str, Any] = {"name": name}
        try:
            row["mtime"] = path.lstat().st_mtime
            data = read_save(path, own=True)
            if not isinstance(data, dict):
                raise SaveError(N_("{file}: not a Réussite save (the top level is not a JSON object)"), file=str(path))
            if data.get("format") != FORMAT:
                raise SaveError(N_("{file}: not a Réussite save (format is {found!r}, expected {expected!r})"),
                                file=str(path), found=str(data.get("format")), expected=FORMAT)
            row.update(game=str(data.get("game")), number=str(data.get("number")),
                       moves=len(data["moves"]) if isinstance(data.get("moves"), list) else 0, data=data)
        except (UserError, OSError) as exc:
            row["error"] = exc.message if isinstance(exc, UserError) else str(exc)
        rows.append(row)
    rows.sort(key=lambda r: r["name"].casefold())
    return rows
