"""The solver on the eight family games (issue 46): it wins real deals with lines the engine
replays, its pruning is the one each game may have, and what it calls lost is lost.

The general soundness checks (``test_solver_soundness``) run over every featured game, the
eight included; here are the checks that belong to the new rules themselves.
"""

from __future__ import annotations

import pytest
from test_solver_helpers import FAMILY_GAMES, exhaustive, narrow, nearly_won

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.engine.moves import apply
from solitaire.solver import solve
from solitaire.solver.tables import tables

BUDGET = 20_000
"""Positions per deal: enough for the easy deals of every game, small enough to be quick."""


@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_it_wins_an_early_deal_with_a_line_the_engine_replays(game: str) -> None:
    rules = get_rules(game)
    for number in range(1, 41):
        state = deal(rules, number)
        found = solve(rules, state, budget=BUDGET)
        assert found.result in ("won", "unknown"), (number, found.result)
        if found.result != "won":
            continue
        assert found.solution is not None
        for move in found.solution:
            played, state = apply(rules, state, move)
            assert played == move
        assert state.home_count() == rules.cards
        return
    pytest.fail(f"no deal of {game} from 1 to 40 is won in {BUDGET} positions")


@pytest.mark.parametrize("game", FAMILY_GAMES)
def test_the_dead_position_rules_stay_off(game: str) -> None:
    # rules 5 to 8 need piles that are always built runs in rank order and suited
    # foundations (docs/solver.md, Pruning, rule 5): none of the eight qualifies
    assert not tables(get_rules(game)).runs_only


@pytest.mark.parametrize("game", ["deuces", "lucas", "beleaguered-castle", "siegecraft"])
def test_with_dealt_bases_it_agrees_with_a_plain_search_on_two_piles(game: str) -> None:
    rules = narrow(get_rules(game), 2)
    verdicts = []
    for seed in range(20):
        state = nearly_won(rules, 5 + seed % 4, seed)
        expected = exhaustive(rules, state, 3000)
        if expected is None:
            continue
        assert solve(rules, state, budget=50_000).result == expected, state
        verdicts.append(expected)
    assert "won" in verdicts and "lost" in verdicts
