"""The pieces of the hard-wins phase, each alone: every piece from each deal's first position
with a budget of its own (distinct positions), the deals it wins, its positions and
expansions, and its CPU seconds; then a greedy order of the pieces under a phase budget,
where a piece's positions count against the budget as ``solitaire.solver.hard.hard`` spends
them. This is how ``solitaire.solver.hard.HARD_PLAN`` was chosen (bench/RESULTS.md); choose
only on the deals you will not report as unseen.

    .venv/bin/python bench/hard.py streets src/solitaire/data/survey/streets.json \
        --pieces beams|rollouts|NAME,... [--budget 1000000] [--part 1/2] [--save OUT.json] \
        [--load A.json ...] [--cap 1000000] [--deals 5,12]

Without ``--deals`` it takes the deals the survey file leaves unknown. A piece is named as
:data:`PIECES` names it.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from surveyed import add_arguments, chosen, won_in_turn

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver.backend import new_kernel
from solitaire.solver.hard import HARD_PLAN, Beam, Piece, Rollouts, run_piece
from solitaire.solver.scoring import Weights

_ROLL = Weights(blocked=4, waste=4, stock=2)

PIECES: dict[str, Piece] = {
    "b-bws200": Beam(Weights(blocked=4, waste=4, stock=2), 200),
    "b-wwd200": Beam(Weights(waste=6, waste_blocked=6, depth=3), 200),
    "b-d100": Beam(Weights(depth=5), 100),
    "b-bec200": Beam(Weights(blocked=6, empty=12, cells=6), 200),
    "b-ww200": Beam(Weights(waste=6, waste_blocked=6), 200),
    "b-wwd50": Beam(Weights(waste=6, waste_blocked=6, depth=3), 50),
    "b-bws500": Beam(Weights(blocked=4, waste=4, stock=2), 500),
    "b-wwd500": Beam(Weights(waste=6, waste_blocked=6, depth=3), 500),
    "b-d500": Beam(Weights(depth=5), 500),
    "b-ww500": Beam(Weights(waste=6, waste_blocked=6), 500),
    "b-0-500": Beam(Weights(), 500),
    "b-bws1000": Beam(Weights(blocked=4, waste=4, stock=2), 1000),
    "b-wwd1000": Beam(Weights(waste=6, waste_blocked=6, depth=3), 1000),
    "r0-bws": Rollouts(0, _ROLL, restarts=0),
    "r0-bws-g8": Rollouts(0, _ROLL, greed=0.8, restarts=0),
    "r1-bws-b4-x": Rollouts(1, _ROLL, breadth=4, restarts=0),
    "r1-bws-b2-x": Rollouts(1, _ROLL, breadth=2, restarts=0),
    "r1-wwd-b4-x": Rollouts(1, Weights(waste=6, waste_blocked=6, depth=3), breadth=4, restarts=0),
    "r1-bws": Rollouts(1, _ROLL),
    "r1-bws-b4": Rollouts(1, _ROLL, breadth=4),
    "r2-bws-b3": Rollouts(2, _ROLL, breadth=3),
    "r2-bws-b3-x": Rollouts(2, _ROLL, breadth=3, restarts=0),
    "r1-0-b4-x": Rollouts(1, Weights(), breadth=4, restarts=0),
    "r1-bws-b4-s2-x": Rollouts(1, _ROLL, breadth=4, seed=2, restarts=0),
    "r1-bws-g7-b4-x": Rollouts(1, _ROLL, greed=0.7, breadth=4, restarts=0),
    "r1-bec-b4-x": Rollouts(1, Weights(blocked=6, empty=12, cells=6), breadth=4, restarts=0),
    "r1-0": Rollouts(1, Weights()),
    "r1-wwd-b4": Rollouts(1, Weights(waste=6, waste_blocked=6, depth=3), breadth=4),
    "r1-bws-g8-b4": Rollouts(1, _ROLL, greed=0.8, breadth=4),
}
"""The pieces measured, by name: ``b-`` beams (weighting, width), ``r<level>-`` rollouts."""

Outcome = dict[int, tuple[bool, int, int, float]]
"""Per deal: won, distinct positions, expansions, CPU seconds."""


def measure(game: str, numbers: list[int], piece: Piece, budget: int, name: str) -> Outcome:
    """``piece`` alone from each deal's first position, with ``budget`` positions."""
    rules = get_rules(game)
    out: Outcome = {}
    for number in numbers:
        state = deal(rules, number)
        kernel = new_kernel(rules, state)
        root = kernel.start(state)[0]
        keys = kernel.keyset()
        started = time.process_time()
        result, _line, used = run_piece(kernel, root, piece, keys, budget, None)
        seconds = time.process_time() - started
        out[number] = (result == "won", len(keys), used, round(seconds, 2))
        print(name, number, result, len(keys), used, f"{seconds:.1f}", flush=True)
    return out


