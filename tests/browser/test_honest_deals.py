"""Issue 37, point 2: the table is honest about deals and positions that cannot be won.

A deal known lost as it appears says so and offers what helps (a new deal, a proved deal,
the "Winnable deals only" switch), never an Undo or a Restart that would do nothing; a deal
known winnable says so as it appears; "Is this deal winnable?" changes the table as it
answers; a position the engine proves lost with no search (the solver's dead-position test)
is announced without Hint being pressed.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from tablepage import (
    advance,
    api,
    deal_menu,
    open_deal,
    play_move,
    server_game,
    status,
    wait_idle,
)

from solitaire import Game
from solitaire.deals.winnable import proved_numbers
from solitaire.engine.deal import deal
from solitaire.engine.games import get_rules
from solitaire.site.rules.survey import verdict as survey_verdict
from solitaire.solver import JUDGE, solve

BANNER = "#table [data-role=stuck]"
STUCK_AS_DEALT = 7
"""Streets and Alleys deal 7, issue 37's: no card can reach a foundation as it is dealt."""
SURVEY_LOST = 2
"""Streets and Alleys deal 2: the published survey proves it lost; it can be played on."""
PROVED = 22
"""Streets and Alleys deal 22: one of the game's proved deals."""
QUESTION_WAIT = 60_000  # the solver's workers may be busy with other tests' hints


@cache
def unknown_deal(result: str) -> int:
    """A Stronghold deal past the survey (201 on) and off the proved list that the solver
    proves ``result`` ("won" or "lost") in a moment: nothing is known of it before asking."""
    rules = get_rules("stronghold")
    for number in range(201, 2000):
        if number in proved_numbers("stronghold") or survey_verdict("stronghold", number):
            continue
        if solve(rules, deal(rules, number), budget=50_000).result == result:
            return number
    raise AssertionError(f"no Stronghold deal from 201 proved {result}")


@cache
def dead_line(seed: int = 0) -> tuple[str, ...]:
    """Moves of Fours Up deal 40 (the deal of issue 37), drawn at random, to the first
    position the engine proves lost by the solver's dead-position test alone, still
    "playing" (no stuck search caught it), as issue 37's random play found one."""
    rng = random.Random(seed)
    engine = Game.deal("fours-up", 40, JUDGE)
    moves: list[str] = []
    while len(moves) < 600:
        legal = [str(move) for move in engine.legal_moves()]
        move = rng.choice(legal)
        engine.push(move)
        moves.append(move)
        now = engine.standing()
        state = now.status
        if state == "playing" and now.lost:
            return tuple(moves)  # in random play a stock turn buries the card needed
        if state != "playing":
            engine, moves = Game.deal("fours-up", 40, JUDGE), []
    raise AssertionError("random play found no dead position")


def _banner_actions(page: Any) -> set[str]:
    """The actions the banner offers now, by their roles and actions."""
    found: set[str] = page.evaluate(
        """(selector) => [...document.querySelectorAll(`${selector} .actions > *`)]
            .filter((el) => el.offsetParent !== null)
            .map((el) => el.dataset.role || el.dataset.action)""",
        BANNER,
    )
    return set(found)


def deals_a_proved_game(page: Any, button: Any) -> None:
    """Press ``button`` and check that the table then holds a new game, a proved Streets and
    Alleys deal of the Winnable kind."""
    before = server_game(page)["id"]
    button.click()
    page.wait_for_function(f"() => document.querySelector('#table').dataset.gameId !== '{before}'")
    wait_idle(page)
    game = server_game(page)
    assert game["kind"] == "winnable" and game["deal"] in proved_numbers("streets-and-alleys")


def test_a_deal_stuck_as_dealt_offers_a_new_deal_and_a_proved_one_not_undo(page: Any) -> None:
    open_deal(page, "streets-and-alleys", STUCK_AS_DEALT)
    banner = page.locator(BANNER)
    banner.wait_for()
    assert "it can't be won" in banner.inner_text()
    assert _banner_actions(page) == {"banner-winnable", "new", "banner-switch"}
    for tool in ("undo", "restart"):
        assert page.locator(f'.toolbar [data-action="{tool}"]').is_disabled(), tool
    deals_a_proved_game(page, banner.locator("[data-role=banner-winnable]"))
    assert banner.is_hidden()


