"""The solver's verdicts agree with an independent brute force on small positions of every game.

The brute force below shares nothing with the solver: it tries every legal move (``push`` with the rules'
checks) from every position, remembers positions by the exact cards on each stack (only the two packs'
identical cards and, where a game's rules plainly make them alike, its piles or reserves are folded, written
out here per game), and plays no safe move and prunes nothing. A "lost" from the solver must be a brute-force
"no position reached is won", and a "won" a reachable win; the random positions below cover each game's safe
moves and dead-end test.
"""

from __future__ import annotations

import os
import random
import sys
from itertools import chain

import pytest

from reussite.cards import RANKS, SUITS, Card
from reussite.errors import IllegalMove
from reussite.solver import Verdict, solve
from reussite.solver.companion import companion_for

#: Positions per game and option; the same seeds on every run.
#: BRUTE_FORCE_CASES overrides it for a deeper one-off check.
CASES = int(os.environ.get("BRUTE_FORCE_CASES", "40"))
#: A brute force that needs more positions than this is not run (the position is drawn again).
LIMIT = 60_000


class TooBig(Exception):
    pass


def _code(rank: int, suit: int) -> str:
    return RANKS[rank - 1] + SUITS[suit]


#: A card's face (rank and suit, not its pack) as one byte: identical cards of two packs get the same byte.
_FACE = {Card(rank, suit, deck): rank * len(SUITS) + suit
         for rank in range(0, len(RANKS) + 1) for suit in range(len(SUITS)) for deck in range(4)}  # 0: jokers


def _fold(game, sort_groups):
    """The exact position, identical cards folded, the given groups of stacks sorted: every card's face, stack
    after stack, with each stack's length and face-down count (so the stacks can be told apart)."""
    face = _FACE.__getitem__
    cards, face_down = game.cards, game.face_down
    order = list(range(len(cards)))
    for group in sort_groups(game):
        for i, j in zip(group, sorted(group, key=lambda j: (bytes(map(face, cards[j])), face_down[j])),
                        strict=True):
            order[i] = j
    piles = [cards[j] for j in order]
    return (bytes(map(face, chain.from_iterable(piles))), bytes(map(len, piles)), bytes(face_down[j] for j in order),
            game.redeals_used if game.redeals is not None else 0)


def brute_force(game, sort_groups) -> bool:
    """Can any sequence of legal moves win from ``game``'s position?"""
    g = game.copy(history=False)
    g.track_positions = False
    seen = set()
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20_000))

    def search() -> bool:
        key = _fold(g, sort_groups)
        if key in seen:  # not won, or the search would have stopped there
            return False
        if g.is_won():
            return True
        seen.add(key)
        if len(seen) > LIMIT:
            raise TooBig
        for move in list(g.legal_moves()):
            try:
                g.push(move)
            except IllegalMove:
                continue
            try:
                if search():
                    return True
            finally:
                g.pop()
        return False

    return search()


# -- small random positions, one generator per game ---------------------------------------------------------

def _stacks(**named) -> dict:
    return {"stacks": [{"id": k, "cards": v[0], "face_down": v[1]} if isinstance(v, tuple) else
                       {"id": k, "cards": v} for k, v in named.items() if v is not None]}


def forty_thieves_position(rng: random.Random) -> dict:
    suits = rng.sample(range(4), 2)
    top = rng.randint(4, 8)
    foundations, loose = [], []
    for suit in suits:
        for _ in range(2):
            height = rng.randint(max(0, top - 3), top)
            foundations.append([_code(r, suit) for r in range(1, height + 1)])
            loose += [_code(r, suit) for r in range(height + 1, top + 1)]
    rng.shuffle(loose)
    loose = loose[:7]
    stacks: dict = {}
    for k, pile in enumerate(f for f in foundations if f):
        stacks[f"foundation-{k + 1}"] = pile
    stock_n = rng.randint(0, min(3, len(loose)))
    stacks["stock"] = loose[:stock_n]
    waste_n = rng.randint(0, min(2, len(loose) - stock_n))
    stacks["waste"] = loose[stock_n:stock_n + waste_n]
    piles: dict[int, list] = {}
    for code in loose[stock_n + waste_n:]:
        piles.setdefault(rng.randint(1, 10), []).append(code)
    for i, pile in piles.items():
        stacks[f"tableau-{i}"] = pile
    return _stacks(**stacks)


