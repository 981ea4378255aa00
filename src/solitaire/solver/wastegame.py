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
thousands of the real game's positions; the search is depth-first, taking before dealing,
and remembers every position it has entered.
"""

from __future__ import annotations

import time
from typing import Final

from solitaire.solver.dead import built, dead_counts, home_counts
from solitaire.solver.placement import can_leave
from solitaire.solver.tables import Position, Tables

LOST: Final = "lost"
WON: Final = "won"
"""The waste game was won: that says nothing about the real game."""
UNKNOWN: Final = "unknown"

_CLOCK_EVERY: Final = 1024
_ROOT: Final = -1
_DEALT: Final = -2


def waste_game(
    t: Tables, pos: Position, stock_cards: bytes, budget: int, deadline: float | None = None
) -> tuple[str, int]:
    """Search the waste game from ``pos``  until it is won, every
    position reachable has been entered (the real position is then lost), ``budget``
    positions have been entered or ``deadline`` (a ``time.perf_counter()`` reading) passes:
    ("won" | "lost" | "unknown", positions entered). A table laid out by hand whose piles
    are not all built runs is not searched: "unknown" after no position."""
    if not built(t, pos[0]):
        return UNKNOWN, 0
    out = home_counts(t, pos[1])
    for pile in pos[0]:
        for card in pile:
            out[card] += 1
    stock = pos[3]
    waste = bytearray(pos[4])
    if dead_counts(t, out, bytes(waste), stock_cards[:stock]):
        return LOST, 1
    seen: set[bytes] = set()
    # A frame is a position of the waste game on the path: how far it has got (0: not yet
    # entered, 1: its take tried, 2: its deal tried) and how it was entered (the card taken,
    # _DEALT, or _ROOT), to undo when the search leaves it.
    frames: list[list[int]] = [[0, _ROOT]]
    while frames:
        frame = frames[-1]
        if frame[0] == 0:
            key = bytes((stock,)) + waste
            if key not in seen:
                seen.add(key)
                if stock == 0 and not waste:
                    return WON, len(seen)
                if len(seen) >= budget or _late(len(seen), deadline):
                    return UNKNOWN, len(seen)
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
        frames.pop()  # leave the position: undo the move that entered it
        if frame[1] == _DEALT:
            waste.pop()
            stock += 1
        elif frame[1] >= 0:
            out[frame[1]] -= 1
            waste.append(frame[1])
    return LOST, len(seen)


def _late(entered: int, deadline: float | None) -> bool:
    """True when ``deadline`` has passed, looked at once every :data:`_CLOCK_EVERY` positions."""
    return not entered % _CLOCK_EVERY and deadline is not None and time.perf_counter() > deadline
