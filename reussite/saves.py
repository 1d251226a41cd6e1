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
      "redo": ["w-t5"]                   # optional: moves taken back that redo would play, next first
    }

Readers ignore fields they do not know, so a front end may keep its own (the browser keeps the time played).

Loading rebuilds the deal from game and number, replays every move through the rules and compares the
digest: a corrupt, truncated, foreign or tampered file gives a :class:`SaveError` that names the file and
what is wrong. Writing goes to a temporary file in the same folder, then renames it over the target, so a
crash or a full disk never leaves a half-written save in place of a good one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from reussite.errors import SaveError, UserError
from reussite.messages import N_

FORMAT = "reussite-save"
VERSION = 1
MAX_SAVE_BYTES = 8 * 1024 * 1024


def to_json(game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.id,
        "number": game.number,
        "options": dict(game.option_values),
        "moves": [game.notation(m) for m in game.history],
        "position": game.digest(),
        "redo": [game.notation(m) for m in game.redo_moves],
    }


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (never a half-written file)."""
    target = Path(path)
    folder = target.parent if str(target.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
    try:
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


def save(game, path: str | os.PathLike) -> None:
    try:
        atomic_write_text(path, json.dumps(to_json(game), indent=1) + "\n")
    except OSError as exc:
        raise SaveError(N_("cannot write save {file}: {reason}"), file=os.fspath(path),
                        reason=exc.strerror or str(exc)) from exc


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
                            file=where, field=key, kind=kind.__name__, value=repr(data[key]))
    try:
        game = host.new_game(data["game"], data["number"], {str(k): str(v) for k, v in data["options"].items()})
    except UserError as exc:
        raise SaveError(N_("{file}: {reason}"), file=where, reason=exc.message) from exc
    for i, text in enumerate(data["moves"], 1):
        if not isinstance(text, str):
            raise SaveError(N_("{file}: move {number} is {value}, not a move"), file=where, number=i, value=repr(text))
        try:
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
    _restore_redo(game, redo, where)
    return game


def _restore_redo(game, redo: list, where: str) -> None:
    """Play the redo moves and take them back, so that redo works after loading."""
    for i, text in enumerate(redo, 1):
        try:
            game.push(game.parse_move(str(text)))
        except UserError as exc:
            raise SaveError(N_("{file}: redo move {number} ({move!r}) cannot be replayed: {reason}"),
                            file=where, number=i, move=str(text), reason=exc.message) from exc
    for _ in redo:
        game.pop()


def load(path: str | os.PathLike, host):
    where = os.fspath(path)
    try:
        size = os.path.getsize(path)
        if size > MAX_SAVE_BYTES:
            raise SaveError(N_("{file}: {size} bytes is too large for a save"), file=where, size=size)
        with open(path, encoding="utf-8") as fp:
            text = fp.read()
    except FileNotFoundError as exc:
        raise SaveError(N_("{file}: no such file"), file=where) from exc
    except UnicodeDecodeError as exc:
        raise SaveError(N_("{file}: not a Réussite save (not UTF-8 text)"), file=where) from exc
    except OSError as exc:
        raise SaveError(N_("{file}: cannot read: {reason}"), file=where, reason=exc.strerror or str(exc)) from exc
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SaveError(N_("{file}: line {line}, column {column}: not valid JSON ({reason}); "
                           "the file may be truncated"),
                        file=where, line=exc.lineno, column=exc.colno, reason=exc.msg) from exc
    return from_json(data, host, where)
