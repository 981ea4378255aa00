"""Hint: the next move of a line the solver proved, or the truth when there is none.

Three answers:

* ``won``: the solver found a winning line from here; the hint is its first move.
* ``lost``: the solver proved that no line wins from here; ``undos`` says how many moves
  to take back to reach a position that still wins (None when that was not found in time).
* ``unknown``: the search ran out of budget; the hint is a heuristic move, not proved.

A game that has followed its deal's stored solution (a proved deal) gets the rest of it at
once, with nothing searched or replayed. Every winning line found is remembered position by
position (:mod:`solitaire.advice.memory`), so a player who follows a line gets each next hint
at once. The library remembers them in this process (:data:`MEMORY`); :func:`hint_job` runs
one hint in a worker process and hands back the entries of the lines it found, for the caller
to keep where every process can read them (the site keeps them in its shared cache).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from solitaire.advice.memory import LineMemory
from solitaire.deals.winnable import followed, solution_for
from solitaire.engine.game import Game
from solitaire.engine.layout import Layout
from solitaire.engine.moves import legal_moves
from solitaire.engine.rules import Rules
from solitaire.engine.state import FOUNDATION, TABLEAU, WASTE, Move, State
from solitaire.engine.status import is_won
from solitaire.solver import solve
from solitaire.solver.verdict import Verdict

DEFAULT_BUDGET = 200_000
DEFAULT_SECONDS = 3.0
WON, LOST, UNKNOWN = Verdict.WON, Verdict.LOST, Verdict.UNKNOWN


@dataclass(frozen=True)
class Hint:
    """What Hint says about a position."""

    result: Verdict
    move: Move | None
    line: tuple[Move, ...] = ()
    undos: int | None = None
    positions: int = field(default=0, compare=False)

    def to_dict(self) -> dict[str, Any]:
        """The API's JSON form."""
        return {
            "result": self.result,
            "move": None if self.move is None else str(self.move),
            "line": [str(move) for move in self.line],
            "undos": self.undos,
            "proved": self.result.proved,
        }


MEMORY = LineMemory()
"""This process's winning lines, where :func:`hint` keeps them unless it is given a memory."""


def hint(
    game: Game,
    budget: int = DEFAULT_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: LineMemory | None = None,
    hard: int | None = None,
) -> Hint:
    """Advise the next move of ``game``, searching at most ``budget`` positions and about
    ``seconds`` seconds (None: no time cap), with the lines kept in ``memory`` (by default
    this process's :data:`MEMORY`). When the search answers "unknown" within the time, the
    hard-wins phase goes on with ``hard`` positions of its own (None: :func:`hard_budget`;
    0: none) in what is left of ``seconds``.
    """
    memory = MEMORY if memory is None else memory
    rules, state = game.rules, game.state
    if is_won(rules, state):
        return Hint(WON, None)
    line = stored_rest(game) or memory.recall(rules, state)
    if line:
        return Hint(WON, line[0], line)
    started = time.monotonic()
    hard = hard_budget(rules, budget) if hard is None else hard
    answer = solve(rules, state, budget, seconds=seconds, hard=hard)
    if answer.result == WON and answer.solution:
        memory.remember(rules, state, answer.solution)
        return Hint(WON, answer.solution[0], answer.solution, positions=answer.positions)
    if answer.result == LOST:
        left = None if seconds is None else max(0.0, seconds - (time.monotonic() - started))
        undos = undos_to_winnable(game, budget, left, memory)
        return Hint(LOST, None, (), undos, positions=answer.positions)
    return Hint(UNKNOWN, heuristic_move(rules, state, last_move(game)), positions=answer.positions)


HARD_FACTOR = 3
"""In games with a waste, Hint's hard-wins phase may expand this many times its budget of
positions, within the time its first phase leaves (the survey of Streets gives the phase
three times the first phase's budget too)."""


def hard_budget(rules: Rules, budget: int) -> int:
    """The hard-wins budget Hint gives a search of ``budget`` positions under ``rules``:
    :data:`HARD_FACTOR` times it in games with a waste, whose pieces are beams by stock
    card and rollouts, and 0 in the others, where they were never measured."""
    return HARD_FACTOR * budget if rules.has_waste else 0


