"""The knowledge the solver derives from the declarations (reussite.solver.derive) is sound: wherever it calls
a foundation move safe, an exhaustive search finds a win after that move exactly when it finds one before.

Small games declared here cover both cases of the rule (foundations that keep their cards, one and two
packs; foundations that give them back, Klondike's rule) and every stack kind; the classic games' own
declarations are checked on positions where most cards are home already. The exhaustive search is the one of
test_brute_force.py, which shares nothing with the solver.
"""

from __future__ import annotations

import os
import random

import pytest
from solver.test_brute_force import TooBig, brute_force

from reussite.cards import Card
from reussite.game import Move
from reussite.rules import (
    ANY,
    FOUNDATION_UP_IN_SUIT,
    PICK_RUN,
    PICK_RUN_BY_SPACES,
    PICK_TOP,
    Build,
    Kind,
    StackRule,
    foundations,
    reserves,
    stock,
    tableau,
    waste,
    with_changes,
)
from reussite.solver import Verdict, solve
from reussite.solver.companion import companion_for
from reussite.solver.derive import Knowledge
from reussite.variant import Variant

#: Positions checked per game; more under CI. A brute force above LIMIT positions is skipped.
CASES = int(os.environ.get("DERIVE_CASES", "120" if os.environ.get("CI") else "24"))
LIMIT = 8000


@pytest.fixture(autouse=True)
def _small_brute_force(monkeypatch):
    import solver.test_brute_force as exhaustive

    monkeypatch.setattr(exhaustive, "LIMIT", LIMIT)


class MiniKlondike(Variant):
    """Klondike's rules on a pack of Ace to 4: foundations give cards back, runs move, the stock cycles."""

    id = "mini-klondike"
    name = "Mini Klondike"
    pack_ranks = (1, 2, 3, 4)
    redeals = None
    stacks = (
        stock(), waste(),
        *foundations(4, with_changes(FOUNDATION_UP_IN_SUIT, pickup=PICK_TOP), x=2),
        *tableau(3, StackRule(build=Build("alternate", -1), empty=4, pickup=PICK_RUN), y=1),
    )

    def deal(self, cards):
        for row in range(1, 3):
            self.deal_row(cards, self.tableau_ix[row:], face_down=True)
        self.deal_row(cards)
        self.place("stock", cards)


class MiniKlondike3(MiniKlondike):
    """The same, the stock turned three cards at a time: a play from the waste regroups the later triples."""

    id = "mini-klondike-3"
    name = "Mini Klondike by threes"
    deal_count = 3


class MiniKlondikeTwoPacks(MiniKlondike):
    """Klondike's rules on two packs of Ace to 4 in clubs and hearts: two copies of every card."""

    id = "mini-klondike-2"
    name = "Mini Klondike with two packs"
    decks = 2
    pack_suits = (0, 2)


class MiniFreeCell(Variant):
    """FreeCell's rules on Ace to 4: cells, runs by cells and spaces, foundations that keep their cards."""

    id = "mini-freecell"
    name = "Mini FreeCell"
    pack_ranks = (1, 2, 3, 4)
    stacks = (
        *reserves(1, StackRule(empty=ANY, max_cards=1, pickup=PICK_TOP), x=0, y=0, dx=1, dy=0),
        *foundations(4, FOUNDATION_UP_IN_SUIT, x=2),
        *tableau(3, StackRule(build=Build("alternate", -1), empty=ANY, pickup=PICK_RUN_BY_SPACES), y=1),
    )

    def deal(self, cards):
        while cards:
            self.deal_row(cards, self.tableau_ix[: len(cards)])


class MiniForty(Variant):
    """Forty Thieves' rules on two packs of Ace to 3 in two suits: copies of every card, a waste."""

    id = "mini-forty"
    name = "Mini Forty"
    decks = 2
    pack_suits = (1, 2)
    pack_ranks = (1, 2, 3)
    stacks = (
        stock(), waste(),
        *foundations(4, FOUNDATION_UP_IN_SUIT, x=2),
        *tableau(3, StackRule(build=Build("same", -1), empty=ANY, pickup=PICK_RUN_BY_SPACES), y=1),
    )

    def deal(self, cards):
        self.deal_row(cards)
        self.deal_row(cards)
        self.place("stock", cards)


