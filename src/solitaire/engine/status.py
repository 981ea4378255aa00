"""The end of a game: the win, Auto complete, and stuck detection.

Whether a game is stuck, and whether it is proved lost, take a search. The engine asks both
of a :class:`Judge` it is given, in one call: its own :data:`PLAIN` search over its legal
moves by default, or a faster one from whoever has it (the solver's
:data:`solitaire.solver.JUDGE`, which the site and the command line use). Nothing here
imports the solver.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise
from typing import Protocol

from solitaire.engine.cards import suit_of
from solitaire.engine.moves import home_wants, legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import CELL, FOUNDATION, TABLEAU, WASTE, Move, Pile, State

PLAYING, WON, STUCK = "playing", "won", "stuck"

STUCK_SEARCH_LIMIT = 1000
"""How many positions stuck detection visits before it gives up and says "not stuck"."""


class Judge(Protocol):
    """The search that settles the end of a game not won, given to the engine."""

    def assess(self, rules: Rules, state: State, limit: int) -> tuple[bool, bool]:
        """``(stuck, lost)`` for ``state``, which is not won.

        ``stuck``: no sequence of moves brings a new card home or a card out of the stock and
        waste into play, found by visiting at most ``limit`` positions; reaching the limit
        answers False, and ``limit`` 0 means the caller already knows it is not stuck.
        ``lost``: stuck, or proved lost by whatever else the judge knows; False says nothing.
        """
        ...


class PlainJudge:
    """The engine's own judge: SPEC's stuck rule as a plain search over the engine's legal
    moves, every position of the engine its own. It proves nothing lost but a stuck game.

    >>> from solitaire.engine.games import get_rules
    >>> from solitaire.engine.deal import deal
    >>> rules = get_rules("stronghold")
    >>> PLAIN.assess(rules, deal(rules, 1), STUCK_SEARCH_LIMIT)
    (False, False)
    """

    def assess(self, rules: Rules, state: State, limit: int) -> tuple[bool, bool]:
        """``(stuck, stuck)``: see :meth:`Judge.assess`."""
        stuck = limit > 0 and plain_stuck(rules, state, limit) is True
        return stuck, stuck


PLAIN = PlainJudge()
"""The judge a game has unless it is given another."""


@dataclass(frozen=True, slots=True)
class Standing:
    """Where a position stands: its status, whether it is proved lost, and its legal moves,
    worked out together, with one call to the judge."""

    status: str
    """``"won"``, ``"stuck"`` or ``"playing"``."""
    lost: bool
    """Proved lost: stuck, or by the judge's own proof. False says nothing."""
    legal: tuple[Move, ...]
    """Every legal move, in the engine's order."""


def standing(
    rules: Rules, state: State, judge: Judge = PLAIN, legal: Iterable[Move] | None = None
) -> Standing:
    """The status of ``state``, whether it is proved lost, and its legal moves (``legal``:
    already listed). A legal move that is progress by itself (a card home, the waste's card
    into play, a deal onto the piles) settles "not stuck" without a search; the judge is
    then asked only whether the position is proved lost.
    """
    moves = tuple(legal_moves(rules, state) if legal is None else legal)
    if is_won(rules, state):
        return Standing(WON, False, moves)
    progress = any(_is_progress(rules, move) for move in moves)
    stuck, lost = judge.assess(rules, state, 0 if progress else STUCK_SEARCH_LIMIT)
    return Standing(STUCK if stuck else PLAYING, lost or stuck, moves)


def status(rules: Rules, state: State, judge: Judge = PLAIN) -> str:
    """``"won"``, ``"stuck"`` or ``"playing"``."""
    return standing(rules, state, judge).status


