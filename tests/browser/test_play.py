"""Playing on the table: drops, undo and redo, reloads, the keyboard, touch and the stuck
message. Each test checks the DOM against the server's own copy of the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from tablepage import (
    advance,
    assert_shows,
    card_point,
    click,
    devtools,
    drag,
    focus_pile,
    open_deal,
    parse_move,
    pile_point,
    piles,
    play_move,
    server_game,
    status,
    wait_idle,
)
from winning_lines import drag_line

from solitaire import Game


def first_legal(game: dict[str, Any], kinds: str = "t") -> str:
    """The first legal move in ``game`` from a tableau pile to a pile of ``kinds``."""
    legal: list[str] = game["legal"]
    for move in legal:
        if move[0] == "t" and ">" in move and move.split(">")[1][0] in kinds:
            return move
    raise AssertionError(f"no such move in {game['legal']}")


def test_it_lights_up_only_legal_targets_while_dragging(page: Any) -> None:
    open_deal(page, "stronghold", 1)
    game = server_game(page)
    src = "t0"
    x, y = card_point(page, src, None)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y + 40, steps=3)
    lit = set(
        page.eval_on_selector_all("#table .pile.target", "els => els.map(e => e.dataset.pile)")
    )
    wanted = {m.split(">")[1] for m in game["legal"] if m.startswith(f"{src}>") and ":" not in m}
    assert lit == wanted
    assert lit, "the top card of t0 can go somewhere"
    page.mouse.up()
    wait_idle(page)


@pytest.mark.motion
def test_an_illegal_drop_snaps_back_and_changes_nothing(page: Any) -> None:
    open_deal(page, "stronghold", 1)
    before = server_game(page)
    shown = piles(page)
    src, dst = next(
        (f"t{i}", f"t{j}")
        for i in range(8)
        for j in range(8)
        if i != j and f"t{i}>t{j}" not in before["legal"]
    )
    card = page.locator(f'#table [data-pile="{src}"] [data-card]').last
    # Count the animations started on cards, to see the card glide back rather than jump.
    page.evaluate(
        """() => {
            window.cardAnimations = 0;
            const animate = Element.prototype.animate;
            Element.prototype.animate = function (...args) {
              if (this.dataset && this.dataset.card) window.cardAnimations++;
              return animate.apply(this, args);
            };
        }"""
    )
    drag(page, src, 1, dst)
    assert page.evaluate("window.cardAnimations") > 0
    page.wait_for_function("() => el => el.getAnimations().length === 0", arg=card.element_handle())
    assert card.evaluate("el => getComputedStyle(el).transform") == "none"
    assert piles(page) == shown
    after = server_game(page)
    assert (after["version"], after["moves"]) == (before["version"], before["moves"])


def test_undo_and_redo_take_a_move_back_and_play_it_again(page: Any) -> None:
    open_deal(page, "streets", 5)
    start = server_game(page)
    click(page, "s")
    wait_idle(page)
    moved = server_game(page)
    assert moved["moves"] == ["s"]
    page.click('.toolbar [data-action="undo"]')
    wait_idle(page)
    assert server_game(page)["moves"] == []
    assert_shows(page, start["layout"])
    page.click('.toolbar [data-action="redo"]')
    wait_idle(page)
    assert server_game(page)["moves"] == ["s"]
    assert_shows(page, moved["layout"])
    page.keyboard.press("Control+z")
    wait_idle(page)
    assert server_game(page)["moves"] == []


@pytest.mark.long
def test_a_reload_in_the_middle_of_a_game_restores_it_exactly(page: Any) -> None:
    line = drag_line("streets-and-alleys")
    open_deal(page, "streets-and-alleys", line.deal)
    for move in line.moves[:6]:
        play_move(page, move)
    shown = piles(page)
    moves = page.inner_text("[data-role=moves]")
    page.reload()
    wait_idle(page)
    assert piles(page) == shown
    assert page.inner_text("[data-role=moves]") == moves
    game = server_game(page)
    assert game["moves"] == list(line.moves[:6])
    assert_shows(page, game["layout"])


def test_every_move_can_be_made_from_the_keyboard(page: Any) -> None:
    open_deal(page, "stronghold", 1)
    game = server_game(page)
    move = first_legal(game, "tf")
    src, dst = move.split(">")
    page.focus(f'#table [data-pile="{src}"]')
    page.keyboard.press("Enter")
    assert "Picked up" in page.inner_text("[data-role=live]")
    order = page.eval_on_selector_all("#table [data-pile]", "els => els.map(e => e.dataset.pile)")
    steps = (order.index(dst) - order.index(src)) % len(order)
    for _ in range(steps):
        page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.pile") == dst
    page.keyboard.press("Enter")
    wait_idle(page)
    assert server_game(page)["moves"] == [move]
    assert "Moved" in page.inner_text("[data-role=live]")


def test_a_run_moves_from_the_keyboard(page: Any) -> None:
    line = drag_line("streets-and-alleys")
    at = next(i for i, move in enumerate(line.moves) if ":" in move)
    run = line.moves[at]
    src, dst, count = parse_move(run)
    open_deal(page, "streets-and-alleys", line.deal)
    advance(page, line.moves[:at])
    focus_pile(page, src)
    # Enter picks up the top card, and each Enter again the next longer run that can move.
    lifted: list[int] = []
    while not lifted or lifted[-1] < count:
        page.keyboard.press("Enter")
        lifted.append(page.locator("#table .card.selected").count())
    assert lifted[-1] == count, f"Enter on {src} picked up {lifted} cards"
    assert f"and the {count - 1} card" in page.inner_text("[data-role=live]")
    before = piles(page)
    focus_pile(page, dst)
    page.keyboard.press("Enter")
    wait_idle(page)
    assert server_game(page)["moves"][-1] == run
    after = piles(page)
    assert after[dst] == before[dst] + before[src][-count:]
    assert_shows(page, server_game(page)["layout"])


def test_a_card_can_be_dragged_by_touch(make_page: Any) -> None:
    page = make_page({"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    open_deal(page, "stronghold", 1)
    game = server_game(page)
    move = first_legal(game, "t")
    src, dst = move.split(">")
    x, y = card_point(page, src, None)
    tx, ty = pile_point(page, dst)
    touch = devtools(page)
    touch.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    for k in range(1, 7):
        point = {"x": x + (tx - x) * k / 6, "y": y + (ty - y) * k / 6}
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_idle(page)
    assert server_game(page)["moves"] == [move]


def stuck_blockade_deal() -> int:
    """A Blockade deal that is stuck once the whole stock is dealt."""
    for number in range(1, 100):
        game = Game.deal("blockade", number)
        while game.state.stock and game.status != "stuck":
            game.push("s")
        if game.status == "stuck" and len(game.moves) == 8:
            return number
    raise AssertionError("no Blockade deal sticks when dealt out")


def test_a_stuck_game_says_so_and_offers_a_way_on(page: Any) -> None:
    open_deal(page, "blockade", stuck_blockade_deal())
    for _ in range(8):
        click(page, "s")
        wait_idle(page)
    assert status(page) == "stuck"
    banner = page.locator("[data-role=stuck]")
    banner.wait_for()
    assert "No card can reach a foundation any more" in banner.inner_text()
    for action in ("undo-back", "restart", "new"):
        assert banner.locator(f'[data-action="{action}"]').is_visible()
    banner.locator('[data-action="undo-back"]').click()
    wait_idle(page)
    assert status(page) == "playing"
    assert banner.is_hidden()


def test_reduced_motion_moves_cards_without_animation(make_page: Any) -> None:
    page = make_page(reduced_motion="reduce")
    open_deal(page, "streets", 5)
    click(page, "s")
    page.wait_for_function("() => document.querySelector('#table [data-pile=w] [data-card]')")
    running = page.evaluate(
        "document.getAnimations().filter(a => a.effect.target.closest('.card')).length"
    )
    assert running == 0
    wait_idle(page)
    assert server_game(page)["moves"] == ["s"]
