"""Hint: the next move of a line the solver proved, or the truth when there is none.

Three answers:

* ``won``: the solver found a winning line from here; the hint is its first move.
* ``lost``: the solver proved that no line wins from here; ``undos`` says how many moves
  to take back to reach a position that still wins (None when that was not found in time).
* ``unknown``: the search ran out of budget; the hint is a heuristic move, not proved.

Every winning line found, and every stored solution of a proved deal, is remembered
position by position, so a player who follows a line gets each next hint at once. The
library remembers them in this process (:data:`MEMORY`); :func:`hint_job` runs one hint
in a worker process and hands back the lines it found, for the caller to keep where every
process can read them (the site keeps them in its shared cache).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Protocol

from solitaire.deals.winnable import solution_for
from solitaire.engine.game import Game
from solitaire.engine.layout import Layout
from solitaire.engine.moves import legal_moves, play
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


class Memory(Protocol):
    """Somewhere to keep winning lines by position."""

    def remember(self, rules: Rules, state: State, line: tuple[Move, ...]) -> None:
        """Keep ``line``, a winning line from ``state``."""

    def recall(self, rules: Rules, state: State) -> tuple[Move, ...] | None:
        """The rest of a kept winning line from ``state``, or None."""


class LineMemory:
    """Winning lines by position, least recently used forgotten first.

    Each position along a line maps to the line and how far into it the position is, so
    one line of a hundred moves costs a hundred small entries, not a hundred copies.
    ``learned`` lists every line it was given, in order, with the position it starts from.
    """

    def __init__(self, capacity: int = 200_000) -> None:
        self.capacity = capacity
        self._lines: OrderedDict[tuple[str, State], tuple[tuple[Move, ...], int]] = OrderedDict()
        self.learned: list[tuple[State, tuple[Move, ...]]] = []

    def remember(self, rules: Rules, state: State, line: tuple[Move, ...]) -> None:
        """Store every position along ``line`` played from ``state``."""
        self.learned.append((state, line))
        for offset, move in enumerate(line):
            self._put((rules.id, state), (line, offset))
            state = play(rules, state, move)

    def recall(self, rules: Rules, state: State) -> tuple[Move, ...] | None:
        """The rest of a remembered winning line from ``state``, or None."""
        entry = self._lines.get((rules.id, state))
        if entry is None:
            return None
        self._lines.move_to_end((rules.id, state))
        line, offset = entry
        return line[offset:]

    def clear(self) -> None:
        """Forget every line."""
        self._lines.clear()
        self.learned.clear()

    def _put(self, key: tuple[str, State], value: tuple[tuple[Move, ...], int]) -> None:
        self._lines[key] = value
        self._lines.move_to_end(key)
        while len(self._lines) > self.capacity:
            self._lines.popitem(last=False)


MEMORY = LineMemory()


def hint(
    game: Game,
    budget: int = DEFAULT_BUDGET,
    seconds: float | None = DEFAULT_SECONDS,
    memory: Memory | None = None,
) -> Hint:
    """Advise the next move of ``game``, searching at most ``budget`` positions and about
    ``seconds`` seconds (None: no time cap), with the lines kept in ``memory`` (by default
    this process's :data:`MEMORY`).
    """
    memory = MEMORY if memory is None else memory
    rules, state = game.rules, game.state
    if is_won(rules, state):
        return Hint(WON, None)
    _learn_stored_line(game, memory)
    line = memory.recall(rules, state)
    if line:
        return Hint(WON, line[0], line)
    started = time.monotonic()
    answer = solve(rules, state, budget, seconds=seconds)
    if answer.result == WON and answer.solution:
        memory.remember(rules, state, answer.solution)
        return Hint(WON, answer.solution[0], answer.solution, positions=answer.positions)
    if answer.result == LOST:
        left = None if seconds is None else max(0.0, seconds - (time.monotonic() - started))
        undos = undos_to_winnable(game, budget, left, memory)
        return Hint(LOST, None, (), undos, positions=answer.positions)
    return Hint(UNKNOWN, heuristic_move(rules, state, last_move(game)), positions=answer.positions)


def last_move(game: Game) -> Move | None:
    """The move that led to the position now, if any (Hint's heuristic never undoes it)."""
    return game.moves[-1] if game.moves else None


def undos_to_winnable(
    game: Game, budget: int, seconds: float | None, memory: Memory | None = None
) -> int | None:
    """How many undos take ``game`` back to a position with a winning line, or None when
    the search does not find one within the caps.
    """
    memory = MEMORY if memory is None else memory
    rules = game.rules
    deadline = None if seconds is None else time.monotonic() + seconds
    positions = game.positions
    for undos in range(1, len(positions)):
        state = positions[-1 - undos]
        if memory.recall(rules, state):
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


def _learn_stored_line(game: Game, memory: Memory) -> None:
    """Remember the stored solution of the game's deal, if it is a proved deal."""
    number = game.start.deal
    if number is None or memory.recall(game.rules, game.start.state) is not None:
        return
    stored = solution_for(game.rules.id, number)
    if stored:
        memory.remember(game.rules, game.start.state, tuple(Move.from_str(m) for m in stored))


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
    ``{"late": False, "hint": Hint.to_dict(), "positions": N, "lines": [[LAYOUT, [MOVES]],
    ...]}``, where ``lines`` are the winning lines it found, each with its first position.
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
    lines = [
        [Layout(game.rules.id, None, state).to_dict(), [str(move) for move in line]]
        for state, line in memory.learned
    ]
    return {"late": False, "hint": found.to_dict(), "positions": found.positions, "lines": lines}


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