def _random_position(cls, rng: random.Random, steps: int):
    """A deal of ``cls`` after ``steps`` random legal moves (foundation moves preferred, so foundations
    fill), as a fresh game."""
    game = cls(rng.randint(1, 10**6))
    for _ in range(steps):
        moves = list(game.legal_moves())
        if not moves:
            break
        home = [m for m in moves if getattr(m, "dst", None) in game.foundation_ix]
        game.push(rng.choice(home if home and rng.random() < 0.6 else moves))
    return cls.from_layout(game.layout_json())


def _groups(game):
    return game.interchangeable_stacks()


def _check_safe_moves(cls, cases: int, seed: int) -> int:
    """Positions of ``cls`` where the derived safe move exists; for each, the brute force before and after."""
    rng = random.Random(seed)
    knowledge = Knowledge(cls)
    assert knowledge.enabled, knowledge.why_not
    checked = 0
    for _ in range(cases * 8):
        game = _random_position(cls, rng, rng.randint(0, 40))
        move = knowledge.safe_move(game)
        if move is None:
            continue
        assert game.refusal(move) is None
        after = game.copy(history=False)
        after.push(move)
        try:
            assert brute_force(game, _groups) == brute_force(after, _groups), (cls.id, game.layout_json(), move)
        except TooBig:
            continue
        checked += 1
        if checked == cases:
            break
    return checked


@pytest.mark.parametrize("cls", [MiniKlondike, MiniKlondike3, MiniFreeCell, MiniForty], ids=lambda c: c.id)
def test_derived_safe_moves_are_sound(cls):
    assert _check_safe_moves(cls, CASES, seed=7) >= CASES // 4


def test_gives_back_is_read_from_the_declarations():
    assert Knowledge(MiniKlondike).gives_back
    assert not Knowledge(MiniFreeCell).gives_back
    # Klondike: a red 3 waits for both black 2s and, as foundations give cards back, for the red Aces too.
    three_of_hearts = 3 * 4 + 2
    assert Knowledge(MiniKlondike).levels[three_of_hearts] == (2, 2, 1, 1)
    assert Knowledge(MiniFreeCell).levels[three_of_hearts] == (2, 2, 0, 0)


def test_a_card_some_copy_of_whose_base_is_out_is_not_safe():
    # Two packs: the 3 of spades is safe only once both 2s of spades are home (either could want it).
    game = MiniForty.from_layout({"stacks": [
        {"id": "foundation-1", "cards": ["AS", "2S"]}, {"id": "foundation-2", "cards": ["AS"]},
        {"id": "tableau-1", "cards": ["3S"]}, {"id": "tableau-2", "cards": ["2S", "3S"]}]})
    assert Knowledge(MiniForty).safe_move(game) is None
    game = MiniForty.from_layout({"stacks": [
        {"id": "foundation-1", "cards": ["AS", "2S"]}, {"id": "foundation-2", "cards": ["AS", "2S"]},
        {"id": "tableau-1", "cards": ["3S"]}, {"id": "tableau-2", "cards": ["3S"]}]})
    assert Knowledge(MiniForty).safe_move(game) is not None


def test_the_rules_stand_aside_for_games_that_say_more_than_their_declarations():
    from examples.golf import Golf
    from examples.spider import Spider

    assert not Knowledge(Golf).enabled and "is_won" in Knowledge(Golf).why_not
    # Spider's finished runs and its deal rule are declared, but the proofs do not follow them either
    assert not Knowledge(Spider).enabled and "finished_runs" in Knowledge(Spider).why_not


def test_a_game_with_no_companion_gets_the_derived_rules():
    assert companion_for(MiniFreeCell).derived.enabled
    game = MiniFreeCell(3)
    result = solve(game, nodes=20_000)
    assert result.verdict in (Verdict.WON, Verdict.LOST)


def _classic(game_id: str):
    try:
        from reussite.host import Host

        return Host.load().games[game_id]
    except Exception:  # not installed
        if os.environ.get("CI"):
            raise
        pytest.skip("the classic games are not installed (pip install -e ./classics)")


