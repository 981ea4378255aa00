"""The solver: proves positions won or lost by a search that reads only the game's Rules.

>>> from solitaire.games import get_rules
>>> from solitaire.deal import deal
>>> rules = get_rules("stronghold")
>>> solve(rules, deal(rules, 1), budget=2000).result in ("won", "lost", "unknown")
True

Its searches run compiled with mypyc on the C core of the hot path (``core.c``) when the
install built them, and as plain Python on the Python kernel otherwise or under
``SOLITAIRE_PURE=1`` (:mod:`solitaire.solver.speedup`).
"""

from typing import TYPE_CHECKING

from solitaire.solver import speedup
from solitaire.verdict import Verdict

_search, _implementation = speedup.load()
_stuck, _ = speedup.load("stuck")
if _implementation.startswith("compiled"):
    _core, _why = speedup.load_core()
    _search.use_core(_core)
    _implementation += " on the C core" if _core is not None else f" (no C core: {_why})"
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


def native() -> bool:
    """True when the searches run on the C core."""
    return implementation().endswith("on the C core")


def implementation() -> str:
    """Which solver runs, and why: "compiled with mypyc on the C core", "compiled with mypyc
    (no C core: reason)" or "pure Python (reason)"."""
    return _implementation


__all__ = [
    "DEFAULT_BUDGET",
    "Solution",
    "Verdict",
    "compiled",
    "implementation",
    "native",
    "solve",
    "stuck",
]
