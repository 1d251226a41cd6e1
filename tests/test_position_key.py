"""What the search builds on: the canonical position key, cheap copies, positions built from a description,
and the end of a game when no move reaches a new position."""

from __future__ import annotations

import pytest

from reussite.game import Move, Outcome
from reussite.variant import VariantError


def _layout(game_cls, stacks: dict[str, list[str]], **extra):
    return game_cls.from_layout({"stacks": [{"id": k, "cards": v} for k, v in stacks.items()], **extra})


def _swap(game, a: int, b: int) -> None:
    game.cards[a], game.cards[b] = game.cards[b], game.cards[a]
    game.face_down[a], game.face_down[b] = game.face_down[b], game.face_down[a]
    game._stack_keys[a] = game._stack_keys[b] = None


def test_forty_thieves_piles_and_foundations_are_interchangeable(host):
    game = host.game("forty-thieves")(7)
    key = game.position_key()
    t1, t2 = game.index["tableau-1"], game.index["tableau-7"]
    other = game.copy()
    _swap(other, t1, t2)
    assert other.snapshot() != game.snapshot()
    assert other.position_key() == key
    f1, f2 = game.index["foundation-1"], game.index["foundation-5"]
    other.cards[f1].append(other.cards[t1].pop())
    other._stack_keys[f1] = other._stack_keys[t1] = None
    moved = other.position_key()
    third = other.copy()
    _swap(third, f1, f2)
    assert third.position_key() == moved != key


def test_identical_cards_of_two_packs_are_one_card(host):
    cls = host.game("forty-thieves")
    a = _layout(cls, {"tableau-1": ["5H"], "tableau-2": ["5H"]})
    b = a.copy()
    t1 = b.index["tableau-1"]
    b.cards[t1] = [b.cards[t1][0]._replace(deck=1 - b.cards[t1][0].deck)]
    b._stack_keys[t1] = None
    assert a.snapshot() != b.snapshot()
    assert a.position_key() == b.position_key()


def test_tournament_columns_keep_their_places_but_reserves_do_not(host):
    game = host.game("tournament")(11)
    key = game.position_key()
    columns = game.copy()
    _swap(columns, *game.tableau_ix[:2])
    assert columns.position_key() != key  # deals and redeals go column by column (R-TO-10, R-TO-11)
    reserves = game.copy()
    _swap(reserves, game.reserve_ix[0], game.reserve_ix[5])
    assert reserves.position_key() == key


def test_mount_olympus_piles_are_alike_only_once_the_stock_is_gone(host):
    cls = host.game("mount-olympus")
    with_stock = _layout(cls, {"stock": ["3C"], "tableau-1": ["9D"], "tableau-2": ["KH"]})
    swapped = with_stock.copy()
    _swap(swapped, *with_stock.tableau_ix[:2])
    assert swapped.position_key() != with_stock.position_key()  # R-MO-5 refills pile by pile
    without = _layout(cls, {"tableau-1": ["9D"], "tableau-2": ["KH"]})
    swapped = without.copy()
    _swap(swapped, *without.tableau_ix[:2])
    assert swapped.position_key() == without.position_key()


def test_redeals_count_in_the_key_only_when_limited(host):
    limited = host.game("osmosis")(5)
    more = limited.copy()
    more.redeals_used += 1
    assert more.position_key() != limited.position_key()
    unlimited = host.game("osmosis")(5, {"deal": "3"})
    more = unlimited.copy()
    more.redeals_used += 1
    assert more.position_key() == unlimited.position_key()


def test_key_follows_moves_and_undo(host):
    game = host.game("forty-thieves")(20980)
    start = game.position_key()
    for _ in range(30):
        move = next(iter(game.legal_moves()))
        game.push(move)
        assert game.position_key() == game.copy(history=False).from_layout(game.layout_json()).position_key()
    while game.can_undo:
        game.pop()
    assert game.position_key() == start


def test_copy_is_independent_and_keeps_history_when_asked(host):
    game = host.game("osmosis")(3)
    game.push(next(iter(game.legal_moves())))
    twin = game.copy()
    bare = game.copy(history=False)
    assert twin.history == game.history and bare.history == []
    before = game.snapshot()
    twin.push(next(iter(twin.legal_moves())))
    bare.push(next(iter(bare.legal_moves())))
    assert game.snapshot() == before
    assert twin.pop() and game.snapshot() == twin.snapshot()


def test_from_layout_round_trips_the_deal(host):
    for game_id in ("forty-thieves", "tournament", "mount-olympus", "osmosis"):
        game = host.game(game_id)(42)
        again = type(game).from_layout(game.layout_json())
        assert again.position_key() == game.position_key()
        assert [c.code for p in again.cards for c in p] == [c.code for p in game.cards for c in p]
        assert list(again.legal_moves()) == list(game.legal_moves())


@pytest.mark.parametrize(("stacks", "words"), [
    ({"tableau-99": ["5H"]}, "no stack 'tableau-99'"),
    ({"tableau-1": ["5X"]}, "tableau-1: not a card code: '5X'"),
    ({"tableau-1": ["5H", "5H"], "tableau-2": ["5H"]}, "tableau-2: 5H appears more often"),
])
def test_from_layout_names_what_is_wrong(host, stacks, words):
    with pytest.raises(VariantError, match=words.replace("(", r"\(")):
        _layout(host.game("forty-thieves"), stacks)