def _nearly_home(cls, rng: random.Random, loose: int) -> dict:
    """A position of a one-pack classic with all but ``loose`` cards on the foundations (the highest of each
    suit out), the rest spread over the tableau and cells."""
    heights = [13] * 4
    for _ in range(loose):
        suit = rng.randrange(4)
        while heights[suit] == 0:
            suit = rng.randrange(4)
        heights[suit] -= 1
    out = [Card(rank, suit) for suit in range(4) for rank in range(heights[suit] + 1, 14)]
    rng.shuffle(out)
    game = cls(1)
    layout: dict[str, list] = {}
    for k, suit in enumerate(range(4)):
        if heights[suit]:
            layout[game.specs[game.foundation_ix[k]].id] = [_code(Card(r, suit)) for r in range(1, heights[suit] + 1)]
    piles = [s.id for s in game.specs if s.kind.value == "tableau"]
    for card in out:
        layout.setdefault(rng.choice(piles), []).append(_code(card))
    stacks = [{"id": k, "cards": v} for k, v in layout.items()]
    return {"stacks": stacks}


def _code(card: Card) -> str:
    return card.code


def test_klondike_is_read_as_foundations_that_give_cards_back():
    # Its positions with a safe move are too big for the brute force: MiniKlondike has the same rules.
    knowledge = Knowledge(_classic("klondike"))
    assert knowledge.enabled and knowledge.gives_back


@pytest.mark.parametrize("game_id", ["freecell", "bakers-game"])
def test_derived_safe_moves_are_sound_in_the_classic_games(game_id):
    cls = _classic(game_id)
    knowledge = Knowledge(cls)
    if not knowledge.enabled:
        pytest.fail(f"{game_id}: {knowledge.why_not}")
    rng = random.Random(11)
    checked = 0
    for _ in range(CASES * 2):
        game = cls.from_layout(_nearly_home(cls, rng, rng.randint(3, 7)))
        move = knowledge.safe_move(game)
        if move is None:
            continue
        after = game.copy(history=False)
        after.push(move)
        try:
            assert brute_force(game, _groups) == brute_force(after, _groups), (game_id, game.layout_json(), move)
        except TooBig:
            continue
        checked += 1
        if checked == CASES:
            break
    assert checked >= CASES // 2


@pytest.mark.parametrize("cls", [MiniKlondike, MiniKlondike3, MiniForty, MiniFreeCell], ids=lambda c: c.id)
def test_the_solver_with_the_derived_rules_agrees_with_the_exhaustive_search(cls):
    """Safe moves, stock clicks only as part of a play and one stock cycle folded in the key (the waste
    games) together: every verdict the solver reaches on a small position is the exhaustive search's."""
    rng = random.Random(5)
    assert Knowledge(cls).stock_plays == issubclass(cls, MiniKlondike)  # a waste, and unlimited redeals
    checked = lost = 0
    for _ in range(CASES * 4):
        game = _random_position(cls, rng, rng.randint(0, 12))
        try:
            expected = brute_force(game, _groups)
        except TooBig:
            continue
        result = solve(game, nodes=50_000)
        assert result.verdict is (Verdict.WON if expected else Verdict.LOST), (cls.id, game.layout_json())
        checked += 1
        lost += not expected
        if checked == CASES:
            break
    assert checked >= CASES // 2, (checked, lost)
    if cls is MiniFreeCell:
        assert lost  # losses proved too, not only wins found


