"""Which rule decided each deal of a survey: the dead-position test at the first position, the
waste game, or the searches (a win, or a loss by exhausting them). Reads the rows that
``solitaire survey`` wrote, and runs only the tests at each deal's first position.

    .venv/bin/python bench/rules.py GAME SURVEY.json [--budget 1000000]
"""

from __future__ import annotations

import argparse
import json
from collections import Counter

from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.solver.backend import new_kernel
from solitaire.solver.search import WASTE_GAME_SHARE
from solitaire.solver.tables import tables


def decided_by(game: str, deal: int, result: str, budget: int) -> str:
    """What decided ``deal``, whose survey row says ``result``."""
    if result == "won":
        return "won by the searches"
    if result == "unknown":
        return "unknown"
    rules = get_rules(game)
    state = Layout.dealt(game, deal).state
    kernel = new_kernel(rules, state)
    root, _moves = kernel.start(state)
    if kernel.dead(root):
        return "lost: dead at the first position"
    if tables(rules).runs_only:
        found, _entered = kernel.waste_game(root, int(budget * WASTE_GAME_SHARE), None)
        if found == "lost":
            return "lost: the waste game"
    return "lost: the searches exhausted"


def main() -> None:
    """Print how many deals each rule decided."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("game")
    parser.add_argument("survey", help="the JSON file solitaire survey --out wrote")
    parser.add_argument("--budget", type=int, default=1_000_000)
    args = parser.parse_args()
    with open(args.survey, encoding="utf-8") as rows:
        survey = json.load(rows)
    counts = Counter(
        decided_by(args.game, row["deal"], row["result"], args.budget) for row in survey
    )
    for what, count in sorted(counts.items()):
        print(f"{what:<36}{count:>6}")
    print(f"{'deals':<36}{len(survey):>6}")


if __name__ == "__main__":
    main()
