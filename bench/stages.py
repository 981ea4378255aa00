"""Which stage of the solve answers each deal: every deal solved as the survey solves it
(``search.solve`` at the budget, C core when built), with each search of the solve noted as it
runs: its stage, the distinct positions when it starts, its expansions (repeats included) and
its answer. One line a deal, then a table of the stages over all deals: how many deals each
answered, won and lost, and the least, median and largest positions at which it started.

    .venv/bin/python bench/stages.py streets src/solitaire/data/survey/streets.json \
        [--deals 5,10 | --results unknown | --results won,lost] [--above 0] \
        [--budget 1000000] [--part 1/2] [--plan keep=1,spend=300000] [--save OUT.json] \
        [--load A.json ...]

The stages, in the order ``search._solve`` runs them: ``beam`` (the first stock beam),
``ahead`` (the beams after 1, 2, 3, ... cards dealt), ``dealt4`` ... ``dealt20`` (the
best-first searches from positions dealt ahead), ``bf1`` ... ``bfN`` (the best-first searches
under each of the game's profiles), ``probes``, ``pf1`` ... ``pf6`` (the portfolio's beams),
``dfs`` (the last depth-first search) and, in games without a waste, ``late`` (the late
best-first searches). ``first`` is an answer before any search (a won or dead first position,
or the waste game's proof of loss). ``--results`` takes the deals whose published row has one
of those results, ``--above`` those with more positions than that; ``--part K/N`` the K-th of N
equal slices of them (to run in several processes, then ``--load`` their ``--save`` files).

``--plan`` solves under another split of the budget, patched in here with the solver's code
untouched (:func:`plan`): fewer best-first profiles or searches dealt ahead, and the beams of
:data:`WIDE` after the best-first searches, so that a split can be measured on the tuning
deals and on the published rows it would answer differently before any of it lands.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections.abc import Callable
from pathlib import Path
from typing import Any, Final

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver import portfolio, search
from solitaire.solver.portfolio import PORTFOLIO
from solitaire.solver.scoring import Weights
from solitaire.solver.survey import load

Run = dict[str, Any]
"""One search of a solve: ``stage``, ``start`` (distinct positions when it started),
``spent`` (its expansions) and ``result``."""


class Notes:
    """The searches of the solve under way, as the wrapped searches report them."""

    def __init__(self) -> None:
        self.searches: Any = None  # the solve's search._Searches
        self.stage = "first"
        self.count = 0  # searches so far in this stage
        self.runs: list[Run] = []

    def begin(self, searches: Any, stage: str) -> None:
        """A stage of ``searches`` begins."""
        self.searches, self.stage, self.count = searches, stage, 0

    def positions(self) -> int:
        """The distinct positions expanded so far in this solve."""
        return 0 if self.searches is None else len(self.searches.expanded)

    def label(self) -> str:
        """The name of the next search of the stage."""
        self.count += 1
        if self.stage == "best":
            return f"bf{self.count}"
        if self.stage == "portfolio":
            return f"pf{self.count}"
        if self.stage == "stock":
            return "beam" if self.count == 1 else "dealt"
        return self.stage


NOTES = Notes()


def _wrapped_search(cls: Any) -> Callable[..., Any]:
    """A stand-in for the search class ``cls`` (StockBeam, BestFirst) whose runs are noted."""

    def make(*args: Any, **kwargs: Any) -> Any:
        obj = cls(*args, **kwargs)
        run = obj.run
        label = NOTES.label()
        if label == "dealt":  # the best-first searches dealt ahead, in DEALT_AHEAD's order
            done = sum(run["stage"].startswith("dealt") for run in NOTES.runs)
            label = f"dealt{search.DEALT_AHEAD[done]}"

        def noted(budget: int, deadline: float | None) -> tuple[str, list[Any]]:
            start = NOTES.positions()
            result, line = run(budget, deadline)
            NOTES.runs.append(
                {"stage": label, "start": start, "spent": obj.expanded, "result": result}
            )
            return result, line

        obj.run = noted
        return obj

    return make


def _wrapped_stage(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    """A stand-in for the ``_Searches`` method ``method`` that names its stage, and for the
    stages that run no search class (probes, the last depth-first search, the late searches)
    notes the run itself."""

    def noted(self: Any, *args: Any) -> Any:
        outer = NOTES.stage
        NOTES.begin(self, name)
        start, work = len(self.expanded), self.work
        answer = method(self, *args)
        if name in ("probes", "dfs", "late"):
            NOTES.runs.append(
                {"stage": name, "start": start, "spent": self.work - work, "result": answer[0]}
            )
        if name == "ahead":
            NOTES.stage, NOTES.count = outer, 1  # back in the stock searches, after the beam
        return answer

    return noted


def install() -> None:
    """Wrap the searches of :mod:`solitaire.solver.search` and the portfolio's beams."""
    for module, name in ((search, "StockBeam"), (search, "BestFirst"), (portfolio, "StockBeam")):
        setattr(module, name, _wrapped_search(getattr(module, name)))
    searches = search._Searches
    for name, attribute in (
        ("stock", "stock"),
        ("ahead", "_beams_ahead"),
        ("best", "best_first"),
        ("probes", "probes"),
        ("portfolio", "portfolio"),
        ("late", "late_searches"),
    ):
        setattr(searches, attribute, _wrapped_stage(name, getattr(searches, attribute)))
    # the last depth-first search is depth_first called from _solve, not from late_searches
    depth_first = searches.depth_first

    def last(self: Any, keep: int = 0) -> Any:
        if NOTES.stage == "late":
            return depth_first(self, keep)
        return _wrapped_stage("dfs", depth_first)(self, keep)

    searches.depth_first = last  # type: ignore[method-assign]