def osmosis_position(rng: random.Random) -> dict:
    base = rng.randint(1, 13)
    order = rng.sample(range(4), 4)
    others = rng.sample([r for r in range(1, 14) if r != base], 2)
    started = rng.randint(1, 3)
    foundations = [[] for _ in range(4)]
    loose = []
    for k, suit in enumerate(order):
        ranks = [base, *others]
        if k < started:
            foundations[k].append(_code(base, suit))
            for r in others:
                # a card may sit on foundation k only if its rank is on the one above
                if rng.random() < 0.5 and (k == 0 or _code(r, order[k - 1]) in foundations[k - 1]):
                    foundations[k].append(_code(r, suit))
        loose += [_code(r, suit) for r in ranks if _code(r, suit) not in foundations[k]]
    rng.shuffle(loose)
    loose = loose[:8]
    stacks: dict = {f"foundation-{k + 1}": f for k, f in enumerate(foundations) if f}
    stock_n = rng.randint(0, min(4, len(loose)))
    stacks["stock"] = loose[:stock_n]
    waste_n = rng.randint(0, min(2, len(loose) - stock_n))
    stacks["waste"] = loose[stock_n:stock_n + waste_n]
    reserves: dict[int, list] = {}
    for code in loose[stock_n + waste_n:]:
        reserves.setdefault(rng.randint(1, 4), []).append(code)
    for i, pile in reserves.items():
        stacks[f"reserve-{i}"] = (pile, rng.randint(0, len(pile) - 1))
    data = _stacks(**stacks)
    data["redeals_used"] = rng.randint(0, 2)
    return data


def osmosis_long_stock_position(rng: random.Random) -> dict:
    """Most loose cards in the stock, where three-card deals decide which ones come to the top."""
    data = osmosis_position(rng)
    stacks = {s["id"]: s for s in data["stacks"]}
    moved = [c for sid in ("reserve-1", "reserve-2", "reserve-3", "reserve-4", "waste") if sid in stacks
             for c in stacks.pop(sid)["cards"]]
    rng.shuffle(moved)
    keep = rng.randint(0, min(2, len(moved)))
    stock = stacks.setdefault("stock", {"id": "stock", "cards": []})
    stock["cards"] = stock["cards"] + moved[keep:]
    stock.pop("face_down", None)
    if keep:
        stacks["reserve-1"] = {"id": "reserve-1", "cards": moved[:keep], "face_down": 0}
    data["stacks"] = list(stacks.values())
    return data


