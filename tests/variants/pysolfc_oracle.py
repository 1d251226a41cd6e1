"""PySolFC's deals for the three games, rebuilt from the pysol-cards package (an independent implementation of
PySolFC's shuffle and of its ``_shuffleHookMoveToTop``) and PySolFC's dealing order, read from its sources
(``tournament.py`` game 303, ``picturegallery.py`` game 398, ``osmosis.py`` game 715).

Cards are ``(code, deck)`` pairs; stacks are lists bottom to top."""

from __future__ import annotations

from pysol_cards.cards import createCards
from pysol_cards.deal_game import Game as PysolCardsGame
from pysol_cards.random import MTRandom
from pysol_cards.random import shuffle as oracle_shuffle
from pysol_cards.random_base import RandomBase

from reussite.cards import RANKS, SUITS


def shuffled(decks: int, number: int) -> list:
    """pysol-cards' cards for PySolFC game ``number``; the last one is the top of the stock."""
    if number == 32000:  # pysol-cards switches generators at <= 32000, PySolFC at < 32000
        return MTRandom(number).shuffle(createCards(decks))
    return oracle_shuffle(createCards(decks), number, RandomBase.DEALS_PYSOLFC)


def as_pair(card) -> tuple[str, int]:
    return RANKS[card.rank - 1] + SUITS[card.suit], card.id // 52


def tournament_cards(number: int) -> list:
    """Game 303's shuffle hook: if no King or Ace is among the top 8, the first one of the list goes on top."""
    cards = shuffled(2, number)
    if any(c.rank in (1, 13) for c in cards[-8:]):
        return cards
    first = next(c for c in cards if c.rank in (1, 13))
    cards.remove(first)
    return cards + [first]


def first_shuffle_has_king_or_ace(number: int) -> bool:
    return any(c.rank in (1, 13) for c in shuffled(2, number)[-8:])


def tournament(number: int) -> dict[str, list[tuple[str, int]]]:
    cards = tournament_cards(number)
    layout = {f"reserve-{i + 1}": [as_pair(cards.pop())] for i in range(8)}  # dealRow(reserves)
    for column in range(6):  # the talon's dealCards: four cards on each row in turn
        layout[f"tableau-{column + 1}"] = [as_pair(cards.pop()) for _ in range(4)]
    layout["stock"] = [as_pair(c) for c in cards]
    return layout


def mount_olympus(number: int) -> dict[str, list[tuple[str, int]]]:
    hooks = PysolCardsGame.__new__(PysolCardsGame)  # only its shuffle-hook helpers are used
    cards = hooks._shuffleHookMoveToTop(shuffled(2, number), lambda c: (c.rank in (1, 2), (c.rank, c.suit)))
    layout = {f"foundation-{i + 1}": [as_pair(cards.pop())] for i in range(16)}
    layout.update({f"tableau-{i + 1}": [as_pair(cards.pop())] for i in range(9)})
    layout["stock"] = [as_pair(c) for c in cards]
    return layout


def osmosis(number: int) -> dict[str, list[tuple[str, int]]]:
    """Game 715: three face-down rows and one face-up row on the 4 reserves, then the base card."""
    cards = shuffled(1, number)
    layout: dict[str, list] = {f"reserve-{i + 1}": [] for i in range(4)}
    for _row in range(4):
        for i in range(4):
            layout[f"reserve-{i + 1}"].append(as_pair(cards.pop()))
    layout["foundation-1"] = [as_pair(cards.pop())]
    layout["stock"] = [as_pair(c) for c in cards]
    return layout


def layout_of(game, stack_ids) -> dict[str, list[tuple[str, int]]]:
    return {sid: [(c.code, c.deck) for c in game.stack(sid)] for sid in stack_ids}