def _walk_position(cls, rng: random.Random) -> dict:
    """A small position of a one-foundation walk (Black Hole, Golf): a few cards left on the piles (and in
    Golf's stock), the rest in the foundation. Built from a walk the rules allow, cards pushed last to first so
    that it wins; in one position of three some cards swapped, in one some replaced by others."""
    game = cls(1)
    pack = game.pack()  # Thieves' holds two jokers
    rng.shuffle(pack)
    f = game.foundation_ix[0]
    top, rest = pack[0], pack[1:]
    walk, dealt = [], []  # dealt: Golf's stock cards, in the order the walk turns them
    for _ in range(rng.randint(7, 13)):
        last = walk[-1] if walk else top
        if game.stock_ix is not None and rng.random() < 0.25:
            last = rng.choice(rest)
            rest.remove(last)
            dealt.append(last)
        game.cards[f] = [last]
        taken = game.takes(f)
        nexts = [c for c in rest if c[0] * 4 + c[1] in taken]
        if not nexts:
            break
        card = rng.choice(nexts)
        rest.remove(card)
        walk.append(card)
    mode = rng.randrange(3)
    if mode == 1 and len(walk) > 1:  # some cards put in the wrong order
        for _ in range(3):
            i, j = rng.sample(range(len(walk)), 2)
            walk[i], walk[j] = walk[j], walk[i]
    elif mode == 2:  # some cards of the walk replaced by any others
        for i in rng.sample(range(len(walk)), len(walk) // 2):
            card = rng.choice(rest)
            rest[rest.index(card)] = walk[i]
            walk[i] = card
    piles = [s.id for s in game.specs if s.kind.value == "tableau"]
    height = 3 if len(piles) > 10 else 5
    layout: dict[str, list] = {pile: [] for pile in piles}
    for card in reversed(walk):
        room = [p for p in piles if len(layout[p]) < height]
        layout[rng.choice(room)].append(_code(card))
    rng.shuffle(rest)
    if game.stock_ix is not None:  # the stock's top card, dealt first, is the last of the list
        layout[game.specs[game.stock_ix].id] = [_code(c) for c in reversed(dealt)]
    layout[game.specs[f].id] = [_code(c) for c in [*rest, top]]
    return {"stacks": [{"id": k, "cards": v} for k, v in layout.items()]}


@pytest.mark.parametrize("game_id", ["black-hole", "golf", "thieves"])
def test_walk_dead_ends_and_folded_tops_are_sound_in_the_classic_games(game_id):
    """Black Hole and Golf are read as a walk onto one foundation: a position the derived dead end calls hopeless
    is lost by the exhaustive search, and the solver (dead ends, and the top card folded to what it takes) agrees
    with the exhaustive search on every small position."""
    from reussite.solver.derive import Sink

    cls = _classic(game_id)
    knowledge = companion_for(cls).derived
    rng = random.Random(17)
    dead = checked = won = 0
    for _ in range(CASES * 4):
        game = cls.from_layout(_walk_position(cls, rng))
        sink = Sink.of(knowledge, game)
        assert sink is not None, game_id
        try:
            expected = brute_force(game, _groups)
        except TooBig:
            continue
        if sink.dead(game):
            assert not expected, (game_id, game.layout_json())
            dead += 1
        result = solve(game, nodes=50_000)
        assert result.verdict is (Verdict.WON if expected else Verdict.LOST), (game_id, game.layout_json())
        checked += 1
        won += expected
        if checked == CASES * 2:
            break
    assert checked >= CASES and CASES // 4 <= dead and CASES // 4 <= won <= checked - CASES // 4, (checked, dead, won)


def test_the_top_card_of_a_folded_stack_counts_by_what_it_takes():
    cls = _classic("black-hole")
    knowledge = companion_for(cls).derived

    def key(top: str) -> bytes:  # two cards left on a fan, the rest in the hole under ``top``
        pack = [_code(Card(rank, suit)) for suit in range(4) for rank in range(1, 14)]
        left = ["2C", "9D"]
        under = [c for c in pack if c not in (*left, top)]
        return knowledge.key(cls.from_layout({"stacks": [{"id": "foundation-1", "cards": [*under, top]},
                                                         {"id": "tableau-1", "cards": left}]}))

    assert key("5S") == key("5H")  # both take the 4s and the 6s
    assert key("5S") != key("6S") != key("7D")


def test_one_stock_cycle_is_folded_in_the_key():
    """With unlimited redeals the positions one turn of the stock goes through from a redeal have one key
    (each reaches the others by clicks alone); a waste that a play left out of step with the triples keeps
    its own, since from there the clicks show cards a redeal's triples never show."""
    from reussite.game import DEAL, REDEAL

    for cls, size in ((MiniKlondike, 1), (MiniKlondike3, 3)):
        game = cls(3)
        knowledge = companion_for(cls).derived
        start = knowledge.key(game)
        stock = game.cards[game.stock_ix]
        assert len(stock) > 2 * size
        while stock:
            game.push(DEAL)
            assert knowledge.key(game) == start, (cls.id, len(stock))
        game.push(REDEAL)
        assert knowledge.key(game) == start and game.position_key() == start
    # Out of step: a waste of 2 after a play, the stock not empty.
    game = MiniKlondike3.from_layout({"stacks": [{"id": "stock", "cards": ["2S", "3S", "4S", "AD", "2D"]},
                                                 {"id": "waste", "cards": ["AS", "3D", "2H"]},
                                                 {"id": "tableau-1", "cards": ["3C"]}]})
    knowledge = companion_for(MiniKlondike3).derived
    in_step = knowledge.key(game)
    game.push(Move(game.waste_ix, game.tableau_ix[0], 1))  # the 2H onto the 3C: 2 cards left in the waste
    out_of_step = knowledge.key(game)
    assert out_of_step == game.position_key() != in_step
    game.push(DEAL)  # 5 in the waste: still out of step
    assert knowledge.key(game) == game.position_key()
    game.push(DEAL)  # the stock empty: the redeal's turn again
    assert knowledge.key(game) != game.position_key()


def test_a_win_that_needs_a_waste_out_of_step_is_found():
    # Found by random positions against a fold of every turn of the stock: that fold calls it lost.
    layout = {"stacks": [{"id": "stock", "cards": ["3H", "4H", "AH", "4D", "4C", "AD", "3S"], "face_down": 7},
                         {"id": "waste", "cards": ["3D", "2S", "AC"]},
                         {"id": "tableau-1", "cards": ["4S"]},
                         {"id": "tableau-2", "cards": ["2C", "2H"], "face_down": 1},
                         {"id": "tableau-3", "cards": ["3C", "AS", "2D"], "face_down": 2}]}
    game = MiniKlondike3.from_layout(layout)
    assert brute_force(game, _groups)
    assert solve(game, nodes=50_000).verdict is Verdict.WON


def _dealt_at_random(cls, rng: random.Random) -> dict:
    """A layout of ``cls`` (three piles, a stock) with piles of random heights, all but the top card face down
    in two piles of three: the shapes where cards can wait for each other."""
    pack = [_code(card) for card in cls(1).pack()]
    rng.shuffle(pack)
    stacks = []
    for k in range(3):
        height = rng.randint(1, 5)
        pile, pack = pack[:height], pack[height:]
        down = height - 1 if rng.random() < 0.67 else rng.randint(0, height - 1)
        stacks.append({"id": f"tableau-{k + 1}", "cards": pile, "face_down": down})
    stacks.append({"id": "stock", "cards": pack, "face_down": len(pack)})
    return {"stacks": stacks}


@pytest.mark.parametrize("cls", [MiniKlondike, MiniKlondike3, MiniKlondikeTwoPacks], ids=lambda c: c.id)
def test_cards_that_wait_for_each_other_are_a_dead_end_only_where_nothing_wins(cls):
    """Wherever the derived dead end finds cards at the bottom of the piles that wait for each other, the
    exhaustive search finds no win; and it does find such positions, lost ones the search alone must
    otherwise go through."""
    rng = random.Random(17)
    knowledge = companion_for(cls).derived
    assert knowledge.enabled and knowledge.waits
    dead = 0
    for _ in range(CASES * (400 if cls.decks == 2 else 40)):  # with two copies of each card it is rarer
        game = cls.from_layout(_dealt_at_random(cls, rng))
        if not knowledge.dead_end(game):
            continue
        try:
            assert not brute_force(game, _groups), (cls.id, game.layout_json())
        except TooBig:
            continue
        dead += 1
        if dead == CASES:
            break
    assert dead >= CASES // 4, dead


def test_klondike_deal_29_is_lost_from_the_start():
    """The Queen of hearts lies on the King of spades and on the Six of hearts and Eight of diamonds below
    it, the Queen of diamonds on the King of clubs: each Queen can leave only for a black King or its
    foundation, and each of those waits for the other Queen."""
    cls = _classic("klondike")
    game = cls(29, {"draw": "1"})
    seven, five = game.cards[game.index["tableau-7"]], game.cards[game.index["tableau-5"]]
    assert [c.code for c in seven] == "8D AC 6H TD KS 7H QH".split()
    assert [c.code for c in five] == "3S KC QD 7D QS".split()
    assert companion_for(cls).derived.dead_end(game)
    result = solve(game, nodes=1000)
    assert result.verdict is Verdict.LOST and result.nodes == 1
    # With the King of clubs on top of its pile instead of the Queen of diamonds, it waits for nothing.
    layout = game.layout_json()
    for stack in layout["stacks"]:
        if stack["id"] == "tableau-5":
            stack["cards"] = "3S QD KC 7D QS".split()
    assert not companion_for(cls).derived.dead_end(cls.from_layout(layout))


def test_the_walk_stands_aside_where_cards_can_go_elsewhere():
    from reussite.solver.derive import Sink

    for cls in (MiniKlondike, MiniFreeCell, MiniForty):
        assert Sink.of(companion_for(cls).derived, cls(1)) is None


@pytest.mark.parametrize("game_id", ["black-hole", "golf", "thieves"])
def test_the_compact_walk_search_agrees_with_the_general_search(game_id, monkeypatch):
    """Black Hole and Golf are solved by the compact walk search (reussite.solver.walk); on small positions
    its verdicts are the general search's, and on a whole deal it is the search the solver picks."""
    from reussite.solver import search, walk
    from reussite.solver.walk import Walk

    cls = _classic(game_id)
    knowledge = companion_for(cls).derived
    assert Walk.of(cls(1), knowledge.sink(cls(1))) is not None
    rng = random.Random(23)
    agreed = won = 0
    for _ in range(CASES * 2):
        game = cls.from_layout(_walk_position(cls, rng))
        walked = solve(game, nodes=3_000)
        monkeypatch.setattr(walk, "RESTART_FIRST", 3)  # restarts after every few positions: still complete
        restarted = solve(game, nodes=3_000)
        monkeypatch.setattr(walk, "RESTART_FIRST", 1000)
        monkeypatch.setattr(search, "WALK", False)
        general = solve(game, nodes=3_000)
        monkeypatch.setattr(search, "WALK", True)
        if restarted.decided and walked.decided:
            assert restarted.verdict is walked.verdict, (game_id, game.layout_json())
        if walked.decided and general.decided:
            assert walked.verdict is general.verdict, (game_id, game.layout_json())
            agreed += 1
            won += walked.verdict is Verdict.WON
    assert agreed >= CASES and CASES // 4 <= won <= agreed - CASES // 4, (agreed, won)


#: A Mini Klondike that needs a card back from a foundation: the black 3 must hold the red 2 so that the Ace
#: under it comes out.
_TAKE_BACK = {"stacks": [{"id": "foundation-1", "cards": ["AS", "2S", "3S", "4S"]},
                         {"id": "foundation-2", "cards": ["AH", "2H"]},
                         {"id": "foundation-3", "cards": ["AC", "2C", "3C"]},
                         {"id": "tableau-1", "cards": ["AD", "2D"], "face_down": 1},
                         {"id": "tableau-2", "cards": ["3H", "4H"], "face_down": 1},
                         {"id": "tableau-3", "cards": ["3D", "4D", "4C"], "face_down": 2}]}


def test_the_streamlined_moves_leave_out_take_backs_and_shuffles_only():
    from reussite.solver.derive import streamlined

    game = MiniKlondike.from_layout(_TAKE_BACK)
    moves = list(game.legal_moves())
    kept = streamlined(game, moves)
    dropped = [m for m in moves if m not in kept]
    assert dropped and all(game.specs[m.src].kind is Kind.FOUNDATION for m in dropped), dropped
    # A run moved between piles that leaves a face-up card behind is kept only when that card then goes home.
    shuffle = MiniKlondike.from_layout({"stacks": [
        {"id": "foundation-1", "cards": ["AS"]},
        {"id": "tableau-1", "cards": ["4D", "3C", "2H"], "face_down": 1},
        {"id": "tableau-2", "cards": ["4H", "3S"]},
        {"id": "stock", "cards": ["AH", "AD", "AC", "2S", "2C", "2D", "3H", "3D", "4S", "4C"], "face_down": 10}]})
    ids = [spec.id for spec in shuffle.specs]
    to_3s = Move(ids.index("tableau-1"), ids.index("tableau-2"), 1)  # the 2 of hearts onto the 3 of spades
    assert shuffle.is_legal(to_3s) and to_3s not in streamlined(shuffle, [to_3s])


def test_a_streamlined_search_that_ends_without_a_win_proves_nothing():
    """The streamlined search runs out of moves on a position that wins only by a card taken back from a
    foundation; the solve still says won (a search that believed it would say lost). Its turn comes at once
    here: the complete search's first slice is one position, and there is no estimate for beams to follow."""
    from reussite.solver.companion import Companion
    from reussite.solver.derive import streamlined
    from reussite.solver.search import _DFS

    class AtOnce(Companion):  # no estimate either: no beam to win first
        first_slice = 1

        def estimates(self, game):
            return ()

    class TakeBack(MiniKlondike):
        id = "mini-klondike-take-back"
        solver_companion = AtOnce

    game = TakeBack.from_layout(_TAKE_BACK)
    assert brute_force(game, _groups)
    assert _DFS(game, companion_for(game), streamlined).run(100_000, lambda: None) is Verdict.LOST
    result = solve(game, nodes=50_000)
    assert result.verdict is Verdict.WON and result.searched["streamlined"] > 0


def _accordion_row(rng: random.Random) -> dict:
    """A small Accordion position: a row of 7 to 10 cards, the rest of the pack in the discard pile in a
    random order (the order in which they went out)."""
    pack = [_code(Card(rank, suit)) for suit in range(4) for rank in range(1, 14)]
    rng.shuffle(pack)
    k = rng.randint(7, 10)
    row, out = pack[:k], pack[k:]
    stacks = [{"id": f"tableau-{i + 1}", "cards": [code]} for i, code in enumerate(row)]
    return {"stacks": [*stacks, {"id": "foundation-1", "cards": out}]}


def _own_hole(cls):
    """Black Hole as a third-party author might write it: the hole's own rule not declared ``by_top``, so no
    derived rule folds it."""
    from dataclasses import replace

    stacks = tuple(replace(s, rule=replace(s.rule, by_top=False)) if s.kind is Kind.FOUNDATION else s
                   for s in cls.stacks)
    return type("OwnHoleBlackHole", (cls,), {"id": "own-hole-black-hole", "stacks": stacks})


def _out_of_play_verdicts(cls, layouts) -> tuple[int, int]:
    """Each layout solved and brute-forced (exact positions, no fold): (positions compared, disagreements)."""
    checked = wrong = 0
    for layout in layouts:
        game = cls.from_layout(layout)
        try:
            expected = brute_force(game, _groups)
        except TooBig:
            continue
        result = solve(game, nodes=50_000)
        checked += 1
        wrong += result.verdict is not (Verdict.WON if expected else Verdict.LOST)
    return checked, wrong


def test_stacks_out_of_play_are_keyed_by_their_size_and_the_solver_agrees_with_the_exhaustive_search():
    """Accordion's discard pile is out of play: the key keeps its size alone, and every verdict on small
    positions is the exhaustive search's (which compares positions card by card, the discard's order too)."""
    cls = _classic("accordion")
    knowledge = companion_for(cls).derived
    assert [cls.stacks[i].id for i in knowledge.out_of_play] == ["foundation-1"]
    rng = random.Random(23)
    # Two orders of the same discarded cards: one key.
    layout = _accordion_row(rng)
    other = {"stacks": [*layout["stacks"][:-1], {"id": "foundation-1", "cards": layout["stacks"][-1]["cards"][::-1]}]}
    one, two = cls.from_layout(layout), cls.from_layout(other)
    assert one.position_key() != two.position_key() and knowledge.key(one) == knowledge.key(two)
    layouts = [_accordion_row(rng) for _ in range(CASES + 8)]
    checked, wrong = _out_of_play_verdicts(cls, layouts)
    assert checked >= CASES and not wrong, (checked, wrong)
    # Black Hole with its hole's rule undeclared: the hole takes the player's cards, so it is not out of play.
    hole = _own_hole(_classic("black-hole"))
    assert companion_for(hole).derived.out_of_play == ()


def test_a_fold_of_stacks_the_player_builds_on_is_caught(monkeypatch):
    """The mutant: folding every stack no card leaves, the player's foundations too (the condition on
    ``accepts_from`` dropped). Black Hole's hole then loses its top card from the key, and the solver calls
    lost positions that the exhaustive search wins."""
    from reussite.solver import derive

    hole = _own_hole(_classic("black-hole"))
    rng = random.Random(17)
    layouts = [_walk_position(hole, rng) for _ in range(CASES)]
    assert _out_of_play_verdicts(hole, layouts)[1] == 0  # the rule as it is: every verdict right

    def mutant(specs):
        return tuple(i for i, s in enumerate(specs) if s.kind is not Kind.STOCK and s.rule.pickup == "none")

    from reussite.rules import PICK_NONE

    assert PICK_NONE == "none"
    monkeypatch.setattr(derive, "out_of_play", mutant)
    mutated = _own_hole(_classic("black-hole"))  # a new class: its knowledge worked out again, by the mutant
    assert companion_for(mutated).derived.out_of_play
    assert _out_of_play_verdicts(mutated, layouts)[1] > 0


def test_no_game_of_the_catalogue_reads_the_cards_out_of_play():
    """Every installed game with stacks out of play (derive.out_of_play) offers the same moves, two moves
    deep, and wins the same, whatever the order of the cards in those stacks: the fold of the key is sound
    for it."""
    from reussite.host import Host

    try:
        host = Host.load()
    except Exception:
        if os.environ.get("CI"):
            raise
        pytest.skip("no host")
    rng = random.Random(29)
    seen = []
    for game_id in sorted(host.games):
        cls = host.games[game_id]
        stacks = companion_for(cls).derived.out_of_play
        if not stacks:
            continue
        seen.append(game_id)
        game = _random_position(cls, rng, 30)
        layout = game.layout_json()
        # Fill each stack out of play with cards from the piles' tops (a position no deal need reach, but
        # one the rules play from), then shuffle them.
        by_id = {s["id"]: s for s in layout["stacks"]}
        kinds = {spec.id: spec.kind for spec in cls.stacks}
        piles = [s for s in layout["stacks"] if kinds[s["id"]] is Kind.TABLEAU]
        for i in stacks:
            target = by_id[cls.stacks[i].id]
            for pile in [p for p in piles if len(p["cards"]) > p["face_down"] + 1][:3]:
                target["cards"].append(pile["cards"].pop())
        shuffled = {**layout, "stacks": [dict(s) for s in layout["stacks"]]}
        for s in shuffled["stacks"]:
            if s["id"] in {cls.stacks[i].id for i in stacks}:
                s["cards"] = rng.sample(s["cards"], len(s["cards"]))
        one, two = cls.from_layout(layout), cls.from_layout(shuffled)

        def seen_from(game):
            out = [game.is_won()]
            for move in list(game.legal_moves()):
                game.push(move, check=False)
                out.append((game.notation(move) if hasattr(move, "src") else repr(move), game.is_won(),
                            sorted(map(repr, game.legal_moves()))))
                game.pop()
            return out

        assert seen_from(one) == seen_from(two), game_id
    assert "accordion" in seen and "spiderette" in seen, seen


def test_a_game_that_extends_position_key_keeps_its_stacks_out_of_play_in_the_key():
    """A game that says its future depends on more than its stacks (its own ``position_key``) may read the
    cards out of play: the solver keys it by its own key, whole."""
    cls = _classic("accordion")
    extended = type("MarkedAccordion", (cls,), {"id": "marked-accordion",
                                                "position_key": lambda self: cls.position_key(self) + b"!"})
    knowledge = companion_for(extended).derived
    assert knowledge.out_of_play == ()
    layout = _accordion_row(random.Random(3))
    game = extended.from_layout(layout)
    assert knowledge.key(game) == game.position_key()


def _accordion_reading_its_discard(extends_key: bool):
    """Accordion with one more rule that reads the discard pile: a move is refused while the last card
    discarded is a heart (made up, so that the pile's order matters), optionally saying so in position_key."""
    from reussite.game import Reason

    cls = _classic("accordion")
    pile = cls.stacks.index(next(s for s in cls.stacks if s.id == "foundation-1"))

    def extra_refusal(self, src, n, dst):
        cards = self.cards[pile]
        return Reason("The last card discarded is a heart.") if cards and cards[-1].suit == 2 else None

    body = {"id": "accordion-reading-discard", "extra_refusal": extra_refusal}
    if extends_key:
        body["position_key"] = lambda self: cls.position_key(self) + bytes(c.suit for c in self.cards[pile])
    return type("AccordionReadingDiscard", (cls,), body)


def test_reussite_check_fails_a_game_that_reads_the_cards_out_of_play_unless_its_key_says_so():
    from reussite.testing import check_game

    reading = check_game(_accordion_reading_its_discard(extends_key=False), deals=8, steps=60)
    assert not reading.ok and "foundation-1 is out of play" in reading.failure.problem, reading
    assert "Extend position_key()" in reading.failure.problem
    assert check_game(_accordion_reading_its_discard(extends_key=True), deals=8, steps=60).ok
    assert check_game(_classic("accordion"), deals=8, steps=60).ok
