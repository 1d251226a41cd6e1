"""The statistics as a player reads them, in the player's language: shared by ``reussite stats`` and the
browser's statistics panel, so both show the same figures."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from babel.numbers import format_decimal

from reussite.messages import N_, Translator
from reussite.stats import Stats, recent, summarize

RESULT_NAMES = {"won": N_("won"), "lost": N_("lost"), "abandoned": N_("abandoned")}
PERCENT = N_("{percent}%")


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


def local_date(iso: str) -> str:
    """A stored UTC time as the local date and time, to the minute."""
    try:
        when = datetime.fromisoformat(iso.replace("Z", "+00:00"))
    except ValueError:
        return iso
    return when.astimezone().strftime("%Y-%m-%d %H:%M")


def options_text(options: dict[str, str]) -> str:
    return " ".join(f"{k}={v}" for k, v in options.items())


def report(stats: Stats, game_id: str | None, names, tr: Translator, limit: int | None = None) -> dict[str, Any]:
    """``summary`` (per game and options) and ``recent`` (newest first) with their texts in ``tr``'s
    language; ``names(game_id)`` gives a game's name in that language (or None for a game not installed).
    ``limit=None`` keeps every game in ``recent`` (an export)."""
    rows = stats.rows(game_id)
    summary = summarize(rows)
    for g in summary:
        g["name"] = names(g["game"]) or g["game"]
        g["options_text"] = options_text(g["options"])
        g["percent_text"] = percent(g["percent"], tr)
        g["best_time_text"] = duration(g["best_time"])
    games = recent(rows, len(rows) if limit is None else limit)
    for r in games:
        r["name"] = names(r["game"]) or r["game"]
        r["options_text"] = options_text(r["options"])
        r["result_text"] = tr.gettext(RESULT_NAMES[r["result"]])
        r["time_text"] = duration(r["seconds"])
        r["date_text"] = local_date(r["finished"])
    return {"summary": summary, "recent": games}
