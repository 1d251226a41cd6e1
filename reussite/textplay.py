"""Plain text play in a terminal: enough to finish a game, and a reference for other front ends.

Commands: a move (``t3 f``, ``w t5``, ``t2 t7 3``), ``d`` deal or redeal, ``u`` undo, ``r`` redo, ``hint``,
``auto`` (everything possible to the foundations), ``save FILE``, ``help``, ``q``.
"""

from __future__ import annotations

from typing import TextIO

from reussite import saves
from reussite.errors import IllegalMove, UserError
from reussite.messages import Translator
from reussite.rules import Kind


def _card(game, stack: int, position: int) -> str:
    card = game.cards[stack][position]
    return card.code if game.is_face_up(stack, position) else "##"


def render_layout(game, tr: Translator) -> str:
    """The position as text: one line per stack, cards bottom to top (``##`` is face down)."""
    _ = tr.gettext
    lines = [f"{tr.gettext(game.name)} #{game.number}"]
    for i, spec in enumerate(game.specs):
        cards = game.cards[i]
        if spec.kind is Kind.STOCK:
            shown = tr.ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards))
        elif spec.kind in (Kind.FOUNDATION, Kind.WASTE) and len(cards) > 1:
            shown = f"({len(cards) - 1}) " + cards[-1].code
        else:
            shown = " ".join(_card(game, i, p) for p in range(len(cards))) or "--"
        lines.append(f"{spec.short:>4}  {shown}")
    status = _("score {score}, moves {moves}").format(score=game.score(), moves=game.move_count)
    if game.redeals_left:
        status += ", " + tr.ngettext("{count} redeal left", "{count} redeals left", game.redeals_left).format(
            count=game.redeals_left)
    lines.append(status)
    return "\n".join(lines)


def run(game, ctx, stdin: TextIO) -> int:
    """The play loop. Returns 0 when the player quits or the input ends."""
    tr = ctx.game_translator(type(game))
    _ = tr.gettext
    ctx.say(render_layout(game, tr))
    ctx.say(_("Type a move like 't3 f' or 'w t5', 'd' to deal, 'u' undo, 'r' redo, 'hint', 'auto', "
              "'save FILE', 'q' to quit."))
    for raw in stdin:
        line = raw.strip()
        if not line:
            continue
        word = line.split()[0].lower()
        try:
            if word in ("q", "quit", "exit"):
                return 0
            if word in ("u", "undo"):
                game.pop()
            elif word in ("r", "redo"):
                game.redo()
            elif word in ("?", "help"):
                ctx.say(_("Stacks: s stock, w waste, f1.. foundations, t1.. tableau, r1.. reserves. "
                          "A move is SOURCE TARGET [COUNT]; 'f' alone means the first foundation that "
                          "takes the card."))
                continue
            elif word == "hint":
                move = game.hint()
                ctx.say(game.notation(move) if move else _("No move is left."))
                continue
            elif word == "auto":
                game.autoplay()
            elif word == "save":
                parts = line.split(maxsplit=1)
                if len(parts) < 2:
                    raise UserError(_("say where to save: save FILE"))
                saves.save(game, parts[1])
                ctx.say(_("Saved to {file}.").format(file=parts[1]))
                continue
            else:
                game.push(game.parse_move(line))
        except IllegalMove as exc:
            ctx.say(tr.render(exc.message))
            continue
        except UserError as exc:
            ctx.say(str(exc))
            continue
        ctx.say(render_layout(game, tr))
        if game.is_won():
            ctx.say(_("You won! Score: {score}.").format(score=game.score()))
            return 0
        if game.is_lost():
            ctx.say(_("No move is left: the game is lost. Type 'u' to undo or 'q' to quit."))
    return 0
