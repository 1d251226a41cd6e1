"""The solver on real deals and on positions with a known answer; each game's safe moves, clause by clause.

What a game tells the solver beyond its rules lives in its companion (``reussite.solver.companion``): the
hints below are asked of ``companion_for(game)`` with the game at the position asked about."""

from __future__ import annotations

import sys

import pytest

from reussite.game import Move
from reussite.solver import Budget, Verdict, solve
from reussite.solver.companion import Companion, companion_for, legacy_hints


def _layout(cls, options=None, redeals_used=0, **stacks):
    data = {"stacks": [], "options": options or {}, "redeals_used": redeals_used}
    for name, value in stacks.items():
        cards, face_down = value if isinstance(value, tuple) else (value, None)
        entry = {"id": name.replace("_", "-"), "cards": cards.split() if isinstance(cards, str) else cards}
        if face_down is not None:
            entry["face_down"] = face_down
        data["stacks"].append(entry)
    return cls.from_layout(data)


def _suit(suit: str, top: str, start: str = "A") -> str:
    ranks = "A23456789TJQK"
    return " ".join(r + suit for r in ranks[ranks.index(start):ranks.index(top) + 1])


def _safe(game):
    """The safe move the game's companion names at this position, or None."""
    return companion_for(game).safe_move(game)


def _with_companion(cls, companion: type[Companion], name: str | None = None):
    """A subclass of the variant ``cls`` attached to ``companion`` (a class object: ``solver_companion``
    takes one as well as a ``"module:Class"`` string); a new class, so it gets a companion of its own."""
    return type(name or f"{cls.__name__}With{companion.__name__}", (cls,), {"solver_companion": companion})


def _replays_to_a_win(game, line) -> bool:
    probe = game.copy(history=False)
    for move in line:
        probe.push(move)  # with the rules' checks
    return probe.is_won()


# -- real deals -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "options", "numbers"), [
    ("mount-olympus", {}, range(1, 6)),
    ("osmosis", {"deal": "1"}, range(1, 9)),
    ("osmosis", {"deal": "3"}, range(1, 9)),
])
def test_every_won_line_replays_to_a_win(host, game_id, options, numbers):
    won = 0
    for number in numbers:
        game = host.new_game(game_id, number, options)
        result = solve(game, nodes=30_000)
        assert game.move_count == 0 and game.on_foundations() < game.total_cards  # the game is not touched
        if result.verdict is Verdict.WON:
            won += 1
            assert _replays_to_a_win(game, result.line)
            assert len(result.notation(game)) == len(result.line)
    assert won, "no deal was won: the check above checked nothing"


def test_a_node_budget_gives_the_same_answer_every_time(host):
    for game_id, number, options in (("forty-thieves", 3, {}), ("tournament", 2, {}), ("osmosis", 5, {"deal": "3"})):
        game = host.new_game(game_id, number, options)
        first, second = solve(game, nodes=3_000), solve(game, Budget(nodes=3_000))
        assert (first.verdict, first.nodes, first.positions, first.line) == \
               (second.verdict, second.nodes, second.positions, second.line)


def test_a_budget_that_runs_out_says_unknown_and_why(host):
    game = host.new_game("forty-thieves", 1)
    result = solve(game, nodes=50)
    assert result.verdict is Verdict.UNKNOWN and result.stopped_by == "nodes" and not result.decided
    assert not result.line and result.nodes == 50
    assert solve(game, memory_mb=0.001).stopped_by == "memory"
    assert solve(game, seconds=0.05).stopped_by == "time"


def test_the_memory_budget_bounds_the_process_memory_not_an_estimate(host):
    """The budget counts what the process holds as the system sees it (memory taken while the search runs,
    here 16 MB by another thread), not only the searches' count of their own tables."""
    import threading

    from reussite.solver.search import resident_bytes

    if resident_bytes() is None:
        pytest.skip("this system does not tell a process's resident memory (/proc/self/statm)")
    ballast = []
    timer = threading.Timer(0.1, lambda: ballast.append(b"x" * (16 << 20)))  # written: resident at once
    timer.start()
    try:
        result = solve(host.new_game("spider", 1), seconds=30, memory_mb=8)
    finally:
        timer.cancel()
    assert result.stopped_by == "memory" and ballast, result
    assert result.memory_mb < 4, result  # the tables alone were far from the budget
    assert result.seconds < 5, result


def test_cancel_and_ctrl_c_end_the_search_as_unknown(host):
    game = host.new_game("tournament", 3)
    assert solve(game, cancel=lambda: True).stopped_by == "cancelled"

    def interrupt():
        raise KeyboardInterrupt

    result = solve(game, cancel=interrupt)
    assert result.verdict is Verdict.UNKNOWN and result.stopped_by == "interrupted"


