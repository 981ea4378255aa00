"""The best-first searches' weightings: which ones a game runs, and why there are several."""

from __future__ import annotations

from dataclasses import replace

import pytest

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.engine.moves import play
from solitaire.solver.bestfirst import BestFirst
from solitaire.solver.kernel import Kernel, Weights
from solitaire.solver.search import OPENING, PROFILES, profiles_for, solve


def test_a_game_runs_each_profile_that_differs_for_it() -> None:
    stronghold = profiles_for(get_rules("stronghold"))
    alleys = profiles_for(get_rules("streets-and-alleys"))
    streets = profiles_for(get_rules("streets"))
    assert all(w.waste == 0 for w in stronghold)
    assert all(w.cells == 0 and w.waste == 0 for w in alleys)
    assert all(w.cells == 0 for w in streets)
    # games without a waste start with OPENING; the last profile differs from the second
    # only in its waste weights
    assert stronghold[0] == replace(OPENING, waste=0) and stronghold[1] == Weights(waste=0)
    assert alleys[0] == replace(OPENING, waste=0, cells=0)
    assert streets[0] == replace(PROFILES[0], cells=0)
    assert replace(OPENING, cells=0) not in streets
    assert len(streets) == len(PROFILES)
    assert len(stronghold) == len(alleys) == len(PROFILES)


@pytest.mark.long
def test_a_later_profile_wins_a_deal_the_first_one_misses() -> None:
    rules = get_rules("stronghold")
    start = deal(rules, 9)
    kernel = Kernel(rules, start)
    root, _opening = kernel.start(start)
    scorer = kernel.scorer(profiles_for(rules)[0])
    assert BestFirst(kernel, scorer, root).run(20_000, None)[0] == "unknown"
    found = solve(rules, start, 40_000)
    assert found.result == "won" and found.solution is not None
    state = start
    for move in found.solution:
        state = play(rules, state, move)
    assert state.home_count() == rules.cards
