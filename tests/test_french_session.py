"""A French session says nothing in English and spaces its punctuation the French way (issue 15).

Every command (and its --help, and its usual mistakes) runs in French, and so does what the page shows (its
strings table, stack labels and refusals, straight from the API layer that is the page's only source of
text). The output must contain no English msgid of the catalog, and every ``:`` ``;`` ``!`` ``?`` that ends
a word must have a no-break space before it.
"""

from __future__ import annotations

import io
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from reussite.l10n import host_translator, translator_for_game
from reussite.messages import Message, Translator

ROOT = Path(__file__).resolve().parent.parent
FR_PO = ROOT / "locale" / "fr" / "LC_MESSAGES" / "reussite.po"

# A :;!? after a word (right after it, or after an ordinary space) and before a space or the end of the line
# lacks its no-break space; "?" standing alone is the name of a key ("? règles").
_BAD_SPACING = re.compile(r"(?:(?<=[^\s\u00a0\u202f])|(?<=\w ))[:;!?](?=\s|$)", re.M)


def _english_pieces() -> list[str]:
    """The literal runs of every translated msgid that differ from French: long enough (two words, 12
    characters) that finding one in French output can only mean an untranslated message."""
    pieces = set()
    with FR_PO.open("rb") as f:
        catalog = read_po(f)
    for m in catalog:
        if not m.id or not m.string:
            continue
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        for msgid in ids:
            for literal, *_ in string.Formatter().parse(msgid):
                literal = literal.strip(" .,:;()")
                if len(literal) >= 12 and " " in literal and not any(literal in s for s in strs):
                    pieces.add(literal)
    return sorted(pieces)


ENGLISH = _english_pieces()


def problems(text: str) -> list[str]:
    found = [f"English: {p!r}" for p in ENGLISH if p in text]
    for m in _BAD_SPACING.finditer(text):
        line = text[text.rfind("\n", 0, m.start()) + 1:text.find("\n", m.end()) % (len(text) + 1)]
        found.append(f"no no-break space before {m.group()!r}: {line.strip()[:120]!r}")
    return found


def test_the_checker_finds_english_and_bad_spacing():
    """The checks below would fail on the faults issue 15 found."""
    assert problems("Il n’y a aucun coup.\nThere is no move to undo.")
    assert problems("arguments positionnels:\n")
    assert problems("reussite deal: erreur : x")
    assert problems("Gagné !")  # an ordinary space is not a no-break space
    assert not problems("Gagné\u00a0! Score\u00a0: 12.\nt1  KC KD 9D\nhttp://x:80/ 12:20")