def test_a_saved_game_is_solved_from_its_current_position(host):
    game = host.new_game("mount-olympus", 4)
    first = solve(game, nodes=10_000)
    assert first.verdict is Verdict.WON
    for move in first.line[:10]:
        game.push(move)
    again = solve(game, nodes=10_000)
    assert again.verdict is Verdict.WON and _replays_to_a_win(game, again.line)


# -- positions with a known answer, per game -------------------------------------------------------------

def test_forty_thieves_one_move_from_a_win(host):
    cls = host.game("forty-thieves")
    stacks = {f"foundation_{i + 1}": _suit("CSHD"[i % 4], "K") for i in range(8)}
    stacks["foundation_8"] = _suit("D", "Q")
    game = _layout(cls, waste="KD", **stacks)
    result = solve(game)
    assert result.verdict is Verdict.WON and result.notation(game) == ["w-f8"]


def test_forty_thieves_dead_when_the_only_queen_lies_under_its_king(host):
    # R-FT-5, R-FT-6: the King of clubs can leave its pile only for an empty pile; every pile is taken by a King
    # of a suit whose Queen does not exist, so the Queen of clubs under it can never be played.
    cls = host.game("forty-thieves")
    stacks = {f"foundation_{i + 1}": _suit("C", "J") for i in range(1)}
    stacks["tableau_1"] = "QC KC"
    for i, king in enumerate("KS KS KH KH KD KD KC".split(), start=2):
        stacks[f"tableau_{i}"] = king
    stacks["tableau_9"] = "QS"
    stacks["tableau_10"] = "QH"
    game = _layout(cls, **stacks)
    assert solve(game).verdict is Verdict.LOST


