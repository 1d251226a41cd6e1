"""The ``reussite`` command. Front ends only call the layers below; no rule logic here.

The other sub-commands (help, i18n, solve, stats, and any plugin's) come from plugins through the
``reussite_commands`` hook: the host's own live beside their code and are its default plugins
(:data:`reussite.builtin.DEFAULT_PLUGINS`). A plugin's command that fails is reported naming the plugin.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass, field
from typing import TextIO

from reussite.argtypes import game_number, option_pair, positive_number
from reussite.errors import UserError
from reussite.l10n import available_langs, choose_langs, normalize_lang
from reussite.messages import N_, Message, Translator, printable, program_line


@dataclass
class Context:
    """What every sub-command gets: the translator, the output streams, the plugin host (loaded lazily)."""

    tr: Translator
    out: TextIO = field(default_factory=lambda: sys.stdout)
    err: TextIO = field(default_factory=lambda: sys.stderr)
    _host: object = None
    #: ``reussite games`` may answer from its cache (a real run: in-process callers get the live listing).
    listing_cache: bool = False
    #: Plugins switched off by ``--disable-plugin`` (``$REUSSITE_DISABLE_PLUGINS`` is read by the host).
    disabled: tuple[str, ...] = ()

    @property
    def host(self):
        if self._host is None:
            from reussite.host import Host

            self._host = Host.load(disable=self.disabled, warn=self.warn)
        return self._host

    def warn(self, text: str | Message) -> None:
        """A line on stderr, "reussite: TEXT" (a plugin that did not answer in time...)."""
        print(program_line(self.tr, text), file=self.err, flush=True)

    def say(self, text: str | Message = "") -> None:
        print(self.tr.render(text) if isinstance(text, Message) else text, file=self.out)

    def game_translator(self, cls) -> Translator:
        from reussite.l10n import translator_for_game

        return translator_for_game(self.tr, cls, self.host)




class _Printable:
    """An output stream that drops control characters: text from a catalog or a plugin cannot send escape
    sequences to the terminal."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(printable(text))

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


