"""The native search core against the Python engine (issue 38): on random positions of every game it takes, the
same legal moves, the same position after each of them, the same key equalities and the same safe moves; its
verdicts the Python search's; and mutants of its tables caught.

Skipped where the core is not built (an install without a compiler, or ``REUSSITE_PURE=1``): the Python search
then runs every game, and the rest of the suite tests it.
"""

from __future__ import annotations

import os
import random
from dataclasses import replace

import pytest

from reussite.game import DEAL, REDEAL
from reussite.moves import Move
from reussite.rules import Build
from reussite.solver import Budget, Verdict, native, solve
from reussite.solver.batch import _host
from reussite.solver.companion import companion_for

pytestmark = pytest.mark.skipif(not native.built(), reason="the native core is not built in this install")

THOROUGH = bool(os.environ.get("CI"))
#: Positions compared per game: random walks from a few deals.
WALKS = 6 if THOROUGH else 2
STEPS = 120 if THOROUGH else 60


def _native_games() -> list[str]:
    host = _host()
    return sorted(gid for gid in host.games if native.why_not(host.new_game(gid, 1, {})) is None)


NATIVE_GAMES = _native_games() if native.built() else []


_as_tuple = native.NativeSearch.as_tuple
_state = native._state


def _walk(game_id: str, number: int, steps: int, rng: random.Random):
    """Each position of a random walk from deal ``number`` (a move that undoes the last one is avoided)."""
    game = _host().new_game(game_id, number, {})
    yield game
    for _ in range(steps):
        moves = list(game.legal_moves())
        if not moves:
            return
        game.push(rng.choice(moves))
        yield game


def _compare(search, game, keys: dict[int, bytes], where: str) -> None:
    """The core and the Python engine on ``game``'s position (NativeSearch.difference): the same moves, the same
    position after each, won alike, one key for one Python key (``keys``: native key -> Python key, across
    calls), the same safe move and stock plays."""
    found = search.difference(game, keys)
    assert found is None, f"{where}: {found}"


@pytest.mark.parametrize("game_id", NATIVE_GAMES)
def test_same_moves_positions_keys_and_safe_moves(game_id):
    rng = random.Random(game_id)
    compared = 0
    keys: dict[int, bytes] = {}  # native key -> Python position key
    for number in range(1, WALKS + 1):
        first = None
        for game in _walk(game_id, number, STEPS, rng):
            if first is None:
                first = native.NativeSearch(game)
            _compare(first, game, keys, f"{game_id} deal {number}")
            compared += 1
    # Key equalities both ways (the solver's key: derive's folds, one turn of the stock among them): as many
    # distinct Python keys as native ones.
    assert len(set(keys.values())) == len(keys)
    assert compared > WALKS


def _spider_near_finished_runs(number: int, deal_last: bool):
    """One-suit Spider, deal ``number``, its cards laid out again: King to Two face up on the first pile, an Ace
    on top of the second (the move that finishes a run), or on top of the stock (the deal that does); the
    other cards dealt round, the last row face up."""
    game = _host().new_game("spider", number, {"suits": "1"})
    cards = [c for pile in game.cards for c in pile]
    run = []
    for rank in range(13, 1, -1):
        run.append(cards.pop(next(i for i, c in enumerate(cards) if c[0] == rank)))
    ace = cards.pop(next(i for i, c in enumerate(cards) if c[0] == 1))
    piles, stock = game.tableau_ix, game.stock_ix
    for i in range(len(game.cards)):
        game.cards[i], game.face_down[i] = [], 0
    game.cards[piles[0]] = run
    for k, card in enumerate(cards[:40]):
        game.cards[piles[1 + k % 9]].append(card)
    for i in piles[1:]:
        game.face_down[i] = len(game.cards[i]) - 1
    if deal_last:
        game.cards[stock] = [*cards[40:], ace]
    else:
        game.cards[piles[1]].append(ace)
        game.cards[stock] = cards[40:]
    game.face_down[stock] = len(game.cards[stock])
    game._stack_keys = [None] * len(game.cards)
    return game