def last_move(game: Game) -> Move | None:
    """The move that led to the position now, if any (Hint's heuristic never undoes it)."""
    return game.moves[-1] if game.moves else None


def undos_to_winnable(
    game: Game, budget: int, seconds: float | None, memory: LineMemory | None = None
) -> int | None:
    """How many undos take ``game`` back to a position with a winning line, or None when
    the search does not find one within the caps.
    """
    memory = MEMORY if memory is None else memory
    rules = game.rules
    deadline = None if seconds is None else time.monotonic() + seconds
    on_line = followed(rules.id, game.start.deal, game.notation)
    positions = game.positions
    for undos in range(1, len(positions)):
        state = positions[-1 - undos]
        if len(positions) - 1 - undos <= on_line or memory.recall(rules, state):
            return undos
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            return None
        answer = solve(rules, state, budget, seconds=left)
        if answer.result == WON and answer.solution:
            memory.remember(rules, state, answer.solution)
            return undos
        if answer.result != LOST:
            return None
    return None


def stored_rest(game: Game) -> tuple[Move, ...] | None:
    """The rest of the stored winning line of the game's deal (a proved deal), when every
    move of the game so far is that line's; else None. Nothing is replayed: the moves are
    compared as written."""
    played = game.notation
    if followed(game.rules.id, game.start.deal, played) < len(played):
        return None
    stored = solution_for(game.rules.id, game.start.deal or 0) or ()
    rest = tuple(Move.from_str(move) for move in stored[len(played) :])
    return rest or None


MIN_SECONDS = 0.05
"""A hint job that would have less time than this left answers "late" without searching."""


def hint_job(task: dict[str, Any]) -> dict[str, Any]:
    """One hint, run where the caller sends it (a worker process, or a Dask worker).

    ``task`` holds plain values only: ``game``, ``deal`` (or None), ``moves`` (output
    notation, played from the deal), ``layout`` (the position they reach, SPEC's layout
    JSON), ``budget``, ``seconds``, and ``deadline``, a wall-clock time (``time.time()``)
    after which nobody waits for the answer any more. Nothing is replayed unless the hint
    looks back for a winnable position.

    The answer: ``{"late": True}`` when the job started too late to think, otherwise
    ``{"late": False, "hint": Hint.to_dict(), "positions": N, "found": {...}}``, where
    ``found`` holds the entries of the winning lines it found
    (:attr:`LineMemory.found <solitaire.advice.memory.LineMemory.found>`), for the caller's
    memory to keep as they are.
    """
    seconds = float(task["seconds"])
    if task.get("deadline") is not None:
        seconds = min(seconds, float(task["deadline"]) - time.time())
        if seconds < MIN_SECONDS:
            return {"late": True}
    now = Layout.from_dict(task["layout"])
    if task.get("deal") is None:
        game = Game(now)
    else:
        game = Game.resume(Layout.dealt(task["game"], task["deal"]), task["moves"], now.state)
    memory = LineMemory()
    found = hint(game, int(task["budget"]), seconds, memory)
    return {
        "late": False,
        "hint": found.to_dict(),
        "positions": found.positions,
        "found": memory.found,
    }


def heuristic_move(rules: Rules, state: State, last: Move | None = None) -> Move | None:
    """A sensible move when nothing is proved: cards home first, then moves that empty a
    pile or bring a waste card into play, never the reverse of the last move.
    """
    best: tuple[int, Move] | None = None
    for move in legal_moves(rules, state):
        score = _score(rules, state, move, last)
        if best is None or score > best[0]:
            best = (score, move)
    return None if best is None else best[1]


def _score(rules: Rules, state: State, move: Move, last: Move | None) -> int:
    if move.is_deal:
        return 1
    score = 0
    if last is not None and (move.src, move.dst) == (last.dst, last.src):
        score -= 100
    if move.dst.kind == FOUNDATION:
        score += 100
    if move.src.kind == FOUNDATION:
        score -= 20
    if move.src.kind == WASTE:
        score += 10
    if move.src.kind == TABLEAU:
        pile = state.tableau[move.src.index]
        if len(pile) == move.count:
            score += 30 if move.dst.kind != TABLEAU or state.tableau[move.dst.index] else -30
        else:
            score += 5 * (len(pile) - move.count)
    if move.dst.kind == TABLEAU and not state.tableau[move.dst.index]:
        score -= 10
    return score
