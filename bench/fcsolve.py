"""Run fc-solve on our Stronghold and Streets and Alleys deals and compare its verdicts with ours.

    python bench/fcsolve.py                                  # deals 1-200, our published rows
    python bench/fcsolve.py --ours DIR --deals 1-200 --iterations 1000000
    python bench/fcsolve.py --solve 1000000                  # side by side: ours solved here

fc-solve (Debian's ``freecell-solver-bin``) is not a dependency of the project: without it on
the PATH (or at ``--fc-solve``) the script says so and exits with status 2.

``--ours DIR`` names a folder of survey rows, ``DIR/GAME.csv`` or ``DIR/GAME.json`` as written by
``solitaire survey`` or ``bench/solver.py`` (default: the published rows,
``src/solitaire/data/survey``). A game whose file is missing, or a deal without a row, counts as
"no row".

Rules mapping. Both games are given to fc-solve as explicit options rather than a preset:

    --stacks-num 8 --decks-num 1 --freecells-num 1 (Stronghold) or 0 (Streets and Alleys)
    --sequences-are-built-by rank --sequence-move limited --empty-stacks-filled-by all

- Tableau: our deal N (``solitaire.engine.deal.deal``) as eight lines, pile ``t0`` first, each line
  bottom card first, so the last card of a line is the top card (fc-solve's board format);
  ranks ``A 2-9 T J Q K``, suits ``C D H S``: our card names unchanged. Foundations start
  empty (no ``Foundations:`` line), the free cell empty.
- Building down by rank in any suit = ``--sequences-are-built-by rank``; foundations A to K by
  suit are fc-solve's fixed foundations.
- Any card or run may go to an empty pile = ``--empty-stacks-filled-by all``.
- Runs: fc-solve's ``limited`` sequence move allows (1 + free cells) * 2^(empty stacks), SPEC's
  formula for both games (SPEC does not count an empty destination; fc-solve's meta-moves may
  be stricter there, never looser: the replay below would refuse a longer run).
- ``-g streets_and_alleys`` is fc-solve's Beleaguered Castle preset, which sets these same
  options with no free cell; we spell them out so that both games read the same way.
- Every winning line fc-solve prints (``-m``) is replayed move by move through our engine
  (``solitaire.engine.game.Game``) from our deal: a replay that fails or does not end won is
  reported as a mapping error, so a won verdict is checked against our rules, not taken on trust.

Verdicts. fc-solve prints "This game is solveable.", "I could not solve this game." or, with
``-sel``, "Iterations count exceeded." when it stops at ``-mi``. Two passes per deal:

1. ``-l lg`` (looking-glass), as in issue 3, capped at ``--iterations``: a meta-moves preset
   (composite moves, Horne's prune ``-sp r:tf``), so its "could not solve" is not a proof: the
   meta-moves do not reach every position. Reported as "exhausted".
2. For deals that pass 1 does not win: ``--method soft-dfs -to 01ABCDE``, the atomic moves
   (single cards between piles, cell and foundations) with no pruning, one depth-first scan,
   same cap. Every run move is a sequence of such single-card moves through cells and empty
   piles, so the positions they reach are exactly ours, and "could not solve" here is a proof
   that the deal is lost. (``--no-atomic`` skips this pass.)

fc-solve's verdict for a deal: won if either pass wins, lost if pass 2 exhausts, else
undecided. Times are wall-clock milliseconds of the fc-solve process, pass 1 only for the
median (the figure issue 3 quotes); fc-solve runs one process at a time.

Side by side (``--solve BUDGET``): our solver runs here too, on each deal right after
fc-solve's ``lg`` pass, in this process (``solitaire.solver.solve`` with that budget), and its
verdicts replace the rows of ``--ours``. Both are timed the same way: wall-clock
milliseconds, and CPU milliseconds (ours: this process's; fc-solve's: its process's, from
``getrusage``). fc-solve's times include starting its process (about a millisecond); ours
include building the solver's tables for the deal. The table gives both medians and their
ratio, ours over fc-solve's.

Contradictions printed: a deal fc-solve wins (the line replayed by our engine) that we call
lost, which is a soundness bug in our solver; a deal we win that fc-solve proves lost. Either,
or a line our engine refuses, makes the exit status 1. Progress goes to standard error, one line
a deal.
"""

from __future__ import annotations

import argparse
import re
import resource
import shutil
import statistics
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from solitaire.cli.params import parse_deals
from solitaire.engine.cards import card_name
from solitaire.engine.deal import deal
from solitaire.engine.game import Game
from solitaire.engine.games import get_rules
from solitaire.solver import implementation, solve
from solitaire.solver.survey import load

GAMES = {"stronghold": 1, "streets-and-alleys": 0}
"""Our game id and its number of free cells."""

