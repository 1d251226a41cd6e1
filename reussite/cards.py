"""Cards, packs and PySolFC-compatible game numbers (layer 1: imports nothing else from Réussite).

A card is a small immutable value; a pack of two decks holds two equal-looking cards that differ only by
``deck``. The same game number gives the same shuffled pack as PySolFC: see
``docs/deals.md``.
"""

from __future__ import annotations

import random
from typing import NamedTuple

RANKS = "A23456789TJQK"
SUITS = "CSHD"  # PySolFC's suit order: clubs, spades, hearts, diamonds
ACE, JACK, QUEEN, KING = 1, 11, 12, 13
#: A joker's rank. It has no suit, only a colour, kept as a suit of that colour: spades for the black joker,
#: hearts for the red one (so ``is_red`` holds, and its key ``rank * 4 + suit`` is 1 or 2, below every card's).
JOKER = 0
BLACK_JOKER_SUIT, RED_JOKER_SUIT = 1, 2
#: A joker's letter in the cards' codes (``XS`` the black joker, ``XH`` the red one).
JOKER_LETTER = "X"
RED_SUITS = frozenset((2, 3))

#: Game numbers PySolFC accepts: below MS_LIMIT the Microsoft generator, else Mersenne Twister.
MIN_GAME_NUMBER = 1
MAX_GAME_NUMBER = 10**20 - 1
MS_LIMIT = 32000

SUIT_GLYPHS = "♣♠♥♦"


class Card(NamedTuple):
    """A playing card: ``rank`` 1 (Ace) to 13 (King), or ``JOKER`` (0); ``suit`` index into ``SUITS`` (a joker's
    is its colour's, spades or hearts); ``deck`` numbers the copies."""

    rank: int
    suit: int
    deck: int = 0

    @property
    def code(self) -> str:
        """Two-letter code such as ``AC``, ``TD``, ``KS``; ``XS`` and ``XH`` for the black and red jokers."""
        return (RANKS[self.rank - 1] if self.rank else JOKER_LETTER) + SUITS[self.suit]

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_red(self) -> bool:
        return self.suit in RED_SUITS

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code}{'' if self.deck == 0 else ',' + str(self.deck)})"


#: The text mode's French notation (its catalog's letters): rank letters, then the suit's symbol.
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "D", "R")


def parse_card(code: str, deck: int = 0) -> Card:
    """``"QS"`` -> ``Card(12, 1)``; the symbol notation too, English or French letters: ``"Q♠"``, ``"D♠"``
    (Dame), ``"10♥"``, ``"V♦"`` (Valet), ``"R♣"`` (Roi). Raises ``ValueError`` naming the bad code."""
    text = code.strip().upper()
    if text[-1:] in SUIT_GLYPHS and len(text) >= 2:
        rank = text[:-1]
        if rank == JOKER_LETTER and text[-1] in "♠♥":
            return Card(JOKER, SUIT_GLYPHS.index(text[-1]), deck)
        for letters in (FRENCH_RANKS, tuple(RANKS[:9]) + ("10", "J", "Q", "K")):
            if rank in letters:
                return Card(letters.index(rank) + 1, SUIT_GLYPHS.index(text[-1]), deck)
        raise ValueError(f"not a card: {code!r} (expected a rank, A 2-10 J Q K or V D R, then a suit ♣♠♥♦, "
                         "like 'Q♠')")
    if text.startswith("10"):
        text = "T" + text[2:]
    if text in ("XS", "XH"):
        return Card(JOKER, SUITS.index(text[1]), deck)
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise ValueError(f"not a card code: {code!r} (expected rank A23456789TJQK then suit CSHD, like 'QS'; "
                         "XS and XH for the black and red jokers)")
    return Card(RANKS.index(text[0]) + 1, SUITS.index(text[1]), deck)


