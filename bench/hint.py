"""Hint latency and how often its answer is proved, per game, on three kinds of position:
along the stored solutions of proved deals, after random deviations from them, and from
random deals (any deal number up to 1,000,000, then up to 40 random legal moves), which the
proved lists do not choose. Prints median and 95th-percentile seconds, the 95th percentile
of the hints whose answer is proved (won or lost), the share of answers proved and its 95%
Wilson interval (a sample of 40 positions leaves about 14 points either side).

    .venv/bin/python bench/hint.py [--positions 100] [--budget 200000] [--seconds 3]
                                   [--kinds "on line,deviated,random deal"] [--hard 0,auto]

``--hard`` gives the hard-wins budgets to compare (``auto``, the default: Hint's own rule,
:func:`solitaire.advice.hint.hard_budget`; a number: that many positions; 0: none): each
position is asked under each in turn, with a line memory per budget, and each gets a row.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from solitaire.advice.hint import hint
from solitaire.advice.memory import LineMemory
from solitaire.deals.winnable import proved_deals
from solitaire.engine.game import Game
from solitaire.engine.games import FEATURED
from solitaire.engine.layout import Layout
from solitaire.solver.survey import wilson

RANDOM_DEALS = 1_000_000
RANDOM_MOVES = 40


def wander(played: Game, steps: int, rng: random.Random) -> Game:
    """``played`` after ``steps`` random legal moves (fewer where none is left)."""
    for _ in range(steps):
        moves = list(played.legal_moves())
        if not moves:
            break
        played.push(rng.choice(moves))
    return played


def random_games(game: str, count: int, rng: random.Random) -> list[Game]:
    """Games of random deal numbers after 0 to 40 random legal moves."""
    return [
        wander(Game.deal(game, rng.randint(1, RANDOM_DEALS)), rng.randint(0, RANDOM_MOVES), rng)
        for _ in range(count)
    ]


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
        games.append(wander(played, rng.randint(1, 3), rng) if deviate else played)
    return games


KINDS = ("on line", "deviated", "random deal")


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
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds")
    parser.add_argument("--hard", default="auto", help="comma-separated hard-wins budgets")
    args = parser.parse_args()
    hards = [None if value == "auto" else int(value) for value in args.hard.split(",")]
    rng = random.Random(2026)
    print(
        f"{'game':<20}{'positions':<14}{'n':>5}{'median s':>10}{'p95 s':>9}"
        f"{'p95 proved s':>14}{'proved':>8}{'95% interval':>14}  results"
    )
    for game in args.games:
        for kind in args.kinds.split(","):
            if kind not in KINDS:
                parser.error(f"kinds are {', '.join(KINDS)}")
            if kind != "random deal" and not proved_deals(game):
                print(f"{game:<20}no proved deals to sample")
                continue
            if kind == "random deal":
                games = random_games(game, args.positions, rng)
            else:
                games = sample_games(game, args.positions, kind == "deviated", rng)
            for hard, row in zip(hards, ask(games, args.budget, args.seconds, hards), strict=True):
                latencies, results, proved = row
                summary = " ".join(f"{key} {value}" for key, value in results.items())
                median, p95 = statistics.median(latencies), percentile(latencies, 0.95)
                sure = f"{percentile(proved, 0.95):>14.4f}" if proved else f"{'-':>14}"
                share = len(proved) / len(latencies)
                low, high = wilson(len(proved), len(latencies))
                interval = f"{low:.0%}-{high:.0%}"
                label = kind if len(hards) == 1 else f"{kind} h={'auto' if hard is None else hard}"
                print(
                    f"{game:<20}{label:<14}{len(latencies):>5}{median:>10.4f}{p95:>9.4f}{sure}"
                    f"{share:>8.0%}{interval:>14}  {summary}"
                )


Row = tuple[list[float], dict[str, int], list[float]]
"""Per hard-wins budget: every hint's seconds, the count of each answer, and the seconds of
the proved ones."""


def ask(games: list[Game], budget: int, seconds: float, hards: list[int | None]) -> list[Row]:
    """Hint on each game under each of ``hards`` in turn, a line memory for each."""
    memories = [LineMemory() for _ in hards]
    rows: list[Row] = [([], {"won": 0, "lost": 0, "unknown": 0}, []) for _ in hards]
    for played in games:
        for hard, memory, (latencies, results, proved) in zip(hards, memories, rows, strict=True):
            started = time.perf_counter()
            answer = hint(played, budget, seconds, memory, hard=hard)
            latencies.append(time.perf_counter() - started)
            results[answer.result] += 1
            if answer.result != "unknown":
                proved.append(latencies[-1])
    return rows


if __name__ == "__main__":
    main()
