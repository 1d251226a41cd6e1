"""Errors a person can cause. Front ends print them as one line and exit non-zero, never a traceback."""

from __future__ import annotations

import errno


class UserError(Exception):
    """Something the user asked for or gave us is wrong; the message says what and where.

    ``UserError(N_("unknown game {game}"), game=name)`` carries a translatable message that front ends
    render in the user's language; ``str(exc)`` is the English text.
    """

    def __init__(self, message, **params) -> None:  # message: str msgid or reussite.messages.Message
        from reussite.messages import Message

        self.message = message if isinstance(message, Message) else Message(message, params)
        super().__init__(self.message.render_english())


class UnknownGame(UserError):
    pass


class IllegalMove(UserError):
    """A move the rules refuse. ``message`` is a :class:`reussite.l10n.Message` to show in the UI language."""

    def __init__(self, message) -> None:  # message: reussite.messages.Message
        super().__init__(message)


class SaveError(UserError):
    pass


class PluginError(UserError):
    """A plugin's own code raised while doing something for the player (dealing, listing moves, scoring,
    rendering a help page...). The message names the game, the plugin and its distribution; the front end
    keeps the game as it was before (see :meth:`reussite.host.Host.guard`)."""

    def __init__(self, game: str, plugin: str, distribution: str, reason: str) -> None:
        from reussite.messages import N_

        self.game, self.plugin, self.distribution, self.reason = game, plugin, distribution, reason
        super().__init__(N_("The game {game} (plugin {plugin}, distribution {distribution}) failed: {reason}"),
                         game=game, plugin=plugin, distribution=distribution, reason=reason)

    def rolled_back(self):
        """What a front end says after going back to the position before the failing command."""
        from reussite.messages import N_, Message

        return Message(N_("{error}. The game goes on from the position before."), {"error": self.message})


def decode_utf8(data: bytes, name: str, advice: str, error: type[Exception] = UserError) -> str:
    """``data`` as text, or ``error("NAME:LINE: not valid UTF-8 (byte 0x..); ADVICE")`` pointing at the line."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise error(f"{name}:{line}: not valid UTF-8 (byte 0x{data[exc.start]:02x}); {advice}") from None


def os_reason(exc: BaseException):
    """Why an operating-system call failed, as a translatable message: the common errors in the reader's
    language (« fichier introuvable »), any other in the system's own words (its ``strerror``), which the
    English text always carries too (``str()`` of a UserError)."""
    from reussite.messages import Message

    text = _OS_REASONS.get(getattr(exc, "errno", None) or 0)
    if text is None:
        return getattr(exc, "strerror", None) or str(exc)
    return Message(text)


def json_reason(exc) -> object:
    """Why ``json`` refused a text (a ``JSONDecodeError``), as a translatable message for the common cases."""
    from reussite.messages import Message

    for start, text in _JSON_REASONS:
        if exc.msg.startswith(start):
            return Message(text)
    return exc.msg


def N_(msgid: str) -> str:  # the extraction keyword, without importing the message layer here
    return msgid


_OS_REASONS = {
    errno.ENOENT: N_("file not found"),
    errno.EACCES: N_("permission denied"),
    errno.EPERM: N_("operation not permitted"),
    errno.EISDIR: N_("it is a folder"),
    errno.ENOTDIR: N_("a part of the path is not a folder"),
    errno.ENOSPC: N_("no space left on the disk"),
    errno.EROFS: N_("the file system is read-only"),
    errno.EEXIST: N_("it already exists"),
    errno.EADDRINUSE: N_("the address is already in use"),
    errno.EADDRNOTAVAIL: N_("the address is not available on this machine"),
    errno.ENAMETOOLONG: N_("the file name is too long"),
}
_JSON_REASONS = (
    ("Expecting value", N_("a value was expected")),
    ("Expecting property name enclosed in double quotes", N_("a name in double quotes was expected")),
    ("Expecting ',' delimiter", N_("a comma was expected")),
    ("Expecting ':' delimiter", N_("a colon was expected")),
    ("Extra data", N_("more text after the end of the data")),
    ("Unterminated string", N_("a string is not closed")),
    ("Invalid control character", N_("a control character in a string")),
    ("Invalid \\escape", N_("an invalid escape sequence")),
)
