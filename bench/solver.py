"""Survey fixed deal ranges of every game and print one table: the solver's benchmark.

    python bench/solver.py                      # deals 1-200, 1,000,000 positions
    python bench/solver.py --deals 1-50 --budget 100000 --dir /tmp/survey
    python bench/solver.py --one streets 1      # one deal: positions/s and peak memory

Each game's rows go to DIR/GAME.csv, so an interrupted run picks up where it stopped and a
second run only prints. The table gives, per game: won, lost and unknown deals, the median
and 95th-percentile seconds per deal, and positions expanded per second of search.
"""

from __future__ import annotations

import argparse
import os
import resource
from pathlib import Path

from solitaire.cli import parse_deals
from solitaire.deal import deal
from solitaire.games import FEATURED, get_rules
from solitaire.solver import solve
from solitaire.solver.survey import Summary, survey

HEADER = ("game", "deals", "won", "lost", "unknown", "median s", "p95 s", "positions/s")


def main() -> None:
    """Run the survey of every game and print the table as Markdown."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-200", help="deal range A-B (default 1-200)")
    parser.add_argument("--budget", type=int, default=1_000_000, help="positions per deal")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--dir", type=Path, default=Path("bench/results"), help="row files")
    parser.add_argument("--games", default=",".join(FEATURED), help="comma-separated ids")
    parser.add_argument("--one", nargs=2, metavar=("GAME", "N"), help="solve one deal alone")
    args = parser.parse_args()
    if args.one:
        one(args.one[0], int(args.one[1]), args.budget)
        return
    deals = parse_deals(args.deals)
    args.dir.mkdir(parents=True, exist_ok=True)
    lines = [_row(HEADER), _row(("---",) * len(HEADER))]
    for game in args.games.split(","):
        rows = survey(game, deals, args.budget, args.jobs, args.dir / f"{game}.csv")
        s = Summary.of(rows)
        lines.append(
            _row(
                (
                    game,
                    f"{deals[0]}-{deals[-1]}",
                    str(s.won),
                    str(s.lost),
                    str(s.unknown),
                    f"{s.median_seconds:.3f}",
                    f"{s.p95_seconds:.3f}",
                    f"{s.positions_per_second:,.0f}",
                )
            )
        )
        print(lines[-1], flush=True)
    print(f"\nbudget {args.budget:,} positions per deal\n")
    print("\n".join(lines))


def one(game: str, number: int, budget: int) -> None:
    """Solve one deal in this process; print positions per second and peak memory."""
    rules = get_rules(game)
    state = deal(rules, number)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    found = solve(rules, state, budget)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rate = found.positions / found.seconds if found.seconds else 0.0
    print(
        f"{game} {number}: {found.result}, {found.positions:,} positions in "
        f"{found.seconds:.1f} s ({rate:,.0f}/s); peak RSS {peak / 1024:.0f} MiB "
        f"({before / 1024:.0f} MiB before the search)"
    )


def _row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":
    main()
