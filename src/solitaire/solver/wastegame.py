"""The waste game: a proof that a position is lost from the order of its stock and waste
alone, where the searches of the real game cannot reach the end.

It holds in games whose piles are built runs and whose waste, filled by the stock alone,
empties only onto foundations and piles (``Tables.runs_only``: Fours Up). A position of the
waste game is only the number of cards left in the stock and the waste's cards; the cards
home and on the piles are what is neither, and how they lie is forgotten. It has two moves:

- deal: the stock's next card goes onto the waste; a position that the dead-position test
  (:mod:`solitaire.solver.dead`) proves lost is not entered;
- take: the waste's top card leaves it, when the cards out and it can stand home and on the
  piles with it on top (:func:`solitaire.solver.placement.can_leave`).

It is won when the stock and the waste are empty. Every line of the real game is a line of
the waste game: a move between the piles and the foundations changes neither the stock nor
the waste, a deal is a deal, and a card that leaves the waste leaves a real table, with that
card on top, which the check allows; and no position of a winning line is dead. So when a
search of the waste game from a position's stock and waste ends without reaching the end,
no line of the real game wins from it: it is lost (docs/solver.md, Pruning, rule 7).

One position of the waste game stands for every way the piles and foundations may lie, often
thousands of the real game's positions; the search is depth-first, taking before dealing.
The graph has no cycle (a deal or a take shortens twice the stock plus the waste), so a
position left with every move tried and no win is lost, whatever the search was asked: its
key goes into a set of keys known lost, which a kernel keeps from one search to the next, and
a search never enters a key of that set. The real game's searches ask it about every child
of a deal or of a card taken from the waste (:meth:`Kernel.waste_lost
<solitaire.solver.kernel.Kernel.waste_lost>`, rule 8 in docs/solver.md).
"""

from __future__ import annotations

import time
from typing import Final

from solitaire.solver.dead import built, cards_out, dead_counts
from solitaire.solver.placement import can_leave
from solitaire.solver.tables import Position, Tables

LOST: Final = "lost"
WON: Final = "won"
"""The waste game was won: that says nothing about the real game."""
UNKNOWN: Final = "unknown"

PROBE_BUDGET: Final = 256
"""Positions of the waste game a kernel searches from a child's stock and waste, once for
each (``Core``: ``PROBE_BUDGET`` in core/wastegame.c)."""

MEMO_MAX: Final = 1 << 22
"""Keys known lost a kernel keeps; past them it searches no more children (``Core``:
``MEMO_MAX`` in core/wastegame.c)."""

_CLOCK_EVERY: Final = 1024
_ROOT: Final = -1
_DEALT: Final = -2


def waste_game(
    t: Tables,
    pos: Position,
    stock_cards: bytes,
    budget: int,
    deadline: float | None = None,
    lost: set[bytes] | None = None,
) -> tuple[str, int]:
    """Search the waste game from ``pos`` until it is won, every position reachable has
    been entered (the real position is then lost), ``budget`` positions have been entered
    or ``deadline`` (a ``time.perf_counter()`` reading) passes: ("won" | "lost" |
    "unknown", positions entered). ``lost`` holds the keys known lost (the stock's length,
    then the waste), never entered, and gains those the search finds lost. A table laid out
    by hand whose piles are not all built runs is not searched: "unknown" after no position."""
    if not built(t, pos[0]):
        return UNKNOWN, 0
    lost = set() if lost is None else lost
    out = cards_out(t, pos)
    stock = pos[3]
    waste = bytearray(pos[4])
    if dead_counts(t, out, bytes(waste), stock_cards[:stock]):
        lost.add(_key(stock, waste))
        return LOST, 1
    entered = 0
    # A frame is a position of the waste game on the path: how far it has got (0: not
    # entered, 1: its take tried, 2: its deal tried) and how it was entered (the card taken,
    # _DEALT, or _ROOT), to undo when the search leaves it.
    frames: list[list[int]] = [[0, _ROOT]]
    while frames:
        frame = frames[-1]
        if frame[0] == 0 and _key(stock, waste) not in lost:
            entered += 1
            if stock == 0 and not waste:
                return WON, entered
            if entered >= budget or _late(entered, deadline):
                return UNKNOWN, entered
            frame[0] = 1
            if waste and can_leave(t, out, waste[-1]):
                card = waste.pop()
                out[card] += 1
                frames.append([0, card])
                continue
        if frame[0] == 1:
            frame[0] = 2
            if stock:
                stock -= 1
                waste.append(stock_cards[stock])
                if not dead_counts(t, out, bytes(waste), stock_cards[:stock]):
                    frames.append([0, _DEALT])
                    continue
                waste.pop()
                stock += 1
        if frame[0]:  # entered, and every move tried: lost
            lost.add(_key(stock, waste))
        frames.pop()  # leave the position: undo the move that entered it
        if frame[1] == _DEALT:
            waste.pop()
            stock += 1
        elif frame[1] >= 0:
            out[frame[1]] -= 1
            waste.append(frame[1])
    return LOST, entered


class KeptLost:
    """The keys of the waste game known lost, kept by a kernel from one search to the next,
    and the keys it has searched from (docs/solver.md, Pruning, rule 8)."""

    def __init__(self, t: Tables, stock_cards: bytes) -> None:
        self.t = t
        self.stock_cards = stock_cards
        self.keys: set[bytes] = set()
        self.probed: set[bytes] = set()

    def waste_game(self, pos: Position, budget: int, deadline: float | None) -> tuple[str, int]:
        """:func:`waste_game` from ``pos``, keeping the keys it finds lost."""
        return waste_game(self.t, pos, self.stock_cards, budget, deadline, self.keys)

    def lost(self, pos: Position) -> bool:
        """True when the waste game proves ``pos`` lost: its stock and waste are known lost,
        or a search of :data:`PROBE_BUDGET` positions from them (once for each key) proves
        them lost. Never on piles that are not built runs; no new search once
        :data:`MEMO_MAX` keys are known lost. Twin of the core's ``waste_lost``."""
        if not self.t.runs_only or not built(self.t, pos[0]):
            return False
        key = _key(pos[3], pos[4])
        if key in self.keys:
            return True
        if len(self.keys) >= MEMO_MAX or key in self.probed:
            return False
        self.probed.add(key)
        return self.waste_game(pos, PROBE_BUDGET, None)[0] == LOST


def _key(stock: int, waste: bytes | bytearray) -> bytes:
    """A position's key: the stock's length, then the waste."""
    return bytes((stock,)) + waste


def _late(entered: int, deadline: float | None) -> bool:
    """True when ``deadline`` has passed, looked at once every :data:`_CLOCK_EVERY` positions."""
    return not entered % _CLOCK_EVERY and deadline is not None and time.perf_counter() > deadline
