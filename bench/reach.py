"""How near the searches come on the deals a survey file leaves unknown, and what a proof of
loss would face there. For each deal:

- each piece of the hard-wins plan (``solitaire.solver.hard.HARD_PLAN``) alone from the first
  position, through a kernel that watches every position a search looks at: whether it won,
  the most cards home and the fewest stock cards left of any position it reached, and its
  distinct positions. Beams run their levels through the Python translation
  (``solitaire.solver.stockbeam.expand``) on the C core's moves, so the figures are those of
  a beam that may break ties otherwise than the C one;
- a depth-first search from the first position as the first phase's last one runs (the
  first profile's ranking, rule 9's cut where it holds), through ``--dfs`` distinct
  positions: how many of them have the stock spent, the most cards home it reached, and
  once it first spent the stock, the most stock cards of any position it expanded after
  (how far back it came);
- of the positions with the stock spent that it met, ``--sample`` spread evenly over the
  search, each searched alone by depth-first search with ``--each`` positions: how many it
  exhausts (proved lost), wins, or leaves unknown, and the positions a proof took.

    .venv/bin/python bench/reach.py streets src/solitaire/data/survey/streets.json \
        [--deals 10,59] [--part 1/2] [--pieces plan|none|0,3] [--dfs 300000] \
        [--sample 20] [--each 100000]

The deals are taken as ``bench/surveyed.py`` takes them.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from surveyed import add_arguments, chosen

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver import depthfirst, stockbeam
from solitaire.solver.backend import new_kernel
from solitaire.solver.hard import HARD_PLAN, name, run_piece
from solitaire.solver.protocol import Core, Keys, Score
from solitaire.solver.scoring import Weights


class Watch:
    """A kernel that notes, of every position whose cards left a search asks, the fewest
    cards left and the fewest stock cards; in ``counting`` mode it also keeps the positions
    with the stock spent whose children a search asks for (the positions it expands)."""

    def __init__(self, kernel: Core) -> None:
        self.kernel = kernel
        self.counting = False
        self.spent: list[Any] = []
        self.clear()

    def clear(self) -> None:
        """Forget what was noted."""
        self.least = sys.maxsize
        self.lowest = sys.maxsize
        self.spent = []
        self.back = 0  # the most stock cards of a position expanded after one with none

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.kernel, attribute)

    def left(self, pos: Any) -> int:
        """The kernel's count, noted."""
        cards = self.kernel.left(pos)
        self.least = min(self.least, cards)
        self.lowest = min(self.lowest, self.kernel.stock(pos))
        return cards

    def children(self, pos: Any, *args: Any) -> Any:
        """The kernel's children; a position with the stock spent is kept when counting."""
        if self.counting:
            stock = self.kernel.stock(pos)
            if not stock:
                self.spent.append(pos)
            elif self.spent:
                self.back = max(self.back, stock)
        return self.kernel.children(pos, *args)

    def beam(
        self,
        root: Any,
        scorer: Score,
        shared: Keys,
        budget: int,
        deadline: float | None,
        width: int,
        local: int,
    ) -> Any:
        """The beam's levels through the Python translation, on this kernel; when they
        reach the stock's end, the positions of that last level are noted too."""
        found = stockbeam.expand(self, root, scorer, shared, budget, deadline, width, local)
        for pos, _line in found[3]:
            self.left(pos)
        return found


def pieces(watch: Watch, root: Any, chosen_pieces: list[int], budget: int, cards: int) -> None:
    """Each chosen piece of the plan alone from ``root``: one line each."""
    for at in chosen_pieces:
        piece = HARD_PLAN[at]
        watch.clear()
        keys = watch.kernel.keyset()
        started = time.process_time()
        result, _line, _used = run_piece(watch, root, piece, keys, budget, None)  # type: ignore[arg-type]
        seconds = time.process_time() - started
        print(
            f"  piece {at} {result}: home {cards - watch.least}, stock left {watch.lowest},"
            f" {len(keys):,} positions, {seconds:.1f} CPU-s  ({name(piece)})",
            flush=True,
        )


def spent_positions(watch: Watch, root: Any, budget: int, cards: int) -> list[Any]:
    """The depth-first search from ``root``: one line; the positions with the stock spent
    that it expanded."""
    watch.clear()
    watch.counting = True
    watch.kernel.prune_immovable(True)
    try:
        scorer = watch.kernel.scorer(Weights())
        result, _fresh, _line, seen = depthfirst.expand(
            watch,
            root,
            scorer,
            budget,
            None,
            watch.kernel.keyset(),
            None,
            0,
            sys.maxsize,  # type: ignore[arg-type]
        )
    finally:
        watch.kernel.prune_immovable(False)
        watch.counting = False
    found = watch.spent
    print(
        f"  dfs {result}: {len(seen):,} positions, {len(found):,} with the stock spent,"
        f" home at most {cards - watch.least}; after the first of them, the stock left at"
        f" most {watch.back}",
        flush=True,
    )
    return found


def exhaust(kernel: Core, found: list[Any], sample: int, each: int) -> None:
    """Depth-first search alone from ``sample`` of ``found``, spread evenly: one line."""
    if not found or not sample:
        return
    step = max(1, len(found) // sample)
    picked = found[::step][:sample]
    tally = {"won": 0, "lost": 0, "unknown": 0}
    proofs: list[int] = []
    kernel.prune_immovable(True)
    try:
        scorer = kernel.scorer(Weights())
        for pos in picked:
            result, _fresh, _line, seen = depthfirst.dfs(kernel, scorer, pos, each, None)
            tally[result] += 1
            if result == "lost":
                proofs.append(len(seen))
    finally:
        kernel.prune_immovable(False)
    proofs.sort()
    told = f", a proof {proofs[0]:,} to {proofs[-1]:,} positions" if proofs else ""
    print(
        f"  stock spent, {len(picked)} searched alone to {each:,}: lost {tally['lost']},"
        f" won {tally['won']}, unknown {tally['unknown']}{told}",
        flush=True,
    )


def main() -> None:
    """Print, deal by deal, what each piece reached and what the depth-first search met."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--pieces", default="plan", help="plan, none, or places in the plan")
    parser.add_argument("--budget", type=int, default=1_000_000, help="positions a piece")
    parser.add_argument("--dfs", type=int, default=300_000)
    parser.add_argument("--sample", type=int, default=20)
    parser.add_argument("--each", type=int, default=100_000)
    args = parser.parse_args()
    if args.pieces == "plan":
        places = list(range(len(HARD_PLAN)))
    elif args.pieces == "none":
        places = []
    else:
        places = [int(at) for at in args.pieces.split(",")]
    rules = get_rules(args.game)
    cards = 52 * rules.decks
    for number in chosen(args):
        state = deal(rules, number)
        kernel = new_kernel(rules, state)
        watch = Watch(kernel)
        root = kernel.start(state)[0]
        print(f"deal {number}: stock {kernel.stock(root)}, home {cards - kernel.left(root)}")
        pieces(watch, root, places, args.budget, cards)
        if args.dfs:
            found = spent_positions(watch, root, args.dfs, cards)
            exhaust(kernel, found, args.sample, args.each)


if __name__ == "__main__":
    main()
