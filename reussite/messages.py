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

    def __init__(self, lang: str, translations: _gettext.NullTranslations | None = None) -> None:
        self.lang = lang
        self._t = translations or _gettext.NullTranslations()

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
        """Render a Message, a card, or any other value in this language; ``form``: "the", "a" or "The" (see
        :class:`Message`)."""
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

    def format(self, template: str, **values: Any) -> str:
        """``template.format(**values)`` in this language: cards and messages rendered (in the form a field
        asks for, ``{card.the}``), numbers with the language's separators (``{seconds:.2f}`` is "0,25" in
        French, ``{nodes:,}`` "12 345")."""
        return template.format(**{k: _Formed(self, v) for k, v in values.items()})

    def number(self, text: str) -> str:
        """A number formatted by Python ("1,234.5") with this language's decimal point and thousands separator."""
        points = self.pgettext("decimal point", "."), self.pgettext("thousands separator", ",")
        if points == _NUMBER_SIGNS:
            return text
        return text.translate({ord("."): points[0], ord(","): points[1]})

    def rank_name(self, rank: int, form: str = "") -> str:
        """A rank's name, bare ("Queen") or with its article ("the Queen", "a Queen"; « la Dame », « une Dame »)."""
        if form == "The":
            return self.render(Message(RANK_NAMES[rank - 1]), form)
        if form in FORMS:
            return self.pgettext(FORMS[form], _RANK_FORMS[form][rank - 1])
        return self.gettext(RANK_NAMES[rank - 1])

    def card_name(self, card, form: str = "") -> str:
        """``card``'s name, bare ("7 of diamonds") or with its article ("the 7 of diamonds")."""
        if form == "The":
            return self.render(card, form)
        return self.gettext(_CARD_NAME).format(rank=self.rank_name(card.rank, form),
                                               suit=self.gettext(SUIT_NAMES[card.suit]))

    def with_fallback(self, translations: _gettext.NullTranslations) -> Translator:
        """A translator that looks in ``translations`` first, then in this one (a plugin's own domain)."""
        translations.add_fallback(self._t)
        return Translator(self.lang, translations)


class _Formed:
    """A message parameter: ``{card}`` renders it, ``{card.the}`` renders it in that form."""

    __slots__ = ("tr", "value")

    def __init__(self, tr: Translator, value: Any) -> None:
        self.tr, self.value = tr, value

    def __format__(self, spec: str) -> str:
        if spec and isinstance(self.value, (int, float)) and not isinstance(self.value, bool):
            return self.tr.number(format(self.value, spec))  # "{seconds:.1f}", "{nodes:,}"
        return format(self.tr.render(self.value), spec)

    def __str__(self) -> str:
        return self.tr.render(self.value)

    def __repr__(self) -> str:  # "{move!r}"
        return repr(self.tr.render(self.value))

    def __getattr__(self, form: str) -> str:
        if form not in (*FORMS, "The"):
            raise AttributeError(f"no form {form!r}: a value takes {', '.join(FORMS)} or The")
        return self.tr.render(self.value, form)


# -- translations a catalog cannot break commands with -------------------------------------------------

_PRINTF = re.compile(r"%(?:\((\w+)\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d+))?[hlL]?([diouxXeEfFgGcrs%])")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


def brace_fields(text: str) -> set[str]:
    """The ``{name}`` fields of a str.format template; ValueError if its braces are malformed."""
    return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}


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
_CARD_NAME = N_("{rank} of {suit}")
RANK_NAMES = (
    N_("Ace"), N_("2"), N_("3"), N_("4"), N_("5"), N_("6"), N_("7"), N_("8"), N_("9"), N_("10"),
    N_("Jack"), N_("Queen"), N_("King"),
)
SUIT_NAMES = (N_("clubs"), N_("spades"), N_("hearts"), N_("diamonds"))

_RANK_INDEX = {name: i for i, name in enumerate(RANK_NAMES)}

# The signs of a number such as "12,345.6" in each language (French: a comma, and a narrow no-break space).
_NUMBER_SIGNS = (NP_("decimal point", "."), NP_("thousands separator", ","))

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
