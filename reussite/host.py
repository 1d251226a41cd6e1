"""The plugin host: finds plugins through entry points, validates them, and isolates the broken ones.

Bundled games are plugins exactly like third-party ones: they are listed in the ``reussite.plugins``
entry-point group of this distribution's metadata. A plugin that fails to import, implements an unknown
hook, raises in a hook or returns something malformed is recorded with its name and reason; the host
still starts and every other plugin keeps working.
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Iterable
from dataclasses import dataclass, field
from importlib import metadata
from types import ModuleType
from typing import Any

import pluggy

from reussite import hookspecs
from reussite.errors import UnknownGame, UserError
from reussite.hookspecs import Catalog, HelpPage
from reussite.messages import N_

GAME_ID = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")
HOST_PLUGIN = "reussite.builtin"


@dataclass
class PluginInfo:
    """What ``reussite plugins`` shows about one plugin."""

    name: str
    module: str
    distribution: str | None = None
    version: str | None = None
    hooks: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def status(self) -> str:
        return "ok" if not self.errors else "error: " + "; ".join(self.errors)

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "module": self.module,
            "distribution": self.distribution,
            "version": self.version,
            "hooks": self.hooks,
            "status": "ok" if not self.errors else "error",
            "errors": self.errors,
        }


def _short_error(exc: BaseException) -> str:
    where = ""
    tb = traceback.extract_tb(exc.__traceback__)
    if tb:
        last = tb[-1]
        where = f" (at {last.filename.rsplit('/', 1)[-1]}:{last.lineno})"
    return f"{type(exc).__name__}: {exc}{where}"


class Host:
    """The loaded plugins and what they declared. Build one with :meth:`load`."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager(hookspecs.PROJECT)
        self.pm.add_hookspecs(hookspecs.ReussiteSpec)
        self.plugins: dict[str, PluginInfo] = {}
        self._games: dict[str, type] | None = None
        self._help: dict[str, HelpPage] | None = None
        self._catalogs: list[Catalog] | None = None

    # -- loading -----------------------------------------------------------------------------------

    @classmethod
    def load(
        cls,
        entry_points: Iterable[metadata.EntryPoint] | None = None,
        extra: Iterable[tuple[str, ModuleType | object]] = (),
        builtin: bool = True,
    ) -> Host:
        """Load the host's built-in plugin, every ``reussite.plugins`` entry point, then ``extra`` objects."""
        host = cls()
        if builtin:
            from reussite import builtin as builtin_plugin

            host.add_plugin(HOST_PLUGIN, builtin_plugin, distribution="reussite")
        if entry_points is None:
            entry_points = metadata.entry_points(group=hookspecs.ENTRY_POINT_GROUP)
        for ep in sorted(entry_points, key=lambda e: e.name):
            dist = getattr(ep, "dist", None)
            dist_name = dist.metadata["Name"] if dist is not None else None
            dist_version = dist.version if dist is not None else None
            try:
                module = ep.load()
            except BaseException as exc:  # a plugin's import may raise anything, SystemExit included
                info = PluginInfo(ep.name, ep.value, dist_name, dist_version)
                info.errors.append(f"failed to import {ep.value}: {_short_error(exc)}")
                host.plugins[ep.name] = info
                continue
            host.add_plugin(ep.name, module, dist_name, dist_version)
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

    def _call_each(self, hook_name: str, kind: type | tuple[type, ...] | None) -> list[tuple[str, Any]]:
        """Call one hook plugin by plugin; a failing or malformed answer is recorded, not raised."""
        results: list[tuple[str, Any]] = []
        caller = getattr(self.pm.hook, hook_name)
        for impl in reversed(caller.get_hookimpls()):  # registration order
            info = self.plugins[impl.plugin_name]
            try:
                value = impl.function()
            except BaseException as exc:
                info.errors.append(f"{hook_name} raised {_short_error(exc)}")
                continue
            if value is None:
                continue
            if not isinstance(value, (list, tuple)):
                info.errors.append(f"{hook_name} returned {type(value).__name__}, expected a list")
                continue
            for item in value:
                if kind is not None and not isinstance(item, kind):
                    info.errors.append(f"{hook_name} returned {item!r}, expected {getattr(kind, '__name__', kind)}")
                    continue
                results.append((impl.plugin_name, item))
        return results

    # -- what plugins declared ----------------------------------------------------------------------

    @property
    def games(self) -> dict[str, type]:
        """Game id -> Variant subclass, for every valid, non-conflicting game."""
        if self._games is None:
            from reussite.variant import Variant, VariantError

            found: dict[str, list[tuple[str, type]]] = {}
            for plugin, cls in self._call_each("reussite_games", type):
                info = self.plugins[plugin]
                if not issubclass(cls, Variant):
                    info.errors.append(f"reussite_games returned {cls.__name__}, which is not a Variant subclass")
                    continue
                try:
                    cls.validate()
                except (VariantError, Exception) as exc:
                    info.errors.append(f"game {getattr(cls, 'id', cls.__name__)!r} is invalid: {exc}")
                    continue
                try:  # a trial deal, so that a game that cannot even start is reported here, not mid-game
                    next(iter(cls(1).legal_moves()), None)
                except Exception as exc:
                    info.errors.append(f"game {cls.id!r} failed a trial deal: {_short_error(exc)}")
                    continue
                if not GAME_ID.match(cls.id):
                    info.errors.append(f"game id {cls.id!r} must be lower-case letters, digits and dashes")
                    continue
                cls.plugin_name = plugin
                found.setdefault(cls.id, []).append((plugin, cls))
            self._games = {}
            for game_id, owners in found.items():
                if len(owners) > 1:
                    names = " and ".join(sorted(p for p, _ in owners))
                    for plugin, _ in owners:
                        self.plugins[plugin].errors.append(f"game id {game_id!r} is declared by both {names}")
                    continue
                self._games[game_id] = owners[0][1]
        return self._games

    def game(self, game_id: str) -> type:
        games = self.games
        if game_id not in games:
            import difflib

            close = difflib.get_close_matches(game_id, list(games), n=1)
            known = ", ".join(sorted(games)) or "-"
            if close:
                raise UnknownGame(N_("unknown game {game!r}; did you mean {close!r}? (known games: {known})"),
                                  game=game_id, close=close[0], known=known)
            raise UnknownGame(N_("unknown game {game!r} (known games: {known})"), game=game_id, known=known)
        return games[game_id]

    def new_game(self, game_id: str, number: int, options: dict[str, str] | None = None):
        """Start ``game_id`` with ``number``: the one way front ends start a game.

        A bad number or option is a :class:`UserError`; a game whose own code fails is reported with its
        plugin's name (and listed by ``reussite plugins``) instead of crashing the front end.
        """
        from reussite.cards import check_game_number

        cls = self.game(game_id)
        try:
            return cls(check_game_number(number), options or {})
        except UserError:
            raise
        except ValueError as exc:
            raise UserError(N_("This game number cannot be used: {reason}"), reason=str(exc)) from exc
        except Exception as exc:
            reason = _short_error(exc)
            self.plugins[cls.plugin_name].errors.append(f"game {game_id!r} failed to deal: {reason}")
            raise UserError(N_("The game {game} (plugin {plugin}) failed to deal: {reason}"),
                            game=game_id, plugin=cls.plugin_name, reason=reason) from exc

    @property
    def help_pages(self) -> dict[str, HelpPage]:
        if self._help is None:
            self._help = {}
            for plugin, page in self._call_each("reussite_help_pages", HelpPage):
                if page.game_id in self._help:
                    self.plugins[plugin].errors.append(f"help page for {page.game_id!r} is declared twice")
                    continue
                self._help[page.game_id] = page
        return self._help

    @property
    def catalogs(self) -> list[Catalog]:
        if self._catalogs is None:
            self._catalogs = [c for _, c in self._call_each("reussite_catalogs", Catalog)]
        return self._catalogs

    def plugin_list(self) -> list[PluginInfo]:
        # Touch every hook so that failures inside them show up in the listing.
        self.games, self.help_pages, self.catalogs  # noqa: B018
        return [self.plugins[k] for k in sorted(self.plugins)]
