"""Conformance harness for game authors: does a game keep the promises every front end relies on?

Run it from your plugin's own tests::

    from reussite.testing import assert_conforms

    def test_my_game_conforms():
        assert_conforms(MyGame, deals=20)

or from the command line: ``reussite check GAME [--deals N] [--option NAME=VALUE]``.

Over ``deals`` deals (game numbers ``first``, ``first + 1``...), random legal play (the same on every run: the
random choices are seeded by the game number) checks at every position that

- every listed move is accepted by the rules, and every move the rules accept is listed: the brute force
  asks :meth:`~reussite.game.Game.refusal` about every (source, target, count), and the deal and redeal;
  moving a whole pile onto an empty pile of the same kind and rule changes nothing and need not be listed,
  unless that pile is declared ``positional`` (where a card stands matters: Gaps); and where no card move is
  listed while the rules accept such a move that changes the position (its key), the game is one whose places
  matter that forgot to say so, and the check fails;
- every listed move, taken back, gives the exact position before, and redone, the exact position after;
- the deal is the declared pack, each card exactly once, and no move loses or duplicates a card;
- a save (the JSON save format) reloads to the same position with the same moves listed;
- a deal is deterministic: the same number and options give the same layout;
- undoing every move gives the deal back.

The first failure stops the check. Its report names the game, number and options, what failed, the moves that
reach the failing position (in the game's notation) and that position; the same moves replay it:
``replay(MyGame, number, options, moves)``, or ``reussite play --load FILE`` with the save printed.
A variant's own code that raises is reported the same way.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

from reussite.hookspecs import Command, hookimpl
from reussite.messages import N_, Message, Translator, ngettext

# The engine is imported where it is used: every command loads this module (for ``reussite check``), and
# ``reussite help`` must start without game code.

#: Moves played per deal; the deal or redeal is preferred one time in eight, so that passes get used.
STEPS = 60
STOCK_BIAS = 0.125
#: Positions between two save round trips (and one at the end of each deal).
SAVE_EVERY = 20


class Nonconformance(AssertionError):
    """Raised by :func:`assert_conforms`; ``report`` is the :class:`Report`."""

    def __init__(self, report: Report) -> None:
        super().__init__(str(report))
        self.report = report


@dataclass
class Failure:
    """The first promise broken: where (game, number, options, the moves reaching the position) and what."""

    game: str
    number: int
    options: dict[str, str]
    moves: list[str]
    problem: str
    position: str
    save: dict[str, Any] | None = None
    #: ``problem`` as a message, for the report in the user's language (None: ``problem`` as it is).
    message: Message | None = field(default=None, compare=False)

    def __str__(self) -> str:
        return self.render(Translator.english())

    def render(self, tr: Translator) -> str:
        """The failure in ``tr``'s language; ids, options, moves and the replay call stay as typed."""
        _ = tr.gettext
        options = " ".join(f"--option {k}={v}" for k, v in sorted(self.options.items()))
        lines = [_("{game} number {number}{options}: {problem}").format(
                     game=self.game, number=self.number, options=" " + options if options else "",
                     problem=tr.render(self.message) if self.message else self.problem),
                 tr.ngettext("moves from the deal ({count}): {moves}", "moves from the deal ({count}): {moves}",
                             len(self.moves)).format(count=len(self.moves),
                                                     moves=" ".join(self.moves) or _("(none)")),
                 _("position:"), *("  " + line for line in self.position.splitlines())]
        lines.append(_("replay: {call}").format(
            call=f"reussite.testing.replay(cls, {self.number}, {self.options!r}, {self.moves!r})"))
        if self.save is not None:
            lines.append(_("save (reussite play --load FILE): {save}").format(
                save=json.dumps(self.save, ensure_ascii=False)))
        return "\n".join(lines)


@dataclass
class Report:
    """What :func:`check_game` checked, and the first failure if any."""

    game: str
    options: dict[str, str]
    deals: list[int] = field(default_factory=list)
    positions: int = 0
    failure: Failure | None = None
    #: What the game could declare to be searched faster, found on the way (``check_game(advise=True)``).
    advice: list[Message] = field(default_factory=list)
    #: The positions where the native search core was held to the rules (0: it does not search this game).
    native_positions: int = 0

    @property
    def ok(self) -> bool:
        return self.failure is None

    def __str__(self) -> str:
        return self.render(Translator.english())

    def render(self, tr: Translator) -> str:
        """The report in ``tr``'s language (``reussite check`` passes the user's)."""
        options = ", ".join(f"{k}={v}" for k, v in sorted(self.options.items()))
        game = tr.gettext("{game} ({options})").format(game=self.game, options=options) if options else self.game
        head = tr.format(tr.ngettext("{game}: {count} deal, {positions:,} positions checked",
                                     "{game}: {count} deals, {positions:,} positions checked", len(self.deals)),
                         game=game, count=len(self.deals), positions=self.positions)
        if self.ok:
            text = tr.gettext("{report}: ok").format(report=head)
            if self.native_positions:
                text += "\n" + tr.format(tr.ngettext(
                    "the native search core plays as the rules at {count:,} position checked",
                    "the native search core plays as the rules at {count:,} positions checked",
                    self.native_positions), count=self.native_positions)
        else:
            text = tr.gettext("{report}; FAILED").format(report=head) + "\n" + self.failure.render(tr)
        return text + "".join("\n" + tr.format(tr.gettext("advice: {line}"), line=tr.render(line))
                              for line in self.advice)


