"""The solver's pruning never changes a verdict: on small positions it agrees with a plain
search that tries every legal move of the engine, with no safe-move shortcut.

Each game is checked as it is and on fewer tableau piles (the same rules otherwise), where
small positions are often lost, so that both verdicts are compared.
"""

from __future__ import annotations

import pytest
from test_solver_helpers import exhaustive, narrow, nearly_won

from solitaire.engine import apply
from solitaire.games import FEATURED, get_rules
from solitaire.rules import Rules
from solitaire.solver import solve
from solitaire.state import State

LIMIT = 3000
"""Positions the plain search may visit; positions with more are skipped."""


def compare(rules: Rules, state: State) -> str | None:
    """Check the solver against the plain search; return the verdict (None: skipped)."""
    expected = exhaustive(rules, state, LIMIT)
    if expected is None:
        return None
    found = solve(rules, state, budget=100_000)
    assert found.result == expected
    if found.solution is not None:
        for move in found.solution:
            played, state = apply(rules, state, move)
            assert played == move
        assert state.home_count() == rules.cards
    return expected


@pytest.mark.parametrize("game", FEATURED)
def test_it_agrees_with_a_search_without_pruning(game: str) -> None:
    rules = get_rules(game)
    verdicts = [compare(rules, nearly_won(rules, 4 + seed % 4, seed)) for seed in range(12)]
    assert verdicts.count("won") >= 8


@pytest.mark.parametrize("game", FEATURED)
@pytest.mark.parametrize("piles", [2, 3])
def test_it_agrees_on_fewer_piles(game: str, piles: int) -> None:
    rules = narrow(get_rules(game), piles)
    verdicts = [compare(rules, nearly_won(rules, 6 + seed % 4, seed)) for seed in range(30)]
    assert verdicts.count("won") + verdicts.count("lost") >= 20
    if piles == 2:
        assert "lost" in verdicts
