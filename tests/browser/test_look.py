"""The look a player picks (issue 16, point 13): dark mode that follows the system until
switched, the felt and card-back colours, and a left-handed table."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tablepage import LAPTOP, PHONE, SCREENSHOTS_DIR, click, open_deal, server_game, wait_idle

BACKGROUND = "getComputedStyle(document.documentElement).backgroundColor"


def _luminance(colour: str) -> float:
    red, green, blue = (int(part) for part in re.findall(r"\d+", colour)[:3])
    return (0.2126 * red + 0.7152 * green + 0.0722 * blue) / 255


def _x(page: Any, pile: str) -> float:
    box = page.locator(f"#table [data-pile={pile}]").bounding_box()
    assert box is not None, pile
    return float(box["x"])


def _settings(page: Any) -> Any:
    page.click('.toolbar [data-action="settings"]')
    dialog = page.locator("[data-role=settings]")
    dialog.wait_for()
    return dialog


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_pages_follow_the_system_until_the_switch_says_otherwise(
    make_page: Any, scheme: str
) -> None:
    page = make_page(color_scheme=scheme)
    page.goto("/rules/streets/")
    assert (_luminance(page.evaluate(BACKGROUND)) < 0.2) == (scheme == "dark")
    switch = page.locator("[data-theme-switch]")
    assert switch.get_attribute("aria-pressed") == str(scheme == "dark").lower()
    switch.click()
    assert (_luminance(page.evaluate(BACKGROUND)) < 0.2) == (scheme == "light")
    page.goto("/stats/")  # kept in this browser, on every page
    assert (_luminance(page.evaluate(BACKGROUND)) < 0.2) == (scheme == "light")
    assert (
        page.locator("[data-theme-switch]").get_attribute("aria-pressed")
        == str(scheme == "light").lower()
    )


def test_dark_cards_keep_dark_ink_and_dark_panels(make_page: Any) -> None:
    page = make_page(color_scheme="dark")
    open_deal(page, "streets", 5)
    black = page.locator("#table .card.black").first
    assert _luminance(black.evaluate("(el) => getComputedStyle(el).color")) < 0.2
    dialog = _settings(page)
    assert _luminance(dialog.evaluate("(el) => getComputedStyle(el).backgroundColor")) < 0.2
    assert _luminance(dialog.evaluate("(el) => getComputedStyle(el).color")) > 0.7
    page.screenshot(path=SCREENSHOTS_DIR / "dark-settings-laptop.png")


def test_felt_and_card_backs_are_chosen_in_settings_and_kept(make_page: Any) -> None:
    page = make_page()
    failed: list[str] = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    open_deal(page, "streets", 5)
    felt = "getComputedStyle(document.querySelector('#table')).backgroundColor"
    back = "getComputedStyle(document.querySelector('#table [data-pile=s] .card')).backgroundColor"
    before = (page.evaluate(felt), page.evaluate(back))
    dialog = _settings(page)
    dialog.locator("[data-look=felt]").select_option("blue")
    dialog.locator("[data-look=back]").select_option("red")
    dialog.locator("button.primary").click()
    after = (page.evaluate(felt), page.evaluate(back))
    assert after == ("rgb(31, 90, 134)", "rgb(142, 29, 45)"), (before, after)
    page.reload()
    wait_idle(page)
    assert (page.evaluate(felt), page.evaluate(back)) == after
    assert not failed, failed  # the look is not sent to the server's settings


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_left_handed_puts_the_stock_and_foundations_on_the_other_side(
    make_page: Any, size: str
) -> None:
    page = make_page(PHONE if size == "phone" else LAPTOP)
    open_deal(page, "streets", 5)
    foundations = [f"f{i}" for i in range(8)]
    assert _x(page, "s") < min(_x(page, f) for f in foundations)
    tableau = [_x(page, f"t{i}") for i in range(10)]
    dialog = _settings(page)
    dialog.locator("[data-look=left]").check()
    dialog.locator("button.primary").click()
    assert _x(page, "s") > max(_x(page, f) for f in foundations)
    assert _x(page, "w") > max(_x(page, f) for f in foundations)
    assert [_x(page, f"t{i}") for i in range(10)] == tableau  # the piles keep their order
    width = page.evaluate("document.querySelector('#board').clientWidth")
    assert _x(page, "s") + page.locator("#table [data-pile=s]").bounding_box()["width"] <= width + 1
    click(page, "s")
    wait_idle(page)
    assert server_game(page)["moves"] == ["s"]
    page.reload()
    wait_idle(page)
    assert _x(page, "s") > max(_x(page, f) for f in foundations)
    page.screenshot(path=SCREENSHOTS_DIR / f"left-handed-{size}.png")
