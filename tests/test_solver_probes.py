"""The randomised depth-first probes (:mod:`solitaire.solver.depthfirst`): Luby's schedule,
the same answer on every run, and a "lost" only from a probe that exhausted the position."""

from __future__ import annotations

import pytest
from test_solver_budget import lost_position
from test_solver_helpers import narrow

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.engine.moves import play
from solitaire.solver.depthfirst import dfs, luby, probe
from solitaire.solver.kernel import Kernel, Weights
from solitaire.solver.search import PROBE_WEIGHTS


def test_luby_sequence() -> None:
    assert [luby(i) for i in range(1, 16)] == [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    assert (luby(31), luby(32), luby(63)) == (16, 1, 32)
    with pytest.raises(ValueError, match="starts at 1"):
        luby(0)


@pytest.mark.long
def test_probes_win_a_deal_that_depth_first_search_misses() -> None:
    rules = get_rules("streets-and-alleys")
    start = deal(rules, 344)
    kernel = Kernel(rules, start)
    root, opening = kernel.start(start)
    ranked = kernel.scorer(Weights())  # the order of solve's depth-first search
    assert dfs(kernel, ranked, root, 100_000, None)[0] == "unknown"
    probes = kernel.scorer(PROBE_WEIGHTS)
    shared: set[bytes] = set()
    result, line, used = probe(kernel, probes, root, 100_000, 100_000, None, shared)
    assert result == "won" and 0 < used < 100_000
    assert len(shared) <= used  # a position counts once in shared, once per probe in used
    state = start
    for raw in (*opening, *line):
        state = play(rules, state, Kernel.to_move(raw))
    assert state.home_count() == rules.cards
    # the seeds are fixed: the same probes give the same answer
    assert probe(kernel, probes, root, 100_000, 100_000, None, set()) == (result, line, used)


def test_only_a_probe_that_exhausts_the_position_proves_it_lost() -> None:
    rules = narrow(get_rules("streets-and-alleys"), 5)
    state, size = lost_position(rules, 1001, 1999)
    kernel = Kernel(rules, state)
    probes = kernel.scorer(PROBE_WEIGHTS)
    root = kernel.start(state)[0]
    # The first two probes stop at 1000 positions, short of the whole position; the third,
    # allowed 2000, exhausts it.
    shared: set[bytes] = set()
    result, line, used = probe(kernel, probes, root, 10 * size, 10 * size, None, shared)
    assert (result, line, len(shared)) == ("lost", [], size)
    assert used == 1000 + 1000 + size
    # with one position fewer in the budget, no probe can finish
    short: set[bytes] = set()
    assert probe(kernel, probes, root, size - 1, 10 * size, None, short)[0] == "unknown"
    assert len(short) == size - 1
