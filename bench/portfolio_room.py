"""How much of the budget the portfolio of beams gets: each deal solved as the survey solves
it, printing the distinct positions expanded when the probes start and when the portfolio
starts (or that it never ran), the portfolio's spend, and the answer. A larger
``PORTFOLIO_SHARE`` helps only the deals where the searches before the probes leave more
than the share; on the others the portfolio gets what they leave.

    .venv/bin/python bench/portfolio_room.py streets src/solitaire/data/survey/streets.json \
        [--deals 5,10] [--budget 1000000]

Without ``--deals`` it takes the deals the survey file leaves unknown.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver import search
from solitaire.solver.survey import load


def main() -> None:
    """Solve each deal with the two searches' starts recorded, one line a deal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("survey", type=Path)
    parser.add_argument("--deals", default="")
    parser.add_argument("--budget", type=int, default=search.DEFAULT_BUDGET)
    args = parser.parse_args()
    if args.deals:
        numbers = [int(n) for n in args.deals.split(",")]
    else:
        numbers = [n for n, row in load(args.survey).items() if row["result"] == "unknown"]
    seen: dict[str, int] = {}
    probes, portfolio = search._Searches.probes, search._Searches.portfolio

    def probes_noted(self: Any, reserve: int = 0) -> tuple[str, list[Any]]:
        seen["probes"] = len(self.expanded)
        return probes(self, reserve)

    def portfolio_noted(self: Any, reserve: int) -> tuple[str, list[Any]]:
        seen["portfolio"] = len(self.expanded)
        seen["spend"] = min(reserve, self.left())
        return portfolio(self, reserve)

    search._Searches.probes = probes_noted  # type: ignore[method-assign]
    search._Searches.portfolio = portfolio_noted  # type: ignore[method-assign]
    rules = get_rules(args.game)
    print("deal result positions at-probes at-portfolio portfolio-spend", flush=True)
    for number in numbers:
        seen.clear()
        answer = search.solve(rules, deal(rules, number), args.budget)
        cells = [seen.get(name, "-") for name in ("probes", "portfolio", "spend")]
        print(number, answer.result, answer.positions, *cells, flush=True)


if __name__ == "__main__":
    main()
