"""Perft: the number of legal move sequences from fixed deals, pinned.

Any change to which moves are legal, in any game, changes one of these counts. The first
level of each deal 1 was checked by hand against the table (``solitaire deal GAME 1``): for
Streets, AH on t6 goes to any of the 8 empty foundations or onto 2S, 3C onto 4D, and the
stock turns (11); Stronghold's 16 are Streets and Alleys' 7 plus 8 moves to the free cell
plus t1's two-card run onto t4, which the empty cell allows. Beleaguered Castle's six are
2D home onto f1's Ace, QC onto either King, 4H onto 5S, 5S onto 6C and JC onto QC; Deuces' deal
1 shows no Three and no King, so only the stock moves.
"""

from __future__ import annotations

import pytest

from solitaire import Layout, get_rules
from solitaire.engine.moves import legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import State

PERFT = {
    ("streets", 1): (11, 47, 134, 337),
    ("streets", 7): (5, 21, 85, 393),
    ("stronghold", 1): (16, 178, 1669, 14505),
    ("stronghold", 7): (14, 130, 980, 6752),
    ("streets-and-alleys", 1): (7, 41, 215, 1054),
    ("streets-and-alleys", 7): (6, 28, 114, 405),
    ("blockade", 1): (12, 87, 682, 4416),
    ("blockade", 7): (11, 66, 631, 7530),
    ("fours-up", 1): (1, 1, 1, 1),
    ("fours-up", 7): (3, 17, 118, 823),
    ("forty-thieves", 1): (11, 55, 183, 511),
    ("forty-thieves", 7): (2, 3, 4, 6),
    ("lucas", 1): (2, 3, 5, 10),
    ("lucas", 7): (8, 55, 345, 2109),
    ("maria", 1): (1, 9, 17, 41),
    ("maria", 7): (7, 42, 221, 1025),
    ("limited", 1): (2, 12, 56, 154),
    ("limited", 7): (7, 41, 221, 1021),
    ("busy-aces", 1): (12, 199, 3725, 75853),
    ("busy-aces", 7): (11, 165, 2775, 50695),
    ("deuces", 1): (1, 1, 2, 3),
    ("deuces", 7): (2, 12, 106, 974),
    ("beleaguered-castle", 1): (6, 31, 155, 795),
    ("beleaguered-castle", 7): (3, 15, 78, 403),
    ("siegecraft", 1): (15, 150, 1302, 10931),
    ("siegecraft", 7): (14, 130, 1288, 12867),
}

FIRST_MOVES = {
    "streets": "t6>f0 t6>f1 t6>f2 t6>f3 t6>f4 t6>f5 t6>f6 t6>f7 t6>t7 t9>t0 s",
    "stronghold": "t0>t2 t0>c0 t1>t4:2 t1>t6 t1>c0 t2>c0 t3>t0 t3>t7 t3>c0 t4>t3 t4>c0 t5>c0 "
    "t6>t4 t6>c0 t7>t2 t7>c0",
    "streets-and-alleys": "t0>t2 t1>t6 t3>t0 t3>t7 t4>t3 t6>t4 t7>t2",
    "blockade": "t0>t11 t2>f0 t2>f1 t2>f2 t2>f3 t2>f4 t2>f5 t2>f6 t2>f7 t7>t3 t7>t5 s",
    "fours-up": "s",
    "forty-thieves": "t3>t5 t6>f0 t6>f1 t6>f2 t6>f3 t6>f4 t6>f5 t6>f6 t6>f7 t9>t1 s",
    "lucas": "t6>t1 s",
    "maria": "s",
    "limited": "t9>t11 s",
    "busy-aces": "t0>t11 t2>f0 t2>f1 t2>f2 t2>f3 t2>f4 t2>f5 t2>f6 t2>f7 t7>t3 t7>t5 s",
    "deuces": "s",
    "beleaguered-castle": "t0>f1 t2>t1 t2>t4 t3>t6 t6>t5 t7>t2",
    "siegecraft": "t0>f1 t0>t3:2 t0>c0 t1>c0 t2>t1 t2>t4 t2>c0 t3>t6 t3>c0 t4>c0 t5>c0 t6>t5 "
    "t6>c0 t7>t2 t7>c0",
}
"""Deal 1's legal moves in the engine's order."""


def perft(rules: Rules, state: State, depth: int) -> int:
    """How many sequences of ``depth`` legal moves start from ``state``."""
    if depth == 0:
        return 1
    return sum(
        perft(rules, play(rules, state, move), depth - 1) for move in legal_moves(rules, state)
    )


@pytest.mark.parametrize(("key", "counts"), PERFT.items(), ids=str)
def test_perft_counts_are_pinned(key: tuple[str, int], counts: tuple[int, ...]) -> None:
    game, number = key
    rules = get_rules(game)
    state = Layout.dealt(game, number).state
    assert tuple(perft(rules, state, depth) for depth in range(1, 5)) == counts


@pytest.mark.parametrize(("game", "moves"), FIRST_MOVES.items())
def test_the_first_legal_moves_of_deal_1_are_pinned_in_order(game: str, moves: str) -> None:
    rules = get_rules(game)
    state = Layout.dealt(game, 1).state
    assert " ".join(str(move) for move in legal_moves(rules, state)) == moves
