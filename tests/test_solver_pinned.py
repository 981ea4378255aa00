"""The solver's kernel is pinned to the engine, position by position: perft for the second
move generator.

``solver/kernel.py`` restates the engine's rules for speed: which moves are legal, what a
move does (deals and refills included), how long a run may be, which foundation takes a
card and which cards come back off the foundations. Over seeded random play in every game,
at every position reached:

- every kernel move is a move the engine lists, and playing it in the kernel gives exactly
  the position the engine's play gives;
- the kernel's children equal the engine's, compared as sets through the canonical key
  (``Kernel.moves`` leaves out a move whose result is a duplicate under the key, and moving
  a whole pile onto an empty one, whose key is the parent's, so the parent's key is left
  out of both sets).

The positions come from random play from the deals, and from random play branching off
the stored winning lines of the survey (``data/survey``), which reach what random play
seldom does: empty piles, high foundations, an empty stock. A move the kernel forgot would
otherwise show only as a wrong "lost".

Both kernels are checked: the Python one and the C core (``solver/core/*.c``), whose positions
are bytes; each is compared with the engine through its own position and key.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from test_solver_helpers import kept_once

import solitaire
from solitaire.engine.deal import deal
from solitaire.engine.games import GAMES, get_rules
from solitaire.engine.moves import legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import FOUNDATION, Move, State
from solitaire.solver.kernel import Kernel
from solitaire.solver.survey import load

WALKS = 4
"""Random games played per game id, from deals 1 to WALKS."""

STEPS = 150
"""Moves per random game, at most."""

LINES = 2
"""Stored winning lines followed per game (where the survey holds any)."""

BRANCH_EVERY = 8
"""Along a winning line, a short random game branches off every this many positions."""

BRANCH = 12
"""Moves per branch."""

HOME_BIAS = 0.6
"""How often a walk plays a foundation move when there is one: pure random play seldom
gets cards home, and the later phases of a game (foundations high, stock out) need
checking too."""


def walk(rules: Rules, state: State, steps: int, chance: random.Random) -> list[State]:
    """The states of one random game of at most ``steps`` moves from ``state``."""
    states = [state]
    for _ in range(steps):
        moves = list(legal_moves(rules, state))
        if not moves:
            break
        home = [move for move in moves if move.dst.kind == FOUNDATION]
        move = chance.choice(home if home and chance.random() < HOME_BIAS else moves)
        state = play(rules, state, move)
        states.append(state)
    return states


def won_lines(game: str) -> list[tuple[int, list[Move]]]:
    """The first :data:`LINES` won deals of the game's stored survey, with their lines."""
    rows = load(Path(solitaire.__file__).parent / "data" / "survey" / f"{game}.json")
    won = [row for _number, row in sorted(rows.items()) if row["result"] == "won"]
    return [(row["deal"], [Move.from_str(m) for m in row["solution"].split()]) for row in won][
        :LINES
    ]


@cache
def positions(rules: Rules) -> tuple[tuple[State, ...], ...]:
    """Groups of states, each group from one deal: random games from the first deals, and
    random branches off stored winning lines. Each state once in its group (the walks and
    branches come back to about one position in seven they have seen, and a state checked
    again proves nothing more); worked out once per game and test worker, since this file's
    two kernels and ``test_solver_core`` walk the same groups, and once per run of the suite
    where the Makefile gives a folder to keep them in (``kept_once``): the test workers share
    them."""
    survey = Path(solitaire.__file__).parent / "data" / "survey" / f"{rules.id}.json"
    return kept_once(
        f"positions-{rules.id}", [Path(__file__), survey], lambda: _walk_positions(rules)
    )


def _walk_positions(rules: Rules) -> tuple[tuple[State, ...], ...]:
    """:func:`positions`, worked out."""
    groups = []
    for number in range(1, WALKS + 1):
        groups.append(walk(rules, deal(rules, number), STEPS, random.Random(number)))
    for number, line in won_lines(rules.id):
        chance = random.Random(-number)
        state = deal(rules, number)
        group = [state]
        for index, move in enumerate(line):
            state = play(rules, state, move)
            group.append(state)
            if index % BRANCH_EVERY == 0:
                group.extend(walk(rules, state, BRANCH, chance)[1:])
        groups.append(group)
    return tuple(tuple(dict.fromkeys(group)) for group in groups)


def check_position(rules: Rules, kernel: Any, state: State) -> int:
    """Check the kernel against the engine at ``state``; return how many moves it checked."""
    pos = kernel.position(state)
    legal = set(legal_moves(rules, state))
    engine_children = {kernel.key(kernel.position(play(rules, state, move))) for move in legal}
    kernel_children = set()
    for raw in kernel.moves(pos):
        move = kernel.to_move(raw)
        assert move in legal, (state, raw, move)
        child = kernel.play(pos, raw)
        assert child == kernel.position(play(rules, state, move)), (state, move)
        kernel_children.add(kernel.key(child))
    parent = kernel.key(pos)
    assert kernel_children - {parent} == engine_children - {parent}, state
    return len(legal)


@pytest.mark.long
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_kernel_plays_every_move_the_engine_plays_and_no_other(
    game: str, kernel_class: type[Kernel]
) -> None:
    rules = get_rules(game)
    checked = moves = 0
    for group in positions(rules):
        kernel = kernel_class(rules, group[0])
        for state in group:
            moves += check_position(rules, kernel, state)
            checked += 1
    # the walks are long enough to mean something
    assert checked > WALKS * 20 and moves > checked
