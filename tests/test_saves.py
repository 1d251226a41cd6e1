"""Saves: versioned JSON, replayed and verified; bad files get clear errors and never replace good ones."""

from __future__ import annotations

import json
import os

import pytest
from test_engine import random_play

from reussite import saves
from reussite.errors import SaveError
from reussite_plugins.forty_thieves import FortyThieves


@pytest.fixture
def played():
    g = FortyThieves(31337)
    random_play(g, 60, seed=5)
    return g


def test_round_trip_gives_the_same_position_and_moves(tmp_path, played, host):
    path = tmp_path / "game.json"
    saves.save(played, path)
    data = json.loads(path.read_text())
    assert data["format"] == "reussite-save" and data["version"] == 1 and data["game"] == "forty-thieves"
    loaded = saves.load(path, host)
    assert loaded.snapshot() == played.snapshot()
    assert list(loaded.legal_moves()) == list(played.legal_moves())
    assert loaded.history == played.history


@pytest.mark.parametrize("damage, expected", [
    (lambda t: t[: len(t) // 2], "not valid JSON"),
    (lambda t: "", "not valid JSON"),
    (lambda t: "[1, 2]", "not a Réussite save"),
    (lambda t: json.dumps({"format": "pysol"}), "not a Réussite save"),
    (lambda t: t.replace('"version": 1', '"version": 99'), "version 99"),
    (lambda t: t.replace('"game": "forty-thieves"', '"game": "no-such-game"'), "unknown game 'no-such-game'"),
    (lambda t: t.replace('"number": 31337', '"number": 31338'), "cannot be replayed|does not match"),
    (lambda t: t.replace('"number": 31337', '"number": "x"'), "'number' should be a int"),
    (lambda t: t.replace('"moves": [', '"moves": ["t1-t1", '), "move 1"),
    (lambda t: t.replace('"position": "', '"position": "0'), "does not match"),
])
def test_damaged_saves_get_a_clear_error_naming_the_file(tmp_path, played, host, damage, expected):
    path = tmp_path / "game.json"
    saves.save(played, path)
    path.write_text(damage(path.read_text()))
    with pytest.raises(SaveError, match=expected) as info:
        saves.load(path, host)
    assert str(path) in str(info.value)


def test_binary_garbage_is_refused(tmp_path, host):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SaveError, match="not UTF-8"):
        saves.load(path, host)


def test_a_failed_write_leaves_the_old_save_intact(tmp_path, played, monkeypatch):
    path = tmp_path / "game.json"
    saves.save(played, path)
    good = path.read_text()

    def full_disk(fd):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full_disk)
    played.push(next(iter(played.legal_moves())))
    with pytest.raises(SaveError, match="no space left on the disk") as caught:
        saves.save(played, path)
    from reussite.l10n import host_translator
    assert host_translator("fr").render(caught.value.message).endswith("\u00a0: plus de place sur le disque")
    assert path.read_text() == good
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temporary file left behind


def test_moves_taken_back_can_still_be_redone_after_loading(tmp_path, played, host):
    undone = [played.pop() for _ in range(3)]
    path = tmp_path / "game.json"
    saves.save(played, path)
    loaded = saves.load(path, host)
    assert loaded.snapshot() == played.snapshot()
    assert loaded.redo_moves == undone[::-1] == played.redo_moves
    for move in reversed(undone):
        assert loaded.redo() == move
    assert not loaded.can_redo


def test_a_redo_list_that_does_not_replay_is_an_error(tmp_path, played, host):
    played.pop()
    path = tmp_path / "game.json"
    saves.save(played, path)
    data = json.loads(path.read_text())
    data["redo"] = ["t1-t1"]
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="redo move 1"):
        saves.load(path, host)