def is_stuck(
    rules: Rules, state: State, limit: int = STUCK_SEARCH_LIMIT, judge: Judge = PLAIN
) -> bool:
    """Whether no sequence of moves can bring a new card home or a card out of the stock
    and waste into play, searching at most ``limit`` positions (False at the limit).

    Moves that only shuffle cards between piles, cells and (in Fours Up) off a foundation and
    back do not count: a game is called stuck only when the search proves it.
    """
    return not is_won(rules, state) and judge.assess(rules, state, limit)[0]


def plain_stuck(rules: Rules, state: State, limit: int) -> bool | None:
    """SPEC's stuck rule as a plain depth-first search over the engine's own moves, with no
    merging of positions: True when no sequence of moves brings progress, False when one
    does, None when ``limit`` positions did not settle it."""
    if is_won(rules, state):
        return False
    home, pool = _sorted_homes(state), len(state.stock) + len(state.waste)
    seen, stack = {state}, [state]
    while stack:
        position = stack.pop()
        for move in legal_moves(rules, position):
            after = play(rules, position, move)
            if len(after.stock) + len(after.waste) < pool or _more_home(home, _sorted_homes(after)):
                return False
            if after not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(after)
                stack.append(after)
    return True


def _sorted_homes(state: State) -> list[list[int]]:
    """For each suit, its foundations' heights, highest first."""
    heights: list[list[int]] = [[], [], [], []]
    for pile in state.foundations:
        if pile:
            heights[suit_of(pile[0])].append(len(pile))
    return [sorted(suit, reverse=True) for suit in heights]


def _more_home(before: list[list[int]], after: list[list[int]]) -> bool:
    """Whether some card is home more often after than before: where cards come back off the
    foundations (Fours Up) the count of cards home can stay level while a new one goes up."""
    return any(
        height > (old[k] if k < len(old) else 0)
        for old, new in zip(before, after, strict=True)
        for k, height in enumerate(new)
    )


def _is_progress(rules: Rules, move: Move) -> bool:
    """Whether playing ``move`` is progress by itself: a card home, the waste's top card into
    play, or a deal onto the piles (turning a card onto the waste is not: it stays there)."""
    return (
        move.dst.kind == FOUNDATION
        or move.src.kind == WASTE
        or (move.is_deal and not rules.has_waste)
    )


def is_won(rules: Rules, state: State) -> bool:
    """Whether every card is on a foundation."""
    return state.home_count() == rules.cards


def in_order(rules: Rules, pile: tuple[int, ...]) -> bool:
    """Whether the cards of ``pile`` can go home from the top down with no decision to make:
    bottom to top, no card is needed on a foundation before a card above it.
    """
    position = rules.home_position
    return all(position[low] >= position[high] for low, high in pairwise(pile))


def autocomplete_ready(rules: Rules, state: State) -> bool:
    """Whether nothing is left to decide: the stock and waste are empty, every pile is in
    order, and some card is not yet home.
    """
    return (
        not state.stock
        and not state.waste
        and not is_won(rules, state)
        and all(in_order(rules, pile) for pile in state.tableau)
    )


def autocomplete_moves(rules: Rules, state: State) -> list[Move]:
    """The foundation moves that play every remaining card home, in order.

    Each step sends home the first top card that goes (piles from ``t0``, then cells, then
    the waste) to the first foundation that takes it. Call it when
    :func:`autocomplete_ready` says so; elsewhere it plays home what it can and stops.
    """
    moves: list[Move] = []
    while True:
        move = _first_home_move(rules, state)
        if move is None:
            return moves
        moves.append(move)
        state = play(rules, state, move)


def _first_home_move(rules: Rules, state: State) -> Move | None:
    wants = home_wants(rules, state)
    sources = [(Pile(TABLEAU, i), pile[-1]) for i, pile in enumerate(state.tableau) if pile]
    sources += [(Pile(CELL, i), card) for i, card in enumerate(state.cells) if card is not None]
    if state.waste:
        sources.append((Pile(WASTE), state.waste[-1]))
    for src, card in sources:
        if card in wants:
            return Move(src, Pile(FOUNDATION, wants[card][0]))
    return None
