"""Languages at run time (layer 6): choosing the UI language, loading catalogs, chaining a game's domain
before the host's. Rendering itself is in :mod:`reussite.messages`.
"""

from __future__ import annotations

import copy
import gettext as _gettext
import io
import os
import re
import struct
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from reussite.messages import UI_DOMAIN, Translator, plural_forms_problem, warn_once
from reussite.resources import data_dir

SUPPORTED_LANGS = ("en", "fr")
DEFAULT_LANG = "en"
#: The locale whose conventions (date order, numbers) an interface language follows, where it is not the
#: language's own default: the English interface writes British English ("colour"), so 3/12/2026 is 3 December.
LOCALE_OF = {"en": "en-GB"}


def locale_tag(lang: str) -> str:
    """The BCP 47 tag for dates and numbers in the interface language ``lang``: ``en-GB`` for ``en``."""
    return LOCALE_OF.get(lang, lang)


@lru_cache(maxsize=1)
def sort_key(text: str) -> tuple[str, str]:
    """How names sort for people in any of the languages here: accents and case aside first (« Écarté » among
    the E, « l’Horloge » under L), then as written, so that a French menu follows the French names."""
    import unicodedata

    plain = "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))
    return plain.casefold(), text


def available_langs() -> tuple[str, ...]:
    """The interface languages: the project's own (:data:`SUPPORTED_LANGS`) and any other with a compiled
    host catalog (a translator's new ``locale/de/LC_MESSAGES/reussite.mo``), so a new language is used
    as soon as it is compiled instead of falling back to English in silence."""
    try:
        base = Path(str(data_dir("reussite_locale")))
    except FileNotFoundError:
        return SUPPORTED_LANGS
    extra = sorted(sub.name for sub in base.iterdir() if sub.name not in SUPPORTED_LANGS
                   and (sub / "LC_MESSAGES" / f"{UI_DOMAIN}.mo").is_file()) if base.is_dir() else []
    return (*SUPPORTED_LANGS, *extra)


def normalize_lang(value: str | None) -> str | None:
    """``fr_FR.UTF-8`` -> ``fr``; ``C``/``POSIX``/empty -> None."""
    if not value:
        return None
    code = value.split(":")[0].split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("", "c", "posix"):
        return None
    return code


def choose_langs(cli_lang: str | None, environ: Mapping[str, str] | None = None) -> tuple[tuple[str, ...], str | None]:
    """The reader's languages, most wanted first: ``--lang``, then REUSSITE_LANG, then as gettext reads them,
    LANGUAGE (a list, ``it:fr``), LC_ALL, LC_MESSAGES, LANG; the first that is set decides, and any of them may
    be a colon-separated list. Only the available languages are kept; English when none is.

    An untranslated message is looked up in the next language of the list (:func:`host_translator`, the help
    pages), then in English. Returns ``(langs, warning)``; the warning (English, since no language is known
    yet) says why an unknown locale fell back to English.
    """
    env = os.environ if environ is None else environ
    candidates: list[tuple[str, str | None]] = [("--lang", cli_lang)]
    candidates += [(name, env.get(name)) for name in ("REUSSITE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")]
    for origin, raw in candidates:
        codes = [c for c in (normalize_lang(part) for part in (raw or "").split(":")) if c]
        if not codes:
            continue
        langs = available_langs()
        wanted = tuple(dict.fromkeys(c for c in codes if c in langs))
        if wanted:
            return wanted, None
        return (DEFAULT_LANG,), (
            f"warning: language {raw!r} (from {origin}) is not available; using English "
            f"(available: {', '.join(langs)})"
        )
    return (DEFAULT_LANG,), None


def reading_order(lang: str, fallbacks: Iterable[str] = ()) -> tuple[str, ...]:
    """The languages a message is looked for in: ``lang``, the reader's other languages, then English; the
    list stops at English, whose text every message has (the UI's msgids; the help's English catalog)."""
    order = list(dict.fromkeys((lang, *fallbacks, DEFAULT_LANG)))
    return tuple(order[:order.index(DEFAULT_LANG) + 1])


