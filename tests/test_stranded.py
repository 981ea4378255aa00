"""Rule 10, cards stranded for want of an empty pile (``solitaire.solver.stranded``;
docs/solver.md, Pruning): wherever it fires, a plain search of every legal move of the
engine finds no win; it fires on many lost tables, more than rule 9, and never on a won
one; the C core's answer is the Python twin's, and both give up at the same state; no
position of a published winning line fires; and ``solve`` asks it where its depth-first
search would start.
"""

from __future__ import annotations

import pytest
from test_immovable import (
    GAMES,
    SIZES,
    hearts,
    hearts_rules,
    mixed,
    played,
    winning_line_states,
)
from test_solver_helpers import exhaustive, narrow

from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.solver import search
from solitaire.solver.kernel import Kernel
from solitaire.solver.stranded import LIMIT

PLAIN = 20_000
"""The most positions the plain search may reach from a table before it is skipped."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", SIZES)
def test_what_it_calls_lost_a_plain_search_finds_lost(
    native: type, game: str, size: tuple[int, int, int]
) -> None:
    """The tables of rule 9's test: the rule never fires on a won one, fires on lost ones
    of every size, on more of them than rule 9, and both kernels agree."""
    piles, fewest, spread = size
    rules = narrow(get_rules(game), piles)
    fired = {"won": 0, "lost": 0}
    nine = 0
    for seed in range(40):
        table = mixed(rules, fewest + seed % spread, seed)
        for state in played(rules, table, 6, seed)[::2]:
            slow, fast = Kernel(rules, state), native(rules, state)
            says = slow.stranded(slow.position(state), LIMIT)
            assert says == fast.stranded(fast.position(state), LIMIT), (seed, state)
            verdict = exhaustive(rules, state, PLAIN)
            if verdict is None:
                continue
            fired[verdict] += says
            nine += verdict == "lost" and slow.immovable(slow.position(state))
    assert fired["won"] == 0
    assert fired["lost"] >= 20 and fired["lost"] > nine


CORNERED = ("", "AH KH QH 3H JH 9H 7H 5H TH", "4H 6H 8H 2H")
"""Streets and Alleys on three piles, every heart out and one pile empty: every card can
move as far as rule 9 can tell, since the first pile can take any card, but the King can
only leave the Ace for an empty pile and then holds it, and the plain search finds no win."""


def test_an_empty_pile_that_the_king_must_take_is_not_enough() -> None:
    rules = hearts_rules(3)
    state = hearts(CORNERED)
    kernel = Kernel(rules, state)
    pos = kernel.position(state)
    assert not kernel.immovable(pos)
    assert kernel.stranded(pos, LIMIT)
    assert exhaustive(rules, state, PLAIN) == "lost"


def test_both_kernels_give_up_at_the_same_state(native: type) -> None:
    """Streets and Alleys deal 199, lost: its relaxed game has 4,728 states, so the test
    proves it with that limit and gives up with one fewer, in both kernels."""
    rules = get_rules("streets-and-alleys")
    state = deal(rules, 199)
    for kernel in (Kernel(rules, state), native(rules, state)):
        root = kernel.start(state)[0]
        assert kernel.stranded(root, 4_728)
        assert not kernel.stranded(root, 4_727)


@pytest.mark.parametrize("game", GAMES)
def test_no_position_on_a_published_winning_line_fires(native: type, game: str) -> None:
    """Every position of 40 published winning lines in the core, every tenth in the Python
    kernel as well."""
    rules = get_rules(game)
    checked = 0
    for number, at, state in winning_line_states(game):
        fast = native(rules, state)
        assert not fast.stranded(fast.position(state), LIMIT), (number, at)
        if at % 10 == 0:
            slow = Kernel(rules, state)
            assert not slow.stranded(slow.position(state), LIMIT), (number, at)
        checked += 1
    assert checked > 1_000


def test_solve_asks_it_once_before_its_depth_first_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """A position the searches before it cannot settle within their budget reaches the
    test, which answers for ``solve``; in a game without ``immovable_test`` it is never
    asked."""
    asked: list[int] = []

    def stranded(self: Kernel, pos: object, limit: int) -> bool:
        asked.append(limit)
        return True

    monkeypatch.setattr(search, "new_kernel", Kernel)
    monkeypatch.setattr(Kernel, "stranded", stranded)
    rules = get_rules("streets-and-alleys")
    found = search.solve(rules, deal(rules, 199), budget=2_000)
    assert found.result == "lost" and asked == [LIMIT]
    asked.clear()
    other = get_rules("forty-thieves")
    assert search.solve(other, deal(other, 1), budget=2_000).result == "unknown"
    assert asked == []
