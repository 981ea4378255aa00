"""Rule 9 (a card that can never move) on deals of a game without a stock: a depth-first
search alone from each deal, with the rule's cut and without, to the answer or the budget,
with its positions and seconds (C core when built). This is how the rule's cut was measured
(bench/RESULTS.md, 2026-12-07, fourth round); measure on the tuning deals, not on the ones
you report unseen.

    .venv/bin/python bench/immovable.py streets-and-alleys 199 [--budget 4000000] [--off]
        [--stranded 0,5000]

``--stranded`` runs the search with the cut once for each limit named, rule 10 cutting as
well within that many states of each child's relaxed game not settled yet (0: rule 9 alone;
bench/RESULTS.md, 2026-12-07, sixth round).
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
    parser.add_argument("--stranded", default="0", help="rule 10's limits, comma-separated")
    args = parser.parse_args()
    rules = get_rules(args.game)
    limits = [int(text) for text in args.stranded.split(",")]
    settings = [(False, 0)] if args.off else []
    settings += [(True, limit) for limit in limits]
    for number in (int(text) for text in args.deals.split(",")):
        for on, limit in settings:
            state = deal(rules, number)
            kernel = new_kernel(rules, state)
            kernel.prune_immovable(on)
            kernel.prune_stranded(limit)
            root = kernel.start(state)[0]
            started = time.process_time()
            result, fresh, _line, _seen = dfs(
                kernel, kernel.scorer(Weights()), root, args.budget, None
            )
            spent = time.process_time() - started
            cut = ("on" if on else "off") + (f", rule 10 within {limit:,}" if limit else "")
            print(
                f"{args.game} {number} cut {cut}: {result} after {fresh:,} positions, "
                f"{spent:.1f} CPU-s",
                flush=True,
            )


if __name__ == "__main__":
    main()
