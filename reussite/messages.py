"""Translatable messages (layer 1): marking msgids, rendering them late in the reader's language.

There is no global ``install()``: a :class:`Translator` is a value handed to whatever renders text, so a
French request and an English one can be served side by side. Code marks msgids with :func:`N_` (kept for
extraction, translated later) and builds :class:`Message` values that carry their parameters; a front end
renders them with the player's translator.
"""

from __future__ import annotations

import gettext as _gettext
import re
import string
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

#: The host's own gettext domain (English msgids in code, a French catalog).
UI_DOMAIN = "reussite"


def N_(msgid: str) -> str:
    """Mark a msgid for extraction without translating it now (gettext_noop)."""
    return msgid


def ngettext(singular: str, plural: str, n: int = 0) -> tuple[str, str]:
    """Mark a singular and plural msgid as one plural entry (the extractor's ``ngettext`` keyword), for a
    :class:`Message` with ``plural=`` and ``count=``; returns both, untranslated."""
    return singular, plural


def NP_(context: str, msgid: str) -> str:
    """Mark a msgid with its msgctxt for extraction without translating it now (pgettext_noop)."""
    return msgid


@dataclass(frozen=True)
class Message:
    """A translatable message and its parameters, rendered late in the reader's language.

    ``params`` values may be plain values, cards (rendered as their localized names) or other messages.
    With ``plural`` set, ``count`` chooses the plural form and is available as ``{count}``.

    A template may ask for a card or a rank with its article: ``{card.the}`` is "the 7 of diamonds", in
    French « le 7 de carreau », « la Dame de pique », « l’As de cœur »; ``{rank.a}`` is "a King", "an Ace",
    « un Roi », « une Dame »; ``{card.The}`` starts a sentence. Each rank in each form is its own catalog
    entry (msgctxt: :data:`FORMS`), so the article, gender and elision are the translator's, in any language.
    Any other value takes the forms too: ``{stack.The}`` is the stack's name with a capital.

    After "of" (French « de », which contracts with the article and elides before a vowel) a value takes
    ``{game.of}``: "of Forty Thieves", « des Quarante voleurs », « d’Osmose », « du Mont Olympe »; and
    ``{card.of_the}``: "of the Queen of hearts", « de la Dame de cœur », « du Roi de pique », « de l’As de
    trèfle ». A catalog may give a name's form after "of" outright (msgctxt :data:`OF_CONTEXT`, msgid the
    name: « du Mont Olympe », where the name has no article to contract); otherwise the template
    ``"of {name}"`` is translated and the language's contractions applied (:data:`CONTRACTIONS`).
    """

    msgid: str
    params: Mapping[str, Any] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None

    def render(self, tr: Translator) -> str:
        return tr.render(self)

    def render_english(self) -> str:
        return Translator.english().render(self)

    def __str__(self) -> str:
        return self.render_english()


def msg(msgid: str, **params: Any) -> Message:
    return Message(msgid, params)


def program_line(tr: Translator, text: str | Message) -> str:
    """A line the program writes on stderr, "reussite: TEXT", with the colon spaced as the language wants."""
    return tr.gettext("reussite: {message}").format(message=tr.render(text))


