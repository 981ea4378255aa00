"""Surveys: solve a range of deals on every core or on a Dask cluster, keep one row per deal in
a CSV or JSON file.

A row is ``{"game", "deal", "result", "positions", "seconds", "budget", "solution"}``;
``solution`` is the winning line as space-separated moves ("" unless won). A row solved with
a hard-wins phase that ran (``hard`` above 0, :mod:`solitaire.solver.hard`; it runs only when
the first phase answers "unknown") also holds ``hard``, that phase's budget, and ``method``,
the name of its piece that won ("" when none did); a row without them was decided by the first
phase, or solved with ``hard=0``, so a survey with the phase writes the first phase's rows as
one without it does. A row solved with rule 10 in the depth-first searches (``stranded``
above 0, :func:`solitaire.solver.solve`'s ``stranded``) holds ``stranded``, its limit; a row
without it was solved with the option off. A row is reused by a later survey of the same game
when it is a verdict (won or lost: true under any budget) or when it is "unknown" under a
budget, a hard-wins budget and a limit of rule 10 each at least as large as the ones asked
for.
"""

from __future__ import annotations

import csv
import json
import os
import statistics
import sys
from collections.abc import Callable, Generator, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver import solve
from solitaire.solver.verdict import Verdict
from solitaire.solver.workers import connect

FIELDS = ("game", "deal", "result", "positions", "seconds", "budget", "solution")

HARD_FIELDS = ("hard", "method")
"""The fields a row has only when a hard-wins phase ran for it."""

STRANDED_FIELD = "stranded"
"""The field a row has only when it was solved with rule 10 in the depth-first searches."""

Row = dict[str, Any]

Task = tuple[str, int, int] | tuple[str, int, int, int] | tuple[str, int, int, int, int]
"""What :func:`solve_deal` solves: (game, deal number, budget[, hard-wins budget[, rule 10's
limit in the depth-first searches]])."""


def solve_deal(task: Task) -> Row:
    """Solve one deal: ``task`` is (game, deal number, budget), (game, deal number, budget,
    hard-wins budget) or (game, deal number, budget, hard-wins budget, rule 10's limit)."""
    game, number, budget, *more = task
    hard = more[0] if more else 0
    stranded = more[1] if len(more) > 1 else 0
    rules = get_rules(game)
    found = solve(rules, deal(rules, number), budget, hard=hard, stranded=stranded)
    line = " ".join(str(move) for move in found.solution or ())
    row: Row = {
        "game": game,
        "deal": number,
        "result": found.result,
        "positions": found.positions,
        "seconds": round(found.seconds, 4),
        "budget": budget,
        "solution": line,
    }
    if hard and (found.method or found.result == "unknown"):
        row["hard"], row["method"] = hard, found.method
    if stranded:
        row[STRANDED_FIELD] = stranded
    return row


def reusable(row: Row, game: str, budget: int, hard: int = 0, stranded: int = 0) -> bool:
    """Whether a stored row answers a survey of ``game`` with ``budget``, ``hard`` and
    ``stranded``."""
    if row["game"] not in (game, ""):
        return False
    if Verdict(row["result"]).proved:
        return True
    return (
        int(row["budget"]) >= budget
        and int(row.get("hard") or 0) >= hard
        and int(row.get(STRANDED_FIELD) or 0) >= stranded
    )


def load(path: Path) -> dict[int, Row]:
    """The rows a survey file holds, by deal number ({} when there is no file)."""
    if not path.exists() or path.stat().st_size == 0:
        return {}
    csv.field_size_limit(sys.maxsize)  # a winning line can run to many thousand moves
    with path.open(newline="") as handle:
        if path.suffix.lower() == ".json":
            data = json.load(handle)
            rows: Iterable[Row] = data["rows"] if isinstance(data, dict) else data
        else:
            rows = list(csv.DictReader(handle))
    return {int(row["deal"]): _typed(row) for row in rows}


def save(path: Path, rows: dict[int, Row]) -> None:
    """Write every row, by deal number, as CSV or JSON (chosen by the file's extension)."""
    ordered = [rows[number] for number in sorted(rows)]
    temporary = path.with_name(path.name + ".part")
    with temporary.open("w", newline="") as handle:
        if path.suffix.lower() == ".json":
            json.dump(ordered, handle, indent=0)
            handle.write("\n")
        else:
            names = (*HARD_FIELDS, STRANDED_FIELD)
            extra = [name for name in names if any(name in row for row in ordered)]
            writer = csv.DictWriter(handle, fieldnames=(*FIELDS, *extra), restval="")
            writer.writeheader()
            writer.writerows(ordered)
    os.replace(temporary, path)


def _typed(row: Row) -> Row:
    typed: Row = {
        "game": str(row.get("game") or ""),
        "deal": int(row["deal"]),
        "result": str(row["result"]),
        "positions": int(row["positions"]),
        "seconds": float(row["seconds"]),
        "budget": int(row["budget"]),
        "solution": row.get("solution") or "",
    }
    if row.get("hard"):  # CSV gives "" where a row has no hard-wins phase
        typed["hard"], typed["method"] = int(row["hard"]), str(row.get("method") or "")
    if row.get(STRANDED_FIELD):
        typed[STRANDED_FIELD] = int(row[STRANDED_FIELD])
    return typed


