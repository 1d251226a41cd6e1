"""``reussite help GAME``: a game's rules in a language, as HTML or Markdown; ``--output DIR`` writes them all."""

from __future__ import annotations

from pathlib import Path

from reussite.errors import UserError, os_reason
from reussite.helpdocs.formats import FORMATS, SUFFIX
from reussite.hookspecs import Command, hookimpl
from reussite.messages import N_


@hookimpl
def reussite_commands(tr):
    return [Command("help", tr.gettext("show a game's rules (HTML or Markdown, in any installed language)"),
                    lambda p: _arguments(p, tr.gettext), cmd_help)]


def _arguments(p, _) -> None:
    p.add_argument("game", nargs="?", metavar=_("GAME"), help=_("game id, as listed by 'reussite games'"))
    p.add_argument("--lang", dest="help_lang", metavar=_("LANG"),
                   help=_("language of the page (default: the interface language)"))
    p.add_argument("--format", "-f", dest="help_format", choices=FORMATS, default="html",
                   help=_("output format (default html)"))
    p.add_argument("--output", "-O", metavar=_("DIR"),
                   help=_("write every page (or GAME's) in every language and format into DIR"))


def _standalone(fragment: str, lang: str, title: str) -> str:
    import html

    return (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title></head>\n<body>\n{fragment}</body>\n</html>\n")


def cmd_help(args, ctx) -> int:
    # The pipeline (its page parser, nh3) is imported only when a page is rendered: every other command starts
    # faster without it.
    from reussite.helpdocs import help_languages, render_help

    host = ctx.host
    lang = args.help_lang or ctx.tr.lang
    if args.output:
        out = Path(args.output)
        games = [args.game] if args.game else sorted(host.help_pages)
        langs = help_languages(host)
        pages, skipped = [], []
        for game_id in games:  # a page that cannot be read is named and skipped; every other page is written
            try:
                with host.guard(host.help_owner(game_id)):  # a plugin's page that breaks the reader is named
                    rendered = [(out / lg / f"{game_id}{SUFFIX[fmt]}", render_help(host, game_id, lg, fmt), lg,
                                 game_id) for lg in langs for fmt in FORMATS]
            except UserError as exc:
                text = exc.message.render(ctx.tr) if hasattr(exc, "message") else str(exc)
                ctx.err.write(ctx.tr.gettext("reussite: {message}").format(message=ctx.tr.gettext(
                    "{error} (page skipped)").format(error=text)) + "\n")
                skipped.append(game_id)
                continue
            pages.extend(rendered)
        try:
            for path, text, lg, game_id in pages:
                path.parent.mkdir(parents=True, exist_ok=True)
                if path.suffix == ".html":
                    text = _standalone(text, lg, game_id)
                path.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UserError(N_("{folder}: cannot write the pages ({reason})"), folder=args.output,
                            reason=os_reason(exc)) from None
        ctx.say(ctx.tr.ngettext("{count} page written to {folder} ({langs}; {formats})",
                                "{count} pages written to {folder} ({langs}; {formats})", len(pages)).format(
            count=len(pages), folder=out, langs=", ".join(langs), formats=", ".join(FORMATS)))
        return 1 if skipped else 0
    if not args.game:
        raise UserError(ctx.tr.gettext("name a game, e.g. 'reussite help forty-thieves', or give --output DIR"))
    available = help_languages(host)
    fallbacks = ctx.tr.fallbacks  # the reader's other languages (LANGUAGE=it:fr), then English
    if lang not in available:
        from reussite.l10n import DEFAULT_LANG, normalize_lang

        code = normalize_lang(lang)
        if code not in available:
            # What a player expects from an unknown language: the page anyway, in the interface's language or
            # the next one they read (English at the end of the list), and why.
            code = next((c for c in (ctx.tr.lang, *fallbacks, DEFAULT_LANG) if c in available), available[0])
            ctx.err.write(ctx.tr.gettext("note: no rules in {lang!r}; showing {shown!r} (available: {langs})").format(
                lang=lang, shown=code, langs=", ".join(available)) + "\n")
        lang = code
    with host.guard(host.help_owner(args.game)):  # a plugin's page that breaks the reader is named
        text = render_help(host, args.game, lang, args.help_format, fallbacks)
    ctx.out.write(text if text.endswith("\n") else text + "\n")
    return 0
