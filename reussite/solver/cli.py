"""``reussite solve`` (one deal or a saved game) and ``reussite winnability`` (a range of deals)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from reussite.argtypes import game_number, option_pair, positive_number
from reussite.errors import UserError
from reussite.hookspecs import Command, hookimpl
from reussite.messages import N_

#: Budgets when none is given: a single solve may take a while; a range of deals is solved in bulk.
SOLVE_SECONDS = 60.0
WINNABILITY_SECONDS = 2.0
MEMORY_MB = 1024.0


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(argparse._(N_("not a whole number: {text!r}")).format(text=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(argparse._(N_("must be 1 or more: {text!r}")).format(text=text))
    return value


@hookimpl
def reussite_commands(tr):
    _ = tr.gettext
    return [Command("solve", _("search for a winning line, or prove that none exists"),
                    lambda p: _solve_arguments(p, _), cmd_solve),
            Command("winnability", _("solve a range of deals and say how winnable a game is"),
                    lambda p: _winnability_arguments(p, _), cmd_winnability)]


def _budget_arguments(p, _, seconds: float) -> None:
    p.add_argument("--timeout", type=positive_number, metavar="S",
                   help=_("seconds per deal (default {seconds:g})").format(seconds=seconds))
    p.add_argument("--nodes", type=_positive_int, metavar="N",
                   help=_("positions to search at most per deal (the same answer on every machine)"))
    p.add_argument("--memory", type=positive_number, metavar=_("MB"),
                   help=_("memory for the positions searched, in MB (default {mb:g})").format(mb=MEMORY_MB))


def _solve_arguments(p, _) -> None:
    p.add_argument("game", nargs="?", metavar=_("GAME"), help=_("game id, as listed by 'reussite games'"))
    p.add_argument("--number", "-n", type=game_number, metavar="N", help=_("game number (same deal as PySolFC)"))
    p.add_argument("--option", "-o", type=option_pair, action="append", default=[], metavar=_("NAME=VALUE"),
                   help=_("a game option, such as deal=3 for Osmosis"))
    p.add_argument("--load", metavar=_("FILE"), help=_("solve a saved game from its current position"))
    _budget_arguments(p, _, SOLVE_SECONDS)
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))


def _winnability_arguments(p, _) -> None:
    p.add_argument("game", metavar=_("GAME"), help=_("game id, as listed by 'reussite games'"))
    p.add_argument("--deals", default="1-1000", metavar="A-B", help=_("the deal numbers (default 1-1000)"))
    p.add_argument("--option", "-o", type=option_pair, action="append", default=[], metavar=_("NAME=VALUE"),
                   help=_("a game option, such as deal=3 for Osmosis"))
    p.add_argument("--jobs", "-j", type=_positive_int, metavar="N",
                   help=_("processes to use (default: every core)"))
    _budget_arguments(p, _, WINNABILITY_SECONDS)
    p.add_argument("--out", metavar=_("FILE"),
                   help=_("write each result as it comes (.csv, or .jsonl for JSON lines); a stopped run "
                          "started again with the same file goes on where it stopped"))
    p.add_argument("--scheduler", metavar="tcp://HOST:8786",
                   help=_("run on this Dask cluster instead of local processes (needs reussite[dask])"))
    p.add_argument("--json", action="store_true", help=_("print the summary as JSON"))


def _budget(args, seconds: float):
    from reussite.solver import Budget

    # A node budget alone is the reproducible one: no clock unless a timeout is asked for as well.
    timeout = args.timeout if args.timeout is not None else (None if args.nodes else seconds)
    return Budget(nodes=args.nodes, seconds=timeout, memory_mb=args.memory or MEMORY_MB)


def _describe_stop(tr, result, budget) -> str:
    _ = tr.gettext
    reasons = {
        "time": tr.format(_("the time ran out ({seconds:g} s)"), seconds=budget.seconds or 0),
        "nodes": tr.format(tr.ngettext("the node budget ran out ({nodes:,} position)",
                                       "the node budget ran out ({nodes:,} positions)", budget.nodes or 0),
                           nodes=budget.nodes or 0),
        "memory": tr.format(_("the memory budget ran out ({mb:g} MB)"), mb=budget.memory_mb or 0),
        "cancelled": _("the search was cancelled"),
        "interrupted": _("the search was interrupted"),
    }
    return reasons.get(result.stopped_by or "", result.stopped_by or "")


def cmd_solve(args, ctx) -> int:
    from reussite.solver import Verdict, native, solve

    if args.load:
        if args.game or args.number is not None or args.option:
            raise UserError(ctx.tr.gettext("--load takes the game, number and options from the saved file"))
        from reussite import saves

        game = saves.load(args.load, ctx.host)
    else:
        if not args.game:
            raise UserError(ctx.tr.gettext("name a game to solve, e.g. 'reussite solve forty-thieves --number 1', "
                                           "or give --load FILE"))
        if args.number is None:
            raise UserError(ctx.tr.gettext("give the deal to solve with --number N"))
        game = ctx.host.new_game(args.game, args.number, dict(args.option or []))
    budget = _budget(args, SOLVE_SECONDS)
    result = solve(game, budget)  # Ctrl+C ends the search as UNKNOWN ("interrupted")
    line = result.notation(game)
    if args.json:
        ctx.say(json.dumps({
            "game": game.id, "number": game.number, "options": dict(game.option_values),
            "from_move": game.move_count, "verdict": result.verdict.value, "line": line, "nodes": result.nodes,
            "positions": result.positions, "seconds": round(result.seconds, 4), "stopped_by": result.stopped_by,
            "memory_mb": round(result.memory_mb, 1), "native_nodes": result.searched.get("native", 0),
            "native": (native.why_not(game) or "yes") if native.enabled() else "off",
        }, ensure_ascii=False))
        return 0
    tr = ctx.tr
    _ = tr.gettext
    title = _game_title(ctx, type(game), game.option_values, number=game.number)
    if game.move_count:
        title = tr.ngettext("{title} after {count} move", "{title} after {count} moves", game.move_count).format(
            title=title, count=game.move_count)
    if result.verdict is Verdict.WON:
        ctx.say(tr.ngettext("{title}: won in {count} move", "{title}: won in {count} moves", len(line)).format(
            title=title, count=len(line)))
        from reussite.notation import shown_notation  # here: the command's module loads for every command's --help

        ctx.say(" ".join(shown_notation(tr, move) for move in line))
    elif result.verdict is Verdict.LOST:
        ctx.say(_("{title}: lost: no line of moves wins (every reachable position was searched)").format(
            title=title))
    else:
        ctx.say(_("{title}: unknown: {why}").format(title=title, why=_describe_stop(tr, result, budget)))
    natively = result.searched.get("native", 0)
    if natively:  # the native search core searched first (reussite.solver.native)
        ctx.say(tr.format(tr.ngettext("{nodes:,} position searched in {seconds:.2f} s, {native:,} of them by the "
                                      "native search core",
                                      "{nodes:,} positions searched in {seconds:.2f} s, {native:,} of them by the "
                                      "native search core", result.nodes),
                          nodes=result.nodes, seconds=result.seconds, native=natively))
    else:
        ctx.say(tr.format(tr.ngettext("{nodes:,} position searched in {seconds:.2f} s",
                                      "{nodes:,} positions searched in {seconds:.2f} s", result.nodes),
                          nodes=result.nodes, seconds=result.seconds))
    return 0


def cmd_winnability(args, ctx) -> int:
    from reussite.solver import batch

    cls = ctx.host.game(args.game)  # an unknown game is a UserError
    options = cls.resolve_options(dict(args.option or []))
    deals = batch.parse_deals(args.deals)
    budget = _budget(args, WINNABILITY_SECONDS)
    options_text, budget_text = batch.options_label(options), batch.budget_label(budget)
    rows: dict[int, dict] = {}
    writer = None
    if args.out:
        path = Path(args.out)
        if path.is_dir():
            raise UserError(ctx.tr.gettext("{file} is a folder, not a results file").format(file=path))
        try:
            done = batch.done_rows(path, cls.id, options_text, budget_text)
            rows.update({n: r for n, r in done.items() if n in deals})
            writer = batch.RowWriter(path)
        except OSError as exc:
            raise UserError(f"{path}: {exc.strerror or exc}") from None
    tasks = [(cls.id, options, n, budget) for n in deals if n not in rows]
    progress = batch.Progress(len(tasks), ctx.err, ctx.tr)

    def on_row(row: dict) -> None:
        rows[row["number"]] = row
        if writer is not None:
            writer.write(row)
        progress.update(row)

    interrupted = False
    try:
        if args.scheduler:
            batch.run_dask(tasks, args.scheduler, on_row)
        else:
            batch.run_local(tasks, args.jobs or batch.default_jobs(), on_row)
    except KeyboardInterrupt:
        interrupted = True
    finally:
        progress.close()
        if writer is not None:
            writer.close()
    summary = batch.Summary.of(rows[n] for n in deals if n in rows)
    _ = ctx.tr.gettext
    if args.json:
        ctx.say(json.dumps({"game": cls.id, "options": options_text, "range": f"{deals.start}-{deals.stop - 1}",
                            "budget": budget_text, "complete": not interrupted and len(rows) >= len(deals),
                            **summary.as_json()}))
    else:
        ctx.say(_("{game}, deals {first}-{last}, budget per deal: {budget}").format(
            game=_game_title(ctx, cls, options), first=deals.start, last=deals.stop - 1,
            budget=batch.budget_words(ctx.tr, budget)))
        for line in batch.summary_lines(summary, ctx.tr):
            ctx.say(line)
    if interrupted:
        ctx.err.write((_("interrupted: run the same command again to go on where it stopped") if writer is not None
                       else _("interrupted")) + "\n")
        return 130
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit("use 'reussite solve' or 'reussite winnability'")


def _game_title(ctx, cls, options, number: int | None = None) -> str:
    """A game as a line's title in the reader's language: its name, its number (« Trou noir n° 3 ») and its
    options in words (« Osmose (1 carte à la fois, 2 redistributions) »)."""
    from reussite.variant import options_in_words

    tr = ctx.game_translator(cls)
    title = tr.gettext(cls.name)
    if number is not None:
        title = tr.gettext("{game} #{number}").format(game=title, number=number)
    words = options_in_words(tr, cls, options)
    return tr.gettext("{game} ({options})").format(game=title, options=words) if words else title
