"""Every interface message rendered with real values of each gender and number, in both languages, the way
docs/translation-review.md reviews them: the seams a reader would see (« de As », « de Les quarante
voleurs », « 1 positions », a capital after a verb, a colon without its no-break space) are caught here, and
the cases of issue 27 are checked against the sentences a reader expects."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from reussite.cards import Card
from reussite.catalogs.po import read_catalog
from reussite.l10n import host_translator
from reussite.messages import RANK_NAMES, SUIT_NAMES, Message, Translator
from reussite.rules import Kind, StackRule, StackSpec

ROOT = Path(__file__).resolve().parents[1]
TEMPLATE = ROOT / "locale" / "reussite.pot"

CARDS = (Card(1, 1), Card(12, 2), Card(13, 0), Card(7, 3))  # l’As, la Dame, le Roi, le 7: genders, elision
MANY = ("{count} card from {card.the} on {stack}.", "{count} cards from {card.the} on {stack}.")  # strings.UI_PLURALS
GAMES = (Message("Forty Thieves"), Message("Osmosis"), Message("Mount Olympus"), Message("Tournament"))
STACKS = (StackSpec("stock", Kind.STOCK, StackRule()).name, StackSpec("waste", Kind.WASTE, StackRule()).name,
          StackSpec("foundation-2", Kind.FOUNDATION, StackRule()).name,
          StackSpec("tableau-3", Kind.TABLEAU, StackRule(), label="column {number}").name)
RANKS = (Message(RANK_NAMES[0]), Message(RANK_NAMES[11]), Message(RANK_NAMES[12]), Message(RANK_NAMES[6]))
SUITS = tuple(Message(s) for s in SUIT_NAMES)
GRAMMAR = {"card": CARDS, "game": GAMES, "stack": STACKS, "source": STACKS[::-1], "target": STACKS[1:] + STACKS[:1],
           "rank": RANKS, "suit": SUITS, "reason": (Message("file not found"), Message("permission denied"),
                                                     Message("it is a folder"), "disk I/O error")}
NUMBERS = {"count", "number", "line", "column", "digits", "limit", "low", "high", "seconds", "decided", "nodes",
           "mb", "moves", "score", "won", "lost", "unknown", "done", "total", "depth", "first", "last", "p50",
           "p90", "p99", "max", "percent", "size", "undo", "tried", "redeals", "budget_seconds", "columns",
           "cards", "packs", "decks", "min", "mean", "width", "height", "port"}


def _value(name: str, spec: str, i: int, count: int):
    if name == "count":
        return count
    if name in GRAMMAR:
        return GRAMMAR[name][i % len(GRAMMAR[name])]
    if name in NUMBERS or (spec and spec[-1:] in "fgd,"):
        return 12345.678 if spec and spec[-1:] in "fg" else 12
    return "Bidule"


def _fields(text: str) -> list[tuple[str, str]]:
    try:
        return [(f.split(".")[0].split("[")[0], spec or "") for _, f, spec, _ in string.Formatter().parse(text)
                if f is not None]
    except ValueError:
        return []


def renderings(tr: Translator):
    """(msgid, text) for every message of the template, each with four sets of values and, for a plural, the
    counts 1, 2 and 12345."""
    for m in read_catalog(TEMPLATE):
        if not m.id or m.context:  # contexts: forms, letters and signs, checked through the sentences using them
            continue
        singular, plural = (m.id, None) if isinstance(m.id, str) else m.id
        fields = _fields(singular) + _fields(plural or "")
        if not fields:
            continue
        for count in ((1, 2, 12345) if plural else (3,)):
            for i in range(4):
                params = {name: _value(name, spec, i, count) for name, spec in fields}
                message = Message(singular, params, plural=plural, count=count if plural else None)
                yield singular, count, tr.render(message)


SEAMS = {
    "fr": [
        (re.compile(r"\bde (?:[AEIOUYÉÈaeiouyéè])"), "no elision after « de »"),
        (re.compile(r"\b[dD]e (?:Les?|les?) "), "« de le / de les » not contracted"),
        (re.compile(r"\bà (?:Les?|les?) "), "« à le / à les » not contracted"),
        (re.compile(r"\b(?:poser|de|sur|à|vers|que) (?:L’|La |Le |Les |Un |Une )"), "a capital article mid-sentence"),
        (re.compile(r"\b1 (?:cartes|positions|coups|donnes|parties|pages|paquets|jeux)\b"), "plural after 1"),
        (re.compile(r"[^\s\u00a0\u202f][:;!?](?:\s|$)"), "no no-break space before « : ; ! ? »"),
        (re.compile(r" [:;!?](?:\s|$)"), "an ordinary space before « : ; ! ? »"),
        (re.compile(r"\d\.\d"), "a decimal point instead of a comma"),
        (re.compile(r"[{}]"), "a placeholder left in the text"),
    ],
    "en": [
        (re.compile(r"\ba (?:Ace|8)\b"), "« a » before a vowel sound"),
        (re.compile(r"\b1 (?:cards|positions|moves|deals|games|pages|packs)\b"), "plural after 1"),
        (re.compile(r"[{}]"), "a placeholder left in the text"),
    ],
}
# Colons that are not French punctuation: "file:line", "'t3 f'", a URL, a time.
NOT_PUNCTUATION = re.compile(r"Bidule:\d|\w+:\s*\d+:|https?:|\d:\d|'[^']*'|reussite:")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_message_with_real_values_shows_no_seam(lang):
    tr = host_translator(lang)
    seen, problems = set(), []
    for msgid, count, text in renderings(tr):
        seen.add(msgid)
        checked = NOT_PUNCTUATION.sub("", text)
        for pattern, what in SEAMS[lang]:
            if pattern.search(checked):
                problems.append(f"{what}: {msgid!r} (count {count}) -> {text!r}")
    assert len(seen) > 150  # every message with a value in it
    assert problems == []


@pytest.mark.parametrize("lang, msgid, params, expected", [
    ("fr", "{card.The} cannot go on {stack}: it takes only {suit}.", {"card": Card(1, 1), "stack": STACKS[2],
     "suit": SUITS[2]}, "Impossible de poser l’As de pique sur la fondation 2\u00a0: on n’y pose que du cœur."),
    ("fr", "{card.The} cannot go on {stack}: there is no {rank} on the foundation above it yet.",
     {"card": Card(2, 1), "stack": STACKS[2], "rank": RANKS[0]},
     "Le 2 de pique ne peut pas aller sur la fondation 2\u00a0: il n’y a pas encore d’As sur la fondation du "
     "dessus."),
    ("fr", "Play {game} game {number} again", {"game": GAMES[0], "number": 12},
     "Rejouer la partie 12 des Quarante voleurs"),
    ("fr", "Play {game} game {number} again", {"game": GAMES[1], "number": 12}, "Rejouer la partie 12 d’Osmose"),
    ("fr", "Play {game} game {number} again", {"game": GAMES[2], "number": 12}, "Rejouer la partie 12 du Mont Olympe"),
    ("fr", "Play {game} game {number} again", {"game": GAMES[3], "number": 12}, "Rejouer la partie 12 de Tournament"),
    ("en", "Play {game} game {number} again", {"game": GAMES[0], "number": 12}, "Play Forty Thieves game 12 again"),
    ("fr", "The rules of {game} are not available yet.", {"game": GAMES[0]},
     "Les règles des Quarante voleurs ne sont pas encore disponibles."),
    ("fr", MANY, {"count": 3, "card": Card(12, 2), "stack": STACKS[3]},
     "3 cartes à partir de la Dame de cœur sur la colonne 3."),
    ("fr", MANY, {"count": 3, "card": Card(13, 0), "stack": STACKS[3]},
     "3 cartes à partir du Roi de trèfle sur la colonne 3."),
    ("en", MANY, {"count": 3, "card": Card(13, 0), "stack": STACKS[3]},
     "3 cards from the King of clubs on column 3."),
    ("fr", "{stack.The}: {rule}", {"stack": STACKS[0], "rule": Message("Deals cards; click it to deal.")},
     "La pioche\u00a0: Distribue les cartes\u00a0; cliquez dessus pour distribuer."),
    ("fr", "{game} #{number}", {"game": "Osmose", "number": 12}, "Osmose n°\u00a012"),
])
def test_the_sentences_a_reader_expects(lang, msgid, params, expected):
    if isinstance(msgid, tuple):  # a plural entry: its form for the count
        message = Message(msgid[0], {k: v for k, v in params.items() if k != "count"}, plural=msgid[1],
                          count=params["count"])
    else:
        message = Message(msgid, params)
    assert host_translator(lang).render(message) == expected


@pytest.mark.parametrize("lang, count, seconds, expected", [
    ("fr", 1, 0.0125, "1 position examinée en 0,01\u00a0s"),
    ("fr", 12345, 2.5, "12\u202f345 positions examinées en 2,50\u00a0s"),
    ("en", 1, 0.0125, "1 position searched in 0.01 s"),
    ("en", 12345, 2.5, "12,345 positions searched in 2.50 s"),
])
def test_counts_and_durations_by_the_locale(lang, count, seconds, expected):
    tr = host_translator(lang)
    template = tr.ngettext("{nodes:,} position searched in {seconds:.2f} s",
                           "{nodes:,} positions searched in {seconds:.2f} s", count)
    assert tr.format(template, nodes=count, seconds=seconds) == expected
