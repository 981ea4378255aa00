"""The end of a game: the win, Auto complete, and stuck detection."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from solitaire.engine.moves import home_wants, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import CELL, FOUNDATION, TABLEAU, WASTE, Move, Pile, State
from solitaire.solver import dead
from solitaire.solver import stuck as solver_stuck

PLAYING, WON, STUCK = "playing", "won", "stuck"

STUCK_SEARCH_LIMIT = 1000
"""How many positions stuck detection visits before it gives up and says "not stuck"."""


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


def is_stuck(
    rules: Rules,
    state: State,
    limit: int = STUCK_SEARCH_LIMIT,
    legal: Iterable[Move] | None = None,
) -> bool:
    """Whether no sequence of moves can bring a new card home or a card out of the stock
    and waste into play.

    Moves that only shuffle cards between piles, cells and (in Fours Up) off a foundation and
    back are searched, up to ``limit`` positions. Reaching the limit answers False: a game is
    called stuck only when the search proves it. The search runs on the solver's kernel, the C
    core where there is one (:mod:`solitaire.solver.stuck`), where piles that play the same
    count once; given the ``legal`` moves already listed, a move that is progress itself
    answers at once.
    """
    if is_won(rules, state):
        return False
    if legal is not None and any(_is_progress(rules, move) for move in legal):
        return False
    return solver_stuck(rules, state, limit)


def _is_progress(rules: Rules, move: Move) -> bool:
    """Whether playing ``move`` is progress by itself: a card home, the waste's top card into
    play, or a deal onto the piles (turning a card onto the waste is not: it stays there)."""
    return (
        move.dst.kind == FOUNDATION
        or move.src.kind == WASTE
        or (move.is_deal and not rules.has_waste)
    )


def status(rules: Rules, state: State, legal: Iterable[Move] | None = None) -> str:
    """``"won"``, ``"stuck"`` or ``"playing"`` (``legal``: the legal moves, if listed)."""
    if is_won(rules, state):
        return WON
    if is_stuck(rules, state, legal=legal):
        return STUCK
    return PLAYING


def is_lost(rules: Rules, state: State, status_now: str) -> bool:
    """Whether the position is proved lost: stuck (``status_now``, :func:`status`'s answer
    there), or proved by the solver's dead-position test, which costs microseconds
    (:func:`solitaire.solver.dead`). False says nothing: a lost position may not be caught."""
    if status_now == STUCK:
        return True
    return status_now == PLAYING and dead(rules, state)