def mount_olympus_position(rng: random.Random) -> dict:
    stacks: dict = {}
    suits = rng.sample(range(4), 2)
    loose = []
    for k in range(16):
        base, s = (1, k // 2) if k < 8 else (2, (k - 8) // 2)
        pile = [_code(base, s)]
        if s in suits:
            top = rng.choice([base, base + 2, base + 4, base + 6])
            pile = [_code(r, s) for r in range(base, top + 1, 2)]
            loose += [_code(r, s) for r in range(top + 2, min(base + 8, 14), 2)]
        stacks[f"foundation-{k + 1}"] = pile
    rng.shuffle(loose)
    if len(loose) >= 10 and rng.random() < 0.5:
        # While the stock lasts no pile is left empty (R-MO-5): nine piles of one card, the rest in the stock.
        stacks["stock"] = loose[9:11]
        stacks.update({f"tableau-{i + 1}": [code] for i, code in enumerate(loose[:9])})
        return _stacks(**stacks)
    piles: dict[int, list] = {}
    for code in loose[:7]:
        piles.setdefault(rng.randint(1, 9), []).append(code)
    for i, pile in piles.items():
        stacks[f"tableau-{i}"] = pile
    return _stacks(**stacks)


def tournament_position(rng: random.Random) -> dict:
    stacks: dict = {}
    loose: list[str] = []
    for suit in rng.sample(range(4), rng.randint(1, 2)):
        mode = rng.randrange(3)
        if mode == 0:  # nearly done: every card left of the suit's two copies is in play
            total = rng.randint(22, 25)
            up = rng.randint(total - 13, 13)
            down = 13 - (total - up)  # the down foundation holds K .. down+1
            extra = [r for r in range(1, 14) for _ in range(2 - (r <= up) - (r > down))]
        elif mode == 1:  # the foundations meet (R-TO-9), and a few cards of the other pack wait
            up = rng.randint(0, 12)
            down = up
            extra = rng.sample(range(1, 14), rng.randint(1, 3))
        else:  # a gap of a few ranks, then a few cards of the other pack
            up = rng.randint(0, 10)
            down = min(13, up + rng.randint(1, 3))
            extra = list(range(up + 1, down + 1)) + rng.sample(range(1, 14), rng.randint(0, 2))
        if len(loose) + len(extra) > 7:
            continue
        stacks[f"foundation-{suit + 1}"] = [_code(r, suit) for r in range(1, up + 1)]
        stacks[f"foundation-{suit + 5}"] = [_code(r, suit) for r in range(13, down, -1)]
        loose += [_code(r, suit) for r in extra]
    rng.shuffle(loose)
    loose = loose[:7]
    columns = rng.randint(1, 3)
    stock_n = min(rng.choice([0, 0, 4]), max(0, len(loose) - columns))
    stacks["stock"] = loose[:stock_n]
    rest = loose[stock_n:]
    reserves = rng.randint(0, min(4, len(rest) - columns)) if len(rest) > columns else 0
    for i, code in enumerate(rest[:reserves]):
        stacks[f"reserve-{i + 1}"] = [code]
    piles: dict[int, list] = {}
    for code in rest[reserves:]:
        piles.setdefault(rng.randint(1, columns), []).append(code)
    for i, pile in piles.items():
        stacks[f"tableau-{i}"] = pile
    data = _stacks(**stacks)
    data["redeals_used"] = rng.randint(0, 2)
    return data


def tournament_last_pass_position(rng: random.Random) -> dict:
    """The last pass with an empty stock (only digs put cards in reserves), most reserves taken: a few suits
    nearly done, their loose cards mostly in the reserves, the rest in one to three columns."""
    stacks: dict = {}
    loose: list[str] = []
    for suit in rng.sample(range(4), rng.randint(2, 3)):
        total = rng.randint(21, 24)
        up = rng.randint(total - 13, 13)
        down = 13 - (total - up)  # the down foundation holds K .. down+1
        stacks[f"foundation-{suit + 1}"] = [_code(r, suit) for r in range(1, up + 1)]
        stacks[f"foundation-{suit + 5}"] = [_code(r, suit) for r in range(13, down, -1)]
        loose += [_code(r, suit) for r in range(1, 14) for _ in range(2 - (r <= up) - (r > down))]
    rng.shuffle(loose)
    loose = loose[:11]
    reserves = rng.randint(max(0, len(loose) - 6), max(0, min(7, len(loose) - 2)))
    for i, code in enumerate(loose[:reserves]):
        stacks[f"reserve-{i + 1}"] = [code]
    columns = rng.randint(1, 3)
    piles: dict[int, list] = {}
    for code in loose[reserves:]:
        piles.setdefault(rng.randint(1, columns), []).append(code)
    for i, pile in piles.items():
        stacks[f"tableau-{i}"] = pile
    data = _stacks(**stacks)
    data["redeals_used"] = 2
    return data


def _no_groups(game):
    return ()


def _reserves(game):
    return (game.reserve_ix,)


def _piles(game):
    return (game.tableau_ix,)


def _piles_once_stock_is_gone(game):
    return () if game.cards[game.stock_ix] else (game.tableau_ix,)


GAMES = [
    ("forty-thieves", {}, forty_thieves_position, _piles),  # R-FT-6: an empty pile takes any card
    ("osmosis", {"deal": "1"}, osmosis_position, _no_groups),
    ("osmosis", {"deal": "3"}, osmosis_position, _no_groups),
    ("osmosis", {"deal": "3"}, osmosis_long_stock_position, _no_groups),  # R-OS-9: the frozen stock test
    ("mount-olympus", {}, mount_olympus_position, _piles_once_stock_is_gone),
    ("tournament", {}, tournament_position, _reserves),  # R-TO-6: reserves hold one card, taken alike
    ("tournament", {}, tournament_last_pass_position, _reserves),  # the digs of ``useful_moves``
]


@pytest.mark.parametrize(("game_id", "options", "make", "groups"), GAMES,
                         ids=[f"{g}-{'-'.join(o.values()) or 'default'}-{m.__name__}" for g, o, m, _ in GAMES])
def test_solver_agrees_with_brute_force(host, game_id, options, make, groups):
    cls = host.game(game_id)
    rng = random.Random(f"{game_id}{options}{make.__name__}")
    verdicts = {Verdict.WON: 0, Verdict.LOST: 0}
    tried = 0
    cases = CASES // 2 if game_id == "tournament" else CASES  # its brute force is the slowest
    while sum(verdicts.values()) < cases:
        tried += 1
        assert tried < cases * 4, "too many positions were too big for the brute force"
        data = {**make(rng), "options": options}
        game = cls.from_layout(data)
        try:
            expected = brute_force(game, groups)
        except TooBig:
            continue
        result = solve(game, nodes=200_000)
        assert result.verdict is (Verdict.WON if expected else Verdict.LOST), data
        if result.verdict is Verdict.WON:
            replay = game.copy(history=False)
            for move in result.line:
                replay.push(move)
            assert replay.is_won()
        verdicts[result.verdict] += 1
    # Both answers occur, so both were checked.
    assert verdicts[Verdict.WON] and verdicts[Verdict.LOST], verdicts


def test_R_OS_9_dead_end_only_where_the_brute_force_finds_no_win(host):
    """Osmosis's relaxed test with three-card deals (its companion's ``dead_end``: which stock and waste cards
    can come to the top of the waste, and what playing one frees) never calls a winnable position dead: random
    positions with most loose cards in the stock, where the order of the triples decides, checked against the
    brute force."""
    cls = host.game("osmosis")
    comp = companion_for(cls)
    rng = random.Random("osmosis triples")
    fired = checked = 0
    while checked < CASES * 3:
        data = osmosis_long_stock_position(rng)
        data["options"] = {"deal": "3"}
        game = cls.from_layout(data)
        if len(game.cards[game.stock_ix]) < 4 or not comp.dead_end(game):
            continue
        try:
            expected = brute_force(game, _no_groups)
        except TooBig:
            continue
        checked += 1
        assert not expected, data
        everything_free = comp._relaxed_dead(
            game, [game.cards[f] for f in game.foundation_ix], [game.cards[r] for r in game.reserve_ix],
            game.cards[game.waste_ix] + game.cards[game.stock_ix], None)
        fired += not everything_free  # dead only because of the order of the triples
    assert fired, "no position needed the order of the triples"
