"""The budget counts distinct positions (SPEC.md): a position that two of the solver's
searches expand counts once, so a lost position is proved whenever the budget covers every
position reachable from it, however the budget is shared among the searches.
"""

from __future__ import annotations

import pytest
from test_solver_helpers import narrow, nearly_won

from solitaire.engine.deal import deal
from solitaire.engine.games import FEATURED, get_rules
from solitaire.engine.rules import Rules
from solitaire.engine.state import State
from solitaire.solver import search, solve
from solitaire.solver.kernel import Kernel
from solitaire.solver.search import OPENING_SHARE, best_first_shares, profiles_for


def reachable(rules: Rules, state: State, cut: bool = False) -> int | None:
    """How many positions the solver's moves reach from ``state`` (None if one is won);
    with ``cut``, leaving out, as the depth-first search does, the children that rule 9
    proves lost."""
    kernel = Kernel(rules, state)
    root = kernel.start(state)[0]
    seen = {kernel.key(root)}
    todo = [root]
    while todo:
        pos = todo.pop()
        if pos[5] == 0:
            return None
        safe = kernel.safe(pos)
        for raw in kernel.moves(pos):
            child = kernel.step(pos, raw, safe)[0]
            key = kernel.key(child)
            if key not in seen and not (cut and kernel.immovable(child)):
                seen.add(key)
                todo.append(child)
    return len(seen)


def lost_position(rules: Rules, least: int, most: int) -> tuple[State, int]:
    """A lost position of ``rules`` reaching between ``least`` and ``most`` positions."""
    for seed in range(40):
        state = nearly_won(rules, 24, seed)
        size = reachable(rules, state)
        if size is not None and least <= size <= most:
            return state, size
    raise AssertionError("no lost position of that size among the seeds tried")


def test_a_lost_position_is_proved_with_a_budget_of_its_reachable_positions(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # More positions than the first best-first search's share of the budget, so that every
    # search runs and the depth-first search, which makes the proof, comes last. It leaves
    # out what rule 9 proves lost, which the earlier searches may have expanded: the proof
    # takes at least the positions it expands and at most every position reachable. Rule
    # 10, asked where the depth-first search would start, proves it lost sooner; with a
    # limit of no state it never answers, and the depth-first search makes the proof.
    rules = narrow(get_rules("streets-and-alleys"), 5)
    state, size = lost_position(rules, 500, 4000)
    least = reachable(rules, state, cut=True)
    assert least is not None and least < size
    sooner = solve(rules, state, budget=size)
    assert sooner.result == "lost" and sooner.positions < least
    monkeypatch.setattr(search, "STRANDED_LIMIT", 0)
    found = solve(rules, state, budget=size)
    assert found.result == "lost" and least <= found.positions <= size
    # the depth-first search expanded again what the best-first searches had expanded
    assert found.expanded > found.positions
    short = solve(rules, state, budget=least - 1)
    assert (short.result, short.positions) == ("unknown", least - 1)


@pytest.mark.parametrize("game", FEATURED)
def test_an_unknown_answer_has_spent_the_whole_budget(game: str) -> None:
    rules = get_rules(game)
    found = solve(rules, deal(rules, 1), budget=3000)
    assert found.result != "unknown" or found.positions == 3000
    assert found.positions <= 3000 and found.positions <= found.expanded


@pytest.mark.parametrize("game", FEATURED)
def test_the_best_first_shares_split_their_whole_share(game: str) -> None:
    rules = get_rules(game)
    count = len(profiles_for(rules))
    shares = best_first_shares(rules, count)
    assert len(shares) == count and min(shares) > 0
    if rules.has_waste:  # the first profile keeps half where a waste's deals come first
        assert shares[0] == 0.5
        assert sum(shares) == pytest.approx(1.0)
    else:  # OPENING's small share comes on top of equal shares of the whole
        assert shares[0] == OPENING_SHARE < min(shares[1:])
        assert len(set(shares[1:])) == 1 and sum(shares[1:]) == pytest.approx(1.0)
