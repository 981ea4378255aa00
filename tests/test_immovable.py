"""Rule 9, a card that can never move (``solitaire.solver.immovable``; docs/solver.md,
Pruning): wherever it fires, a plain search of every legal move of the engine finds no win;
it fires on many lost tables and never on a won one; the C core's answer is the Python
twin's; no position of a published winning line fires; and a hand-made table shows what it
catches.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import pytest
from test_solver_helpers import exhaustive, narrow, won_table

from solitaire.engine.cards import parse_card
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.moves import legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State
from solitaire.solver import solve
from solitaire.solver.kernel import Kernel
from solitaire.solver.scoring import Weights
from solitaire.solver.survey import load
from solitaire.solver.tables import tables

GAMES = ("streets-and-alleys", "beleaguered-castle")
"""The games the rule holds in (``Tables.immovable_test``)."""

SURVEYS = Path(str(resources.files("solitaire"))) / "data" / "survey"
"""The published survey files."""

LIMIT = 20_000
"""The most positions the plain search may reach from a table before it is skipped."""


def mixed(rules: Rules, cards: int, seed: int) -> State:
    """A table with ``cards`` cards taken off any foundations and each put anywhere in a
    pile: lower cards end up under higher ones of their suit, and piles may be empty."""
    rng = random.Random(seed)
    state = won_table(rules)
    foundations = [list(pile) for pile in state.foundations]
    fixed = 1 if rules.foundations.suits is not None else 0
    tableau: list[list[int]] = [[] for _ in state.tableau]
    for _ in range(cards):
        card = rng.choice([pile for pile in foundations if len(pile) > fixed]).pop()
        pile = rng.choice(tableau)
        pile.insert(rng.randint(0, len(pile)), card)
    return State(
        tableau=tuple(tuple(pile) for pile in tableau),
        foundations=tuple(tuple(pile) for pile in foundations),
        cells=state.cells,
    )


def played(rules: Rules, state: State, moves: int, seed: int) -> list[State]:
    """``state`` and the positions of a random line of up to ``moves`` engine moves from it."""
    rng = random.Random(seed)
    out = [state]
    for _ in range(moves):
        legal = list(legal_moves(rules, state))
        if not legal:
            break
        state = play(rules, state, rng.choice(legal))
        out.append(state)
    return out


def test_only_the_games_without_a_stock_or_a_cell_run_the_test() -> None:
    on = [game for game in GAMES if tables(get_rules(game)).immovable_test]
    off = [
        game
        for game in ("siegecraft", "stronghold", "streets", "fours-up", "forty-thieves")
        if tables(get_rules(game)).immovable_test
    ]
    assert on == list(GAMES) and off == []


SIZES = ((2, 5, 8), (3, 5, 10), (3, 11, 7))
"""Piles, the fewest cards out and how many more: small tables on two and three piles, and
medium ones of 11 to 17 cards on three."""


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("size", SIZES)
def test_what_it_calls_lost_a_plain_search_finds_lost(
    native: type, game: str, size: tuple[int, int, int]
) -> None:
    """40 tables of each size, and the positions of a random line from each: the rule never
    fires on a won one, fires on lost ones of every size, and both kernels agree."""
    piles, fewest, spread = size
    rules = narrow(get_rules(game), piles)
    fired = {"won": 0, "lost": 0}
    verdicts = {"won": 0, "lost": 0}
    for seed in range(40):
        table = mixed(rules, fewest + seed % spread, seed)
        for state in played(rules, table, 6, seed)[::2]:
            slow, fast = Kernel(rules, state), native(rules, state)
            says = slow.immovable(slow.position(state))
            assert says == fast.immovable(fast.position(state)), (seed, state)
            verdict = exhaustive(rules, state, LIMIT)
            if verdict is None:
                continue
            verdicts[verdict] += 1
            fired[verdict] += says
    assert fired["won"] == 0
    assert fired["lost"] >= 10
    assert verdicts["won"] >= 10 and verdicts["lost"] > fired["lost"]


@pytest.mark.parametrize("game", GAMES)
def test_no_position_on_a_published_winning_line_fires(native: type, game: str) -> None:
    """Every position of 40 published winning lines in the core, every fifth in the Python
    kernel as well."""
    rules = get_rules(game)
    checked = 0
    for deal, at, state in winning_line_states(game):
        fast = native(rules, state)
        assert not fast.immovable(fast.position(state)), (deal, at)
        if at % 5 == 0:
            slow = Kernel(rules, state)
            assert not slow.immovable(slow.position(state)), (deal, at)
        checked += 1
    assert checked > 1_000


def winning_line_states(game: str, lines: int = 40) -> Iterator[tuple[int, int, State]]:
    """Each position of the first ``lines`` published winning lines of ``game``: (deal, the
    move's index in its line, the position after it)."""
    rules = get_rules(game)
    survey = load(SURVEYS / f"{game}.json")
    won = [(deal, row) for deal, row in survey.items() if row["result"] == "won"][:lines]
    for deal, row in won:
        state = Layout.dealt(game, deal).state
        for at, text in enumerate(str(row["solution"]).split()):
            state = play(rules, state, Move.from_str(text))
            yield deal, at, state


def hearts(piles: tuple[str, ...]) -> State:
    """A Streets and Alleys table on two or three piles: the hearts on ``piles`` (bottom to
    top), every other card home."""
    rules = hearts_rules(len(piles))
    won = won_table(rules)
    foundations = tuple(
        () if pile and pile[-1] % 4 == parse_card("AH") % 4 else pile for pile in won.foundations
    )
    tableau = tuple(tuple(parse_card(name) for name in text.split()) for text in piles)
    return State(tableau=tableau, foundations=foundations, cells=won.cells)


def hearts_rules(piles: int) -> Rules:
    """Streets and Alleys on ``piles`` piles."""
    return narrow(get_rules("streets-and-alleys"), piles)


LOCKED = ("AH 3H 5H 7H 9H JH KH", "2H 4H 6H 8H TH QH")
"""The King of hearts lies on the Ace and can go only to an empty pile; the Queen can go on
the King, but then the Ten under it has nowhere to go, so neither pile ever empties."""


def test_a_king_on_its_ace_with_no_pile_to_empty_is_lost_at_once() -> None:
    rules = hearts_rules(2)
    state = hearts(LOCKED)
    kernel = Kernel(rules, state)
    assert kernel.immovable(kernel.position(state))
    assert exhaustive(rules, state, LIMIT) == "lost"
    found = solve(rules, state, budget=1_000)
    assert found.result == "lost" and found.positions <= 2


def test_with_an_empty_pile_it_is_won() -> None:
    rules = hearts_rules(3)
    state = hearts((*LOCKED, ""))
    kernel = Kernel(rules, state)
    assert not kernel.immovable(kernel.position(state))
    assert exhaustive(rules, state, LIMIT) == "won"
    assert solve(rules, state, budget=1_000).result == "won"


@pytest.mark.parametrize("game", GAMES)
def test_the_cut_leaves_out_the_same_children_in_both_kernels(native: type, game: str) -> None:
    """Switched on, both kernels leave out exactly the children the test proves lost, and
    give the same children; switched off (the searches before the last depth-first search),
    they leave out none. The kernels' keys differ in form, so children are compared by the
    moves that reach them."""
    rules = get_rules(game)
    left_out = 0
    for seed in range(4):
        for state in played(rules, Layout.dealt(game, seed + 1).state, 60, seed)[::3]:
            slow, fast = Kernel(rules, state), native(rules, state)
            found = []
            for kernel in (slow, fast):
                pos = kernel.position(state)
                scorer = kernel.scorer(Weights())
                every = {key for _s, key, _p, _m in kernel.children(pos, set(), scorer)}
                kernel.prune_immovable(True)
                kept = kernel.children(pos, set(), scorer)
                kernel.prune_immovable(False)
                assert {key for _s, key, _p, _m in kept} <= every
                assert not any(kernel.immovable(child) for _s, _k, child, _m in kept)
                cut = len(every) - len(kept)
                lines = sorted(tuple(str(kernel.to_move(raw)) for raw in m) for *_, m in kept)
                found.append((lines, cut))
            assert found[0] == found[1], (seed, state)
            left_out += found[0][1]
    assert left_out >= 10
