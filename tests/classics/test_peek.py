"""Peek: the bundled Osmosis with its reserves face up (PySolFC's game 716 deals Osmosis with flip=1)."""

from __future__ import annotations

import os

import classics_support  # noqa: F401  (skips this module when reussite-classics is not installed)
from reussite_classics.peek import Peek

from reussite_plugins.osmosis import Osmosis

NUMBERS = range(1, 1001) if os.environ.get("CI") else range(1, 31)


def test_peek_deals_osmosis_cards_all_face_up():
    for number in [*NUMBERS, 32000, 10**12]:
        peek, osmosis = Peek(number), Osmosis(number)
        assert [[c.code for c in pile] for pile in peek.cards] == [[c.code for c in pile] for pile in osmosis.cards]
        assert not any(peek.face_down[i] for i in peek.reserve_ix), number
        assert [osmosis.face_down[i] for i in osmosis.reserve_ix] == [3] * 4


def test_peek_plays_by_osmosis_rules():
    game = Peek(3)
    base = game.cards[game.foundation_ix[0]][0]
    # Every reserve card shows, but only a reserve's top card plays.
    for i in game.reserve_ix:
        assert all(game.is_face_up(i, k) for k in range(4))
    moves = {(game.specs[m.src].id, m.n) for m in game.legal_moves() if hasattr(m, "src")}
    assert all(n == 1 for _, n in moves)
    # The second foundation starts with the base card's rank; the third waits for the second.
    assert {k >> 2 for k in game.takes(game.foundation_ix[1])} == {base.rank}
    assert game.takes(game.foundation_ix[2]) == frozenset()
    assert game.option_values == {"deal": "1"} and game.redeals == 2
