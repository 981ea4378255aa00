"""Winning lines made shorter without losing the win.

A depth-first search can wander for thousands of moves before it reaches the win. Every
position along such a line is known to lead to the win, so when one move from an early
position reaches a later position of the same line, the moves in between can go.
"""

from __future__ import annotations

from collections.abc import Sequence

from solitaire.engine.moves import apply, legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State


def shorten(rules: Rules, start: State, line: Sequence[Move]) -> tuple[Move, ...]:
    """Return a line from ``start`` to the same final position, no longer than ``line``.

    From each position it takes the legal move that lands furthest along the line (the
    line's own next move at worst). Raises :class:`~solitaire.engine.errors.IllegalMoveError`
    when ``line`` does not replay from ``start``.
    """
    positions = [start]
    recorded: list[Move] = []
    for move in line:
        played, after = apply(rules, positions[-1], move)
        recorded.append(played)
        positions.append(after)
    last_seen = {state: index for index, state in enumerate(positions)}
    short: list[Move] = []
    index = 0
    end = len(positions) - 1
    while index < end:
        best, best_move = index + 1, recorded[index]
        for move in legal_moves(rules, positions[index]):
            reached = last_seen.get(play(rules, positions[index], move), -1)
            if reached > best:
                best, best_move = reached, move
        short.append(best_move)
        index = best
    return tuple(short)
