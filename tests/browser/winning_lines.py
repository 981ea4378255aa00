"""Winning lines for the browser tests, derived at test time from the project's proved lists.

The lines come from ``src/solitaire/data/winnable`` (:func:`solitaire.deals.winnable.proved_deals`):
each proved deal is stored with the solver's winning line, in the engine's move notation
(``t3>t5:2``, ``w>f0``, ``s``), which is what the tests drag, key and touch.

- :func:`drag_line`: one whole winning line of a game, from the deal to the end. A drag can
  make any legal move, so the stored line is replayed as it is, with its detours cut out
  (:func:`shorten`).
- :func:`finishing_line`: the same line, most of it played through the API; the browser
  makes its last moves and the win (:data:`TAIL`), its last stock move and its last run of
  several cards, each where it stands in the line, the page reloaded between those
  stretches to show what the API played (:func:`hand_stretches`).
- :func:`click_line`: a nearly won position of the same line and the clicks that win from
  there, and the line's last stock move and last run where one click makes each. A click
  makes only the move SPEC's click order picks (``solitaire.engine.clicks``), so the clicks
  are found by following the line's last moves with clicks alone (:func:`by_clicks`).

Lines stop where Auto complete takes over, since the server plays the rest. Every line is
replayed through the engine before a test uses it (:func:`replay`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import cache

from solitaire.engine.clicks import click_move
from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.engine.moves import legal_moves, play, run_length
from solitaire.engine.rules import Rules
from solitaire.engine.state import FOUNDATION, STOCK, TABLEAU, Move, Pile, State
from solitaire.engine.status import autocomplete_ready, is_won

CANDIDATES = 5
"""How many of a game's shortest proved lines are shortened; the shortest result is used."""

TAIL = 2
"""How many moves the browser makes at the end of a finishing line: the win and the move
before it."""

GAP = 2
"""Stretches of moves by hand at most this many moves apart are joined, the moves between
made by hand too: fewer moves than a reload of the table costs."""

SEARCH_BUDGET = 20_000
"""How many positions a search among clicks alone may visit."""

WHOLE_LINES = ("streets", "stronghold", "streets-and-alleys", "blockade", "fours-up")
"""The games whose whole winning line ``test_fast_play`` plays by mouse and by finger. Their
drag and touch wins are those lines; ``test_win`` finishes the other games by drag and
touch, and every game by click and by keyboard: each way wins each game once."""


@dataclass(frozen=True)
class Click:
    """A click on card ``index`` of ``pile`` (None: its top card, or the stock), and the
    move SPEC says it makes.
    """

    pile: str
    index: int | None
    move: str


@dataclass(frozen=True)
class Line:
    """A deal and the moves that win it. ``hand`` holds the stretches of moves the browser
    makes, as ``(start, end)`` indexes of ``moves``, in order; the moves outside them are
    played through the API (all of them by hand when ``hand`` is empty). A click line has a
    click for each move made by hand, in order.
    """

    game: str
    deal: int
    moves: tuple[str, ...]
    clicks: tuple[Click, ...] = ()
    hand: tuple[tuple[int, int], ...] = ()

    def stretches(self) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
        """The line as ``(moves through the API, moves by hand)`` pairs, in order."""
        hand = self.hand or ((0, len(self.moves)),)
        pairs = []
        done = 0
        for start, end in hand:
            pairs.append((self.moves[done:start], self.moves[start:end]))
            done = end
        assert done == len(self.moves), f"{self.game}: the line does not end by hand"
        return pairs


class NoLine(LookupError):
    """The package has no proved deal for a game."""


def finished(rules: Rules, state: State) -> bool:
    """Won, or ready for Auto complete to win it."""
    return is_won(rules, state) or autocomplete_ready(rules, state)


def replay(game: str, number: int, moves: tuple[str, ...]) -> None:
    """Check that ``moves`` take deal ``number`` to a finished position, and no sooner."""
    rules = get_rules(game)
    state = deal(rules, number)
    for move in moves:
        assert not finished(rules, state), f"{game} deal {number}: won before {move}"
        legal = {str(m): m for m in legal_moves(rules, state)}
        assert move in legal, f"{game} deal {number}: {move} is not legal"
        state = play(rules, state, legal[move])
    assert finished(rules, state), f"{game} deal {number}: the line does not win"


