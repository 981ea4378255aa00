"""What ``solitaire solve`` prints: the SPEC's JSON object, or lines a person reads."""

from __future__ import annotations

from typing import Any

from solitaire.engine.layout import Layout
from solitaire.solver import Solution, solve


def solve_layout(layout: Layout, budget: int) -> dict[str, Any]:
    """Solve a layout and return the SPEC's result object."""
    found: Solution = solve(layout.rules, layout.state, budget)
    return {
        "game": layout.game,
        "deal": layout.deal,
        "result": found.result,
        "positions": found.positions,
        "seconds": round(found.seconds, 4),
        "solution": None if found.solution is None else [str(m) for m in found.solution],
    }


def text(report: dict[str, Any]) -> str:
    """A result object as a few readable lines, the winning line ten moves a row."""
    where = f"deal {report['deal']}" if report["deal"] is not None else "the layout"
    head = (
        f"{report['game']}, {where}: {report['result']} "
        f"({report['positions']:,} positions, {report['seconds']:.2f} s)"
    )
    moves = report["solution"]
    if not moves:
        return head
    rows = [
        " ".join(f"{move:<8}" for move in moves[i : i + 10]).rstrip()
        for i in range(0, len(moves), 10)
    ]
    return "\n".join([head, f"{len(moves)} moves:", *rows])
