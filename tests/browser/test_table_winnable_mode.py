"""Winnable as a mode: switched on in the menu beside New deal, it stays on, over New deal
and a reload, and the table marks a proved deal."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from tablepage import api, deal_menu, open_deal, server_game, wait_idle

from solitaire.deals.winnable import proved_deals
from solitaire.solver.survey import load

PROVED = {found.deal for found in proved_deals("streets")}
SURVEYED = load(Path(str(resources.files("solitaire") / "data" / "survey" / "streets.json")))
UNPROVED = next(n for n in range(1, 2000) if n not in PROVED and n not in SURVEYED)
"""A deal neither in the proved list nor in the published survey: nothing is known of it."""


def _new_deal(page: Any) -> dict[str, Any]:
    before = server_game(page)["id"]
    page.click('.toolbar [data-action="new"]')
    page.wait_for_function(f"() => document.querySelector('#table').dataset.gameId !== '{before}'")
    wait_idle(page)
    return server_game(page)


def test_winnable_stays_on_over_new_deals_and_a_reload(page: Any) -> None:
    open_deal(page, "streets", UNPROVED)
    mark = page.locator("[data-role=proved]")
    switch = page.locator('[data-role="winnable-mode"]')
    assert mark.is_hidden(), "an unproved deal carries no mark"
    assert switch.get_attribute("aria-checked") == "false"
    deal_menu(page, "winnable-mode")
    page.wait_for_function(
        "() => document.querySelector('[data-role=winnable-mode]').ariaChecked === 'true'"
    )
    assert switch.get_attribute("aria-checked") == "true"
    page.wait_for_function(
        """async () => (await (await fetch('/api/settings')).json()).winnable === true"""
    )
    for _ in range(3):
        game = _new_deal(page)
        assert game["kind"] == "winnable" and game["deal"] in PROVED, game["deal"]
        assert mark.is_visible() and mark.inner_text() == "Proved winnable"
    page.reload()
    wait_idle(page)
    assert page.locator('[data-role="winnable-mode"]').get_attribute("aria-checked") == "true"
    game = _new_deal(page)
    assert game["kind"] == "winnable" and game["deal"] in PROVED
    deal_menu(page, "winnable-mode")
    page.wait_for_function(
        "() => document.querySelector('[data-role=winnable-mode]').ariaChecked === 'false'"
    )
    page.wait_for_function("() => !document.querySelector('#table').dataset.saving")  # saved
    assert api(page, "GET", "/api/settings")["body"]["winnable"] is False
    assert _new_deal(page)["kind"] == "random"
