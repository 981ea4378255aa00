"""Hint: the next move of a line the solver proved, or the truth when there is none.

Three answers:

* ``won``: the solver found a winning line from here; the hint is its first move.
* ``lost``: the solver proved that no line wins from here; ``undos`` says how many moves
  to take back to reach a position that still wins (None when that was not found in time).
* ``unknown``: the search ran out of budget; the hint is a heuristic move, not proved.

Every winning line found, and every stored solution of a proved deal, is remembered
position by position, so a player who follows a line gets each next hint at once.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from solitaire.engine import legal_moves, play
from solitaire.game import Game
from solitaire.rules import Rules
from solitaire.solver import solve
from solitaire.state import FOUNDATION, TABLEAU, WASTE, Move, State
from solitaire.status import is_won
from solitaire.winnable import solution_for

DEFAULT_BUDGET = 200_000
DEFAULT_SECONDS = 3.0
WON, LOST, UNKNOWN = "won", "lost", "unknown"


@dataclass(frozen=True)
class Hint:
    """What Hint says about a position."""

    result: str
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
        }


class LineMemory:
    """Winning lines by position, least recently used forgotten first.

    Each position along a line maps to the line and how far into it the position is, so
    one line of a hundred moves costs a hundred small entries, not a hundred copies.
    """

    def __init__(self, capacity: int = 200_000) -> None:
        self.capacity = capacity
        self._lines: OrderedDict[tuple[str, State], tuple[tuple[Move, ...], int]] = OrderedDict()

    def remember(self, rules: Rules, state: State, line: tuple[Move, ...]) -> None:
        """Store every position along ``line`` played from ``state``."""
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

    def _put(self, key: tuple[str, State], value: tuple[tuple[Move, ...], int]) -> None:
        self._lines[key] = value
        self._lines.move_to_end(key)
        while len(self._lines) > self.capacity:
            self._lines.popitem(last=False)


MEMORY = LineMemory()


def hint(game: Game, budget: int = DEFAULT_BUDGET, seconds: float | None = DEFAULT_SECONDS) -> Hint:
    """Advise the next move of ``game``, searching at most ``budget`` positions and about
    ``seconds`` seconds (None: no time cap).
    """
    rules, state = game.rules, game.state
    if is_won(rules, state):
        return Hint(WON, None)
    _learn_stored_line(game)
    line = MEMORY.recall(rules, state)
    if line:
        return Hint(WON, line[0], line)
    started = time.monotonic()
    answer = solve(rules, state, budget, seconds=seconds)
    if answer.result == WON and answer.solution:
        MEMORY.remember(rules, state, answer.solution)
        return Hint(WON, answer.solution[0], answer.solution, positions=answer.positions)
    if answer.result == LOST:
        left = None if seconds is None else max(0.0, seconds - (time.monotonic() - started))
        undos = undos_to_winnable(game, budget, left)
        return Hint(LOST, None, (), undos, positions=answer.positions)
    last = game.moves[-1] if game.moves else None
    return Hint(UNKNOWN, heuristic_move(rules, state, last), positions=answer.positions)


def undos_to_winnable(game: Game, budget: int, seconds: float | None) -> int | None:
    """How many undos take ``game`` back to a position with a winning line, or None when
    the search does not find one within the caps.
    """
    rules = game.rules
    deadline = None if seconds is None else time.monotonic() + seconds
    positions = game.positions
    for undos in range(1, len(positions)):
        state = positions[-1 - undos]
        if MEMORY.recall(rules, state):
            return undos
        left = None if deadline is None else deadline - time.monotonic()
        if left is not None and left <= 0:
            return None
        answer = solve(rules, state, budget, seconds=left)
        if answer.result == WON and answer.solution:
            MEMORY.remember(rules, state, answer.solution)
            return undos
        if answer.result != LOST:
            return None
    return None


def _learn_stored_line(game: Game) -> None:
    """Remember the stored solution of the game's deal, if it is a proved deal."""
    number = game.start.deal
    if number is None or MEMORY.recall(game.rules, game.start.state) is not None:
        return
    stored = solution_for(game.rules.id, number)
    if stored:
        MEMORY.remember(game.rules, game.start.state, tuple(Move.from_str(m) for m in stored))


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
