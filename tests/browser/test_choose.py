"""Choosing among the thirteen games on the home page, in Chromium at both viewports: the
search filters as one types, a favourite stays after a reload and follows the player into
the account, and nothing scrolls sideways."""

from __future__ import annotations

from typing import Any

import pytest
from tablepage import LAPTOP, PHONE, SCREENSHOTS_DIR, log_in, sign_up

from solitaire.engine.games import FEATURED

VIEWPORTS = {"laptop": LAPTOP, "phone": PHONE}

VISIBLE = """() => [...document.querySelectorAll('[data-role=game]')]
  .filter((card) => card.offsetParent !== null).map((card) => card.dataset.game)"""

SIDEWAYS = "() => document.documentElement.scrollWidth - window.innerWidth"


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_search_filters_the_games_as_one_types(make_page: Any, size: str) -> None:
    page = make_page(VIEWPORTS[size])
    page.goto("/")
    assert page.evaluate(VISIBLE) == list(FEATURED)
    assert page.evaluate(SIDEWAYS) <= 0
    page.fill("[data-role=game-search]", "free cell")
    assert page.evaluate(VISIBLE) == ["stronghold", "siegecraft"]
    assert page.locator("[data-role=family]:visible").count() == 1
    page.fill("[data-role=game-search]", "no such game at all")
    assert page.evaluate(VISIBLE) == []
    assert page.locator("[data-role=no-match]").is_visible()
    page.fill("[data-role=game-search]", "")
    assert page.evaluate(VISIBLE) == list(FEATURED)
    page.screenshot(path=SCREENSHOTS_DIR / f"choose-{size}.png", full_page=True)


@pytest.mark.parametrize("size", VIEWPORTS)
def test_a_favourite_stays_after_a_reload_and_joins_the_account(make_page: Any, size: str) -> None:
    page = make_page(VIEWPORTS[size])
    name = sign_up(page)
    page.goto("/")
    page.locator("#game-lucas [data-role=favourite]").click()
    page.wait_for_load_state()
    page.reload()
    assert page.evaluate(VISIBLE)[0] == "lucas"
    assert page.locator("#game-lucas [data-role=favourite]").get_attribute("aria-pressed") == (
        "true"
    )
    assert page.evaluate(SIDEWAYS) <= 0
    page.locator("form[action='/accounts/logout/'] button").click()
    page.wait_for_load_state()
    page.goto("/")
    assert page.evaluate(VISIBLE) == list(FEATURED)  # a guest again: no favourites
    page.locator("#game-deuces [data-role=favourite]").click()
    page.wait_for_load_state()
    log_in(page, name)
    page.goto("/")
    assert page.evaluate(VISIBLE)[:2] == ["lucas", "deuces"]


@pytest.mark.parametrize("size", VIEWPORTS)
def test_the_tables_games_menu_lists_the_families(make_page: Any, size: str) -> None:
    page = make_page(VIEWPORTS[size])
    page.goto("/play/siegecraft/")
    page.locator("[data-role=games-menu] summary").click()
    panel = page.locator("[data-role=games-menu] .games-panel")
    assert panel.is_visible()
    families = panel.locator(".games-family").all_inner_texts()
    assert [text.lower() for text in families] == [
        "forty thieves",
        "busy aces and fours up",
        "beleaguered castle",
        "blockade",
    ]
    box = panel.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= VIEWPORTS[size]["width"]
    assert page.evaluate(SIDEWAYS) <= 0
    page.screenshot(path=SCREENSHOTS_DIR / f"games-menu-{size}.png")
    panel.get_by_role("link", name="Deuces").click()
    page.wait_for_url("**/play/deuces/")