@pytest.mark.parametrize("deal_last", [False, True])
def test_finished_runs_the_deal_rule_and_the_piles_grouped_once_the_stock_is_empty(deal_last):
    """Spider's declarations as the Python engine plays them: a finished run leaves after the move or the deal
    that finishes it and the card under it turns up, no deal while a pile is empty, and the piles keyed as a
    set only once the stock is empty."""
    keys: dict[int, bytes] = {}
    for number in (1, 2, 3):
        game = _spider_near_finished_runs(number, deal_last)
        search = native.NativeSearch(game)
        before = len(game.cards[game.foundation_ix[0]])
        _compare(search, game, keys, f"spider deal {number}")
        finishing = DEAL if deal_last else Move(game.tableau_ix[1], game.tableau_ix[0], 1)
        game.push(finishing)
        assert len(game.cards[game.foundation_ix[0]]) == before + 13  # the run went home
        _compare(search, game, keys, f"spider deal {number}, a run home")
        game.cards[game.tableau_ix[0]] = []  # an empty pile: no deal
        game.face_down[game.tableau_ix[0]] = 0
        game._stack_keys = [None] * len(game.cards)
        assert DEAL not in list(game.legal_moves())
        _compare(search, game, keys, f"spider deal {number}, a pile empty")
        # The stock emptied: two piles swapped give one key in both engines; before, two keys.
        a, b = game.tableau_ix[1], game.tableau_ix[2]
        for empty_stock in (False, True):
            if empty_stock:
                game.cards[game.stock_ix] = []
                game.face_down[game.stock_ix] = 0
            swapped = game.copy(history=False)
            for piles in (swapped.cards, swapped.face_down):
                piles[a], piles[b] = piles[b], piles[a]
            swapped._stack_keys = [None] * len(swapped.cards)
            game._stack_keys = [None] * len(game.cards)
            same_native = search.core.key_of(search.block(game)) == search.core.key_of(search.block(swapped))
            same_python = companion_for(game).key(game) == companion_for(swapped).key(swapped)
            assert same_native == same_python == empty_stock


#: Positions around empty stacks that random walks from the deal rarely reach: (game, the stacks emptied
#: at the start, onto the stock or else the last pile). Kansas's and Backbone's empty piles take cards from
#: some stacks only (empty_from); Eight Off's take only a King, so they never double a run (Plan.spaces);
#: Easthaven deals only once no King can move to an empty pile (fill_before_deal "when-possible").
EMPTIED = [("kansas", ("reserve-1", "tableau-1")), ("backbone", ("reserve-3", "tableau-1", "tableau-5")),
           ("eight-off", ("tableau-1", "tableau-2", "reserve-1", "reserve-3")),
           ("freecell", ("tableau-1", "reserve-1")), ("easthaven", ("tableau-1", "tableau-2"))]


def _emptied_walks(game_id: str, emptied: tuple[str, ...], rng: random.Random):
    for number in range(1, 4):
        game = _host().new_game(game_id, number, {})
        into = game.stock_ix if game.stock_ix is not None else game.tableau_ix[-1]
        for stack in emptied:
            i = game.index[stack]
            game.cards[into] += game.cards[i]
            game.cards[i], game.face_down[i] = [], 0
        if into == game.stock_ix:
            game.face_down[into] = len(game.cards[into])
        game._stack_keys = [None] * len(game.cards)
        yield game
        for _ in range(40 if THOROUGH else 15):
            moves = list(game.legal_moves())
            if not moves:
                break
            game.push(rng.choice(moves))
            yield game


