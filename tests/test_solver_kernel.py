"""The solver's shortcuts give what the plain steps give: ``Kernel.step`` against ``play``
then ``close``, and the best-first search's int heap against a heap of tuples."""

from __future__ import annotations

import heapq
import random

import pytest

from solitaire.engine.deal import deal
from solitaire.engine.games import FEATURED, get_rules
from solitaire.solver.bestfirst import BestFirst
from solitaire.solver.kernel import Kernel, Position, Scorer, Weights


def walk(kernel: Kernel, root: Position, steps: int, seed: int) -> list[Position]:
    """The positions of a random line of play from ``root`` (every position closed)."""
    chance = random.Random(seed)
    line = [root]
    pos = root
    for _ in range(steps):
        moves = kernel.moves(pos)
        if not moves:
            break
        pos = kernel.close(kernel.play(pos, chance.choice(moves)), ())[0]
        line.append(pos)
    return line


@pytest.mark.parametrize("game", FEATURED)
def test_step_plays_and_closes_like_play_then_close(game: str) -> None:
    rules = get_rules(game)
    checked = closed = 0
    # deals 1-3, and more where their walks are short (Forty Thieves' deal 1 soon runs dry)
    for number in range(1, 7):
        if number > 3 and checked > 500:
            break
        state = deal(rules, number)
        kernel = Kernel(rules, state)
        root = kernel.start(state)[0]
        for pos in walk(kernel, root, 80, number):
            safe = kernel.safe(pos)
            for raw in kernel.moves(pos):
                expected = kernel.close(kernel.play(pos, raw), (raw,))
                assert kernel.step(pos, raw, safe) == expected, (number, pos, raw)
                checked += 1
                closed += len(expected[1]) > 1
    # the walks reach moves after which a card goes home at once, not only plain ones
    assert checked > 500 and closed > 0


def reference_order(kernel: Kernel, scorer: Scorer, root: Position, budget: int) -> list[bytes]:
    """The keys a greedy best-first search expands, with a heap of (-score, -tie) tuples:
    the best score first, and among equal scores the entry pushed last."""
    visited: set[bytes] = set()
    heap: list[tuple[int, int, bytes, Position]] = [(0, 0, kernel.key(root), root)]
    tie = 0
    order: list[bytes] = []
    while heap and len(order) < budget:
        _score, _tie, key, pos = heapq.heappop(heap)
        if key in visited:
            continue
        visited.add(key)
        order.append(key)
        if pos[5] == 0:
            break
        for score, child_key, child, _moves in kernel.children(pos, visited, scorer):
            tie += 1
            heapq.heappush(heap, (-score, -tie, child_key, child))
    return order


@pytest.mark.long
@pytest.mark.parametrize(("game", "number"), [("stronghold", 17), ("fours-up", 3)])
def test_best_first_expands_what_a_heap_of_tuples_expands(game: str, number: int) -> None:
    rules = get_rules(game)
    state = deal(rules, number)
    kernel = Kernel(rules, state)
    root = kernel.start(state)[0]
    scorer = kernel.scorer(Weights())
    expected = reference_order(kernel, scorer, root, 3000)
    search = BestFirst(kernel, scorer, root)
    search.run(3000, None)
    assert search.expanded == len(expected) == 3000
    assert search.visited == set(expected)
