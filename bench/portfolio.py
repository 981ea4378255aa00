"""Which beams to put in the portfolio: each candidate beam (a weighting and a width) alone
on the deals a survey file leaves unknown, the deals it wins and its mean expansions, then
the candidates in the order a greedy cover picks them under a cap of expansions per deal.
This is how ``solitaire.solver.portfolio.PORTFOLIO`` was chosen (bench/RESULTS.md,
2026-12-07); choose only on the deals you will not report as unseen.

    .venv/bin/python bench/portfolio.py streets src/solitaire/data/survey/streets.json \
        [--widths 50,100] [--cap 100000] [--pick 0,7] [--save OUT.json] [--load A.json B.json ...]

``--save`` writes each beam's outcome on each deal, so that the screen can run in parts
(say one width a process) and ``--load`` can join the parts and run the cover without
solving again. ``--deals`` takes other deals than the unknown ones (``--deals 31,76``), for
instance the wins a larger portfolio share would have to find again. ``--caps`` prints
how many deals the portfolio as it stands wins within each cap (a share of the budget),
when its beams are among those run or loaded.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from surveyed import add_arguments, chosen, won_in_turn

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver.backend import new_kernel
from solitaire.solver.portfolio import PORTFOLIO
from solitaire.solver.scoring import Weights
from solitaire.solver.search import PROFILES
from solitaire.solver.stockbeam import StockBeam

CANDIDATES = (
    *PROFILES,
    *(weights for weights, _width in PORTFOLIO),
    Weights(waste=6, waste_blocked=6),
    Weights(blocked=4, waste=4, stock=2),
    Weights(waste=6, waste_blocked=6, depth=3),
)
"""The weightings tried: the best-first searches', the portfolio's, two that weigh the
waste and the stock more, and one of those with the cards on the next foundation cards."""

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
    return len(won_within(order, numbers, cap))


def won_within(order: list[Outcome], numbers: list[int], cap: int) -> list[int]:
    """The deals of ``numbers`` that the beams of ``order``, run in turn, win within ``cap``
    expansions between them (as :func:`solitaire.solver.portfolio.beams` spends them)."""
    runs = [{n: (win, spent, spent) for n, (win, spent) in outcome.items()} for outcome in order]
    return won_in_turn(runs, numbers, cap)


def _name(weights: Weights, width: int) -> str:
    return f"{weights} width={width}"


def _report(name: str, outcome: Outcome) -> None:
    won = sorted(n for n, (win, _spent) in outcome.items() if win)
    mean = sum(spent for _win, spent in outcome.values()) // max(1, len(outcome))
    print(f"{name}: won {len(won)} {won}, mean {mean:,} expansions", flush=True)


def _picked(pick: str) -> list[Weights]:
    """The candidates (repeats left out), or those at the places ``pick`` lists."""
    every = list(dict.fromkeys(CANDIDATES))
    return [every[int(i)] for i in pick.split(",")] if pick else every


def main() -> None:
    """Run (or load) every candidate, then print the greedy order."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--widths", default="50,100")
    parser.add_argument("--cap", type=int, default=100_000)
    parser.add_argument("--caps", default="", help="caps to print the current portfolio at")
    parser.add_argument("--pick", default="", help="which candidates, by place (0,7,11)")
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path, nargs="*", default=[])
    args = parser.parse_args()
    numbers = chosen(args)
    outcomes: dict[str, Outcome] = {}
    for path in args.load:
        for name, rows in json.loads(path.read_text()).items():
            outcomes[name] = {int(n): (bool(w), int(s)) for n, (w, s) in rows.items()}
    if not args.load:
        for width in map(int, args.widths.split(",")):
            for weights in _picked(args.pick):
                name = _name(weights, width)
                outcomes[name] = run(args.game, numbers, weights, width)
                _report(name, outcomes[name])
        if args.save:
            args.save.write_text(json.dumps(outcomes))
    numbers = [n for n in numbers if all(n in outcome for outcome in outcomes.values())]
    if args.load:
        for name, outcome in outcomes.items():
            _report(name, {n: outcome[n] for n in numbers})
    current = [outcomes.get(_name(w, width)) for w, width in PORTFOLIO]
    for cap in (int(c) for c in args.caps.split(",") if c and None not in current):
        won = won_within([o for o in current if o], numbers, cap)
        print(f"the portfolio within {cap:,}: {len(won)} of {len(numbers)} {won}")
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
