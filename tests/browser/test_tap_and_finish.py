"""Two ways a player finishes what a drag or Auto complete would: tap a card and then the
pile where it goes (by mouse on a laptop, by finger on a phone), and Finish, which plays
every card home for a player who has Auto complete off."""

from __future__ import annotations

from typing import Any

from tablepage import (
    PHONE,
    Touch,
    advance,
    click,
    open_deal,
    server_game,
    set_settings,
    wait_idle,
)

from solitaire import Game
from solitaire.deals.winnable import proved_deals
from solitaire.engine.status import autocomplete_ready


def _pile_move(game: dict[str, Any]) -> str:
    """A legal move of the top card of one pile onto another pile that holds cards."""
    layout = game["layout"]["tableau"]
    for move in game["legal"]:
        src, _, dst = move.partition(">")
        if src[0] == dst[0] == "t" and ":" not in dst and layout[int(dst[1:])]:
            return str(move)
    raise AssertionError(f"no pile-to-pile move among {game['legal']}")


def _marked(page: Any) -> dict[str, Any]:
    return dict(
        page.evaluate(
            """() => ({
              selected: [...document.querySelectorAll('#table .card.selected')].length,
              targets: [...document.querySelectorAll('#table [data-pile].target')]
                .map((el) => el.dataset.pile),
            })"""
        )
    )


def test_a_card_is_chosen_by_a_tap_and_put_down_by_a_tap_on_its_pile(make_page: Any) -> None:
    page = make_page(PHONE, has_touch=True, is_mobile=True)
    open_deal(page, "stronghold", 1)
    set_settings(page, autoplay=False)
    before = server_game(page)
    move = _pile_move(before)
    src, dst = move.split(">")
    finger = Touch(page)
    finger.tap(src)
    marked = _marked(page)
    assert marked["selected"] == 1 and dst in marked["targets"], marked
    assert server_game(page)["moves"] == [], "choosing a card plays nothing"
    finger.tap(dst)
    wait_idle(page)
    assert server_game(page)["moves"] == [move]
    assert _marked(page) == {"selected": 0, "targets": []}


def test_a_tap_where_the_chosen_card_cannot_go_puts_it_back(page: Any) -> None:
    open_deal(page, "stronghold", 1)
    set_settings(page, autoplay=False)
    game = server_game(page)
    move = _pile_move(game)
    src = move.split(">")[0]
    reachable = {m.split(">")[1] for m in game["legal"] if m.startswith(f"{src}>")}
    nowhere = next(f"t{i}" for i in range(8) if f"t{i}" not in reachable | {src})
    click(page, src)
    assert _marked(page)["selected"] == 1
    click(page, nowhere)
    wait_idle(page)
    assert server_game(page)["moves"] == []
    assert _marked(page) == {"selected": 0, "targets": []}
    click(page, src)
    click(page, src)  # a second press on the chosen card puts it down
    assert _marked(page)["selected"] == 0 and server_game(page)["moves"] == []


def _nearly_finished(page: Any) -> None:
    """Stronghold's shortest stored line played through the API until nothing is left to
    decide, with Auto complete off (the prefix found with the engine, played in one go)."""
    found = min(proved_deals("stronghold"), key=lambda proved: len(proved.solution))
    game = Game.deal("stronghold", found.deal)
    for move in found.solution:
        if autocomplete_ready(game.rules, game.state):
            break
        game.push(move)
    assert autocomplete_ready(game.rules, game.state), "the line is never ready to finish"
    open_deal(page, "stronghold", found.deal)
    set_settings(page, autocomplete=False)
    advance(page, [str(move) for move in game.moves])
    assert server_game(page)["finishable"]


def test_finish_plays_every_card_home_when_auto_complete_is_off(page: Any) -> None:
    open_deal(page, "stronghold", 1)
    assert page.locator('.toolbar [data-action="finish"]').is_hidden(), "nothing to finish yet"
    _nearly_finished(page)
    finish = page.locator('.toolbar [data-action="finish"]')
    assert finish.is_visible()
    finish.click()
    page.wait_for_function("() => document.querySelector('#table').dataset.status === 'won'")
    assert server_game(page)["status"] == "won"
    assert finish.is_hidden()


def test_switching_auto_complete_on_finishes_a_game_that_is_ready(page: Any) -> None:
    _nearly_finished(page)
    page.click('.toolbar [data-action="settings"]')
    page.check('[data-role=settings] input[name="autocomplete"]')
    page.wait_for_function("() => document.querySelector('#table').dataset.status === 'won'")
    assert server_game(page)["status"] == "won"
