"""The table as a fast player meets it (issue 16): clicks on the stock in quick succession,
drags made while cards are still flying, and the table after a win. Each test drives the page
with the mouse and checks the server's own copy of the game. The cards fly (the ``motion``
mark): these moves are made while they do.

Hint has time enough on the session's site (``served_site.serve`` gives it 30 s) for every
hint below, however busy the machine: the tests are about what the table does with Hint's
answer, not how fast the solver gives it.
"""

from __future__ import annotations

from typing import Any

import pytest
from tablepage import (
    PHONE,
    Touch,
    advance,
    click,
    drag,
    focus_pile,
    game_id,
    open_deal,
    parse_move,
    pile_point,
    server_game,
    set_settings,
    status,
    wait_idle,
    wait_planned,
)

from solitaire import Game
from solitaire.advice.hint import hint
from solitaire.deals.winnable import proved_deals

pytestmark = pytest.mark.motion

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


def test_ten_fast_taps_on_the_stock_of_a_phone_are_ten_deals(make_page: Any) -> None:
    page = make_page(PHONE, has_touch=True)
    open_deal(page, "fours-up", 3)
    finger = Touch(page)
    for _ in range(10):
        finger.tap("s")
    wait_idle(page)
    assert server_game(page)["moves"] == ["s"] * 10


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
    page.wait_for_function("() => document.querySelector('#table').dataset.busy === 'true'")
    quick_drag(page, "t7", "t6")  # while t7>t4 waits for its answer
    held.release()
    wait_idle(page)
    game = server_game(page)
    assert game["moves"] == ["t7>f0", "t0>t8", "t7>t4", "t7>t6"]
    assert game["layout"]["tableau"][6] == ["5H", "4H"]


def test_keys_pressed_while_a_move_waits_act_on_the_position_it_leaves(page: Any) -> None:
    open_deal(page, "blockade", 4)
    held = Held(page)
    held.holding = True
    quick_drag(page, "t7", "f0")
    page.wait_for_function("() => document.querySelector('#table').dataset.busy === 'true'")
    focus_pile(page, "t0")
    page.keyboard.press("Enter")
    focus_pile(page, "t8")
    page.keyboard.press("Enter")
    held.release()
    wait_idle(page)
    assert server_game(page)["moves"] == ["t7>f0", "t0>t8"]


def test_a_click_queued_behind_moves_uses_the_position_they_leave(page: Any) -> None:
    open_deal(page, "blockade", 4)
    quick_drag(page, "t7", "f0")
    click(page, "s")
    wait_idle(page)
    game = server_game(page)
    assert game["moves"] == ["t7>f0", "s"]
    assert all(len(pile) == 2 for pile in game["layout"]["tableau"])


# ---- a game that cannot be won any more (issue 16, points 3 and 4) -------------------------

BANNER = "#table [data-role=stuck]"
HINT_WAIT = 90_000  # ms: as long as the site's hint may think (30 s), with room to spare


def expected_undos(game: str, deal: int, moves: list[str]) -> int:
    """How many moves Hint says to take back, worked out here by the library itself."""
    engine = Game.deal(game, deal)
    for move in moves:
        engine.push(move)
    answer = hint(engine, 200_000, None)
    assert answer.result.value == "lost" and answer.undos, answer
    return answer.undos


def boxes_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and (a["y"] < b["y"] + b["height"] and b["y"] < a["y"] + a["height"])
    )


def stick_blockade(page: Any) -> tuple[int, int]:
    """Deal Blockade deal 4's whole stock, which leaves it stuck, and wait for the banner to
    give Hint's way back and for the cards to take their places around it: (the deals made,
    the moves Hint says to take back)."""
    open_deal(page, "blockade", 4)
    deals = len(server_game(page)["layout"]["stock"]) // 12 + 1
    for _ in range(deals):
        click(page, "s")
    wait_idle(page)
    assert status(page) == "stuck"
    undos = expected_undos("blockade", 4, ["s"] * deals)
    page.locator(BANNER, has_text=way_back(undos)).wait_for(timeout=HINT_WAIT)
    wait_planned(page)
    return deals, undos


def way_back(undos: int) -> str:
    return f"Undo {undos} moves to get back to a winnable position."


def covered_cards(page: Any) -> list[str | None]:
    """The cards the banner lies over, by their ``data-card``."""
    banner = page.locator(BANNER).bounding_box()
    return [
        card.get_attribute("data-card")
        for card in page.locator("#table [data-card]").all()
        if boxes_overlap(banner, card.bounding_box())
    ]


def test_a_stuck_game_says_why_and_takes_back_the_moves_that_lost_it(page: Any) -> None:
    deals, undos = stick_blockade(page)
    # Hint still answers on a stuck game, with the same way back.
    hint_button = page.locator('.toolbar [data-action="hint"]')
    assert hint_button.is_enabled()
    hint_button.click()
    wait_idle(page)
    assert way_back(undos) in page.locator(BANNER).inner_text()
    text = page.locator(BANNER).inner_text()
    assert "No card can reach a foundation any more" in text and "No more moves" not in text
    assert not covered_cards(page), "the banner covers a card"
    page.locator(f"{BANNER} [data-action=undo-back]", has_text=f"Undo {undos} moves").click()
    wait_idle(page)
    assert server_game(page)["moves"] == ["s"] * (deals - undos)
    assert status(page) == "playing"
    assert page.locator(BANNER).is_hidden()


