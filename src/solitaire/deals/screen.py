"""A cheap measure of how hard a deal's stock is, used to choose which deals to solve.

In a game with a one-pass waste, a stopper (:attr:`Rules.stoppers`: Fours Up's Aces, Twos
and Threes) can leave the waste only for a foundation or an empty pile, so every card under
it in the waste waits. :func:`burial` counts, for each stopper of the stock, the other cards
dealt before it: what it would bury if none of them had left the waste. The lower it is,
the more often the solver wins the deal (docs/winnable.md gives the figures for Fours Up).
The measure reads only the rules and the deal.
"""

from __future__ import annotations

from solitaire.engine.deal import deal
from solitaire.engine.rules import Rules


def screenable(rules: Rules) -> bool:
    """Whether the game's deals have a burial: it turns its stock onto a waste and has
    stoppers."""
    return rules.has_waste and bool(rules.stoppers)


def burial(rules: Rules, number: int) -> int | None:
    """The burial of deal ``number``, or None when a stopper is dealt to a pile (which it
    stops) or the game is not :func:`screenable`."""
    if not screenable(rules):
        return None
    stoppers = rules.stoppers
    state = deal(rules, number)
    if any(card in stoppers for pile in state.tableau for card in pile):
        return None
    others = total = 0
    for card in reversed(state.stock):  # the stock's last card is dealt first
        if card in stoppers:
            total += others
        else:
            others += 1
    return total


def passes(rules: Rules, number: int, limit: int | None) -> bool:
    """Whether deal ``number`` passes a screen of ``limit`` (None: every deal passes)."""
    if limit is None:
        return True
    measure = burial(rules, number)
    return measure is not None and measure < limit