def clicks(rules: Rules, state: State) -> list[tuple[Click, Move]]:
    """Every distinct move a click can make now, with a click that makes it."""
    found: list[tuple[Click, Move]] = []
    seen: set[Move] = set()

    def consider(pile: Pile, index: int | None) -> None:
        move = click_move(rules, state, pile, index)
        if move is not None and move not in seen:
            seen.add(move)
            found.append((Click(str(pile), index, str(move)), move))

    for i, cards in enumerate(state.tableau):
        if cards:
            for count in range(1, run_length(rules, cards) + 1):
                consider(Pile(TABLEAU, i), None if count == 1 else len(cards) - count)
    for i, card in enumerate(state.cells):
        if card is not None:
            consider(Pile("c", i), None)
    if state.waste:
        consider(Pile("w"), None)
    for i, cards in enumerate(state.foundations):
        if cards:
            consider(Pile(FOUNDATION, i), None)
    if state.stock:
        consider(Pile(STOCK), None)
    return found


def _positions(
    rules: Rules, start: State, moves: list[Move]
) -> tuple[list[State], dict[State, int]]:
    """The positions along ``moves`` from ``start``, and each one's last index among them."""
    states = [start]
    for move in moves:
        states.append(play(rules, states[-1], move))
    return states, {state: i for i, state in enumerate(states)}


def shorten(
    rules: Rules, start: State, moves: list[Move], options: Callable[[State], Iterator[Move]]
) -> list[Move]:
    """Cut detours out of a winning line: from each position, jump to the latest later
    position of the line that one of ``options`` reaches, and stop once it is finished.
    """
    states, last = _positions(rules, start, moves)
    short: list[Move] = []
    i = 0
    while i < len(moves) and not finished(rules, states[i]):
        best, step = i + 1, moves[i]
        for move in options(states[i]):
            j = last.get(play(rules, states[i], move), -1)
            if j > best:
                best, step = j, move
        short.append(step)
        i = best
    return short


@cache
def drag_line(game: str) -> Line:
    """A whole winning line of ``game``: of its shortest proved lines, the one that is
    shortest once its detours are cut out (ties: the lower deal number).
    """
    from solitaire.deals.winnable import proved_deals

    rules = get_rules(game)
    stored = sorted(proved_deals(game), key=lambda p: (len(p.solution), p.deal))[:CANDIDATES]
    if not stored:
        raise NoLine(f"the package has no proved deal of {game} (src/solitaire/data/winnable)")
    lines: list[tuple[int, int, tuple[str, ...]]] = []
    for proved in stored:
        start = deal(rules, proved.deal)
        line = [Move.from_str(m) for m in proved.solution]
        while True:
            short = shorten(rules, start, line, lambda s: iter(legal_moves(rules, s)))
            if len(short) == len(line):
                break
            line = short
        lines.append((len(line), proved.deal, tuple(str(m) for m in line)))
    _, number, moves = min(lines)
    replay(game, number, moves)
    return Line(game, number, moves)


def listed_line(game: str, place: int) -> Line:
    """The stored winning line of the proved deal at ``place`` (from 0) in ``game``'s list,
    as ``solitaire winnable GAME --json`` prints it, up to where Auto complete takes over.
    """
    from solitaire.deals.winnable import proved_deals

    stored = proved_deals(game)
    if len(stored) <= place:
        raise NoLine(f"the package has fewer than {place + 1} proved deals of {game}")
    return proved_line(game, stored[place].deal)


def proved_line(game: str, number: int) -> Line:
    """The stored winning line of ``game``'s proved deal ``number``, up to where Auto
    complete takes over."""
    from solitaire.deals.winnable import solution_for

    solution = solution_for(game, number)
    if solution is None:
        raise NoLine(f"deal {number} of {game} is not one of its proved deals")
    rules = get_rules(game)
    state = deal(rules, number)
    moves: list[str] = []
    for text in solution:
        if finished(rules, state):
            break
        move = Move.from_str(text)
        state = play(rules, state, move)
        moves.append(str(move))
    replay(game, number, tuple(moves))
    return Line(game, number, tuple(moves))


def is_stock(move: str) -> bool:
    """A stock move (a deal or a turn)."""
    return move == "s"


def is_run(move: str) -> bool:
    """A move of several cards at once."""
    return ":" in move


