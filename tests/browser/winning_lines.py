"""Winning lines for the browser tests, found with the project's own engine and solver.

A drag can make any legal move, so a drag test replays a line from the stored winnable
lists or from the solver. A click makes only the move SPEC's click order picks, so a click
test needs a line of clicks: :func:`find_click_line` searches among clicks alone. Lines
stop where Auto complete takes over, since the server plays the rest.

Searching takes time, so the lines found are kept in ``lines.json`` beside this file;
every test replays its line through the engine first. Rebuild the file with
``.venv/bin/python tests/browser/winning_lines.py``.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from solitaire.clicks import click_move
from solitaire.deal import deal
from solitaire.engine import legal_moves, play, run_length
from solitaire.games import FEATURED, get_rules
from solitaire.rules import Rules
from solitaire.state import FOUNDATION, STOCK, TABLEAU, Move, Pile, State
from solitaire.status import autocomplete_ready, is_won

STORE = Path(__file__).with_name("lines.json")
DEALS = range(1, 61)
"""The deals searched for a line, in order; the first that yields one is used."""


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
    """A deal and the moves (and, for a click line, the clicks) that win it."""

    game: str
    deal: int
    moves: tuple[str, ...]
    clicks: tuple[Click, ...] = ()


def finished(rules: Rules, state: State) -> bool:
    """Won, or ready for Auto complete to win it."""
    return is_won(rules, state) or autocomplete_ready(rules, state)


def replay(game: str, number: int, moves: tuple[str, ...]) -> None:
    """Check that ``moves`` take deal ``number`` to a finished position."""
    rules = get_rules(game)
    state = deal(rules, number)
    for move in moves:
        legal = {str(m): m for m in legal_moves(rules, state)}
        assert move in legal, f"{game} deal {number}: {move} is not legal; rebuild lines.json"
        state = play(rules, state, legal[move])
    assert finished(rules, state), f"{game} deal {number}: the line does not win"


def _score(rules: Rules, state: State) -> float:
    """How promising a position looks: cards home, built runs, empty piles, a short waste."""
    runs = sum(run_length(rules, pile) for pile in state.tableau if pile)
    empty = sum(not pile for pile in state.tableau)
    return 10 * state.home_count() + 2 * runs + 4 * empty - 2 * len(state.waste)


def clicks(rules: Rules, state: State, ranked: bool = True) -> list[tuple[Click, Move]]:
    """Every distinct move a click can make now, the most promising first if ``ranked``."""
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
    if not ranked:
        return found
    scored = [(_score(rules, play(rules, state, move)), n) for n, (_, move) in enumerate(found)]
    return [found[n] for _, n in sorted(scored, key=lambda item: (-item[0], item[1]))]


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


def find_drag_line(game: str) -> Line:
    """A deal of ``game`` won by the solver (or the stored list), its line shortened."""
    rules = get_rules(game)
    candidates: list[tuple[int, list[Move] | None]] = []
    try:
        from solitaire.winnable import proved_deals

        stored = sorted(proved_deals(game), key=lambda proved: len(proved.solution))[:3]
        candidates = [(p.deal, [Move.from_str(m) for m in p.solution]) for p in stored]
    except Exception:  # the lists may not be built in this tree yet
        candidates = []
    candidates += [(number, None) for number in DEALS]
    from solitaire.solver import solve

    for number, line in candidates:
        start = deal(rules, number)
        if line is None:
            answer = solve(rules, start, budget=200_000, seconds=20)
            if answer.result != "won" or answer.solution is None:
                continue
            line = list(answer.solution)
        for _ in range(3):
            line = shorten(rules, start, line, lambda s: legal_moves(rules, s))
        return Line(game, number, tuple(str(move) for move in line))
    raise AssertionError(f"no deal of {game} was solved for the drag test")


def _search_clicks(rules: Rules, start: State, budget: int) -> list[Move] | None:
    seen = {start}
    stack = [(start, iter(clicks(rules, start)))]
    path: list[Move] = []
    while stack:
        state, options = stack[-1]
        step = next(options, None)
        if step is None:
            stack.pop()
            if path:
                path.pop()
            continue
        after = play(rules, state, step[1])
        if after in seen:
            continue
        path.append(step[1])
        if finished(rules, after):
            return path
        if len(seen) >= budget:
            return None
        seen.add(after)
        stack.append((after, iter(clicks(rules, after))))
    return None


def _by_clicks(
    rules: Rules, start: State, line: list[Move], depth: int = 3
) -> tuple[list[Move], State | None]:
    """Follow a winning line by clicks: where a click does not make the line's move, look
    (breadth first, a few clicks deep) for clicks that reach a later position of the line.
    Returns the clicks, and the position where they could not follow (None: they won).
    """
    states, last = _positions(rules, start, line)
    path: list[Move] = []
    i = 0
    while i < len(line) and not finished(rules, states[i]):
        frontier: list[tuple[State, list[Move]]] = [(states[i], [])]
        seen = {states[i]}
        found: tuple[int, list[Move]] | None = None
        for _ in range(depth):
            following: list[tuple[State, list[Move]]] = []
            for state, steps in frontier:
                for _, move in clicks(rules, state, ranked=False):
                    after = play(rules, state, move)
                    j = last.get(after, -1)
                    if j > i and (found is None or j > found[0]):
                        found = (j, [*steps, move])
                    if after not in seen:
                        seen.add(after)
                        following.append((after, [*steps, move]))
            if found is not None:
                break
            frontier = following
        if found is None:
            return path, states[i]
        i, steps = found
        path.extend(steps)
    return path, None


def _click_guided(
    rules: Rules, start: State, guide: list[Move], tries: int = 8
) -> list[Move] | None:
    """Follow ``guide`` by clicks; where clicks cannot follow it, make a click the line did
    not plan and ask the solver for a new line from there.
    """
    from solitaire.solver import solve

    path: list[Move] = []
    state = start
    for _ in range(tries):
        steps, stopped = _by_clicks(rules, state, guide)
        path.extend(steps)
        if stopped is None:
            return path
        state = stopped
        for _, move in clicks(rules, state):
            after = play(rules, state, move)
            answer = solve(rules, after, budget=100_000, seconds=8)
            if answer.result == "won" and answer.solution is not None:
                path.append(move)
                state = after
                guide = list(answer.solution)
                break
        else:
            return None
    return None


def find_click_line(game: str, drag: Line | None = None) -> Line:
    """A deal of ``game`` that clicks alone can win, with the clicks: the drag line's deal
    followed by clicks where that works, else a search among clicks alone.
    """
    rules = get_rules(game)
    options = lambda state: (move for _, move in clicks(rules, state))  # noqa: E731
    tries: list[tuple[int, list[Move] | None]] = []
    if drag is not None:
        tries.append((drag.deal, [Move.from_str(m) for m in drag.moves]))
    try:
        from solitaire.winnable import proved_deals

        for proved in sorted(proved_deals(game), key=lambda p: len(p.solution))[:30]:
            tries.append((proved.deal, [Move.from_str(m) for m in proved.solution]))
    except Exception:  # no list for this game in this tree
        pass
    tries += [(number, None) for number in DEALS]
    for number, guide in tries:
        start = deal(rules, number)
        if guide is not None:
            line = _click_guided(rules, start, guide)
        else:
            line = _search_clicks(rules, start, budget=30_000)
        if line is None:
            continue
        for _ in range(3):
            line = shorten(rules, start, line, options)
        state, steps = start, []
        for move in line:
            steps.append(next(click for click, m in clicks(rules, state) if m == move))
            state = play(rules, state, move)
        return Line(game, number, tuple(str(m) for m in line), tuple(steps))
    raise AssertionError(f"no deal of {game} can be won by clicks alone")


class NoLine(LookupError):
    """Neither ``lines.json`` nor the package's winnable list gives a line for a game."""