def order(outcomes: dict[str, Outcome], numbers: list[int], cap: int) -> None:
    """Print the greedy order of the pieces within ``cap`` positions a deal."""
    chosen: list[str] = []
    while len(chosen) < len(outcomes):
        best = max(
            (name for name in outcomes if name not in chosen),
            key=lambda name: len(
                won_within([(n, outcomes[n]) for n in (*chosen, name)], numbers, cap)
            ),
        )
        chosen.append(best)
        won = won_within([(n, outcomes[n]) for n in chosen], numbers, cap)
        print(f"then {best}: {len(won)} of {len(numbers)} within {cap:,} {won}", flush=True)


def won_within(pieces: list[tuple[str, Outcome]], numbers: list[int], cap: int) -> list[int]:
    """The deals that ``pieces`` in turn win within ``cap`` positions as
    :func:`solitaire.solver.hard.hard` runs them: each piece with a key set of its own, as
    here, so it runs as it did alone until it wins or reaches what the budget has left (a
    beam's win counting its expansions, rollouts' their positions; each spends its
    positions)."""
    runs = []
    for piece, outcome in pieces:
        cost = 2 if piece.startswith("b-") else 1
        runs.append({n: (row[0], row[cost], row[1]) for n, row in outcome.items()})
    return won_in_turn(runs, numbers, cap)


def _report(name: str, outcome: Outcome) -> None:
    won = sorted(n for n, row in outcome.items() if row[0])
    count = max(1, len(outcome))
    positions = sum(row[1] for row in outcome.values()) // count
    work = sum(row[2] for row in outcome.values()) // count
    seconds = sum(row[3] for row in outcome.values()) / count
    print(
        f"{name}: won {len(won)} {won}, mean {positions:,} positions, {work:,} expansions,"
        f" {seconds:.1f} CPU-s a deal",
        flush=True,
    )


def main() -> None:
    """Measure (or load) the pieces, print each one's share and the greedy order."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_arguments(parser)
    parser.add_argument("--pieces", default="")
    parser.add_argument("--budget", type=int, default=1_000_000)
    parser.add_argument("--cap", type=int, default=1_000_000)
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path, nargs="*", default=[])
    args = parser.parse_args()
    numbers = chosen(args)
    outcomes: dict[str, Outcome] = {}
    for path in args.load:
        for name, rows in json.loads(path.read_text()).items():
            got = {int(n): (bool(r[0]), r[1], r[2], r[3]) for n, r in rows.items()}
            outcomes.setdefault(name, {}).update(got)  # parts of one piece join
    names = args.pieces.split(",") if args.pieces else []
    if names == ["beams"]:
        names = [n for n in PIECES if n.startswith("b-")]
    if names == ["plan"]:
        names = [n for n, piece in PIECES.items() if piece in HARD_PLAN]
    for name in names:
        outcomes[name] = measure(args.game, numbers, PIECES[name], args.budget, name)
        _report(name, outcomes[name])
        if args.save:
            args.save.write_text(json.dumps(outcomes))
    numbers = [n for n in numbers if all(n in outcome for outcome in outcomes.values())]
    for name, outcome in outcomes.items():
        _report(name, {n: outcome[n] for n in numbers})
    order(outcomes, numbers, args.cap)


if __name__ == "__main__":
    main()