def join(stretches: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    """Stretches in order, those at most :data:`GAP` moves apart (or overlapping) joined."""
    joined: list[tuple[int, int]] = []
    for start, end in sorted(stretches):
        if joined and start - joined[-1][1] <= GAP:
            joined[-1] = (joined[-1][0], max(end, joined[-1][1]))
        else:
            joined.append((start, end))
    return tuple(joined)


def hand_stretches(moves: tuple[str, ...]) -> tuple[tuple[int, int], ...]:
    """The stretches of ``moves`` the browser makes: the last :data:`TAIL` moves, and the
    last stock move and the last run of the line, wherever they are."""
    stretches = [(max(0, len(moves) - TAIL), len(moves))]
    for kind in (is_stock, is_run):
        found = [i for i, move in enumerate(moves) if kind(move)]
        if found:
            stretches.append((found[-1], found[-1] + 1))
    return join(stretches)


@cache
def finishing_line(game: str) -> Line:
    """The drag line of ``game``, all but a few of its moves (:func:`hand_stretches`)
    played through the API.
    """
    line = drag_line(game)
    return replace(line, hand=hand_stretches(line.moves))


def by_clicks(
    rules: Rules, start: State, line: list[Move], depth: int = 3
) -> tuple[list[tuple[Click, Move]], State | None]:
    """Follow a winning line by clicks: where a click does not make the line's move, look
    (breadth first, a few clicks deep) for clicks that reach a later position of the line.
    Returns the clicks, and the position where they could not follow (None: they won).
    """
    states, last = _positions(rules, start, line)
    path: list[tuple[Click, Move]] = []
    i = 0
    while i < len(line) and not finished(rules, states[i]):
        frontier: list[tuple[State, list[tuple[Click, Move]]]] = [(states[i], [])]
        seen = {states[i]}
        found: tuple[int, list[tuple[Click, Move]]] | None = None
        for _ in range(depth):
            following: list[tuple[State, list[tuple[Click, Move]]]] = []
            for state, steps in frontier:
                for step in clicks(rules, state):
                    after = play(rules, state, step[1])
                    # A click that finishes the game ends the line there, off it or on it.
                    j = len(line) if finished(rules, after) else last.get(after, -1)
                    if j > i and (found is None or j > found[0]):
                        found = (j, [*steps, step])
                    if after not in seen:
                        seen.add(after)
                        following.append((after, [*steps, step]))
            if found is not None:
                break
            frontier = following
        if found is None:
            return path, states[i]
        i, steps = found
        path.extend(steps)
    return path, None


def search_clicks(
    rules: Rules, start: State, budget: int = SEARCH_BUDGET
) -> list[tuple[Click, Move]] | None:
    """The fewest clicks that take ``start`` to a finished position: a breadth-first search
    among clicks alone, over at most ``budget`` positions (None: none found).
    """
    came: dict[State, tuple[State, tuple[Click, Move]] | None] = {start: None}
    frontier = [start]
    while frontier and len(came) < budget:
        following: list[State] = []
        for state in frontier:
            for step in clicks(rules, state):
                after = play(rules, state, step[1])
                if after in came:
                    continue
                came[after] = (state, step)
                if finished(rules, after):
                    path: list[tuple[Click, Move]] = []
                    back = came[after]
                    while back is not None:
                        path.append(back[1])
                        back = came[back[0]]
                    return path[::-1]
                following.append(after)
        frontier = following
    return None


@cache
def click_line(game: str) -> Line:
    """A nearly won position of :func:`drag_line` and clicks that win from there, after one
    click each for the line's last stock move and its last run where a click makes them.

    The winning clicks follow the line's last :data:`TAIL` moves (:func:`by_clicks`); where
    they cannot, they are the fewest clicks that finish it (:func:`search_clicks`), from the
    first position of the line where clicks can. Fails if clicks alone cannot finish it from
    any.
    """
    rules = get_rules(game)
    line = drag_line(game)
    moves = [Move.from_str(m) for m in line.moves]
    states, _ = _positions(rules, deal(rules, line.deal), moves)
    # From the line's last moves, or, where clicks alone cannot finish from there, from the
    # first later position of the line where they can.
    for at in range(max(0, len(moves) - TAIL), len(moves)):
        found, stopped = by_clicks(rules, states[at], moves[at:])
        if stopped is None:
            break
        searched = search_clicks(rules, states[at])
        if searched is not None:
            found = searched
            break
    else:
        raise AssertionError(
            f"clicks alone cannot finish {game} deal {line.deal} from any position of its"
            " line: the click order (solitaire.engine.clicks) or the proved list changed"
        )
    played = (*line.moves[:at], *(str(move) for _, move in found))
    replay(game, line.deal, played)
    # The last stock move and the last run before there that one click makes as the line does.
    singles: dict[int, Click] = {}
    for kind in (is_stock, is_run):
        for i in reversed(range(at)):
            if kind(line.moves[i]):
                step = [c for c, move in clicks(rules, states[i]) if str(move) == line.moves[i]]
                if step:
                    singles[i] = step[0]
                    break
    hand = (*sorted((i, i + 1) for i in singles), (at, len(played)))
    ordered = tuple(singles[i] for i in sorted(singles))
    return Line(game, line.deal, played, ordered + tuple(c for c, _ in found), hand)


def load(game: str, kind: str = "drag") -> Line:
    """The whole winning line of ``game`` (``kind`` "drag"), kept for older callers."""
    if kind != "drag":
        raise ValueError(f"no {kind} lines any more: use click_line() or finishing_line()")
    return drag_line(game)