@pytest.mark.parametrize(("game_id", "emptied"), EMPTIED)
def test_empty_stacks_take_what_their_rules_say_in_both_engines(game_id, emptied):
    keys: dict[int, bytes] = {}
    search = None
    for game in _emptied_walks(game_id, emptied, random.Random(game_id)):
        if search is None or search.game is not game:  # a deal of its own: Kansas's base rank is the deal's
            search, keys = native.NativeSearch(game), {}
        _compare(search, game, keys, f"{game_id} emptied, deal {game.number}")


@pytest.mark.parametrize(("game_id", "mutant"), [("kansas", "empty_accepts"), ("backbone", "empty_accepts"),
                                                 ("eight-off", "spaces"), ("easthaven", "fill")])
def test_mutants_of_the_empty_stacks_tables_are_caught(game_id, mutant, monkeypatch):
    """What an empty pile takes from, which empty piles double a run, and when the stock deals onto empty
    piles, spoiled in the core's tables: the comparison of the test above fails."""
    real = native._tables

    def spoiled(game, *args):
        found = dict(real(game, *args))
        if mutant == "empty_accepts":
            found[mutant] = found["accepts"]
        elif mutant == "fill":  # every pile filled before a deal, as Spider's rule
            found[mutant] = 1
        else:
            found[mutant] = list(game.tableau_ix)
        return found

    monkeypatch.setattr(native, "_tables", spoiled)
    native._TABLES.clear()
    try:
        with pytest.raises(AssertionError):
            test_empty_stacks_take_what_their_rules_say_in_both_engines(game_id, dict(EMPTIED)[game_id])
    finally:
        native._TABLES.clear()


def test_a_mixed_run_from_king_to_ace_stays_on_its_pile_in_both_engines():
    """Spider's finished runs are of one suit: a King-to-Ace run of two suits, built down regardless of suit,
    stays where it is after the move that completes it, in both engines."""
    keys: dict[int, bytes] = {}
    for number in (1, 2):
        game = _host().new_game("spider", number, {"suits": "2"})
        cards = [c for pile in game.cards for c in pile]
        run = []
        for rank in range(13, 1, -1):  # the suits alternate down the run
            wanted = [c for c in cards if c[0] == rank]
            card = next((c for c in wanted if not run or c[1] != run[-1][1]), wanted[0])
            cards.remove(card)
            run.append(card)
        ace = next(c for c in cards if c[0] == 1 and c[1] != run[-1][1])
        cards.remove(ace)
        piles = game.tableau_ix
        for i in range(len(game.cards)):
            game.cards[i], game.face_down[i] = [], 0
        game.cards[piles[0]] = run
        for k, card in enumerate(cards[:40]):
            game.cards[piles[1 + k % 9]].append(card)
        game.cards[piles[1]].append(ace)
        game.cards[game.stock_ix] = cards[40:]
        game.face_down[game.stock_ix] = len(cards[40:])
        game._stack_keys = [None] * len(game.cards)
        search = native.NativeSearch(game)
        _compare(search, game, keys, f"spider 2 suits deal {number}")
        game.push(Move(piles[1], piles[0], 1))
        assert len(game.cards[piles[0]]) == 13 and not any(game.cards[f] for f in game.foundation_ix)
        _compare(search, game, keys, f"spider 2 suits deal {number}, the mixed run complete")


def test_runs_go_home_top_card_first_in_both_engines():
    """Forty Thieves's foundations take a run one card at a time, its top card first (group_moves): no game the
    core takes has such foundations, so Forty Thieves without its companion stands in, its walks led to the
    runs it can send home."""
    cls = _host().games["forty-thieves"]
    plain = type("PlainFortyThieves", (cls,), {"id": "plain-forty-thieves", "solver_companion": None})
    rng = random.Random(40)
    sent = 0
    for number in range(1, 4):
        game = plain(number, {})
        assert native.why_not(game) is None
        search, keys = native.NativeSearch(game), {}
        for _ in range(120 if THOROUGH else 60):
            _compare(search, game, keys, f"forty thieves deal {number}")
            moves = list(game.legal_moves())
            if not moves:
                break
            home = [m for m in moves if isinstance(m, Move) and m.n > 1 and m.dst in game.foundation_ix]
            sent += len(home)
            game.push(rng.choice(home or moves))
    assert sent  # the walks reached runs going home


