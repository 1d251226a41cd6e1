"""Command-line value types shared by every sub-command (layer 1: front ends at any layer may use them)."""

from __future__ import annotations

import argparse

from reussite.cards import MAX_GAME_NUMBER, MIN_GAME_NUMBER, check_game_number
from reussite.messages import N_

MAX_DIGITS = 40  # game numbers have 20 at most; Python refuses to convert more than 4,300


def whole_number(text: str) -> int | None:
    """``text`` as a whole number if it is one written in ASCII digits (not "²", "٣" or 5,000 digits)."""
    text = text.strip()
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        return None
    return int(text)


def _(msgid: str) -> str:
    # argparse's own translation function, which the command line points at the player's language while
    # it parses (see reussite.cli._argparse_in): these errors are shown in the middle of argparse's.
    return argparse._(msgid)


def game_number(text: str) -> int:
    """``--number``: a PySolFC game number."""
    try:
        return check_game_number(int(text))
    except ValueError as exc:
        if text.strip().lstrip("-").isdigit():
            message = _(N_("game number {number} is out of range ({low} to {high})")).format(
                number=text.strip(), low=MIN_GAME_NUMBER, high=MAX_GAME_NUMBER)
        else:
            message = _(N_("not a game number: {text!r}")).format(text=text)
        raise argparse.ArgumentTypeError(message) from exc


def positive_number(text: str) -> float:
    """A number above 0 (seconds, megabytes)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_(N_("not a number: {text!r}")).format(text=text)) from None
    if not value > 0:
        raise argparse.ArgumentTypeError(_(N_("must be above 0: {text!r}")).format(text=text))
    return value


def option_pair(text: str) -> tuple[str, str]:
    """``--option NAME=VALUE``."""
    if "=" not in text:
        raise argparse.ArgumentTypeError(_(N_("expected NAME=VALUE, not {text!r}")).format(text=text))
    key, value = text.split("=", 1)
    return key.strip(), value.strip()
