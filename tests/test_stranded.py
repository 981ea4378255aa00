"""Rule 10, cards stranded for want of an empty pile (``solitaire.solver.stranded``;
docs/solver.md, Pruning): wherever it fires, a plain search of every legal move of the
engine finds no win; it fires on many lost tables, more than rule 9, and never on a won
one; the C core's answer is the Python twin's, and both give up at the same state; no
position of a published winning line fires; and ``solve`` asks it where its depth-first
search would start. Asked inside the depth-first search, with the answers kept by relaxed
state across positions (``prune_stranded``), it gives the answers it gives alone, in both
kernels, and a depth-first search with it finds won what a plain search finds won and lost
what it finds lost. The core's depth-first search, which rule 10's cuts send thousands of
frames deep, keeps a few bytes a frame.
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
from solitaire.solver.depthfirst import dfs
from solitaire.solver.kernel import Kernel
from solitaire.solver.scoring import Weights
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
@pytest.mark.parametrize("size", SIZES)
def test_asked_in_the_search_it_cuts_no_win_and_keeps_every_loss(
    native: type, game: str, size: tuple[int, int, int]
) -> None:
    """The tables of the test above, each searched depth-first from each position of a
    random line with rules 9 and 10 cutting children, one kernel a table so that the kept
    answers carry from position to position: where the plain search finds a win the search
    finds one, where it finds none the search ends lost, both kernels expand the same
    positions, and the kept answer of every position is the rule's answer alone."""
    piles, fewest, spread = size
    rules = narrow(get_rules(game), piles)
    cut = {"won": 0, "lost": 0}
    for seed in range(40):
        table = mixed(rules, fewest + seed % spread, seed)
        slow, fast = Kernel(rules, table), native(rules, table)
        for kernel in (slow, fast):
            kernel.prune_immovable(True)
            kernel.prune_stranded(LIMIT)
        for state in played(rules, table, 6, seed)[::2]:
            verdict = exhaustive(rules, state, PLAIN)
            pos = slow.position(state)
            alone = slow.stranded(pos, LIMIT)
            quick = fast.stranded_kept(fast.position(state))
            assert slow.stranded_kept(pos) == alone == quick, (seed, state)
            if verdict is None:
                continue
            found = []
            for kernel in (slow, fast):
                root = kernel.start(state)[0]
                if kernel.left(root) == 0:
                    break
                result, fresh, _line, _seen = dfs(
                    kernel, kernel.scorer(Weights()), root, 10 * PLAIN, None
                )
                found.append((result, fresh))
            if not found:
                continue
            assert found[0] == found[1], (seed, state)
            assert found[0][0] == verdict, (seed, state)
            cut[verdict] += alone
    assert cut["won"] == 0 and cut["lost"] >= 10


# Long: Beleaguered Castle's took 154 s of a main pass at load 15, and unmarked it started
# near the end of the pass (file order), where the other workers wait for it.
@pytest.mark.long
@pytest.mark.parametrize("game", GAMES)
def test_no_position_on_a_published_winning_line_fires(native: type, game: str) -> None:
    """Every position of 40 published winning lines in the core, every tenth in the Python
    kernel as well."""
    rules = get_rules(game)
    checked = 0
    kept = native(rules, deal(rules, 1))  # as the search asks it, the answers kept
    kept.prune_stranded(LIMIT)
    for number, at, state in winning_line_states(game):
        fast = native(rules, state)
        assert not fast.stranded(fast.position(state), LIMIT), (number, at)
        assert not kept.stranded_kept(kept.position(state)), (number, at)
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


def test_solve_asks_it_in_the_depth_first_search_only_when_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``solve(..., stranded=N)`` sets rule 10's limit for its depth-first searches and
    takes it off after them; by default the limit stays 0; a negative one is refused."""
    limits: list[int] = []
    plain = Kernel.prune_stranded

    def prune_stranded(self: Kernel, limit: int) -> None:
        limits.append(limit)
        plain(self, limit)

    monkeypatch.setattr(search, "new_kernel", Kernel)
    monkeypatch.setattr(Kernel, "stranded", lambda self, pos, limit: False)
    monkeypatch.setattr(Kernel, "prune_stranded", prune_stranded)
    rules = get_rules("streets-and-alleys")
    assert search.solve(rules, deal(rules, 5), budget=3_000, stranded=7).result == "unknown"
    assert limits and set(limits[::2]) == {7} and set(limits[1::2]) == {0}
    limits.clear()
    search.solve(rules, deal(rules, 5), budget=3_000)
    assert limits and set(limits) == {0}
    with pytest.raises(ValueError, match="count of states"):
        search.solve(rules, deal(rules, 5), budget=3_000, stranded=-1)


def test_the_core_keeps_a_few_bytes_a_frame_of_a_deep_depth_first_search(native: type) -> None:
    """With rules 9 and 10 cutting, the search of Streets and Alleys deal 5 goes over 10,000
    frames deep within 20,000 positions. The core's stack keeps the moves of each child not
    tried yet and a position every few frames (core/dfs.c), under 64 bytes a frame at its
    largest; a child's key and position, which it kept before, took about 130 bytes, and
    each frame holds at least the child it explores."""
    rules = get_rules("streets-and-alleys")
    state = deal(rules, 5)
    kernel = native(rules, state)
    root = kernel.start(state)[0]
    kernel.prune_immovable(True)
    kernel.prune_stranded(search.STRANDED_SEARCH)
    result, fresh, _line, _seen = dfs(kernel, kernel.scorer(Weights()), root, 20_000, None)
    size, frames = kernel.stack_peak()
    assert (result, fresh) == ("unknown", 20_000)
    assert frames > 10_000
    assert size < 64 * frames, (size, frames)
