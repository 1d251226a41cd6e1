"""Variants (layer 4): a game is a :class:`Variant` subclass that declares its layout and rule parameters
and overrides only what is special about it, like python-chess's variant boards. Every declaration and
override point, with worked examples, is in ``docs/plugin-guide.md``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from reussite.cards import Card, check_game_number, new_pack, shuffled_pack
from reussite.game import Game
from reussite.messages import N_, Message
from reussite.rules import DealTo, Kind, Pairs, Refill, StackSpec, spec_problems

#: What a game id and an alias look like (the host checks ids with the same pattern).
ALIAS_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


class VariantError(ValueError):
    """A variant class is declared wrongly (a plugin author's mistake)."""


@dataclass(frozen=True)
class Option:
    """A game option chosen when a game starts (``--option name=value``), kept in saves."""

    name: str
    choices: tuple[str, ...]
    default: str
    help: str  # a msgid
    #: What a menu calls the option, and each choice (msgids); by default the name and the values.
    label: str = ""
    choice_labels: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise VariantError(f"option {self.name!r}: {len(self.choice_labels)} choice labels for "
                               f"{len(self.choices)} choices")


# TRANSLATORS: an option and a value without words of its own: "Suits: 2".
M_OPTION_VALUE = N_("{option}: {value}")


def options_label(options: Mapping[str, str]) -> str:
    """Options as one canonical string (``deal=3``; several sorted and joined by ``;``; ``-`` for none): how
    result files, the winnability figures and the chooser that reads them name a game's options."""
    return ";".join(f"{k}={v}" for k, v in sorted(options.items())) or "-"


def options_in_words(tr, cls, values: Mapping[str, str]) -> str:
    """The options of a game as a reader says them ("1 card at a time, 2 redeals"), each choice by its label
    in ``tr`` (the game's translator: labels are in its domain), several joined by "; "; a value without a
    label (or no longer offered) as "Label: value". Empty for no options."""
    known = {o.name: o for o in getattr(cls, "options", ()) or ()}
    words = []
    for name, value in sorted(values.items()):
        option = known.get(name)
        value = str(value)
        if option and option.choice_labels and value in option.choices:
            words.append(tr.gettext(option.choice_labels[option.choices.index(value)]))
            continue
        label = tr.gettext(option.label) if option and option.label else name
        words.append(tr.gettext(M_OPTION_VALUE).format(option=label, value=value))
    return "; ".join(words)


def pack_problem(game) -> str | None:
    """What is wrong with the cards in play, if they are not every card of the declared pack (``pack()``:
    ``decks``, ``pack_suits``, ``pack_ranks``, or the variant's own) exactly once: the cards missing and those
    in play twice or more. The trial deal and the conformance harness ask it of every deal."""
    from collections import Counter

    wanted = Counter(game.pack())
    found = Counter(card for pile in game.cards for card in pile)
    if found == wanted:
        return None
    return "the deal is not the declared pack, each card once: " + card_difference(
        wanted, found, "missing", "in play twice (or not in the pack)")


def card_difference(wanted, found, missing_word: str, extra_word: str) -> str:
    """The cards of the Counter ``wanted`` that ``found`` lacks and those it has more of, each list after its
    word (``"missing 5♠; duplicated 2♥"``), for the messages that compare two sets of cards."""
    missing, extra = wanted - found, found - wanted
    what = []
    if missing:
        what.append(missing_word + " " + " ".join(str(c) for c in sorted(missing.elements())))
    if extra:
        what.append(extra_word + " " + " ".join(str(c) for c in sorted(extra.elements())))
    return "; ".join(what)


class Variant(Game):
    #: Unique id: lower-case letters, digits and dashes (``forty-thieves``).
    id: ClassVar[str] = ""
    #: The game's name, a msgid (English), translated in the UI domain.
    name: ClassVar[str] = ""
    #: Other names (msgids), such as the name on the French rule page.
    alt_names: ClassVar[tuple[str, ...]] = ()
    #: The family the game belongs to, a msgid naming it as players do (``N_("Klondike")``, ``N_("FreeCell")``):
    #: game lists and the page's chooser group games by it. Empty: a family of its own.
    family: ClassVar[str] = ""
    #: Other ids that start this game with some options chosen, as other programs name those variants
    #: (``{"spider-three-decks": {"decks": "3"}}``); ``reussite play ALIAS`` and saves resolve them.
    aliases: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    #: How winnable the game is, as measured by the solver on a range of deals, for the page's chooser:
    #: ``{"won": 162, "lost": 3, "unknown": 35, "deals": "1-200", "nodes": 30000}`` (None: not measured).
    #: A distribution may fill it from a file of its own when its games are loaded.
    winnability: ClassVar[Mapping[str, Any] | None] = None
    decks: ClassVar[int] = 1
    #: The pack, deck by deck: the suits of each deck (indexes into ``cards.SUITS``: 0 clubs, 1 spades, 2
    #: hearts, 3 diamonds) and the ranks of each suit. A one-suit Spider has ``(1, 1, 1, 1)``, a two-suit one
    #: ``(1, 2, 1, 2)``; a Piquet pack has ``(1, 7, 8, 9, 10, 11, 12, 13)``. See :meth:`pack`.
    pack_suits: ClassVar[tuple[int, ...]] = (0, 1, 2, 3)
    pack_ranks: ClassVar[tuple[int, ...]] = tuple(range(1, 14))
    #: Jokers in each deck, black then red (Thieves has 2). Declared rules never take a joker (nothing builds
    #: on it, no base is one): a game with jokers says what they do in its own rule (``takes``).
    jokers: ClassVar[int] = 0
    #: The highest score :meth:`score` can give, shown beside the score on the page ("340 / 1000"); None when
    #: the game does not say. Keep it equal to the score of a won game, and explain the count in ``score_rule``.
    max_score: ClassVar[int | None] = None
    options: ClassVar[tuple[Option, ...]] = ()
    #: The gettext domain of this game's own strings; the host's domain is the fallback.
    domain: ClassVar[str] = "reussite"
    #: Set by the host: the plugin that registered this game.
    plugin_name: ClassVar[str] = ""
    #: What the game tells the solver beyond its rules: a :class:`reussite.solver.companion.Companion` subclass
    #: or its ``"module:Class"`` name, imported when the solver first runs (so the game's module carries no
    #: search code). None: the solver works from the declarations alone.
    solver_companion: ClassVar[str | type | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "stacks" not in cls.__dict__ and cls.layout.__func__ is not Variant.layout.__func__:
            cls.stacks = tuple(cls.layout())  # a family member: its parameters make its layout
        problems = cls.declaration_problems()
        if problems:
            raise VariantError(f"variant class {cls.__module__}.{cls.__qualname__} is declared wrongly:\n  "
                               + "\n  ".join(problems))

    def __init__(self, number: int, options: Mapping[str, str] | None = None) -> None:
        super().__init__()
        self.number = check_game_number(number)
        self.option_values = self.resolve_options(options or {})
        self.configure()
        self.deal(self.shuffle())

    # -- declaration checks ---------------------------------------------------------------------------

    @classmethod
    def layout(cls) -> tuple[StackSpec, ...]:
        """The stacks, for a family of games whose layout follows from class parameters: a variant that
        overrides this (reading, say, ``cls.piles``) and declares no ``stacks`` gets ``stacks = layout()``,
        worked out again for each subclass, so a member that only changes ``piles = 13`` is a few lines.
        Default: ``stacks`` as declared."""
        return cls.stacks

    @classmethod
    def declaration_problems(cls) -> list[str]:
        """What is wrong in the class's declared values (stacks, stock, packs), each naming the field, the bad
        value and what is valid. Checked when the class is defined; a family's base class without an ``id``
        or stacks yet is fine here (:meth:`validate` asks for those when the host loads the game)."""
        found = []
        stacks = cls.stacks
        if not isinstance(stacks, tuple | list):
            return [f"stacks: {stacks!r} is not a tuple of StackSpec"]
        for k, spec in enumerate(stacks):
            name = f"stacks[{k}]" + (f" ({spec.id!r})" if hasattr(spec, "id") else "")
            found += [f"{name} {problem}" for problem in spec_problems(spec)]
        ids = [getattr(spec, "id", None) for spec in stacks]
        repeated = sorted({str(i) for i in ids if ids.count(i) > 1})
        if repeated:
            found.append(f"stacks: the ids {', '.join(repeated)} are used more than once")
        if not isinstance(cls.deal_to, str) or cls.deal_to not in DealTo._value2member_map_:
            found.append(f"deal_to: {cls.deal_to!r} is not one of {', '.join(repr(d.value) for d in DealTo)}")
        elif (cls.deal_to == DealTo.WASTE and cls.do_deal is Game.do_deal
              and any(getattr(s, "kind", None) is Kind.STOCK for s in stacks)
              and not any(getattr(s, "kind", None) is Kind.WASTE for s in stacks)):
            found.append("deal_to: 'waste', but there is no waste stack (add waste(), deal to 'tableau', "
                         "or override do_deal)")
        elif (cls.deal_to == DealTo.RESERVE and cls.do_deal is Game.do_deal
              and any(getattr(s, "kind", None) is Kind.STOCK for s in stacks)
              and not any(getattr(s, "kind", None) is Kind.RESERVE for s in stacks)):
            found.append("deal_to: 'reserve', but there is no reserve to deal onto (add reserves(), deal to "
                         "'tableau', or override do_deal)")
        elif cls.deal_to == DealTo.REFILL:
            refill = getattr(cls, "refill", None)
            if not isinstance(refill, Refill) or not any(
                    getattr(s, "kind", None) is Kind.STOCK and s.id in refill.sources
                    for s in stacks if isinstance(getattr(refill, "sources", None), tuple)):
                found.append("deal_to: 'refill', but no refill = Refill(...) takes cards from the stock: declare "
                             "one, or deal to 'waste', 'tableau' or 'foundation'")
        elif cls.deal_to == DealTo.FOUNDATION:
            if (cls.do_deal is Game.do_deal and any(getattr(s, "kind", None) is Kind.STOCK for s in stacks)
                    and not any(getattr(s, "kind", None) is Kind.FOUNDATION for s in stacks)):
                found.append("deal_to: 'foundation', but there is no foundation to deal onto (add foundations(), "
                             "or override do_deal)")
            if cls.redeals != 0 and cls.do_redeal is Game.do_redeal:
                found.append(f"redeals: {cls.redeals!r} with deal_to 'foundation', where there is no waste to "
                             "turn over as the stock: leave redeals at 0, or override do_redeal")
        if not (isinstance(cls.fill_before_deal, bool) or cls.fill_before_deal == "when-possible"):
            found.append(f"fill_before_deal: {cls.fill_before_deal!r} is not True, False or 'when-possible'")
        if isinstance(cls.deal_count, bool) or not isinstance(cls.deal_count, int) or cls.deal_count < 1:
            found.append(f"deal_count: {cls.deal_count!r} is not a whole number from 1")
        if cls.redeals is not None and (isinstance(cls.redeals, bool) or not isinstance(cls.redeals, int)
                                        or cls.redeals < 0):
            found.append(f"redeals: {cls.redeals!r} is not None (unlimited) or a whole number from 0")
        if isinstance(cls.decks, bool) or cls.decks not in (1, 2, 3, 4):
            found.append(f"decks: {cls.decks!r} is not 1, 2, 3 or 4")
        suits, ranks = cls.pack_suits, cls.pack_ranks
        if not isinstance(suits, tuple) or not suits or not all(s in (0, 1, 2, 3) for s in suits):
            found.append(f"pack_suits: {suits!r} is not a tuple of suits from 0 to 3 (clubs, spades, hearts, "
                         f"diamonds)")
        if (not isinstance(ranks, tuple) or not ranks or len(set(ranks)) != len(ranks)
                or not all(isinstance(r, int) and 1 <= r <= 13 for r in ranks)):
            found.append(f"pack_ranks: {ranks!r} is not a tuple of different ranks from 1 (Ace) to 13 (King)")
        if isinstance(cls.jokers, bool) or cls.jokers not in (0, 1, 2, 3, 4):
            found.append(f"jokers: {cls.jokers!r} is not a whole number from 0 to 4")
        own = [spec.id for spec in stacks if getattr(getattr(spec, "rule", None), "own_rule", False) is True]
        if own and cls.takes is Game.takes:
            found.append(f"stacks {', '.join(own)} declare own_rule, but the class does not define takes()")
        companion = cls.solver_companion
        if companion is not None and not isinstance(companion, type) and not (
                isinstance(companion, str) and companion.count(":") == 1 and all(companion.split(":"))):
            found.append(f"solver_companion: {companion!r} is not None, a Companion subclass or a 'module:Class' "
                         "string")
        kinds = cls.custom_drop_kinds
        if kinds is not None and not (isinstance(kinds, frozenset) and all(isinstance(k, Kind) for k in kinds)):
            found.append(f"custom_drop_kinds: {kinds!r} is not None or a frozenset of Kind")
        found += cls._won_when_empty_problems(stacks)
        found += cls._pairs_problems(stacks)
        refill = getattr(cls, "refill", None)
        if refill is not None:
            found += (refill.problems(stacks) if isinstance(refill, Refill)
                      else [f"refill: {refill!r} is not None or a Refill(...) declaration"])
        if not isinstance(cls.family, str):
            found.append(f"family: {cls.family!r} is not a string (a msgid naming the family)")
        found += cls._alias_problems()
        return found

    @classmethod
    def _alias_problems(cls) -> list[str]:
        aliases = cls.aliases
        if not isinstance(aliases, Mapping):
            return [f"aliases: {aliases!r} is not a mapping of id to options"]
        found = []
        names = {o.name: o for o in cls.options if isinstance(o, Option)}
        for alias, chosen in aliases.items():
            if not isinstance(alias, str) or not ALIAS_ID.match(alias):
                found.append(f"aliases: {alias!r} is not an id of lower-case letters, digits and dashes")
                continue
            if not isinstance(chosen, Mapping):
                found.append(f"aliases[{alias!r}]: {chosen!r} is not a mapping of option name to value")
                continue
            for name, value in chosen.items():
                if name not in names:
                    found.append(f"aliases[{alias!r}]: {name!r} is not an option of the game "
                                 f"(options: {', '.join(names) or '-'})")
                elif value not in names[name].choices:
                    found.append(f"aliases[{alias!r}]: {name}={value!r} is not one of "
                                 f"{', '.join(names[name].choices)}")
        return found

    @classmethod
    def _pairs_problems(cls, stacks) -> list[str]:
        """What is wrong in ``covered_by`` and ``pairs``."""
        found = []
        ids = {getattr(s, "id", None): s for s in stacks}
        covered = cls.covered_by
        if not isinstance(covered, Mapping):
            found.append(f"covered_by: {covered!r} is not a mapping of stack id to the ids covering it")
            covered = {}
        for stack_id, over in covered.items():
            if stack_id not in ids:
                found.append(f"covered_by: {stack_id!r} is not a stack of the layout")
            if not isinstance(over, tuple) or not all(isinstance(o, str) for o in over):
                found.append(f"covered_by[{stack_id!r}]: {over!r} is not a tuple of stack ids")
                continue
            for o in over:
                if o not in ids:
                    found.append(f"covered_by[{stack_id!r}]: {o!r} is not a stack of the layout")
                elif o == stack_id:
                    found.append(f"covered_by[{stack_id!r}]: a stack cannot cover itself")
        pairs = cls.pairs
        if pairs is None:
            return found
        if not isinstance(pairs, Pairs):
            return [*found, f"pairs: {pairs!r} is not None or a Pairs(...) declaration"]
        found += pairs.problems()
        if found or not stacks:
            return found
        if pairs.to is None:
            sink = next((s for s in stacks if s.kind is Kind.FOUNDATION), None)
            if sink is None:
                found.append("pairs: the pairs go to the first foundation, but the layout has none (add "
                             "foundations(1, DISCARD), or name the stack with to=)")
        else:
            sink = ids.get(pairs.to)
            if sink is None or sink.kind is not Kind.FOUNDATION:
                found.append(f"pairs.to: {pairs.to!r} is not a foundation of the layout")
        if sink is not None and (sink.rule.build is not None or sink.rule.empty != "none" or sink.rule.own_rule):
            found.append(f"pairs: the discard foundation {sink.id!r} takes cards by its own rule too; declare it "
                         "with rules.DISCARD (the pairs and the ranks removed alone are what it takes)")
        if not any(s.kind in pairs.kinds for s in stacks):
            found.append(f"pairs.kinds: the layout has no stack of the kinds {[k.value for k in pairs.kinds]}")
        if pairs.below and not any(s.kind is Kind.WASTE for s in stacks):
            found.append("pairs.below: True, but the layout has no waste")
        if pairs.below and Kind.WASTE not in pairs.kinds:
            found.append("pairs.below: True, but the waste's cards do not pair (add Kind.WASTE to kinds)")
        if pairs.over and not covered:
            found.append("pairs.over: True, but the class declares no covered_by: no card covers another")
        if pairs.where == "uncovered" and not covered:
            found.append("pairs.where: 'uncovered', but the class declares no covered_by (rules.pyramid() gives "
                         "both the stacks and covered_by)")
        return found

    @classmethod
    def _won_when_empty_problems(cls, stacks) -> list[str]:
        kinds = cls.won_when_empty
        if kinds is None:
            return []
        if (not isinstance(kinds, tuple) or not kinds or not all(isinstance(k, Kind) for k in kinds)
                or len(set(kinds)) != len(kinds)):
            return [f"won_when_empty: {kinds!r} is not None (every card on the foundations) or a tuple of "
                    f"different Kind (of {', '.join(repr(k.value) for k in Kind)})"]
        if Kind.FOUNDATION in kinds:
            return [f"won_when_empty: {kinds!r} names the foundations, where the cards go: name the kinds of "
                    "stack a won game has cleared (Kind.TABLEAU, ...)"]
        laid_out = {getattr(s, "kind", None) for s in stacks}
        missing = [k.value for k in kinds if k not in laid_out]
        if stacks and missing:
            return [f"won_when_empty: {kinds!r}, but the layout has no {', '.join(missing)} stack"]
        return []

    @classmethod
    def validate(cls) -> None:
        """Raise :class:`VariantError` if the class is not a usable game. The host calls this at load."""
        if not cls.id or not isinstance(cls.id, str):
            raise VariantError("it has no 'id'")
        if not cls.name:
            raise VariantError("it has no 'name'")
        problems = cls.declaration_problems()
        if problems:  # a class changed after it was defined
            raise VariantError("; ".join(problems))
        if not cls.stacks:
            raise VariantError("it declares no stacks")
        if sum(1 for s in cls.stacks if s.kind is Kind.STOCK) > 1:
            raise VariantError("more than one stock")
        if (not any(s.kind is Kind.FOUNDATION for s in cls.stacks) and cls.won_when_empty is None
                and cls.is_won is Game.is_won):
            # Pileon, Poker, Maze: no foundation, but the game says how it is won.
            raise VariantError("it has no foundation, and does not say how it is won without one (declare "
                               "won_when_empty or override is_won())")

    @classmethod
    def resolve_options(cls, given: Mapping[str, str]) -> dict[str, str]:
        from reussite.errors import UserError
        from reussite.messages import N_

        known = {o.name: o for o in cls.options}
        values = {o.name: o.default for o in cls.options}
        for key, value in given.items():
            if key not in known:
                names = ", ".join(known) or "-"
                raise UserError(N_("{game} has no option {option!r} (options: {names})"),
                                game=cls.id, option=key, names=names)
            if str(value) not in known[key].choices:
                raise UserError(N_("option {option}={value!r} is not allowed for {game} (choices: {choices})"),
                                option=key, value=value, game=cls.id, choices=", ".join(known[key].choices))
            values[key] = str(value)
        return values

    def configure(self) -> None:
        """Adjust instance settings from ``self.option_values`` before the deal. Default: nothing."""

    # -- the deal -------------------------------------------------------------------------------------

    def shuffle(self) -> list[Card]:
        """The pack for this game number, last card on top: PySolFC's shuffle, then :meth:`shuffle_hook`."""
        return self.shuffle_hook(shuffled_pack(self.decks, self.number, self.pack()))

    def pack(self) -> list[Card]:
        """The unshuffled pack, from ``decks``, ``pack_suits`` and ``pack_ranks``; override for a pack those
        cannot say (the standard pack is shuffled exactly as PySolFC does, any other in the same way)."""
        return new_pack(self.decks, self.pack_suits, self.pack_ranks, self.jokers)

    def shuffle_hook(self, cards: list[Card]) -> list[Card]:
        """Reorder the shuffled pack before dealing (PySolFC's ``_shuffleHook``). Default: unchanged."""
        return cards

    def deal(self, cards: list[Card]) -> None:
        """Lay out the starting position from ``cards`` (take from the end). Default: all to the stock."""
        self.place("stock", cards)

    def deal_row(self, cards: list[Card], stacks: tuple[int, ...] | list[int] | None = None,
                 face_down: bool = False) -> None:
        """One card on each stack, left to right, taken from the top (end) of ``cards``."""
        for i in self.tableau_ix if stacks is None else stacks:
            self.place(i, [cards.pop()], face_down=1 if face_down else 0)

    # -- presentation ---------------------------------------------------------------------------------

    @classmethod
    def title(cls) -> Message:
        return Message(cls.name)

    def layout_json(self) -> dict[str, Any]:
        """The position as ``reussite deal --json`` prints it: cards bottom to top, and the base rank where
        the game has set one (``base_rank``). :meth:`from_layout` reads it back."""
        found = {
            "game": self.id,
            "number": self.number,
            "options": dict(self.option_values),
            "redeals_used": self.redeals_used,
            "stacks": [
                {"id": spec.id, "cards": [c.code for c in self.cards[i]], "face_down": self.face_down[i]}
                for i, spec in enumerate(self.specs)
            ],
        }
        if self.base_rank is not None:
            found["base_rank"] = self.base_rank
        return found

    @classmethod
    def from_layout(cls, data: Mapping[str, Any]) -> Variant:
        """A game at the position ``data`` describes, in :meth:`layout_json`'s format, with no history: for
        positions no deal gives (tests, puzzles, the solver). Stacks left out are empty. A position may hold
        fewer cards than the pack (a won foundation need not be spelled out), but never more copies of a card
        than there are packs. ``base_rank`` (1 to 13), if given, replaces the one the deal set. Raises
        :class:`VariantError` naming the stack or card that is wrong."""
        from reussite.cards import parse_card

        game = cls(int(data.get("number", 1)), data.get("options") or {})
        game.cards = [[] for _ in game.specs]
        game.face_down = [0] * len(game.specs)
        game._stack_keys = [None] * len(game.specs)
        copies: dict[tuple[int, int], int] = {}
        held: dict[tuple[int, int], int] = {}  # how many copies of each card the pack has
        for card in game.pack():
            held[card[:2]] = held.get(card[:2], 0) + 1
        for entry in data.get("stacks", ()):
            stack_id = entry.get("id")
            if stack_id not in game.index:
                raise VariantError(f"{cls.id}: there is no stack {stack_id!r} (stacks: {', '.join(game.index)})")
            i = game.index[stack_id]
            pile = []
            for code in entry.get("cards", ()):
                try:
                    card = parse_card(code)
                except ValueError as exc:
                    raise VariantError(f"{cls.id}: {stack_id}: {exc}") from None
                deck = copies.get(card[:2], 0)
                if deck >= held.get(card[:2], 0):
                    raise VariantError(f"{cls.id}: {stack_id}: {code} appears more often than the "
                                       f"pack holds it ({held.get(card[:2], 0)})")
                copies[card[:2]] = deck + 1
                pile.append(card._replace(deck=deck))
            face_down = int(entry.get("face_down", len(pile) if game.specs[i].kind.value == "stock" else 0))
            if not 0 <= face_down <= len(pile):
                raise VariantError(f"{cls.id}: {stack_id}: face_down {face_down} is not between 0 and {len(pile)}")
            game.cards[i], game.face_down[i] = pile, face_down
        game.redeals_used = int(data.get("redeals_used", 0))
        base = data.get("base_rank")
        if base is not None:
            if not isinstance(base, int) or isinstance(base, bool) or not 1 <= base <= 13:
                raise VariantError(f"{cls.id}: base_rank {base!r} is not a rank from 1 (Ace) to 13 (King)")
            game.set_base_rank(base)
        return game
