"""Where a clicked card goes: SPEC's order for each game, piles counted from t0."""

from __future__ import annotations

import pytest
from helpers import table

from solitaire import Game, Layout
from solitaire.engine.clicks import click_move
from solitaire.engine.games import get_rules
from solitaire.engine.state import Pile, State


def click(game: str, state: State, pile: str, index: int | None = None) -> str | None:
    """The move a click makes, as text, or None; the click must also leave ``state`` as it was."""
    move = click_move(get_rules(game), state, Pile.from_str(pile), index)
    return None if move is None else str(move)


WASTE_GAMES = ["streets", "fours-up"]
ONE_CARD_FIRST = ["streets", "blockade", "fours-up"]
CELL_GAMES = ["stronghold", "streets-and-alleys"]


@pytest.mark.parametrize("game", ONE_CARD_FIRST + CELL_GAMES)
def test_a_card_goes_home_before_anywhere_else(game: str) -> None:
    home, onto = ("5C", "6D") if game == "fours-up" else ("AC", "2D")
    state = table(game, t=[onto, "", "KS", f"KS {home}"])
    assert click(game, state, "t3") == "t3>f0"


def test_a_card_goes_to_the_first_foundation_that_takes_it() -> None:
    state = table("streets", t=["KS", "5C"], f=["3C", "", "", "", "4C"])
    assert click("streets", state, "t1") == "t1>f4"
    state = table("streets", t=["KS", "AH"], f=["3C"])
    assert click("streets", state, "t1") == "t1>f1"


@pytest.mark.parametrize(
    ("game", "card", "fits"),
    [
        ("streets", "9C", ["TH", "TD"]),
        ("blockade", "9H", ["TH", "TH"]),
        ("fours-up", "9C", ["TD", "TS"]),
        ("stronghold", "9C", ["TC", "TS"]),
        ("streets-and-alleys", "9C", ["TC", "TS"]),
    ],
)
def test_else_it_goes_onto_the_first_pile_it_builds_on_counting_from_t0(
    game: str, card: str, fits: list[str]
) -> None:
    state = table(game, t=["KS", "", fits[0], "KS", fits[1], f"KS {card}"])
    assert click(game, state, "t5") == "t5>t2"


@pytest.mark.parametrize("game", ONE_CARD_FIRST)
def test_else_it_goes_to_the_first_empty_pile(game: str) -> None:
    state = table(game, t=["KS", "KS", "", "KS", "", "KS 9C"])
    assert click(game, state, "t5") == "t5>t2"


@pytest.mark.parametrize("game", CELL_GAMES)
def test_stronghold_tries_the_free_cell_before_an_empty_pile(game: str) -> None:
    state = table(game, t=["KS", "KS", "", "KS", "KS", "KS 9C", "KS", "KS"])
    expected = "t5>c0" if get_rules(game).cells else "t5>t2"
    assert click(game, state, "t5") == expected


def test_stronghold_goes_to_an_empty_pile_when_the_cell_is_full() -> None:
    state = table("stronghold", t=["KS", "KS", "", "KS", "KS", "KS 9C", "KS", "KS"], c=["QD"])
    assert click("stronghold", state, "t5") == "t5>t2"


def test_a_card_from_the_free_cell_goes_home_then_onto_a_pile_then_to_an_empty_pile() -> None:
    piles = ["KS", "KS", "", "KS", "KS", "KS", "KS", "KS"]
    assert click("stronghold", table("stronghold", t=piles, c=["AD"]), "c0") == "c0>f0"
    piles[3] = "TD"
    assert click("stronghold", table("stronghold", t=piles, c=["9D"]), "c0") == "c0>t3"
    piles[3] = "KS"
    assert click("stronghold", table("stronghold", t=piles, c=["9D"]), "c0") == "c0>t2"


def test_a_card_alone_on_its_pile_is_not_sent_to_another_empty_pile() -> None:
    state = table("streets", t=["9C", "", "KS", "KS"])
    assert click("streets", state, "t0") is None


def test_the_waste_top_is_clicked_like_a_pile_top() -> None:
    state = table("streets", t=["KS", "", "TD"], waste="AD 9C")
    assert click("streets", state, "w") == "w>t2"
    state = table("streets", t=["KS", "KS"], waste="9C AD")
    assert click("streets", state, "w") == "w>f0"
    state = table("streets", t=["KS", "", "KS"], waste="AD 9C")
    assert click("streets", state, "w") == "w>t1"


def test_a_card_clicked_inside_a_blockade_pile_takes_the_cards_above_along() -> None:
    state = table("blockade", t=["KS 9H 8H 7H", "KD", "TH", ""])
    assert click("blockade", state, "t0", 1) == "t0>t2:3"


