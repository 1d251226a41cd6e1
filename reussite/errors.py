"""Errors a person can cause. Front ends print them as one line and exit non-zero, never a traceback."""

from __future__ import annotations


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
