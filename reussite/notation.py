"""Moves as text (layer 3, below the game): ``t3-f1``, ``t2-t7x3``, ``deal``, ``redeal``, and moves read back
from what a person types or a save holds. ``Game.notation`` and ``Game.parse_move`` call these."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Protocol

from reussite.errors import UserError
from reussite.messages import N_, NP_, Message
from reussite.moves import KIND_NAMES, REDEAL, AnyMove, Deal, Move, Pair, Reason, Redeal
from reussite.rules import Kind, StackSpec

#: msgctxt of the words a line of moves shows for the deal and the redeal in the reader's language; the
#: notation itself (saves, bookmarks, ``--json``, what the text mode reads) stays ``deal`` and ``redeal``.
NOTATION_WORD = "move notation"
_WORDS = {"deal": NP_("move notation", "deal"), "redeal": NP_("move notation", "redeal")}


def shown_notation(tr, text: str) -> str:
    """One move of a line as a reader sees it: ``t3-f1`` as is, ``deal`` in the reader's words (« donne »)."""
    return tr.pgettext(NOTATION_WORD, _WORDS[text]) if text in _WORDS else text


class Notated(Protocol):
    """What moves as text need of the game above (``reussite.game.Game``): its stacks and the rules' answers."""

    specs: Sequence[StackSpec]
    by_short: Mapping[str, int]
    discard_ix: int | None

    def stock_move(self) -> Deal | Redeal: ...
    def refusal(self, move: AnyMove) -> Reason | None: ...
    def pair_for(self, src: int, dst: int, n: int = 1) -> Move: ...


def notation(game: Notated, move: AnyMove) -> str:
    """``t3-f1``, ``t3-t5x2`` (two cards), ``t3+t5`` (a pair removed), ``deal``, ``redeal``."""
    if move.__class__ is Pair:
        return f"{game.specs[move.src].short}+{game.specs[move.other].short}"
    if isinstance(move, Deal):
        return "deal"
    if isinstance(move, Redeal):
        return "redeal"
    text = f"{game.specs[move.src].short}-{game.specs[move.dst].short}"
    return text + (f"x{move.n}" if move.n > 1 else "")


_PAIR_TEXT = re.compile(r"^\s*([a-z]+\d*)\s*\+\s*([a-z]+\d*)\s*$")
_MOVE_TEXT = re.compile(r"^\s*([a-z]+\d*)\s*[- >]?\s*([a-z]+\d*)\s*(?:x?\s*(\d+))?\s*$")


def parse_move(game: Notated, text: str) -> AnyMove:
    """Read a move typed by a person or stored in a save.

    Accepts ``deal``/``d``, ``redeal``, and ``SRC DST [N]`` or ``SRC-DST[xN]`` where stacks are
    ``s``, ``w``, ``f3``, ``t10``, ``r2`` or full ids. A bare ``f`` (or ``t``, ``r``) means "the first
    such stack that takes the cards". In a game with pairs, ``t3+t5`` removes the two top cards together, as
    does ``t3 t5`` when the plain move is not legal (see ``Game.pair_for``). Raises ``UserError`` naming what
    is wrong.
    """
    raw = text.strip().lower()
    if raw in ("d", "deal", "s"):
        return game.stock_move()
    if raw == "redeal":
        return REDEAL
    raw = (raw.replace("tableau-", "t").replace("foundation-", "f").replace("reserve-", "r")
           .replace("waste", "w").replace("stock", "s"))
    pair = _PAIR_TEXT.match(raw)
    if pair:
        sink = game.discard_ix
        return Pair(_stack_from_name(game, pair.group(1), text), sink if sink is not None else 0, 1,
                    _stack_from_name(game, pair.group(2), text))
    match = _MOVE_TEXT.match(raw)
    if not match:
        raise UserError(N_("Cannot read the move {move!r}: write it like 't3 f', 'w t5', 't2 t7 3' or 'd'."),
                        move=text)
    src_name, dst_name, count = match.groups()
    src = _stack_from_name(game, src_name, text)
    n = int(count) if count else 1
    if dst_name in ("f", "t", "r"):
        kind = {"f": Kind.FOUNDATION, "t": Kind.TABLEAU, "r": Kind.RESERVE}[dst_name]
        options = [i for i, s in enumerate(game.specs) if s.kind is kind and i != src]
        for dst in options:
            if game.refusal(Move(src, dst, n)) is None:
                return Move(src, dst, n)
        if not options:
            raise UserError(N_("This game has no {kind} to move to."), kind=Message(KIND_NAMES[kind]))
        return Move(src, options[0], n)  # illegal; push() will say why
    return game.pair_for(src, _stack_from_name(game, dst_name, text), n)


def _stack_from_name(game: Notated, name: str, text: str) -> int:
    if name in game.by_short:
        return game.by_short[name]
    known = ", ".join(s.short for s in game.specs)
    raise UserError(N_("There is no stack {stack!r} in the move {move!r} (stacks here: {known})."),
                    stack=name, move=text, known=known)
