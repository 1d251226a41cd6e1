"""Knowledge the solver works out from a game's declarations alone (its stack rules and packs)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from reussite.game import AnyMove, Game


class Knowledge:
    """What the declarations of one game class let the solver prove."""

    def __init__(self, game_class: type[Game]) -> None:
        self.game_class = game_class

    def safe_move(self, game: Game) -> AnyMove | None:
        return None

    def dead_end(self, game: Game) -> bool:
        return False
