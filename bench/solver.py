"""Survey fixed deal ranges of every game and print one table: the solver's benchmark.

    python bench/solver.py                      # deals 1-200, 1,000,000 positions
    python bench/solver.py --deals 1-50 --budget 100000 --dir survey-rows
    python bench/solver.py --one streets 1      # one deal: positions/s and peak memory
    python bench/solver.py --one streets-and-alleys 5 --stranded 5000  # rule 10 in the DFS
    python bench/solver.py --deals 401-600 --games streets-and-alleys --stranded 5000 --jobs 1
    python bench/solver.py --speed              # fixed deals, plain Python vs the C core
    python bench/solver.py --speed --before ../old   # this checkout vs another one
    python bench/solver.py --keys streets-and-alleys 5  # bytes per key in the C core's set

Each game's rows go to DIR/GAME.csv, so an interrupted run picks up where it stopped and a
second run only prints. The table gives, per game: won, lost and unknown deals, the median
and 95th-percentile seconds per deal, and positions expanded per second of search.

``--speed`` solves two fixed deals of every game (50,000 positions unless ``--budget``
says otherwise), each in a fresh process on one core, as plain Python (``SOLITAIRE_PURE=1``)
and on the C core in turn, three times (``--repeat``), and prints the best expansions per
second both ways: the speed of the machinery, a position that two searches expand counted
twice. The last column gives the C core's distinct positions per second, what a survey
reports.

``--before DIR`` compares instead two builds, deal by deal: this checkout's and the
one in ``DIR`` (another checkout of the project, installed in its own ``DIR/.venv``), run
in turn, best of ``--repeat`` each; it prints both builds' distinct positions per second
and their ratio, by wall-clock time and by CPU time (the process's own, which a busy machine
disturbs less), and stops if the two builds expand different positions.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from solitaire.cli.params import parse_deals
from solitaire.engine.deal import deal
from solitaire.engine.games import FEATURED, get_rules
from solitaire.solver import implementation, solve
from solitaire.solver.survey import Summary, survey

HEADER = ("game", "deals", "won", "lost", "unknown", "median s", "p95 s", "positions/s")

SPEED_DEALS = {
    "stronghold": (7, 17),
    "streets-and-alleys": (5, 10),
    "blockade": (25, 71),
    "streets": (1, 2),
    "fours-up": (3, 5),
}
"""Deals that run to (or near) 50,000 positions, so setup time does not weigh on the rate."""


def main() -> None:
    """Run the survey of every game and print the table as Markdown."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-200", help="deal range A-B (default 1-200)")
    parser.add_argument("--budget", type=int, help="positions per deal (1,000,000; --speed 50,000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--dir", type=Path, default=Path("bench/results"), help="row files")
    parser.add_argument("--games", default=",".join(FEATURED), help="comma-separated ids")
    parser.add_argument("--one", nargs=2, metavar=("GAME", "N"), help="solve one deal alone")
    parser.add_argument("--json", action="store_true", help="with --one: one JSON line")
    parser.add_argument(
        "--stranded", type=int, default=0, help="solve's stranded (rule 10's limit in the DFS)"
    )
    parser.add_argument("--speed", action="store_true", help="plain Python vs the C core")
    parser.add_argument("--repeat", type=int, default=3, help="with --speed: best of N runs")
    parser.add_argument("--before", type=Path, help="with --speed: another checkout to compare")
    parser.add_argument("--keys", nargs=2, metavar=("GAME", "N"), help="memory of the key set")
    args = parser.parse_args()
    if args.speed and args.before:
        versus(args.budget or 50_000, args.repeat, args.before)
        return
    if args.speed:
        speed(args.budget or 50_000, args.repeat)
        return
    args.budget = args.budget or 1_000_000
    if args.keys:
        keys(args.keys[0], int(args.keys[1]), args.budget)
        return
    if args.one:
        one(args.one[0], int(args.one[1]), args.budget, args.json, args.stranded)
        return
    deals = parse_deals(args.deals)
    args.dir.mkdir(parents=True, exist_ok=True)
    lines = [_row(HEADER), _row(("---",) * len(HEADER))]
    for game in args.games.split(","):
        out = args.dir / f"{game}.csv"
        rows = survey(game, deals, args.budget, args.jobs, out, stranded=args.stranded)
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


def one(game: str, number: int, budget: int, as_json: bool = False, stranded: int = 0) -> None:
    """Solve one deal in this process, with rule 10 in the depth-first search within
    ``stranded`` states (0: not); print positions per second and peak memory."""
    rules = get_rules(game)
    state = deal(rules, number)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    cpu = time.process_time()
    found = solve(rules, state, budget, stranded=stranded)
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    rate = found.positions / found.seconds if found.seconds else 0.0
    work_rate = found.expanded / found.seconds if found.seconds else 0.0
    if as_json:
        keys = ("result", "positions", "expanded", "seconds")
        print(
            json.dumps(
                {key: getattr(found, key) for key in keys}
                | {"rate": work_rate, "solver": implementation(), "cpu": cpu}
            )
        )
        return
    print(
        f"{game} {number}: {found.result}, {found.positions:,} positions in "
        f"{found.seconds:.1f} s ({rate:,.0f}/s; {found.expanded:,} expansions, "
        f"{work_rate:,.0f}/s); peak RSS {peak / 1024:.0f} MiB "
        f"({before / 1024:.0f} MiB before the search); solver {implementation()}"
    )


