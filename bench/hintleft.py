"""What Hint leaves unknown in a game, position by position, before and after its hard-wins
phase: the random-deal positions of ``bench/hint.py`` (the same seed, so the same
positions), each asked of Hint at its first answer's limits with no hard-wins phase and
then with Hint's own; for each one the first leaves unknown, its cards home, the stock cards
left and the moves played, and one longer solve of it (``--long`` positions, then the
hard-wins phase with ``--long-hard``, no time limit): whether the first phase wins it, or
the hard-wins phase and which piece, its positions and its CPU seconds.

    .venv/bin/python bench/hintleft.py [--game streets] [--positions 200] [--seconds 2] \
        [--budget 200000] [--long 1000000] [--long-hard 3000000] [--cap 30] [--part 1/2]

The longer solve stands for Hint's cap (1,000,000 positions, 30 s) on a loaded machine,
where the wall clock says little: the cap as it was proves what the first phase wins, and
Hint with the phase what the solve wins within ``--cap`` CPU seconds. ``--part K/N`` asks
every N-th position from the K-th, so that several processes can share the positions;
their lines join by the position's number.
"""

from __future__ import annotations

import argparse
import random
import time

from hint import random_games

from solitaire.advice.hint import hint
from solitaire.advice.memory import LineMemory
from solitaire.solver import solve


def main() -> None:
    """Ask Hint of each position and print one line for each it leaves unknown."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="streets")
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--long", type=int, default=1_000_000)
    parser.add_argument("--long-hard", type=int, default=3_000_000)
    parser.add_argument("--cap", type=float, default=30.0, help="CPU seconds")
    parser.add_argument("--part", default="1/1")
    args = parser.parse_args()
    part, parts = map(int, args.part.split("/"))
    games = random_games(args.game, args.positions, random.Random(2026))
    memories = LineMemory(), LineMemory()
    counts = dict.fromkeys(("asked", "before", "after", "cap before", "cap after"), 0)
    print("n home stock moves | 2 s without, with the phase | longer solve: result positions CPU-s")
    for number, game in list(enumerate(games))[part - 1 :: parts]:
        counts["asked"] += 1
        answers = []
        for hard, memory in zip((0, None), memories, strict=True):
            started = time.perf_counter()
            answer = hint(game, args.budget, args.seconds, memory, hard=hard)
            answers.append(f"{answer.result} {time.perf_counter() - started:.2f}")
        counts["before"] += not answers[0].startswith("unknown")
        counts["after"] += not answers[1].startswith("unknown")
        if not answers[0].startswith("unknown"):
            counts["cap before"] += 1
            counts["cap after"] += 1
            continue
        state = game.state
        cpu = time.process_time()
        longer = solve(game.rules, state, args.long, hard=args.long_hard)
        cpu = time.process_time() - cpu
        counts["cap before"] += longer.result != "unknown" and not longer.method
        counts["cap after"] += longer.result != "unknown" and cpu <= args.cap
        print(
            f"{number} {state.home_count()} {len(state.stock)} {len(game.moves)}"
            f" | {answers[0]} | {answers[1]} | {longer.result} {longer.positions} {cpu:.1f}"
            f" {longer.method or 'first phase'}",
            flush=True,
        )
    print(" ".join(f"{key}: {value}" for key, value in counts.items()))


if __name__ == "__main__":
    main()