def new_pack(decks: int, suits: tuple[int, ...] = (0, 1, 2, 3), ranks: tuple[int, ...] = tuple(range(1, 14)),
             jokers: int = 0) -> list[Card]:
    """A fresh pack in PySolFC's order: for each deck, each of ``suits`` in turn, each of ``ranks``, then its
    ``jokers`` (black, red, black...). A card's ``deck`` numbers its copies (0, 1, ...), so a one-suit pack of
    two decks, ``suits=(1, 1, 1, 1)``, holds eight copies of each spade."""
    key = (decks, tuple(suits), tuple(ranks), jokers)
    pack = _PACKS.get(key)
    if pack is None:  # cards are values: every game of a kind can start from the same ones
        copies: dict[tuple[int, int], int] = {}
        cards = []
        for _ in range(decks):
            for suit in suits:
                for rank in ranks:
                    copy = copies.get((rank, suit), 0)
                    copies[rank, suit] = copy + 1
                    cards.append(Card(rank, suit, copy))
            for n in range(jokers):
                suit = (BLACK_JOKER_SUIT, RED_JOKER_SUIT)[n % 2]
                copy = copies.get((JOKER, suit), 0)
                copies[JOKER, suit] = copy + 1
                cards.append(Card(JOKER, suit, copy))
        pack = _PACKS[key] = tuple(cards)
    return list(pack)


_PACKS: dict[tuple, tuple[Card, ...]] = {}
#: The standard pack, which alone is put in Microsoft FreeCell's order before a shuffle (see shuffled_pack).
_STANDARD = tuple(new_pack(1))


class _MicrosoftRandom:
    """The Microsoft C runtime's linear congruential generator, as PySolFC uses it for numbers < 32000."""

    def __init__(self, seed: int) -> None:
        self.state = seed

    def randint(self, a: int, b: int) -> int:
        self.state = (self.state * 214013 + 2531011) & ((1 << 33) - 1)
        return a + ((self.state >> 16) & 0x7FFF) % (b + 1 - a)


class _TwisterRandom:
    """Python's Mersenne Twister with PySolFC's ``randint`` (a float product, not ``random.randint``)."""

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed).random

    def randint(self, a: int, b: int) -> int:
        return a + int(self._random() * (b + 1 - a))


def check_game_number(number: int) -> int:
    if isinstance(number, bool) or not isinstance(number, int):
        raise ValueError(f"game number must be a whole number, not {number!r}")
    if not MIN_GAME_NUMBER <= number <= MAX_GAME_NUMBER:
        raise ValueError(f"game number {number} is out of range ({MIN_GAME_NUMBER} to {MAX_GAME_NUMBER})")
    return number


def shuffled_pack(decks: int, number: int, pack: list[Card] | None = None) -> list[Card]:
    """The pack (``new_pack(decks)`` unless given) shuffled as PySolFC shuffles game ``number``; the LAST card is
    the top of the stock."""
    check_game_number(number)
    cards = new_pack(decks) if pack is None else list(pack)
    if number < MS_LIMIT:
        rng: _MicrosoftRandom | _TwisterRandom = _MicrosoftRandom(number)
        if len(cards) == 52 and (pack is None or tuple(cards) == _STANDARD):
            # Microsoft FreeCell's order (rank-major, C D H S) keeps PySolFC's numbers equal to the MS deals.
            cards = [cards[rank + suit * 13] for rank in range(13) for suit in (0, 3, 2, 1)]
    else:
        rng = _TwisterRandom(number)
    shuffle(cards, rng)
    return cards


def shuffle(cards: list[Card], rng: _MicrosoftRandom | _TwisterRandom) -> None:
    """PySolFC's in-place Fisher-Yates from the end."""
    for i in range(len(cards) - 1, 0, -1):
        j = rng.randint(0, i)
        cards[i], cards[j] = cards[j], cards[i]


def generator_for(number: int) -> _MicrosoftRandom | _TwisterRandom:
    """The generator PySolFC would use for ``number``, for variants that shuffle again (Tournament)."""
    check_game_number(number)
    return _MicrosoftRandom(number) if number < MS_LIMIT else _TwisterRandom(number)


def random_game_number(rng: random.Random | None = None) -> int:
    """A fresh game number in PySolFC's Mersenne-Twister range, like its "new game"."""
    return (rng or random.SystemRandom()).randint(MS_LIMIT, 10**15)