# argparse's own messages, in our catalog so that usage lines and parse errors follow --lang.
ARGPARSE_MSGIDS = (
    N_("usage: "), N_("positional arguments"), N_("options"), N_("show this help message and exit"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"), N_("argument %(argument_name)s: %(message)s"),
    N_("ambiguous option: %(option)s could match %(matches)s"), N_("invalid %(type)s value: %(value)r"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
)


@contextmanager
def _argparse_in(tr: Translator):
    """argparse translates through module-level gettext functions; point them at ``tr`` for this call."""
    saved = argparse._, argparse.ngettext
    argparse._, argparse.ngettext = tr.gettext, tr.ngettext
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved


class UsageError(UserError):
    """A command line argparse refuses; ``prog`` names the (sub-)command, as the one prefix of the error."""

    def __init__(self, prog: str, message: str) -> None:
        super().__init__(message)
        self.prog = prog


class _HelpFormatter(argparse.HelpFormatter):
    """argparse's help with the section headings' colon spaced as the player's language wants it."""

    def start_section(self, heading: str | None) -> None:
        if heading:  # argparse appends ":" itself; French wants "arguments positionnels :" (no-break space)
            heading = argparse._(N_("{heading}:")).format(heading=heading).removesuffix(":")
        super().start_section(heading)


class _Parser(argparse.ArgumentParser):
    """argparse that reports errors as one line with our exit code."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(self.prog, message)


#: Commands that start without the plugins' commands loaded (``reussite games`` is run often, in scripts too).
LEAN_COMMANDS = ("games", "deal", "play")


def build_parser(tr: Translator, host=None, plugin_commands: bool = True) -> argparse.ArgumentParser:
    """The command line: this module's commands, then every plugin's unless ``plugin_commands`` is false
    (``host``: loaded if not given)."""
    _ = tr.gettext
    parser = _Parser(prog="reussite", description=_("Réussite: solitaire games with their rules at hand."))
    parser.add_argument("--lang", metavar=_("LANG"), help=_(
        "language of everything shown: {langs}; a list such as it:fr falls back in that order, as LANGUAGE does"
    ).format(langs=", ".join(available_langs())))
    parser.add_argument("--version", action="store_true", help=_("print the version and exit"))
    parser.add_argument("--disable-plugin", action="append", default=[], metavar=_("PLUGIN"),
                        help=_("do not load this plugin (its name or its distribution's, as 'reussite plugins' "
                               "lists them); may be repeated; REUSSITE_DISABLE_PLUGINS=a,b does the same"))
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"), parser_class=_Parser)

    p = sub.add_parser("games", help=_("list the games"))
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.set_defaults(func=cmd_games)

    p = sub.add_parser("plugins", help=_("list the plugins and their status"))
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.set_defaults(func=cmd_plugins)

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", metavar=_("GAME"), help=_("game id, as listed by 'reussite games'"))
        p.add_argument("--number", "-n", type=game_number, metavar="N", help=_("game number (same deal as PySolFC)"))
        p.add_argument("--option", "-o", type=option_pair, action="append", default=[], metavar=_("NAME=VALUE"),
                       help=_("a game option, such as deal=3 for Osmosis"))

    p = sub.add_parser("deal", help=_("show a game's starting layout"))
    game_args(p)
    p.add_argument("--json", action="store_true", help=_("machine-readable output"))
    p.set_defaults(func=cmd_deal)

    p = sub.add_parser("play", help=_("play a game (in the browser, or in the terminal with --text)"))
    p.add_argument("game", nargs="?", metavar=_("GAME"), help=_("game id (the browser lets you choose)"))
    p.add_argument("--number", "-n", type=game_number, metavar="N", help=_("game number (same deal as PySolFC)"))
    p.add_argument("--option", "-o", type=option_pair, action="append", default=[], metavar=_("NAME=VALUE"),
                   help=_("a game option, such as deal=3 for Osmosis"))
    p.add_argument("--text", action="store_true", help=_("play in the terminal instead of the browser"))
    p.add_argument("--winnable", action="store_true",
                   help=_("only deals the solver proves winnable: the first one from the game number given (or "
                          "a random one) on; in the browser, New game does the same"))
    p.add_argument("--load", metavar=_("FILE"), help=_("continue a saved game (text mode)"))
    p.add_argument("--hint-limit", type=positive_number, metavar="S",
                   help=_("text mode: the most seconds of the solver's time for a hint (each game gets its own "
                          "time within it, more for a harder one; 'hint play' searches this long where the hint "
                          "found no winning line; by default as long as 'solve'; the page has this setting in "
                          "Settings)"))
    p.add_argument("--no-browser", action="store_true", help=_("do not open a browser; just print the address"))
    p.add_argument("--host", default="127.0.0.1", help=_("address to serve on (default 127.0.0.1)"))
    p.add_argument("--port", type=int, default=0, help=_("port to serve on (default: a free one)"))
    p.add_argument("--data-dir", metavar=_("DIR"), help=_("where the game in progress and the statistics are kept"))
    p.set_defaults(func=cmd_play)

    if not plugin_commands:
        return parser
    if host is None:
        from reussite.host import Host

        host = Host.load()
    for plugin, command in host.commands(tr):
        _add_command(sub, plugin, command, host)
    return parser


def _add_command(sub, plugin: str, command, host) -> None:
    """Add a plugin's command. Its arguments are built on a parser of their own first, so that one that
    raises leaves nothing half-made: the command then stays listed and says, when run, which plugin failed."""
    from reussite.host import CommandOwner

    owner = CommandOwner(command.name, plugin)
    if command.name in sub.choices:  # this module's own commands
        host.plugins[plugin].error(f"command {command.name!r} is one of reussite's own; refused")
        return
    draft = _Parser(prog=f"reussite {command.name}", add_help=False)
    try:
        with host.guard(owner):
            command.arguments(draft)
    except UserError as exc:
        failure = exc

        def broken(args, ctx) -> int:
            raise failure

        # No option prefix: whatever follows is taken as it is, and the run says what failed.
        p = sub.add_parser(command.name, help=command.help, add_help=False, prefix_chars="\0")
        p.add_argument("rest", nargs="*", help=argparse.SUPPRESS)
        p.set_defaults(func=broken, command_owner=None)
        return
    p = sub.add_parser(command.name, help=command.help, parents=[draft])
    if command.run is not None:
        p.set_defaults(func=command.run)
    p.set_defaults(command_owner=owner)


def _options(args) -> dict[str, str]:
    return dict(args.option or [])


def _new_game(ctx: Context, args):
    from reussite.cards import random_game_number

    number = args.number if args.number is not None else random_game_number()
    return ctx.host.new_game(args.game, number, _options(args))


#: Bump when the cached listing's layout changes.
LISTING_CACHE_VERSION = 2
LISTING_CACHE_BYTES = 8 * 1024 * 1024  # a larger file is not one we wrote


def _listing_cache_file(lang: str) -> str:
    """Where ``reussite games`` keeps its listing: ``$XDG_CACHE_HOME/reussite`` (``~/.cache/reussite``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "reussite", f"games-{lang}.json")


def _stamp(path: str) -> list[int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return [st.st_mtime_ns, st.st_size]


def _listing_key(lang: str) -> list:
    """What the listing depends on besides files: the interpreter, the language, the REUSSITE_* settings (the
    overrides allowed...) and every import folder's time stamp (a distribution installed or removed)."""
    env = sorted([k, v] for k, v in os.environ.items() if k.startswith("REUSSITE_"))
    return [LISTING_CACHE_VERSION, sys.version, sys.executable, lang, env,
            [[folder, _stamp(folder or ".")] for folder in sys.path]]


def _cached_listing(lang: str) -> tuple[list, int] | None:
    """The rows and the count of broken plugins of the last listing, if nothing it was made from changed: the
    key, and the time stamp and size of every module file that was loaded and every catalog it read."""
    import json

    try:
        with open(_listing_cache_file(lang), "rb") as fp:
            raw = fp.read(LISTING_CACHE_BYTES + 1)
        if len(raw) > LISTING_CACHE_BYTES:
            return None
        data = json.loads(raw)
        if data["key"] != json.loads(json.dumps(_listing_key(lang))):
            return None
        if any(_stamp(path) != stamp for path, stamp in data["files"]):
            return None
        return data["rows"], int(data["broken"])
    # No cache, or not one we wrote (nested too deep for the parser included: the saves' bounded reader
    # would cost this path its start-up time): list as usual.
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None


def _store_listing(lang: str, rows: list, broken: int, host) -> None:
    import json

    from reussite.saves import atomic_write_text

    files = {m.__file__ for m in list(sys.modules.values()) if isinstance(getattr(m, "__file__", None), str)}
    files.update(_plugin_files())
    files.update(os.path.join(str(c.localedir), lang, "LC_MESSAGES", f"{c.domain}.mo") for c in host.catalogs)
    data = {"key": _listing_key(lang), "files": [[f, _stamp(f)] for f in sorted(files)], "rows": rows,
            "broken": broken}
    target = _listing_cache_file(lang)
    try:
        os.makedirs(os.path.dirname(target), exist_ok=True)
        atomic_write_text(target, json.dumps(data, ensure_ascii=False))
    except OSError:
        pass  # a cache that cannot be written is only slower


def _plugin_files() -> set[str]:
    """What every plugin is made of, whether it imported or not (a module that failed is in no
    ``sys.modules``, and fixing it must list afresh): its distribution's metadata folder and files, and the
    source files of the module its entry point names, found without running it."""
    import importlib.util

    from reussite.hookspecs import ENTRY_POINT_GROUP
    from reussite.host import find_entry_points

    files: set[str] = set()
    for point in find_entry_points(ENTRY_POINT_GROUP):
        if point.info:
            files.add(point.info)
            try:
                files.update(os.path.join(point.info, name) for name in os.listdir(point.info))
            except OSError:
                pass
        top = point.value.partition(":")[0].strip().split(".")[0]
        try:
            spec = importlib.util.find_spec(top)  # a top-level name: found, not imported
        except (ImportError, ValueError):
            continue
        if spec is None:
            continue
        if spec.origin and os.path.isfile(spec.origin):
            files.add(spec.origin)
        for root in spec.submodule_search_locations or ():
            for folder, subfolders, names in os.walk(root):
                subfolders[:] = [d for d in subfolders if d != "__pycache__"]
                files.add(folder)
                files.update(os.path.join(folder, n) for n in names if n.endswith(".py"))
    return files


def _listing(ctx: Context) -> tuple[list, int]:
    """The rows of ``reussite games`` and how many plugins failed: from the cache when nothing it was made from
    changed (no plugin, game module or catalog is loaded then), else from the host."""
    cached = _cached_listing(ctx.tr.lang) if ctx.listing_cache else None
    if cached is not None:
        return cached
    games = ctx.host.games
    rows = []
    for game_id in sorted(games):
        cls = games[game_id]
        tr = ctx.game_translator(cls)
        rows.append({
            "id": game_id,
            "name": tr.gettext(cls.name),
            "alt_names": [tr.gettext(n) for n in cls.alt_names],
            "family": tr.gettext(cls.family) if cls.family else tr.gettext(cls.name),
            "aliases": sorted(cls.aliases),
            "packs": cls.decks,
            "plugin": cls.plugin_name,
            "options": {o.name: {"choices": list(o.choices), "default": o.default, "help": tr.gettext(o.help)}
                        for o in cls.options},
        })
    broken = len([p for p in ctx.host.plugin_list(defaults=False) if p.errors])
    if ctx.listing_cache and not ctx.host.unanswered:  # one that did not answer is tried again next time
        _store_listing(ctx.tr.lang, rows, broken, ctx.host)
    return rows, broken


def cmd_games(args, ctx: Context) -> int:
    rows, broken = _listing(ctx)
    if args.json:
        import json

        ctx.say(json.dumps(rows, ensure_ascii=False, indent=1))
        return 0
    from reussite.l10n import sort_key

    _ = ctx.tr.gettext
    options_label, aliases_label = _("options:"), _("also:")
    families: dict[str, list] = {}
    for row in rows:
        families.setdefault(row.get("family") or row["name"], []).append(row)
    # By family, each family and its games in the order of their names in the language shown.
    for family in sorted(families, key=sort_key):
        members = sorted(families[family], key=lambda r: sort_key(r["name"]))
        ctx.say(ctx.tr.ngettext("{family} ({count} game)", "{family} ({count} games)", len(members)).format(
            family=family, count=len(members)))
        for row in members:
            opts = "  ".join(f"{k}={'|'.join(v['choices'])} ({v['help']})" for k, v in row["options"].items())
            packs = ctx.tr.ngettext("{count} pack", "{count} packs", row["packs"]).format(count=row["packs"])
            line = f"  {row['id']:<20} {row['name']:<26} {packs:<9} {row['plugin']}"
            if opts:
                line += f"  {options_label} {opts}"
            if row.get("aliases"):
                line += f"  {aliases_label} {', '.join(row['aliases'])}"
            ctx.say(line)
    if broken:
        ctx.err.write(ctx.tr.ngettext("{count} plugin failed to load; see 'reussite plugins'.",
                                      "{count} plugins failed to load; see 'reussite plugins'.",
                                      broken).format(count=broken) + "\n")
    return 0


def cmd_plugins(args, ctx: Context) -> int:
    from reussite.host import SLOW_IMPORT_SECONDS

    plugins = ctx.host.plugin_list()
    if args.json:
        import json

        ctx.say(json.dumps([p.as_json() for p in plugins], ensure_ascii=False, indent=1))
        return 0
    _ = ctx.tr.gettext
    width = max((len(p.name) for p in plugins), default=0)
    for p in plugins:
        dist = f"{p.distribution or '-'} {p.version or ''}".strip()
        status = _("disabled") if p.disabled else _("ok") if not p.errors else _("error: {reasons}").format(
            reasons="; ".join(p.errors))
        if p.notes:
            status = _("{status}; overridden: {notes}").format(status=status, notes="; ".join(p.notes))
        took = "-" if p.import_seconds is None else ctx.tr.format(_("{seconds:.2f} s"), seconds=p.import_seconds)
        if p.slow:  # every command imports every plugin: name the one that makes them all wait
            took += " " + _("(slow)")
        hooks = ",".join(h.removeprefix("reussite_") for h in p.hooks) or "-"
        ctx.say(f"{p.name:<{width}} {dist:<22} {hooks:<28} {took:<10} {status}")
    slow = [p.name for p in plugins if p.slow]
    if slow:
        ctx.err.write(ctx.tr.format(ctx.tr.ngettext(
            "{names} took {seconds:g} s or more to import; every command waits for it.",
            "{names} took {seconds:g} s or more each to import; every command waits for them.", len(slow),
        ), names=", ".join(slow), seconds=SLOW_IMPORT_SECONDS) + "\n")
    return 0


def cmd_deal(args, ctx: Context) -> int:
    game = _new_game(ctx, args)
    if args.json:
        import json

        ctx.say(json.dumps(game.layout_json(), ensure_ascii=False))
        return 0
    from reussite.textplay import render_layout

    ctx.say(render_layout(game, ctx.game_translator(type(game))))
    return 0


def cmd_play(args, ctx: Context) -> int:
    if args.text or args.load:
        from reussite import saves, textplay
        from reussite.stats import Stats, valid_uid

        uid = None
        if args.load:
            data = saves.read_save(args.load)
            game = saves.from_json(data, ctx.host, args.load)
            uid = data.get("uid") if valid_uid(data.get("uid")) else None
        else:
            if not args.game:
                raise UserError(ctx.tr.gettext(
                    "name a game to play in the terminal, e.g. 'reussite play forty-thieves --text'"))
            if args.winnable:
                args.number = textplay.find_winnable(ctx, args.game, args.number, _options(args))
            game = _new_game(ctx, args)
        stats = Stats.in_folder(args.data_dir)
        for note in stats.notices:
            ctx.err.write(program_line(ctx.tr, note) + "\n")
        return textplay.run(game, ctx, sys.stdin, stats, uid, saved=bool(args.load),
                            assist="winnable" if args.winnable and not args.load else "",
                            hint_limit=args.hint_limit)
    from reussite.web.server import serve

    return serve(args, ctx)


def _split_disabled(argv: list[str]) -> tuple[list[str], tuple[str, ...]]:
    """Take the program-wide ``--disable-plugin NAME`` (repeatable, ``NAME,NAME`` too) out of ``argv``: the
    plugins are loaded before the command line is parsed (their commands are part of it), and it may stand
    anywhere."""
    names, rest, i = [], [], 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            rest.extend(argv[i:])
            break
        if arg == "--disable-plugin" and i + 1 < len(argv):
            names.append(argv[i + 1])
            i += 2
            continue
        if arg.startswith("--disable-plugin="):
            names.append(arg.partition("=")[2])
        else:
            rest.append(arg)
        i += 1
    return rest, tuple(n.strip() for name in names for n in name.split(",") if n.strip())


def _split_lang(argv: list[str]) -> tuple[list[str], str | None]:
    """Take the program-wide ``--lang`` out of ``argv``: it decides the language of everything after, and
    may stand anywhere, except after ``help``, whose own ``--lang`` chooses the page's language (and the
    interface's too, when the interface has that language)."""
    cli_lang, rest, i, command = None, [], 0, None
    while i < len(argv):
        arg = argv[i]
        if command == "help" and (arg == "--lang" or arg.startswith("--lang=")):
            value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else arg.partition("=")[2]
            if cli_lang is None and normalize_lang(value) in available_langs():
                cli_lang = value
            rest.append(arg)
        elif arg == "--lang" and i + 1 < len(argv):
            cli_lang, i = argv[i + 1], i + 2
            continue
        elif arg.startswith("--lang="):
            cli_lang = arg.split("=", 1)[1]
        else:
            if command is None and not arg.startswith("-"):
                command = arg
            rest.append(arg)
        i += 1
    return rest, cli_lang


def main(argv: Sequence[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Run ``reussite ARGV``; without ``argv``, the command line of this process (then ``reussite games`` may
    answer from its cache)."""
    process = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    out, err = _Printable(out or sys.stdout), _Printable(err or sys.stderr)
    argv, disabled = _split_disabled(argv)
    with redirect_stderr(err), _disabled_for_children(disabled):  # catalogs' warnings go where errors go
        return _main(argv, out, err, process, disabled)


@contextmanager
def _disabled_for_children(names: tuple[str, ...]):
    """``--disable-plugin`` reaches the processes this run starts (the solver's, the batch's workers), which
    load the plugins themselves, through ``$REUSSITE_DISABLE_PLUGINS``; put back as it was afterwards."""
    if not names:
        yield
        return
    from reussite.host import DISABLE_ENV

    saved = os.environ.get(DISABLE_ENV)
    os.environ[DISABLE_ENV] = ",".join(filter(None, [saved, *names]))
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(DISABLE_ENV, None)
        else:
            os.environ[DISABLE_ENV] = saved


def _main(argv: list[str], out: TextIO, err: TextIO, process: bool = False, disabled: tuple[str, ...] = ()) -> int:
    argv, cli_lang = _split_lang(argv)
    langs, warning = choose_langs(cli_lang)
    if warning:
        print(warning, file=err)
    from reussite.l10n import host_translator

    ctx = Context(host_translator(langs[0], langs[1:]), out, err, listing_cache=process, disabled=disabled)
    try:
        with _argparse_in(ctx.tr), redirect_stdout(out):
            command = next((a for a in argv if not a.startswith("-")), None)
            lean = command in LEAN_COMMANDS
            parser = build_parser(ctx.tr, None if lean else ctx.host, plugin_commands=not lean)
            try:
                args = parser.parse_args(argv)
            except SystemExit as exc:  # --help and --version-like actions end here
                return int(exc.code or 0)
        if args.version:
            from reussite import __version__

            ctx.say(f"reussite {__version__}")
            return 0
        if not getattr(args, "func", None):
            with _argparse_in(ctx.tr):
                parser.print_help(out)
            return 0
        # An alias (spider-three-decks) names a game and options; a game's own id (it has a rule page, which
        # imports no game code) needs no look-up.
        if isinstance(getattr(args, "game", None), str) and args.game not in ctx.host.help_pages:
            game_id, chosen = ctx.host.resolve(args.game)
            if game_id != args.game:
                args.game = game_id
                if hasattr(args, "option"):
                    args.option = [*chosen.items(), *(args.option or [])]
        owner = getattr(args, "command_owner", None)
        if owner is None:
            return int(args.func(args, ctx) or 0)
        with ctx.host.guard(owner, allow=(BrokenPipeError,)):  # a plugin's command: a failure names it
            return int(args.func(args, ctx) or 0)
    except UserError as exc:
        text = exc.message.render(ctx.tr) if hasattr(exc, "message") else str(exc)
        prog = exc.prog if isinstance(exc, UsageError) else "reussite"
        print(ctx.tr.gettext("{prog}: error: {message}").format(prog=prog, message=text), file=err)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