def _from_package(game: str) -> Line | None:
    """The shortest proved deal in the package's winnable list, its line shortened."""
    try:
        from solitaire.winnable import proved_deals

        proved = min(proved_deals(game), key=lambda p: len(p.solution), default=None)
    except Exception:  # no list for this game in this tree
        return None
    if proved is None:
        return None
    rules = get_rules(game)
    start = deal(rules, proved.deal)
    line = shorten(
        rules, start, [Move.from_str(m) for m in proved.solution], lambda s: legal_moves(rules, s)
    )
    return Line(game, proved.deal, tuple(str(m) for m in line))


def load(game: str, kind: str) -> Line:
    """The stored line of ``kind`` ("drag" or "click") for ``game``, checked by replay.

    A drag line missing from ``lines.json`` comes from the package's winnable list; a
    missing line of either kind raises :class:`NoLine`.
    """
    stored = json.loads(STORE.read_text()).get(game, {})
    if kind not in stored:
        line = _from_package(game) if kind == "drag" else None
        if line is None:
            rebuild = f".venv/bin/python tests/browser/winning_lines.py {game}"
            raise NoLine(f"no {kind} line for {game} is stored yet: {rebuild} finds one")
        replay(game, line.deal, line.moves)
        return line
    data = stored[kind]
    steps = tuple(Click(c["pile"], c["index"], c["move"]) for c in data.get("clicks", ()))
    line = Line(game, data["deal"], tuple(data["moves"]), steps)
    replay(game, line.deal, line.moves)
    return line


def _dump(line: Line) -> dict[str, object]:
    data: dict[str, object] = {"deal": line.deal, "moves": list(line.moves)}
    if line.clicks:
        data["clicks"] = [c.__dict__ for c in line.clicks]
    return data


def main(games: list[str]) -> None:
    """Find lines for ``games`` and write them into ``lines.json``."""
    stored = json.loads(STORE.read_text()) if STORE.exists() else {}
    for game in games:
        drag_line = find_drag_line(game)
        click_line = find_click_line(game, drag_line)
        stored[game] = {"drag": _dump(drag_line), "click": _dump(click_line)}
        print(
            game,
            "drag",
            drag_line.deal,
            len(drag_line.moves),
            "click",
            click_line.deal,
            len(click_line.moves),
            flush=True,
        )
        STORE.write_text(json.dumps(stored, indent=1) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:] or list(FEATURED))