def load_translations(lang: str, domain: str, localedirs: Iterable[Path]) -> _gettext.NullTranslations | None:
    """The compiled catalog of ``domain`` for ``lang`` from the first folder that has it, else None."""
    for localedir in localedirs:
        mo = Path(str(localedir)) / lang / "LC_MESSAGES" / f"{domain}.mo"
        if mo.is_file():
            return read_mo(mo)
    return None


#: Parsed catalogs by (path, modification time, size): the page's game list asks for every game's catalog in
#: every language at each boot (3 x 101 of them), and parsing a .mo is most of that cost.
_PARSED: dict[tuple[str, int, int], _gettext.GNUTranslations] = {}


def read_mo(mo: Path) -> _gettext.GNUTranslations | None:
    """A compiled catalog, or None (with one warning naming the file) if no command could use it: a corrupt
    file or an invalid Plural-Forms would otherwise stop every command, ``reussite i18n`` included. Each call
    gives its own object (callers chain fallbacks onto it), sharing the parsed messages of an unchanged file."""
    try:
        stat = mo.stat()
        key = (str(mo), stat.st_mtime_ns, stat.st_size)
        parsed = _PARSED.get(key)
        if parsed is not None:
            return copy.copy(parsed)  # its own fallback, the same (read-only) messages
        data = mo.read_bytes()
        header = re.search(rb"\nPlural-Forms:([^\n]*)", b"\n" + data)
        problem = header and plural_forms_problem(header.group(1).decode("utf-8", "replace"))
        if not problem:
            parsed = _gettext.GNUTranslations(io.BytesIO(data))
            if len(_PARSED) > 256:  # catalogs rewritten again and again (a translator's session): start afresh
                _PARSED.clear()
            _PARSED[key] = parsed
            return copy.copy(parsed)
        text = f"{mo}: ignored, {problem}; fix the .po and run 'reussite i18n compile'"
    except (OSError, ValueError, IndexError, KeyError, UnicodeDecodeError, struct.error) as exc:
        text = f"{mo}: ignored, it cannot be read ({exc}); run 'reussite i18n compile'"
    warn_once(("mo", str(mo)), text)
    return None


@lru_cache(maxsize=32)
def host_translator(lang: str, fallbacks: tuple[str, ...] = ()) -> Translator:
    """The host's UI catalog for ``lang``; a message it lacks is looked up in the catalogs of ``fallbacks``
    (the reader's other languages, in order), then left in English (the msgids)."""
    try:
        dirs = [data_dir("reussite_locale")]
    except FileNotFoundError:
        dirs = []  # an installation without catalogs still works, in English
    order = reading_order(lang, fallbacks)
    chain: _gettext.NullTranslations | None = None
    for code in reversed(order[1:]):  # the last resort first: each catalog falls back to the one after it
        t = load_translations(code, UI_DOMAIN, dirs)
        if t is not None:
            if chain is not None:
                t.add_fallback(chain)
            chain = t
    t = load_translations(lang, UI_DOMAIN, dirs)
    if t is not None and chain is not None:
        t.add_fallback(chain)
    return Translator(lang, t if t is not None else chain, order[1:])


def translator_for_game(base: Translator, cls, host) -> Translator:
    """Look in the game's own domain first, then in ``base`` (the host's)."""
    domain = getattr(cls, "domain", UI_DOMAIN)
    if domain == UI_DOMAIN:
        return base
    dirs = [c.localedir for c in host.catalogs if c.domain == domain and c.kind == "ui"]
    chain = None  # the game's catalogs in the reader's languages, in order (English needs none)
    for code in reversed((base.lang, *base.fallbacks)):
        t = load_translations(code, domain, dirs)
        if t is not None:
            if chain is not None:
                t.add_fallback(chain)
            chain = t
    return base if chain is None else base.with_fallback(chain)
