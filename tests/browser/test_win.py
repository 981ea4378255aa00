"""Every game can be won in the browser: by mouse (dragging, and clicking), by keyboard and
by touch, and the win the table shows is checked against the server's own copy of the game.

Drags, clicks, keys and touch each finish a nearly won position of the shortest of the
game's proved lines (``src/solitaire/data/winnable``): most of its moves are played through
the API, and the browser makes the last ones and the win, and before them the line's last
stock move and its last run of several cards where the game has them, the table reloaded
between those stretches to show what the API played (``winning_lines``). Each way wins each
game once: the games whose whole lines ``test_fast_play`` drags by mouse and by finger, from
the deal to the win (``winning_lines.WHOLE_LINES``), are not finished by drag and touch here
again.

These pages do not ask for reduced motion (the ``motion`` mark): the wins turn the animation
setting off and check that nothing bounces for that reason alone, and the celebration is
motion itself.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from tablepage import (
    CELEBRATING,
    COUNT_POINTERS,
    PHONE,
    SCREENSHOTS_DIR,
    Touch,
    advance,
    almost_won,
    assert_shows,
    click,
    key_move,
    open_position,
    play_move,
    server_game,
    status,
    wait_idle,
)
from winning_lines import WHOLE_LINES, Line, click_line, finishing_line

from solitaire.engine.games import FEATURED

pytestmark = pytest.mark.motion

BY_HAND = [game for game in FEATURED if game not in WHOLE_LINES]
"""The games this file finishes by drag and by touch (the others' whole lines do)."""


def finish(page: Any, game: str, how: str) -> None:
    """The table says the game is won, and so does the server."""
    page.wait_for_selector("[data-role=win][open]")
    assert status(page) == "won"
    assert "You won" in page.inner_text("[data-role=win]")
    assert server_game(page)["status"] == "won"
    page.screenshot(path=SCREENSHOTS_DIR / f"won-{game}-{how}.png")


def stretches(page: Any, line: Line) -> Iterator[tuple[str, ...]]:
    """The moves the browser is to make in each stretch of ``line``, each once the table
    shows the position the moves before it leave. The first stretch starts on the line's
    deal with animation off and its first moves played through the API, shown in one
    table load (:func:`tablepage.open_position`); each later one after its moves through
    the API and a reload (:func:`tablepage.advance`).
    """
    for number, (through_api, by_hand) in enumerate(line.stretches()):
        if number == 0:
            open_position(page, line.game, line.deal, through_api, animation="off")
            assert page.input_value("[data-role=settings] select[name=animation]") == "off"
            assert server_game(page)["moves"] == list(through_api)
            assert status(page) == "playing"
        elif through_api:
            advance(page, through_api)
        yield by_hand


def check_won(page: Any, game: str, how: str, line: Line) -> None:
    wait_idle(page)
    finish(page, game, how)
    played = server_game(page)
    assert played["moves"][: len(line.moves)] == list(line.moves), "the table made other moves"
    assert_shows(page, played["layout"])
    assert page.evaluate(CELEBRATING) == 0, "the cards bounce with animation off"


@pytest.mark.parametrize("game", BY_HAND)
def test_it_finishes_a_proved_deal_by_dragging(page: Any, game: str) -> None:
    line = finishing_line(game)
    for by_hand in stretches(page, line):
        for move in by_hand:
            play_move(page, move)
            assert status(page) != "stuck", f"{move} left the game stuck"
    check_won(page, game, "drag", line)


@pytest.mark.parametrize("game", FEATURED)
def test_it_finishes_a_deal_by_clicking(page: Any, game: str) -> None:
    line = click_line(game)
    steps = iter(line.clicks)
    for by_hand in stretches(page, line):
        for move in by_hand:
            step = next(steps)
            assert step.move == move
            click(page, step.pile, step.index)
            wait_idle(page)
    check_won(page, game, "click", line)


@pytest.mark.parametrize("game", FEATURED)
def test_it_finishes_a_proved_deal_by_keyboard(page: Any, game: str) -> None:
    line = finishing_line(game)
    for by_hand in stretches(page, line):
        for move in by_hand:
            key_move(page, move)
    check_won(page, game, "keyboard", line)


@pytest.mark.parametrize("game", BY_HAND)
def test_it_finishes_a_proved_deal_by_touch(make_page: Any, game: str) -> None:
    page = make_page(PHONE, has_touch=True, is_mobile=True)
    line = finishing_line(game)
    finger = Touch(page)
    kinds: set[str] = set()
    for by_hand in stretches(page, line):
        # Counted in each table load (not by an init script, which would keep the page from
        # other tests).
        page.evaluate(f"({COUNT_POINTERS})()")
        for move in by_hand:
            finger.play(move)
        kinds |= set(page.evaluate("window.pointerKinds"))
    check_won(page, game, "touch", line)
    assert kinds == {"touch"}, f"the page saw presses of {kinds}"


def test_a_win_is_celebrated_with_bouncing_cards(page: Any) -> None:
    almost_won(page)
    page.wait_for_selector("[data-role=win][open]")
    page.wait_for_function(f"() => {CELEBRATING} > 0")
    cards = page.eval_on_selector_all(
        "#table .card.celebrating", "els => els.map((el) => el.parentElement.dataset.pile)"
    )
    assert cards and {pile[0] for pile in cards} == {"f"}, cards
    # The cards bounce without leaving their piles; a new deal ends the show at once.
    assert_shows(page, server_game(page)["layout"])
    page.click("[data-role=win] [data-action=new]")
    page.wait_for_function("() => document.querySelector('#table').dataset.status === 'playing'")
    assert page.evaluate(CELEBRATING) == 0


def test_the_win_shows_without_motion_when_motion_is_reduced(make_page: Any) -> None:
    page = make_page(reduced_motion="reduce")
    almost_won(page)
    page.wait_for_selector("[data-role=win][open]")
    wait_idle(page)
    assert status(page) == "won"
    assert "You won" in page.inner_text("[data-role=win]")
    assert page.evaluate("document.getAnimations().length") == 0
