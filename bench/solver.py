"""Survey fixed deal ranges of every game and print one table: the solver's benchmark.

    python bench/solver.py                      # deals 1-200, 1,000,000 positions
    python bench/solver.py --deals 1-50 --budget 100000 --dir /tmp/survey

Each game's rows go to DIR/GAME.csv, so an interrupted run picks up where it stopped and a
second run only prints. The table gives, per game: won, lost and unknown deals, the median
and 95th-percentile seconds per deal, and positions expanded per second of search.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from solitaire.cli import parse_deals
from solitaire.games import FEATURED
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
    args = parser.parse_args()
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


def _row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":
    main()