class Translator:
    """Translations for one language: a chain of gettext catalogs, the most specific first."""

    def __init__(self, lang: str, translations: _gettext.NullTranslations | None = None,
                 fallbacks: tuple[str, ...] = ()) -> None:
        self.lang = lang
        self._t = translations or _gettext.NullTranslations()
        #: The reader's languages after ``lang`` that untranslated text falls back to, in order, English last
        #: (``("fr", "en")`` for ``LANGUAGE=it:fr``); the help pages follow the same order.
        self.fallbacks = fallbacks

    @classmethod
    def english(cls) -> Translator:
        return _ENGLISH

    def gettext(self, msgid: str) -> str:
        if not msgid:
            return msgid
        text = self._t.gettext(msgid)
        return text if text is msgid or _usable(self.lang, [msgid], text) else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        text = self._t.ngettext(singular, plural, n)
        if text is singular or text is plural or _usable(self.lang, [singular, plural], text):
            return text
        return singular if n == 1 else plural

    def pgettext(self, context: str, msgid: str) -> str:
        text = self._t.pgettext(context, msgid)
        return text if text is msgid or _usable(self.lang, [msgid], text) else msgid

    def render(self, value: Any, form: str = "") -> str:
        """Render a Message, a card, or any other value in this language; ``form``: "the", "a", "The", "of"
        or "of_the" (see :class:`Message`)."""
        if form in ("of", "of_the"):
            return self.of_form(value, form == "of_the")
        if form == "The":
            text = self.render(value, "the")
            return text[:1].upper() + text[1:]
        if isinstance(value, Message):
            if form in FORMS and value.msgid in _RANK_INDEX:
                return self.rank_name(_RANK_INDEX[value.msgid] + 1, form)
            if value.plural is not None:
                template = self.ngettext(value.msgid, value.plural, value.count or 0)
            else:
                template = self.gettext(value.msgid)
            if not value.params and value.count is None:
                return template
            params = dict(value.params)
            if value.count is not None:
                params.setdefault("count", value.count)
            # gettext/ngettext only return translations whose placeholders match the msgid's.
            return self.format(template, **params)
        from reussite.cards import Card  # local: cards is below this layer and cheap

        if isinstance(value, Card):
            return self.card_name(value, form)
        return str(value)

    def of_form(self, value: Any, the: bool = False) -> str:
        """``value`` after the preposition "of": « des Quarante voleurs », « d’As », « de la Dame de cœur »."""
        if not the and isinstance(value, Message) and not value.params and value.plural is None:
            own = self.pgettext(OF_CONTEXT, value.msgid)  # a name's own form, from its catalog
            if own != value.msgid:
                return own
        name = self.render(value, "the" if the else "")
        return contract(self.lang, self.gettext(_OF).format(name=name))

    def format(self, template: str, **values: Any) -> str:
        """``template.format(**values)`` in this language: cards and messages rendered (in the form a field
        asks for, ``{card.the}``), numbers with the language's separators (``{seconds:.2f}`` is "0,25" in
        French, ``{nodes:,}`` "12 345")."""
        return template.format(**{k: _Formed(self, v) for k, v in values.items()})

    def number(self, value: float, spec: str = "") -> str:
        """``format(value, spec)`` with this language's signs, from Babel's locale data (French "0,25",
        "12 345"): ``spec`` is a Python format spec such as ".2f", ",", ",.1f" or "g"."""
        text = format(value, spec)
        if self.lang == "en":
            return text
        try:
            from babel.numbers import get_decimal_symbol, get_group_symbol  # loaded on the first number
            points = get_decimal_symbol(self.lang), get_group_symbol(self.lang)
        except (ValueError, LookupError):  # a language Babel does not know: Python's signs
            return text
        return text.translate({ord("."): points[0], ord(","): points[1]})

    def rank_name(self, rank: int, form: str = "") -> str:
        """A rank's name, bare ("Queen") or with its article ("the Queen", "a Queen"; « la Dame », « une Dame »)."""
        if rank == 0:  # the joker
            if form == "The":
                text = self.rank_name(0, "the")
                return text[:1].upper() + text[1:]
            return self.pgettext(FORMS[form], _JOKER_RANK[form]) if form in FORMS else self.gettext(_JOKER_RANK[""])
        if form == "The":
            return self.render(Message(RANK_NAMES[rank - 1]), form)
        if form in FORMS:
            return self.pgettext(FORMS[form], _RANK_FORMS[form][rank - 1])
        return self.gettext(RANK_NAMES[rank - 1])

    def card_code(self, card) -> str:
        """A card as the text mode shows it: English "QD", "TC" (the codes of saves), French « D♦ », « 10♣ »
        (letters a French player reads at once: no C for clubs taken for cœur, no D for diamonds taken for
        Dame); each rank letter and suit sign is the catalog's (:data:`CARD_LEGEND` explains them)."""
        letter = _JOKER_LETTER if card.rank == 0 else _RANK_LETTERS[card.rank - 1]
        return self.pgettext(_RANK_LETTER, letter) + self.pgettext(_SUIT_SIGN, _SUIT_SIGNS[card.suit])

    def card_name(self, card, form: str = "") -> str:
        """``card``'s name, bare ("7 of diamonds") or with its article ("the 7 of diamonds")."""
        if form == "The":
            return self.render(card, form)
        if card.rank == 0:  # a joker: a name of its own, by colour (its "suit" is only that)
            names = _JOKER_NAMES[form if form in FORMS else ""]
            name = names[card.suit == 2]
            return self.pgettext(FORMS[form], name) if form in FORMS else self.gettext(name)
        return self.gettext(_CARD_NAME).format(rank=self.rank_name(card.rank, form),
                                               suit=self.gettext(SUIT_NAMES[card.suit]))

    def with_fallback(self, translations: _gettext.NullTranslations) -> Translator:
        """A translator that looks in ``translations`` first, then in this one (a plugin's own domain)."""
        translations.add_fallback(self._t)
        return Translator(self.lang, translations, self.fallbacks)


