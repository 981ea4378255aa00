"""Rule 10 (cards stranded for want of an empty pile) on the positions a depth-first search
with rule 9's cut goes through: the search runs on the Python kernel from each deal for
``--positions`` positions, ``--sample`` of the positions it expands are drawn with
``random.Random(1)``, and each is asked of rule 9 and of rule 10 with ``--limit`` states.
Prints how many each proves lost and the states rule 10's relaxed game took. Measure on the
tuning deals, not on the ones you report unseen (bench/RESULTS.md, 2026-12-07, fifth round).

    .venv/bin/python bench/stranded.py streets-and-alleys 5,65 [--positions 30000]
        [--sample 300] [--limit 5000]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver.depthfirst import dfs
from solitaire.solver.immovable import immovable
from solitaire.solver.kernel import Kernel
from solitaire.solver.scoring import Weights
from solitaire.solver.stranded import _Relaxed


class _Recorder(Kernel):
    """The Python kernel, keeping the piles of every position whose children it is asked."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.expanded: list[tuple[bytes, ...]] = []

    def children(self, pos: Any, *args: Any, **kwargs: Any) -> Any:
        """The kernel's children, after noting ``pos``."""
        self.expanded.append(pos[0])
        return super().children(pos, *args, **kwargs)


def main() -> None:
    """Run the search and the tests on every deal named; one line a deal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("deals", help="deal numbers, comma-separated")
    parser.add_argument("--positions", type=int, default=30_000)
    parser.add_argument("--sample", type=int, default=300)
    parser.add_argument("--limit", type=int, default=5_000)
    args = parser.parse_args()
    rules = get_rules(args.game)
    for number in (int(text) for text in args.deals.split(",")):
        state = deal(rules, number)
        kernel = _Recorder(rules, state)
        kernel.prune_immovable(True)
        root = kernel.start(state)[0]
        dfs(kernel, kernel.scorer(Weights()), root, args.positions, None)
        drawn = random.Random(1).sample(kernel.expanded, min(args.sample, len(kernel.expanded)))
        nine = ten = 0
        states: list[int] = []
        started = time.process_time()
        for piles in drawn:
            nine += immovable(kernel.t, piles)
            relaxed = _Relaxed(kernel.t, piles)
            ten += relaxed.lost(args.limit)
            states.append(len(relaxed.seen))
        spent = time.process_time() - started
        states.sort()
        print(
            f"{args.game} {number}: {len(drawn)} positions of {len(kernel.expanded):,}, "
            f"rule 9 proves {nine} lost, rule 10 {ten}; states median {states[len(states) // 2]}"
            f", most {states[-1]}; {spent / len(drawn) * 1000:.1f} CPU-ms a position (Python)",
            flush=True,
        )


if __name__ == "__main__":
    main()
