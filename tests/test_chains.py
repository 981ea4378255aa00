"""The dead test for dealt piles (``solitaire.solver.chains``, docs/solver.md, Pruning, rule
9) against a plain search over the engine's moves, and the C core against the Python kernel.

Streets tables on two, three and four piles, each pile a few cards laid without regard to
fit (its dealt part) with now and then a built chain on top, the other cards off the
foundations in the waste and the stock: wherever the test says lost, the plain search finds
no win, and the test fires on many of them.
"""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path

import pytest
from test_solver_helpers import exhaustive, narrow, won_table

from solitaire.engine.cards import parse_card, suit_of
from solitaire.engine.game import Game
from solitaire.engine.games import get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.moves import apply
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State
from solitaire.solver import solve
from solitaire.solver.chains import dealt_part
from solitaire.solver.kernel import Kernel
from solitaire.solver.survey import load
from solitaire.solver.tables import tables

LIMIT = 2000
"""Positions the plain search may visit; tables with more are skipped."""

TABLES = 150
"""Tables tried for each number of piles."""


def dealt_table(rules: Rules, cards: int, seed: int) -> State:
    """``cards`` cards off the foundations, mostly of one suit: up to three laid on each pile
    as dealt, in any order; then each of the rest on a pile it fits now and then, else
    anywhere in the waste (three times in four) or the stock."""
    rng = random.Random(seed)
    state = won_table(rules)
    foundations = [list(pile) for pile in state.foundations]
    suit = rng.randrange(4)
    sources = [pile for pile in foundations if suit_of(pile[-1]) == suit]
    sources += rng.sample(foundations, rng.choice((0, 1, 2)))
    tableau: list[list[int]] = [[] for _ in state.tableau]
    stock: list[int] = []
    waste: list[int] = []
    dealt = [rng.randint(0, 3) for _ in tableau]
    for _ in range(cards):
        card = rng.choice([p for p in sources if p] or [p for p in foundations if p]).pop()
        short = [i for i, pile in enumerate(tableau) if len(pile) < dealt[i]]
        fits = [p for p in tableau if not p or card in rules.fits[p[-1]]]
        if short:
            tableau[rng.choice(short)].append(card)
        elif fits and rng.random() < 0.3:
            rng.choice(fits).append(card)
        else:
            pile = waste if rng.random() < 0.75 else stock
            pile.insert(rng.randint(0, len(pile)), card)
    return State(
        tableau=tuple(tuple(p) for p in tableau),
        foundations=tuple(tuple(p) for p in foundations),
        cells=(),
        stock=tuple(stock),
        waste=tuple(waste),
    )


def cases(piles: int) -> list[tuple[Rules, State]]:
    """The tables for ``piles`` piles."""
    rules = narrow(get_rules("streets"), piles)
    return [(rules, dealt_table(rules, 7 + seed % 8, seed)) for seed in range(TABLES)]


@pytest.mark.parametrize("piles", [2, 3, 4])
def test_what_the_test_calls_lost_is_lost(piles: int) -> None:
    """Wherever the test fires, the plain search finds no win; it fires on many lost tables,
    and the tables are not all lost."""
    verdicts: list[str] = []
    dead: list[str] = []
    for rules, state in cases(piles):
        verdict = exhaustive(rules, state, LIMIT)
        if verdict is None:
            continue
        verdicts.append(verdict)
        kernel = Kernel(rules, state)
        if kernel.dead(kernel.position(state)):
            dead.append(verdict)
    assert "won" not in dead
    assert dead.count("lost") >= 10
    assert verdicts.count("won") >= 10


@pytest.mark.parametrize("piles", [2, 3])
def test_the_solver_agrees_with_the_plain_search(piles: int) -> None:
    """The solver, which cuts with the test, gives the plain search's verdict, and its
    winning lines replay."""
    compared = 0
    for rules, state in cases(piles)[:60]:
        expected = exhaustive(rules, state, LIMIT)
        if expected is None:
            continue
        found = solve(rules, state, budget=100_000)
        assert found.result == expected, state
        for move in found.solution or ():
            played, state = apply(rules, state, move)
            assert played == move
        compared += 1
    assert compared >= 30


@pytest.mark.parametrize("piles", [2, 3, 4])
def test_the_core_gives_the_python_answer(piles: int, native: type) -> None:
    """The core's verdicts are the Python test's, on the tables and on whole Streets deals
    with the stock turned."""
    verdicts = []
    for rules, state in cases(piles):
        slow = Kernel(rules, state)
        fast = native(rules, state)
        verdict = slow.dead(slow.position(state))
        assert fast.dead(fast.pack(slow.position(state))) == verdict, state
        verdicts.append(verdict)
    assert 10 <= verdicts.count(True) <= len(verdicts) - 10


@pytest.mark.parametrize(("number", "turns"), [(1, 59), (1, 64), (7, 64)])
def test_a_deal_with_the_stock_turned_is_dead_in_both_kernels(
    number: int, turns: int, native: type
) -> None:
    """Streets deals with most or all of the stock turned and no other move: the test says
    lost at once, in both kernels (the solver proves deal 1 lost after 32 turns)."""
    state = Layout.dealt("streets", number).state
    rules = get_rules("streets")
    for _ in range(turns):
        _played, state = apply(rules, state, Move.deal())
    slow = Kernel(rules, state)
    fast = native(rules, state)
    assert slow.dead(slow.position(state))
    assert fast.dead(fast.pack(slow.position(state)))


def test_no_position_on_a_published_winning_line_is_dead(native: type) -> None:
    """Along the published lines that win Streets deals 1-60, no position is dead (in the
    core, which answers as the Python kernel does; ``bench/chains.py`` has been run over all
    892 published lines of deals 1-1000)."""
    rules = get_rules("streets")
    rows = load(Path(str(resources.files("solitaire"))) / "data" / "survey" / "streets.json")
    checked = 0
    for number in range(1, 61):
        row = rows[number]
        if row["result"] != "won":
            continue
        played = Game.replay(Layout.dealt("streets", number), row["solution"].split())
        kernel = native(rules, played.positions[0])
        for state in played.positions:
            assert not kernel.dead(kernel.position(state)), (number, checked)
            checked += 1
    assert checked > 10_000


def test_a_dealt_part_ends_where_the_chain_on_it_begins() -> None:
    """A pile's dealt part keeps the card the top chain sits on (the anchor); a pile that is
    one chain keeps its bottom card."""
    t = tables(get_rules("streets"))
    kernel = Kernel(get_rules("streets"), Layout.dealt("streets", 1).state)
    pile = kernel.position(_one_pile("KH 9C 8D 7S"))[0][0]
    assert dealt_part(t, pile) == pile[:2]
    chain = kernel.position(_one_pile("KH QS JD"))[0][0]
    assert dealt_part(t, chain) == chain[:1]
    assert dealt_part(t, b"") == b""


def _one_pile(cards: str) -> State:
    """A Streets table with one pile, for reading a pile's codes."""
    state = Layout.dealt("streets", 1).state
    pile = tuple(parse_card(name) for name in cards.split())
    return State(
        tableau=(pile, *state.tableau[1:]),
        foundations=state.foundations,
        cells=state.cells,
        stock=state.stock,
        waste=state.waste,
    )
