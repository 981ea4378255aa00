"""The game review page and the Daily leaderboard, driven as players would."""

from __future__ import annotations

from typing import Any

from tablepage import api, open_deal, play_moves, sign_up

from solitaire.deals.daily import daily_deal
from solitaire.deals.winnable import proved_deals

# Streets and Alleys deal 15: won after the first eight moves, lost after the ninth.
LOST_AFTER = ["t2>f0", "t0>t2", "t6>t2", "t3>t2", "t4>t2", "t4>f1", "t5>t4", "t7>t1", "t7>t3"]


def _lost_game(page: Any) -> int:
    """A game of Streets and Alleys deal 15 whose ninth move lost a won position, left for a
    new deal so that it has ended."""
    open_deal(page, "streets-and-alleys", 15)
    game = api(page, "POST", "/api/games", {"game": "streets-and-alleys", "deal": 15})["body"]
    play_moves(page, game, LOST_AFTER)
    api(page, "POST", "/api/games", {"game": "streets-and-alleys", "deal": 7})
    return int(game["id"])


def test_the_review_marks_the_losing_move_and_steps_through_the_game(make_page) -> None:
    """The review names cards and piles as players do, draws every position on the card
    table, and steps through the solver's winning line from before the losing move."""
    page = make_page()
    game = _lost_game(page)
    page.goto(f"/games/{game}/review")
    page.wait_for_selector(".review-status:has-text('Review done.')", timeout=90_000)
    marks = page.locator(".review-strip .mark")
    assert marks.count() == len(LOST_AFTER) + 1
    assert {"verdict-won", "losing"} <= set((marks.nth(8).get_attribute("class") or "").split())
    assert "verdict-lost" in (marks.nth(9).get_attribute("class") or "")
    losing = page.inner_text(".review-losing")
    assert losing.startswith("The losing move was move 9: moving the 8♥ onto the 9♠ (4th pile)")
    assert "Instead, the solver wins by moving the " in losing
    assert ">" not in losing, "no engine notation"

    board = page.locator("[data-role=review-board]")
    where = page.locator(".review-where")
    assert where.inner_text().startswith("After 9 moves: lost. The end of the game.")
    page.keyboard.press("Home")
    assert where.inner_text() == (
        "After 0 moves: still winnable. Next, move 1: moved the A♣ home to a foundation."
    )
    assert board.locator("[data-pile=t2] [data-card]").count() == 7  # the deal, on the table
    page.keyboard.press("ArrowRight")
    page.click("[data-step=forward]")
    assert where.inner_text().startswith("After 2 moves")
    assert page.input_value(".review-controls input[type=range]") == "2"
    page.click("[data-step=losing]")
    assert "The solver would have won by moving the " in where.inner_text()
    assert board.locator(".card.hinted").count() >= 1
    assert board.locator(".pile.hint-target").count() == 1

    # The solver's line, step by step on the table, to the end.
    page.click("[data-step=line]")
    assert where.inner_text().startswith("The solver's line from the position before move 9: 0 of")
    page.click("[data-step=forward]")
    assert ": 1 of its " in where.inner_text()
    page.click("[data-step=last]")
    assert where.inner_text().endswith("Every card can go home from here.")
    home = board.locator("[data-pile^=f] [data-card]").count()
    assert home + board.locator("[data-pile^=t] [data-card]").count() == 52
    assert home >= 40, "the line ends where Auto complete plays the rest home"
    page.click("[data-step=game]")
    assert where.inner_text().startswith("After 8 moves: still winnable.")


def test_your_unfinished_game_is_reviewed_once_it_ends(page: Any) -> None:
    open_deal(page, "streets-and-alleys", 15)
    game = api(page, "POST", "/api/games", {"game": "streets-and-alleys", "deal": 15})["body"]
    play_moves(page, game, LOST_AFTER[:3])
    page.goto(f"/games/{game['id']}/review")
    text = page.inner_text("main")
    assert "This game is still being played" in text
    assert "Its review opens here once it ends" in text
    assert "someone else" not in text
    page.click("text=Back to the game")
    page.wait_for_selector("#table.ready")
    assert page.get_attribute("#table", "data-game-id") == str(game["id"])


def test_a_review_is_private_until_its_owner_shares_it(make_page) -> None:
    owner = make_page()
    game = _lost_game(owner)
    stranger = make_page()
    stranger.goto(f"/games/{game}/review")
    assert stranger.locator(".review").count() == 0  # a stranger gets no review before sharing
    owner.goto(f"/games/{game}/review")
    owner.check(".review-shared")
    owner.wait_for_timeout(300)  # the POST of the checkbox; the reload below proves it kept
    owner.reload()
    assert owner.is_checked(".review-shared")
    stranger.goto(f"/games/{game}/review")
    stranger.wait_for_selector(".review-status:has-text('Review done.')", timeout=90_000)
    assert stranger.locator(".review-shared").count() == 0  # only the owner may unshare


def _win_daily(page: Any, game: str, detour: int, forged: dict[str, Any]) -> None:
    """Win today's Daily deal of ``game`` by its proved line, with ``detour`` extra undo and
    redo pairs first, sending ``forged`` figures in every move request."""
    deal = daily_deal(game)
    line = next(p.solution for p in proved_deals(game) if p.deal == deal)
    page.goto(f"/play/{game}/?daily=1")
    page.wait_for_selector("#table")
    record = api(page, "POST", "/api/games", {"game": game, "daily": True})["body"]
    assert record["deal"] == deal
    record = play_moves(page, record, line[:1], **forged)
    for _ in range(detour):
        record = api(
            page, "POST", f"/api/games/{record['id']}/undo", {"version": record["version"]}
        )["body"]
        record = api(
            page, "POST", f"/api/games/{record['id']}/redo", {"version": record["version"]}
        )["body"]
    # Auto complete may win before the line ends.
    record = play_moves(page, record, line[1:], until_won=True, **forged)
    assert record["status"] == "won"


def test_the_daily_board_ranks_two_players_by_moves_and_ignores_a_forged_time(
    make_page,
) -> None:
    game = "blockade"
    steady, wanderer = make_page(), make_page()
    steady_name, wanderer_name = sign_up(steady), sign_up(wanderer)
    _win_daily(wanderer, game, detour=3, forged={"seconds": 0.001, "moves_made": 1})
    _win_daily(steady, game, detour=0, forged={})

    board = api(wanderer, "GET", f"/api/daily/{game}")["body"]
    names = [leader["player"] for leader in board["leaders"]]
    assert names.index(steady_name) < names.index(wanderer_name)
    mine = board["you"]
    assert mine["player"] == wanderer_name and mine["seconds"] > 0.001
    steady_moves = next(r["moves"] for r in board["leaders"] if r["player"] == steady_name)
    assert mine["moves"] == steady_moves + 3  # a move undone and played again counts twice

    wanderer.goto(f"/daily/{game}/")
    rows = wanderer.locator("table.leaderboard tbody tr")
    texts = [rows.nth(k).inner_text() for k in range(rows.count())]
    assert any(steady_name in text for text in texts)
    assert "you" in (wanderer.locator("tr.you").first.get_attribute("class") or "")
    assert wanderer.locator(".streak strong").inner_text() == "1"
