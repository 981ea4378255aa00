"""A winning line made shorter on the kernel before the solver hands it out.

The searches' lines wander: a best-first line goes back and forth between the positions it
tried. :func:`shorten` keeps the line's end and takes, from each position, the move that
lands furthest along it, as :func:`solitaire.engine.lines.shorten` does on the engine, but on the
kernel's positions, as the kernel's own ``Core.shorten``: the C core's (``core/shorten.c``)
or the Python kernel's, :func:`raw_shorten`, which give the same moves.
"""

from __future__ import annotations

from typing import Any

from solitaire.engine.moves import apply
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State
from solitaire.solver.protocol import Core, RawMove


def shorten(kernel: Core, rules: Rules, start: State, line: list[RawMove]) -> tuple[Move, ...]:
    """A winning line from ``start`` to the same final position, no longer than ``line``:
    from each position it takes the kernel's move that lands furthest along the line (the
    line's own next move at worst). Positions are compared exactly, not by key. The engine
    stays the judge: the line is replayed through :func:`solitaire.engine.moves.apply`, which
    raises if a move is illegal.
    """
    pos = kernel.position(start)
    raws = kernel.shorten(pos, line)
    short = tuple(map(kernel.to_move, raws))
    state = start
    for move in short:
        state = apply(rules, state, move)[1]
    return short


def raw_shorten(kernel: Core, pos: Any, line: list[RawMove]) -> list[RawMove]:
    """:func:`shorten`'s raw moves, on the Python kernel (``Kernel.shorten``)."""
    positions = [pos]
    for raw in line:
        pos = kernel.play(pos, raw)
        positions.append(pos)
    last_seen = {at: index for index, at in enumerate(positions)}
    short: list[RawMove] = []
    index = 0
    end = len(positions) - 1
    while index < end:
        here = positions[index]
        best, best_raw = index + 1, line[index]
        for raw in kernel.moves(here):
            reached = last_seen.get(kernel.play(here, raw), -1)
            if reached > best:
                best, best_raw = reached, raw
        short.append(best_raw)
        index = best
    return short
