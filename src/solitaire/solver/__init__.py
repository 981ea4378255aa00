"""The solver: proves positions won or lost by a search that reads only the game's Rules.

>>> from solitaire.games import get_rules
>>> from solitaire.deal import deal
>>> rules = get_rules("stronghold")
>>> solve(rules, deal(rules, 1), budget=2000).result in ("won", "lost", "unknown")
True

Its hot modules run compiled with mypyc when the install built them, and as plain Python
otherwise or under ``SOLITAIRE_PURE=1`` (:mod:`solitaire.solver.speedup`).
"""

from typing import TYPE_CHECKING

from solitaire.solver import speedup
from solitaire.verdict import Verdict

_search, _implementation = speedup.load()
_stuck, _ = speedup.load("stuck")
if TYPE_CHECKING:  # both copies have these types; the checker reads the source
    from solitaire.solver.search import DEFAULT_BUDGET, Solution, solve
    from solitaire.solver.stuck import stuck
else:
    DEFAULT_BUDGET = _search.DEFAULT_BUDGET
    Solution = _search.Solution
    solve = _search.solve
    stuck = _stuck.stuck


def compiled() -> bool:
    """True when the solver runs compiled with mypyc, False for plain Python."""
    return implementation().startswith("compiled")


def implementation() -> str:
    """Which solver runs, and why: "compiled with mypyc" or "pure Python (reason)"."""
    return _implementation


__all__ = [
    "DEFAULT_BUDGET",
    "Solution",
    "Verdict",
    "compiled",
    "implementation",
    "solve",
    "stuck",
]