THINKING_ANSWER = {"result": "unknown", "undos": None, "proved": False, "thinking": True}
"""What a busy site's Hint says at first: not proved in time, the solver thinking on."""


def test_the_way_back_comes_when_the_solver_proves_it_after_hints_time(page: Any) -> None:
    """On a busy site, Hint's answer to the stuck position is first "not proved, thinking
    on" (every POST here is made to say so, as a site whose solver had no time would): the
    banner then reads the solver's later answer and gives the way back. It once asked again
    at once, three times, got the same unproved answer, and gave up."""

    def say_thinking(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        real = route.fetch(timeout=HINT_WAIT)  # the site still thinks the position through
        route.fulfill(response=real, json={**real.json(), **THINKING_ANSWER})

    pattern = "**/api/games/*/hint"
    page.route(pattern, say_thinking)
    try:
        stick_blockade(page)
    finally:
        page.unroute(pattern)


def test_on_a_phone_the_stuck_banner_takes_its_room_below_the_cards(make_page: Any) -> None:
    """Once Hint's way back lengthens the banner, Blockade's two rows of piles reach under
    where it would lie over the felt, so it goes below the board, and no card is left under
    it (it once kept its offset from over the felt and covered the lower row's last cards)."""
    page = make_page(PHONE, has_touch=True, is_mobile=True)
    stick_blockade(page)
    covered = covered_cards(page)
    assert not covered, f"the banner covers {covered}"


# Streets and Alleys deal 15: won after these eight moves, lost after a ninth, t7>t3.
WON_AFTER = ["t2>f0", "t0>t2", "t6>t2", "t3>t2", "t4>t2", "t4>f1", "t5>t4", "t7>t1"]


def still_playing(game: str, deal: int, moves: list[str]) -> str:
    """A legal move after ``moves`` that leaves the game not stuck (lost, but playing on)."""
    engine = Game.deal(game, deal)
    for move in moves:
        engine.push(move)
    for move in list(engine.legal_moves()):
        engine.push(move)
        status_after = engine.status
        engine.pop()
        if status_after == "playing":
            return str(move)
    raise AssertionError("every move sticks the game")


def test_hint_on_a_lost_position_offers_the_way_back(page: Any) -> None:
    open_deal(page, "streets-and-alleys", 15)
    played = [*WON_AFTER, "t7>t3", "t1>t5"]
    advance(page, played)
    page.locator('.toolbar [data-action="hint"]').click()
    undos = expected_undos("streets-and-alleys", 15, played)
    assert undos == 2
    line = (
        "This position can't be won: our solver has proved it lost. "
        "Undo 2 moves to get back to a winnable position."
    )
    page.locator(BANNER, has_text=line).wait_for(timeout=HINT_WAIT)
    wait_planned(page)  # the banner below the board moves the cards a frame later
    # The next move makes the message stale: it goes.
    move = still_playing("streets-and-alleys", 15, played)
    src, dst, count = parse_move(move)
    drag(page, src, count, dst)
    assert page.locator(BANNER).is_hidden()
    played.append(move)
    page.locator('.toolbar [data-action="hint"]').click()
    page.locator(BANNER, has_text="Undo 3 moves").wait_for(timeout=HINT_WAIT)
    page.locator(f"{BANNER} [data-action=undo-back]").click()
    wait_idle(page)
    assert server_game(page)["moves"] == WON_AFTER
    assert page.locator(BANNER).is_hidden()


def test_a_hint_message_goes_with_the_next_move(page: Any) -> None:
    open_deal(page, "streets-and-alleys", 15)
    advance(page, WON_AFTER[:4])
    page.locator('.toolbar [data-action="hint"]').click()
    toast = page.locator("#table [data-role=toast]", has_text="can still be won")
    toast.wait_for()
    move = server_game(page)["legal"][0]
    src, dst, count = parse_move(move)
    drag(page, src, count, dst)
    assert server_game(page)["moves"] == [*WON_AFTER[:4], move]
    assert page.locator("#table [data-role=toast]").is_hidden()


# ---- after a win (issue 16, point 8) ---------------------------------------------------------


def test_after_a_win_only_new_deal_is_left(page: Any) -> None:
    proved = min(proved_deals("stronghold"), key=lambda p: len(p.solution))
    open_deal(page, "stronghold", proved.deal)
    set_settings(page, autocomplete=False)
    advance(page, list(proved.solution[:-1]))
    src, dst, count = parse_move(proved.solution[-1])
    drag(page, src, count, dst)
    assert status(page) == "won"
    won = server_game(page)
    page.locator('[data-role=win] [data-action="close"]').click()
    for action in ("undo", "redo", "restart", "hint"):
        assert page.locator(f'.toolbar [data-action="{action}"]').is_disabled(), action
    for key in ("u", "Control+z", "h", "Control+y"):
        page.keyboard.press(key)
    wait_idle(page)
    assert not page.locator("[data-role=win]").evaluate("(dialog) => dialog.open")
    assert server_game(page)["version"] == won["version"]
    assert "deal a new one" not in page.locator("body").inner_text()
    offered = page.locator('.toolbar [data-action="new"]')
    assert "offered" in (offered.get_attribute("class") or "")
    offered.click()
    wait_idle(page)
    assert game_id(page) != str(won["id"])
    assert status(page) == "playing"