class _Broken(Exception):
    """A promise broken at the current position (internal: becomes the report's :class:`Failure`); its text is
    a message, in English as ``str()`` and in the user's language in ``reussite check``."""

    def __init__(self, msgid: str | Message, **params: Any) -> None:
        self.message = msgid if isinstance(msgid, Message) else Message(msgid, params)
        super().__init__(self.message.render_english())


def _plural(forms: tuple[str, str], count: int, **params: Any) -> Message:
    return Message(forms[0], params, plural=forms[1], count=count)


def show_position(game) -> str:
    """The position as text, one stack a line: its short name, id, then its cards bottom to top, the face-down
    ones in brackets."""
    lines = []
    for i, spec in enumerate(game.specs):
        pile, down = game.cards[i], game.face_down[i]
        cards = ([f"[{' '.join(map(str, pile[:down]))}]"] if down else []) + [str(c) for c in pile[down:]]
        lines.append(f"{spec.short:>4} {spec.id}: {' '.join(cards) or '-'}")
    return "\n".join(lines)


def replay(cls, number: int, options: Mapping[str, str] | None, moves: Sequence[str]):
    """The game ``cls`` number ``number`` after ``moves`` (notation, as a failure lists them)."""
    game = cls(number, dict(options or {}))
    for text in moves:
        game.push(game.parse_move(text))
    return game


def _useless(game, move) -> bool:
    """A whole pile onto an empty pile of the same kind and the same rule, not declared positional: legal,
    changes nothing, not listed."""
    src, dst = game.specs[move.src], game.specs[move.dst]
    return (move.n == len(game.cards[move.src]) and not game.cards[move.dst]
            and dst.kind is src.kind and dst.rule == src.rule and not dst.rule.positional)


def _accepted_card_moves(game) -> set:
    """Every card move the rules accept, whole piles onto empty piles of their kind included."""
    from reussite.game import Move

    return {(src, dst, n) for src, pile in enumerate(game.cards) for dst in range(len(game.specs))
            for n in range(1, len(pile) + 1) if game.refusal(Move(src, dst, n)) is None}


def _check_places(game, listed: list) -> None:
    """Where no card move is listed, a whole pile the rules let go onto an empty pile of its kind must change
    nothing: the position after it must be the one before with the two stacks swapped (the same moves, those
    two stacks exchanged), or have the same key. Otherwise the game is stuck (or left to its stock) while its
    own rules move cards to new positions, as a Gaps that did not declare its places ``positional`` would be."""
    from reussite.game import Move

    if any(isinstance(m, Move) for m in listed):
        return
    before = accepted = None
    for src, pile in enumerate(game.cards):
        if not pile:
            continue
        for dst in range(len(game.specs)):
            move = Move(src, dst, len(pile))
            if dst == src or not _useless(game, move) or game.refusal(move) is not None:
                continue
            if before is None:
                before, accepted = game.position_key(), _accepted_card_moves(game)
            trial = game.copy(history=False)
            trial.push(move, check=False)
            if trial.position_key() == before:
                continue
            swap = {src: dst, dst: src}
            if _accepted_card_moves(trial) != {(swap.get(a, a), swap.get(b, b), n) for a, b, n in accepted}:
                raise _Broken(N_("no card move is listed, but the rules accept {move}, a whole pile onto an empty "
                                 "pile of its kind that changes the position: if where a card stands matters, "
                                 "declare the stacks StackRule(positional=True)"), move=game.notation(move))


def accepted_moves(game) -> Iterator:
    """Every move the rules accept at this position, found by brute force (every source, target and count, then
    the deal and redeal), whole piles onto an empty pile of their kind left out."""
    from reussite.game import Deal, Move, Redeal

    for src, pile in enumerate(game.cards):
        for dst in range(len(game.specs)):
            for n in range(1, len(pile) + 1):
                move = Move(src, dst, n)
                if game.refusal(move) is None and not _useless(game, move):
                    yield move
    for move in (Deal(), Redeal()):
        if game.refusal(move) is None:
            yield move


def _cards(game) -> Counter:
    return Counter(card for pile in game.cards for card in pile)


def _check_cards(game, deal: Counter) -> None:
    from reussite.variant import card_difference

    now = _cards(game)
    if now != deal:
        raise _Broken(N_("cards changed: {difference}"),
                      difference=card_difference(deal, now, "lost", "duplicated or added"))
    for i, pile in enumerate(game.cards):
        if not 0 <= game.face_down[i] <= len(pile):
            raise _Broken(_plural(ngettext("stack {stack} has {down} face-down cards out of {count}",
                                           "stack {stack} has {down} face-down cards out of {count}"),
                                  len(pile), stack=game.specs[i].id, down=game.face_down[i]))


def _check_position(game, deal: Counter) -> list:
    listed = list(game.legal_moves())
    names = game.notation
    for move in listed:
        reason = game.refusal(move)
        if reason is not None:
            raise _Broken(N_("the move {move} is listed but the rules refuse it ({reason!r})"), move=names(move),
                          reason=reason)
    accepted = list(accepted_moves(game))
    missing = [m for m in accepted if m not in listed]
    if missing:
        raise _Broken(N_("the rules accept moves that are not listed: {moves}"),
                      moves=" ".join(names(m) for m in missing))
    _check_places(game, listed)
    doubled = [m for m, k in Counter(listed).items() if k > 1]
    if doubled:
        raise _Broken(N_("moves listed twice: {moves}"), moves=" ".join(names(m) for m in doubled))
    before, saved = game.snapshot(), game.copy()
    try:
        for move in listed:
            game.push(move)
            after = game.snapshot()
            try:
                _check_cards(game, deal)
            except _Broken as exc:
                raise _Broken(N_("after {move}: {problem}"), move=names(move), problem=exc.message) from None
            game.pop()
            if game.snapshot() != before:
                raise _Broken(N_("undoing {move} does not give the position before it back exactly"), move=names(move))
            game.redo()
            if game.snapshot() != after:
                raise _Broken(N_("redoing {move} does not give the position after it exactly"), move=names(move))
            game.pop()
    except Exception:
        game.restore(saved)  # the report shows the position the moves reach, whatever the failure left
        raise
    return listed


