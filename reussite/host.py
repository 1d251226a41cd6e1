"""The plugin host: finds plugins through entry points, validates them, and isolates the broken ones.

Bundled games are plugins exactly like third-party ones: they are listed in the ``reussite.plugins``
entry-point group of this distribution's metadata. A plugin that fails to import, implements an unknown
hook, raises in a hook or returns something malformed is recorded with its name and reason; the host
still starts and every other plugin keeps working. One that does not answer in time (its import, a hook, a
game's trial deal: :func:`call_within`) is named, skipped for the run, and the host goes on without it; one
the user switched off (``--disable-plugin``, ``REUSSITE_DISABLE_PLUGINS``) is listed and never imported.

Bundled plugins (those of the ``reussite`` distribution) are registered first and win every claim on a game
id, a help page or a catalog domain: a third-party plugin that claims one of theirs is refused, unless the
user names it in ``REUSSITE_ALLOW_OVERRIDE`` (``reussite plugins`` then says which bundled plugin lost what).
Once loaded, plugin code runs for the player only through :meth:`Host.guard`, which turns a failure into
a :class:`~reussite.errors.PluginError` naming the game, the plugin and its distribution.
"""

from __future__ import annotations

import importlib
import os
import re
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from importlib.abc import Traversable
from pathlib import Path
from types import ModuleType
from typing import Any

import pluggy

from reussite import hookspecs
from reussite.errors import PluginError, UnknownGame, UserError
from reussite.hookspecs import Catalog, Command, HelpPage
from reussite.messages import N_, Message, msg

GAME_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
HOST_PLUGIN = "reussite.builtin"
BUNDLED_DISTRIBUTION = "reussite"
#: Comma-separated names of third-party plugins the user allows to replace a bundled game, page or catalog.
OVERRIDE_ENV = "REUSSITE_ALLOW_OVERRIDE"
#: A plugin whose import takes this long is flagged by ``reussite plugins``: it slows every command.
SLOW_IMPORT_SECONDS = 0.5
#: Comma-separated names of plugins (or of their distributions) that are not even imported.
DISABLE_ENV = "REUSSITE_DISABLE_PLUGINS"
#: Seconds a plugin has to answer, at import and in each hook, before the host goes on without it.
TIMEOUT_ENV = "REUSSITE_PLUGIN_TIMEOUT"
DEFAULT_TIMEOUT = 10.0
M_NO_ANSWER_IMPORT = N_("plugin {plugin} did not answer within {seconds} s at import; it is skipped this time "
                        "(--disable-plugin {plugin} switches it off)")
M_NO_ANSWER_HOOK = N_("plugin {plugin} did not answer within {seconds} s in {hook}; it is skipped this time "
                      "(--disable-plugin {plugin} switches it off)")
M_BAD_TIMEOUT = N_("{name}={value!r} is not a number of seconds above 0")


@dataclass
class PluginInfo:
    """What ``reussite plugins`` shows about one plugin."""

    name: str
    module: str
    distribution: str | None = None
    version: str | None = None
    hooks: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: What this plugin lost to another one the user allowed to override it (not an error).
    notes: list[str] = field(default_factory=list)
    import_seconds: float | None = None
    #: Switched off by the user (``--disable-plugin``, :data:`DISABLE_ENV`): listed, never imported.
    disabled: bool = False

    @property
    def bundled(self) -> bool:
        return self.distribution == BUNDLED_DISTRIBUTION

    @property
    def slow(self) -> bool:
        return (self.import_seconds or 0.0) >= SLOW_IMPORT_SECONDS

    @property
    def status(self) -> str:
        if self.disabled:
            return "disabled"
        return "ok" if not self.errors else "error: " + "; ".join(self.errors)

    def error(self, text: str) -> None:
        if text not in self.errors:  # a game failing on every request must not grow the list for ever
            self.errors.append(text)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "module": self.module,
            "distribution": self.distribution,
            "version": self.version,
            "hooks": self.hooks,
            "bundled": self.bundled,
            "import_seconds": None if self.import_seconds is None else round(self.import_seconds, 3),
            "slow": self.slow,
            "status": "disabled" if self.disabled else "ok" if not self.errors else "error",
            "disabled": self.disabled,
            "errors": self.errors,
            "notes": self.notes,
        }


