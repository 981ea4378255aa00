"""What Hint's searches leave unknown in a game, position by position, without and with the
hard-wins phase, counted in positions and CPU seconds rather than by the wall clock (which on
a loaded machine says more of the machine than of the search).

The positions are the random-deal positions of ``bench/hint.py`` (the same seed, so the same
positions). Each is solved as Hint's first answer searches it, with no clock: ``--budget``
positions, then the hard-wins phase with Hint's own budget for it
(:func:`solitaire.advice.hint.hard_budget`). Its first phase is Hint's first answer without
the phase, and the whole is Hint's first answer with it where its CPU seconds are within
``--seconds``. Each position the first phase leaves unknown is then solved as Hint's cap
searches it: ``--cap-budget`` positions, then the phase with its own budget; again the first
phase is the cap without the phase, and the whole is the cap with it within ``--cap-seconds``
CPU seconds. For each such position it prints its cards home, the stock cards left, the
moves played, and both solves (result, the piece that won or "first phase", positions,
CPU seconds).

    .venv/bin/python bench/hintleft.py [--game streets] [--positions 200] [--budget 200000] \
        [--seconds 2] [--cap-budget 1000000] [--cap-seconds 30] [--part 1/2]

``--part K/N`` solves every N-th position from the K-th, so that several processes share
them; their lines join by the position's number, and their counts add up. ``--start N``
skips the positions before the N-th (from 0), to share a part's later positions out.
"""

from __future__ import annotations

import argparse
import random
import time

from hint import random_games

from solitaire.advice.hint import hard_budget
from solitaire.engine.game import Game
from solitaire.solver import Solution, solve


def timed(game: Game, budget: int) -> tuple[Solution, float]:
    """``game``'s position solved with ``budget`` positions and Hint's hard-wins budget for
    it, no clock: the answer and its CPU seconds."""
    started = time.process_time()
    answer = solve(game.rules, game.state, budget, hard=hard_budget(game.rules, budget))
    return answer, time.process_time() - started


def told(answer: Solution, seconds: float) -> str:
    """One solve as a line tells it."""
    return f"{answer.result} {answer.method or 'first phase'} {answer.positions} {seconds:.1f}"


def main() -> None:
    """Solve each position and print one line for each its first phase leaves unknown."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="streets")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--seconds", type=float, default=2.0, help="CPU seconds")
    parser.add_argument("--cap-budget", type=int, default=1_000_000)
    parser.add_argument("--cap-seconds", type=float, default=30.0, help="CPU seconds")
    parser.add_argument("--part", default="1/1")
    parser.add_argument("--start", type=int, default=0, help="skip positions before this")
    args = parser.parse_args()
    part, parts = map(int, args.part.split("/"))
    games = random_games(args.game, args.positions, random.Random(2026))
    keys = ("asked", "first", "first+phase", "cap", "cap+phase", "unknown home<20")
    counts = dict.fromkeys(keys, 0)
    print("n home stock moves | first answer: result by positions CPU-s | cap: the same")
    for number, game in list(enumerate(games))[part - 1 :: parts]:
        if number < args.start:
            continue
        counts["asked"] += 1
        first, seconds = timed(game, args.budget)
        by_first = first.result != "unknown" and not first.method
        by_phase = first.result != "unknown" and seconds <= args.seconds
        counts["first"] += by_first
        counts["first+phase"] += by_first or by_phase
        if by_first:
            counts["cap"] += 1
            counts["cap+phase"] += 1
            continue
        cap, capped = timed(game, args.cap_budget)
        counts["cap"] += cap.result != "unknown" and not cap.method
        counts["cap+phase"] += by_phase or (cap.result != "unknown" and capped <= args.cap_seconds)
        home = game.state.home_count()
        counts["unknown home<20"] += cap.result == "unknown" and home < 20
        print(
            f"{number} {home} {len(game.state.stock)} {len(game.moves)}"
            f" | {told(first, seconds)} | {told(cap, capped)}",
            flush=True,
        )
    print(" ".join(f"{key}: {value}" for key, value in counts.items()))


if __name__ == "__main__":
    main()
