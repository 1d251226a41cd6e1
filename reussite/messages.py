"""Translatable messages (layer 1): marking msgids, rendering them late in the reader's language.

There is no global ``install()``: a :class:`Translator` is a value handed to whatever renders text, so a
French request and an English one can be served side by side. Code marks msgids with :func:`N_` (kept for
extraction, translated later) and builds :class:`Message` values that carry their parameters; a front end
renders them with the player's translator.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

#: The host's own gettext domain (English msgids in code, a French catalog).
UI_DOMAIN = "reussite"


def N_(msgid: str) -> str:
    """Mark a msgid for extraction without translating it now (gettext_noop)."""
    return msgid


@dataclass(frozen=True)
class Message:
    """A translatable message and its parameters, rendered late in the reader's language.

    ``params`` values may be plain values, cards (rendered as their localized names) or other messages.
    With ``plural`` set, ``count`` chooses the plural form and is available as ``{count}``.
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


class Translator:
    """Translations for one language: a chain of gettext catalogs, the most specific first."""

    def __init__(self, lang: str, translations: _gettext.NullTranslations | None = None) -> None:
        self.lang = lang
        self._t = translations or _gettext.NullTranslations()

    @classmethod
    def english(cls) -> Translator:
        return _ENGLISH

    def gettext(self, msgid: str) -> str:
        return self._t.gettext(msgid) if msgid else msgid

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def render(self, value: Any) -> str:
        """Render a Message, a card, or any other value in this language."""
        if isinstance(value, Message):
            if value.plural is not None:
                template = self.ngettext(value.msgid, value.plural, value.count or 0)
            else:
                template = self.gettext(value.msgid)
            if not value.params and value.count is None:
                return template
            params = {k: self.render(v) for k, v in value.params.items()}
            if value.count is not None:
                params.setdefault("count", str(value.count))
            try:
                return template.format(**params)
            except (KeyError, IndexError, ValueError):
                # A broken translation never hides the message: fall back to the msgid.
                return value.msgid.format(**params) if value.plural is None else template
        from reussite.cards import Card  # local: cards is below this layer and cheap

        if isinstance(value, Card):
            return self.card_name(value)
        return str(value)

    def card_name(self, card) -> str:
        return self.gettext(_CARD_NAME).format(
            rank=self.gettext(RANK_NAMES[card.rank - 1]), suit=self.gettext(SUIT_NAMES[card.suit])
        )

    def with_fallback(self, translations: _gettext.NullTranslations) -> Translator:
        """A translator that looks in ``translations`` first, then in this one (a plugin's own domain)."""
        translations.add_fallback(self._t)
        return Translator(self.lang, translations)


_ENGLISH = Translator("en")
_CARD_NAME = N_("{rank} of {suit}")
RANK_NAMES = (
    N_("Ace"), N_("2"), N_("3"), N_("4"), N_("5"), N_("6"), N_("7"), N_("8"), N_("9"), N_("10"),
    N_("Jack"), N_("Queen"), N_("King"),
)
SUIT_NAMES = (N_("clubs"), N_("spades"), N_("hearts"), N_("diamonds"))