class _Formed:
    """A message parameter: ``{card}`` renders it, ``{card.the}`` renders it in that form."""

    __slots__ = ("tr", "value")

    def __init__(self, tr: Translator, value: Any) -> None:
        self.tr, self.value = tr, value

    def __format__(self, spec: str) -> str:
        if spec and isinstance(self.value, (int, float)) and not isinstance(self.value, bool):
            return self.tr.number(self.value, spec)  # "{seconds:.1f}", "{nodes:,}"
        return format(self.tr.render(self.value), spec)

    def __str__(self) -> str:
        return self.tr.render(self.value)

    def __repr__(self) -> str:  # "{move!r}"
        return repr(self.tr.render(self.value))

    def __getattr__(self, form: str) -> str:
        if form not in VALUE_FORMS:
            raise AttributeError(f"no form {form!r}: a value takes {', '.join(VALUE_FORMS)}")
        return self.tr.render(self.value, form)


# -- translations a catalog cannot break commands with -------------------------------------------------

_PRINTF = re.compile(r"%(?:\((\w+)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([diouxXeEfFgGcrs%])")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def brace_fields(text: str) -> set[str]:
    """The ``{name}`` fields of a str.format template, by name: ``{card.the}`` and ``{card.of}`` are both
    ``card`` (a translation picks the form its grammar needs); ValueError if its braces are malformed, or
    a field asks for a form no value has."""
    names = set()
    for _, f, _, _ in string.Formatter().parse(text):
        if f is None:
            continue
        name, dot, form = f.partition(".")
        if dot and form not in VALUE_FORMS:
            raise ValueError(f"{{{f}}} asks for a form values do not have (forms: {', '.join(VALUE_FORMS)})")
        names.add(name)
    return names


def printf_specs(text: str) -> set[str]:
    return {m.group(0) for m in _PRINTF.finditer(text) if m.group(2) != "%"}


# The argument types GNU msgfmt compares for python-format entries (gettext's format-python.c).
_PRINTF_TYPE = {**dict.fromkeys("diouxX", "integer"), **dict.fromkeys("eEfFgG", "float"), "c": "character",
                **dict.fromkeys("sra", "any")}


def _printf_args(text: str) -> tuple[list[str], dict[str, str]]:
    unnamed, named = [], {}
    for m in _PRINTF.finditer(text):
        if m.group(2) == "%":
            continue
        kind = _PRINTF_TYPE.get(m.group(2), "any")
        if m.group(1) is not None:
            named[m.group(1)] = kind
        else:
            unnamed.append(kind)
    return unnamed, named


def printf_problem(sources: list[str], translation: str) -> str | None:
    """How ``translation``'s printf directives differ from its msgid's, judged as GNU ``msgfmt --check``
    judges a python-format entry: only when the msgid has directives (an msgid without any is not a format
    string, so « 50 % des » in its translation is text), by argument count, name and type, so "50% of"
    against « 50 % des » (two integer directives, to a parser) passes as msgfmt passes it."""
    src = [_printf_args(s) for s in sources]
    if not any(u or n for u, n in src):
        return None
    unnamed, named = _printf_args(translation)
    s_unnamed, s_named = src[0][0], {k: v for _, n in src for k, v in n.items()}

    def same(a: str, b: str) -> bool:
        return a == b  # msgfmt: "%s" and "%r" are alike, "%s" and "%d" are not

    plural = len(sources) > 1
    if (s_named and unnamed) or (s_unnamed and named):
        what = "named and unnamed directives mixed"
    elif s_unnamed or unnamed:
        ok = len(unnamed) == len(s_unnamed) or (plural and not unnamed)
        ok = ok and all(same(a, b) for a, b in zip(s_unnamed, unnamed, strict=False))
        what = None if ok else "not the same arguments"
    else:
        unknown = sorted(set(named) - set(s_named))
        missing = [] if plural else sorted(set(s_named) - set(named))
        wrong = sorted(k for k in set(named) & set(s_named) if not same(named[k], s_named[k]))
        what = "; ".join(x for x in (unknown and f"unknown %({', '.join(unknown)})",
                                     missing and f"missing %({', '.join(missing)})",
                                     wrong and f"other type for %({', '.join(wrong)})") if x) or None
    if what is None:
        return None
    return (f"printf placeholders differ ({what}): source {sorted(printf_specs(' '.join(sources)))}, "
            f"translation {sorted(printf_specs(translation))}")


