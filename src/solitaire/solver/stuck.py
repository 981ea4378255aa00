"""Stuck detection, searched on the solver's kernel: the C core where the install built it,
else the Python kernel (:func:`solitaire.solver.backend.new_kernel`).

A game is stuck when no sequence of moves brings a new card home or takes a card out of the
stock and waste into play. This module searches that question over the kernel's positions,
which read the same rules as the engine: its moves, with each kind of duplicate left out,
and its canonical keys, under which piles (and free cells) that play the same are one
position. Both only merge positions that reach the same progress, so the answer is the one
a plain search over the engine's moves gives, while the same bound covers more of the table.
``tests/test_stuck.py`` holds that plain search and checks the two against each other. Both
kernels give the same moves in the same order and keys that tell apart the same positions,
so they visit the same positions and give the same answer under the same bound.
"""

from __future__ import annotations

from typing import Any

from solitaire.engine.rules import Rules
from solitaire.engine.state import State
from solitaire.solver.backend import new_kernel
from solitaire.solver.protocol import Core
from solitaire.solver.tables import FOUND0


def stuck(rules: Rules, state: State, limit: int) -> bool:
    """Whether no sequence of moves from ``state`` brings progress (see above), searching at
    most ``limit`` positions; reaching the limit answers False.
    """
    return stuck_on(new_kernel(rules, state), state, limit)


def stuck_on(kernel: Core, state: State, limit: int) -> bool:
    """:func:`stuck`, on a kernel made for ``state``'s game and stock."""
    root = kernel.position(state)
    if kernel.left(root) == 0:
        return False  # won
    pool = kernel.waiting(root)
    returns = kernel.returns
    heights = _heights(kernel, root) if returns else []
    seen = {kernel.key(root)}
    stack = [root]
    while stack:
        pos = stack.pop()
        for raw in kernel.moves(pos):
            child = kernel.play(pos, raw)
            if kernel.waiting(child) < pool:
                return False  # a card left the stock and waste for the table
            if raw[1] >= FOUND0 and (
                not returns or _new_card_home(heights, _heights(kernel, child))
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


def _heights(kernel: Core, pos: Any) -> list[list[int]]:
    """For each suit, the heights of its foundations, highest first."""
    heights: list[list[int]] = [[], [], [], []]
    for top in kernel.tops(pos):
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
