"""Which runs move as one: limits from the free cell and empty piles, suits, and one card only."""

from __future__ import annotations

import pytest
from helpers import legal, table

from solitaire import IllegalMoveError, get_rules
from solitaire.engine.moves import check, is_legal
from solitaire.engine.state import Move

RUN = "KC 8H 7S 6D 5C 4H"
"""Five cards, 8H down to 4H, built down regardless of suit on a King that is not part of it."""


def limited(game: str, count: int, empty_piles: int, cell_full: bool, to_empty: bool) -> bool:
    """Whether the top ``count`` cards of :data:`RUN` on t0 may move in one go to t1.

    t1 is empty when ``to_empty``, else it holds the card the run's bottom builds on.
    ``empty_piles`` counts every empty pile, t1 included.
    """
    piles = get_rules(game).tableau.piles
    dst = "" if to_empty else f"{4 + count}S"
    others = ["KD"] * (piles - 2)
    for i in range(empty_piles - (1 if to_empty else 0)):
        others[i] = ""
    state = table(game, t=[RUN, dst, *others], c=["QH"] if cell_full else [])
    move = Move.from_str(f"t0>t1:{count}")
    ok = is_legal(get_rules(game), state, move)
    assert ok == (str(move) in legal(game, state))
    return ok


@pytest.mark.parametrize(
    ("empty_piles", "cell_full", "limit"),
    [(0, False, 2), (0, True, 1), (1, False, 4), (1, True, 2), (2, False, 8), (2, True, 4)],
)
def test_stronghold_moves_runs_up_to_the_limit_onto_a_card(
    empty_piles: int, cell_full: bool, limit: int
) -> None:
    for count in range(1, 6):
        assert limited("stronghold", count, empty_piles, cell_full, False) is (count <= limit)


@pytest.mark.parametrize(("empty_piles", "limit"), [(0, 1), (1, 2), (2, 4)])
def test_streets_and_alleys_moves_runs_up_to_the_limit_onto_a_card(
    empty_piles: int, limit: int
) -> None:
    for count in range(1, 6):
        assert limited("streets-and-alleys", count, empty_piles, False, False) is (count <= limit)


@pytest.mark.parametrize(
    ("empty_piles", "cell_full", "limit"),
    [(1, False, 2), (1, True, 1), (2, False, 4), (2, True, 2), (3, False, 8)],
)
def test_stronghold_does_not_count_the_empty_destination(
    empty_piles: int, cell_full: bool, limit: int
) -> None:
    for count in range(1, 6):
        assert limited("stronghold", count, empty_piles, cell_full, True) is (count <= limit)


@pytest.mark.parametrize(("empty_piles", "limit"), [(1, 1), (2, 2), (3, 4)])
def test_streets_and_alleys_does_not_count_the_empty_destination(
    empty_piles: int, limit: int
) -> None:
    for count in range(1, 6):
        assert limited("streets-and-alleys", count, empty_piles, False, True) is (count <= limit)


def test_it_refuses_a_run_longer_than_the_limit_saying_the_limit() -> None:
    state = table("stronghold", t=[RUN, "9S", "KD", "KD", "KD", "KD", "KD", "KD"], c=["QH"])
    with pytest.raises(IllegalMoveError, match="only 1 card"):
        check(get_rules("stronghold"), state, Move.from_str("t0>t1:5"))


def test_stronghold_lists_every_run_length_that_may_go_to_an_empty_pile() -> None:
    state = table("stronghold", t=[RUN, "KD", "", "KD", "KD", "KD", "KD", "KD"])
    to_t2 = [move for move in legal("stronghold", state) if move.startswith("t0>t2")]
    assert to_t2 == ["t0>t2", "t0>t2:2"]


@pytest.mark.parametrize("game", ["stronghold", "streets-and-alleys", "fours-up", "blockade"])
def test_it_refuses_a_run_that_is_not_built(game: str) -> None:
    state = table(game, t=["KC 9H 8D 6H 5H", "7S", "", ""])
    with pytest.raises(IllegalMoveError, match="not a run built down"):
        check(get_rules(game), state, Move.from_str("t0>t2:3"))


@pytest.mark.parametrize("game", ["streets", "forty-thieves"])
def test_streets_moves_one_card_at_a_time_however_many_piles_are_empty(game: str) -> None:
    state = table(game, t=["KS TH 9C", "JS", "", "", "", ""])
    rules = get_rules(game)
    with pytest.raises(IllegalMoveError, match="one card at a time"):
        check(rules, state, Move.from_str("t0>t2:2"))
    assert not any(move.endswith(":2") for move in legal(game, state))


def test_blockade_moves_a_run_in_one_suit_of_any_length() -> None:
    state = table("blockade", t=["QH JH TH 9H 8H 7H 6H 5H 4H 3H 2H AH", "KH", "KD"])
    assert "t0>t1:12" in legal("blockade", state)


def test_blockade_runs_stop_at_a_change_of_suit() -> None:
    state = table("blockade", t=["9C 8H 7H", "9H", "8C", "KD"])
    moves = legal("blockade", state)
    assert "t0>t1:2" in moves
    rules = get_rules("blockade")
    assert not is_legal(rules, state, Move.from_str("t0>t2:3"))
    assert not is_legal(rules, state, Move.from_str("t0>t3:3"))


def test_blockade_takes_any_run_to_an_empty_pile_once_the_stock_is_out() -> None:
    state = table("blockade", t=["KS 9H 8H 7H", "KD", ""])
    to_t2 = [move for move in legal("blockade", state) if move.startswith("t0>t2")]
    assert to_t2 == ["t0>t2", "t0>t2:2", "t0>t2:3"]


def test_fours_up_moves_any_descending_run_in_any_suit() -> None:
    state = table("fours-up", t=["KS 9H 8C 7D 6S 5H 4C", "TD", "", "KC", "KC", "KC"])
    moves = legal("fours-up", state)
    assert "t0>t1:6" in moves
    assert [move for move in moves if move.startswith("t0>t2")] == [
        "t0>t2",
        "t0>t2:2",
        "t0>t2:3",
        "t0>t2:4",
        "t0>t2:5",
        "t0>t2:6",
    ]


def test_fours_up_runs_end_at_the_four() -> None:
    state = table("fours-up", t=["6H 5C 4D 3S", "7S", "", "KC", "KC", "KC"])
    rules = get_rules("fours-up")
    assert not is_legal(rules, state, Move.from_str("t0>t1:3"))
    assert [move for move in legal("fours-up", state) if move.startswith("t0>t2")] == ["t0>t2"]


@pytest.mark.parametrize(("src", "count"), [("w", 2), ("c0", 2), ("f0", 2)])
def test_only_tableau_piles_give_more_than_one_card(src: str, count: int) -> None:
    game = "stronghold" if src == "c0" else "fours-up"
    state = table(game, t=["KS", ""], c=["QH"] if src == "c0" else [], waste="9C 8D", f=["5C"])
    with pytest.raises(IllegalMoveError):
        check(get_rules(game), state, Move.from_str(f"{src}>t1:{count}"))
