"""Whether a Streets position could be proved lost by counting where the cards out can lie
when a card leaves the waste: the strongest such count, measured (issue 44, part 2).

Take a position, the root, and any later moment of play from it. Every pile is then a part of
its root pile that has not moved since (a prefix, possibly empty) with one chain on it: cards
that have moved since the root, each on a card it builds on (one rank down, the other colour)
or, at the bottom of an emptied pile, alone. A chain's cards are of one *class* (rank plus
colour, modulo 2) and of consecutive ranks; on a pile whose prefix is not empty the chain
begins one rank under the prefix's top card, its *head*, in the head's class. So the cards
out (home or on the piles) whose moves since the root did not take them home need, rank by
rank, chains that begin under a head or on an emptied pile, one pile each. The cards that can
be home are bounded by the copies out of the cards under them in their suit (as rule 5's
room); the cards that came from the stock and the waste since the root have all moved; the
root's pile cards above a prefix have too.

For a card leaving the waste, the *margin* is the least, over every choice of prefixes and of
the cards home within their room, of (chains that no head takes) minus (emptied piles),
worked out exactly as an integer program (SciPy's ``milp``). A margin above 0 would prove that
no line of play lets that card leave with those cards out. Two relaxed games of the stock
and the waste use it:

- *re-chosen*: the waste game of rule 7 (deal, or take the waste's top card when its margin
  is at most 0), each take free to choose its own prefixes; exhausted with memo, a lost
  relaxed game would prove the root lost;
- *shrinking*: the same, but prefixes only shrink from take to take (a card that has moved
  does not come back to its dealt place); the bench follows one path of it, each card taken
  as soon as it is dealt with the prefixes that keep the most cards, and a path that empties
  the stock and the waste shows that this relaxed game is won too.

``--spent K`` plays K random lines from each of the 20 positions to the stock's end and asks
both the solver and the relaxed game about where each ends. ``--lines K`` checks the count on
real wins: the margin of every card that leaves the waste on the first phase's winning lines
of the first K Hint positions it wins (must be at most 0).

    .venv/bin/pip install -e '.[bench]'     # SciPy, once
    .venv/bin/python bench/streetsrelax.py [--hint 26,68] [--deals 10,59] \
        [--clicks 1:32,5:64] [--spent 3] [--lines 20] [--budget 3000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
from hint import random_games
from scipy.optimize import Bounds, LinearConstraint, milp

from solitaire.engine.cards import code_of, is_red, rank_of
from solitaire.engine.game import Game
from solitaire.engine.layout import Layout
from solitaire.engine.moves import legal_moves, play
from solitaire.engine.state import State
from solitaire.solver import solve

LEFT = "26,68,184,21,58,75,96,102,135,37,94,136,87,3,43,77,105,140,7,93"
"""The 20 Hint positions the cap left unknown (bench/RESULTS.md, 2026-12-07, sixth round)."""

CODES = [code_of(rank, suit) for suit in range(4) for rank in range(1, 14)]


def kind(code: int) -> int:
    """A card's class: the cards of one chain share it."""
    return (rank_of(code) + is_red(code)) % 2


