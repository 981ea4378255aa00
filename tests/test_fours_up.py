"""Fours Up's foundations: dealt Fours, the wrap from King to Three, and cards coming back."""

from __future__ import annotations

import pytest
from helpers import cards, legal, play, table

from solitaire import IllegalMoveError, Layout, get_rules
from solitaire.engine.moves import check, is_legal
from solitaire.engine.state import Move

RULES = get_rules("fours-up")


def test_the_foundations_start_with_the_fours_in_suit_order_c_d_h_s_twice() -> None:
    state = Layout.dealt("fours-up", 11).state
    fours = ["4C", "4D", "4H", "4S", "4C", "4D", "4H", "4S"]
    assert state.foundations == tuple(cards(name) for name in fours)


def test_every_four_is_on_a_foundation_so_none_is_dealt_or_in_the_stock() -> None:
    state = Layout.dealt("fours-up", 11).state
    loose = [card for pile in state.tableau for card in pile] + list(state.stock)
    assert len(loose) == 96
    assert not any(card in cards("4C 4D 4H 4S") for card in loose)


@pytest.mark.parametrize(
    ("top", "takes", "refuses"),
    [
        ("4C", "5C", "6C"),
        ("QC", "KC", "AC"),
        ("KC", "AC", "2C"),
        ("AC", "2C", "3D"),
        ("2C", "3C", "4C"),
        ("5C", "6C", "6D"),
    ],
)
def test_a_foundation_builds_up_in_suit_and_wraps_from_king_to_ace(
    top: str, takes: str, refuses: str
) -> None:
    state = table("fours-up", t=[takes, refuses], f=[top])
    assert is_legal(RULES, state, Move.from_str("t0>f0"))
    assert not is_legal(RULES, state, Move.from_str("t1>f0"))


def test_a_foundation_is_complete_at_the_three() -> None:
    state = table("fours-up", t=["4C", "AC"], f=["3C"])
    assert len(state.foundations[0]) == 13
    assert not any(">f0" in move for move in legal("fours-up", state))


def test_a_card_goes_to_the_foundation_of_its_own_suit_only() -> None:
    state = table("fours-up", t=["5D"])
    assert [move for move in legal("fours-up", state) if ">f" in move] == ["t0>f1", "t0>f5"]


def test_the_top_card_of_a_foundation_comes_back_onto_a_pile_that_takes_it() -> None:
    state = table("fours-up", t=["7H", "", "8S", "KS", "KS", "KS"], f=["6C"])
    moves = [move for move in legal("fours-up", state) if move.startswith("f")]
    assert moves == ["f0>t0", "f0>t1"]
    after = play("fours-up", state, "f0>t0")
    assert after.tableau[0] == cards("7H 6C")
    assert after.foundations[0] == cards("4C 5C")


def test_a_foundation_card_does_not_go_onto_a_pile_that_refuses_it() -> None:
    state = table("fours-up", t=["7C", "9H"], f=["6C"])
    with pytest.raises(IllegalMoveError, match="does not build on"):
        check(RULES, state, Move.from_str("f0>t1"))


def test_a_wrapped_ace_comes_back_only_to_an_empty_pile() -> None:
    state = table("fours-up", t=["2S", "", "KS", "KS", "KS", "KS"], f=["AC"])
    assert [move for move in legal("fours-up", state) if move.startswith("f")] == ["f0>t1"]


def test_the_base_four_never_leaves_its_foundation() -> None:
    state = table("fours-up", t=["5H", ""])
    assert not any(move.startswith("f") for move in legal("fours-up", state))
    for dst in ("t0", "t1"):
        with pytest.raises(IllegalMoveError, match="the base 4C never leaves"):
            check(RULES, state, Move.from_str(f"f0>{dst}"))


def test_a_foundation_card_never_moves_to_another_foundation() -> None:
    state = table("fours-up", f=["5C", "", "", "", "4C"])
    with pytest.raises(IllegalMoveError, match="from one foundation to another"):
        check(RULES, state, Move.from_str("f0>f4"))


def test_aces_twos_and_threes_on_a_pile_take_nothing_even_in_suit() -> None:
    state = table("fours-up", t=["3C", "2C", "AC", "4D", "3D 2D", "KS"])
    assert not any(">t" in move for move in legal("fours-up", state))


def test_once_every_card_is_home_no_card_comes_back() -> None:
    from solitaire.engine.cards import code_of
    from solitaire.engine.games import get_rules
    from solitaire.engine.moves import is_legal, legal_moves
    from solitaire.engine.state import Move, State

    rules = get_rules("fours-up")
    home = rules.foundations
    piles = tuple(tuple(code_of(rank, suit) for rank in home.sequence) for suit in home.suits or ())
    won = State(tableau=((),) * 6, foundations=piles)
    assert list(legal_moves(rules, won)) == []
    assert not is_legal(rules, won, Move.from_str("f0>t0"))