def test_from_layout_checks_face_down_counts(host):
    cls = host.game("forty-thieves")
    with pytest.raises(VariantError, match="tableau-3: face_down 2 is not between 0 and 1"):
        cls.from_layout({"stacks": [{"id": "tableau-3", "cards": ["5H"], "face_down": 2}]})


def test_back_and_forth_moves_do_not_keep_a_game_alive(host):
    """Mount Olympus with the stock gone: an 8♦ can only shuttle between two 10♦ piles and an empty pile."""
    game = _layout(host.game("mount-olympus"), {"tableau-1": ["TD"], "tableau-2": ["TD", "8D"]})
    assert not game.is_lost()
    t2, t3 = game.tableau_ix[1], game.tableau_ix[2]
    game.push(Move(t2, t3))
    assert list(game.legal_moves()), "moves remain, but every one returns to a position already reached"
    assert game.progress_moves() == []
    assert game.is_lost() and game.outcome() is Outcome.LOST
    game.pop()
    assert not game.is_lost() and game.outcome() is None


def test_undo_forgets_positions_it_takes_back(host):
    game = host.game("forty-thieves")(3)
    for _ in range(5):
        game.push(next(iter(game.legal_moves())))
    game.pop()
    game.pop()
    assert len(game._path_keys) == game.move_count + 1
    assert game.seen_positions() == {game.copy(history=False).position_key()} | set(game._path_keys)


@pytest.mark.parametrize("game_id", ["forty-thieves", "mount-olympus"])
def test_the_positions_reached_are_kept_exactly_through_moves_undos_and_redos(host, game_id):
    """progress_moves (and so is_lost) asks the kept positions one key at a time, never building the set;
    through random moves, undos and redos it answers as the whole set of positions reached would."""
    import random

    rng = random.Random(4)
    game = host.game(game_id)(5)
    for _ in range(300):
        roll = rng.random()
        if roll < 0.25 and game.can_undo:
            game.pop()
        elif roll < 0.35 and game.can_redo:
            game.redo()
        else:
            moves = list(game.legal_moves())
            if not moves:
                break
            game.push(rng.choice(moves))
        seen = game.seen_positions()
        probe = game.copy(history=False)
        expected = []
        for move in game.legal_moves():
            probe.push(move, check=False)
            if probe.position_key() not in seen:
                expected.append(move)
            probe.pop()
        assert game.progress_moves() == expected
        assert game.copy().progress_moves() == expected  # a copy keeps them too


def _reference_key(game) -> bytes:
    """position_key as its docstring defines it, computed from scratch the plain way."""
    parts = [game.stack_key(i) for i in range(len(game.specs))]
    for group in game.interchangeable_stacks():
        for i, part in zip(group, sorted(parts[i] for i in group), strict=True):
            parts[i] = part
    if game.redeals is not None:
        parts.append(bytes((255, game.redeals_used)))
    return b"".join(parts)


@pytest.mark.parametrize(("game_id", "options"), [
    ("forty-thieves", {}), ("tournament", {}), ("mount-olympus", {}), ("osmosis", {"deal": "3"}),
])
def test_cached_keys_agree_with_fresh_ones_through_moves_and_undos(host, game_id, options):
    """Undoing a move puts back the stack keys cached before it (so a search's play-and-take-back costs no
    key work): through random play, deals, refills and undos, the key always equals one built from scratch."""
    import random

    rng = random.Random(game_id)
    game = host.new_game(game_id, rng.randrange(1, 30_000), options)

    def fresh() -> bytes:
        probe = game.copy(history=False)
        probe._stack_keys = [None] * len(probe.specs)
        return _reference_key(probe)

    checked = 0
    for _ in range(120):
        moves = list(game.legal_moves())
        for move in rng.sample(moves, min(3, len(moves))):  # as the solver's look-ahead does
            game.push(move, check=False)
            assert game.position_key() == fresh()
            game.pop()
            assert game.position_key() == fresh()
            checked += 1
        if moves and (not game.can_undo or rng.random() < 0.75):
            game.push(rng.choice(moves))
        elif game.can_undo:
            game.pop()
        else:
            break
        assert game.position_key() == fresh()
    assert checked > 100


def test_groups_in_any_order_or_form_fold_as_their_docstring_says(host):
    """position_key sorts a group of stacks side by side as one slice; a group out of order, or given as a list
    or a set, is folded the general way: the key is the one the definition gives, and swapping within a group
    keeps it."""
    cls = host.game("forty-thieves")

    class OutOfOrder(cls):
        def interchangeable_stacks(self):
            return ((self.index["tableau-3"], self.index["tableau-1"]), (self.index["tableau-2"],))

    class AsLists(cls):
        def interchangeable_stacks(self):
            return [[self.index["tableau-1"], self.index["tableau-2"], self.index["tableau-3"]]]

    class AsSets(cls):
        def interchangeable_stacks(self):
            return (frozenset({self.index["tableau-1"], self.index["tableau-3"]}),)

    for variant in (cls, OutOfOrder, AsLists, AsSets):
        game = variant(7)
        t1, t3 = game.index["tableau-1"], game.index["tableau-3"]
        assert game.position_key() == _reference_key(game)
        other = game.copy()
        _swap(other, t1, t3)
        assert other.position_key() == game.position_key()
        t4 = other.index["tableau-4"]
        other.cards[t1].append(other.cards[t4].pop())
        other._stack_keys[t1] = other._stack_keys[t4] = None
        assert other.position_key() == _reference_key(other) != game.position_key()
