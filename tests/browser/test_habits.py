"""A player's habits from the solitaire sites they know: a double-click or a double-tap on a
card is one intention. It sends the card home where it can go (else where a click sends
it), and never plays the card that the first press uncovered."""

from __future__ import annotations

from typing import Any

from tablepage import (
    PHONE,
    Touch,
    card_point,
    open_deal,
    piles,
    server_game,
    set_settings,
    wait_idle,
)

# Streets and Alleys deal 21: pile 1 ends with the J♣ under the A♠. A click sends the A♠
# home; a second click on the J♣ would send it to pile 9.
GAME, DEAL, PILE = "streets", 21, "t0"


def _ace_on_top(page: Any) -> tuple[float, float]:
    open_deal(page, GAME, DEAL)
    assert piles(page)[PILE][-2:] == ["JC", "AS"], piles(page)[PILE]
    return card_point(page, PILE, None)


def _double_tap(page: Any, x: float, y: float) -> None:
    finger = Touch(page)
    for _ in range(2):
        finger._send("touchStart", x, y)
        finger._send("touchEnd")


def test_a_double_click_sends_the_card_home_and_nothing_else(page: Any) -> None:
    x, y = _ace_on_top(page)
    page.mouse.dblclick(x, y)
    wait_idle(page)
    page.wait_for_timeout(300)  # a second move, were there one, would be on its way now
    wait_idle(page)
    assert server_game(page)["moves"] == ["t0>f0"]
    assert piles(page)[PILE][-1] == "JC"


def test_a_double_tap_on_a_phone_is_one_move(make_page: Any) -> None:
    page = make_page(PHONE, has_touch=True, is_mobile=True)
    x, y = _ace_on_top(page)
    _double_tap(page, x, y)
    wait_idle(page)
    page.wait_for_timeout(300)
    wait_idle(page)
    assert server_game(page)["moves"] == ["t0>f0"]


def test_without_autoplay_a_double_click_still_sends_the_card_home(page: Any) -> None:
    x, y = _ace_on_top(page)
    set_settings(page, autoplay=False)
    page.mouse.dblclick(x, y)
    wait_idle(page)
    assert server_game(page)["moves"] == ["t0>f0"]
    assert not page.locator("#table .card.selected").count()


def test_two_separate_clicks_still_make_two_moves(page: Any) -> None:
    x, y = _ace_on_top(page)
    page.mouse.click(x, y)
    wait_idle(page)
    page.mouse.click(*card_point(page, PILE, None))
    wait_idle(page)
    assert server_game(page)["moves"][0] == "t0>f0"
    assert len(server_game(page)["moves"]) == 2