def _what_follows(game) -> list:
    """Whether ``game`` is won, then for each listed move, what it plays, whether it wins, and the moves after."""
    seen: list = [game.is_won()]
    for move in list(game.legal_moves()):
        game.push(move, check=False)
        seen.append((game.notation(move), game.is_won(), sorted(map(game.notation, game.legal_moves()))))
        game.pop()
    return seen


def _check_out_of_play(game, rng: random.Random) -> None:
    """The solver keys a stack out of play by its size alone (``reussite.solver.derive``: no card leaves it and
    the player puts none there): the same moves and wins, two moves deep, whatever the order of its cards, unless
    the game extends ``position_key``, which the solver then keys whole."""
    from reussite.game import Game
    from reussite.solver.derive import out_of_play

    cls = type(game)
    stacks = [i for i in out_of_play(game.specs) if len(game.cards[i]) > 1]
    if not stacks or cls.position_key is not Game.position_key:
        return
    layout = game.layout_json()
    shuffled = {**layout, "stacks": [dict(entry) for entry in layout["stacks"]]}
    for i in stacks:
        entry = shuffled["stacks"][i]
        entry["cards"] = entry["cards"][::-1] if rng.random() < 0.5 else rng.sample(entry["cards"], len(entry["cards"]))
    try:
        one, two = cls.from_layout(layout), cls.from_layout(shuffled)
    except Exception:  # a position the game cannot set up from its layout: nothing to compare
        return
    if _what_follows(one) != _what_follows(two):
        raise _Broken(N_("{stack} is out of play (no card leaves it, the player puts none there), so the solver "
                         "keys it by how many cards it holds, but the game reads its cards: the moves differ when "
                         "they lie in another order. Extend position_key() to say that its future depends on "
                         "them."), stack=game.specs[stacks[0]].id)


def _futures(game) -> tuple:
    """Whether ``game`` is won, and the keys of the positions its listed moves lead to (as a sorted list: the
    same future whichever stack a move names)."""
    keys = []
    for move in list(game.legal_moves()):
        game.push(move, check=False)
        keys.append(game.position_key())
        game.pop()
    return game.is_won(), sorted(keys)


def _check_groups(game, rng: random.Random) -> None:
    """The solver keys each group of ``interchangeable_stacks()`` as a set: with two stacks of a group swapped,
    the position must have the same future, one move deep (the same answer to is_won, the same positions after
    its moves, keyed). Catches a group declared where the game reads a stack's place (a deal onto the piles
    in order, say)."""
    for group in game.interchangeable_stacks():
        held = [i for i in group if game.cards[i]]
        if len(group) < 2 or not held:
            continue
        a = rng.choice(held)
        others = [i for i in group
                  if i != a and (game.cards[i], game.face_down[i]) != (game.cards[a], game.face_down[a])]
        if others:
            _check_swap(game, a, rng.choice(others))


def _check_swap(game, a: int, b: int) -> None:
    layout = game.layout_json()
    swapped = {**layout, "stacks": [dict(entry) for entry in layout["stacks"]]}
    for key in ("cards", "face_down"):
        swapped["stacks"][a][key], swapped["stacks"][b][key] = layout["stacks"][b][key], layout["stacks"][a][key]
    cls = type(game)
    try:
        one, two = cls.from_layout(layout), cls.from_layout(swapped)
    except Exception:  # a position the game cannot set up from its layout: nothing to compare
        return
    if _futures(one) != _futures(two):
        raise _Broken(N_("{one} and {two} are in a group of interchangeable_stacks(), which the solver keys as a "
                         "set, but the game reads their place: with their cards swapped, other positions follow. "
                         "Leave them out of the group where their place matters."),
                      one=game.specs[a].id, two=game.specs[b].id)


def _check_save(game, host) -> None:
    from reussite import saves
    from reussite.errors import UserError

    data = json.loads(json.dumps(saves.to_json(game)))
    try:
        again = saves.from_json(data, host)
    except UserError as exc:
        raise _Broken(N_("the save does not load: {reason}"), reason=exc.message) from None
    if again.snapshot() != game.snapshot():
        raise _Broken(N_("the save reloads to another position"))
    if list(again.legal_moves()) != list(game.legal_moves()):
        raise _Broken(N_("the reloaded save lists other moves"))


def _host_for(cls):
    """A host with ``cls`` as its only game (saves are reloaded through a host, as front ends do)."""
    from reussite.host import Host

    host = Host.load(entry_points=[], builtin=False,
                     extra=[(getattr(cls, "plugin_name", "") or "under-test",
                             SimpleNamespace(reussite_games=hookimpl(lambda: [cls])))])
    if cls.id not in host.games:
        problems = "; ".join(e for info in host.plugins.values() for e in info.errors)
        raise _Broken(N_("the game {game!r} was not registered: {problems}"), game=cls.id, problems=problems or "-")
    return host