class Root:
    """The root position's piles and cards home, and the integer program of the margin."""

    def __init__(self, state: State) -> None:
        self.piles = [tuple(pile) for pile in state.tableau]
        self.home = Counter(code for pile in state.foundations for code in pile)
        self.out = Counter(code for pile in self.piles for code in pile) + self.home

    def solve(self, out: Counter[int], caps: Sequence[int] | None, keep: bool) -> Any:
        """The program for the cards ``out``, prefixes at most ``caps``: its least margin, or
        with ``keep`` the prefixes of a configuration of margin at most 0 that keeps the most
        root cards in place (None if there is none)."""
        rows: list[tuple[dict[int, float], float, float]] = []
        count = 0

        def new(n: int) -> list[int]:
            nonlocal count
            count += n
            return list(range(count - n, count))

        prefix = [new(len(pile) + 1) for pile in self.piles]
        left = dict(zip(CODES, new(52), strict=True))
        starts = new(26)
        free = new(26)
        for choices in prefix:
            rows.append(({x: 1 for x in choices}, 1, 1))
        for suit in range(4):
            low = 99
            for rank in range(1, 14):
                code = code_of(rank, suit)
                low = min(low, out[code])
                room = min(low, 2) - self.home[code]
                dealt = out[code] - self.out[code]
                row = {left[code]: 1.0}
                for pile, choices in zip(self.piles, prefix, strict=True):
                    for k, x in enumerate(choices):
                        if pile[k:].count(code):
                            row[x] = -pile[k:].count(code)
                rows.append((row, dealt - room, np.inf))
                rows.append((dict(row), -np.inf, dealt))
        for cls in range(2):
            for rank in range(1, 14):
                at = cls * 13 + rank - 1
                row = {starts[at]: 1.0}
                for code in CODES:
                    if kind(code) == cls and rank_of(code) in (rank, rank + 1):
                        row[left[code]] = -1 if rank_of(code) == rank else 1
                rows.append((row, 0, np.inf))
                row = {free[at]: 1.0, starts[at]: -1.0}
                for pile, choices in zip(self.piles, prefix, strict=True):
                    for k in range(1, len(pile) + 1):
                        head = pile[k - 1]
                        if kind(head) == cls and rank_of(head) == rank + 1:
                            row[choices[k]] = row.get(choices[k], 0) + 1
                rows.append((row, 0, np.inf))
        margin = {x: 1.0 for x in free} | {choices[0]: -1.0 for choices in prefix}
        upper = np.full(count, np.inf)
        for i, choices in enumerate(prefix):
            for k, x in enumerate(choices):
                upper[x] = 1 if caps is None or k <= caps[i] else 0
        objective = np.zeros(count)
        if keep:
            rows.append((margin, -np.inf, 0))
            for choices in prefix:
                for k, x in enumerate(choices):
                    objective[x] = -k
        else:
            for x, weight in margin.items():
                objective[x] = weight
        matrix = np.zeros((len(rows), count))
        for i, (row, _, _) in enumerate(rows):
            for x, weight in row.items():
                matrix[i, x] = weight
        lows = [low for _, low, _ in rows]
        highs = [high for _, _, high in rows]
        found = milp(
            objective,
            constraints=LinearConstraint(matrix, lows, highs),
            integrality=np.ones(count),
            bounds=Bounds(np.zeros(count), upper),
        )
        if not keep:
            return round(found.fun)
        if found.x is None:
            return None
        return [max(k for k, x in enumerate(c) if found.x[x] > 0.5) for c in prefix]


def rechosen(state: State, budget: int) -> tuple[str, int]:
    """The re-chosen relaxed waste game from ``state``, at most ``budget`` takes asked:
    "won", "LOST" or "unknown", and the takes asked."""
    root = Root(state)
    out = root.out.copy()
    lost: set[tuple[int, tuple[int, ...]]] = set()
    asked = 0

    def search(stock: int, waste: tuple[int, ...]) -> bool:
        nonlocal asked
        if not stock and not waste:
            return True
        if (stock, waste) in lost:
            return False
        if waste:
            out[waste[-1]] += 1
            asked += 1
            if asked > budget:
                raise TimeoutError
            if root.solve(out, None, False) <= 0 and search(stock, waste[:-1]):
                return True
            out[waste[-1]] -= 1
        if stock and search(stock - 1, (*waste, state.stock[stock - 1])):
            return True
        lost.add((stock, waste))
        return False

    sys.setrecursionlimit(100_000)
    try:
        answer = "won" if search(len(state.stock), tuple(state.waste)) else "LOST"
    except TimeoutError:
        answer = "unknown"
    return answer, asked


def shrinking(state: State) -> tuple[str, int]:
    """One path of the shrinking relaxed game: each card taken as soon as it can be, with
    the prefixes that keep the most; "through" when it empties the stock and the waste."""
    root = Root(state)
    out = root.out.copy()
    caps: list[int] = [len(pile) for pile in root.piles]
    stock, waste = list(state.stock), list(state.waste)
    taken = 0
    while stock or waste:
        if waste:
            out[waste[-1]] += 1
            kept = root.solve(out, caps, True)
            if kept is not None:
                caps = kept
                waste.pop()
                taken += 1
                continue
            out[waste[-1]] -= 1
            if not stock:
                return f"stuck with {len(waste)} in the waste", taken
        waste.append(stock.pop())
    return "through", taken


