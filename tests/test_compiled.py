"""The solver's two builds: on the C core that the install compiles, and as plain Python on
the Python kernel.

Both must search exactly the same positions: the C core is a translation of the Python
kernel and of the searches (tests/test_solver_core.py checks the kernel position by
position), so whole searches on the two give the same verdicts, positions and lines, and
every won line replays. CI builds on a machine with a C compiler, so there (``CI=true``)
the C core must be the one in use: a build that silently fell back to plain Python fails
here instead of going unnoticed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from solitaire import solver
from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.engine.moves import apply
from solitaire.solver import backend
from solitaire.solver.kernel import Kernel
from solitaire.solver.search import solve

# (game, deal, budget): won, lost and unknown answers, in every game
CASES = [
    ("stronghold", 1, 3000),
    ("stronghold", 2, 3000),
    ("streets-and-alleys", 2, 3000),
    ("blockade", 2, 3000),
    ("streets", 8, 3000),
    ("streets", 1, 3000),
    ("fours-up", 3, 2000),
    ("fours-up", 7, 3000),
    ("stronghold", 17, 30_000),
    ("streets-and-alleys", 5, 20_000),
    ("blockade", 25, 30_000),
    ("fours-up", 34, 25_000),  # won in 19,396 positions: the fewest of the won deals 1-79
]


def test_the_c_core_is_in_use_on_ci() -> None:
    if os.environ.get("CI") != "true":
        pytest.skip(f"not CI; solver is {solver.implementation()}")
    assert backend.native(), solver.implementation()
    rules = get_rules("streets")
    assert type(backend.new_kernel(rules, deal(rules, 1))) is not Kernel
    assert _solved(False, "stronghold", 1, 3000)[0] == "the C core (solitaire.solver._core)"


SOLVE_ONE = """
import json, sys
from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver import implementation, solve
game, number, budget = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rules = get_rules(game)
found = solve(rules, deal(rules, number), budget)
line = None if found.solution is None else [str(move) for move in found.solution]
print(implementation())
print(json.dumps([found.result, found.positions, found.expanded, line]))
"""


def _solved(pure: bool, game: str, number: int, budget: int) -> tuple[str, list[object]]:
    """The solve in a process of its own, on the build a user gets: plain Python with
    ``SOLITAIRE_PURE`` set, else the C core; which build ran, and its answer."""
    env = {key: value for key, value in os.environ.items() if key != "SOLITAIRE_PURE"}
    if pure:
        env["SOLITAIRE_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, "-c", SOLVE_ONE, game, str(number), str(budget)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    which, answer = done.stdout.splitlines()
    return which, json.loads(answer)


@pytest.mark.long
@pytest.mark.parametrize(("game", "number", "budget"), CASES)
def test_both_builds_find_the_same(game: str, number: int, budget: int) -> None:
    if not backend.native():
        pytest.skip(f"solver is {solver.implementation()}")
    rules = get_rules(game)
    fast = solve(rules, deal(rules, number), budget)
    which, slow = _solved(True, game, number, budget)
    assert which == "plain Python (SOLITAIRE_PURE is set)"
    line = None if fast.solution is None else [str(move) for move in fast.solution]
    assert [fast.result, fast.positions, fast.expanded, line] == slow
    if fast.solution is not None:
        state = deal(rules, number)
        for move in fast.solution:
            played, state = apply(rules, state, move)
            assert played == move
        assert state.home_count() == rules.cards


def _solve_cli(pure: bool, *args: str) -> tuple[str, dict[str, object]]:
    env = {key: value for key, value in os.environ.items() if key != "SOLITAIRE_PURE"}
    if pure:
        env["SOLITAIRE_PURE"] = "1"
    script = (
        "import sys\nfrom solitaire import solver\nfrom solitaire.cli import main\n"
        "print(solver.implementation())\nmain(sys.argv[1:])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, "solve", *args, "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    which, line = done.stdout.splitlines()
    report = json.loads(line)
    del report["seconds"]
    return which, report


def test_solitaire_pure_forces_plain_python_and_answers_the_same() -> None:
    which, slow = _solve_cli(True, "blockade", "1", "--budget", "3000")
    assert which == "plain Python (SOLITAIRE_PURE is set)"
    assert slow["result"] == "won"
    which, fast = _solve_cli(False, "blockade", "1", "--budget", "3000")
    assert which != "plain Python (SOLITAIRE_PURE is set)"
    assert fast == slow
