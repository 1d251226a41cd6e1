"""Shorter winning lines: cycles removed and detours cut, so that a hint sequence or the demo plays like a
person's game rather than a depth-first search's wanderings.

The line is replayed once, keeping the exact position after each move (every stack's cards and face-down
count, the redeals used: the positions a move is legal from, not the solver's folded keys, since the moves
that follow name stacks by index). Then, from each position, every legal move is tried once: a move that
reaches a position further along the line replaces the moves in between (a position met twice is the
special case of a detour of no move). The result is a line of legal moves from the same start to the same
won position, never longer; the solver replays it through the rules before reporting it, as any line.

Cost: one move generation and one move played and taken back per legal move of each position along the
line, a few passes, bounded by ``work`` moves played in all.
"""

from __future__ import annotations

from reussite.game import Game


def _exact(game: Game) -> bytes:
    # The stacks as they are, then the game's own key (which a variant extends with any state of its own).
    keys = [game.stack_key(i) for i in range(len(game.cards))]
    return b"".join(keys) + bytes((255, min(game.redeals_used, 254))) + game.position_key()


def shorten(game: Game, line: list, work: int = 200_000) -> list:
    """``line`` (legal from ``game``'s position, winning) made shorter where the positions along it allow;
    ``game`` is not changed."""
    line = list(line)
    while work > 0 and line:
        shorter, work = _one_pass(game, line, work)
        if len(shorter) >= len(line):
            break
        line = shorter
    return line


def _one_pass(game: Game, line: list, work: int) -> tuple[list, int]:
    probe = game.copy(history=False)
    probe.track_positions = False
    # The exact position after 0, 1, ... moves; the last index of each (a later visit wins).
    keys = [_exact(probe)]
    for move in line:
        probe.push(move, check=False)
        keys.append(_exact(probe))
    last = {key: i for i, key in enumerate(keys)}
    for _ in line:
        probe.pop()
    out: list = []
    i = 0
    n = len(line)
    while i < n:
        # First the cycle: the same position later on, reached by the line itself.
        j = last[keys[i]]
        if j > i:  # the probe stands at that very position already
            i = j
            continue
        best, best_j = None, i + 1
        if work > 0:
            for move in probe.legal_moves():
                work -= 1
                probe.push(move, check=False)
                k = last.get(_exact(probe), -1)
                probe.pop()
                if k > best_j:
                    best, best_j = move, k
        if best is None:
            probe.push(line[i], check=False)
            out.append(line[i])
            i += 1
            continue
        # One move reaches position best_j: the moves in between are a detour. Play the line's own moves
        # to get there (the same position), and keep only the shortcut.
        probe.push(best, check=False)
        out.append(best)
        i = best_j
    return out, work