def check_game(cls, deals: int = 20, options: Mapping[str, str] | None = None, *, first: int = 1,
               steps: int = STEPS, host=None, advise: bool = False) -> Report:
    """Check the game class ``cls`` over ``deals`` deals from number ``first``; see the module's text.
    ``host``: the host ``cls`` is registered with (default: a host with ``cls`` alone). ``advise``: also watch
    for what the game could declare to be searched faster, and measure the gain (``Report.advice``)."""
    options = dict(options or {})
    report = Report(cls.id, options)
    forms = _FormProbe(cls)
    probes = [_TopProbe(cls), _PlaceProbe(forms), _DropProbe(cls), forms] if advise else []
    state: dict[str, Any] = {"number": first, "game": None}

    def fail(problem: str | Message) -> Report:
        from reussite import saves

        game = state["game"]
        moves = [game.notation(m) for m in game.history] if game is not None else []
        position = show_position(game) if game is not None else "(no deal)"
        try:
            save = saves.to_json(game) if game is not None else None
        except Exception:  # the failure may be the very thing that breaks the save
            save = None
        message = problem if isinstance(problem, Message) else None
        report.failure = Failure(cls.id, state["number"], options, moves, str(problem), position, save, message)
        return report

    try:
        host = host or _host_for(cls)
    except _Broken as exc:
        return fail(exc.message)
    for number in range(first, first + deals):
        state["number"] = number
        try:
            game = cls(number, options)
        except Exception as exc:
            return fail(f"the deal raised {_short(exc)}")
        state["game"] = game
        report.deals.append(number)
        try:
            _play_and_check(game, host, random.Random(number), steps, cls, options, report, probes)
        except _Broken as exc:
            return fail(exc.message)
        except Exception as exc:
            return fail(f"the game's code raised {_short(exc)}")
    try:
        for probe in probes:
            report.advice += probe.advice(cls, options, first)
    except Exception as exc:
        return fail(f"the game's code raised {_short(exc)} while its speed was measured")
    return report


def _solver_run(cls, options: Mapping[str, str], first: int, deals: int, nodes: int) -> tuple[int, int, float]:
    """The solver on deals ``first``... of ``cls``: how many it decided, the positions, the CPU seconds."""
    import time

    from reussite.solver import solve

    decided, total, cpu = 0, 0, 0.0
    for number in range(first, first + deals):
        game = cls(number, options)
        start = time.process_time()
        result = solve(game, nodes=nodes)
        cpu += time.process_time() - start
        decided += result.verdict.value != "unknown"
        total += result.nodes
    return decided, total, cpu


class _TopProbe:
    """Asks each stack whose own rule is not declared ``by_top`` what it takes at every position of the check,
    and keeps whether the answer followed its top card alone (what ``by_top=True`` promises). Where it did, the
    advice says so with the solver's speed both ways, measured: the declaration is the author's to make, since a
    rule that read more than the top card in a position never reached here would make the solver wrong."""

    #: Positions per deal, and deals, for the measure of the solver's speed with and without the declaration;
    #: the gain below which it is not worth a promise.
    NODES, DEALS, WORTH = 2000, 3, 1.5

    def __init__(self, cls) -> None:
        self.stacks = [i for i, spec in enumerate(cls.stacks) if spec.rule.own_rule and not spec.rule.by_top]
        self.answers: dict[int, dict[int, frozenset]] = {i: {} for i in self.stacks}
        self.probes = dict.fromkeys(self.stacks, 0)
        self.varied: set[int] = set()

    def __call__(self, game) -> None:
        from reussite.rules import EMPTY_KEY

        for i in self.stacks:
            if i in self.varied:
                continue
            pile = game.cards[i]
            key = EMPTY_KEY if not pile else pile[-1][0] * 4 + pile[-1][1]
            answer = frozenset(game.takes(i))
            self.probes[i] += 1
            if self.answers[i].setdefault(key, answer) != answer:
                self.varied.add(i)

    def advice(self, cls, options: Mapping[str, str], first: int) -> list[Message]:
        found = [i for i in self.stacks if i not in self.varied and self.probes[i]]
        if not found:
            return []
        from dataclasses import replace

        declared = type(cls.__name__, (cls,), {"stacks": tuple(
            replace(spec, rule=replace(spec.rule, by_top=True)) if i in found else spec
            for i, spec in enumerate(cls.stacks))})
        (_, n_now, cpu_now), (_, n_then, cpu_then) = (_solver_run(c, options, first, self.DEALS, self.NODES)
                                                      for c in (cls, declared))
        now, then = n_now / max(cpu_now, 1e-9), n_then / max(cpu_then, 1e-9)
        names = ", ".join(cls.stacks[i].id for i in found)
        probes = min(self.probes[i] for i in found)
        gain = then / now if now else 0.0
        if gain < self.WORTH:
            return []
        return [Message(N_(
            "{stacks}'s own rule read only its top card in {probes:,} probes: declare by_top=True and the solver "
            "searches it {gain:.1f}x faster ({then:,.0f} positions a CPU second against {now:,.0f}, deals "
            "{first}-{last} at {nodes:,} positions). Declare it only if takes() never reads more than that top "
            "card."), {"stacks": names, "probes": probes, "gain": gain, "then": then, "now": now, "first": first,
                        "last": first + self.DEALS - 1, "nodes": self.NODES})]