def worst_on_line(game: Game, line: Sequence[Any]) -> tuple[int, int]:
    """The largest margin of a card leaving the waste on ``line`` from ``game``'s position,
    and how many cards left it."""
    root = Root(game.state)
    state, worst, takes = game.state, -99, 0
    for move in line:
        waste = len(state.waste)
        state = play(game.rules, state, move)
        if len(state.waste) < waste:
            out = Counter(c for pile in state.tableau for c in pile)
            out += Counter(c for pile in state.foundations for c in pile)
            worst, takes = max(worst, root.solve(out, None, False)), takes + 1
    return worst, takes


def spent(games: Sequence[Game], plays: int, budget: int) -> None:
    """From each of the 20 positions, ``plays`` random plays (a card home when one can go,
    else a random legal move) to the stock's end; each end solved with 100,000 positions
    and by the re-chosen relaxed game (which is one path once the stock is spent)."""
    draw = random.Random(8)
    tally: Counter[str] = Counter()
    for number in [int(n) for n in LEFT.split(",")]:
        game = games[number]
        for _ in range(plays):
            state = game.state
            while state.stock:
                moves = list(legal_moves(game.rules, state))
                home = [move for move in moves if ">f" in str(move)]
                state = play(game.rules, state, home[0] if home else draw.choice(moves))
            found = solve(game.rules, state, 100_000)
            answer, _ = rechosen(state, budget)
            tally[f"solver {found.result}, relaxed {answer}"] += 1
            print(
                f"hint position {number}, stock spent, {len(state.waste)} in the waste: "
                f"solver {found.result} in {found.positions} positions; relaxed {answer}",
                flush=True,
            )
    print(dict(tally))


def report(name: str, state: State, budget: int) -> None:
    """Both relaxed games from one position, on one line."""
    started = time.process_time()
    answer, asked = rechosen(state, budget)
    path, taken = shrinking(state)
    seconds = time.process_time() - started
    print(
        f"{name}: re-chosen {answer} ({asked} takes asked); shrinking path {path} "
        f"({taken} takes); {seconds:.1f} CPU-s",
        flush=True,
    )


def main() -> None:
    """Run both relaxed games on the positions asked, and check the count on won lines."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hint", default=LEFT, help="Hint positions (seed 2026), or none")
    parser.add_argument("--deals", default="", help="Streets deals, from their first position")
    parser.add_argument("--clicks", default="", help="DEAL:N,...: a deal after N stock clicks")
    parser.add_argument("--spent", type=int, default=0, help="random plays to the stock's end")
    parser.add_argument("--lines", type=int, default=0, help="won lines to check the count on")
    parser.add_argument("--budget", type=int, default=3000, help="takes asked, re-chosen game")
    args = parser.parse_args()
    games = random_games("streets", 200, random.Random(2026))
    for number in [int(n) for n in args.hint.split(",") if n.isdigit()]:
        report(f"hint position {number}", games[number].state, args.budget)
    for deal in [int(n) for n in args.deals.split(",") if n]:
        report(f"deal {deal}", Game.deal("streets", deal).state, args.budget)
    for item in [item for item in args.clicks.split(",") if item]:
        deal, clicks = (int(n) for n in item.split(":"))
        game = Game.replay(Layout.dealt("streets", deal), ["s"] * clicks)
        found = solve(game.rules, game.state, 300_000)
        name = f"deal {deal} after {clicks} clicks"
        print(f"{name}: solver {found.result} in {found.positions} positions", flush=True)
        report(name, game.state, args.budget)
    if args.spent:
        spent(games, args.spent, args.budget)
    checked = 0
    for number, game in enumerate(games):
        if checked >= args.lines:
            break
        found = solve(game.rules, game.state, 200_000)
        if found.solution is None:
            continue
        worst, takes = worst_on_line(game, found.solution)
        checked += 1
        print(
            f"won line of hint position {number}: {takes} cards leave the waste, "
            f"largest margin {worst} ({'ok' if worst <= 0 else 'COUNT WRONG'})",
            flush=True,
        )


if __name__ == "__main__":
    main()