@pytest.mark.parametrize("game_id", ["athena", "thumb-and-pouch", "zebra"])
def test_a_redeal_changes_the_key_in_both_engines(game_id):
    """Games with a number of redeals: the stock turned through and redealt gives the starting cards again, one
    redeal used, which both engines key apart from the start."""
    game = _host().new_game(game_id, 3, {})
    search, keys = native.NativeSearch(game), {}
    _compare(search, game, keys, f"{game_id} at the start")
    start = search.core.key_of(search.block(game))
    while game.cards[game.stock_ix]:
        game.push(DEAL)
    game.push(REDEAL)
    assert game.redeals_used == 1 and _state(game)[0] == _state(_host().new_game(game_id, 3, {}))[0]
    _compare(search, game, keys, f"{game_id} redealt")
    assert search.core.key_of(search.block(game)) != start


def test_the_games_it_takes_and_why_not_the_others():
    assert {"klondike", "freecell", "bakers-game", "fan", "beleaguered-castle"} <= set(NATIVE_GAMES)
    host = _host()
    assert native.why_not(host.new_game("forty-thieves", 1, {})) == "it has a solver companion of its own"
    assert "after_move" in native.why_not(host.new_game("eagle-wing", 1, {}))
    assert native.why_not(host.new_game("canfield", 1, {})) is None  # its refill is declared
    assert native.why_not(host.new_game("union-square", 1, {})) == (
        "a stack has a rule of its own that reads more than its top card")
    # The catalogue's declarations: the stock dealt onto a foundation (Golf), stacks covering others (the
    # peaks), cards removed in pairs (Fourteen, and Thirteen's pyramid with its waste's two top cards).
    assert {"golf", "triple-peaks", "fourteen", "thirteen"} <= set(NATIVE_GAMES)


def test_interchangeable_stacks_share_a_key():
    """FreeCell's cells form a group: two positions that differ by which cell holds a card have one key."""
    game = _host().new_game("freecell", 3, {})
    search = native.NativeSearch(game)
    cells = [i for i, spec in enumerate(game.specs) if spec.kind == "reserve"]
    pile = game.tableau_ix[0]
    game.push(Move(pile, cells[0], 1))
    one, python_one = search.core.key_of(search.block(game)), game.position_key()
    game.pop()
    game.push(Move(pile, cells[1], 1))
    assert search.core.key_of(search.block(game)) == one
    assert game.position_key() == python_one
    game.pop()
    game.push(Move(game.tableau_ix[1], cells[1], 1))
    assert search.core.key_of(search.block(game)) != one


def test_a_folded_stack_is_keyed_by_its_top_card_too():
    """Golf's foundation is folded in the key (nothing leaves it, its rule reads its top card): two positions
    that differ only by the order of its last two cards have two keys, as in Python, since the top card says
    what it takes next."""
    game = _host().new_game("golf", 4, {})
    search = native.NativeSearch(game)
    f = game.foundation_ix[0]
    keys = []
    for swap in (False, True):
        copy = game.copy(history=False)
        pile = copy.cards[f]
        donor = next(i for i in copy.tableau_ix if copy.cards[i])
        pile.append(copy.cards[donor].pop())  # a second card on the foundation, then the two swapped
        if swap:
            pile[-1], pile[-2] = pile[-2], pile[-1]
        copy._stack_keys = [None] * len(copy.cards)
        keys.append((search.core.key_of(search.block(copy)), companion_for(copy).key(copy)))
    assert keys[0][1] != keys[1][1]  # Python keys them apart
    assert keys[0][0] != keys[1][0]