class _DropProbe:
    """For a variant that overrides ``drop_refusal`` without ``custom_drop_kinds`` (the move generator then asks
    it about every candidate): compares its answers, at every position of the check, with the declared rules'
    (``Game.drop_refusal``), by kind of target stack. Where some kinds always got the declared answer, the
    advice names the kinds left to declare in ``custom_drop_kinds``, with the listings' speed both ways."""

    #: Cards per candidate asked at most (a run of more is rare, and each count is another call).
    LONGEST = 4
    WORTH = 1.5

    def __init__(self, cls) -> None:
        from reussite.game import Game

        self.active = cls.drop_refusal is not Game.drop_refusal and cls.custom_drop_kinds is None
        self.own: set = set()  # the kinds of stack where the override answered otherwise
        self.kinds: set = set()  # the kinds asked about
        self.probes = 0

    def __call__(self, game) -> None:
        if not self.active:
            return
        from reussite.game import Game

        cards, face_down, specs = game.cards, game.face_down, game.specs
        for src, pile in enumerate(cards):
            up = min(len(pile) - face_down[src], self.LONGEST)
            for dst, spec in enumerate(specs):
                if dst == src or spec.kind in self.own:
                    continue
                self.kinds.add(spec.kind)
                for n in range(1, up + 1):
                    if game.drop_refusal(src, n, dst) != Game.drop_refusal(game, src, n, dst):
                        self.own.add(spec.kind)
                        break
        self.probes += 1

    def advice(self, cls, options: Mapping[str, str], first: int) -> list[Message]:
        declared = self.kinds - self.own
        if not self.active or not self.probes or not declared or not self.own:
            return []
        import time

        own = frozenset(self.own)
        narrowed = type(cls.__name__, (cls,), {"custom_drop_kinds": own})
        rates = []
        for c in (cls, narrowed):
            game = c(first, options)
            start, count = time.process_time(), 0
            while count < 200 or time.process_time() - start < 0.05:
                list(game.legal_moves())
                count += 1
            rates.append(count / (time.process_time() - start))
        gain = rates[1] / rates[0]
        if gain < self.WORTH:
            return []
        kinds = ", ".join(f"Kind.{k.name}" for k in sorted(own, key=lambda k: k.name))
        return [Message(N_(
            "drop_refusal() gave the declared rules' answer for every stack but those of kind {kinds} in "
            "{probes:,} probes: declare custom_drop_kinds = frozenset([{kinds}]) and moves are listed "
            "{gain:.1f}x faster ({then:,.0f} listings a CPU second against {now:,.0f}). Declare it only if it "
            "never decides for the others."), {"kinds": kinds, "probes": self.probes, "gain": gain,
                                               "then": rates[1], "now": rates[0]})]


class _PlaceProbe:
    """For a variant whose only overrides that could read a stack's place are among ``max_movable``,
    ``run_length``, ``pick_refusal`` and ``extra_refusal`` (FreeCell's supermove written as the guide says,
    Westhaven's top card or all the face-up ones), which makes the engine give up its default groups of
    interchangeable stacks: asks those methods, at every position of the check, about the position and about the
    same one with two stacks of a group swapped. Where the answers always followed the swap, the
    advice says so, with the groups to declare and the solver's results both ways."""

    METHODS = frozenset({"max_movable", "run_length", "pick_refusal", "extra_refusal"})
    #: Cards per move asked at most of pick_refusal() and extra_refusal().
    LONGEST = 3
    #: Deals and positions per deal for the measure of the solver with and without the groups.
    NODES, DEALS = 2000, 10

    def __init__(self, forms: _FormProbe | None = None) -> None:
        # The declared forms found for the same overrides: where each has one, that is the advice to give (the
        # declarations bring the groups back, and more).
        self.forms = forms
        self.groups: tuple[tuple[int, ...], ...] | None = None
        self.methods: set[str] = set()
        self.probes = 0
        self.varied = False

    def __call__(self, game) -> None:
        if self.groups is None:
            overridden = game._place_overrides() - {"do_deal"}
            asked = overridden & self.METHODS
            self.groups = game._place_groups() if asked and asked == overridden else ()
            self.methods = asked
        if self.varied or not self.groups:
            return
        for group in self.groups:
            a, b = group[0], group[1 + self.probes % (len(group) - 1)]
            swapped = game.copy(history=False)
            for pile in (swapped.cards, swapped.face_down):
                pile[a], pile[b] = pile[b], pile[a]
            other = {a: b, b: a}
            stacks = [i for i, pile in enumerate(game.cards) if len(pile) > game.face_down[i]]
            for src in stacks:
                there = other.get(src, src)
                if "run_length" in self.methods and game.run_length(src) != swapped.run_length(there):
                    self.varied = True
                    return
                if "max_movable" in self.methods:
                    for dst in range(len(game.cards)):
                        if dst != src and game.max_movable(src, dst) != swapped.max_movable(there,
                                                                                        other.get(dst, dst)):
                            self.varied = True
                            return
                if self.methods & {"pick_refusal", "extra_refusal"}:
                    up = min(len(game.cards[src]) - game.face_down[src], self.LONGEST)
                    for dst in range(len(game.cards)):
                        if dst != src and any(self._refusals(game, src, n, dst)
                                              != self._refusals(swapped, there, n, other.get(dst, dst))
                                              for n in range(1, up + 1)):
                            self.varied = True
                            return
        self.probes += 1

    @staticmethod
    def _refusals(game, src: int, n: int, dst: int) -> tuple:
        """pick_refusal()'s answer, then extra_refusal()'s where the pick and drop rules let the move go (it is
        asked only then, as Game.refusal asks it)."""
        picked = game.pick_refusal(src, n, dst)
        if picked is not None or game.drop_refusal(src, n, dst) is not None:
            return picked, None
        return None, game.extra_refusal(src, n, dst)

    def advice(self, cls, options: Mapping[str, str], first: int) -> list[Message]:
        if self.varied or not self.groups or not self.probes:
            return []
        if self.forms is not None and self.methods <= self.forms.declared_methods():
            return []
        groups = self.groups
        grouped = type(cls.__name__, (cls,), {"interchangeable_stacks": lambda self: groups})
        (d_now, _, _), (d_then, _, _) = (_solver_run(c, options, first, self.DEALS, self.NODES)
                                         for c in (cls, grouped))
        if d_then <= d_now:
            return []
        ids = "; ".join(", ".join(cls.stacks[i].id for i in g) for g in groups)
        methods = " and ".join(f"{m}()" for m in sorted(self.methods))
        return [Message(N_(
            "{methods} read no stack's place in {probes:,} probes (two stacks of one kind and rule swapped): "
            "return their groups from interchangeable_stacks() ({ids}; as indexes {groups}) and the solver decides "
            "{then} of deals {first}-{last} at {nodes:,} positions, against {now} now. Declare it only if those "
            "methods never read a stack's place."), {"methods": methods, "probes": self.probes, "ids": ids,
                                                     "groups": repr(groups), "then": d_then, "now": d_now,
                                                     "first": first, "last": first + self.DEALS - 1,
                                                     "nodes": self.NODES})]


