"""The table draws and plays any declared game from the game object's facts and clicks
map: Forty Thieves, which the site does not offer, served by a copy of the site configured
for this test (``SOLITAIRE_EXTRA_GAMES``) and played by clicks, drags and the stock.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from served_site import guest_page, served_site
from tablepage import (
    assert_shows,
    click,
    drag,
    open_deal,
    parse_move,
    piles,
    server_game,
    wait_idle,
)

GAME = "forty-thieves"


@pytest.fixture(scope="module")
def extra_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The site serving Forty Thieves as well as the featured games."""
    with served_site(tmp_path_factory.mktemp("extra-site"), {"SOLITAIRE_EXTRA_GAMES": GAME}) as url:
        yield url


@pytest.fixture
def extra_page(browser: Any, extra_site: str) -> Iterator[Any]:
    """A laptop-sized page of a new guest on that site; script errors fail the test."""
    with guest_page(browser, extra_site) as page:
        yield page


def tableau_click(game: dict[str, Any]) -> tuple[str, int, str]:
    """A card on a tableau pile that a click moves: (pile, index, move), from the server."""
    for name, targets in game["clicks"].items():
        if name.startswith("t"):
            index, move = next(iter(targets.items()))
            return name, int(index), move
    raise AssertionError(f"no tableau card moves on a click: {game['clicks']}")


def click_moves(game: dict[str, Any]) -> set[str]:
    """Every move a click makes now, from the server's clicks map."""
    found = set()
    for name, targets in game["clicks"].items():
        found |= {"s"} if name == "s" else set(targets.values())
    return found


@pytest.mark.long
def test_forty_thieves_is_played_by_click_drag_and_stock(extra_page: Any) -> None:
    page = extra_page
    open_deal(page, GAME, 1)
    assert page.get_attribute("#table", "data-game") == GAME
    start = server_game(page)
    assert start["table"]["waste"] and start["table"]["stock_deals_to"] == "waste"
    # The facts give the game a waste before any card is turned.
    assert piles(page)["w"] == [] and len(piles(page)["s"]) == 64

    name, index, clicked = tableau_click(start)
    click(page, name, index)
    wait_idle(page)
    after_click = server_game(page)
    assert after_click["moves"] == [clicked]

    # A drag to a place the click would not choose, where there is one.
    moves = [m for m in after_click["legal"] if m[0] == "t" and ">" in m]
    dragged = next((m for m in moves if m not in click_moves(after_click)), moves[0])
    src, dst, count = parse_move(dragged)
    drag(page, src, count, dst)
    assert server_game(page)["moves"] == [clicked, dragged]

    turned = server_game(page)["layout"]["stock"][-1]
    click(page, "s")
    wait_idle(page)
    game = server_game(page)
    assert game["moves"] == [clicked, dragged, "s"]
    assert game["layout"]["waste"] == [turned]
    assert piles(page)["w"] == [turned]
    assert_shows(page, game["layout"])


def test_forty_thieves_has_a_rules_page_and_is_listed(extra_page: Any) -> None:
    page = extra_page
    page.goto(f"/rules/{GAME}/")
    assert "How to play Forty Thieves" in page.locator("h1").inner_text()
    page.goto("/")
    assert page.locator(f'a[href="/play/{GAME}/"]').count() >= 1
