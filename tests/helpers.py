"""Building test positions by hand: ``arrange(game, {"tableau-1": "KH QH", "stock": ""})``; the
``pyproject.toml`` of a test plugin distribution: ``plugin_pyproject(...)``."""

from __future__ import annotations

from reussite.cards import parse_card


def cards(text: str, deck: int = 0):
    return [parse_card(c, deck) for c in text.split()]


def arrange(game, layout: dict[str, str], clear: bool = True, face_down: dict[str, int] | None = None):
    """Replace the position: every stack named gets those cards (bottom to top); others are emptied when
    ``clear``. Two equal codes on the board get different decks, as in a real two-pack game."""
    seen: dict[str, int] = {}
    if clear:
        for i in range(len(game.cards)):
            game.cards[i] = []
            game.face_down[i] = 0
    for stack_id, text in layout.items():
        i = game.index[stack_id]
        pile = []
        for code in text.split():
            deck = seen.get(code, 0)
            seen[code] = deck + 1
            pile.append(parse_card(code, deck % max(1, game.decks)))
        game.cards[i] = pile
        game.face_down[i] = len(pile) if game.specs[i].kind.value == "stock" else 0
    for stack_id, n in (face_down or {}).items():
        game.face_down[game.index[stack_id]] = n
    game._done.clear()
    game._undone.clear()
    # The position was changed behind the engine's back: forget the keys it cached for it.
    game._stack_keys = [None] * len(game.specs)
    game._path_cache.clear()
    return game


def codes(game, stack_id: str) -> str:
    return " ".join(c.code for c in game.stack(stack_id))


def plugin_pyproject(name: str, plugin: str, module: str, data: tuple[str, ...] = (), version: str = "1.0") -> str:
    """A plugin distribution's pyproject.toml: ``module`` registered as ``plugin`` in the host's entry-point
    group, with ``data`` (glob patterns) shipped as the module's package data."""
    patterns = ", ".join(f'"{p}"' for p in data)
    extra = f"\n[tool.setuptools.package-data]\n{module} = [{patterns}]\n" if data else ""
    return f"""
[build-system]
requires = ["setuptools>=61"]
build-backend = "setuptools.build_meta"

[project]
name = "{name}"
version = "{version}"

[project.entry-points."reussite.plugins"]
{plugin} = "{module}"
{extra}"""