def test_a_deal_the_survey_proves_lost_says_so_at_once_and_offers_a_way_on(page: Any) -> None:
    open_deal(page, "streets-and-alleys", SURVEY_LOST)
    banner = page.locator(BANNER)
    banner.wait_for()
    text = banner.inner_text()
    assert "This deal can't be won" in text and "survey" in text, text
    assert _banner_actions(page) == {
        "banner-winnable", "new", "banner-switch", "banner-dismiss"
    }  # fmt: skip
    for tool in ("undo", "restart"):
        assert page.locator(f'.toolbar [data-action="{tool}"]').is_disabled(), tool
    # The switch is right there: on, it is the player's setting, and New deal deals proved deals.
    switch = banner.locator("[data-role=banner-switch]")
    assert switch.get_attribute("aria-checked") == "false"
    switch.click()
    page.wait_for_function("() => !document.querySelector('#table').dataset.saving")
    assert switch.get_attribute("aria-checked") == "true"
    assert api(page, "GET", "/api/settings")["body"]["winnable"] is True
    deals_a_proved_game(page, banner.locator('[data-action="new"]'))
    assert page.locator("[data-role=proved]").is_visible()
    assert banner.is_hidden()


def test_play_it_anyway_puts_the_banner_away(page: Any) -> None:
    open_deal(page, "streets-and-alleys", SURVEY_LOST)
    page.locator(f"{BANNER} [data-role=banner-dismiss]").click()
    assert page.locator(BANNER).is_hidden()
    move = server_game(page)["legal"][0]
    play_move(page, move)
    assert server_game(page)["moves"] == [move]
    assert page.locator(BANNER).is_hidden(), "a lost deal is said once, as it appears"


def test_a_proved_deal_says_so_as_it_appears(page: Any) -> None:
    open_deal(page, "streets-and-alleys", PROVED)
    said = f"Deal {PROVED} is proved winnable"
    page.locator("#table [data-role=toast]", has_text=said).wait_for()
    assert page.locator("[data-role=proved]").is_visible()
    assert page.locator(BANNER).is_hidden()


def _ask_about_this_deal(page: Any) -> str:
    deal_menu(page, "ask-winnable")
    dialog = page.locator("[data-role=question]")
    dialog.locator("[data-role=question-ask]").click()
    page.wait_for_function(
        "() => document.querySelector('[data-role=question]').dataset.result !== undefined",
        timeout=QUESTION_WAIT,
    )
    result = str(dialog.get_attribute("data-result"))
    dialog.locator("[data-role=question-close]").click()
    return result


def test_the_proved_mark_appears_when_the_question_proves_the_deal(page: Any) -> None:
    open_deal(page, "stronghold", unknown_deal("won"))
    mark = page.locator("[data-role=proved]")
    assert mark.is_hidden(), "nothing is known of this deal yet"
    assert _ask_about_this_deal(page) == "won"
    mark.wait_for()
    assert mark.inner_text() == "Proved winnable"
    page.reload()
    wait_idle(page)
    assert page.locator("[data-role=proved]").is_visible(), "the answer is kept for the deal"


def test_a_deal_the_question_proves_lost_mid_game_says_so(page: Any) -> None:
    number = unknown_deal("lost")
    open_deal(page, "stronghold", number)
    assert page.locator(BANNER).is_hidden()
    move = server_game(page)["legal"][0]
    play_move(page, move)
    assert _ask_about_this_deal(page) == "lost"
    banner = page.locator(BANNER)
    banner.wait_for()
    assert "This deal can't be won" in banner.inner_text()
    assert "when a player asked" in banner.inner_text()
    assert {"banner-winnable", "banner-switch", "new"} <= _banner_actions(page)


def test_a_dead_fours_up_position_is_announced_without_asking(page: Any) -> None:
    moves = dead_line()
    open_deal(page, "fours-up", 40)
    advance(page, moves[:-1])
    assert page.locator(BANNER).is_hidden(), "one move before, nothing is proved"
    play_move(page, moves[-1])  # the player's own move brings the dead end
    banner = page.locator(BANNER)
    banner.wait_for()
    assert "can't be won" in banner.inner_text()
    assert status(page) == "playing" and page.get_attribute("#table", "data-lost") == "true"
    game = server_game(page)
    assert game["status"] == "playing" and game["lost"] is True
    actions = _banner_actions(page)
    assert {"banner-winnable", "banner-review", "undo-back"} <= actions, actions
    # The review opens at once: the game is over, though no card is stuck.
    review = banner.locator("[data-role=banner-review]").get_attribute("href")
    assert review == f"/games/{game['id']}/review"
    answer = api(page, "GET", f"/api/games/{game['id']}/review")
    assert answer["status"] == 200, answer
