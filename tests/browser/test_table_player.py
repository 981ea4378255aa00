"""The table as a fast player meets it (issue 16): clicks on the stock in quick succession,
drags made while cards are still flying, and the table after a win. Each test drives the page
with the mouse and checks the server's own copy of the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from tablepage import click, open_deal, pile_point, server_game, wait_idle

# Where the table lays a pile's top card out (not where an animation shows it on its way):
# the point a player aims at.
LAID_OUT = """(name) => {
  const pile = document.querySelector(`#table [data-pile="${name}"]`);
  const r = pile.getBoundingClientRect();
  const card = pile.lastElementChild;
  if (!card) return [r.left + r.width / 2, r.top + 20];
  return [r.left + card.offsetLeft + card.offsetWidth / 2, r.top + card.offsetTop + 12];
}"""


def quick_drag(page: Any, src: str, dst: str) -> None:
    """Drag the top card of ``src`` onto ``dst`` at once, aiming at laid-out places, and
    without waiting for anything to settle."""
    x, y = page.evaluate(LAID_OUT, src)
    tx, ty = page.evaluate(LAID_OUT, dst)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 8, y + 8)
    page.mouse.move(tx, ty, steps=2)
    page.mouse.up()


@pytest.mark.parametrize("game", ["fours-up", "streets"])
def test_ten_fast_clicks_on_the_stock_are_ten_deals(page: Any, game: str) -> None:
    open_deal(page, game, 3)
    stock = len(server_game(page)["layout"]["stock"])
    x, y = pile_point(page, "s")
    for _ in range(10):
        page.mouse.click(x, y)
    wait_idle(page)
    after = server_game(page)
    assert after["moves"] == ["s"] * 10
    assert len(after["layout"]["stock"]) == stock - 10
    assert len(after["layout"]["waste"]) == 10


class Held:
    """Holds the server's answers to moves until :meth:`release`: the moves made meanwhile
    are made while the table still waits and its cards still fly."""

    def __init__(self, page: Any) -> None:
        self.routes: list[Any] = []
        self.holding = False
        page.route("**/api/games/*/moves", self.handle)

    def handle(self, route: Any) -> None:
        if self.holding:
            self.routes.append(route)
        else:
            route.continue_()

    def release(self) -> None:
        self.holding = False
        for route in self.routes:
            route.continue_()
        self.routes.clear()


def test_a_drag_right_after_a_refill_acts_on_the_servers_position(page: Any) -> None:
    open_deal(page, "blockade", 4)
    held = Held(page)
    for move in ["t7>f0", "t0>t8"]:
        quick_drag(page, *move.split(">"))
    held.holding = True
    quick_drag(page, "t7", "t4")  # empties t7, which the stock refills with the 4H
    page.wait_for_function("() => window.solitaireTable.pending > 0")
    quick_drag(page, "t7", "t6")  # while t7>t4 waits for its answer
    held.release()
    wait_idle(page)
    game = server_game(page)
    assert game["moves"] == ["t7>f0", "t0>t8", "t7>t4", "t7>t6"]
    assert game["layout"]["tableau"][6] == ["5H", "4H"]


def test_a_click_queued_behind_moves_uses_the_position_they_leave(page: Any) -> None:
    open_deal(page, "blockade", 4)
    quick_drag(page, "t7", "f0")
    click(page, "s")
    wait_idle(page)
    game = server_game(page)
    assert game["moves"] == ["t7>f0", "s"]
    assert all(len(pile) == 2 for pile in game["layout"]["tableau"])
