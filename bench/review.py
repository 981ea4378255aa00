"""How long a game review takes: games of about 300 moves that lose a won position.

Each game follows a proved deal's stored line for a random part of it, then random legal
moves (cards home half the time, as a player would) until it has 300 moves, it is won, or nothing
moves: a stuck game goes on shuffling cards, as players do. The
review runs as the site runs it (solitaire.advice.review on local worker processes, the site's
budgets), and the script prints seconds and solves per game, then the median and the worst.

    .venv/bin/python bench/review.py [--games 6] [--moves 300] [--processes 2]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from solitaire.advice.review import REVIEW_BUDGET, REVIEW_SECONDS, begin, positions, run
from solitaire.deals.winnable import proved_deals
from solitaire.engine.game import Game
from solitaire.engine.games import FEATURED
from solitaire.engine.layout import Layout
from solitaire.solver.workers import LocalWorkers

TOTAL_SECONDS = 90.0
"""The site's cap on one review (settings.REVIEW_TOTAL_SECONDS)."""


def wandering_game(game: str, length: int, rng: random.Random) -> tuple[Layout, list[str]]:
    """A game off a proved line: part of the line, then random moves."""
    proved = rng.choice(proved_deals(game))
    start = Layout.dealt(game, proved.deal)
    played = Game.replay(start, proved.solution[: rng.randrange(len(proved.solution) // 2)])
    while len(played.moves) < length and played.status != "won":
        moves = list(played.legal_moves())
        if not moves:
            break
        home = [move for move in moves if move.dst.kind == "f"]
        played.push(rng.choice(home) if home and rng.random() < 0.5 else rng.choice(moves))
    return start, played.notation


def main() -> None:
    """Review the games and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    workers = LocalWorkers(args.processes)
    workers.submit(time.sleep, 0).result()  # the processes are up before the clock starts
    times = []
    print("| game | deal | moves | seconds | solves | losing move | verdicts won/lost/unknown |")
    print("|---|---|---|---|---|---|---|")
    try:
        for n in range(args.games):
            game = FEATURED[n % len(FEATURED)]
            start, moves = wandering_game(game, args.moves, rng)
            began = time.perf_counter()
            states = positions(start, moves)
            review = run(
                begin(start, moves, won=False),
                start,
                states,
                workers,
                REVIEW_BUDGET,
                REVIEW_SECONDS,
                deadline=time.monotonic() + TOTAL_SECONDS,
            )
            seconds = time.perf_counter() - began
            times.append(seconds)
            final = [str(v) for v in review.final()]
            counts = "/".join(str(final.count(v)) for v in ("won", "lost", "unknown"))
            print(
                f"| {game} | {start.deal} | {len(moves)} | {seconds:.1f} | {len(review.probed)} | "
                f"{review.losing_move} | {counts} |",
                flush=True,
            )
    finally:
        workers.close()
    print(f"\nmedian {statistics.median(times):.1f} s, worst {max(times):.1f} s")


if __name__ == "__main__":
    main()
