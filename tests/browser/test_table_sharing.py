"""Shared deals in the browser (issue 16, points 2 and 9): the address bar keeps the link,
"Copy link" copies it, a second browser that opens it gets the same deal dealt fresh, a
reload resumes, and a deal number that is not one gets a page that says what is allowed."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from tablepage import (
    click,
    deal_by_number,
    game_id,
    open_deal,
    piles,
    play_move,
    server_game,
    wait_idle,
)

from solitaire import Game
from solitaire.deals.daily import daily_deal

CLIPBOARD = ["clipboard-read", "clipboard-write"]


def _copy_link(page: Any) -> str:
    """Press Copy link on the table and return what landed on the clipboard."""
    page.evaluate("navigator.clipboard.writeText('')")
    page.click('[data-action="copy-link"]')
    page.wait_for_function("() => navigator.clipboard.readText().then((text) => text.length > 0)")
    copied: str = page.evaluate("navigator.clipboard.readText()")
    return copied


def _dealt_piles(game: str, deal: int) -> dict[str, list[str]]:
    layout = Game.deal(game, deal).layout.to_dict()
    shown = {f"t{i}": pile for i, pile in enumerate(layout["tableau"])}
    shown.update({f"f{i}": pile for i, pile in enumerate(layout["foundations"])})
    return shown


def _tableau(page: Any) -> dict[str, list[str]]:
    return {name: cards for name, cards in piles(page).items() if name[0] in "tf"}


def test_a_deal_link_stays_in_the_address_bar_and_a_reload_resumes(page: Any) -> None:
    open_deal(page, "streets", 5)
    assert page.url.endswith("/play/streets/?deal=5")
    first = game_id(page)
    click(page, "s")
    wait_idle(page)
    page.reload()
    wait_idle(page)
    assert page.url.endswith("/play/streets/?deal=5")
    assert game_id(page) == first
    assert server_game(page)["moves"] == ["s"]
    assert piles(page)["w"], "the card turned before the reload is still on the waste"


def test_copy_link_gives_a_second_browser_the_same_deal_fresh(make_page: Any) -> None:
    mine = make_page(permissions=CLIPBOARD)
    open_deal(mine, "stronghold", 7)
    moved = server_game(mine)["legal"][0]
    play_move(mine, moved)
    assert server_game(mine)["moves"] == [moved]

    link = _copy_link(mine)
    assert link.endswith("/play/stronghold/?deal=7")
    assert "Link copied" in mine.inner_text("[data-role=toast]")

    theirs = make_page()
    theirs.goto(link)
    wait_idle(theirs)
    assert theirs.url == link
    assert "Not here" not in theirs.content()
    assert theirs.inner_text("[data-role=deal]") == "Deal 7"
    assert _tableau(theirs) == _dealt_piles("stronghold", 7)
    fresh = server_game(theirs)
    assert fresh["moves"] == [] and fresh["id"] != server_game(mine)["id"]
    # The sharer's game is untouched by the second player's deal.
    assert server_game(mine)["moves"] == [moved]


def test_new_deal_keeps_a_shareable_address_and_names_the_deal(make_page: Any) -> None:
    page = make_page(permissions=CLIPBOARD)
    open_deal(page, "streets-and-alleys", 4)
    first = game_id(page)
    page.click('.toolbar [data-action="new"]')
    page.wait_for_function(f"() => document.querySelector('#table').dataset.gameId !== '{first}'")
    wait_idle(page)
    deal = server_game(page)["deal"]
    assert page.url.endswith(f"/play/streets-and-alleys/?deal={deal}")
    assert page.title() == f"Streets and Alleys: deal {deal} · Solitaire"
    assert page.inner_text("#table h1") == f"Streets and Alleys, deal {deal}"
    assert _copy_link(page).endswith(f"?deal={deal}")

    deal_by_number(page, 77)
    assert page.url.endswith("/play/streets-and-alleys/?deal=77")
    assert page.title().startswith("Streets and Alleys: deal 77 ")
    page.reload()
    wait_idle(page)
    assert server_game(page)["deal"] == 77 and page.url.endswith("?deal=77")


def test_a_past_daily_deal_is_shared_as_a_practice_game(make_page: Any) -> None:
    day = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=2)
    query = f"?daily=1&date={day.isoformat()}"
    mine = make_page(permissions=CLIPBOARD)
    mine.goto(f"/play/streets/{query}")
    wait_idle(mine)
    game = server_game(mine)
    assert (game["kind"], game["practice_of"]) == ("practice", day.isoformat())
    assert game["deal"] == daily_deal("streets", day)
    assert mine.url.endswith(query)
    link = _copy_link(mine)
    assert link.endswith(f"/play/streets/{query}")

    theirs = make_page()
    theirs.goto(link)
    wait_idle(theirs)
    other = server_game(theirs)
    assert (other["deal"], other["kind"], other["moves"]) == (game["deal"], "practice", [])
    assert other["id"] != game["id"]


@pytest.mark.parametrize("deal", ["abc", "-1", "0", "1.5", "99999999999999999999"])
def test_a_bad_deal_number_gets_a_page_that_says_what_deals_there_are(page: Any, deal: str) -> None:
    response = page.goto(f"/play/streets/?deal={deal}")
    assert response.status == 400
    text = page.inner_text("main")
    assert "1 to 2,147,483,647" in text
    assert "Not here" not in text
    page.fill("input[name=deal]", "12")
    page.click("main button[type=submit]")
    page.wait_for_url("**/play/streets/?deal=12")
    wait_idle(page)
    assert server_game(page)["deal"] == 12


def test_without_a_clipboard_the_link_is_shown_to_copy_by_hand(make_page: Any) -> None:
    page = make_page()
    page.add_init_script(
        "navigator.clipboard.writeText = () => Promise.reject(new Error('not allowed'));"
    )
    open_deal(page, "blockade", 6)
    page.click('[data-action="copy-link"]')
    dialog = page.locator("[data-role=copy]")
    dialog.wait_for()
    field = dialog.locator("input[name=link]")
    assert field.input_value().endswith("/play/blockade/?deal=6")
    assert page.evaluate("document.activeElement.name") == "link"  # selected, ready to copy
    dialog.locator("button.primary").click()
    assert dialog.is_hidden()