@dataclass(frozen=True)
class CommandOwner:
    """A sub-command and the plugin that added it: the subject of :meth:`Host.guard` while it runs."""

    name: str
    plugin: str


class CommandFailed(PluginError):
    """A plugin's command raised: the message names the command, the plugin and its distribution."""

    def __init__(self, command: str, plugin: str, distribution: str, reason: str) -> None:
        self.game, self.plugin, self.distribution, self.reason = None, plugin, distribution, reason
        self.command = command
        UserError.__init__(self, N_("The command {command} (plugin {plugin}, distribution {distribution}) failed: "
                                    "{reason}"), command=command, plugin=plugin, distribution=distribution,
                           reason=reason)


def _names(variable: str) -> frozenset[str]:
    return frozenset(n.strip() for n in os.environ.get(variable, "").split(",") if n.strip())


def _allowed_overrides() -> frozenset[str]:
    return _names(OVERRIDE_ENV)


def disabled_plugins() -> frozenset[str]:
    """The plugins (or distributions) named in :data:`DISABLE_ENV`."""
    return _names(DISABLE_ENV)


def plugin_timeout() -> float:
    """:data:`TIMEOUT_ENV`, or :data:`DEFAULT_TIMEOUT`; a value that is not a positive number is a UserError."""
    value = os.environ.get(TIMEOUT_ENV, "").strip()
    if not value:
        return DEFAULT_TIMEOUT
    try:
        seconds = float(value)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        raise UserError(M_BAD_TIMEOUT, name=TIMEOUT_ENV, value=value)
    return seconds


class NoAnswer(Exception):
    """Plugin code did not return within the host's time limit (it goes on in a thread nobody waits for)."""


def call_within(seconds: float, function: Callable[[], Any], name: str = "plugin",
                beat: Callable[[], object] | None = None) -> Any:
    """``function()``'s value (or exception, re-raised here), or :class:`NoAnswer` after ``seconds``; with
    ``beat``, after ``seconds`` during which ``beat()`` (what the function is doing) did not change, so that a
    long series of quick steps runs in one thread (a thread hand-off costs much more than a trial deal when
    the machine is busy and the process runs at a low priority, as the solver's does). A module imported
    meanwhile is a step too: a slow import of many modules is work, not a hang.

    It runs in a daemon thread: Python cannot stop a thread, but the caller stops waiting for it, and a
    daemon thread does not keep the process alive at exit. A stuck import holds only the import lock of the
    module(s) it is in the middle of importing (per-module locks since Python 3.3), so every other import goes
    on; that plugin is skipped for the rest of the run so that nothing waits on it again."""
    box: dict[str, Any] = {}
    done = threading.Event()

    def run() -> None:
        try:
            box["value"] = function()
        except BaseException as exc:  # a plugin may raise anything, SystemExit included: the caller judges
            box["error"] = exc
        finally:
            done.set()

    def progress() -> tuple[object, int]:
        # A module imported counts as a step: on a busy machine, importing a plugin's many modules may take
        # longer than the limit in all, each module well within it (the classics import 31 in reussite_games).
        return (beat() if beat is not None else None), len(sys.modules)

    threading.Thread(target=run, daemon=True, name=f"reussite-plugin-{name}").start()
    step = progress()
    while not done.wait(seconds):
        now = progress()
        if now[0] is step[0] and now[1] == step[1]:
            raise NoAnswer(name)
        step = now
    if "error" in box:
        raise box["error"]
    return box.get("value")


def _resource_path(value: object) -> bool:
    return isinstance(value, (Path, Traversable))


def _check_help_page(page: HelpPage) -> str | None:
    if not isinstance(page.game_id, str) or not GAME_ID.match(page.game_id):
        return f"help page game_id {page.game_id!r} is not a game id"
    if not _resource_path(page.path):
        return (f"help page for {page.game_id!r}: path is a {type(page.path).__name__} ({page.path!r}), "
                "expected a pathlib.Path or an importlib.resources file")
    if page.format not in ("html", "docbook"):
        return f"help page for {page.game_id!r}: format {page.format!r} is not 'html' or 'docbook'"
    if not isinstance(page.source_lang, str):
        return f"help page for {page.game_id!r}: source_lang {page.source_lang!r} is not a language code"
    return None