RULES = ["--stacks-num", "8", "--decks-num", "1", "--sequences-are-built-by", "rank"]
RULES += ["--sequence-move", "limited", "--empty-stacks-filled-by", "all"]
PASSES = {"lg": ["-l", "lg"], "atomic": ["--method", "soft-dfs", "-to", "01ABCDE"]}
LG = ("won", "exhausted", "cap")
FINAL = ("won", "lost", "undecided")
OUR = (
    "won",
    "lost",
    "unknown",
    "no row",
    "lost by both",
    "fc-solve decides, we not",
    "we decide, fc-solve not",
)
OURS = Path(__file__).resolve().parent.parent / "src" / "solitaire" / "data" / "survey"

MOVES = [
    (re.compile(r"Move a card from stack (\d+) to the foundations"), "t{0}>f"),
    (re.compile(r"Move a card from freecell (\d+) to the foundations"), "c{0}>f"),
    (re.compile(r"Move a card from stack (\d+) to freecell (\d+)"), "t{0}>c{1}"),
    (re.compile(r"Move a card from freecell (\d+) to stack (\d+)"), "c{0}>t{1}"),
    (re.compile(r"Move (\d+) cards from stack (\d+) to stack (\d+)"), "t{1}>t{2}:{0}"),
]


@dataclass
class Run:
    """One run: verdict ("won", "exhausted" or "cap" for fc-solve; "won", "lost" or
    "unknown" for ours), wall-clock and CPU milliseconds, the line in our notation."""

    verdict: str
    ms: float
    moves: list[str]
    cpu_ms: float = 0.0


def board(game: str, number: int) -> str:
    """Our deal as fc-solve's board text: one line a pile, bottom card first."""
    state = deal(get_rules(game), number)
    return "".join(" ".join(card_name(c) for c in pile) + "\n" for pile in state.tableau)


def fc_solve(exe: str, game: str, number: int, mode: str, iterations: int) -> Run:
    """Run fc-solve once on our deal ``number`` of ``game``; the winning line in our notation."""
    cells = ["--freecells-num", str(GAMES[game])]
    command = [exe, *cells, *RULES, *PASSES[mode], "-sel", "-mi", str(iterations), "-m", "-"]
    cpu = _children_cpu()
    start = time.perf_counter()
    out = subprocess.run(
        command, input=board(game, number), capture_output=True, text=True, check=False
    ).stdout
    ms = (time.perf_counter() - start) * 1000
    cpu_ms = (_children_cpu() - cpu) * 1000
    if "This game is solveable." in out:
        return Run("won", ms, translate(out), cpu_ms)
    if "Iterations count exceeded." in out:
        return Run("cap", ms, [], cpu_ms)
    if "I could not solve this game." in out:
        return Run("exhausted", ms, [], cpu_ms)
    raise RuntimeError(f"fc-solve said nothing we know on {game} {number}:\n{out[-500:]}")


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def our_run(game: str, number: int, budget: int) -> Run:
    """Our solver on deal ``number``, in this process: verdict, wall and CPU milliseconds."""
    rules = get_rules(game)
    state = deal(rules, number)
    cpu = time.process_time()
    start = time.perf_counter()
    found = solve(rules, state, budget)
    ms = (time.perf_counter() - start) * 1000
    cpu_ms = (time.process_time() - cpu) * 1000
    return Run(found.result, ms, [str(move) for move in found.solution or ()], cpu_ms)


def translate(out: str) -> list[str]:
    """fc-solve's ``-m`` move lines in our notation (``:1`` dropped)."""
    moves = []
    for line in out.splitlines():
        if not line.startswith("Move"):
            continue
        for pattern, template in MOVES:
            found = pattern.fullmatch(line.strip())
            if found:
                moves.append(template.format(*found.groups()).removesuffix(":1"))
                break
        else:
            raise RuntimeError(f"unknown fc-solve move: {line!r}")
    return moves


def replays(game: str, number: int, moves: list[str]) -> str:
    """'' if our engine plays ``moves`` from our deal to a win, else what went wrong."""
    played = Game.deal(game, number)
    for index, move in enumerate(moves):
        try:
            played.push(move)
        except Exception as error:
            return f"move {index + 1} {move!r} refused: {error}"
    return "" if played.status == "won" else f"ends {played.status} after {len(moves)} moves"


def ours(folder: Path, game: str) -> dict[int, str]:
    """Our result by deal number, from DIR/GAME.csv or DIR/GAME.json ({} if neither)."""
    for suffix in (".csv", ".json"):
        path = folder / f"{game}{suffix}"
        if path.exists():
            return {number: row["result"] for number, row in load(path).items()}
    return {}