def placeholder_problems(sources: list[str], translation: str, printf: bool = True) -> list[str]:
    """How ``translation``'s placeholders differ from its msgid's (``sources``: msgid, or msgid and plural);
    ``printf=False`` for text that is never %-formatted (help units).

    A singular translation has exactly the msgid's placeholders; a plural form may leave some out (French
    "un paquet") but never invents one.
    """
    problems = []
    wanted: set[str] = set()
    for s in sources:
        try:
            wanted |= brace_fields(s)
        except ValueError:
            pass  # a msgid that is not a template: its braces are text
    try:
        got = brace_fields(translation)
    except ValueError as exc:
        problems.append(f"broken placeholder: {exc}")
    else:
        extra, missing = sorted(got - wanted), sorted(wanted - got)
        if len(sources) > 1:
            missing = []
        what = "; ".join(x for x in (extra and f"unknown {', '.join('{' + e + '}' for e in extra)}",
                                     missing and f"missing {', '.join('{' + m + '}' for m in missing)}") if x)
        if what:
            problems.append(f"placeholders differ from the source: {what}")
    printf_bad = printf_problem(sources, translation) if printf else None
    if printf_bad:
        problems.append(printf_bad)
    return problems


_WARNED: set[tuple[str, str]] = set()


def warn_once(key: tuple[str, str], text: str) -> None:
    """One line on stderr per ``key`` and process: a bad catalog must not flood the output."""
    if key not in _WARNED:
        _WARNED.add(key)
        print(f"warning: {text}", file=sys.stderr)


@lru_cache(maxsize=4096)
def _problems(sources: tuple[str, ...], translation: str) -> tuple[str, ...]:
    return tuple(placeholder_problems(list(sources), translation))


def _usable(lang: str, sources: list[str], translation: str) -> bool:
    problems = _problems(tuple(sources), translation)
    if problems:
        warn_once((lang, sources[0]), f"the {lang!r} translation of {sources[0]!r} is ignored "
                                       f"({problems[0]}); run 'reussite i18n check'")
    return not problems


def printable(text: str) -> str:
    """``text`` without control characters (ESC and the like) that would drive a terminal; tabs, newlines
    and carriage returns (progress lines) stay."""
    return _CONTROL.sub("", text) if _CONTROL.search(text) else text


def plural_forms_problem(header: str) -> str | None:
    """What is wrong with a ``Plural-Forms`` value (None if it is usable), read as :mod:`gettext` reads it."""
    parts = header.split(";")
    m = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*", parts[0])
    if not m or int(m.group(1)) < 1:
        return f"invalid Plural-Forms {header.strip()!r}: it must start with nplurals=N (N >= 1)"
    if len(parts) < 2 or "plural=" not in parts[1]:
        return f"invalid Plural-Forms {header.strip()!r}: no plural=EXPRESSION after nplurals"
    nplurals = int(m.group(1))
    try:
        func = _gettext.c2py(parts[1].split("plural=", 1)[1])
        bad = next((n for n in (*range(1000), 10**6, 10**9) if not 0 <= func(n) < nplurals), None)
    except (ValueError, ArithmeticError, RecursionError) as exc:
        return f"invalid Plural-Forms {header.strip()!r}: {exc}"
    if bad is not None:
        return f"invalid Plural-Forms {header.strip()!r}: n={bad} gives form {func(bad)}, not below nplurals={nplurals}"
    return None


_ENGLISH = Translator("en")
#: The msgctxt of a name's form after "of" in a catalog (French « du Mont Olympe »).
OF_CONTEXT = "name after the preposition of"
# A name after "of" when its catalog has no form of its own for it; French contractions come after.
# TRANSLATORS: French "de {name}" (du, des and d’ are made from it).
_OF = N_("of {name}")


def contract(lang: str, text: str) -> str:
    """The language's contractions after a preposition, on a rendered text: French « de le » -> « du », « de
    les » -> « des », « de » -> « d’ » before a vowel (a title's article: « de Les quarante voleurs » ->
    « des Quarante voleurs »)."""
    for pattern, repl in CONTRACTIONS.get(lang, ()):
        text, n = pattern.subn(repl, text, count=1)
        if n:
            break
    return text


#: Per language, (pattern, replacement) tried in order; the first that matches is applied.
CONTRACTIONS: dict[str, tuple] = {
    "fr": (
        (re.compile(r"^(d)e Les (\w)"), lambda m: m.group(1) + "es " + m.group(2).upper()),
        (re.compile(r"^(d)e les (\w)"), lambda m: m.group(1) + "es " + m.group(2)),
        (re.compile(r"^(d)e le (\w)"), lambda m: m.group(1) + "u " + m.group(2)),
        (re.compile(r"^(d)e Le (\w)"), lambda m: m.group(1) + "u " + m.group(2).upper()),
        (re.compile(r"^(d)e ([aeiouyàâéèêëîïôœûAEIOUYÀÂÉÈÊËÎÏÔŒÛ]|h(?=[aeiou]))"),
         lambda m: m.group(1) + "’" + m.group(2)),
    ),
}
#: Every form a ``{value.form}`` field may ask for.
VALUE_FORMS = ("the", "a", "The", "of", "of_the")
_CARD_NAME = N_("{rank} of {suit}")
RANK_NAMES = (
    N_("Ace"), N_("2"), N_("3"), N_("4"), N_("5"), N_("6"), N_("7"), N_("8"), N_("9"), N_("10"),
    N_("Jack"), N_("Queen"), N_("King"),
)
SUIT_NAMES = (N_("clubs"), N_("spades"), N_("hearts"), N_("diamonds"))