def keys(game: str, number: int, budget: int) -> None:
    """A depth-first search of ``budget`` positions on the C core; print what its set of
    expanded keys holds per key, and the peak memory per position."""
    from solitaire.solver import backend
    from solitaire.solver.native import NativeKernel
    from solitaire.solver.scoring import Weights

    if not backend.native():
        raise SystemExit(f"no C core: {implementation()}")
    rules = get_rules(game)
    state = deal(rules, number)
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kernel = NativeKernel(rules, state)
    root = kernel.start(state)[0]
    shared = kernel.keyset()
    result = kernel.dfs(root, kernel.scorer(Weights()), budget, None, shared, None, 0.0, budget)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    count = len(shared)
    print(
        f"{game} {number}: {result[0]}, {count:,} keys; the set holds {shared.nbytes():,} bytes, "
        f"{shared.nbytes() / count:.0f} a key; peak RSS {(peak - before) / 1024:.0f} MiB over "
        f"the start, {(peak - before) * 1024 / count:.0f} bytes a position"
    )


def speed(budget: int, repeat: int) -> None:
    """Solve :data:`SPEED_DEALS` as plain Python and on the C core, alternating, ``repeat``
    times each; print the best expansions/s both ways (the best run is the least disturbed
    by load), and the C core's distinct positions/s.
    """
    header = (
        "game",
        "deal",
        "result",
        "positions",
        "expanded",
        "plain /s",
        "C core /s",
        "speed-up",
        "C core positions/s",
    )
    print(f"budget {budget:,} positions, best of {repeat}; solver here: {implementation()}\n")
    print(_row(header))
    print(_row(("---",) * len(header)))
    for game, numbers in SPEED_DEALS.items():
        for number in numbers:
            plain: dict[str, Any] = {"rate": 0.0}
            fast: dict[str, Any] = {"rate": 0.0}
            for _ in range(repeat):
                plain = max(plain, _one_in_child(game, number, budget, pure=True), key=_rate)
                fast = max(fast, _one_in_child(game, number, budget, pure=False), key=_rate)
            if not str(fast["solver"]).startswith("the C core"):
                raise SystemExit(f"no C core to compare with: {fast['solver']}")
            counts = ("result", "positions", "expanded")
            if any(plain[key] != fast[key] for key in counts):
                raise SystemExit(f"{game} {number}: the builds differ: {plain} {fast}")
            cells = (
                game,
                str(number),
                str(fast["result"]),
                f"{fast['positions']:,}",
                f"{fast['expanded']:,}",
                f"{plain['rate']:,.0f}",
                f"{fast['rate']:,.0f}",
                f"{fast['rate'] / plain['rate']:.2f}x",
                f"{fast['positions'] / fast['seconds']:,.0f}",
            )
            print(_row(cells), flush=True)


def versus(budget: int, repeat: int, other: Path) -> None:
    """Solve :data:`SPEED_DEALS` here and in the checkout ``other``, in turn,
    ``repeat`` times each; print both builds' best distinct positions/s (by wall-clock and
    by CPU time) and the ratio, this build over the other."""
    python = other / ".venv" / "bin" / "python"
    script = other / "bench" / "solver.py"
    header = ("game", "deal", "result", "positions", "before /s", "after /s", "after/before")
    header += ("before CPU /s", "after CPU /s", "after/before CPU")
    print(f"budget {budget:,} positions, best of {repeat}; after: {implementation()}")
    print(f"before: {other}\n")
    print(_row(header))
    print(_row(("---",) * len(header)))
    ratios: list[float] = []
    for game, numbers in SPEED_DEALS.items():
        for number in numbers:
            old: dict[str, Any] = {"rate": 0.0}
            new: dict[str, Any] = {"rate": 0.0}
            old_cpu = new_cpu = 0.0
            for _ in range(repeat):
                a = _one_in_child(game, number, budget, pure=False, python=python, script=script)
                b = _one_in_child(game, number, budget, pure=False)
                old, new = max(old, a, key=_positions_rate), max(new, b, key=_positions_rate)
                old_cpu = max(old_cpu, a["positions"] / max(a.get("cpu", 0.0), 1e-9))
                new_cpu = max(new_cpu, b["positions"] / max(b["cpu"], 1e-9))
            if any(old[key] != new[key] for key in ("result", "positions", "expanded")):
                raise SystemExit(f"{game} {number}: the builds differ: {old} {new}")
            ratios.append(_positions_rate(new) / _positions_rate(old))
            cells = (
                game,
                str(number),
                str(new["result"]),
                f"{new['positions']:,}",
                f"{_positions_rate(old):,.0f}",
                f"{_positions_rate(new):,.0f}",
                f"{ratios[-1]:.2f}x",
                f"{old_cpu:,.0f}" if "cpu" in old else "-",
                f"{new_cpu:,.0f}",
                f"{new_cpu / old_cpu:.2f}x" if "cpu" in old else "-",
            )
            print(_row(cells), flush=True)
    print(f"\nwall-clock ratio: least {min(ratios):.2f}x, most {max(ratios):.2f}x")


def _rate(report: dict[str, Any]) -> float:
    return float(report["rate"])


def _positions_rate(report: dict[str, Any]) -> float:
    if "positions" not in report:
        return 0.0
    return float(report["positions"]) / max(float(report["seconds"]), 1e-9)


def _one_in_child(
    game: str,
    number: int,
    budget: int,
    *,
    pure: bool,
    python: Path | None = None,
    script: Path | None = None,
) -> dict[str, Any]:
    env = {key: value for key, value in os.environ.items() if key != "SOLITAIRE_PURE"}
    if pure:
        env["SOLITAIRE_PURE"] = "1"
    command = [
        str(python or sys.executable),
        str(script or __file__),
        "--one",
        game,
        str(number),
        "--budget",
        str(budget),
    ]
    done = subprocess.run([*command, "--json"], env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr)
    report: dict[str, Any] = json.loads(done.stdout)
    return report


def _row(cells: tuple[str, ...]) -> str:
    return "| " + " | ".join(cells) + " |"


if __name__ == "__main__":
    main()
