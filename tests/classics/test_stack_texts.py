"""Every stack of every classic game says what it takes in the words of its rule page (issue 36, item 3): no
stack falls back on the host's generic lines ("Takes cards by the game's own rule.", "Takes no cards, and none
leaves it.", a build "by the game's rule"), and each stack's line reads in French through the game's catalogs."""

from __future__ import annotations

import classics_support  # noqa: F401  (skips this module when reussite-classics is not installed)
import pytest

from reussite.host import Host
from reussite.l10n import host_translator, translator_for_game
from reussite.messages import Translator
from reussite.rules import OWN_RULE_TEXT, Kind

HOST = Host.load()


def _games() -> list[tuple[str, dict[str, str]]]:
    """Every classic game, with each choice of each of its options in turn (a layout may depend on one)."""
    found = []
    for game_id, cls in sorted(HOST.games.items()):
        if cls.plugin_name == "classics":
            found += [(game_id, {o.name: choice}) for o in cls.options for choice in o.choices] or [(game_id, {})]
    return found


GAMES = _games()
#: The host's lines that say nothing of a game's own rules.
GENERIC = {"Takes cards by the game's own rule.", "Takes no cards, and none leaves it."}
#: Games allowed to keep a generic line, with the reason: none.
ALLOWED: dict[str, str] = {}
ENGLISH = Translator.english()
FRENCH = host_translator("fr")


def _described(game_id: str, options: dict[str, str]):
    game = HOST.new_game(game_id, 1, options)
    return [(spec, spec.describe()) for spec in game.specs if spec.kind is not Kind.STOCK]


def test_the_games_are_all_here():
    assert len({game_id for game_id, _ in GAMES}) >= 90
    assert ("giant", {"build": "same"}) in GAMES and ("pileon", {}) in GAMES


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[f"{g}{o or ''}" for g, o in GAMES])
def test_no_stack_says_only_the_generic_line(game_id, options):
    if game_id in ALLOWED:
        pytest.skip(ALLOWED[game_id])
    generic = [(spec.id, message.render_english()) for spec, message in _described(game_id, options)
               if message.msgid in GENERIC or getattr(message.params.get("rule"), "msgid", None) == OWN_RULE_TEXT]
    assert not generic, generic


@pytest.mark.parametrize(("game_id", "options"), GAMES, ids=[f"{g}{o or ''}" for g, o in GAMES])
def test_each_stack_line_is_french(game_id, options):
    fr = translator_for_game(FRENCH, HOST.games[game_id], HOST)
    untranslated = [(spec.id, message.render_english()) for spec, message in _described(game_id, options)
                    if fr.render(message) == ENGLISH.render(message)]
    assert not untranslated, untranslated