def test_a_whole_pile_onto_an_empty_pile_of_another_rule_fills_nothing():
    """fill_before_deal "when-possible": a pile's bottom card moved onto an empty pile leaves its own pile
    empty, so it does not hold up the deal, in both engines, where the two piles have other rules (the
    generator lists such a move, unlike one between twins)."""
    cls = _host().games["easthaven"]
    odd = type("OddEasthaven", (cls,), {"id": "odd-easthaven", "stacks": (*cls.stacks[:-1], replace(
        cls.stacks[-1], rule=replace(cls.stacks[-1].rule, build=Build("alternate", -1, wrap=True))))})
    game = odd(1, {})
    last, first = game.tableau_ix[-1], game.tableau_ix[0]
    kings = [c for pile in game.cards for c in pile if c[0] == 13]
    for i in game.tableau_ix:  # no King on the piles but the one alone on the last
        game.cards[i] = [c for c in game.cards[i] if c[0] != 13]
        game.face_down[i] = min(game.face_down[i], max(len(game.cards[i]) - 1, 0))
    game.cards[game.stock_ix] = [c for c in game.cards[game.stock_ix] if c[0] != 13] + kings[1:]
    king = kings[0]
    game.cards[game.stock_ix].extend(game.cards[first] + game.cards[last])
    game.face_down[game.stock_ix] = len(game.cards[game.stock_ix])
    game.cards[first], game.face_down[first] = [], 0
    game.cards[last], game.face_down[last] = [king], 0
    game._stack_keys = [None] * len(game.cards)
    assert Move(last, first, 1) in set(game.legal_moves()) and DEAL in set(game.legal_moves())
    _compare(native.NativeSearch(game), game, {}, "odd easthaven")


CASES = [("freecell", n) for n in (1, 2, 3)] + [("klondike", n) for n in (1, 2, 3, 4)] + [
    ("bakers-game", n) for n in (1, 2)] + [("beleaguered-castle", n) for n in (1, 2)] + [
    (game, n) for game in ("triple-peaks", "fourteen", "thirteen") for n in (1, 2)]


@pytest.mark.parametrize(("game_id", "number"), CASES)
def test_verdicts_agree_with_the_python_search(game_id, number, monkeypatch):
    """A decided deal gets the same verdict from both engines, and the native line is replayed by the rules."""
    host = _host()
    game = host.new_game(game_id, number, {})
    monkeypatch.setenv("REUSSITE_NATIVE", "1")
    fast = solve(game, Budget(nodes=20_000))
    monkeypatch.setenv("REUSSITE_NATIVE", "0")
    slow = solve(game, Budget(nodes=20_000))
    if fast.decided and slow.decided:
        assert fast.verdict is slow.verdict
    if fast.verdict is Verdict.WON:
        probe = game.copy(history=False)
        for move in fast.line:
            probe.push(move)
        assert probe.is_won()
    assert fast.searched.get("native", 0) > 0


def test_a_small_lost_position_is_proved_lost_by_both():
    """An exhaustive search on a small position: the native core's "lost" is the Python search's."""
    host = _host()
    game = host.new_game("beleaguered-castle", 1, {})
    verdicts = []
    for flag in ("1", "0"):
        os.environ["REUSSITE_NATIVE"] = flag
        try:
            verdicts.append(solve(game, Budget(nodes=200_000)).verdict)
        finally:
            os.environ.pop("REUSSITE_NATIVE", None)
    assert verdicts[0] is verdicts[1] or Verdict.UNKNOWN in verdicts


@pytest.mark.parametrize(("game_id", "mutant"), [
    ("klondike", "takes"), ("klondike", "on"), ("klondike", "flips"), ("klondike", "group"),
    ("fourteen", "match"), ("thirteen", "alone"), ("thirteen", "below"), ("triple-peaks", "covers"),
    ("golf", "deal_to_found")])