WIDE: Final = (
    (Weights(blocked=4, waste=4, stock=2), 200),
    (Weights(waste=6, waste_blocked=6, depth=3), 200),
    (Weights(depth=5), 100),
    (Weights(blocked=6, empty=12, cells=6), 200),
    (Weights(waste=6, waste_blocked=6), 200),
    (Weights(waste=6, waste_blocked=6, depth=3), 50),
    *PORTFOLIO,
)
"""The beams a ``--plan`` runs, in order: the first six as a greedy cover picked them on the
82 unknown Streets deals of 1-1000 (each beam alone from the deal, widths 50-200, with the
room the searches before would leave: bench/RESULTS.md, 2026-12-07, third round), then
today's portfolio."""


def plan(spec: str) -> str:
    """Solve under another split of the budget (solver code untouched): ``keep=K`` runs only
    the first K best-first profiles, each with its usual share; ``dealt=N`` only the first N
    searches of ``DEALT_AHEAD``; ``spend=S`` runs the beams of :data:`WIDE` after the
    best-first searches with at most S expansions; ``first=F`` runs only the first F of them;
    the probes then go on to the whole budget, and the portfolio after them no longer runs.
    The description printed."""
    settings = {key: int(value) for key, value in (item.split("=") for item in spec.split(","))}
    unknown = set(settings) - {"keep", "dealt", "spend", "first"}
    if unknown:
        raise SystemExit(f"--plan: unknown settings {sorted(unknown)}")
    profiles_for, shares_for = search.profiles_for, search.best_first_shares
    keep = settings.get("keep", len(search.PROFILES))

    def kept_profiles(rules: Any) -> tuple[Any, ...]:
        return profiles_for(rules)[:keep]

    def kept_shares(rules: Any, count: int) -> list[float]:
        return shares_for(rules, len(profiles_for(rules)))[:count]

    dealt = search.DEALT_AHEAD[: settings.get("dealt", len(search.DEALT_AHEAD))]
    beams = WIDE[: settings.get("first", len(WIDE))]
    for module, name, value in (
        (search, "profiles_for", kept_profiles),
        (search, "best_first_shares", kept_shares),
        (search, "DEALT_AHEAD", dealt),
        (search, "PORTFOLIO_SHARE", 0),  # the probes to the end, no portfolio after them
        (portfolio, "PORTFOLIO", beams),
    ):
        setattr(module, name, value)
    spend = settings.get("spend", 0)
    best_first = search._Searches.best_first

    def then_beams(self: Any, profiles: Any, shares: list[float]) -> tuple[str, list[Any]]:
        result, line = best_first(self, profiles, shares)
        if result == "unknown" and spend:
            result, line = self.portfolio(spend)
        return result, line

    search._Searches.best_first = then_beams  # type: ignore[method-assign]
    return f"plan {settings}"


def answered_by(runs: list[Run], result: str) -> str:
    """The stage whose answer the solve gave: the first search that won, or that proved the
    position lost (a loss from a position dealt ahead says nothing of the first position)."""
    if result == "unknown":
        return "-"
    for run in runs:
        proof = run["result"] == "lost" and not run["stage"].startswith("dealt")
        if run["result"] == result and (result == "won" or proof):
            return str(run["stage"])
    return "first"


