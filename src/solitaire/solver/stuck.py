"""Stuck detection, searched on the solver's kernel: SPEC's rule at compiled speed.

A game is stuck when no sequence of moves brings a new card home or takes a card out of the
stock and waste into play. This module searches that question over the kernel's positions
(:mod:`solitaire.solver.kernel`), which read the same rules as the engine: its moves, with
each kind of duplicate left out, and its canonical keys, under which piles (and free cells)
that play the same are one position. Both only merge positions that reach the same
progress, so the answer is the one a plain search over the engine's moves gives, while the
same bound covers more of the table. ``tests/test_stuck.py`` holds that plain search and
checks the two against each other.
"""

from __future__ import annotations

from solitaire.rules import Rules
from solitaire.solver.kernel import FOUND0, Kernel, Position
from solitaire.state import State


def stuck(rules: Rules, state: State, limit: int) -> bool:
    """Whether no sequence of moves from ``state`` brings progress (see above), searching at
    most ``limit`` positions; reaching the limit answers False.
    """
    kernel = Kernel(rules, state)
    root = kernel.position(state)
    if root[5] == 0:
        return False  # won
    pool = root[3] + len(root[4])
    heights = _heights(kernel, root) if kernel.returns else []
    seen = {kernel.key(root)}
    stack = [root]
    while stack:
        pos = stack.pop()
        for raw in kernel.moves(pos):
            child = kernel.play(pos, raw)
            if child[3] + len(child[4]) < pool:
                return False  # a card left the stock and waste for the table
            if raw[1] >= FOUND0 and (
                not kernel.returns or _new_card_home(heights, _heights(kernel, child))
            ):
                return False
            key = kernel.key(child)
            if key in seen:
                continue
            if len(seen) >= limit:
                return False
            seen.add(key)
            stack.append(child)
    return True


def _heights(kernel: Kernel, pos: Position) -> list[list[int]]:
    """For each suit, the heights of its foundations, highest first."""
    heights: list[list[int]] = [[], [], [], []]
    for top in pos[1]:
        if top >= 0:
            heights[top & 3].append(kernel.homepos[top] + 1)
    for suit in heights:
        suit.sort(reverse=True)
    return heights


def _new_card_home(before: list[list[int]], after: list[list[int]]) -> bool:
    """Whether some card is home in ``after`` more often than in ``before``: where cards come
    back off the foundations the count of cards home can stay level while a new one goes up.
    A suit's foundations build from the same base, so that is when the k-th highest of the
    suit's foundations stands higher than before, for some k.
    """
    for old, new in zip(before, after, strict=True):
        for k, height in enumerate(new):
            if height > (old[k] if k < len(old) else 0):
                return True
    return False