def test_a_blockade_run_with_no_pile_to_go_to_takes_an_empty_pile() -> None:
    state = table("blockade", t=["KS 9H 8H 7H", "KD", "TD", "", "KD"])
    assert click("blockade", state, "t0", 1) == "t0>t3:3"


def test_a_blockade_click_under_cards_that_are_not_a_run_does_nothing() -> None:
    state = table("blockade", t=["KS 9H 8C 7H", "TH", ""])
    assert click("blockade", state, "t0", 1) is None


def test_a_run_never_goes_home() -> None:
    state = table("blockade", t=["KS 2H AH", "KD", "", "KC"])
    assert click("blockade", state, "t0", 1) == "t0>t2:2"


def test_a_fours_up_run_goes_onto_the_first_pile_else_an_empty_pile() -> None:
    state = table("fours-up", t=["KS 8D 7C 6H", "KD", "9S", "", "9H", "KC"])
    assert click("fours-up", state, "t0", 1) == "t0>t2:3"
    state = table("fours-up", t=["KS 8D 7C 6H", "KD", "", "KC", "KC", "KC"])
    assert click("fours-up", state, "t0", 1) == "t0>t2:3"


def test_a_fours_up_foundation_card_goes_onto_the_first_pile_it_builds_on() -> None:
    state = table("fours-up", t=["KS", "", "7D", "7H"], f=["6C"])
    assert click("fours-up", state, "f0") == "f0>t2"


def test_a_fours_up_foundation_card_never_goes_to_an_empty_pile_by_click() -> None:
    state = table("fours-up", t=["KS", "", "9D", "KH", "KH", "KH"], f=["6C"])
    assert click("fours-up", state, "f0") is None


def test_a_fours_up_base_four_does_nothing_when_clicked() -> None:
    state = table("fours-up", t=["5H", ""])
    assert click("fours-up", state, "f0") is None


@pytest.mark.parametrize("game", CELL_GAMES)
def test_a_stronghold_run_goes_onto_a_pile(game: str) -> None:
    state = table(game, t=["KS 8D 7C", "KD", "", "9S", "KC", "KC", "KC", "KC"])
    assert click(game, state, "t0", 1) == "t0>t3:2"


@pytest.mark.parametrize("game", CELL_GAMES)
def test_a_stronghold_run_never_goes_to_an_empty_pile(game: str) -> None:
    state = table(game, t=["KS 8D 7C", "KD", "", "", "KC", "KC", "KC", "KC"])
    assert click(game, state, "t0", 1) is None


def test_a_stronghold_run_over_the_limit_does_not_move() -> None:
    state = table("stronghold", t=["KS 8D 7C 6H", "9D", "KC", "KC", "KC", "KC", "KC", "KC"])
    assert click("stronghold", state, "t0", 1) is None
    assert click("stronghold", state, "t0", 2) is None  # 7C 6H builds on nothing
    state = table("stronghold", t=["KS 8D 7C 6H", "8S", "KC", "KC", "KC", "KC", "KC", "KC"])
    assert click("stronghold", state, "t0", 2) == "t0>t1:2"


def test_a_click_inside_a_one_card_game_pile_does_nothing() -> None:
    state = table("streets", t=["KS TH 9C", "JC", ""])
    assert click("streets", state, "t0", 1) is None


@pytest.mark.parametrize("game", [*WASTE_GAMES, "blockade"])
def test_clicking_the_stock_deals_while_it_has_cards(game: str) -> None:
    assert click(game, table(game, t=["KS"], stock="5D"), "s") == "s"
    assert click(game, table(game, t=["KS"]), "s") is None


@pytest.mark.parametrize(
    ("pile", "index"), [("t1", None), ("t0", 5), ("t0", -1), ("w", None), ("c0", None)]
)
def test_a_click_on_nothing_does_nothing(pile: str, index: int | None) -> None:
    state = table("stronghold", t=["KS 9C"])
    assert click("stronghold", state, pile, index) is None


def test_a_card_with_nowhere_to_go_does_nothing_and_changes_nothing() -> None:
    start = table("streets", t=["KS", "KS 9C", "KD"] + ["KC"] * 7)
    game = Game(Layout("streets", None, start))
    assert game.click("t1") is None
    assert game.state == start
    assert game.moves == []


def test_game_click_plays_the_move_and_records_it() -> None:
    game = Game(Layout("stronghold", None, table("stronghold", t=["KS", "TD", "KS 9C"])))
    assert str(game.click("t2")) == "t2>t1"
    assert [str(move) for move in game.moves] == ["t2>t1"]
