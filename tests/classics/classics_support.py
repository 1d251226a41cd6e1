"""What the classics' tests share: skipping when the distribution is not installed (failing under CI), and
PySolFC's deals, from the pysol-cards package where it deals the game, else rebuilt from PySolFC's dealing
order (pysolfc/games/spider.py) over pysol-cards' shuffle.

Layouts are ``{stack id: [card code, ...]}``, bottom to top, with face-down counts in ``face_down``."""

from __future__ import annotations

import importlib.util
import os

import pytest


def require_classics() -> None:
    """Skip the calling test module when reussite-classics is not installed; under CI that is a failure."""
    if importlib.util.find_spec("reussite_classics") is not None:
        return
    reason = "reussite-classics is not installed: pip install -e ./classics to run its tests"
    if os.environ.get("CI"):
        pytest.fail(reason + " (CI is set, so this is a failure, not a skip)", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


require_classics()

from pysol_cards.cards import CardRenderer, createCards  # noqa: E402
from pysol_cards.deal_game import Game as PysolCardsGame  # noqa: E402
from pysol_cards.random import MTRandom  # noqa: E402
from pysol_cards.random import shuffle as oracle_shuffle  # noqa: E402
from pysol_cards.random_base import RandomBase  # noqa: E402

RANKS, SUITS = "A23456789TJQK", "CSHD"


def shuffled(decks: int, number: int) -> list:
    """pysol-cards' shuffle of PySolFC game ``number``, last card on top of the stock."""
    if number == 32000:  # pysol-cards switches generators at <= 32000, PySolFC at < 32000
        return MTRandom(number).shuffle(createCards(decks))
    return oracle_shuffle(createCards(decks), number, RandomBase.DEALS_PYSOLFC)


def code(card, suits: tuple[int, ...] = (0, 1, 2, 3)) -> str:
    return RANKS[card.rank - 1] + SUITS[suits[card.suit]]


def dealt(game_id: str, number: int, decks: int = 1):
    """pysol-cards' own deal of a game: its board (columns, talon, freecells)."""
    game = PysolCardsGame(game_id, number, RandomBase.DEALS_PYSOLFC)
    game.new_cards(list(reversed(shuffled(decks, number))))  # what Game.deal() does, with our 32000 fix
    getattr(game, game.game_class)()
    return game.board


def klondike(number: int) -> dict:
    board = dealt("klondike", number)
    layout = {f"tableau-{i + 1}": [code(c) for c in col] for i, col in enumerate(board.columns.cols)}
    down = {f"tableau-{i + 1}": sum(c.flipped for c in col) for i, col in enumerate(board.columns.cols)}
    layout["stock"] = [code(c) for c in reversed(board.talon)]  # the talon is listed in dealing order
    return {"cards": layout, "face_down": down}


def freecell(number: int, game_id: str = "freecell") -> dict:
    board = dealt(game_id, number)
    return {"cards": {f"tableau-{i + 1}": [code(c) for c in col] for i, col in enumerate(board.columns.cols)}}


def golf(number: int) -> dict:
    board = dealt("golf", number)
    layout = {f"tableau-{i + 1}": [code(c) for c in col] for i, col in enumerate(board.columns.cols)}
    # pysol-cards takes the talon's first card (the first one PySolFC turns) for the foundation, which it
    # shows only in its printed board.
    shown = board.raw_foundations_cb(CardRenderer(print_ts=True))
    layout["foundation-1"] = shown.removeprefix("Foundations: ").split()
    layout["stock"] = [code(c) for c in reversed(board.talon)]
    return {"cards": layout}


def black_hole(number: int) -> dict:
    board = dealt("black_hole", number)
    layout = {f"tableau-{i + 1}": [code(c) for c in col] for i, col in enumerate(board.columns.cols)}
    layout["foundation-1"] = ["AS"]
    return {"cards": layout}


#: PySolFC's Spider packs (GameInfo suits): game 11 the standard pair of packs, 269 clubs only, 270 clubs and
#: hearts. Réussite shows PySolFC's clubs as spades, in the same places.
PYSOLFC_SPIDER_SUITS = {"4": (0, 1, 2, 3), "1": (0, 0, 0, 0), "2": (0, 0, 2, 2)}
CLUBS_AS_SPADES = (1, 1, 2, 3)


def spider(number: int, suits: str = "4") -> dict:
    """PySolFC's Spider deal (games 11, 269, 270: RelaxedSpider.startGame): four face-down rows on the ten
    piles, a fifth on piles 1, 4, 7 and 10, then a face-up row; the rest is the talon."""
    pack = PYSOLFC_SPIDER_SUITS[suits]
    rename = CLUBS_AS_SPADES if suits != "4" else (0, 1, 2, 3)
    cards = [RANKS[c.rank - 1] + SUITS[rename[pack[c.suit]]] for c in shuffled(2, number)]
    piles: list[list[str]] = [[] for _ in range(10)]
    for _ in range(4):
        for pile in piles:
            pile.append(cards.pop())
    for i in (0, 3, 6, 9):
        piles[i].append(cards.pop())
    for pile in piles:
        pile.append(cards.pop())
    layout = {f"tableau-{i + 1}": pile for i, pile in enumerate(piles)}
    layout["stock"] = cards
    return {"cards": layout, "face_down": {f"tableau-{i + 1}": len(p) - 1 for i, p in enumerate(piles)}}


def layout_of(game) -> dict:
    return {s["id"]: s["cards"] for s in game.layout_json()["stacks"]}


def face_down_of(game) -> dict:
    return {s["id"]: s["face_down"] for s in game.layout_json()["stacks"]}


# -- Positions and moves, as the family tests write them ------------------------------------------------


def position(cls, options=None, face_down=None, redeals_used=0, base=None, **stacks):
    """A game at a position given as ``tableau_1="KS QH"`` (bottom to top); ``face_down={"tableau_1": 1}``;
    ``base``: the base rank the deal would have set (the Canfield family)."""
    face_down = face_down or {}
    entries = []
    for name, cards in stacks.items():
        entry = {"id": name.replace("_", "-"), "cards": cards.split()}
        if name in face_down:
            entry["face_down"] = face_down[name]
        entries.append(entry)
    data = {"options": options or {}, "stacks": entries, "redeals_used": redeals_used}
    if base is not None:
        data["base_rank"] = base
    return cls.from_layout(data)


def move(game, src, dst, n=1):
    from reussite.game import Move

    return Move(game.index[src], game.index[dst], n)


def legal(game, src, dst, n=1):
    """Whether the rules accept the move, checked to agree with the listing of legal moves."""
    m = move(game, src, dst, n)
    accepted = game.is_legal(m)
    assert accepted == (m in set(game.legal_moves())), (src, dst, n)
    return accepted


def refused(game, src, dst, n=1):
    """The refusal, in English, of a move the rules refuse (and do not list)."""
    assert not legal(game, src, dst, n), (src, dst, n)
    return str(game.explain(move(game, src, dst, n)))


def stack_codes(game, stack):
    """The codes of a stack's cards, bottom to top."""
    return [c.code for c in game.stack(stack)]


def card_codes(cards) -> list[str]:
    """pysol-cards' cards (or Réussite's) as codes such as ``QS``."""
    return [code(c) for c in cards]
