"""``reussite stats [GAME]``: the figures per game and options, and the recent games; ``--json`` and
``--csv`` export every game recorded."""

from __future__ import annotations

from reussite.hookspecs import Command, hookimpl
from reussite.messages import program_line

# The statistics (sqlite3) load only when this command runs: every command imports this plugin.

CSV_FIELDS = ("finished", "game", "options", "number", "result", "score", "moves", "seconds", "source", "uid")


@hookimpl
def reussite_commands(tr):
    return [Command("stats", tr.gettext("games played and won, streaks, best times, recent games"),
                    lambda p: _arguments(p, tr.gettext), cmd_stats)]


def _arguments(p, _) -> None:
    p.add_argument("game", nargs="?", metavar=_("GAME"), help=_("only this game (an id listed by 'reussite games')"))
    form = p.add_mutually_exclusive_group()
    form.add_argument("--json", action="store_true", help=_("export as JSON: the figures and every game"))
    form.add_argument("--csv", action="store_true", help=_("export every game as CSV"))
    p.add_argument("--data-dir", metavar=_("DIR"), help=_("where the game in progress and the statistics are kept"))


def cmd_stats(args, ctx) -> int:
    import csv
    import json

    from reussite.stats import RECENT, Stats
    from reussite.stats.report import options_text, report
    from reussite.variant import options_in_words

    tr = ctx.tr
    _ = tr.gettext
    if args.game and args.game not in ctx.host.games:
        ctx.host.game(args.game)  # the host's own error for an unknown game
    stats = Stats.in_folder(args.data_dir)

    def name(game_id: str) -> str | None:
        cls = ctx.host.games.get(game_id)
        return ctx.game_translator(cls).gettext(cls.name) if cls else None

    def options_words(game_id: str, options: dict[str, str]) -> str:
        cls = ctx.host.games.get(game_id)
        return options_in_words(ctx.game_translator(cls), cls, options) if cls else options_text(options)

    found = report(stats, args.game, name, tr, None if (args.json or args.csv) else RECENT,
                   options_words=options_words)
    for note in stats.notices:  # after reading: a row skipped is named too
        ctx.err.write(program_line(tr, note) + "\n")
    if args.json:
        ctx.say(json.dumps({"summary": found["summary"], "games": found["recent"][::-1]}, ensure_ascii=False,
                           indent=1))
        return 0
    if args.csv:
        writer = csv.writer(ctx.out, lineterminator="\n")
        writer.writerow(CSV_FIELDS)
        for row in found["recent"][::-1]:
            writer.writerow([json.dumps(row[k], ensure_ascii=False) if k == "options" else row[k]
                             for k in CSV_FIELDS])
        return 0
    if not found["summary"]:
        ctx.say(_("No game recorded yet."))
        return 0
    for g in found["summary"]:
        ctx.say(f"{g['name']}" + (f" ({g['options_text']})" if g["options_text"] else ""))
        figures = [
            _("played {count}").format(count=g["played"]),
            _("won {count} ({percent})").format(count=g["won"], percent=g["percent_text"]),
            _("current streak {count}").format(count=g["current_streak"]),
            _("best streak {count}").format(count=g["best_streak"]),
        ]
        if g["best_time_text"]:
            figures.append(_("best time {time}").format(time=g["best_time_text"]))
        figures.append(_("best score {score}").format(score=g["best_score"]))
        ctx.say("  " + " · ".join(figures))
    ctx.say()
    ctx.say(_("Recent games:"))
    for r in found["recent"]:
        line = ("  " + r["date_text"] + "  " + _("{game} #{number}").format(game=r["name"], number=r["number"])
                + (f" ({r['options_text']})" if r["options_text"] else "")
                + "  " + r["result_text"] + "  "
                + _("score {score}, moves {moves}").format(score=r["score"], moves=r["moves"])
                + f"  {r['time_text']}")
        ctx.say(line)
    return 0


