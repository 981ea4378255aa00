"""The engine's :class:`~solitaire.engine.status.Judge` on the solver's kernel: stuck
detection and the dead-position test, one kernel for both.

The engine judges a game's end with its own plain search unless it is given a judge; the site
and the command line give it :data:`JUDGE`, which searches the same question on the kernel
(the C core where the install built it), where piles that play the same count once, and
adds the dead-position test (docs/solver.md, Pruning, rule 5), which costs microseconds.
"""

from __future__ import annotations

from solitaire.engine.rules import Rules
from solitaire.engine.state import State
from solitaire.solver.backend import new_kernel
from solitaire.solver.stuck import stuck_on


class SolverJudge:
    """Stuck detection and the dead test on one kernel, made once per question.

    >>> from solitaire.engine.games import get_rules
    >>> from solitaire.engine.deal import deal
    >>> rules = get_rules("fours-up")
    >>> JUDGE.assess(rules, deal(rules, 1), 1000)
    (False, False)
    """

    def assess(self, rules: Rules, state: State, limit: int) -> tuple[bool, bool]:
        """``(stuck, lost)``: see :meth:`solitaire.engine.status.Judge.assess`."""
        kernel = new_kernel(rules, state)
        if limit > 0 and stuck_on(kernel, state, limit):
            return True, True
        root, _moves = kernel.start(state)
        return False, bool(kernel.left(root)) and bool(kernel.dead(root))


JUDGE = SolverJudge()
"""The judge the site and the command line give their games."""