def test_mutants_of_the_tables_are_caught(game_id, mutant):
    """Each table the core reads, spoiled: the differential comparison above finds the difference."""
    game = _host().new_game(game_id, 5, {})
    tables = dict(native.tables(game))
    if mutant == "match":  # a Queen pairs with a Queen as well as with a Two
        t = bytearray(tables["match"])
        for a in range(48, 52):
            for b in range(48, 52):
                t[a * 56 + b] = 1
        tables["match"] = bytes(t)
    elif mutant == "alone":  # the Kings are not removed alone
        tables["alone"] = bytes(56)
    elif mutant == "below":  # the waste's two top cards never pair
        tables["below"] = -1
    elif mutant == "covers":  # no card covers another
        tables["covers"] = []
        tables["cover_at"] = [0] * len(tables["cover_at"])
    elif mutant == "deal_to_found":  # the stock deals onto the second foundation
        tables["deal_to_found"] += 1
    elif mutant == "takes":  # an empty pile takes a Queen as well as a King
        t = bytearray(tables["takes"])
        for s in game.tableau_ix:
            t[s * 56 * 56 + 0 * 56 + 12 * 4 + 0] = 1
        tables["takes"] = bytes(t)
    elif mutant == "on":  # runs never continue: only top cards move
        tables["on"] = bytes(len(tables["on"]))
    elif mutant == "flips":  # no card is turned up
        tables["flips"] = bytes(len(tables["flips"]))
    else:  # the foundations are not interchangeable
        tables["group"] = [-1] * len(tables["group"])
    search = native.NativeSearch(game)
    search.core = native._native.Core(tables)
    rng = random.Random(5)
    found = False
    positions = {}
    # Random walks from a few deals, until the spoiled table tells (Thirteen's waste pairs show late)
    for g in (g for number in range(5, 25) for g in _walk(game_id, number, 300, rng)):
        block = search.block(g)
        python_moves = [_as_tuple(m) for m in g.legal_moves()]
        if search.core.legal(block) != python_moves:
            found = True
            break
        for move, as_tuple in zip(g.legal_moves(), python_moves, strict=True):
            g.push(move)
            after = search.core.after(block, *as_tuple)
            same = search.core.unpack(after) == _state(g)
            positions.setdefault(g.position_key(), set()).add(search.core.key_of(after))
            g.pop()
            if not same:
                found = True
                break
        if found:
            break
    if not found and mutant == "group":
        found = any(len(keys) > 1 for keys in positions.values())
    assert found, f"the mutant of {mutant} went unnoticed"


@pytest.mark.parametrize("number", [1, 2, 5])
def test_the_core_shortens_a_line_as_the_python_shortener_does(number):
    """The core's shortening (on blocks) and reussite.solver.shorten (on the engine) give the same line."""
    from reussite.solver.shorten import shorten

    game = _host().new_game("freecell", number, {})
    search = native.NativeSearch(game)
    verdict, line, shorter = search.run(30_000, None, None)
    assert verdict == "won" and len(shorter) <= len(line)
    assert shorter == shorten(game, line, native.SHORTEN_WORK * len(line))


def test_a_full_table_stops_the_core_within_the_memory_budget(monkeypatch):
    """The table is bounded by the memory budget: full, the core stops as "memory" (nothing lost, nothing
    wrong); solve() then hands over to the Python searches, which keep to the same budget."""
    game = _host().new_game("klondike", 8, {"draw": "3"})
    search = native.NativeSearch(game)
    # 4 MB: half to each of the two searches, half of that to each one's table (65,536 slots), the rest to
    # its path (a block and the moves per depth)
    verdict, line, shorter = search.run(None, None, 4 << 20)
    assert (verdict, line, search.stopped) == (None, [], "memory")
    assert 40_000 < search.core.positions <= 65_536 and search.table_bytes <= 4 << 20
    monkeypatch.setenv("REUSSITE_NATIVE", "1")
    result = solve(game, Budget(nodes=1_000_000, memory_mb=4.0))
    assert result.verdict is Verdict.UNKNOWN and result.stopped_by == "memory"
    assert 40_000 < result.searched["native"] <= 2 * 65_536


