"""Sub-commands come from plugins through ``reussite_commands`` (issue 14): the host's own (help, i18n,
solve, winnability, stats) like a third party's, installed as a real distribution in a venv. A broken
command is named with its plugin and never stops the others."""

from __future__ import annotations

import json
import types

import pytest
from helpers import plugin_pyproject
from test_packaging import write_tree

from reussite.cli import build_parser
from reussite.hookspecs import Command, hookimpl
from reussite.host import Host
from reussite.l10n import host_translator

DEMO = {
    "reussite-cmd-demo/pyproject.toml": plugin_pyproject("reussite-cmd-demo", "cmd-demo", "reussite_cmd_demo",
                                                         version="2.5"),
    "reussite-cmd-demo/reussite_cmd_demo.py": """
        from reussite.errors import UserError
        from reussite.hookspecs import Command, hookimpl


        def hello_arguments(p):
            p.add_argument("who")
            p.add_argument("--shout", action="store_true")


        def hello(args, ctx):
            info = ctx.host.plugins["cmd-demo"]
            text = f"hello {args.who} from {info.distribution} {info.version}"
            ctx.say(text.upper() if args.shout else text)
            return 3


        def half_made(p):
            p.add_argument("--size")
            raise KeyError("no option table")


        def crash(args, ctx):
            return 1 / 0


        def refuse(args, ctx):
            raise UserError("nothing to refuse here")


        @hookimpl
        def reussite_commands(tr):
            return [Command("hello", tr.gettext("say hello"), hello_arguments, hello),
                    Command("half-made", "its arguments fail", half_made, hello),
                    Command("crash", "its run fails", lambda p: None, crash),
                    Command("refuse", "a user error", lambda p: None, refuse),
                    Command("help", "takes the bundled help", lambda p: None, hello),
                    Command("games", "takes a command of the host's own", lambda p: None, hello)]
        """,
}


@pytest.fixture(scope="module")
def venv(fresh_venv, tmp_path_factory):
    base = tmp_path_factory.mktemp("commands")
    write_tree(base, DEMO)
    fresh_venv.pip_install(str(base / "reussite-cmd-demo"))
    yield fresh_venv
    fresh_venv.run(fresh_venv.bin / "python", "-m", "pip", "uninstall", "-y", "-q", "reussite-cmd-demo")


@pytest.mark.venv
def test_an_installed_plugin_adds_a_command_and_a_broken_one_names_its_plugin(venv):
    proc = venv.reussite("hello", "World", "--shout", check=False)
    assert (proc.returncode, proc.stdout) == (3, "HELLO WORLD FROM REUSSITE-CMD-DEMO 2.5\n")
    usage = venv.reussite("--help").stdout
    assert all(f"    {name} " in usage for name in ("hello", "half-made", "crash", "help", "i18n", "stats"))
    where = "(plugin cmd-demo, distribution reussite-cmd-demo) failed: "
    for argv, reason in ((["half-made", "--size", "3"], "KeyError: 'no option table' (at reussite_cmd_demo.py:20)"),
                         (["crash"], "ZeroDivisionError: division by zero (at reussite_cmd_demo.py:24)")):
        proc = venv.reussite(*argv, check=False)
        assert proc.returncode == 2 and proc.stdout == "", proc.stderr
        assert proc.stderr == f"reussite: error: The command {argv[0]} {where}{reason}\n"
    proc = venv.reussite("refuse", check=False)  # a UserError is the user's, not a plugin failure
    assert (proc.returncode, proc.stderr) == (2, "reussite: error: nothing to refuse here\n")
    # The host's own commands stay its own, and keep working beside the broken ones.
    assert venv.reussite("help", "osmosis", "--format", "markdown").stdout.startswith("# Osmosis\n")
    listing = venv.reussite("games").stdout  # by family: a heading, then its games (other tests' plugins too)
    assert not listing.startswith(" ") and "\n  forty-thieves " in listing
    errors = {p["name"]: p["errors"] for p in json.loads(venv.reussite("plugins", "--json").stdout)}
    assert errors["cmd-demo"] == [
        "command 'help' belongs to the bundled plugin reussite.helpdocs.cli; refused "
        "(set REUSSITE_ALLOW_OVERRIDE=cmd-demo to let this plugin replace it)",
        "command 'half-made' failed: KeyError: 'no option table' (at reussite_cmd_demo.py:20)",
        "command 'games' is one of reussite's own; refused"]
    assert all(not errors[name] for name in ("reussite.helpdocs.cli", "reussite.catalogs.cli",
                                             "reussite.solver.cli", "reussite.stats.cli"))


def test_the_hook_gets_the_arguments_each_implementation_names():
    seen = []

    @hookimpl
    def with_tr(tr):
        seen.append(tr.lang)
        return [Command("greet", tr.gettext("list the games"), lambda p: p.add_argument("name"))]

    @hookimpl
    def without():
        return [Command("quiet", "no arguments asked", lambda p: None)]

    host = Host.load(entry_points=[], extra=[("a", types.SimpleNamespace(reussite_commands=with_tr)),
                                             ("b", types.SimpleNamespace(reussite_commands=without))])
    tr = host_translator("fr")
    commands = {c.name: (plugin, c) for plugin, c in host.commands(tr)}
    assert seen == ["fr"] and commands["greet"][0] == "a" and commands["quiet"][0] == "b"
    assert commands["greet"][1].help == tr.gettext("list the games") != "list the games"
    # The host's default plugins registered theirs through the same hook.
    assert {"help", "i18n", "solve", "winnability", "stats"} <= set(commands)
    assert build_parser(tr, host).parse_args(["greet", "x"]).name == "x"
