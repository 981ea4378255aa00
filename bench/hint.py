"""Hint latency on positions from proved deals: along the stored solutions, and after
random deviations from them. Prints median and 95th-percentile seconds per game, and the
95th percentile of the hints whose answer is proved (won or lost).

    .venv/bin/python bench/hint.py [--positions 100] [--budget 200000] [--seconds 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from solitaire.game import Game
from solitaire.games import FEATURED
from solitaire.hint import MEMORY, hint
from solitaire.layout import Layout
from solitaire.winnable import proved_deals


def sample_games(game: str, count: int, deviate: bool, rng: random.Random) -> list[Game]:
    """Games stopped at a random point of a stored solution, then (``deviate``) taken off
    the line by one to three random legal moves.
    """
    games = []
    deals = proved_deals(game)
    for _ in range(count):
        proved = rng.choice(deals)
        stop = rng.randrange(len(proved.solution))
        played = Game.replay(Layout.dealt(game, proved.deal), proved.solution[:stop])
        if deviate:
            for _ in range(rng.randint(1, 3)):
                moves = list(played.legal_moves())
                if not moves:
                    break
                played.push(rng.choice(moves))
        games.append(played)
    return games


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    """Run the benchmark and print one row per game and kind of position."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--budget", type=int, default=200_000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", nargs="*", default=list(FEATURED))
    args = parser.parse_args()
    rng = random.Random(2026)
    print(
        f"{'game':<20}{'positions':<11}{'n':>5}{'median s':>10}{'p95 s':>9}"
        f"{'p95 proved s':>14}  results"
    )
    for game in args.games:
        if not proved_deals(game):
            print(f"{game:<20}no proved deals to sample")
            continue
        for deviate in (False, True):
            games = sample_games(game, args.positions, deviate, rng)
            MEMORY.clear()
            latencies, results = [], {"won": 0, "lost": 0, "unknown": 0}
            proved: list[float] = []
            for played in games:
                started = time.perf_counter()
                answer = hint(played, args.budget, args.seconds)
                latencies.append(time.perf_counter() - started)
                results[answer.result] += 1
                if answer.result != "unknown":
                    proved.append(latencies[-1])
            kind = "deviated" if deviate else "on line"
            summary = " ".join(f"{key} {value}" for key, value in results.items())
            median, p95 = statistics.median(latencies), percentile(latencies, 0.95)
            sure = f"{percentile(proved, 0.95):>14.4f}" if proved else f"{'-':>14}"
            print(
                f"{game:<20}{kind:<11}{len(latencies):>5}{median:>10.4f}{p95:>9.4f}{sure}  "
                f"{summary}"
            )


if __name__ == "__main__":
    main()
