"""Plain text play in a terminal: enough to finish a game, and a reference for other front ends.

Commands: a move (``t3 f``, ``w t5``, ``t2 t7 3``), ``d`` deal or redeal, ``u [N]`` undo (N moves), ``r``
redo, ``hint [SECONDS]`` (from the solver's winning line when it finds one, see :mod:`reussite.advisor`;
``hint play`` plays it, see :func:`reussite.advisor.play_advice`),
``solve [play] [SECONDS]`` (print the winning line; ``solve play`` plays it), ``auto`` (everything possible
to the foundations), ``save FILE``, ``help``, ``q``. After a win the player may play the same deal again
(``a``) or a new deal of the same game (``n``).

With a :class:`~reussite.stats.Stats`, the game is recorded when it is won or lost, and as abandoned when the
player quits with moves played, unless a save holds the current position (docs/statistics.md): the game
session (:mod:`reussite.session`) does it, as for the page.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TextIO

from reussite import advisor, saves
from reussite.argtypes import whole_number
from reussite.cards import random_game_number
from reussite.errors import PluginError, UserError
from reussite.messages import CARD_LEGEND, JOKER_LEGEND, N_, Message, Translator, program_line
from reussite.notation import shown_notation
from reussite.rules import Fan, Kind
from reussite.session import Session
from reussite.solver import Verdict, solve
from reussite.stats import Stats
from reussite.watchdog import LoopWatchdog

SOLVE_SECONDS = 10.0
REWIND_SECONDS = 1.0  # per position, walking back from a lost one
REWIND_TOTAL_SECONDS = 15.0
#: A waste fanned to the right shows its top cards (as the page spreads them: three), the rest counted.
WASTE_SPREAD = 3


def _card(game, stack: int, position: int, tr: Translator) -> str:
    card = game.cards[stack][position]
    return tr.card_code(card) if game.is_face_up(stack, position) else "##"


def render_layout(game, tr: Translator) -> str:
    """The position as text: one line per stack, cards bottom to top (``##`` is face down), in the reader's
    notation (:meth:`Translator.card_code`)."""
    _ = tr.gettext
    lines = [tr.gettext("{game} #{number}").format(game=tr.gettext(game.name), number=game.number)]
    grid = _grid_stacks(game)
    for i, spec in enumerate(game.specs):
        cards = game.cards[i]
        if i in grid:
            if i == grid[0]:
                lines += _grid_lines(game, grid, tr)
            continue
        if spec.kind is Kind.STOCK:
            shown = tr.ngettext("{count} card", "{count} cards", len(cards)).format(count=len(cards))
        elif spec.kind is Kind.WASTE and spec.fan == Fan.RIGHT and cards:
            # Klondike by threes: the two cards under the top one are the next to play, once it has gone.
            under = max(0, len(cards) - WASTE_SPREAD)
            shown = (f"({under}) " if under else "") + " ".join(_card(game, i, p, tr) for p in range(under, len(cards)))
        elif spec.kind in (Kind.FOUNDATION, Kind.WASTE) and len(cards) > 1 and not game.face_down[i]:
            # (a foundation holding face-down cards, Clock's hours, is shown card by card, hiding them)
            shown = f"({len(cards) - 1}) " + tr.card_code(cards[-1])
        else:
            shown = " ".join(_card(game, i, p, tr) for p in range(len(cards))) or "--"
        lines.append(f"{spec.short:>4}  {shown}")
    if game.redeals_left:
        status = tr.ngettext("score {score}, moves {moves}, {count} redeal left",
                             "score {score}, moves {moves}, {count} redeals left", game.redeals_left)
    else:
        status = _("score {score}, moves {moves}")
    lines.append(status.format(score=game.score(), moves=game.move_count, count=game.redeals_left))
    return "\n".join(lines)


#: From how many squared piles a layout is drawn as its grid (Gaps' 52 places, Monte Carlo's 25, the Clock's 13).
GRID_MIN = 9


def _grid_stacks(game) -> list[int]:
    """The tableau piles and reserves drawn as a grid, as the table lays them out, where a game has many that
    show only their top card (positional games: Gaps, Monte Carlo, the Clock); none otherwise."""
    squared = [i for i, spec in enumerate(game.specs)
               if spec.kind in (Kind.TABLEAU, Kind.RESERVE) and spec.fan == Fan.NONE]
    rows = {round(game.specs[i].y * 2) for i in squared}
    return squared if len(squared) >= GRID_MIN and len(rows) > 1 else []


def _grid_lines(game, grid: list[int], tr: Translator) -> list[str]:
    """One line per row of the grid (stacks at about the same height, left to right): each place's short name
    and its top card (``##`` face down, ``--`` empty, ``+N`` the cards under it)."""
    rows: dict[int, list[int]] = {}
    for i in grid:
        rows.setdefault(round(game.specs[i].y * 2), []).append(i)
    cells = {}
    for i in grid:
        cards = game.cards[i]
        top = _card(game, i, len(cards) - 1, tr) if cards else "--"
        cells[i] = f"{game.specs[i].short}:{top}" + (f"+{len(cards) - 1}" if len(cards) > 1 else "")
    width = max(map(len, cells.values()))
    return ["  " + " ".join(cells[i].ljust(width) for i in sorted(row, key=lambda i: game.specs[i].x)).rstrip()
            for _, row in sorted(rows.items())]


def _seconds(words: list[str], default: float) -> float:
    for word in words:
        try:
            value = float(word)
        except ValueError:
            continue
        if not 0 <= value <= 3600:
            raise UserError(N_("a time in seconds is from 0 to 3600, not {value}"), value=word)
        return value
    return default


def _undo_offer(game, ctx, tr: Translator, watch: LoopWatchdog) -> None:
    """Say that no win is possible, and how many moves to undo to reach a position the solver can win."""
    ctx.say(tr.gettext("No win is possible from here."))
    if not game.can_undo:
        return
    with watch.paused():  # the solver's own budget
        found = advisor.last_winnable(game, REWIND_SECONDS, total_seconds=REWIND_TOTAL_SECONDS)
    if found is None:
        ctx.say(tr.gettext("The solver could not prove that any earlier position can be won."))
        return
    ctx.say(tr.ngettext("Type 'u {count}' to undo {count} move, back to the last position from which a win "
                        "is still possible.",
                        "Type 'u {count}' to undo {count} moves, back to the last position from which a win "
                        "is still possible.", found.undo).format(count=found.undo))


def find_winnable(ctx, game_id: str, number: int | None, options: dict[str, str],
                  seconds: float = advisor.WINNABLE_SECONDS,
                  total_seconds: float = advisor.WINNABLE_TOTAL_SECONDS) -> int:
    """The first game number from ``number`` (or a random one) whose deal the solver proves winnable,
    saying which number is being tried (``--winnable``); ``seconds`` of the solver's CPU time for each deal,
    ``total_seconds`` in all."""
    from reussite.cards import random_game_number

    tr = ctx.tr
    ctx.host.game(game_id)  # an unknown game is refused before the search

    def progress(current: int, tried: int) -> None:
        ctx.say(tr.ngettext("Looking for a winnable deal: game {number} ({count} deal tried)…",
                            "Looking for a winnable deal: game {number} ({count} deals tried)…",
                            tried).format(number=current, count=tried))
        if tried == advisor.WINNABLE_RARE_AFTER:
            ctx.say(tr.render(Message(advisor.M_WINNABLE_RARE)))
        ctx.out.flush()

    first = number if number is not None else random_game_number()
    found = advisor.next_winnable(lambda n: ctx.host.new_game(game_id, n, options), first, seconds,
                                  total_seconds=total_seconds, progress=progress)
    if found is None or found.number is None:
        raise UserError(advisor.no_winnable_message(found or advisor.Found(None, [], 0), seconds))
    return found.number


def _lines(ctx, stdin: TextIO, prompt: str):
    """The player's lines, each after the prompt."""
    while True:
        ctx.out.write(prompt)
        ctx.out.flush()
        raw = stdin.readline()
        if not raw:
            ctx.out.write("\n")
            return
        yield raw


def _hint_text(game, advice, tr: Translator) -> str:
    """The hinted move in a sentence, why it is proposed, and what to type to play it."""
    what = tr.render(advisor.describe_move(game, advice.move))
    if advice.kind == advisor.WINNING:
        why = tr.gettext("This move keeps a win in reach.")
    else:
        why = tr.gettext("(A suggestion: the solver found no winning line in the time given.)")
    typed = tr.gettext("Type '{move}' to play it.").format(move=game.notation(advice.move))
    if advice.kind != advisor.WINNING and advisor.moves_are_final(game):
        why = f"{why} {tr.render(Message(advisor.M_FINAL_GUESS))}"
    return f"{what} {why} {typed}"


QUIT, SAID, SAVED, CHANGED = "quit", "said", "saved", "changed"


def _command(game, line: str, ctx, tr: Translator, cache: advisor.LineCache, watch: LoopWatchdog,
             uid: str | None = None, limit: float = advisor.DEFAULT_HINT_LIMIT,
             ask: Callable[[str], bool] | None = None) -> str:
    """Carry out one command on ``game``: QUIT, SAID (nothing to redraw), SAVED (under ``uid``) or CHANGED.
    The solver's runs are left out of ``watch``'s step: they have their own budget. ``ask(question)``: the
    player's yes or no (no when there is none to ask)."""
    _ = tr.gettext
    words = line.split()
    word = words[0].lower()
    if word in ("q", "quit", "exit"):
        return QUIT
    if word in ("u", "undo"):
        asked = whole_number(words[1]) if len(words) > 1 else None
        count = 1 if asked is None else asked
        if game.move_count and not 1 <= count <= game.move_count:
            raise UserError(tr.ngettext("Only {count} move can be undone.", "Only {count} moves can be undone.",
                                        game.move_count).format(count=game.move_count))
        for _k in range(count):
            game.pop()
    elif word in ("r", "redo"):
        game.redo()
    elif word in ("?", "help"):
        ctx.say(_("Stacks: s stock, w waste, f1.. foundations, t1.. tableau, r1.. reserves. "
                  "A move is SOURCE TARGET [COUNT]; 'f' alone means the first foundation that "
                  "takes the card."))
        ctx.say(_(CARD_LEGEND))
        if game.jokers:
            ctx.say(_(JOKER_LEGEND))
        ctx.say(_("'hint [SECONDS]' asks the solver for a move that keeps a win in reach; 'hint play' plays "
                  "it, the solver searching as long as for 'solve' first where it knows no winning line; "
                  "'solve [SECONDS]' prints a winning line and 'solve play' plays it; 'u N' undoes N "
                  "moves."))
        return SAID
    elif word == "hint":
        play = any(w.lower() == "play" for w in words[1:])
        seconds = _seconds(words[1:], advisor.hint_seconds(type(game), limit))
        with watch.paused():
            if play:  # searched deeper first where no winning line is known (advisor.play_advice)
                advice = advisor.play_advice(game, seconds, max(seconds, limit), cache)
            else:
                advice = advisor.advise(game, seconds=seconds, cache=cache)
        if play and advice.move is not None:
            if advice.kind != advisor.WINNING and advisor.moves_are_final(game):
                question = _("{move}: this move is only a suggestion, and no move of this game can be taken back "
                             "by play. Play it anyway? (y/n) ").format(move=tr.render(
                                 advisor.describe_move(game, advice.move)))
                if ask is None or not ask(question):
                    ctx.say(_("Not played."))
                    return SAID
            ctx.say(tr.render(advisor.describe_move(game, advice.move)))
            game.push(advice.move)
            return CHANGED
        if advice.kind in (advisor.WINNING, advisor.HEURISTIC):
            ctx.say(_hint_text(game, advice, tr))
        elif advice.kind == advisor.LOST:
            _undo_offer(game, ctx, tr, watch)
        else:
            ctx.say(_("No move is left."))
        return SAID
    elif word == "solve":
        play = any(w.lower() == "play" for w in words[1:])
        seconds = _seconds(words[1:], SOLVE_SECONDS)
        found = cache.lookup(game)
        if found is None:
            with watch.paused():
                result = solve(game, seconds=seconds)
            if result.verdict is Verdict.LOST:
                _undo_offer(game, ctx, tr, watch)
                return SAID
            if result.verdict is not Verdict.WON:
                ctx.say(tr.format(_("The solver found no winning line within {seconds:g} s."), seconds=seconds))
                return SAID
            found = result.line
            cache.store(game, found)
        if not play:
            probe = game.copy(history=False)
            probe.track_positions = False
            notation = []
            for move in found:
                notation.append(shown_notation(tr, probe.notation(move)))
                probe.push(move, check=False)
            ctx.say(tr.ngettext("A winning line of {count} move.", "A winning line of {count} moves.",
                                len(found)).format(count=len(found)))
            ctx.say(" ".join(notation))
            ctx.say(_("Type 'solve play' to play it (then 'u' takes its moves back one by one)."))
            return SAID
        for move in found:
            game.push(move)
    elif word == "auto":
        game.autoplay()
    elif word == "save":
        parts = line.split(maxsplit=1)
        if len(parts) < 2:
            raise UserError(_("say where to save: save FILE"))
        saves.save(game, parts[1], uid)
        ctx.say(_("Saved to {file}.").format(file=parts[1]))
        return SAVED
    else:
        game.push(game.parse_move(line))
    return CHANGED


def _next_game(game, ctx, stdin: TextIO, tr: Translator, watch: LoopWatchdog):
    """After a win: the same deal again, a new deal of the same game (and options), or None to quit."""
    _ = tr.gettext
    ctx.out.write(_("Play again? 'a' the same deal again, 'n' a new deal, anything else quits: "))
    ctx.out.flush()
    with watch.paused():
        answer = stdin.readline()
    if not answer:
        ctx.out.write("\n")
        return None
    word = answer.strip().lower()
    if word in (_("a"), "a"):
        number = game.number
    elif word in (_("n"), "n"):
        number = random_game_number()
    else:
        return None
    return ctx.host.new_game(game.id, number, dict(game.option_values))


def run(game, ctx, stdin: TextIO, stats: Stats | None = None, uid: str | None = None, saved: bool = False,
        assist: str = "", hint_limit: float | None = None) -> int:
    """The play loop. Returns 0 when the player quits or the input ends. ``uid`` is the game's id in
    ``stats`` (a new one by default); ``saved``: a save file holds the position ``game`` starts from;
    ``assist``: "winnable" when the solver chose the deal (``--winnable``); a game ``solve play`` played
    is recorded as "demo". Both are counted apart from the player's own games. ``hint_limit``: the most CPU
    seconds a hint takes (``reussite play --hint-limit``; :func:`reussite.advisor.hint_seconds`), and what
    ``hint play`` searches where no winning line is known (by default as long as ``solve``).

    The game is kept by a :class:`reussite.session.Session`, as the page's is (the clock, the end of the
    game recorded once in the statistics), without an autosave: the player's saves are their own files.
    Every command runs under the host's guard: when the game's plugin fails, the error naming it is shown
    and the game goes on from the position before the command. Game code that does not return within the
    host's time limit is stopped the same way (:class:`~reussite.watchdog.LoopWatchdog`), and Ctrl-C during a
    command stops it and puts the game back, where at the prompt it leaves."""
    tr = ctx.game_translator(type(game))
    _ = tr.gettext
    session = Session(ctx.host, None, source="text", autosave=False, stats=stats, stats_thread=False,
                      active_gap=None)
    told = [len(stats.notices) if stats is not None else 0]

    def tell() -> None:
        """The statistics' new notices (a game that could not be recorded): the game goes on."""
        if stats is not None:
            for note in stats.notices[told[0]:]:
                ctx.err.write(program_line(tr, note) + "\n")
            told[0] = len(stats.notices)

    def ask(question: str) -> bool:
        ctx.out.write(question)
        ctx.out.flush()
        with watch.paused():
            answer = stdin.readline()
        if not answer:
            ctx.out.write("\n")
        return answer.strip().lower() in (_("y"), _("yes"), "y", "yes")

    def leave() -> int:
        if saved_at != session.game.digest():  # else a save holds the position: the player may come back
            session.record("leave")
            tell()
        return 0

    with ctx.host.guard(game):
        session.adopt(game, uid, assist)
    saved_at = game.digest() if saved else None
    cache = advisor.LineCache()
    watch = LoopWatchdog(ctx.host.timeout)
    limit = advisor.DEFAULT_HINT_LIMIT if hint_limit is None else hint_limit
    ctx.say(render_layout(game, tr))
    ctx.say(_(CARD_LEGEND))
    if game.jokers:
        ctx.say(_(JOKER_LEGEND))
    ctx.say(_("Type a move like 't3 f' or 'w t5', 'd' to deal, 'u' undo, 'r' redo, 'hint', 'solve', 'auto', "
              "'save FILE', 'q' to quit."))
    saved = game.digest()  # the position last saved (or loaded, or dealt): quitting elsewhere asks first
    lines = _lines(ctx, stdin, _("move> "))
    for raw in lines:
        line = raw.strip()
        if not line:
            continue
        before = None
        game = session.game
        try:
            with ctx.host.guard(game), watch.step():
                before = game.copy()  # to go back to if the command fails halfway
                done = _command(game, line, ctx, tr, cache, watch, session.uid, limit, ask)
                words = line.lower().split()
                if done == CHANGED and words[0] == "solve" and "play" in words:
                    session.assist = "demo"  # before the win is recorded: the solver played this game
                if done == QUIT:
                    if not (game.move_count == 0 or game.is_won() or game.digest() == saved):
                        ctx.out.write(_("The game in progress is not saved. Quit anyway? (y/n) "))
                        ctx.out.flush()
                        with watch.paused():
                            answer = stdin.readline()
                        if answer and answer.strip().lower() not in (_("y"), _("yes"), "y", "yes"):
                            ctx.say(_("Not quitting: 'save FILE' keeps the game."))
                            continue
                        if not answer:
                            ctx.out.write("\n")
                    return leave()
                if done == SAVED:
                    saved = saved_at = game.digest()
                if done in (SAID, SAVED):
                    continue
                # Probed before anything is shown of a position the game cannot go on from; a game over
                # is recorded there (won, or lost by the engine's rule).
                session.changed()
                tell()
                ctx.say(render_layout(game, tr))
                if game.is_won():
                    ctx.say(_("You won! Score: {score}.").format(score=game.score()))
                    following = _next_game(game, ctx, stdin, tr, watch)
                    if following is None:
                        return 0
                    session.adopt(following)
                    game, saved_at = following, None
                    cache = advisor.LineCache()
                    saved = game.digest()
                    ctx.say(render_layout(game, tr))
                if session.lost():
                    ctx.say(_("No move leads to a position not already reached: the game is lost."))
                    _undo_offer(game, ctx, tr, watch)
        except KeyboardInterrupt:  # Ctrl-C in a command (a long solve, game code that loops): back to the prompt
            if before is not None:
                game.restore(before)
            ctx.say(tr.gettext("Stopped: the game is as it was before '{command}'.").format(command=line))
        except UserError as exc:  # an illegal move, a bad command, or a PluginError naming the plugin
            if before is not None:
                game.restore(before)
            message = exc.rolled_back() if isinstance(exc, PluginError) else exc.message
            ctx.say(tr.render(message))
    return leave()
