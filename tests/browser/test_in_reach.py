"""Issue 37, point 3: what the site has, in reach of the table.

The review is linked from the banner of a game that is over, from the win dialog and from the
statistics page, which lists past games with their review and their deal's link; the win of
the Daily deal says the player's rank and links to the board, and a Daily game is marked on
the table; Hint speaks as a person would, its words stay as long as its light, and an
unproved hint says plainly what that means. That the table names its game, with a
how-to-play panel and a link to the rules, is checked in every game by ``test_polish``, on
the laptop's table it loads for its covered cards.
"""

from __future__ import annotations

import re
from typing import Any

from tablepage import (
    advance,
    api,
    click,
    open_deal,
    play_move,
    play_moves,
    server_game,
    sign_up,
    status,
    wait_idle,
)
from test_play import stuck_blockade_deal
from winning_lines import proved_line

from solitaire.deals.daily import daily_deal

BANNER = "#table [data-role=stuck]"


def test_the_banner_of_a_stuck_game_links_to_its_review(page: Any) -> None:
    open_deal(page, "blockade", stuck_blockade_deal())
    for _ in range(8):
        click(page, "s")
        wait_idle(page)
    assert status(page) == "stuck"
    link = page.locator(f"{BANNER} [data-role=banner-review]")
    link.wait_for()
    game = server_game(page)["id"]
    assert link.get_attribute("href") == f"/games/{game}/review"
    link.click()
    # The review's status line comes with the page; its board is drawn by the page's script.
    cards = page.locator("[data-role=review-board] [data-card]")
    cards.nth(103).wait_for(state="attached")
    assert cards.count() == 104


def test_the_win_of_the_daily_deal_says_the_rank_links_the_board_and_the_review(
    page: Any,
) -> None:
    game = "stronghold"
    sign_up(page)
    page.goto(f"/play/{game}/?daily=1")
    wait_idle(page)
    mark = page.locator("[data-role=daily]")
    assert mark.is_visible() and mark.inner_text().startswith("Daily deal · ")
    record = server_game(page)
    assert record["kind"] == "daily" and record["deal"] == daily_deal(game)
    line = proved_line(game, record["deal"])
    advance(page, line.moves[:-1])
    assert page.locator("[data-role=daily]").is_visible(), "the mark stays with the game"
    play_move(page, line.moves[-1])  # Auto complete plays the rest home
    dialog = page.locator("[data-role=win]")
    dialog.wait_for()
    daily = dialog.locator("[data-role=win-daily]")
    daily.wait_for()
    assert re.fullmatch(
        r"You are \d+(st|nd|rd|th) of \d+ winners? of today's Daily deal\.",
        dialog.locator("[data-role=win-daily-text]").inner_text(),
    )
    assert daily.locator("a").get_attribute("href") == f"/daily/{game}/"
    review = dialog.locator("[data-role=win-review]")
    assert review.get_attribute("href") == f"/games/{record['id']}/review"
    daily.locator("a").click()
    page.wait_for_selector("table.leaderboard tr.you")


def test_the_statistics_list_past_games_with_their_review_and_deal_link(page: Any) -> None:
    open_deal(page, "streets-and-alleys", 15)
    played = server_game(page)
    play_moves(page, played, played["legal"][:1])
    api(page, "POST", "/api/games", {"game": "streets-and-alleys", "deal": 16})  # left: ended
    page.goto("/stats/")
    row = page.locator(f"[data-role=recent-games] tr[data-game-id='{played['id']}']")
    assert "Streets and Alleys" in row.inner_text() and "abandoned" in row.inner_text()
    deal_link = row.locator("[data-role=deal-link]").get_attribute("href")
    assert deal_link == "/play/streets-and-alleys/?deal=15"
    row.locator("[data-role=review-link]").click()
    page.wait_for_selector("[data-role=review-board] [data-card]")
    assert page.url.endswith(f"/games/{played['id']}/review")
    page.goto(deal_link)
    wait_idle(page)
    assert server_game(page)["deal"] == 15


def test_hint_on_a_stock_turn_speaks_as_a_person_and_stays_with_its_light(page: Any) -> None:
    # Streets deal 8 is proved: after its line's first move, the line turns the stock.
    line = proved_line("streets", 8)
    assert line.moves[1] == "s"
    open_deal(page, "streets", 8)
    advance(page, line.moves[:1])
    page.click('.toolbar [data-action="hint"]')
    toast = page.locator("#table [data-role=toast]")
    toast.wait_for()
    page.wait_for_selector("#table [data-pile=s].hint-target")
    said = toast.inner_text()
    assert said.startswith("Try this: Turn the next card"), said
    assert "Turned" not in said
    page.wait_for_timeout(4500)  # past the 4 s any other message lasts
    assert toast.is_visible(), "the words stay as long as the light"
    assert page.locator("#table [data-pile=s].hint-target").count() == 1
    click(page, "s")
    wait_idle(page)
    assert toast.is_hidden()
    assert page.locator("#table .hint-target, #table .hinted").count() == 0


def test_an_unproved_hint_says_plainly_what_that_means(page: Any) -> None:
    open_deal(page, "streets", 8)
    move = server_game(page)["legal"][0]
    # The solver's answer when it ran out of time, as the server sends it.
    answer = {"result": "unknown", "move": move, "line": [move], "thinking": False}
    page.route("**/api/games/*/hint", lambda route: route.fulfill(json=answer))
    page.click('.toolbar [data-action="hint"]')
    toast = page.locator("#table [data-role=toast][data-hint=unproved]")
    toast.wait_for()
    said = toast.inner_text()
    assert "Not proved either way: the solver could not work out in time whether this " in said
    assert "so this is its best guess" in said
    assert page.locator("#table .pile.hint-target").count() == 1
