"""``reussite i18n ...``: the translators' commands, on every catalog the plugins declare."""

from __future__ import annotations

import argparse
import json

from reussite.hookspecs import Command, hookimpl

# The catalog machinery (Babel, the page parser) loads only when an i18n command runs, so the other
# commands start without it.


@hookimpl
def reussite_commands(tr):
    return [Command("i18n", tr.gettext("work on the message catalogs (for translators)"),
                    lambda p: _arguments(p, tr.gettext))]


def _arguments(p, _) -> None:
    sub = p.add_subparsers(dest="i18n_command", metavar=_("ACTION"), parser_class=type(p))
    sub.required = True

    def domain_arg(q: argparse.ArgumentParser) -> None:
        q.add_argument("--domain", "-d", action="append", metavar=_("DOMAIN"),
                       help=_("only this gettext domain (repeatable); default: every declared catalog"))

    q = sub.add_parser("extract", help=_("refresh the templates (.pot) from the help pages and the code"))
    q.add_argument("--check", action="store_true", help=_("write nothing; fail if a template is out of date"))
    domain_arg(q)
    q.set_defaults(func=cmd_extract)

    q = sub.add_parser("update", help=_("merge the templates into every catalog (.po)"))
    domain_arg(q)
    q.set_defaults(func=cmd_update)

    q = sub.add_parser("init", help=_("start a language's catalog (.po) from the template"))
    q.add_argument("lang", metavar="LANG", help=_("the language code, such as de or pt_BR"))
    domain_arg(q)
    q.set_defaults(func=cmd_init)

    q = sub.add_parser("compile", help=_("compile every catalog to .mo"))
    domain_arg(q)
    q.set_defaults(func=cmd_compile)

    q = sub.add_parser("stats", help=_("translated, fuzzy and untranslated messages and words, and entries "
                                       "failing checks, per page, domain and language"))
    q.add_argument("--json", action="store_true", help=_("machine-readable output"))
    domain_arg(q)
    q.set_defaults(func=cmd_stats)

    q = sub.add_parser("prefill", help=_("pre-fill a language's empty entries, fuzzy, from translated pages "
                                         "and from the other catalogs"))
    q.add_argument("lang", metavar="LANG", help=_("the language code, such as de or pt_BR"))
    q.add_argument("--pages", metavar=_("DIR"),
                   help=_("a folder of pages already translated, named like their source pages"))
    q.add_argument("--memory", action="append", default=[], metavar=_("FILE"),
                   help=_("a catalog (.po) of the same language to take translations from (repeatable)"))
    q.add_argument("--threshold", type=float, default=0.8, metavar=_("RATIO"),
                   help=_("the least similarity of a fuzzy match, from 0 to 1 (default 0.8)"))
    q.add_argument("--json", action="store_true", help=_("machine-readable output"))
    domain_arg(q)
    q.set_defaults(func=cmd_prefill)

    q = sub.add_parser("check", help=_("find broken markup and placeholders in translations"))
    q.add_argument("--no-msgfmt", action="store_true", help=_("do not run GNU msgfmt --check as well"))
    domain_arg(q)
    q.set_defaults(func=cmd_check)


def _specs(args, ctx):
    from reussite.catalogs import ops

    specs = ops.catalog_specs(ctx.host, args.domain)
    for line in ops.plugin_problems(ctx.host):  # a broken plugin's catalog is missing: say which and why
        ctx.err.write(f"reussite: {line}\n")
    return specs


def _print(report, ctx) -> int:
    for line in report.lines:
        ctx.say(line)
    return 1 if report.problems else 0


def cmd_extract(args, ctx) -> int:
    from reussite.catalogs import ops

    report = ops.extract(_specs(args, ctx), check=args.check)
    for line in report.lines:  # a page that cannot be read is an error, on stderr; the rest was written
        (ctx.err.write(line + "\n") if line.endswith("(page skipped; its entries kept as they were)")
         else ctx.say(line))
    return 1 if report.problems else 0


def cmd_update(args, ctx) -> int:
    from reussite.catalogs import ops

    return _print(ops.update(_specs(args, ctx)), ctx)


def cmd_init(args, ctx) -> int:
    from reussite.catalogs import ops

    return _print(ops.init(_specs(args, ctx), args.lang), ctx)


def cmd_compile(args, ctx) -> int:
    from reussite.catalogs.check import compile_catalogs

    report = compile_catalogs(_specs(args, ctx))
    if report.problems:
        for line in report.lines:
            ctx.err.write(line + "\n")
        return 1
    return _print(report, ctx)


def cmd_stats(args, ctx) -> int:
    from reussite.catalogs.coverage import stats

    rows = stats(_specs(args, ctx))
    if args.json:
        ctx.say(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    if not rows:
        ctx.say(ctx.tr.gettext("no catalogs with translations"))
        return 0
    _ = ctx.tr.gettext
    # Messages, then source words (what a translator's time goes to), then the entries failing a check.
    head = (_("domain"), _("lang"), _("page"), _("translated"), _("fuzzy"), _("untranslated"), "%",
            _("words translated"), _("words fuzzy"), _("words untranslated"), _("words %"), _("failing checks"))
    table = [head] + [(r["domain"], r["lang"], r["page"], str(r["translated"]), str(r["fuzzy"]),
                       str(r["untranslated"]), f"{r['percent']:.0f}", str(r["words_translated"]),
                       str(r["words_fuzzy"]), str(r["words_untranslated"]), f"{r['words_percent']:.0f}",
                       str(r["failing"])) for r in rows]
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    for row in table:
        cells = zip(row, widths, strict=True)
        ctx.say("  ".join(c.ljust(w) if i < 3 else c.rjust(w) for i, (c, w) in enumerate(cells)).rstrip())
    ctx.say(_("(page * : every page of the domain; domain * : every domain of the language)"))
    return 0


def cmd_prefill(args, ctx) -> int:
    from pathlib import Path

    from reussite.catalogs import ops
    from reussite.catalogs.memory import prefill

    specs = _specs(args, ctx)
    every = ops.catalog_specs(ctx.host) if args.domain else specs  # the memory spans every domain
    report, figures = prefill(specs, every, args.lang, Path(args.pages) if args.pages else None,
                              [Path(p) for p in args.memory], args.threshold)
    if args.json:
        ctx.say(json.dumps({"report": report.lines, "catalogs": figures}, ensure_ascii=False, indent=1))
        return 0
    return _print(report, ctx)


def cmd_check(args, ctx) -> int:
    from reussite.catalogs.check import check

    report = check(_specs(args, ctx), use_msgfmt=not args.no_msgfmt)
    for line in report.lines:
        (ctx.err.write(line + "\n") if report.problems and not line.endswith(": ok") else ctx.say(line))
    return 1 if report.problems else 0
