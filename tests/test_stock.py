"""The stock of Streets and Fours Up: one card at a time to the waste, once through."""

from __future__ import annotations

import pytest
from helpers import cards, legal, table

from solitaire import Game, IllegalMoveError, get_rules
from solitaire.engine.moves import check, play
from solitaire.engine.state import Move


@pytest.mark.parametrize("game", ["streets", "fours-up", "forty-thieves"])
def test_the_stock_turns_its_last_card_onto_the_waste(game: str) -> None:
    state = table(game, t=["KS"], stock="9C 8D")
    rules = get_rules(game)
    state = play(rules, state, Move.deal())
    assert state.stock == cards("9C")
    assert state.waste == cards("8D")


@pytest.mark.parametrize("game", ["streets", "fours-up"])
def test_the_stock_goes_through_once_with_no_redeal(game: str) -> None:
    g = Game.deal(game, 21)
    size = len(g.state.stock)
    for _ in range(size):
        g.push("s")
    assert g.state.stock == ()
    assert len(g.state.waste) == size
    assert g.state.waste == tuple(reversed(Game.deal(game, 21).state.stock))
    with pytest.raises(IllegalMoveError, match="never dealt again"):
        g.push("s")
    assert "s" not in [str(move) for move in g.legal_moves()]


@pytest.mark.parametrize("game", ["stronghold", "streets-and-alleys"])
def test_a_game_without_a_stock_refuses_to_deal(game: str) -> None:
    with pytest.raises(IllegalMoveError, match="has no stock"):
        Game.deal(game, 1).push("s")


def test_only_the_top_card_of_the_waste_is_in_play() -> None:
    state = table("streets", t=["TH", "9S", *["KS"] * 8], waste="9C 8D")
    moves = legal("streets", state)
    assert [move for move in moves if move.startswith("w")] == ["w>t1"]
    with pytest.raises(IllegalMoveError, match="does not build on"):
        check(get_rules("streets"), state, Move.from_str("w>t0"))


def test_the_waste_top_goes_home_onto_empty_piles_and_onto_piles() -> None:
    state = table("streets", t=["2D", "", "KS"], waste="AH")
    waste_moves = [move for move in legal("streets", state) if move.startswith("w")]
    assert waste_moves[:8] == [f"w>f{i}" for i in range(8)]
    assert "w>t0" not in waste_moves  # AH on 2D: both red
    assert "w>t1" in waste_moves


def test_nothing_goes_onto_the_waste_or_the_stock() -> None:
    state = table("streets", t=["9C"], stock="5D", waste="TH")
    rules = get_rules("streets")
    with pytest.raises(IllegalMoveError, match="no card can be put on w"):
        check(rules, state, Move.from_str("t0>w"))
    with pytest.raises(IllegalMoveError):
        check(rules, state, Move(Move.from_str("t0>w").src, Move.deal().src))


def test_an_empty_waste_gives_nothing() -> None:
    state = table("streets", t=["9C"], stock="5D")
    with pytest.raises(IllegalMoveError, match="w is empty"):
        check(get_rules("streets"), state, Move.from_str("w>t0"))


def test_undo_and_redo_of_stock_turns() -> None:
    game = Game.deal("streets", 4)
    states = [game.state]
    for _ in range(5):
        game.push("s")
        states.append(game.state)
    for expected in reversed(states[:-1]):
        game.pop()
        assert game.state == expected
    assert game.can_redo
    for expected in states[1:]:
        game.redo()
        assert game.state == expected
    assert not game.can_redo
