"""Rule 9 (``solitaire.solver.chains``) measured: how often it calls dead the positions a
search reaches from a lost Streets position, against the rule turned off; and the unknown
deals of a published survey solved again, one line each.

    .venv/bin/python bench/chains.py sample [--turns 40] [--count 3000]
    .venv/bin/python bench/chains.py unknown [--budget 1000000] [--first 0] [--last 108]

``sample``: Streets deal 1 after ``--turns`` stock turns (lost from 32 turns on), solved with
the rule off on the Python kernel, which hands each child it makes to this script; ``--count``
of them drawn with ``random.Random(0)``, each asked of the rule in the C core. Then the same
solve, rule on and off, on the C core: its answer and positions. ``unknown``: the deals that
``src/solitaire/data/survey/streets.json`` leaves unknown, in order, from ``--first`` to
``--last``, solved at ``--budget`` in this one process.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

from solitaire import Game
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.solver import kernel as python_kernel
from solitaire.solver import native, search
from solitaire.solver.backend import new_kernel
from solitaire.solver.tables import Child, Position, tables

SURVEY = Path(__file__).parent.parent / "src/solitaire/data/survey/streets.json"


def rule(on: bool) -> None:
    """Turn rule 9 on or off for Streets, in both kernels' tables (the core's are kept)."""
    rules = get_rules("streets")
    tables(rules).chains_test = on
    native._ARGS.pop(rules, None)


def sample(turns: int, count: int) -> None:
    """Print how many of ``count`` positions reached from the lost position are dead."""
    game = Game.replay(Layout.dealt("streets", 1), ["s"] * turns)
    rules = get_rules("streets")
    seen: list[Position] = []
    children = python_kernel.Kernel.children

    def keep(self: python_kernel.Kernel, *args: Any, **kwargs: Any) -> list[Child]:
        out = children(self, *args, **kwargs)
        seen.extend(child[2] for child in out)
        return out

    rule(False)
    python_kernel.Kernel.children = keep  # type: ignore[method-assign]
    search.new_kernel = python_kernel.Kernel
    try:
        found = search.solve(rules, game.state, 1_000_000)
    finally:
        python_kernel.Kernel.children = children  # type: ignore[method-assign]
        search.new_kernel = new_kernel
    rule(True)
    drawn = random.Random(0).sample(seen, min(count, len(seen)))
    core = native.NativeKernel(rules, game.state)
    started = time.perf_counter()
    dead = [core.dead(core.pack(pos)) for pos in drawn]
    spent = time.perf_counter() - started
    spent_stock = [d for d, pos in zip(dead, drawn, strict=True) if pos[3] == 0]
    print(f"deal 1 after {turns} turns: {found.result}, {len(seen):,} children made")
    print(
        f"dead: {sum(dead):,} of {len(drawn):,} ({sum(spent_stock)} of {len(spent_stock)} "
        f"with the stock spent), {spent:.2f} s in the core"
    )
    for on in (False, True):
        rule(on)
        started = time.perf_counter()
        found = search.solve(rules, game.state, 1_000_000)
        spent = time.perf_counter() - started
        state = "on" if on else "off"
        print(f"rule {state}: {found.result}, {found.positions:,} positions, {spent:.1f} s")


def unknown(budget: int, first: int, last: int) -> None:
    """Print one JSON line per unknown deal solved."""
    rules = get_rules("streets")
    rows = json.loads(SURVEY.read_text())
    deals = [row["deal"] for row in rows if row["result"] == "unknown"]
    for number in deals[first:last]:
        started = time.perf_counter()
        found = search.solve(rules, Layout.dealt("streets", number).state, budget)
        spent = round(time.perf_counter() - started, 2)
        line = {"deal": number, "result": found.result, "positions": found.positions}
        print(json.dumps({**line, "seconds": spent}), flush=True)


def main() -> None:
    """Read the command line and run one of the two measurements."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("sample", "unknown"))
    parser.add_argument("--turns", type=int, default=40)
    parser.add_argument("--count", type=int, default=3000)
    parser.add_argument("--budget", type=int, default=1_000_000)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--last", type=int, default=108)
    args = parser.parse_args()
    if args.what == "sample":
        sample(args.turns, args.count)
    else:
        unknown(args.budget, args.first, args.last)


if __name__ == "__main__":
    main()
