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

if TYPE_CHECKING:
    from solitaire.rules import Rules
    from solitaire.state import State

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


def dead(rules: "Rules", state: "State") -> bool:
    """True when the solver's dead-position test proves ``state`` lost with no search: after
    its safe moves, some card of the waste can never leave it (docs/solver.md, Pruning).
    False says nothing; a game without such a test always answers False."""
    kernel = _search.new_kernel(rules, state)
    root, _moves = kernel.start(state)
    return bool(kernel.left(root)) and bool(kernel.dead(root))


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
    "dead",
    "implementation",
    "native",
    "solve",
    "stuck",
]