@dataclass(frozen=True)
class Summary:
    """The figures a survey reports."""

    won: int
    lost: int
    unknown: int
    median_seconds: float
    p95_seconds: float
    positions_per_second: float

    @classmethod
    def of(cls, rows: Iterable[Row]) -> Summary:
        """Sum up rows."""
        rows = list(rows)
        counts = dict.fromkeys(Verdict, 0)
        for row in rows:
            counts[row["result"]] += 1
        seconds = sorted(float(row["seconds"]) for row in rows)
        total = sum(seconds)
        positions = sum(int(row["positions"]) for row in rows)
        return cls(
            won=counts[Verdict.WON],
            lost=counts[Verdict.LOST],
            unknown=counts[Verdict.UNKNOWN],
            median_seconds=statistics.median(seconds) if seconds else 0.0,
            p95_seconds=_percentile(seconds, 0.95),
            positions_per_second=positions / total if total else 0.0,
        )

    @property
    def deals(self) -> int:
        """How many deals the rows cover."""
        return self.won + self.lost + self.unknown

    def winnable(self) -> tuple[float, float]:
        """A 95% confidence interval for the share of all deals that can be won, taking the
        surveyed deals as a sample: at least the proved wins (:func:`wilson`'s low end of
        ``won``), at most every deal not proved lost (its high end of ``won + unknown``).
        """
        return wilson(self.won, self.deals)[0], wilson(self.won + self.unknown, self.deals)[1]

    def text(self) -> str:
        """The summary as lines a person reads."""
        low, high = self.winnable()
        return (
            f"deals {self.deals}: won {self.won}, lost {self.lost}, unknown {self.unknown}\n"
            f"winnable: {low:.1%} to {high:.1%} of deals (95% confidence)\n"
            f"seconds: median {self.median_seconds:.3f}, p95 {self.p95_seconds:.3f}\n"
            f"positions/second: {self.positions_per_second:,.0f}"
        )


Z95 = 1.959964
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial share: ``successes`` of ``trials``, at the
    confidence that ``z`` gives (95% by default). It stays inside 0-1 and is sound at 0 and
    at ``trials`` successes, where the plain normal interval shrinks to nothing.

    >>> low, high = wilson(86, 100)
    >>> round(low, 3), round(high, 3)
    (0.779, 0.915)
    >>> wilson(0, 0)
    (0.0, 1.0)
    >>> wilson(0, 200)[0], round(wilson(0, 200)[1], 4)
    (0.0, 0.0188)
    """
    if trials <= 0:
        return 0.0, 1.0
    share = successes / trials
    spread = z * z / trials
    centre = (share + spread / 2) / (1 + spread)
    half = z * ((share * (1 - share) + spread / 4) / trials) ** 0.5 / (1 + spread)
    return max(0.0, centre - half), min(1.0, centre + half)


def _percentile(ordered: list[float], fraction: float) -> float:
    """The nearest-rank percentile of sorted values."""
    if not ordered:
        return 0.0
    rank = max(1, -(-len(ordered) * fraction // 1))
    return ordered[int(rank) - 1]


def survey(
    game: str,
    deals: range,
    budget: int,
    jobs: int,
    out: Path | None = None,
    progress: Callable[[Iterator[Row], int], Iterator[Row]] | None = None,
    scheduler: str | None = None,
    hard: int = 0,
    stranded: int = 0,
) -> list[Row]:
    """Solve every deal of ``deals`` (reusing ``out``'s rows), save, and return their rows;
    ``hard`` is the hard-wins phase's budget (0: no such phase), ``stranded`` rule 10's limit
    in the depth-first searches (0: off).

    The deals are solved on ``jobs`` local processes, or on the Dask cluster whose scheduler
    is at ``scheduler``; a row is the same wherever it was solved.
    """
    stored = load(out) if out is not None else {}
    rows = {
        n: stored[n]
        for n in deals
        if n in stored and reusable(stored[n], game, budget, hard, stranded)
    }
    todo = [n for n in deals if n not in rows]
    if todo:
        results: Iterator[Row] = solve_deals(
            game,
            todo,
            budget,
            min(jobs, len(todo)),
            scheduler,
            batch=len(todo),
            hard=hard,
            stranded=stranded,
        )
        if progress is not None:
            results = progress(results, len(todo))
        try:
            for done, row in enumerate(results, 1):
                rows[row["deal"]] = row
                if out is not None and done % 20 == 0:
                    save(out, {**stored, **rows})
        finally:
            if out is not None:
                save(out, {**stored, **rows})
    return [rows[n] for n in deals if n in rows]


def solve_deals(
    game: str,
    numbers: Iterable[int],
    budget: int,
    jobs: int,
    scheduler: str | None = None,
    ordered: bool = False,
    batch: int | None = None,
    hard: int = 0,
    stranded: int = 0,
) -> Generator[Row, None, None]:
    """The one runner of many deals: solve each of ``numbers`` (which may be endless) on
    ``jobs`` local processes (1: in this process) or on the Dask cluster at ``scheduler``,
    and yield its row, in the deals' order or as each is done; ``hard`` is the hard-wins
    phase's budget (0: none), ``stranded`` rule 10's limit in the depth-first searches (0:
    off).

    Deals go out ``batch`` at a time (by default four per worker), so that a caller who stops
    early (enough proved deals) has little work left running. Closing the generator stops
    the workers.
    """
    workers = connect(scheduler, jobs if jobs > 1 else 0)
    size = batch or max(jobs, workers.capacity) * 4
    pending = iter(numbers)
    try:
        while work := [
            _task(game, number, budget, hard, stranded) for number in islice(pending, size)
        ]:
            yield from workers.map(solve_deal, work, ordered)
    finally:
        workers.close()


def _task(game: str, number: int, budget: int, hard: int, stranded: int = 0) -> Task:
    """A task of :func:`solve_deal`: without the hard-wins budget and rule 10's limit when
    they are 0, as before they were there."""
    if stranded:
        return (game, number, budget, hard, stranded)
    return (game, number, budget, hard) if hard else (game, number, budget)
