"""The dealing search: draw fresh deals until the solver proves one won within a small
budget. Prints, per game, how many draws and how many seconds that took.

    .venv/bin/python bench/dealing.py [--trials 20] [--budget 20000] [--shuffles 10]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from solitaire.deals.makewinnable import dealing_search
from solitaire.engine.games import FEATURED

HEADER = f"{'game':<20}{'found':>7}{'mean draws':>12}{'max draws':>11}{'median s':>10}{'max s':>8}"


def main() -> None:
    """Run the dealing search ``--trials`` times per game and print one row per game."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--budget", type=int, default=20_000)
    parser.add_argument("--shuffles", type=int, default=10)
    parser.add_argument("--games", nargs="*", default=list(FEATURED))
    args = parser.parse_args()
    rng = random.Random(2026)
    print(f"budget {args.budget} positions, at most {args.shuffles} shuffles, {args.trials} trials")
    print(HEADER)
    for game in args.games:
        draws, seconds, found = [], [], 0
        for _ in range(args.trials):
            started = time.perf_counter()
            proved, tried = dealing_search(game, args.budget, args.shuffles, rng)
            seconds.append(time.perf_counter() - started)
            draws.append(tried)
            found += proved is not None
        print(
            f"{game:<20}{found:>4}/{args.trials:<2}{statistics.mean(draws):>12.2f}{max(draws):>11}"
            f"{statistics.median(seconds):>10.2f}{max(seconds):>8.2f}"
        )


if __name__ == "__main__":
    main()
