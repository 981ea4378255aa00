"""The solver's two builds: the mypyc-compiled copy on the C core made on install, and the
plain source on the Python kernel.

Both must search exactly the same positions: the C core is a translation of the Python
kernel (tests/test_solver_core.py checks it position by position), so whole searches on the
two give the same verdicts, positions and lines, and every won line replays. CI builds on a
machine with a C compiler, so there (``CI=true``) the compiled path on the C core must be the
one in use: a build that silently fell back to plain Python fails here instead of going
unnoticed.
"""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from types import ModuleType

import pytest

from solitaire import solver
from solitaire.deal import deal
from solitaire.engine import apply
from solitaire.games import get_rules
from solitaire.solver import speedup

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
    ("fours-up", 17, 40_000),
]


def _compiled_search(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The compiled search module if the install built it from these sources (else skip)."""
    monkeypatch.delenv("SOLITAIRE_PURE", raising=False)
    search, which = speedup.load()
    if search.__name__ != f"{speedup.COMPILED_PACKAGE}.search":
        pytest.skip(f"solver is {which}")
    return search


def test_the_compiled_solver_is_in_use_on_ci() -> None:
    if os.environ.get("CI") != "true":
        pytest.skip(f"not CI; solver is {solver.implementation()}")
    assert solver.compiled(), solver.implementation()
    assert solver.native(), solver.implementation()
    assert solver.solve.__module__ == "solitaire._compiled.search"


@pytest.mark.long
@pytest.mark.parametrize(("game", "number", "budget"), CASES)
def test_both_builds_find_the_same(
    game: str, number: int, budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiled = _compiled_search(monkeypatch)
    pure = importlib.import_module("solitaire.solver.search")
    assert compiled is not pure
    rules = get_rules(game)
    on_core = type(compiled.new_kernel(rules, deal(rules, number))).__name__ == "NativeKernel"
    assert on_core == solver.native()
    fast = compiled.solve(rules, deal(rules, number), budget)
    slow = pure.solve(rules, deal(rules, number), budget)
    assert (fast.result, fast.positions, fast.expanded, fast.solution) == (
        slow.result,
        slow.positions,
        slow.expanded,
        slow.solution,
    )
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


def test_solitaire_pure_forces_the_plain_source_and_answers_the_same() -> None:
    which, slow = _solve_cli(True, "blockade", "1", "--budget", "3000")
    assert which == "pure Python (SOLITAIRE_PURE is set)"
    assert slow["result"] == "won"
    which, fast = _solve_cli(False, "blockade", "1", "--budget", "3000")
    assert which != "pure Python (SOLITAIRE_PURE is set)"
    assert fast == slow


def test_a_stale_build_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """An edited source must not be shadowed by the compiled copy of its old text."""
    monkeypatch.delenv("SOLITAIRE_PURE", raising=False)
    monkeypatch.setattr(speedup, "source_hash", lambda: "edited since the build")
    search, which = speedup.load()
    assert search.__name__ == "solitaire.solver.search"
    assert which.startswith("pure Python")