def solve_all(game: str, numbers: list[int], budget: int) -> dict[int, dict[str, Any]]:
    """Each deal solved with its searches noted, one line printed a deal."""
    install()
    rules = get_rules(game)
    out: dict[int, dict[str, Any]] = {}
    for number in numbers:
        NOTES.__init__()  # type: ignore[misc]
        answer = search.solve(rules, deal(rules, number), budget)
        by = answered_by(NOTES.runs, answer.result)
        out[number] = {
            "result": str(answer.result),
            "positions": answer.positions,
            "by": by,
            "runs": NOTES.runs,
        }
        starts = " ".join(f"{stage}@{start}+{spent}" for stage, start, spent in _merged(NOTES.runs))
        print(f"{number} {answer.result} {answer.positions} by={by} {starts}", flush=True)
    return out


def _merged(runs: list[Run]) -> list[tuple[str, int, int]]:
    """Each stage once, in order: where its first search started, and its expansions."""
    out: dict[str, tuple[int, int]] = {}
    for run in runs:
        start, spent = out.get(run["stage"], (run["start"], 0))
        out[run["stage"]] = (start, spent + run["spent"])
    return [(stage, start, spent) for stage, (start, spent) in out.items()]


def table(rows: dict[int, dict[str, Any]]) -> None:
    """Per stage: deals answered (won, lost), the deals that reached it, and where it
    started (least, median, largest distinct positions) and its expansions' median."""
    order: list[str] = []
    starts: dict[str, list[int]] = {}
    spent: dict[str, list[int]] = {}
    for row in rows.values():
        firsts: dict[str, int] = {}
        totals: dict[str, int] = {}
        for run in row["runs"]:
            stage = run["stage"]
            if stage not in order:
                order.append(stage)
            firsts.setdefault(stage, run["start"])
            totals[stage] = totals.get(stage, 0) + run["spent"]
        for stage, start in firsts.items():
            starts.setdefault(stage, []).append(start)
            spent.setdefault(stage, []).append(totals[stage])
    print("| stage | won | lost | deals reaching it | starts at (least / median / most) ", end="")
    print("| median expansions |")
    print("| --- | --- | --- | --- | --- | --- |")
    for stage in ["first", *order]:
        won = sum(1 for r in rows.values() if r["by"] == stage and r["result"] == "won")
        lost = sum(1 for r in rows.values() if r["by"] == stage and r["result"] == "lost")
        at = starts.get(stage, [])
        where = f"{min(at):,} / {int(statistics.median(at)):,} / {max(at):,}" if at else "-"
        mid = f"{int(statistics.median(spent[stage])):,}" if at else "-"
        print(f"| {stage} | {won} | {lost} | {len(at)} | {where} | {mid} |")
    unknown = sum(1 for r in rows.values() if r["result"] == "unknown")
    print(f"deals {len(rows)}, unknown {unknown}")


def main() -> None:
    """Solve (or load) the deals and print the stage table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("survey", type=Path)
    parser.add_argument("--deals", default="", help="deal numbers (default: by --results)")
    parser.add_argument("--results", default="unknown", help="published results to take")
    parser.add_argument("--above", type=int, default=-1, help="only rows past these positions")
    parser.add_argument("--budget", type=int, default=search.DEFAULT_BUDGET)
    parser.add_argument("--part", default="1/1", help="K/N: the K-th of N slices")
    parser.add_argument("--plan", default="", help="another split: keep=K,dealt=N,spend=S,first=F")
    parser.add_argument("--save", type=Path)
    parser.add_argument("--load", type=Path, nargs="*", default=[])
    args = parser.parse_args()
    rows: dict[int, dict[str, Any]] = {}
    for path in args.load:
        rows.update({int(n): row for n, row in json.loads(path.read_text()).items()})
    if not args.load:
        if args.deals:
            numbers = [int(n) for n in args.deals.split(",")]
        else:
            wanted = set(args.results.split(","))
            published = load(args.survey)
            numbers = [
                n
                for n, row in published.items()
                if row["result"] in wanted and row["positions"] > args.above
            ]
        part, parts = (int(n) for n in args.part.split("/"))
        if not 1 <= part <= parts:
            raise SystemExit(f"--part {args.part}: K must be from 1 to N")
        numbers = numbers[part - 1 :: parts]
        if args.plan:
            print(plan(args.plan), flush=True)
        rows = solve_all(args.game, numbers, args.budget)
        if args.save:
            args.save.write_text(json.dumps(rows))
    table(rows)


if __name__ == "__main__":
    main()