def test_a_cancelled_search_stops_in_the_core(monkeypatch):
    calls = []

    def cancel():
        calls.append(1)
        return len(calls) > 3

    monkeypatch.setenv("REUSSITE_NATIVE", "1")
    result = solve(_host().new_game("klondike", 8, {"draw": "3"}), cancel=cancel)
    assert result.verdict is Verdict.UNKNOWN and result.stopped_by == "cancelled"
    assert 0 < result.searched["native"] < 10_000


@pytest.mark.parametrize("mutant", ["fill", "finished", "late"])
def test_mutants_of_spiders_declarations_are_caught(mutant, monkeypatch):
    """The deal rule, the finished runs and the late groups spoiled in the core's tables: the comparison of
    the test above fails."""
    real = native._tables

    def spoiled(*args):
        found = dict(real(*args))
        found[mutant] = bytes(len(found["late"])) if mutant == "late" else 0
        return found

    monkeypatch.setattr(native, "_tables", spoiled)
    native._TABLES.clear()
    try:
        with pytest.raises(AssertionError):
            for deal_last in (False, True):
                test_finished_runs_the_deal_rule_and_the_piles_grouped_once_the_stock_is_empty(deal_last)
    finally:
        native._TABLES.clear()  # no spoiled table kept for the tests after


def test_reussite_check_holds_the_core_to_the_rules(monkeypatch):
    """``reussite check`` compares the core with the rules at each position of a game the core searches, so a
    plugin's game gets the same guard as the bundled ones: a spoiled table fails the check, naming the core."""
    from reussite.testing import check_game

    cls = _host().games["klondike"]
    report = check_game(cls, deals=2, steps=40)
    assert report.ok and report.native_positions == report.positions == 80, report
    assert "native search core plays as the rules at 80 positions" in str(report)
    real = native._tables

    def spoiled(game, *args):
        found = dict(real(game, *args))
        found["flips"] = bytes(len(found["flips"]))  # no card turned up
        return found

    monkeypatch.setattr(native, "_tables", spoiled)
    native._TABLES.clear()
    try:
        failed = check_game(cls, deals=2, steps=40)
    finally:
        native._TABLES.clear()
    assert not failed.ok and "native search core plays otherwise than the rules" in failed.failure.problem
    assert "plays otherwise)" in failed.failure.problem  # what differs: a move's position after it


@pytest.mark.parametrize(("game_id", "options"), [("spiderette", {}), ("klondike", {"draw": "3"}),
                                                  ("will-o-the-wisp", {}), ("canfield", {})])
def test_the_cores_beam_wins_lines_that_the_rules_replay(game_id, options):
    """The core's beam (search._Beam's, at many more positions a second): its winning lines, safe moves and
    stock plays included, replay through the Python rules to a won game; one that dies out says nothing."""
    won = 0
    for number in range(1, 41 if THOROUGH else 21):
        game = _host().new_game(game_id, number, options)
        search = native.NativeSearch(game)
        verdict, line = search.core.beam(search.block(), 20, 20_000, None)
        assert verdict in ("won", None) and (line == []) == (verdict is None)
        if verdict == "won":
            won += 1
            for move in line:
                assert game.refusal(search.move(move)) is None, (number, move)
                game.push(search.move(move))
            assert game.is_won()
    assert won  # the beam wins some of each game's first twenty deals


def test_a_beam_stops_when_asked_and_its_positions_count():
    game = _host().new_game("spiderette", 2, {})
    search = native.NativeSearch(game)

    def stop():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        search.core.beam(search.block(), 20, 0, stop)
    assert search.core.beamed == 512  # the first check, after 512 positions