COMMANDS = [
    ("--help",), ("games",), ("plugins",), ("games", "--help"), ("plugins", "--help"), ("deal", "--help"),
    ("play", "--help"), ("help", "--help"), ("i18n", "--help"), ("solve", "--help"), ("winnability", "--help"),
    ("stats", "--help"), ("i18n", "stats", "--help"), ("i18n", "init", "--help"), ("check", "--help"), ("stats",),
    ("deal", "forty-thieves", "-n", "8"), ("deal", "osmosis", "-n", "12"), ("deal", "mount-olympus", "-n", "1"),
    ("deal", "tournament", "-n", "3"),
    ("solve", "forty-thieves", "-n", "1", "--nodes", "200"),
    ("help", "forty-thieves", "-f", "markdown"), ("help", "osmosis", "-f", "markdown"),
    ("help", "mount-olympus", "-f", "markdown"), ("help", "tournament", "-f", "markdown"), ("i18n", "stats"),
    ("solve", "forty-thieves", "-n", "1", "--timeout", "x"), ("solve", "forty-thieves", "-n", "1", "--nodes", "0"),
    # mistakes: argparse's own, the command's value errors, the host's
    ("deal",), ("deal", "forty-thieves", "-n", "abc"), ("deal", "forty-thieves", "-n", "0"),
    ("deal", "forty-thieves", "-o", "x"), ("deal", "forty-thieves", "--frobnicate"), ("nosuchcommand",),
    ("deal", "forty-thieve"), ("deal", "nothing-like-it"), ("deal", "osmosis", "-o", "deal=7"),
    ("deal", "osmosis", "-o", "colour=red"), ("play", "--text"), ("help",), ("solve",),
    ("winnability", "forty-thieves", "--deals", "9-1"),
    ("winnability", "forty-thieves", "--deals", "1-1", "--nodes", "200", "--jobs", "1"),
    ("help", "tournament", "--output", "{tmp}"),
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_every_command_speaks_french(run_cli, tmp_path, args):
    result = run_cli("--lang", "fr", *(str(tmp_path) if a == "{tmp}" else a for a in args))
    text = result.out + result.err
    assert text.strip(), args
    assert not problems(text), (args, problems(text), text[:2000])


TEXT_SESSION = "\n".join([
    "help", "u", "t1 t2", "xy t1", "frob", "t10 f1", "t3 w", "t1 f", "w t1", "hint", "u 99", "save",
    "solve 0.2", "hint 7000", "d", "r", "auto", "q", "n", "q", "o",
]) + "\n"


def test_text_play_speaks_french(run_cli, monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "stdin", io.StringIO(TEXT_SESSION))
    result = run_cli("--lang", "fr", "play", "forty-thieves", "-n", "8", "--text", "--data-dir", str(tmp_path))
    text = result.out + result.err
    assert "Le 9 de carreau ne peut pas aller sur l’As de cœur" in text  # the article, elided or not
    assert not problems(text), (problems(text), text[-3000:])


def test_the_page_speaks_french(host, tmp_path):
    """Everything the page shows comes from the strings table and the API's JSON (reussite.web.api)."""
    from reussite.game import Deal, Move
    from reussite.web.session import Session
    from reussite.web.strings import translated_strings

    tr = host_translator("fr")
    # A plural entry brings a form for each plural category of the language: every one is shown.
    shown = [form for value in translated_strings(tr).values()
             for form in (value.values() if isinstance(value, dict) else [value])]
    session = Session(host, tmp_path, default_lang="fr")
    shown += [g["name"] for g in session.games_json("fr")]
    for game_id in sorted(host.games):
        session.start(game_id, 5, {})
        game = session.game
        session.state_json("fr")  # a first deal: every stack's label once with cards
        if game.can_deal() and game.refusal(Deal()) is None:  # a stock that deals by itself refuses a click
            game.push(Deal())
        state = session.state_json("fr")
        shown += [s[k] for s in state["stacks"] for k in ("name", "label", "describe")]
        shown += [state["name"], state["score_rule"]]
        # Moves from every stack to every other: most are refused, each with its reason.
        n = len(game.specs)
        refusals = (game.explain(Move(a, b)) for a in range(n) for b in range(n) if a != b and game.cards[a])
        game_tr = translator_for_game(tr, type(game), host)  # as the page renders them: the game's domain first
        shown += [game_tr.render(why) for why in refusals if why is not None]
    text = "\n".join(shown)
    assert "la pioche, " in text and "carte du dessus\u00a0: " in text
    assert not problems(text), problems(text)


def test_cards_and_ranks_take_their_article_in_french():
    from reussite.cards import parse_card
    from reussite.rules import rank_name

    fr, en = host_translator("fr"), Translator.english()
    template = "{card.The} / {card.the} / {rank.a} / {card}"
    cases = {
        "7D": "Le 7 de carreau / le 7 de carreau / un 7 / 7 de carreau",
        "QS": "La Dame de pique / la Dame de pique / une Dame / Dame de pique",
        "AH": "L’As de cœur / l’As de cœur / un As / As de cœur",
        "KC": "Le Roi de trèfle / le Roi de trèfle / un Roi / Roi de trèfle",
    }
    for code, french in cases.items():
        card = parse_card(code)
        message = Message(template, {"card": card, "rank": rank_name(card.rank)})
        assert fr.render(message) == french
    assert en.render(Message(template, {"card": parse_card("8S"), "rank": rank_name(8)})) == (
        "The 8 of spades / the 8 of spades / an 8 / 8 of spades")


def test_numbers_take_the_languages_separators():
    fr, en = host_translator("fr"), Translator.english()
    template = "{seconds:.2f} s, {nodes:,} positions, {pct:.1f}%, {count}"
    values = dict(seconds=0.25, nodes=12345, pct=50.0, count=1234)
    assert fr.format(template, **values) == "0,25 s, 12\u202f345 positions, 50,0%, 1234"
    assert en.format(template, **values) == "0.25 s, 12,345 positions, 50.0%, 1234"
