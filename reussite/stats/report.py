"""The statistics as a player reads them, in the player's language: shared by ``reussite stats`` and the
browser's statistics panel, so both show the same figures."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from babel.numbers import format_decimal

from reussite.messages import N_, Translator
from reussite.stats import RECENT, Stats

RESULT_NAMES = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}
PERCENT = N_("{percent}%")
#: A game the solver played or dealt is counted apart, under its game's name so marked.
ASSIST_NAMES = {"demo": N_("{game} (played by the solver)"), "winnable": N_("{game} (winnable deals only)")}


def duration(seconds: float | None) -> str:
    """``m:ss``, or ``h:mm:ss`` from an hour on; an empty string for no time."""
    if seconds is None:
        return ""
    total = int(seconds)
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def percent(value: float, tr: Translator) -> str:
    return tr.gettext(PERCENT).format(percent=format_decimal(value, "0.0", locale=tr.lang))


def local_date(iso: str, lang: str = "en") -> str:
    """A stored UTC time as the local date and time, to the minute, in the order of the interface language's
    locale (``03/12/2026, 14:05`` in British English, the English interface's)."""
    from babel import UnknownLocaleError
    from babel.dates import format_datetime

    from reussite.l10n import locale_tag

    try:
        when = datetime.fromisoformat(iso.replace("Z", "+00:00")).astimezone()
    except ValueError:
        return iso
    try:
        return format_datetime(when, "short", tzinfo=when.tzinfo, locale=locale_tag(lang).replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return when.strftime("%Y-%m-%d %H:%M")


def options_text(options: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items())


def report(stats: Stats, game_id: str | None, names, tr: Translator, limit: int | None = None,
           offset: int = 0, options_words=None) -> dict[str, Any]:
    """``summary`` (per game, options and assist) and ``recent`` (newest first, ``limit`` games from
    ``offset``: a page of the log) with their texts in ``tr``'s language, and ``total``, the games recorded;
    ``names(game_id)`` gives a game's name in that language (or None for a game not installed).
    ``limit=None`` keeps every game in ``recent`` (an export); ``options_words(game_id, options)`` says the
    options in words in that language (:func:`reussite.variant.options_in_words`), else they are ``name=value``."""
    def options_shown(game: str, options: dict[str, str]) -> str:
        return options_words(game, options) if options_words and options else options_text(options)

    summary = stats.summary(game_id)
    for g in summary:
        name = names(g["game"]) or g["game"]
        g["name"] = tr.gettext(ASSIST_NAMES[g["assist"]]).format(game=name) if g.get("assist") else name
        g["options_text"] = options_shown(g["game"], g["options"])
        g["percent_text"] = percent(g["percent"], tr)
        g["best_time_text"] = duration(g["best_time"])
    if limit is None:
        games = stats.rows(game_id)[::-1]
    else:
        games = stats.recent(game_id, limit or RECENT, offset) if limit else []
    for r in games:
        name = names(r["game"]) or r["game"]
        r["name"] = tr.gettext(ASSIST_NAMES[r["assist"]]).format(game=name) if r.get("assist") else name
        r["options_text"] = options_shown(r["game"], r["options"])
        r["result_text"] = tr.gettext(RESULT_NAMES[r["result"]])
        r["time_text"] = duration(r["seconds"])
        r["date_text"] = local_date(r["finished"], tr.lang)
    return {"summary": summary, "recent": games, "total": stats.count(game_id)}
