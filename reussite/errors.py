"""Errors a person can cause. Front ends print them as one line and exit non-zero, never a traceback."""

from __future__ import annotations


class UserError(Exception):
    """Something the user asked for or gave us is wrong; the message says what and where."""


class UnknownGame(UserError):
    pass


class IllegalMove(UserError):
    """A move the rules refuse. ``message`` is a :class:`reussite.l10n.Message` to show in the UI language."""

    def __init__(self, message) -> None:  # message: reussite.l10n.Message
        super().__init__(message.render_english())
        self.message = message


class SaveError(UserError):
    pass