class _FormProbe:
    """For a variant that overrides ``pick_refusal``, ``refusal``, ``extra_refusal``, ``after_move``, ``do_deal`` or
    ``is_won`` (each makes the solver's derived rules stand aside, and the first two ask the override about every
    candidate move): the same class with the override left out, alone or with one change to the declarations (a
    pickup of the stacks of one kind, a kind of stack they do not take from, cards turned up; the stock's
    ``deal_to`` and ``deal_count``; ``won_when_empty``), is tried at every position of the check. A changed form
    that gave the same answers everywhere (the same moves listed; after ``after_move`` or ``do_deal``, the same
    positions after every listed move; for ``is_won``, the same answer here and with the stacks of each kind
    emptied) where the override left out alone did not is the declared form of the same rule; the advice names
    it, with the listings' and the solver's results with every such declaration and without, measured. None of
    this is proof: the declaration is the author's to make."""

    METHODS = ("pick_refusal", "refusal", "extra_refusal", "after_move", "do_deal", "is_won")
    #: Deals and positions per deal for the solver's measure; the gain below which it is not worth a change.
    NODES, DEALS, WORTH = 2000, 10, 1.5

    def __init__(self, cls) -> None:
        from reussite.game import Game

        self.forms: list[tuple[str, str | None, dict[str, Any], type]] = []
        self.probes: dict[str, int] = {}
        if cls.pairs is not None:  # removals in pairs: their rules are not stack declarations
            return
        for method in self.METHODS:
            if getattr(cls, method) is getattr(Game, method):
                continue
            self.probes[method] = 0
            for change, attrs in [(None, {}), *self._changes(cls, method)]:
                try:
                    # The stacks always given: a family's layout() would make them again from its parameters.
                    form = type(cls.__name__, (cls,), {"stacks": cls.stacks, **attrs, method: getattr(Game, method)})
                except Exception:  # a change the declaration checks refuse
                    continue
                self.forms.append((method, change, attrs, form))

    @staticmethod
    def _changes(cls, method: str) -> list[tuple[str, dict[str, Any]]]:
        """One change at a time: (its text, the class attributes with it)."""
        from dataclasses import replace

        from reussite.rules import PICK_FACE_UP, PICK_NONE, PICK_RUN, PICK_RUN_BY_SPACES, PICK_TOP, DealTo, Kind

        found: list[tuple[str, dict[str, Any]]] = []
        present = {spec.kind for spec in cls.stacks}
        if method == "do_deal":
            for deal_to in DealTo:
                needs = {DealTo.WASTE: Kind.WASTE, DealTo.TABLEAU: Kind.TABLEAU, DealTo.FOUNDATION: Kind.FOUNDATION,
                         DealTo.RESERVE: Kind.RESERVE}
                if Kind.STOCK in present and needs.get(deal_to) in present:
                    for count in sorted({1, cls.deal_count}):
                        found.append((f"deal_to=DealTo.{deal_to.name}, deal_count={count}",
                                      {"deal_to": deal_to, "deal_count": count}))
            return found
        if method == "is_won":
            for kind in sorted(present - {Kind.FOUNDATION}, key=lambda k: k.name):
                found.append((f"won_when_empty=(Kind.{kind.name},)", {"won_when_empty": (kind,)}))
            return found

        def change(ids: list[int], text: str, **fields: Any) -> None:
            names = ", ".join(cls.stacks[i].id for i in ids)
            found.append((f"{names}: {text}", {"stacks": tuple(replace(spec, rule=replace(spec.rule, **fields))
                                                               if i in ids else spec
                                                               for i, spec in enumerate(cls.stacks))}))

        for kind in Kind:
            ids = [i for i, spec in enumerate(cls.stacks) if spec.kind is kind]
            if not ids or kind is Kind.STOCK:
                continue
            rules_ = [cls.stacks[i].rule for i in ids]
            if method != "after_move":
                for pickup in (PICK_TOP, PICK_NONE, PICK_RUN, PICK_RUN_BY_SPACES, PICK_FACE_UP):
                    if all(r.pickup == pickup for r in rules_) or (
                            pickup in (PICK_RUN, PICK_RUN_BY_SPACES) and any(r.build is None for r in rules_)):
                        continue
                    change(ids, f"pickup=PICK_{pickup.name}", pickup=pickup)
            if method in ("refusal", "extra_refusal"):
                for source in Kind:
                    if any(r.accepts_from is not None and source not in r.accepts_from for r in rules_):
                        continue
                    left = sorted((k for k in Kind if k is not source), key=lambda k: k.name)
                    change(ids, "accepts_from=frozenset({" + ", ".join(f"Kind.{k.name}" for k in left) + "})",
                           accepts_from=frozenset(left))
            if method == "after_move" and any(not r.flip_exposed for r in rules_):
                change(ids, "flip_exposed=True", flip_exposed=True)
        return found

    @staticmethod
    def _as(game, form):
        """A copy of ``game`` played by the rules of ``form`` (a subclass of its class)."""
        from reussite.game import Game
        from reussite.movegen import Plan

        copy = game.copy(history=False)
        copy.__class__ = form
        plan = Plan.of(form, Game, game.base_rank)
        copy._plan, copy.specs, copy._rules, copy._kinds = plan, plan.stacks, plan.rules, plan.kinds
        copy._sources, copy._targets, copy._wants = plan.sources, plan.targets, None
        return copy

    def __call__(self, game) -> None:
        if not self.forms:
            return
        listed = list(game.legal_moves())
        seen: dict[str, list] = {}  # what the game answers, by method (worked out when first needed)
        left = []
        for method, change, attrs, form in self.forms:
            if method not in seen:
                try:
                    seen[method] = self._answers(game, method, listed)
                except Exception:  # is_won() on a stack emptied as play never empties it: nothing to compare
                    seen[method] = None
            if seen[method] is None:
                continue
            try:
                same = self._answers(self._as(game, form), method, listed) == seen[method]
            except Exception:  # the game's code, under rules it was not written for: not its form
                same = False
            if same:
                left.append((method, change, attrs, form))
        self.forms = left
        for method in self.probes:
            self.probes[method] += len(listed) if method in ("after_move", "do_deal") else 1

    @staticmethod
    def _answers(game, method: str, listed: list) -> list:
        """What ``game`` answers where ``method`` has a say: the moves it lists; the positions each listed move
        leaves (after_move, do_deal); whether it is won, as it is and with the stacks of each kind emptied."""
        if method == "is_won":
            from reussite.rules import Kind

            found = [game.is_won()]
            for kind in Kind:
                if kind is not Kind.FOUNDATION:
                    empty = game.copy(history=False)
                    for i, spec in enumerate(empty.specs):
                        if spec.kind is kind or (kind is Kind.STOCK and spec.kind is not Kind.FOUNDATION):
                            empty.cards[i], empty.face_down[i] = [], 0
                    found.append(empty.is_won())
            return found
        if method not in ("after_move", "do_deal"):
            return list(game.legal_moves())
        probe = game.copy(history=False)
        found = []
        for move in listed:
            probe.push(move, check=False)
            found.append(probe.snapshot())
            probe.pop()
        return found

    def declared(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """For each override with a declared form (a changed declaration gave its answers where leaving it out
        alone did not): the first such change, its text and attributes."""
        alone = {method for method, change, _, _ in self.forms if change is None}
        found: dict[str, tuple[str, dict[str, Any]]] = {}
        for method, change, attrs, _ in self.forms:
            if change is not None and method not in alone and method not in found and self.probes[method]:
                found[method] = (change, attrs)
        return found

    def declared_methods(self) -> set[str]:
        return set(self.declared())

    def advice(self, cls, options: Mapping[str, str], first: int) -> list[Message]:
        from reussite.game import Game
        from reussite.solver.derive import Knowledge

        declared = self.declared()
        if not declared:
            return []
        # Every declaration found at once (two changes to the stacks merged stack by stack): the solver's derived
        # rules may need them all (Golf written with do_deal() and is_won()).
        merged: dict[str, Any] = {method: getattr(Game, method) for method in declared}
        stacks = list(cls.stacks)
        for _, attrs in declared.values():
            for name, value in attrs.items():
                if name == "stacks":
                    stacks = [new if new != old else mine for new, old, mine in zip(value, cls.stacks, stacks,
                                                                                      strict=True)]
                else:
                    merged[name] = value
        merged["stacks"] = tuple(stacks)
        try:
            form = type(cls.__name__, (cls,), merged)
        except Exception:
            return []
        listing = _listing_rate(form, options, first) / max(_listing_rate(cls, options, first), 1e-9)
        (d_now, n_now, cpu_now), (d_then, n_then, cpu_then) = (
            _solver_run(c, options, first, self.DEALS, self.NODES) for c in (cls, form))
        now, then = n_now / max(cpu_now, 1e-9), n_then / max(cpu_then, 1e-9)
        # Worth it where it is faster, decides more, or lets the solver's derived rules (safe moves, folded keys,
        # dead ends, the walk) apply where the overrides make them stand aside.
        derived = Knowledge(form).plain and not Knowledge(cls).plain
        if listing < self.WORTH and then < self.WORTH * now and d_then <= d_now and not derived:
            return []
        found: list[Message] = []
        for method, (change, _) in declared.items():
            params = {"method": method, "change": change, "probes": self.probes[method], "listing": listing,
                      "then": d_then, "now": d_now, "first": first, "last": first + self.DEALS - 1,
                      "nodes": self.NODES, "rate_then": then, "rate_now": now}
            if method in ("after_move", "do_deal"):
                text = N_("{method}() left the same positions as the declarations with {change} after {probes:,} "
                          "moves: declare that and leave {method}() out. With the declarations advised here, the "
                          "solver decides {then} of deals {first}-{last} at {nodes:,} positions against {now}, at "
                          "{rate_then:,.0f} positions a CPU second against {rate_now:,.0f}. Do it only if {method}() "
                          "never does more than that.")
            elif method == "is_won":
                text = N_("is_won() gave the same answers as the declarations with {change} in {probes:,} positions "
                          "(and with the stacks of each kind emptied): declare that and leave is_won() out. With the "
                          "declarations advised here, the solver decides {then} of deals {first}-{last} at {nodes:,} "
                          "positions against {now}, at {rate_then:,.0f} positions a CPU second against "
                          "{rate_now:,.0f}. Do it only if is_won() never says more than that.")
            else:
                text = N_("{method}() allowed the same moves as the declarations with {change} in {probes:,} "
                          "positions: declare that and leave {method}() out. With the declarations advised here, "
                          "moves are listed {listing:.1f}x faster and the solver decides {then} of deals "
                          "{first}-{last} at {nodes:,} positions against {now}, at {rate_then:,.0f} positions a CPU "
                          "second against {rate_now:,.0f}. Do it only if {method}() never says more than that.")
            found.append(Message(text, params))
        return found


def played_positions(cls, number: int, options: Mapping[str, str] | None = None, steps: int = 60) -> list:
    """The positions (copies without history) of a random play of deal ``number`` of ``cls``, seeded by the
    number: the same play for every class that lists the same moves."""
    game = cls(number, options or {})
    game.track_positions = False
    rng = random.Random(number)
    positions = []
    for _ in range(steps):
        moves = list(game.legal_moves())
        if not moves:
            break
        game.push(rng.choice(moves), check=False)
        positions.append(game.copy(history=False))
    return positions


def _listing_rate(cls, options: Mapping[str, str], first: int, steps: int = 60) -> float:
    """``legal_moves()`` and ``position_key()`` per CPU second over :func:`played_positions` of deal ``first``."""
    import time

    positions = played_positions(cls, first, options, steps)
    count, start = 0, time.process_time()
    while count < 5 * len(positions) or time.process_time() - start < 0.1:
        for g in positions:
            list(g.legal_moves())
            g.position_key()
        count += len(positions)
        if not positions:
            break
    return count / max(time.process_time() - start, 1e-9)


def _play_and_check(game, host, rng: random.Random, steps: int, cls, options, report: Report,
                    probes: Sequence = ()) -> None:
    from reussite.game import Deal, Redeal

    start = game.snapshot()
    if cls(game.number, options).snapshot() != start:
        raise _Broken(N_("the same number and options dealt another layout"))
    from reussite.variant import pack_problem

    problem = pack_problem(game)
    if problem:
        raise _Broken(problem)
    deal = _cards(game)
    _check_cards(game, deal)
    _check_groups(game, random.Random(game.number))  # at the deal too: the stock full, dealing in order
    core, keys = _native_search(game), {}
    for step in range(steps):
        report.positions += 1
        listed = _check_position(game, deal)
        if core is not None:  # a game the native core searches: held to the rules at each position
            found = core.difference(game, keys)
            if found is not None:
                raise _Broken(N_("the native search core plays otherwise than the rules here ({what}): a bug of "
                                 "Réussite's, please report it; REUSSITE_NATIVE=0 turns the core off meanwhile"),
                              what=found)
            report.native_positions += 1
        for probe in probes:
            probe(game)
        if step % SAVE_EVERY == SAVE_EVERY - 1:
            _check_save(game, host)
            _check_out_of_play(game, random.Random(step))  # its own: the random play stays as it was
            _check_groups(game, random.Random(step))
        if not listed:
            break
        stock = [m for m in listed if isinstance(m, Deal | Redeal)]
        game.push(stock[0] if stock and rng.random() < STOCK_BIAS else rng.choice(listed))
    _check_save(game, host)
    _check_out_of_play(game, random.Random(game.number))  # at the end of the play: the most cards out of play
    _check_groups(game, random.Random(game.number))
    history = len(game.history)
    while game.can_undo:
        game.pop()
    if game.snapshot() != start:
        raise _Broken(_plural(ngettext("undoing the {count} move does not give the deal back",
                                       "undoing all {count} moves does not give the deal back"), history))
    for _ in range(history):  # the failure report shows the moves: play them again
        game.redo()


def _native_search(game):
    """The native search core set up for ``game``, where it searches it (None otherwise)."""
    from reussite.solver import native

    if not native.enabled() or native.why_not(game) is not None:
        return None
    return native.NativeSearch(game)


def _short(exc: BaseException) -> str:
    from reussite.host import _short_error

    return _short_error(exc)


def assert_conforms(cls, deals: int = 20, options: Mapping[str, str] | None = None, **kw: Any) -> Report:
    """:func:`check_game`, raising :class:`Nonconformance` (an AssertionError: pytest shows the report)."""
    report = check_game(cls, deals, options, **kw)
    if not report.ok:
        raise Nonconformance(report)
    return report


# -- reussite check GAME -----------------------------------------------------------------------------------

@hookimpl
def reussite_commands(tr):
    _ = tr.gettext
    return [Command("check", _("check that a game keeps the rules' promises over many random deals (for "
                               "game authors)"), lambda p: _arguments(p, _), cmd_check)]


def _arguments(p, _) -> None:
    from reussite.argtypes import option_pair

    p.add_argument("game", metavar=_("GAME"), help=_("game id, as listed by 'reussite games'"))
    p.add_argument("--deals", type=_count, default=20, metavar="N", help=_("how many deals (default 20)"))
    p.add_argument("--first", type=_count, default=1, metavar="N", help=_("the first game number (default 1)"))
    p.add_argument("--option", "-o", type=option_pair, action="append", default=[], metavar="NAME=VALUE",
                   help=_("a game option, such as deal=3 for Osmosis"))


def _count(text: str) -> int:
    import argparse

    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"not a whole number of 1 or more: {text!r}")
    return int(text)


def cmd_check(args, ctx) -> int:
    cls = ctx.host.game(args.game)
    options = cls.resolve_options(dict(args.option or []))  # a bad option is the user's error, not the game's
    report = check_game(cls, args.deals, options, first=args.first, host=ctx.host, advise=True)
    ctx.say(report.render(ctx.tr))
    return 0 if report.ok else 1
