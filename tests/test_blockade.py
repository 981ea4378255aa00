"""Blockade's stock: a card onto every pile, the short last deal, the refill of emptied piles."""

from __future__ import annotations

import pytest
from helpers import cards, table

from solitaire import Game, IllegalMoveError, Layout
from solitaire.engine.state import State

FILLER = ["KC", "KD", "KS", "KS", "QC", "QD", "QS", "JC", "JD", "JS", "TC"]


def game_at(state: State) -> Game:
    return Game(Layout("blockade", None, state))


def test_the_stock_deals_one_card_onto_every_pile_t0_first() -> None:
    game = Game.deal("blockade", 7)
    before = game.state
    assert len(before.stock) == 92
    assert game.push("s").is_deal
    after = game.state
    for i in range(12):
        assert after.tableau[i] == (*before.tableau[i], before.stock[-1 - i])
    assert after.stock == before.stock[:-12]


def test_the_last_deal_covers_t0_to_t7_and_then_the_stock_is_spent() -> None:
    game = Game.deal("blockade", 7)
    for _ in range(7):
        game.push("s")
    before = game.state
    assert len(before.stock) == 8
    game.push("s")
    after = game.state
    assert after.stock == ()
    assert [len(pile) for pile in after.tableau] == [9] * 8 + [8] * 4
    for i in range(8):
        assert after.tableau[i][-1] == before.stock[-1 - i]
    assert after.tableau[8:] == before.tableau[8:]
    with pytest.raises(IllegalMoveError, match="never dealt again"):
        game.push("s")
    assert "s" not in [str(move) for move in game.legal_moves()]


def test_an_emptied_pile_is_refilled_from_the_stock_as_part_of_the_move() -> None:
    game = game_at(table("blockade", t=["AH", *FILLER], stock="9D 8S"))
    assert str(game.push("t0>f")) == "t0>f0"
    assert [str(move) for move in game.moves] == ["t0>f0"]
    assert game.state.tableau[0] == cards("8S")
    assert game.state.stock == cards("9D")
    assert game.state.foundations[0] == cards("AH")


def test_a_run_that_empties_a_pile_brings_the_refill_too() -> None:
    game = game_at(table("blockade", t=["5H 4H", "6H", *FILLER[1:]], stock="9D 8S"))
    game.push("t0>t1:2")
    assert game.state.tableau[0] == cards("8S")
    assert game.state.tableau[1] == cards("6H 5H 4H")


def test_undo_takes_the_refill_back_to_the_stock() -> None:
    start = table("blockade", t=["AH", *FILLER], stock="9D 8S")
    game = game_at(start)
    game.push("t0>f0")
    game.pop()
    assert game.state == start


def test_no_refill_once_the_stock_is_empty() -> None:
    game = game_at(table("blockade", t=["AH", *FILLER]))
    game.push("t0>f0")
    assert game.state.tableau[0] == ()


def test_a_pile_emptied_by_the_last_card_of_the_stock_is_refilled_and_the_next_is_not() -> None:
    game = game_at(table("blockade", t=["AH", "2H", *FILLER[1:]], stock="8S"))
    game.push("t0>f0")
    assert game.state.tableau[0] == cards("8S")
    game.push("t1>f0")
    assert game.state.tableau[1] == ()


def test_undo_and_redo_of_deals() -> None:
    game = Game.deal("blockade", 3)
    states = [game.state]
    for _ in range(8):
        game.push("s")
        states.append(game.state)
    for expected in reversed(states[:-1]):
        game.pop()
        assert game.state == expected
    for expected in states[1:]:
        game.redo()
        assert game.state == expected
