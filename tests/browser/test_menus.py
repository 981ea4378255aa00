"""The menus: Hint, Settings that outlive a reload, the Daily deal for guests, New deal."""

from __future__ import annotations

from typing import Any

from tablepage import (
    click,
    deal_by_number,
    deal_menu,
    key_move,
    open_deal,
    piles,
    server_game,
    wait_idle,
)


def test_hint_highlights_a_legal_move_and_says_what_is_proved(page: Any) -> None:
    open_deal(page, "stronghold", 1)
    game = server_game(page)
    page.click('.toolbar [data-action="hint"]')
    page.wait_for_selector("#table .pile.hint-target")
    wait_idle(page)
    target = page.get_attribute("#table .pile.hint-target", "data-pile")
    hinted = page.locator("#table .card.hinted")
    source = hinted.first.evaluate("el => el.parentElement.dataset.pile")
    count = hinted.count()
    move = f"{source}>{target}" + (f":{count}" if count > 1 else "")
    assert move in game["legal"]
    said = page.inner_text("[data-role=toast]")
    assert "This position can still be won" in said  # not "Not proved either way"
    assert "Try this: Move the " in said  # a card named as a player names it
    assert page.get_attribute("[data-role=toast]", "data-hint") == "proved"


# Stronghold deal 29 is a proved deal, but its first move must not be t2>c0: the solver
# proves the game lost after it in a few positions, well inside the site's 2 s for a hint.
LOST_AFTER = ("t2>c0", "t0>t2")


def test_hint_says_a_lost_position_is_lost_and_how_far_back_it_wins(page: Any) -> None:
    open_deal(page, "stronghold", 29)
    for move in LOST_AFTER:
        key_move(page, move)
    assert server_game(page)["status"] == "playing"
    page.keyboard.press("h")
    toast = page.locator("[data-role=toast]")
    banner = page.locator("[data-role=stuck]", has_text="Undo 2 moves")
    banner.wait_for()
    said = banner.inner_text()
    assert "This position can't be won" in said
    assert "Undo 2 moves to get back to a winnable position." in said
    assert page.locator("#table .card.hinted, #table .pile.hint-target").count() == 0
    for _ in LOST_AFTER:
        page.click('.toolbar [data-action="undo"]')
        wait_idle(page)
    assert server_game(page)["moves"] == []
    page.click('.toolbar [data-action="hint"]')
    page.wait_for_selector("#table .pile.hint-target")
    assert "can still be won" in toast.inner_text()


def test_settings_are_kept_over_a_reload(page: Any) -> None:
    open_deal(page, "streets", 2)
    page.click('.toolbar [data-action="settings"]')
    dialog = page.locator("[data-role=settings]")
    for name in ("four_colour", "hide_timer"):
        dialog.locator(f'input[name="{name}"]').check()
    dialog.locator('input[name="autoplay"]').uncheck()
    dialog.locator('select[name="animation"]').select_option("fast")
    page.wait_for_function(
        """async () => {
            const answer = await (await fetch('/api/settings')).json();
            return answer.animation === 'fast' && !answer.autoplay && answer.hide_timer;
        }"""
    )
    dialog.locator("button.primary").click()
    page.reload()
    wait_idle(page)
    assert page.eval_on_selector("#table", "el => el.classList.contains('four-colour')")
    assert not page.is_visible("[data-role=time]")
    page.click('.toolbar [data-action="settings"]')
    assert dialog.locator('input[name="four_colour"]').is_checked()
    assert dialog.locator('input[name="hide_timer"]').is_checked()
    assert not dialog.locator('input[name="autoplay"]').is_checked()
    assert dialog.locator('select[name="animation"]').input_value() == "fast"
    page.keyboard.press("Escape")
    # With Autoplay off a click moves nothing; the stock still turns.
    shown = piles(page)
    click(page, "t0")
    wait_idle(page)
    assert piles(page) == shown
    click(page, "s")
    wait_idle(page)
    assert server_game(page)["moves"] == ["s"]


def test_the_daily_deal_asks_a_guest_to_log_in(page: Any) -> None:
    open_deal(page, "streets", 3)
    deal_menu(page, "daily")
    dialog = page.locator("[data-role=login]")
    dialog.wait_for()
    assert "Log in" in dialog.inner_text()
    href = dialog.locator("[data-role=login-link]").get_attribute("href")
    assert href.startswith("/accounts/login/?next=")
    dialog.locator("[data-role=login-link]").click()
    page.wait_for_url("**/accounts/login/**")


def test_new_deal_and_deal_number_start_new_games(page: Any) -> None:
    open_deal(page, "streets-and-alleys", 4)
    first = server_game(page)["id"]
    page.click('.toolbar [data-action="new"]')
    page.wait_for_function(f"() => document.querySelector('#table').dataset.gameId !== '{first}'")
    wait_idle(page)
    assert page.url.endswith(f"?deal={server_game(page)['deal']}")  # the shareable link
    deal_by_number(page, 77)
    assert server_game(page)["deal"] == 77
    deal_menu(page, "winnable")
    page.wait_for_function(
        "() => document.querySelector('[data-role=deal]').textContent !== 'Deal 77'"
    )
    wait_idle(page)
    assert server_game(page)["kind"] == "winnable"