def _check_catalog(catalog: Catalog) -> str | None:
    if not isinstance(catalog.domain, str) or not catalog.domain:
        return f"catalog domain {catalog.domain!r} is not a name"
    if not _resource_path(catalog.localedir):
        return (f"catalog {catalog.domain!r}: localedir is a {type(catalog.localedir).__name__}, expected a "
                "pathlib.Path or an importlib.resources folder")
    if catalog.kind not in ("ui", "help"):
        return f"catalog {catalog.domain!r}: kind {catalog.kind!r} is not 'ui' or 'help'"
    return None


def _check_command(command: Command) -> str | None:
    if not isinstance(command.name, str) or not GAME_ID.match(command.name):
        return f"command name {command.name!r} must be lower-case letters, digits and dashes"
    if not isinstance(command.help, str):
        return f"command {command.name!r}: help {command.help!r} is not a text"
    if not callable(command.arguments) or not (command.run is None or callable(command.run)):
        return f"command {command.name!r}: arguments and run must be functions"
    return None


@dataclass(frozen=True)
class Distribution:
    """The name and version of an installed distribution (what ``PluginInfo`` shows)."""

    metadata: dict[str, str]
    version: str | None


@dataclass(frozen=True)
class EntryPoint:
    """An entry point as :mod:`importlib.metadata` describes one: ``name = module:attr``."""

    name: str
    value: str
    group: str
    dist: Distribution | None = None
    info: str = ""  # its distribution's *.dist-info or *.egg-info folder

    def load(self) -> Any:
        module, _, attrs = self.value.partition(":")
        obj = importlib.import_module(module.strip())
        for attr in attrs.split("[")[0].strip().split(".") if attrs else ():
            obj = getattr(obj, attr)
        return obj


def _headers(path: str) -> dict[str, str]:
    """The ``Name`` and ``Version`` lines of a METADATA or PKG-INFO file (its header block)."""
    found: dict[str, str] = {}
    try:
        with open(path, encoding="utf-8", errors="replace") as fp:
            for line in fp:
                if not line.strip():
                    break
                key, sep, value = line.partition(":")
                if sep and key in ("Name", "Version") and key not in found:
                    found[key] = value.strip()
    except OSError:
        pass
    return found


def find_entry_points(group: str, path: list[str] | None = None) -> list[EntryPoint]:
    """The entry points of ``group`` of the distributions on ``path`` (``sys.path``): the first
    distribution of a name wins, as with :func:`importlib.metadata.entry_points`.

    Read directly from each ``*.dist-info`` / ``*.egg-info`` folder's ``entry_points.txt``: importing
    :mod:`importlib.metadata` (the email package comes with it) and parsing every distribution's metadata
    cost ``reussite games`` a fifth of its start-up. Distributions inside zip files are not seen."""
    found: list[EntryPoint] = []
    seen: set[str] = set()
    for folder in sys.path if path is None else path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:
            continue
        for entry in names:
            if not entry.endswith((".dist-info", ".egg-info")):
                continue
            info = os.path.join(folder or ".", entry)
            stem = entry.rsplit(".", 1)[0]
            key = re.sub(r"[-_.]+", "_", stem.split("-", 1)[0]).lower()
            if key in seen:
                continue
            seen.add(key)
            try:
                with open(os.path.join(info, "entry_points.txt"), encoding="utf-8") as fp:
                    text = fp.read()
            except OSError:
                continue
            points = _group_lines(text, group)
            if not points:
                continue
            meta = _headers(os.path.join(info, "METADATA" if entry.endswith(".dist-info") else "PKG-INFO"))
            dist = Distribution({"Name": meta.get("Name", stem.split("-", 1)[0])}, meta.get("Version"))
            found.extend(EntryPoint(name, value, group, dist, info) for name, value in points)
    return found


def _group_lines(text: str, group: str) -> list[tuple[str, str]]:
    """The ``name = value`` lines of the ``[group]`` section of an entry_points.txt."""
    points, inside = [], False
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            inside = line.strip("[]").strip() == group
        elif inside and "=" in line:
            name, _, value = line.partition("=")
            points.append((name.strip(), value.strip()))
    return points