_RANK_INDEX = {name: i for i, name in enumerate(RANK_NAMES)}


#: A form -> the msgctxt of the ranks in that form. English msgids are the English forms.
FORMS = {"the": "rank with the definite article", "a": "rank with the indefinite article"}
_RANK_FORMS = {
    "the": (
        NP_("rank with the definite article", "the Ace"), NP_("rank with the definite article", "the 2"),
        NP_("rank with the definite article", "the 3"), NP_("rank with the definite article", "the 4"),
        NP_("rank with the definite article", "the 5"), NP_("rank with the definite article", "the 6"),
        NP_("rank with the definite article", "the 7"), NP_("rank with the definite article", "the 8"),
        NP_("rank with the definite article", "the 9"), NP_("rank with the definite article", "the 10"),
        NP_("rank with the definite article", "the Jack"), NP_("rank with the definite article", "the Queen"),
        NP_("rank with the definite article", "the King"),
    ),
    "a": (
        NP_("rank with the indefinite article", "an Ace"), NP_("rank with the indefinite article", "a 2"),
        NP_("rank with the indefinite article", "a 3"), NP_("rank with the indefinite article", "a 4"),
        NP_("rank with the indefinite article", "a 5"), NP_("rank with the indefinite article", "a 6"),
        NP_("rank with the indefinite article", "a 7"), NP_("rank with the indefinite article", "an 8"),
        NP_("rank with the indefinite article", "a 9"), NP_("rank with the indefinite article", "a 10"),
        NP_("rank with the indefinite article", "a Jack"), NP_("rank with the indefinite article", "a Queen"),
        NP_("rank with the indefinite article", "a King"),
    ),
}

#: The jokers (reussite.cards.JOKER): by colour, black then red, bare and in each form.
_JOKER_NAMES = {
    "": (N_("black joker"), N_("red joker")),
    "the": (NP_("rank with the definite article", "the black joker"),
            NP_("rank with the definite article", "the red joker")),
    "a": (NP_("rank with the indefinite article", "a black joker"),
          NP_("rank with the indefinite article", "a red joker")),
}
#: A joker as a rank ("a card one rank above or a Joker").
_JOKER_RANK = {"": N_("Joker"), "the": NP_("rank with the definite article", "the Joker"),
               "a": NP_("rank with the indefinite article", "a Joker")}

# The text mode's card notation; English letters are the cards' codes (reussite.cards.RANKS and SUITS).
_RANK_LETTER, _SUIT_SIGN = "rank letter in the text mode", "suit sign in the text mode"
_RANK_LETTERS = (
    NP_("rank letter in the text mode", "A"), NP_("rank letter in the text mode", "2"),
    NP_("rank letter in the text mode", "3"), NP_("rank letter in the text mode", "4"),
    NP_("rank letter in the text mode", "5"), NP_("rank letter in the text mode", "6"),
    NP_("rank letter in the text mode", "7"), NP_("rank letter in the text mode", "8"),
    NP_("rank letter in the text mode", "9"), NP_("rank letter in the text mode", "T"),
    NP_("rank letter in the text mode", "J"), NP_("rank letter in the text mode", "Q"),
    NP_("rank letter in the text mode", "K"),
)
_JOKER_LETTER = NP_("rank letter in the text mode", "X")
_SUIT_SIGNS = (NP_("suit sign in the text mode", "C"), NP_("suit sign in the text mode", "S"),
               NP_("suit sign in the text mode", "H"), NP_("suit sign in the text mode", "D"))
#: The legend of that notation, for the text mode's start and its help.
#: Said after CARD_LEGEND in a game whose pack has jokers.
JOKER_LEGEND = N_("XS is the black joker, XH the red one.")
CARD_LEGEND = N_("Cards: rank A 2-9 T J Q K, then suit C clubs, S spades, H hearts, D diamonds (QD is the Queen "
                 "of diamonds, TC the 10 of clubs); ## is a face-down card.")