def main() -> int:
    """Run both passes on every deal of both games, print the tables; 1 on a contradiction."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", default="1-200", help="deal range A-B (default 1-200)")
    parser.add_argument("--iterations", type=int, default=1_000_000, help="fc-solve -mi cap")
    parser.add_argument("--ours", type=Path, default=OURS, help="folder of GAME.csv/.json rows")
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated ids")
    parser.add_argument("--fc-solve", default="fc-solve", help="the fc-solve executable")
    parser.add_argument("--no-atomic", action="store_true", help="skip the proving pass")
    parser.add_argument(
        "--solve", type=int, metavar="BUDGET", help="solve our deals here too, timed beside lg"
    )
    args = parser.parse_args()
    exe = shutil.which(args.fc_solve)
    if exe is None:
        print(
            f"{args.fc_solve} not found: install it (Debian: apt-get install "
            "freecell-solver-bin); it is not a dependency of this project.",
            file=sys.stderr,
        )
        return 2
    deals = parse_deals(args.deals)
    fc_rows, our_rows, notes, extra, side = [], [], [], [], []
    bad = False
    for game in args.games.split(","):
        mine = ours(args.ours, game)
        lg_count: Counter[str] = Counter()
        final: Counter[str] = Counter()
        ms: list[float] = []
        cpu: list[float] = []
        our_ms: list[float] = []
        our_cpu: list[float] = []
        found: Counter[str] = Counter()
        settled: dict[str, list[int]] = {"won": [], "lost": []}
        for number in deals:
            first = fc_solve(exe, game, number, "lg", args.iterations)
            lg_count[first.verdict] += 1
            ms.append(first.ms)
            cpu.append(first.cpu_ms)
            if args.solve:
                mine_now = our_run(game, number, args.solve)
                mine[number] = mine_now.verdict
                our_ms.append(mine_now.ms)
                our_cpu.append(mine_now.cpu_ms)
            run = first
            if first.verdict != "won" and not args.no_atomic:
                run = fc_solve(exe, game, number, "atomic", args.iterations)
            verdict = {"won": "won", "exhausted": "lost"}.get(run.verdict, "undecided")
            if run is first and verdict == "lost":
                verdict = "undecided"  # a meta-moves "could not solve" proves nothing
            final[verdict] += 1
            us = mine.get(number, "no row")
            found[us] += 1
            where = f"{game} {number}"
            if verdict == "won":
                problem = replays(game, number, run.moves)
                if problem:
                    bad = True
                    notes.append(f"MAPPING ERROR {where}: fc-solve's line {problem}")
            if verdict == "won" and us == "lost":
                bad = True
                notes.append(
                    f"SOUNDNESS BUG {where}: fc-solve wins ({len(run.moves)} moves, "
                    f"replayed by our engine) and we say lost: {' '.join(run.moves)}"
                )
            if verdict == "lost" and us == "won":
                bad = True
                notes.append(f"CONTRADICTION {where}: we win, fc-solve's atomic scan says lost")
            if verdict == "undecided" and us in ("won", "lost"):
                found["we decide, fc-solve not"] += 1
            if verdict != "undecided" and us == "unknown":
                found["fc-solve decides, we not"] += 1
                settled[verdict].append(number)
            if verdict == "lost" and us == "lost":
                found["lost by both"] += 1
            print(
                f"{where}: lg {first.verdict} {first.ms:.0f} ms, fc-solve {verdict}, ours {us}",
                file=sys.stderr,
                flush=True,
            )
        for verdict, numbers in settled.items():
            if numbers:
                extra.append(f"{game}: fc-solve {verdict}, we unknown: {numbers}")
        span = f"{deals[0]}-{deals[-1]}"
        median = f"{statistics.median(ms):.0f}"
        fc_rows.append([game, span, *(lg_count[k] for k in LG), median, *(final[k] for k in FINAL)])
        our_rows.append([game, span, *(found[k] for k in OUR)])
        if args.solve:
            ours_median, theirs = statistics.median(our_ms), statistics.median(ms)
            ours_cpu, theirs_cpu = statistics.median(our_cpu), statistics.median(cpu)
            side.append(
                [
                    game,
                    span,
                    f"{theirs:.1f}",
                    f"{ours_median:.1f}",
                    f"{ours_median / theirs:.2f}x",
                    f"{theirs_cpu:.1f}",
                    f"{ours_cpu:.1f}",
                    f"{ours_cpu / theirs_cpu:.2f}x" if theirs_cpu else "-",
                    f"{sum(our_ms) / 1000:.1f}",
                    f"{sum(ms) / 1000:.1f}",
                ]
            )
    source = f"solved here, {args.solve:,} positions" if args.solve else f"from {args.ours}"
    print(f"fc-solve, {args.iterations:,} iterations a pass; ours {source}\n")
    lg = [f"lg {k}" for k in LG]
    table(["game", "deals", *lg, "lg median ms", *(f"fc-solve {k}" for k in FINAL)], fc_rows)
    print()
    table(["game", "deals", *(f"ours: {k}" for k in OUR)], our_rows)
    if side:
        print(f"\nside by side, our solver {implementation()}; milliseconds a deal:\n")
        head = ["game", "deals", "lg median ms", "our median ms", "ours/lg"]
        head += [
            "lg median CPU ms",
            "our median CPU ms",
            "ours/lg CPU",
            "our total s",
            "lg total s",
        ]
        table(head, side)
    print("\n" + "\n".join(extra + (notes or ["no contradictions"])))
    return 1 if bad else 0


def table(header: list[str], rows: list[list[object]]) -> None:
    """Print a Markdown table."""
    lines: list[list[object]] = [list(header), ["---"] * len(header), *rows]
    for line in lines:
        print("| " + " | ".join(str(cell) for cell in line) + " |")


if __name__ == "__main__":
    sys.exit(main())
