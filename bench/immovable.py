"""Rule 9 (a card that can never move) on deals of a game without a stock: a depth-first
search alone from each deal, with the rule's cut and without, to the answer or the budget,
with its positions and seconds (C core when built). This is how the rule's cut was measured
(bench/RESULTS.md, 2026-12-07, fourth round); measure on the tuning deals, not on the ones
you report unseen.

    .venv/bin/python bench/immovable.py streets-and-alleys 199 [--budget 4000000] [--off]
"""

from __future__ import annotations

import argparse
import time

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver.backend import new_kernel
from solitaire.solver.depthfirst import dfs
from solitaire.solver.scoring import Weights


def main() -> None:
    """Run the search on every deal named and print one line a deal and setting."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("deals", help="deal numbers, comma-separated")
    parser.add_argument("--budget", type=int, default=4_000_000)
    parser.add_argument("--off", action="store_true", help="also run without the cut, first")
    args = parser.parse_args()
    rules = get_rules(args.game)
    settings = (False, True) if args.off else (True,)
    for number in (int(text) for text in args.deals.split(",")):
        for on in settings:
            state = deal(rules, number)
            kernel = new_kernel(rules, state)
            kernel.prune_immovable(on)
            root = kernel.start(state)[0]
            started = time.process_time()
            result, fresh, _line, _seen = dfs(
                kernel, kernel.scorer(Weights()), root, args.budget, None
            )
            spent = time.process_time() - started
            cut = "on" if on else "off"
            print(
                f"{args.game} {number} cut {cut}: {result} after {fresh:,} positions, "
                f"{spent:.1f} CPU-s",
                flush=True,
            )


if __name__ == "__main__":
    main()
