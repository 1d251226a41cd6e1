"""Command-line value types shared by every sub-command (layer 1: front ends at any layer may use them)."""

from __future__ import annotations

import argparse

from reussite.cards import check_game_number

MAX_DIGITS = 40  # game numbers have 20 at most; Python refuses to convert more than 4,300


def whole_number(text: str) -> int | None:
    """``text`` as a whole number if it is one written in ASCII digits (not "²", "٣" or 5,000 digits)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        return None
    return int(text)


def game_number(text: str) -> int:
    """``--number``: a PySolFC game number."""
    try:
        return check_game_number(int(text))
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc) if text.strip().lstrip("-").isdigit()
                                          else f"not a game number: {text!r}") from exc


def option_pair(text: str) -> tuple[str, str]:
    """``--option NAME=VALUE``."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, not {text!r}")
    key, value = text.split("=", 1)
    return key.strip(), value.strip()
