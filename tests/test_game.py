"""A game in play: the win, undo and redo, replay, and the layout it shows."""

from __future__ import annotations

import pytest
from helpers import table

from solitaire import Game, Layout

LAST_CARD = {
    "stronghold": (["KC"], ["QC", "KD", "KH", "KS"]),
    "streets-and-alleys": (["KC"], ["QC", "KD", "KH", "KS"]),
    "streets": (["KC"], ["QC", "KD", "KH", "KS", "KC", "KD", "KH", "KS"]),
    "blockade": (["KC"], ["QC", "KD", "KH", "KS", "KC", "KD", "KH", "KS"]),
    "fours-up": (["3C"], ["2C", "3D", "3H", "3S", "3C", "3D", "3H", "3S"]),
    "forty-thieves": (["KC"], ["QC", "KD", "KH", "KS", "KC", "KD", "KH", "KS"]),
}


@pytest.mark.parametrize(("game", "position"), LAST_CARD.items())
def test_the_game_is_won_when_every_card_is_home(
    game: str, position: tuple[list[str], list[str]]
) -> None:
    piles, tops = position
    g = Game(Layout(game, None, table(game, t=piles, f=tops)))
    Layout.from_json(g.layout.to_json())  # a complete table
    assert g.status == "playing"
    assert str(g.push("t0>f")) == "t0>f0"
    assert g.status == "won"
    # Once won, nothing moves, not even Fours Up's foundation cards.
    assert list(g.legal_moves()) == []
    g.pop()
    assert g.status == "playing"


def test_the_last_card_home_by_click_wins() -> None:
    g = Game(Layout("stronghold", None, table("stronghold", c=["KC"], f=["QC", "KD", "KH", "KS"])))
    assert str(g.click("c0")) == "c0>f0"
    assert g.status == "won"


def test_replay_reaches_the_same_game() -> None:
    g = Game.deal("streets", 1)
    for move in ("t6>f0", "t9>t0", "s", "s"):
        g.push(move)
    again = Game.replay(Layout.dealt("streets", 1), g.moves)
    assert again.state == g.state
    assert again.moves == g.moves


def test_moves_are_recorded_in_output_notation() -> None:
    g = Game.deal("streets", 1)
    assert str(g.push("t6>f")) == "t6>f0"
    assert [str(move) for move in g.moves] == ["t6>f0"]


def test_the_layout_of_a_game_keeps_its_deal_number() -> None:
    g = Game.deal("blockade", 7)
    g.push("s")
    layout = g.layout
    assert layout.deal == 7
    assert layout.state == g.state
    assert Layout.from_json(layout.to_json()) == layout


def test_a_new_move_after_undo_drops_the_redo_line() -> None:
    g = Game.deal("streets", 1)
    g.push("s")
    g.pop()
    assert g.can_redo
    g.push("t6>f0")
    assert not g.can_redo


def test_is_legal_reads_text_and_moves() -> None:
    g = Game.deal("streets", 1)
    assert g.is_legal("t9>t0")
    assert not g.is_legal("t0>t9")
    assert not g.is_legal("t0>t99")
