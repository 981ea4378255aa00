"""The solver: proves positions won or lost by a search that reads only the game's Rules.

>>> from solitaire.engine.games import get_rules
>>> from solitaire.engine.deal import deal
>>> rules = get_rules("stronghold")
>>> found = solve(rules, deal(rules, 1), budget=2000)
>>> found.result in ("won", "lost", "unknown")
True
>>> found.positions <= 2000
True

Its searches run on the C core where the install built it, and as plain Python on the
Python kernel otherwise or under ``SOLITAIRE_PURE=1``:
:func:`solitaire.solver.backend.new_kernel` picks one (:func:`implementation` says which).
"""

from solitaire.engine.rules import Rules
from solitaire.engine.state import State
from solitaire.solver.backend import implementation
from solitaire.solver.judge import JUDGE, SolverJudge
from solitaire.solver.search import DEFAULT_BUDGET, Solution, solve
from solitaire.solver.stuck import stuck
from solitaire.solver.verdict import Verdict


def dead(rules: Rules, state: State) -> bool:
    """True when the solver's dead-position test proves ``state`` lost with no search: after
    its safe moves, some card of the waste can never leave it (docs/solver.md, Pruning, rule 5).
    False says nothing; a game without such a test always answers False.

    >>> from solitaire.engine.games import get_rules
    >>> from solitaire.engine.deal import deal
    >>> rules = get_rules("fours-up")
    >>> dead(rules, deal(rules, 1))
    False
    """
    return JUDGE.assess(rules, state, 0)[1]


__all__ = [
    "DEFAULT_BUDGET",
    "JUDGE",
    "Solution",
    "SolverJudge",
    "Verdict",
    "dead",
    "implementation",
    "solve",
    "stuck",
]
