"""The facts of a rule that a translation must keep: numbers, cards, and the corrections (errata) of a source.

A number is a run of digits (``1,000``, ``1 000`` and ``1.000`` are one number); a card is a rank (digits or
a face letter in one of the languages below) followed by a suit glyph. A number the source spells out
(``two``, « deux ») may be written with digits in a translation, and the other way round.

An **erratum** is a unit whose source text is wrong: the catalog in the source's own language corrects it
(``locale/fr/LC_MESSAGES/help.po`` for the bundled pages) and carries a translator comment
``Erratum ID: why``. Every other language must translate the corrected text. The facts the correction
removes (a number, a card, a name) are what :func:`kept_errors` looks for in a translation.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

SUITS = "\u2660\u2665\u2666\u2663"
#: Face letters of the languages the rule pages are written or translated in: Ace 1, Jack 11, Queen 12,
#: King 13 (en A J Q K, fr A V D R, de A B D K, it A F D R); no letter stands for two ranks among them.
FACE_LETTERS = {"A": 1, "J": 11, "V": 11, "B": 11, "F": 11, "Q": 12, "D": 12, "K": 13, "R": 13}
#: Face cards named in words before a suit glyph (« l’As♣ »).
RANK_WORDS = {"ace": 1, "as": 1, "ass": 1, "asso": 1, "jack": 11, "valet": 11, "bube": 11, "fante": 11,
              "queen": 12, "dame": 12, "donna": 12, "regina": 12, "king": 13, "roi": 13, "könig": 13, "re": 13}
#: Numbers spelled out in the source languages of the help pages (and a few more), up to twenty; « un »,
#: « une », "ein" are "one" too.
NUMBER_WORDS = {
    "en": "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
          "sixteen seventeen eighteen nineteen twenty",
    "fr": "zéro un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze quinze seize "
          "dix-sept dix-huit dix-neuf vingt",
    "de": "null eins zwei drei vier fünf sechs sieben acht neun zehn elf zwölf dreizehn vierzehn fünfzehn "
          "sechzehn siebzehn achtzehn neunzehn zwanzig",
    "it": "zero uno due tre quattro cinque sei sette otto nove dieci undici dodici tredici quattordici "
          "quindici sedici diciassette diciotto diciannove venti",
    "es": "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce quince "
          "dieciséis diecisiete dieciocho diecinueve veinte",
}
_SPELLED = {w.replace("-", ""): str(n) for words in NUMBER_WORDS.values() for n, w in enumerate(words.split())}
_SPELLED.update({"une": "1", "un": "1", "una": "1", "ein": "1", "eine": "1"})
_TAG = re.compile(r"<[^<>]*>")
_ENTITY = re.compile(r"&(?:amp|lt|gt|quot|#39);")
_NUMBER = re.compile(r"(?<![\w])\d+(?:[,.\u00a0\u202f ]\d{3}(?!\d))*")
_CARD = re.compile(rf"(?<![\w])(10|[2-9]|[{''.join(FACE_LETTERS)}]|(?i:{'|'.join(RANK_WORDS)}))\s*([{SUITS}])")
_NAME = re.compile(r"\b[A-ZÀ-ÖØ-Þ][\w’'-]{2,}")
_WORD = re.compile(r"[^\W\d_]+")


def visible(text: str) -> str:
    """The text a reader sees: no tags (a URL or an ``alt`` is not a fact of the rule)."""
    return _ENTITY.sub(" ", _TAG.sub(" ", text))


def numbers(text: str) -> Counter:
    return Counter(re.sub(r"\D", "", n) for n in _NUMBER.findall(visible(text)))


def spelled(text: str) -> set[str]:
    """The numbers ``text`` spells out in words."""
    words = _WORD.findall(visible(text).lower().replace("-", ""))
    found = {_SPELLED.get(w) or _SPELLED.get(w[:-1]) for w in words}  # a plural too: "the four Tens"
    found |= {str(RANK_WORDS.get(w) or RANK_WORDS[w[:-1]]) for w in words
              if w in RANK_WORDS or (w.endswith("s") and w[:-1] in RANK_WORDS)}
    return found - {None}


def cards(text: str) -> Counter:
    """(rank, suit) of every card written with a suit glyph; ranks as numbers, face letters of any language."""
    out: Counter = Counter()
    for rank, suit in _CARD.findall(visible(text)):
        value = FACE_LETTERS.get(rank) or RANK_WORDS.get(rank.lower()) or int(rank)
        out[(value, suit)] += 1
    return out


_FACE_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


def card_name(card: tuple[int, str]) -> str:
    rank, suit = card
    return f"{_FACE_NAMES.get(rank, rank)}{suit}"


def names(text: str) -> set[str]:
    return set(_NAME.findall(visible(text)))


def number_problems(source: str, translation: str) -> list[str]:
    """A number or a card in the translation that the source does not have (8♠ became 7♠), like
    pofilter's ``numbers`` check. A number or a rank the source spells out (« deux », « l’As de trèfle »)
    may be written with digits or a glyph; a source number missing from the translation is not reported
    (the translation may spell it out)."""
    src_cards, src_spelled = cards(source), spelled(source)
    new_cards = [c for c in sorted(cards(translation) - src_cards) if str(c[0]) not in src_spelled]
    problems = [f"card {card_name(card)} is not in the source" for card in new_cards]
    allowed = set(numbers(source)) | src_spelled | {str(r) for r, _ in src_cards} | {str(r) for r, _ in new_cards}
    for n in sorted(set(numbers(translation)) - allowed, key=lambda x: (len(x), x)):
        problems.append(f"number {n} is not in the source")
    return problems


# -- errata -------------------------------------------------------------------------------------------

ERRATUM_COMMENT = re.compile(r"^Erratum\s+([\w.-]+?):?\s+(.*)$", re.S)


@dataclass(frozen=True)
class Erratum:
    """A unit corrected in its source language: ``corrected`` is the correction, ``catalog`` where it is."""

    id: str
    reason: str
    corrected: str
    catalog: Path
    context: str | None
    source: str

    def comment(self) -> str:
        """The extracted comment (``#.``) the template and every catalog carry for this unit."""
        return (f"Erratum {self.id}: the source text is wrong ({self.reason}). Translate the corrected text "
                f"instead, as given in {self.catalog.as_posix()}: {self.corrected}")

    def wrong_facts(self, other_sources: set[str] = frozenset()) -> tuple[Counter, Counter, set[str]]:
        """Numbers, cards and names of the faulty source that the correction removes. A name also used by
        another unit of the page (the game's own name in its title) is not one."""
        nums = numbers(self.source) - numbers(self.corrected)
        for n in list(nums):
            if n in spelled(self.corrected):
                del nums[n]
        bad_cards = cards(self.source) - cards(self.corrected)
        others = set().union(*(names(s) for s in other_sources)) if other_sources else set()
        return nums, bad_cards, names(self.source) - names(self.corrected) - others

    def kept_errors(self, translation: str, other_sources: set[str] = frozenset()) -> list[str]:
        """What of the uncorrected source a translation still says."""
        nums, bad_cards, bad_names = self.wrong_facts(other_sources)
        out = []
        got_cards = cards(translation)
        for card in sorted(bad_cards):
            if got_cards[card] > cards(self.corrected)[card]:
                out.append(f"card {card_name(card)}")
        got = numbers(translation)
        ranks = {str(r) for r, _ in bad_cards}
        for n in sorted(nums, key=lambda x: (len(x), x)):
            if got[n] > numbers(self.corrected)[n] and not (n in ranks and out):
                out.append(f"number {n}")
        words = names(translation)
        out += [f"name {w!r}" for w in sorted(bad_names & words)]
        if not out:
            return []
        return [f"keeps what erratum {self.id} corrects ({', '.join(out)}): translate the corrected text "
                f"given in the extracted comment (#.)"]


def find_errata(po_files: dict[str, Path], rel=lambda p: p,
                source_langs: dict[str, str] | None = None) -> dict[tuple[str | None, str], Erratum]:
    """The errata of a domain's catalogs, by (msgctxt, msgid).

    An entry whose translator comment starts with ``Erratum ID`` is a correction when its catalog is in the
    source language of its page (``source_langs``: page id -> language); for a page not listed there, the
    catalog whose text is closest to the msgid (and not equal: a correction changes it).
    """
    source_langs = source_langs or {}
    from reussite.catalogs.po import read_catalog

    found: dict[tuple[str | None, str], Erratum] = {}
    best: dict[tuple[str | None, str], float] = {}
    for lang, path in sorted(po_files.items()):
        for m in read_catalog(path):
            if not m.id or not isinstance(m.id, str) or not m.string or m.fuzzy or m.string == m.id:
                continue
            if source_langs.get(m.context, lang) != lang:
                continue
            match = ERRATUM_COMMENT.match(" ".join(m.user_comments).strip())
            if not match:
                continue
            key = (m.context, m.id)
            closeness = difflib.SequenceMatcher(None, m.id, m.string, autojunk=False).ratio()
            if closeness > best.get(key, -1.0):
                best[key] = closeness
                reason = re.sub(r";?\s*see docs/rules-notes\.md, Errata\.?$", "", match.group(2).strip())
                found[key] = Erratum(match.group(1), reason.rstrip(". "), m.string, Path(rel(path)), m.context,
                                     m.id)
    return found
