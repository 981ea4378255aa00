"""Which weightings the late best-first searches of games without a waste should run: each
candidate best-first search alone, from the deal, on the deals a survey file leaves unknown,
with the deals it wins and its expansions. This is how
``solitaire.solver.latebest.LATE_PROFILES`` was chosen (bench/RESULTS.md, 2026-12-07, second
round); choose only on the deals you will not report as unseen.

    .venv/bin/python bench/latebest.py beleaguered-castle \
        src/solitaire/data/survey/beleaguered-castle.json [--spend 150000]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver.backend import new_kernel
from solitaire.solver.bestfirst import BestFirst
from solitaire.solver.latebest import LATE_PROFILES
from solitaire.solver.scoring import Weights
from solitaire.solver.search import OPENING, PROFILES
from solitaire.solver.survey import load

CANDIDATES = (
    *LATE_PROFILES,
    Weights(home=30, blocked=6, empty=8, cells=6, depth=3),
    Weights(home=20, blocked=6, empty=16, cells=8, depth=3),
    Weights(home=20, blocked=10, empty=8, cells=6, depth=3),
    Weights(home=16, blocked=4, empty=8, cells=6, depth=8),
    Weights(home=40, blocked=3, empty=4, cells=4, depth=2),
    Weights(home=20, blocked=6, empty=8, cells=6),
    Weights(blocked=3, empty=8, cells=6, depth=10),
    OPENING,
    *PROFILES[1:2],
)
"""The weightings tried: the late searches' own, six more that weigh a card home at 16 to 40,
one that weighs the cards on the next ones home, and two of the earlier searches'."""


def main() -> None:
    """Run every candidate on every unknown deal of the survey file and print the wins."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("survey", type=Path)
    parser.add_argument("--spend", type=int, default=150_000)
    args = parser.parse_args()
    rules = get_rules(args.game)
    numbers = [n for n, row in load(args.survey).items() if row["result"] == "unknown"]
    for weights in dict.fromkeys(CANDIDATES):
        won: list[tuple[int, int]] = []
        for number in numbers:
            state = deal(rules, number)
            kernel = new_kernel(rules, state)
            search = BestFirst(kernel, kernel.scorer(weights), kernel.start(state)[0])
            result, _line = search.run(args.spend, None)
            if result == "won":
                won.append((number, search.expanded))
        wins = ", ".join(f"{number} ({spent:,})" for number, spent in won)
        print(f"{weights}: won {len(won)} of {len(numbers)}: {wins}", flush=True)


if __name__ == "__main__":
    main()
