"""Layout JSON: every key present, round trips, and a bad layout refused with a reason."""

from __future__ import annotations

import json
from typing import Any

import pytest
from helpers import table

from solitaire import GAMES, Layout, LayoutError
from solitaire.engine.deal import MAX_DEAL
from solitaire.engine.layout import KEYS


def dealt(game: str, number: int = 1) -> dict[str, Any]:
    return Layout.dealt(game, number).to_dict()


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_dealt_layout_round_trips_through_json(game: str) -> None:
    layout = Layout.dealt(game, 5)
    text = layout.to_json()
    assert Layout.from_json(text) == layout
    assert Layout.from_json(text).to_json() == text


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_key_is_always_present(game: str) -> None:
    data = json.loads(Layout.dealt(game, 5).to_json())
    assert list(data) == list(KEYS)


def test_it_writes_the_spec_shape_for_streets() -> None:
    data = dealt("streets", 17)
    assert data["game"] == "streets"
    assert data["deal"] == 17
    assert [len(pile) for pile in data["tableau"]] == [4] * 10
    assert data["foundations"] == [[]] * 8
    assert data["cells"] == []
    assert len(data["stock"]) == 64
    assert data["waste"] == []


def test_an_empty_free_cell_is_null() -> None:
    assert dealt("stronghold")["cells"] == [None]
    assert dealt("streets-and-alleys")["cells"] == []


def test_fours_up_foundations_hold_their_fours() -> None:
    assert dealt("fours-up")["foundations"] == [[f"4{suit}"] for suit in "CDHSCDHS"]


def test_a_layout_not_dealt_by_number_has_a_null_deal() -> None:
    data = dealt("stronghold")
    data["deal"] = None
    layout = Layout.from_dict(data)
    assert layout.deal is None
    assert json.loads(layout.to_json())["deal"] is None


def test_a_layout_in_play_round_trips() -> None:
    data = dealt("stronghold")
    data["cells"] = [data["tableau"][0].pop()]
    layout = Layout.from_dict(data)
    assert layout.state.cells[0] is not None
    assert Layout.from_json(layout.to_json()) == layout


def test_a_hand_made_winning_table_reads() -> None:
    state = table("stronghold", f=["KC", "KD", "KH", "KS"], c=[None])
    layout = Layout("stronghold", None, state)
    assert Layout.from_json(layout.to_json()) == layout


def test_it_refuses_a_layout_with_53_cards() -> None:
    data = dealt("stronghold")
    data["tableau"][0].append("AC")
    with pytest.raises(LayoutError, match="52 cards; the layout has 53; too many of AC"):
        Layout.from_dict(data)


def test_it_refuses_a_layout_missing_a_card() -> None:
    data = dealt("streets")
    lost = data["stock"].pop()
    with pytest.raises(LayoutError, match=f"missing {lost}"):
        Layout.from_dict(data)


def test_it_refuses_an_unknown_game() -> None:
    data = dealt("streets")
    data["game"] = "klondike"
    with pytest.raises(LayoutError, match="there is no game 'klondike'"):
        Layout.from_dict(data)


@pytest.mark.parametrize("number", [0, -1, MAX_DEAL + 1, 2**31, "7", True, 1.5])
def test_it_refuses_a_deal_number_out_of_range(number: object) -> None:
    data = dealt("streets")
    data["deal"] = number
    with pytest.raises(LayoutError, match="deal numbers run from 1 to 2147483647"):
        Layout.from_dict(data)


@pytest.mark.parametrize("key", KEYS)
def test_it_refuses_a_layout_missing_a_key(key: str) -> None:
    data = dealt("streets")
    del data[key]
    with pytest.raises(LayoutError, match=f"lacks {key}"):
        Layout.from_dict(data)


@pytest.mark.parametrize("text", ["", "{", "[]", "null", '"streets"'])
def test_it_refuses_text_that_is_not_a_layout_object(text: str) -> None:
    with pytest.raises(LayoutError):
        Layout.from_json(text)


def test_it_refuses_a_bad_card_name_saying_where_it_is() -> None:
    data = dealt("streets")
    data["tableau"][3][0] = "ZZ"
    with pytest.raises(LayoutError, match="tableau pile 3: 'ZZ' is not a card"):
        Layout.from_dict(data)


def test_it_refuses_the_wrong_number_of_piles() -> None:
    data = dealt("streets")
    data["tableau"].append([])
    with pytest.raises(LayoutError, match="streets has 10 tableau piles"):
        Layout.from_dict(data)


def test_it_refuses_cells_in_a_game_without_one() -> None:
    data = dealt("streets-and-alleys")
    data["cells"] = [None]
    with pytest.raises(LayoutError, match="cells must be a list of 0 entries"):
        Layout.from_dict(data)


def test_it_refuses_a_stock_in_a_game_without_one() -> None:
    data = dealt("stronghold")
    data["stock"] = [data["tableau"][0].pop()]
    with pytest.raises(LayoutError, match="Stronghold has no stock"):
        Layout.from_dict(data)


def test_it_refuses_a_waste_in_blockade() -> None:
    data = dealt("blockade")
    data["waste"] = [data["stock"].pop()]
    with pytest.raises(LayoutError, match="Blockade has no waste"):
        Layout.from_dict(data)


def test_it_refuses_an_empty_blockade_pile_while_the_stock_lasts() -> None:
    data = dealt("blockade")
    data["stock"].extend(data["tableau"][4])
    data["tableau"][4] = []
    with pytest.raises(LayoutError, match="refilled from the stock"):
        Layout.from_dict(data)


def test_it_refuses_a_foundation_out_of_order() -> None:
    data = dealt("streets-and-alleys")
    twos = [pile.pop() for pile in data["tableau"]]
    # Put every card of the table on t0 except AC and 3C, which go home in the wrong order.
    everything = [card for pile in data["tableau"] for card in pile] + twos
    everything.remove("AC")
    everything.remove("3C")
    data["tableau"] = [everything] + [[]] * 7
    data["foundations"] = [["AC", "3C"], [], [], []]
    with pytest.raises(LayoutError, match="f0 is out of order at 3C"):
        Layout.from_dict(data)


def test_it_refuses_a_fours_up_foundation_without_its_four() -> None:
    data = dealt("fours-up")
    data["stock"].extend(data["foundations"][2])
    data["foundations"][2] = []
    with pytest.raises(LayoutError, match="f2 always keeps its base card"):
        Layout.from_dict(data)


def test_it_refuses_a_fours_up_foundation_of_the_wrong_suit() -> None:
    data = dealt("fours-up")
    data["foundations"][0], data["foundations"][1] = data["foundations"][1], data["foundations"][0]
    with pytest.raises(LayoutError, match="f0 is out of order at 4D"):
        Layout.from_dict(data)