def test_mount_olympus_one_move_from_a_win_and_a_dead_end(host):
    cls = host.game("mount-olympus")
    bases = {f"foundation_{k + 1}": ("A" if k < 8 else "2") + "CSHD"[(k % 8) // 2] for k in range(16)}
    game = _layout(cls, tableau_1="3C", **bases)
    result = solve(game)
    assert result.verdict is Verdict.WON and len(result.line) == 1
    # R-MO-4: the 5 of clubs lies on the only 3 of clubs and can go nowhere (no 7 of clubs, no empty pile,
    # R-MO-3: the foundation wants the 3 first).
    piles = {f"tableau_{i}": k for i, k in enumerate("KH KH KS KS KD KD QH QH".split(), start=2)}
    dead = _layout(cls, tableau_1="3C 5C", **piles, **bases)
    assert solve(dead).verdict is Verdict.LOST


def test_osmosis_one_move_from_a_win_and_a_dead_end(host):
    cls = host.game("osmosis")
    game = _layout(cls, foundation_1="5C", reserve_1=("2C", 0))
    assert solve(game).notation(game) == ["r1-f1"]
    # R-OS-7: the 3 of spades needs a 3 on the first foundation; the only one lies under it (R-OS-2).
    dead = _layout(cls, foundation_1="5C", foundation_2="5S", reserve_1=("3C 3S", 1))
    for options in ({"deal": "1"}, {"deal": "3"}):
        dead = _layout(cls, options, foundation_1="5C", foundation_2="5S", reserve_1=("3C 3S", 1))
        result = solve(dead)
        assert result.verdict is Verdict.LOST and result.nodes == 1  # the dead-end test sees it at once
        assert companion_for(dead).dead_end(dead)


def test_tournament_one_move_from_a_win_and_a_dead_end(host):
    cls = host.game("tournament")
    game = _layout(cls, redeals_used=2, foundation_1="AC 2C", foundation_5="KC QC", reserve_1="3C")
    assert solve(game).notation(game) == ["r1-f1"]
    # Every reserve is taken and no card can go up or down (no Ace, no King): nothing can ever move.
    reserves = {f"reserve_{i}": c for i, c in enumerate("5C 6C 7C 8C 5H 6H 7H 8H".split(), start=1)}
    dead = _layout(cls, redeals_used=2, tableau_1="9C", **reserves)
    assert solve(dead).verdict is Verdict.LOST


# -- safe moves, clause by clause --------------------------------------------------------------------------

def test_R_FT_3_R_FT_5_a_card_whose_lower_twins_are_both_up_is_played_at_once(host):
    cls = host.game("forty-thieves")
    game = _layout(cls, foundation_1=_suit("H", "4"), foundation_2=_suit("H", "4"), tableau_3="9S 5H",
                   tableau_4="6H")
    assert _safe(game) == Move(game.index["tableau-3"], game.index["foundation-1"])


def test_R_FT_5_not_while_a_twin_of_the_card_below_could_still_need_it(host):
    cls = host.game("forty-thieves")
    game = _layout(cls, foundation_1=_suit("H", "4"), foundation_2=_suit("H", "2"), tableau_3="5H",
                   tableau_4="4H KS")
    assert _safe(game) is None  # the other 4 of hearts may want the 5 in the tableau


def test_R_FT_3_aces_and_twos_are_always_safe(host):
    cls = host.game("forty-thieves")
    game = _layout(cls, waste="KS AS", tableau_1="QS")
    assert _safe(game) == Move(game.waste_ix, game.index["foundation-1"])


def test_R_MO_5_no_safe_move_empties_a_pile_while_the_stock_lasts(host):
    cls = host.game("mount-olympus")
    bases = {f"foundation_{k + 1}": ("A" if k < 8 else "2") + "CSHD"[(k % 8) // 2] for k in range(16)}
    game = _layout(cls, stock="KH", tableau_1="3C", tableau_2="QH 3C", **bases)
    assert _safe(game) == Move(game.index["tableau-2"], game.index["foundation-1"])
    game = _layout(cls, stock="KH", tableau_1="3C", **bases)
    assert _safe(game) is None
    game = _layout(cls, tableau_1="3C", **bases)  # the stock is gone: the pile may empty
    assert _safe(game) is not None


def test_R_MO_4_not_while_a_card_two_below_could_still_go_on_it(host):
    cls = host.game("mount-olympus")
    bases = {f"foundation_{k + 1}": ("A" if k < 8 else "2") + "CSHD"[(k % 8) // 2] for k in range(16)}
    bases["foundation_1"] = "AC 3C"
    game = _layout(cls, tableau_1="KH 5C", tableau_2="KH 3C", **bases)
    # The 3 of clubs may go up (its Ace is there), not the 5: the other 3 of clubs could still go on it.
    assert _safe(game) == Move(game.index["tableau-2"], game.index["foundation-2"])
    game.push(_safe(game))
    assert _safe(game) is not None  # now both 3s of clubs are up


def test_R_OS_9_a_waste_card_is_safe_with_one_card_deals_only(host):
    cls = host.game("osmosis")
    one = _layout(cls, {"deal": "1"}, foundation_1="5C", stock="9H", waste="7D 2C")
    assert _safe(one) == Move(one.waste_ix, one.index["foundation-1"])
    three = _layout(cls, {"deal": "3"}, foundation_1="5C", stock="9H", waste="7D 2C")
    assert _safe(three) is None  # R-OS-9: taking a waste card regroups the later triples
    three = _layout(cls, {"deal": "3"}, foundation_1="5C", stock="9H", reserve_2="2C")
    assert _safe(three) == Move(three.index["reserve-2"], three.index["foundation-1"])


def test_R_OS_9_the_last_card_of_a_three_card_pass_is_safe(host):
    cls = host.game("osmosis")
    game = _layout(cls, {"deal": "3"}, foundation_1="5C", waste="7D 9H 2C")
    assert _safe(game) == Move(game.waste_ix, game.index["foundation-1"])


def test_R_OS_6_starting_a_foundation_is_never_forced(host):
    cls = host.game("osmosis")
    game = _layout(cls, foundation_1="5C", reserve_1="5S")
    assert _safe(game) is None


def test_R_TO_9_a_reserve_card_is_safe_only_once_the_foundations_overlap(host):
    cls = host.game("tournament")
    # The two clubs foundations hold 13 cards: they meet, and a card played now could spoil the shifting.
    meet = _layout(cls, foundation_1=_suit("C", "4"), foundation_5="KC QC JC TC 9C 8C 7C 6C 5C", reserve_1="5C")
    assert _safe(meet) is None
    overlap = _layout(cls, foundation_1=_suit("C", "5"), foundation_5="KC QC JC TC 9C 8C 7C 6C 5C",
                      reserve_1="6C")
    assert _safe(overlap) == Move(overlap.index["reserve-1"], overlap.index["foundation-1"])


def test_R_TO_9_foundations_shift_only_towards_a_waiting_card(host):
    cls = host.game("tournament")
    meet = _layout(cls, foundation_1=_suit("C", "4"), foundation_5="KC QC JC TC 9C 8C 7C 6C 5C", reserve_1="2C",
                   tableau_1="AH")
    f1, f5 = meet.index["foundation-1"], meet.index["foundation-5"]
    moves = list(meet.legal_moves())
    assert Move(f1, f5) in moves and Move(f5, f1) in moves
    useful = companion_for(meet).useful_moves(meet, moves)
    # No single shift; the 2 waits below: two shifts down (the up foundation ends at the 2), then the 2 of
    # the other pack onto the down foundation.
    assert Move(f1, f5) not in useful and Move(f5, f1) not in useful
    assert (Move(f1, f5), Move(f1, f5), Move(meet.index["reserve-1"], f5)) in useful
    assert solve(meet).verdict is Verdict.WON


def test_R_TO_11_last_pass_hooks_agree_with_the_search_without_them(host):
    """Tournament's last-pass hooks (a column card to overlapping foundations is safe; a column that cannot be
    dug out for want of reserves is a dead end; with the stock empty, a card goes to a reserve only in a dig)
    never change a verdict: random last-pass positions of one suit, with a small gap between its
    foundations, solved with them and without them."""
    import random

    cls = host.game("tournament")
    solver = type(companion_for(cls))

    class PlainSolver(solver):
        def _safe_column_move(self, game):
            return None

        def dead_end(self, game):
            return False

        def _digs_only(self, game, moves):
            return False

    fired = [0]

    class CountedSolver(solver):
        def dead_end(self, game):
            dead = super().dead_end(game)
            fired[0] += dead
            return dead

    Plain, Counted = _with_companion(cls, PlainSolver, "Plain"), _with_companion(cls, CountedSolver, "Counted")
    assert type(companion_for(Plain)) is PlainSolver and type(companion_for(Counted)) is CountedSolver
    comp = companion_for(cls)

    # A hand-built dead end: nine cards that need a held King and Ace first, eight reserves.
    data = {"redeals_used": 2, "stacks": [
        {"id": "tableau-1", "cards": "AC AC KC KC 5C".split()},
        *({"id": f"reserve-{i + 1}", "cards": [c]} for i, c in enumerate("2C 3C 4C 6C 7C 8C 9C TC".split())),
    ]}
    dead = cls.from_layout(data)
    assert comp.dead_end(dead)
    assert not comp.dead_end(cls.from_layout({**data, "redeals_used": 1}))  # a redeal takes the 5 off that column
    assert solve(Plain.from_layout(data)).verdict is Verdict.LOST
    # A safe column card: the clubs overlap, no redeal is left, a card stays under it.
    overlap = _layout(cls, redeals_used=2, foundation_1=_suit("C", "5"),
                      foundation_5="KC QC JC TC 9C 8C 7C 6C 5C", tableau_1="9H 6C", stock="2H")
    f1, t1 = overlap.index["foundation-1"], overlap.index["tableau-1"]
    assert _safe(overlap) == Move(t1, f1)
    assert _safe(_layout(cls, redeals_used=1, foundation_1=_suit("C", "5"),
                         foundation_5="KC QC JC TC 9C 8C 7C 6C 5C", tableau_1="9H 6C", stock="2H")) is None
    # Not a column card with nothing under it while the stock lasts: its column would be refilled sooner.
    assert _safe(_layout(cls, redeals_used=2, foundation_1=_suit("C", "5"),
                         foundation_5="KC QC JC TC 9C 8C 7C 6C 5C", tableau_1="6C", stock="2H")) is None

    rng = random.Random("tournament last pass")
    ranks = "A23456789TJQK"
    seen = {Verdict.WON: 0, Verdict.LOST: 0}
    safes = 0
    for _ in range(300):
        a = rng.randint(0, 11)
        b = min(14, a + rng.randint(-2, 4)) if a >= 2 else a + rng.randint(1, 4)
        b = max(b, 1)
        up = [r for r in range(1, a + 1)]
        down = [r for r in range(13, b - 1, -1)]
        off = [r for r in range(1, 14) for _ in range(2 - (r <= a) - (r >= b))]
        if not 1 <= len(off) <= 20:
            continue
        loose = [ranks[r - 1] + "C" for r in off]
        rng.shuffle(loose)
        stacks = [{"id": "foundation-1", "cards": [ranks[r - 1] + "C" for r in up]},
                  {"id": "foundation-5", "cards": [ranks[r - 1] + "C" for r in down]}]
        reserves = min(len(loose) - 1, rng.choice([rng.randint(0, 8), 7, 8, 8]))
        stacks += [{"id": f"reserve-{i + 1}", "cards": [c]} for i, c in enumerate(loose[:reserves])]
        rest = loose[reserves:]
        stock_n = rng.choice([0, 0, 4]) if len(rest) > 5 else 0
        stacks.append({"id": "stock", "cards": rest[:stock_n]})
        piles: dict[int, list] = {}
        for code in rest[stock_n:]:
            piles.setdefault(rng.randint(1, 2), []).append(code)
        stacks += [{"id": f"tableau-{i}", "cards": p} for i, p in piles.items()]
        data = {"redeals_used": 2, "stacks": stacks}
        expected = solve(Plain.from_layout(data), nodes=100_000)
        if not expected.decided:
            continue
        game = Counted.from_layout(data)
        safes += companion_for(game)._safe_column_move(game) is not None
        assert solve(game, nodes=100_000).verdict is expected.verdict, data
        seen[expected.verdict] += 1
    deads = fired[0]
    assert seen[Verdict.WON] and seen[Verdict.LOST] and deads and safes, (seen, deads, safes)


def test_tournament_hints_arithmetic_agrees_with_the_rules(host, monkeypatch):
    """Tournament's hints read the foundations by their lengths (the up one holds Ace .. a, the down one
    King .. b) instead of asking the rules: for every pair of lengths and every rank, the foundation
    ``_to_foundation`` picks is the first one ``drop_refusal`` accepts; and ``progress`` is the sum its
    docstring states, card by card, on positions the solver reaches."""
    cls = host.game("tournament")
    comp = companion_for(cls)
    ranks = "A23456789TJQK"
    checked = 0
    for a in range(14):
        for d in range(14):
            for rank in range(1, 14):
                if (rank <= a) + (rank >= 14 - d) == 2:
                    continue  # both copies are on the foundations
                code = ranks[rank - 1] + "S"  # spades: suit 1, foundations 2 (up) and 6 (down)
                for source in ("reserve_3", "tableau_2"):
                    game = _layout(cls, foundation_2=" ".join(r + "S" for r in ranks[:a]),
                                   foundation_6=" ".join(r + "S" for r in ranks[::-1][:d]), **{source: code})
                    src = game.index[source.replace("_", "-")]
                    fits = [f for f in (game.foundation_ix[1], game.foundation_ix[5])
                            if game.drop_refusal(src, 1, f) is None]
                    for overlap, allowed in ((False, a + d != 13), (True, a + d >= 14)):
                        expected = Move(src, fits[0]) if fits and allowed else None
                        assert comp._to_foundation(game, src, overlap) == expected, (a, d, code, overlap)
                        checked += 1
    assert checked > 8000

    def plain_progress(game, clog):
        cards, fx = game.cards, game.foundation_ix
        score = 4.0 * game.on_foundations() - 40.0 * game.redeals_used
        ups = [len(cards[fx[suit]]) for suit in range(4)]
        downs = [14 - len(cards[fx[4 + suit]]) for suit in range(4)]
        for i in game.reserve_ix:
            if not cards[i]:
                score += 1
            elif ups[cards[i][-1].suit] + 1 != downs[cards[i][-1].suit]:
                rank, a, b = cards[i][-1].rank, ups[cards[i][-1].suit], downs[cards[i][-1].suit]
                score -= clog * min(rank - a - 1 if rank > a else 6, b - 1 - rank if rank < b else 6, 6)
        for i in game.tableau_ix:
            for depth, card in enumerate(reversed(cards[i])):
                if card.rank in (ups[card.suit] + 1, downs[card.suit] - 1):
                    score -= 0.5 * depth
        return score

    seen = []

    class SpySolver(type(comp)):
        def safe_move(self, game):
            seen.append(game.copy(history=False))
            return super().safe_move(game)

    Spy = _with_companion(cls, SpySolver, "Spy")
    for number in (3, 1):  # deal 1 reaches positions where a suit's foundations meet
        solve(Spy(number), nodes=800)
    assert len(seen) > 1000 and any(g.redeals_used for g in seen)
    for game in seen[::3]:
        for clog in (2.0, 1.0, 0.0):
            assert comp.progress(game, clog) == plain_progress(game, clog)
    # key does position_key's work its own way: the same key, but where a suit's foundations meet,
    # where they meet is left out (a shift between them keeps the key).
    meeting = 0
    for game in seen:
        if not any(game.foundations_meet(suit) for suit in range(4)):
            assert comp.key(game) == game.position_key()
            continue
        suit = next(suit for suit in range(4) if game.foundations_meet(suit))
        up, down = game.foundation_ix[suit], game.foundation_ix[4 + suit]
        shift = Move(up, down) if game.cards[up] else Move(down, up)
        key = comp.key(game)
        game.push(shift)
        assert comp.key(game) == key != game.position_key()
        game.pop()
        meeting += 1
    assert meeting
    # The columns' buried terms are kept by stack key for each foundation state; with room for one column
    # a state's table starts again at nearly every column, and the terms are still right.
    tournament_solver = sys.modules[type(comp).__module__]
    tournament_solver._foundation_state.cache_clear()
    monkeypatch.setattr(tournament_solver, "_BURIED_KEPT", 1)
    for game in seen[1::3]:
        assert comp.progress(game, 1.0) == plain_progress(game, 1.0)


# -- the search hints: the Companion base's defaults, a variant's own companion ------------------------------

def _plain_variant():
    """A third-party game written without a thought for the solver: no companion declared, none of the old
    search hints defined; a new class at each call, so each gets a companion of its own."""
    from reussite.rules import ANY, FOUNDATION_UP_IN_SUIT, Build, StackRule, foundations, stock, tableau, waste
    from reussite.variant import Variant

    class Plain(Variant):
        id = "plain-third-party"
        name = "Plain"
        stacks = (stock(), waste(1), *foundations(4, FOUNDATION_UP_IN_SUIT, x=2),
                  *tableau(3, StackRule(build=Build("same", -1), empty=ANY), y=1))

        def deal(self, cards):
            self.place("stock", cards)

    assert Plain.solver_companion is None
    assert not legacy_hints(Plain)
    return Plain


_POSITION = dict(tableau_1="3H 2H AH 4S", tableau_2="2S 3S", tableau_3="4H", waste="AS", stock="2C AC")


def test_a_variant_without_search_hints_is_solved_with_the_companion_s_neutral_defaults():
    import warnings

    cls = _plain_variant()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no deprecation: the plain companion, not the legacy one
        comp = companion_for(cls)
    assert type(comp) is Companion and companion_for(cls) is comp  # made once per class
    won = _layout(cls, tableau_1="3H 2H AH", tableau_2="2S 3S", waste="AS", stock="4H")
    assert companion_for(won) is comp
    # Its safe moves, dead ends, useful moves and key are what the declarations prove (reussite.solver.derive,
    # checked against the exhaustive search in test_derive.py and test_brute_force.py); a winnable position is
    # never a dead end.
    assert comp.derived.game_class is cls and comp.dead_end(won) is False
    # 4 a card on the foundations, 1 an empty tableau pile (the third one here), less a half for each card
    # off its pile's build (the 3 of spades on the 2).
    assert comp.progress(won) == 0.5
    assert comp.estimates(won) == (comp.progress,)  # one best-first search, led by it
    assert comp.phase(won) is None
    assert (comp.first_slice, comp.beam_width, comp.complete_share, comp.best_first_share) == (2000, 20, 1.0, 1)
    result = solve(won, nodes=10_000)
    assert result.verdict is Verdict.WON and _replays_to_a_win(won, result.line)
    # Each top card waits for a card buried under another one, and no pile is empty: not a single move.
    lost = _layout(cls, tableau_1="3H AS 2S", tableau_2="3S AH 2H", tableau_3="4H")
    assert solve(lost, nodes=10_000).verdict is Verdict.LOST


@pytest.mark.parametrize("hint", ["dead_end", "useful_moves", "key"])
def test_the_search_asks_a_variant_s_own_companion(hint):
    """Each hint of a declared companion is called: one that says "no future here" turns a won position into
    a lost one."""
    cls = _plain_variant()
    liar_solver = type("LiarSolver", (Companion,), {hint: {
        "dead_end": lambda self, game: True,
        "useful_moves": lambda self, game, moves: [],
        "key": lambda self, game: b"one key for every position",
    }[hint]})
    liar = _with_companion(cls, liar_solver, "Liar")
    position = dict(tableau_1="3H 2H AH", tableau_2="2S 3S", waste="AS", stock="4H")
    assert solve(_layout(cls, **position), nodes=10_000).verdict is Verdict.WON
    assert type(companion_for(liar)) is liar_solver
    assert solve(_layout(liar, **position), nodes=10_000).verdict is Verdict.LOST


def test_a_variant_s_progress_orders_the_search():
    """Two searches of one position that differ only by the companion's progress expand the positions in
    another order (so they count other numbers of nodes) and agree on the verdict."""
    cls = _plain_variant()
    # No safe move for either: the derived ones leave this position no choice to order.
    unforced = {"safe_move": lambda self, game: None}
    forwards = _with_companion(cls, type("ForwardsSolver", (Companion,), unforced), "Forwards")
    backwards = _with_companion(cls, type("BackwardsSolver", (Companion,), {
        **unforced, "progress": lambda self, game: -4 * game.on_foundations()}))
    ahead, behind = (solve(_layout(c, **_POSITION), nodes=10_000) for c in (forwards, backwards))
    assert ahead.verdict is behind.verdict is Verdict.WON
    assert ahead.nodes != behind.nodes


def test_each_turn_runs_a_beam_per_estimate_then_the_complete_searches(host, monkeypatch):
    """``solve``'s schedule: the depth-first search alone first; then at each turn one beam search per
    estimate (Tournament has two: with a light reserve term and without it), each after a phased one since
    Tournament tells phases apart (its companion's ``phase``), twice as wide as at the turn before; then the
    depth-first search for ``complete_share`` times as many positions as a beam took on average, then each
    best-first search for ``best_first_share`` times that (all four numbers the companion's)."""
    from reussite.solver import search

    turns = []

    def record(cls):
        run = cls.run

        def spy(self, until, check):
            before = self.expanded
            verdict = run(self, until, check)
            turns.append((cls.__name__, getattr(self, "width", None), until - before, self.expanded - before,
                          getattr(self, "phased", None), getattr(self, "progress", None)))
            return verdict

        monkeypatch.setattr(cls, "run", spy)

    for cls in (search._DFS, search._BestFirst, search._Beam):
        record(cls)
    game = host.new_game("tournament", 2)  # deal 2 lasts past the second round of beams
    comp = companion_for(game)
    # The companion class's tuning, read through the cached instance.
    monkeypatch.setattr(type(comp), "first_slice", 300)  # short turns keep the test quick
    monkeypatch.setattr(type(comp), "beam_width", 2)
    monkeypatch.setattr(type(comp), "best_first_share", 3)
    monkeypatch.setattr(type(comp), "complete_share", 0.5)
    solve(game, nodes=8000)
    names = [turn[0] for turn in turns]
    assert names[:12] == ["_DFS", *["_Beam"] * 4, "_DFS", "_BestFirst", "_BestFirst", *["_Beam"] * 4], turns
    assert turns[0][2:4] == (300, 300)
    first, second = comp.estimates(game)
    beams = turns[1:5]
    assert [turn[4] for turn in beams] == [True, False, True, False]
    assert [turn[5].keywords for turn in beams] == [first.keywords, first.keywords, second.keywords, second.keywords]
    assert {turn[1] for turn in beams} == {2} and {turn[1] for turn in turns[8:12]} == {4}
    slice_ = int(max(150, sum(turn[3] for turn in beams) // 4) * 0.5)
    assert [turn[2] for turn in turns[5:8]] == [slice_, 3 * slice_, 3 * slice_]
    # The first estimate counts the reserve term lightly, the second leaves it out, and the depth-first
    # search's order counts it most: a card far from fitting in a reserve counts against.
    clogged = _layout(type(game), foundation_1="AC", reserve_1="9C")
    assert second(clogged) > first(clogged) > comp.progress(clogged)


def test_a_variant_without_phases_gets_one_unphased_beam_per_estimate(monkeypatch, python_search):
    """``Companion.phase`` is None by default: each turn has one beam per estimate, none phased."""
    from reussite.solver import search

    cls = _plain_variant()
    phased = []
    run = search._Beam.run

    def spy(self, until, check):
        phased.append(self.phased)
        return run(self, until, check)

    monkeypatch.setattr(search._Beam, "run", spy)
    comp = companion_for(cls)
    monkeypatch.setattr(comp, "first_slice", 1)  # this class's own companion: no other game sees it
    game = _layout(cls, **_POSITION)
    assert comp.phase(game) is None
    assert solve(game, nodes=10_000).verdict is Verdict.WON
    assert phased and not any(phased)


def test_a_beam_search_finds_a_line_and_never_proves_a_loss(monkeypatch):
    """The beam search keeps only the best ``width`` children at each move: on a lost position it ends
    without a verdict (the complete searches prove the loss), and a line it finds replays to a win."""
    from reussite.solver import search

    cls = _plain_variant()
    comp = companion_for(cls)
    won = _layout(cls, **_POSITION)
    beam = search._Beam(won, comp, comp.progress, 1)
    assert beam.run(10_000, lambda: None) is Verdict.WON and _replays_to_a_win(won, beam.line)
    # Each Ace under a 2 that has nowhere to go (no 3 of its suit, no empty pile): lost whatever is dealt.
    lost = _layout(cls, tableau_1="AH 2H", tableau_2="AS 2S", tableau_3="AC 2C", stock="3D 4D")
    beam = search._Beam(lost, comp, comp.progress, 4)
    assert beam.run(10_000, lambda: None) is None
    assert solve(lost, nodes=10_000).verdict is Verdict.LOST


def test_each_of_a_variant_s_progress_estimates_gets_searches_of_its_own(monkeypatch):
    """``Companion.estimates``: another estimate gets a beam search and a best-first search of its own,
    which take their turns within the same budget (the spy is that estimate: it is called only if one of
    its searches runs; listed first, its beam runs before the default estimate's)."""
    cls = _plain_variant()
    called = []

    def spy(game):
        called.append(game.on_foundations())
        return -game.on_foundations()

    two = _with_companion(cls, type("TwoSolver", (Companion,), {
        "estimates": lambda self, game: (spy, self.progress)}), "Two")
    for c in (cls, two):
        monkeypatch.setattr(companion_for(c), "first_slice", 1)  # each search gets one position a turn
    one = solve(_layout(cls, **_POSITION), nodes=10_000)
    assert not called
    both = _layout(two, **_POSITION)
    result = solve(both, nodes=10_000)
    assert called
    assert result.verdict is one.verdict is Verdict.WON and _replays_to_a_win(both, result.line)


def test_a_beam_keeps_a_share_of_its_width_for_each_phase_of_the_game():
    """``Companion.phase``: of a beam's children, each phase first gets up to a quarter of the width, by
    progress, then the rest of the width is filled by progress alone; a position reached twice is kept once.
    So positions that have just dealt, behind for a while, are not all crowded out by those that have not."""
    from reussite.solver import search

    cls = _plain_variant()
    comp = companion_for(cls)
    beam = search._Beam(_layout(cls, tableau_1="AH"), comp, comp.progress, 8, phased=True)
    # Ten children ahead, in the phase before a deal (one of them reached twice), four behind, after it.
    ahead = [(-20.0 + k, k, None, None, b"a%d" % k, "before") for k in range(10)]
    behind = [(-5.0 + k, 20 + k, None, None, b"b%d" % k, "after") for k in range(4)]
    twice = (-19.5, 30, None, None, b"a0", "before")
    chosen = beam._choose([*behind, twice, *ahead])
    assert [child[4] for child in chosen] == [b"a0", b"a1", b"b0", b"b1", b"a2", b"a3", b"a4", b"a5"]
    # One phase only, or a beam without phases: by progress alone, as far as the width goes.
    assert [child[4] for child in beam._choose(list(ahead))] == [b"a%d" % k for k in range(8)]
    plain = search._Beam(_layout(cls, tableau_1="AH"), comp, comp.progress, 8)
    assert [child[4] for child in plain._choose([*behind, twice, *ahead])] == [b"a%d" % k for k in range(8)]


def test_the_beam_asks_a_variant_s_own_phases(monkeypatch):
    """A companion's own ``phase`` is what a phased beam search asks; it changes which positions the beam
    keeps, never a verdict."""
    from reussite.solver import search

    cls = _plain_variant()
    game = _layout(cls, **_POSITION)
    asked = []
    own = _with_companion(cls, type("OwnPhasesSolver", (Companion,), {
        "phase": lambda self, game: asked.append(1) or game.on_foundations()}), "OwnPhases")
    comp = companion_for(own)
    beam = search._Beam(_layout(own, **_POSITION), comp, comp.progress, 2, phased=True)
    assert beam.run(10_000, lambda: None) is Verdict.WON and asked
    assert _replays_to_a_win(game, beam.line)


class _FlatSolver(Companion):
    """A companion whose estimate tells no position from another (a game that gives none)."""

    def progress(self, game) -> float:
        return 0.0


def test_an_estimate_that_never_tells_children_apart_leaves_the_whole_budget_to_the_complete_search(
        host, python_search):
    """Issue 22, point 2: beams and best-first searches get budget only as far as the estimate separates
    the children of the positions searched, measured as the search goes. FreeCell deal 4 goes past the
    depth-first search's first slice: with the default estimate (it tells nearly every position's children
    apart) a beam wins it. With a flat estimate no beam nor best-first search runs on deal 3, and the
    depth-first search alone wins it within 6,000 positions (given the beams' turns, it did not)."""
    game = host.new_game("freecell", 4)
    led = solve(game, nodes=6000)
    assert led.separation > 0.9 and led.searched["beam"] > 0
    flat = solve(_with_companion(type(game), _FlatSolver)(3, {}), nodes=6000)
    assert flat.separation == 0.0
    assert flat.searched == {"depth-first": flat.nodes, "beam": 0, "best-first": 0, "streamlined": 0}
    assert flat.verdict is Verdict.WON
