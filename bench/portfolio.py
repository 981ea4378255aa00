"""Which beams to put in the portfolio: each candidate beam (a weighting and a width) alone
on the deals a survey file leaves unknown, the deals it wins and its mean expansions, then
the candidates in the order a greedy cover picks them under a cap of expansions per deal.
This is how ``solitaire.solver.portfolio.PORTFOLIO`` was chosen (bench/RESULTS.md,
2026-12-07); choose only on the deals you will not report as unseen.

    .venv/bin/python bench/portfolio.py streets src/solitaire/data/survey/streets.json \
        [--widths 50,100] [--cap 100000]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver.backend import new_kernel
from solitaire.solver.portfolio import PORTFOLIO
from solitaire.solver.scoring import Weights
from solitaire.solver.search import PROFILES
from solitaire.solver.stockbeam import StockBeam
from solitaire.solver.survey import load

CANDIDATES = (
    *PROFILES,
    *(weights for weights, _width in PORTFOLIO),
    Weights(waste=6, waste_blocked=6),
    Weights(blocked=4, waste=4, stock=2),
)
"""The weightings tried: the best-first searches', the portfolio's and two that weigh the
waste and the stock more."""

Outcome = dict[int, tuple[bool, int]]


def run(game: str, numbers: list[int], weights: Weights, width: int) -> Outcome:
    """One beam on each deal: whether it won, and its expansions."""
    rules = get_rules(game)
    out: Outcome = {}
    for number in numbers:
        state = deal(rules, number)
        kernel = new_kernel(rules, state)
        beam = StockBeam(kernel, kernel.scorer(weights), kernel.start(state)[0], width=width)
        result, _line = beam.run(1_000_000, None)
        out[number] = (result == "won", beam.expanded)
    return out


def covered(order: list[Outcome], numbers: list[int], cap: int) -> int:
    """The deals won by running the beams of ``order`` in turn within ``cap`` expansions."""
    won = 0
    for number in numbers:
        used = 0
        for outcome in order:
            win, spent = outcome[number]
            if win and used + spent <= cap:
                won += 1
                break
            used += spent
            if used >= cap:
                break
    return won


def main() -> None:
    """Run every candidate, then print the greedy order."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("survey", type=Path)
    parser.add_argument("--widths", default="50,100")
    parser.add_argument("--cap", type=int, default=100_000)
    args = parser.parse_args()
    numbers = [n for n, row in load(args.survey).items() if row["result"] == "unknown"]
    outcomes: dict[str, Outcome] = {}
    for width in map(int, args.widths.split(",")):
        for weights in dict.fromkeys(CANDIDATES):
            name = f"{weights} width={width}"
            outcomes[name] = run(args.game, numbers, weights, width)
            won = sorted(n for n, (win, _spent) in outcomes[name].items() if win)
            mean = sum(spent for _win, spent in outcomes[name].values()) // len(numbers)
            print(f"{name}: won {len(won)} {won}, mean {mean:,} expansions", flush=True)
    order: list[str] = []
    while len(order) < min(8, len(outcomes)):
        best = max(
            (name for name in outcomes if name not in order),
            key=lambda name: covered([outcomes[n] for n in (*order, name)], numbers, args.cap),
        )
        order.append(best)
        total = covered([outcomes[n] for n in order], numbers, args.cap)
        print(f"then {best}: {total} of {len(numbers)} within {args.cap:,}")


if __name__ == "__main__":
    main()