def _short_error(exc: BaseException) -> str:
    import traceback  # only when something failed

    where = ""
    tb = traceback.extract_tb(exc.__traceback__)
    if tb:
        last = tb[-1]
        where = f" (at {last.filename.rsplit('/', 1)[-1]}:{last.lineno})"
    return f"{type(exc).__name__}: {exc}{where}"


class Host:
    """The loaded plugins and what they declared. Build one with :meth:`load`."""

    def __init__(self, allow_override: Iterable[str] | None = None, disable: Iterable[str] = (),
                 timeout: float | None = None, warn: Callable[[Message], None] | None = None) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs.ReussiteSpec)
        self.plugins: dict[str, PluginInfo] = {}
        self.allow_override = _allowed_overrides() if allow_override is None else frozenset(allow_override)
        #: Plugins (or distributions) not to import: ``disable`` and :data:`DISABLE_ENV`.
        self.disabled = frozenset(disable) | disabled_plugins()
        #: Seconds plugin code has to answer when the host loads it (:data:`TIMEOUT_ENV`).
        self.timeout = plugin_timeout() if timeout is None else timeout
        #: Told (a :class:`Message`) when a plugin does not answer in time; it is also in its errors.
        self.warn = warn
        #: Plugins that did not answer once: never called again in this process.
        self.unanswered: set[str] = set()
        self._games: dict[str, type] | None = None
        self._aliases: dict[str, tuple[str, dict[str, str]]] = {}
        self._help: dict[str, HelpPage] | None = None
        self._help_owner: dict[str, str] = {}
        self._catalogs: list[tuple[str, Catalog]] | None = None
        self._defaults_pending = False

    # -- loading -----------------------------------------------------------------------------------

    @classmethod
    def load(
        cls,
        entry_points: Iterable[Any] | None = None,
        extra: Iterable[tuple[str, ModuleType | object]] = (),
        builtin: bool = True,
        allow_override: Iterable[str] | None = None,
        disable: Iterable[str] = (),
        timeout: float | None = None,
        warn: Callable[[Message], None] | None = None,
    ) -> Host:
        """Load the host's built-in plugins, every ``reussite.plugins`` entry point (the bundled ones first),
        then ``extra`` objects. ``allow_override`` defaults to ``$REUSSITE_ALLOW_OVERRIDE``; the plugins named
        in ``disable`` or ``$REUSSITE_DISABLE_PLUGINS`` are listed as disabled and not imported. Each import
        has ``timeout`` seconds (``$REUSSITE_PLUGIN_TIMEOUT``, else :data:`DEFAULT_TIMEOUT`); a plugin that
        takes longer is skipped, recorded and passed to ``warn``."""
        host = cls(allow_override, disable, timeout, warn)
        if builtin:
            from reussite import __version__
            from reussite import builtin as builtin_plugin

            host.add_plugin(HOST_PLUGIN, builtin_plugin, BUNDLED_DISTRIBUTION, __version__)
        host._defaults_pending = True  # ``builtin=False`` leaves out only the host's catalogs
        if entry_points is None:
            entry_points = find_entry_points(hookspecs.ENTRY_POINT_GROUP)
        found = []
        for ep in entry_points:
            dist = getattr(ep, "dist", None)
            found.append((ep, dist.metadata["Name"] if dist is not None else None,
                          dist.version if dist is not None else None))
        # Registration order is claim order: the bundled plugins first, whatever their names.
        for ep, dist_name, dist_version in sorted(found, key=lambda f: (f[1] != BUNDLED_DISTRIBUTION, f[0].name)):
            if ep.name in host.disabled or dist_name in host.disabled:
                host.plugins.setdefault(ep.name, PluginInfo(ep.name, ep.value, dist_name, dist_version,
                                                            disabled=True))
                continue
            started = time.perf_counter()
            try:
                module = call_within(host.timeout, ep.load, ep.name)
            except NoAnswer:
                info = host.plugins.setdefault(ep.name, PluginInfo(ep.name, ep.value, dist_name, dist_version))
                host._no_answer(ep.name, M_NO_ANSWER_IMPORT)
                info.import_seconds = time.perf_counter() - started
                continue
            except BaseException as exc:  # a plugin's import may raise anything, SystemExit included
                info = PluginInfo(ep.name, ep.value, dist_name, dist_version)
                info.errors.append(f"failed to import {ep.value}: {_short_error(exc)}")
                info.import_seconds = time.perf_counter() - started
                host.plugins[ep.name] = info
                continue
            seconds = time.perf_counter() - started
            host.add_plugin(ep.name, module, dist_name, dist_version).import_seconds = seconds
        for name, obj in extra:
            host.add_plugin(name, obj)
        return host

    def add_plugin(
        self, name: str, obj: object, distribution: str | None = None, version: str | None = None
    ) -> PluginInfo:
        module_name = getattr(obj, "__name__", type(obj).__name__)
        info = PluginInfo(name, module_name, distribution, version)
        if name in self.plugins:
            info.errors.append(f"plugin name {name!r} is already taken by {self.plugins[name].module}")
            self.plugins[f"{name} ({module_name})"] = info
            return info
        self.plugins[name] = info
        unknown = [
            attr
            for attr in dir(obj)
            if attr.startswith("reussite_")
            and callable(getattr(obj, attr, None))
            and not hasattr(hookspecs.ReussiteSpec, attr)
        ]
        if unknown:
            info.errors.append("unknown hook(s) " + ", ".join(unknown) + " (see reussite/hookspecs.py)")
            return info
        try:
            self.pm.register(obj, name=name)
        except (pluggy.PluginValidationError, ValueError) as exc:
            info.errors.append(f"invalid hook implementation: {exc}")
            return info
        info.hooks = sorted(
            h.name for h in self.pm.get_hookcallers(obj) or [] if h.name.startswith("reussite_")
        )
        self._games = self._help = self._catalogs = None
        return info

    def _no_answer(self, plugin: str, template: str, **params: Any) -> None:
        """Record that ``plugin`` did not answer in time: named in its errors, told to ``warn``, never called
        again in this process."""
        self.unanswered.add(plugin)
        message = msg(template, plugin=plugin, seconds=f"{self.timeout:g}", **params)
        self.plugins[plugin].error(str(message))
        if self.warn is not None:
            self.warn(message)

    def answer(self, plugin: str, what: str | Callable[[], str], function: Callable[[], Any],
               beat: Callable[[], object] | None = None) -> Any:
        """``function()``, plugin code of ``plugin`` run while loading (a hook, the games' trial deals), within
        the host's time limit (for each step, with ``beat``: see :func:`call_within`): :class:`NoAnswer` if it
        does not answer in time (or did not answer before). ``what`` names it (a function: when it is late)."""
        if plugin in self.unanswered:
            raise NoAnswer(plugin)
        try:
            return call_within(self.timeout, function, plugin, beat)
        except NoAnswer:
            self._no_answer(plugin, M_NO_ANSWER_HOOK, hook=what() if callable(what) else what)
            raise

    def _call_each(self, hook_name: str, kind: type | tuple[type, ...] | None, **args: Any) -> list[tuple[str, Any]]:
        """Call one hook plugin by plugin, with the ``args`` each implementation names, each within the time
        limit (:meth:`answer`); a failing, slow or malformed answer is recorded, not raised. Every hook is
        called through here, once per question."""
        results: list[tuple[str, Any]] = []
        caller = getattr(self.pm.hook, hook_name)
        for impl in reversed(caller.get_hookimpls()):  # registration order
            info = self.plugins[impl.plugin_name]
            try:
                value = self.answer(impl.plugin_name, hook_name,
                                    lambda impl=impl: impl.function(*(args[name] for name in impl.argnames)))
            except NoAnswer:
                continue
            except BaseException as exc:
                info.error(f"{hook_name} raised {_short_error(exc)}")
                continue
            if value is None:
                continue
            if not isinstance(value, (list, tuple)):
                info.error(f"{hook_name} returned {type(value).__name__}, expected a list")
                continue
            for item in value:
                if kind is not None and not isinstance(item, kind):
                    info.error(f"{hook_name} returned {item!r}, expected {getattr(kind, '__name__', kind)}")
                    continue
                results.append((impl.plugin_name, item))
        return results

    def _claim(self, label: str, claims: Iterable[tuple[str, Any, Any]]) -> dict[Any, tuple[str, Any]]:
        """Who gets each key (a game id, a help page's game, a catalog domain): the one merge rule.

        A bundled plugin's claim wins over a third-party one, unless the user allowed that plugin to override
        (then the bundled plugin gets a note saying what it lost). Two equal claims refuse the key to both.
        """
        by_key: dict[Any, list[tuple[str, Any]]] = {}
        for plugin, key, item in claims:
            by_key.setdefault(key, []).append((plugin, item))
        won: dict[Any, tuple[str, Any]] = {}
        for key, owners in by_key.items():
            shown = key if isinstance(key, str) else key[0]
            allowed = [o for o in owners if not self.plugins[o[0]].bundled and o[0] in self.allow_override]
            bundled = [o for o in owners if self.plugins[o[0]].bundled]
            first = allowed or bundled or owners
            if len(first) > 1:
                names = " and ".join(sorted(p for p, _ in first))
                for plugin, _ in first:
                    self.plugins[plugin].error(f"{label} {shown!r} is declared by both {names}")
                first = []
            else:
                won[key] = first[0]
            for plugin, _ in owners:
                if any(plugin == p for p, _ in first):
                    continue
                winner = first[0][0] if first else None
                if self.plugins[plugin].bundled and winner is not None:
                    self.plugins[plugin].notes.append(
                        f"{label} {shown!r} is replaced by plugin {winner} ({OVERRIDE_ENV})")
                elif winner is not None and self.plugins[winner].bundled:
                    self.plugins[plugin].error(
                        f"{label} {shown!r} belongs to the bundled plugin {winner}; refused (set "
                        f"{OVERRIDE_ENV}={plugin} to let this plugin replace it)")
                elif winner is not None:
                    self.plugins[plugin].error(f"{label} {shown!r} is taken by plugin {winner}")
        return won

    # -- what plugins declared ----------------------------------------------------------------------

    @property
    def games(self) -> dict[str, type]:
        """Game id -> Variant subclass, for every valid game that won its id (see :meth:`_claim`)."""
        if self._games is None:
            from reussite.variant import Variant, VariantError, pack_problem

            def problem(cls) -> str | None:
                if not issubclass(cls, Variant):
                    return f"reussite_games returned {cls.__name__}, which is not a Variant subclass"
                try:
                    cls.validate()
                except (VariantError, Exception) as exc:
                    return f"game {getattr(cls, 'id', cls.__name__)!r} is invalid: {exc}"
                if not GAME_ID.match(cls.id):
                    return f"game id {cls.id!r} must be lower-case letters, digits and dashes"
                try:  # a trial deal, so that a game that cannot even start is reported here, not mid-game
                    trial = cls(1)
                    self.probe(trial)
                    problem = pack_problem(trial)
                except Exception as exc:
                    return f"game {cls.id!r} failed a trial deal: {_short_error(exc)}"
                return f"game {cls.id!r} failed a trial deal: {problem}" if problem else None

            by_plugin: dict[str, list[type]] = {}
            for plugin, cls in self._call_each("reussite_games", type):
                by_plugin.setdefault(plugin, []).append(cls)
            claims = []
            for plugin, classes in by_plugin.items():
                trying: list[type] = [classes[0]]  # the game under trial: the time limit is for each

                def trials(classes=classes, trying=trying) -> list[tuple[type, str | None]]:
                    found = []
                    for cls in classes:
                        trying[0] = cls
                        found.append((cls, problem(cls)))
                    return found

                try:
                    results = self.answer(
                        plugin, lambda trying=trying: f"the trial deal of {getattr(trying[0], 'id', trying[0])!r}",
                        trials, beat=lambda trying=trying: trying[0])
                except NoAnswer:
                    continue
                for cls, found in results:
                    if found:
                        self.plugins[plugin].error(found)
                    else:
                        claims.append((plugin, cls.id, cls))
            self._games = {}
            for game_id, (plugin, cls) in self._claim("game id", claims).items():
                cls.plugin_name = plugin
                self._games[game_id] = cls
            self._aliases = {}
            for cls in self._games.values():
                for alias, chosen in cls.aliases.items():
                    if alias in self._games or alias in self._aliases:
                        taken = alias if alias in self._games else self._aliases[alias][0]
                        self.plugins[cls.plugin_name].error(
                            f"game {cls.id!r}: alias {alias!r} is already taken by game {taken!r}")
                        continue
                    self._aliases[alias] = (cls.id, dict(chosen))
        return self._games

    @property
    def aliases(self) -> dict[str, tuple[str, dict[str, str]]]:
        """Alias -> (game id, the options it chooses), from the games' ``aliases`` declarations."""
        self.games  # noqa: B018  (fills the aliases)
        return self._aliases

    def resolve(self, name: str, options: Mapping[str, str] | None = None) -> tuple[str, dict[str, str]]:
        """A game id or alias with options as (game id, options): an alias's options first, then those given."""
        if name in self.games or name not in self.aliases:
            return name, dict(options or {})
        game_id, chosen = self.aliases[name]
        return game_id, {**chosen, **(options or {})}

    def game(self, game_id: str) -> type:
        """The class of a game id, or of the game an alias starts."""
        games = self.games
        if game_id not in games and game_id in self._aliases:
            return games[self._aliases[game_id][0]]
        if game_id not in games:
            import difflib

            close = difflib.get_close_matches(game_id, list(games), n=1) if isinstance(game_id, str) else []
            known = ", ".join(sorted(games)) or "-"
            if close:
                raise UnknownGame(N_("unknown game {game!r}; did you mean {close!r}? (known games: {known})"),
                                  game=game_id, close=close[0], known=known)
            raise UnknownGame(N_("unknown game {game!r} (known games: {known})"), game=game_id, known=known)
        return games[game_id]

    def new_game(self, game_id: str, number: int, options: dict[str, str] | None = None):
        """Start ``game_id`` with ``number``: the one way front ends start a game.

        A bad number or option is a :class:`UserError`; a game whose own code fails to deal, or cannot say
        its moves, score or outcome at the start, is a :class:`PluginError` naming its plugin (and listed by
        ``reussite plugins``) instead of crashing the front end.
        """
        from reussite.cards import check_game_number

        game_id, options = self.resolve(game_id, options)
        cls = self.game(game_id)
        try:
            number = check_game_number(number)
        except ValueError as exc:
            raise UserError(N_("This game number cannot be used: {reason}"), reason=str(exc)) from exc
        with self.guard(cls):
            game = cls(number, options or {})
            self.probe(game)
        return game

    # -- running plugin code for the player ----------------------------------------------------------------

    @staticmethod
    def probe(game) -> None:
        """Ask the game what every front end asks at a position (its moves, score and outcome), so that a
        game that fails there is caught while the position before it can still be kept. It asks a copy, so
        that nothing the game caches on the way changes what it does next."""
        game = game.copy()
        for _move in game.legal_moves():
            pass
        game.score()
        game.outcome()

    def failure(self, subject, exc: BaseException) -> PluginError:
        """``exc``, raised by plugin code, as a :class:`PluginError` naming the game, plugin and distribution.

        ``subject`` is the game (an instance or class), a ``(game id, plugin name)`` pair, or a function
        returning either, called now (the game in play may have changed since the guard was entered); or a
        :class:`CommandOwner` for a plugin's command (then the error is a :class:`CommandFailed`)."""
        if isinstance(subject, CommandOwner):
            reason = _short_error(exc)
            return CommandFailed(subject.name, subject.plugin, self._blame(subject.plugin, f"command {subject.name!r}",
                                                                          reason), reason)
        if callable(subject) and not isinstance(subject, type):
            subject = subject()
        if isinstance(subject, tuple):
            game_id, plugin = subject
        else:
            cls = subject if isinstance(subject, type) else type(subject)
            game_id, plugin = getattr(cls, "id", cls.__name__), getattr(cls, "plugin_name", "") or "?"
        reason = _short_error(exc)
        return PluginError(game_id, plugin, self._blame(plugin, f"game {game_id!r}", reason), reason)

    def _blame(self, plugin: str, what: str, reason: str) -> str:
        """Record ``what`` failing for ``plugin`` (``reussite plugins`` lists it); its distribution, or "-"."""
        info = self.plugins.get(plugin)
        if info is not None:
            info.error(f"{what} failed: {reason}")
        return info.distribution if info is not None and info.distribution else "-"

    @contextmanager
    def guard(self, subject, allow: tuple[type[BaseException], ...] = ()) -> Iterator[None]:
        """Run plugin code on behalf of the player: a :class:`UserError` (an illegal move...) or one of the
        caller's own ``allow`` exceptions passes through, any other exception becomes a :class:`PluginError`
        (see :meth:`failure`). Front ends keep a copy of the game from before and go back to it when this
        raises."""
        try:
            yield
        except (UserError, *allow):
            raise
        except Exception as exc:
            raise self.failure(subject, exc) from exc

    def _checked(self, hook: str, kind: type, check: Callable[[Any], str | None],
                 **args: Any) -> Iterator[tuple[str, Any]]:
        for plugin, item in self._call_each(hook, kind, **args):
            problem = check(item)
            if problem:
                self.plugins[plugin].error(problem)
                continue
            yield plugin, item

    @property
    def help_pages(self) -> dict[str, HelpPage]:
        if self._help is None:
            claims = [(plugin, page.game_id, page)
                      for plugin, page in self._checked("reussite_help_pages", HelpPage, _check_help_page)]
            won = self._claim("help page for", claims)
            self._help = {game_id: page for game_id, (_, page) in won.items()}
            self._help_owner = {game_id: plugin for game_id, (plugin, _) in won.items()}
        return self._help

    def help_owner(self, game_id: str) -> tuple[str, str]:
        """``(game id, plugin)`` for the plugin whose help page documents ``game_id`` (for :meth:`guard`)."""
        self.help_pages  # noqa: B018
        return game_id, self._help_owner.get(game_id, "?")

    @property
    def catalogs(self) -> list[Catalog]:
        return [c for _, c in self.catalog_owners()]

    def catalog_owners(self) -> list[tuple[str, Catalog]]:
        """``(plugin, catalog)`` for every valid catalog that won its domain, in registration order."""
        if self._catalogs is None:
            claims = [(plugin, (c.domain, c.kind), c)
                      for plugin, c in self._checked("reussite_catalogs", Catalog, _check_catalog)]
            self._catalogs = list(self._claim("catalog", claims).values())
        return self._catalogs

    def _load_defaults(self) -> None:
        """Register the host's default plugins (:data:`reussite.builtin.DEFAULT_PLUGINS`: its commands), by
        module name as entry points are. Only when asked for: ``reussite games`` starts without them."""
        if not self._defaults_pending:
            return
        self._defaults_pending = False
        from reussite import __version__
        from reussite.builtin import DEFAULT_PLUGINS

        for module in DEFAULT_PLUGINS:
            self.add_plugin(module, importlib.import_module(module), BUNDLED_DISTRIBUTION, __version__)

    def commands(self, tr) -> list[tuple[str, Command]]:
        """``(plugin, command)`` for every sub-command the plugins add (see ``reussite_commands``), each name
        claimed like a game id, the bundled ones first. ``tr`` is the interface's translator, passed to the
        hook."""
        self._load_defaults()
        claims = [(plugin, c.name, c) for plugin, c in self._checked("reussite_commands", Command, _check_command,
                                                                   tr=tr)]
        order = list(self.plugins)  # the order the plugins were loaded in, whatever pluggy calls first
        return sorted(self._claim("command", claims).values(),
                      key=lambda won: (not self.plugins[won[0]].bundled, order.index(won[0])))

    def plugin_list(self, defaults: bool = True) -> list[PluginInfo]:
        """Every plugin, with what went wrong in it; ``defaults=False`` leaves out the host's default plugins
        if they are not loaded yet (``reussite games`` counts failures without loading the commands)."""
        if defaults:
            self._load_defaults()
        # Touch every hook so that failures inside them show up in the listing.
        self.games, self.help_pages, self.catalogs  # noqa: B018
        return [self.plugins[k] for k in sorted(self.plugins)]
