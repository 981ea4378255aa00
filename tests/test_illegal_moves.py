"""Bad input raises a typed error a person can read, and never changes the game."""

from __future__ import annotations

import pytest
from helpers import table

from solitaire import (
    DealNumberError,
    Game,
    IllegalMoveError,
    Layout,
    NotationError,
    SolitaireError,
    UnknownGameError,
    get_rules,
)
from solitaire.engine.deal import MAX_DEAL
from solitaire.engine.moves import check, is_legal
from solitaire.engine.state import Move, Pile


def unchanged(game: Game, move: Move | str, error: type[Exception], says: str) -> None:
    """Pushing ``move`` raises ``error`` saying ``says``, and the game stays as it was."""
    state, moves, redo = game.state, list(game.moves), game.can_redo
    with pytest.raises(error, match=says):
        game.push(move)
    assert game.state == state
    assert game.moves == moves
    assert game.can_redo == redo


def test_a_move_to_a_pile_the_game_lacks_is_refused() -> None:
    unchanged(Game.deal("streets", 1), "t3>t99", IllegalMoveError, "Streets has no pile t99")


@pytest.mark.parametrize(
    ("game", "move", "says"),
    [
        ("streets", "c0>t1", "Streets has no pile c0"),
        ("stronghold", "w>t1", "Stronghold has no pile w"),
        ("fours-up", "t6>t1", "Fours Up has no pile t6"),
        ("stronghold", "t1>f4", "Stronghold has no pile f4"),
    ],
)
def test_a_pile_the_game_lacks_is_named_in_the_refusal(game: str, move: str, says: str) -> None:
    unchanged(Game.deal(game, 1), move, IllegalMoveError, says)


def test_text_that_is_not_a_move_is_refused() -> None:
    unchanged(Game.deal("streets", 1), "ZZ", NotationError, "is not a move")


def test_an_illegal_build_is_refused_saying_why() -> None:
    game = Game(Layout("streets", None, table("streets", t=["9H", "TH"])))
    unchanged(game, "t0>t1", IllegalMoveError, "9H does not build on TH: Streets builds down by")


def test_a_move_from_an_empty_pile_is_refused() -> None:
    game = Game(Layout("streets", None, table("streets", t=["9H", ""])))
    unchanged(game, "t1>t0", IllegalMoveError, "t1 is empty")


def test_a_run_longer_than_the_pile_is_refused() -> None:
    game = Game(Layout("fours-up", None, table("fours-up", t=["9H 8C", ""])))
    unchanged(game, "t0>t1:3", IllegalMoveError, "t0 has only 2 card")


def test_a_card_that_no_foundation_takes_is_refused() -> None:
    game = Game(Layout("stronghold", None, table("stronghold", t=["2H"])))
    unchanged(game, "t0>f", IllegalMoveError, "no foundation takes 2H")
    unchanged(game, "t0>f1", IllegalMoveError, "f1 does not take 2H")


def test_a_full_free_cell_is_refused() -> None:
    game = Game(Layout("stronghold", None, table("stronghold", t=["2H"], c=["9S"])))
    unchanged(game, "t0>c0", IllegalMoveError, "the free cell c0 is full")
    unchanged(game, "c0>c0", IllegalMoveError, "its own pile")


@pytest.mark.parametrize("count", [0, -1, -5])
def test_a_move_of_no_cards_or_fewer_is_refused(count: int) -> None:
    # Count 0 once slid the whole pile; a negative count crashed with an IndexError.
    state = table("stronghold", t=["9C 5D 7H", "TH"])
    move = Move(Pile("t", 0), Pile("t", 1), count)
    with pytest.raises(IllegalMoveError, match="at least one card"):
        check(get_rules("stronghold"), state, move)
    unchanged(Game(Layout("stronghold", None, state)), move, IllegalMoveError, "at least one")


@pytest.mark.parametrize(
    "move",
    [Move(Pile("s"), Pile("t", 0), 1), Move(Pile("s"), Pile("s"), 3), Move(Pile("s"), Pile("w"))],
)
def test_the_stock_only_deals(move: Move) -> None:
    state = table("streets", t=["9C"], stock="5D")
    assert not is_legal(get_rules("streets"), state, move)
    unchanged(Game(Layout("streets", None, state)), move, IllegalMoveError, "only deals")


def test_a_pile_of_an_unknown_kind_is_refused_not_crashed_on() -> None:
    state = table("streets", t=["9C"], stock="5D")
    assert not is_legal(get_rules("streets"), state, Move(Pile("x", 0), Pile("t", 0)))
    assert not is_legal(get_rules("streets"), state, Move(Pile("t", 0), Pile("q", 0)))


def test_undo_with_nothing_to_undo_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="no move to undo"):
        Game.deal("streets", 1).pop()


def test_redo_with_nothing_to_redo_is_refused() -> None:
    with pytest.raises(IllegalMoveError, match="no move to redo"):
        Game.deal("streets", 1).redo()


def test_a_failed_push_keeps_the_redo_line() -> None:
    game = Game.deal("streets", 1)
    game.push("s")
    game.pop()
    unchanged(game, "t0>t99", IllegalMoveError, "no pile")
    assert str(game.redo()) == "s"


def test_replay_names_the_first_bad_move() -> None:
    with pytest.raises(IllegalMoveError, match=r"move 3 \(t0>t99\)"):
        Game.replay(Layout.dealt("streets", 1), ["s", "s", "t0>t99"])


def test_an_unknown_game_is_refused_naming_the_games() -> None:
    with pytest.raises(
        UnknownGameError, match="there is no game 'klondike'; the games are streets"
    ):
        Game.deal("klondike", 1)


@pytest.mark.parametrize("number", [0, -3, 2**31, MAX_DEAL + 10])
def test_a_deal_number_out_of_range_is_refused(number: int) -> None:
    with pytest.raises(DealNumberError, match="deal numbers run from 1 to 2147483647"):
        Game.deal("streets", number)


def test_the_ends_of_the_deal_range_are_dealt() -> None:
    assert Game.deal("streets", 1).state != Game.deal("streets", MAX_DEAL).state


@pytest.mark.parametrize(
    "error", [NotationError, UnknownGameError, IllegalMoveError, DealNumberError]
)
def test_every_error_is_a_value_error(error: type[Exception]) -> None:
    assert issubclass(error, SolitaireError)
    assert issubclass(error, ValueError)
