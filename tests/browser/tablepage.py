"""Driving the card table the way a player does: by its DOM hooks, the mouse and touch."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

Page = Any
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS_DIR = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

IDLE = """() => {
  const table = window.solitaireTable;
  return Boolean(table && table.game && table.pending === 0 &&
    !document.querySelector('#table .card.moving'));
}"""


def open_deal(page: Page, game: str, deal: int) -> None:
    """Deal number ``deal`` of ``game`` and wait until the table shows it."""
    page.goto(f"/play/{game}/?deal={deal}")
    wait_idle(page)


def wait_idle(page: Page) -> None:
    """Wait until no move is on its way to the server and no card is moving."""
    page.wait_for_function(IDLE)


def piles(page: Page) -> dict[str, list[str]]:
    """Every pile's cards as the DOM shows them, bottom to top."""
    return page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#table [data-pile]')].map(
            (pile) => [pile.dataset.pile,
                       [...pile.querySelectorAll('[data-card]')].map((c) => c.dataset.card)]))"""
    )


def status(page: Page) -> str:
    """The board's ``data-status``."""
    return page.get_attribute("#table", "data-status")


def game_id(page: Page) -> str:
    return page.get_attribute("#table", "data-game-id")


def api(page: Page, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
    """Call the JSON API from inside the page, as the table does (session and CSRF)."""
    return page.evaluate(
        """async ([method, path, body]) => {
            const token = (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
            const response = await fetch(path, {
              method, credentials: "same-origin",
              headers: {"Content-Type": "application/json", "X-CSRFToken": token},
              body: method === "GET" ? undefined : JSON.stringify(body || {}),
            });
            return {status: response.status, body: await response.json()};
        }""",
        [method, path, body],
    )


def server_game(page: Page) -> dict[str, Any]:
    """The game as the server has it now."""
    answer = api(page, "GET", f"/api/games/{game_id(page)}")
    assert answer["status"] == 200, answer
    return answer["body"]


def layout_piles(layout: dict[str, Any]) -> dict[str, list[str]]:
    """A layout JSON as pile name -> cards, for comparing with :func:`piles`."""
    named: dict[str, list[str]] = {}
    for i, pile in enumerate(layout["tableau"]):
        named[f"t{i}"] = pile
    for i, pile in enumerate(layout["foundations"]):
        named[f"f{i}"] = pile
    for i, card in enumerate(layout["cells"]):
        named[f"c{i}"] = [] if card is None else [card]
    return named


def assert_shows(page: Page, layout: dict[str, Any]) -> None:
    """The DOM shows exactly ``layout``."""
    shown = piles(page)
    for name, cards in layout_piles(layout).items():
        assert shown[name] == cards, f"{name} shows {shown[name]}, the game has {cards}"
    if "s" in shown:
        assert shown["s"] == layout["stock"]
    if "w" in shown:
        assert shown["w"] == layout["waste"]


def set_settings(page: Page, **values: Any) -> None:
    """Change the player's settings through the API, then reload the table."""
    answer = api(page, "POST", "/api/settings", values)
    assert answer["status"] == 200, answer
    page.reload()
    wait_idle(page)


def card_point(page: Page, pile: str, index: int | None) -> tuple[float, float]:
    """A point on card ``index`` of ``pile`` (its top card when None) that is not covered."""
    box = page.evaluate(
        """([name, index]) => {
            const pile = document.querySelector(`#table [data-pile="${name}"]`);
            const cards = pile.querySelectorAll('[data-card]');
            const at = index === null ? cards.length - 1 : index;
            const card = cards[at] || pile;
            const r = card.getBoundingClientRect();
            const next = cards[at + 1];
            const bottom = next ? next.getBoundingClientRect().top : r.bottom;
            return {x: r.left + r.width / 2, top: r.top, bottom};
        }""",
        [pile, index],
    )
    return box["x"], box["top"] + (box["bottom"] - box["top"]) / 2


def pile_point(page: Page, pile: str) -> tuple[float, float]:
    """The middle of the top card of ``pile``, or of its empty place."""
    return card_point(page, pile, None)


def click(page: Page, pile: str, index: int | None = None) -> None:
    x, y = card_point(page, pile, index)
    page.mouse.click(x, y)


def drag(page: Page, src: str, count: int, dst: str, *, settle: bool = True) -> None:
    """Drag the top ``count`` cards of ``src`` with the mouse and drop them on ``dst``."""
    x, y, tx, ty = page.evaluate(
        """([src, count, dst]) => {
            const point = (name, fromTop) => {
              const pile = document.querySelector(`#table [data-pile="${name}"]`);
              const cards = pile.querySelectorAll('[data-card]');
              const at = cards.length - fromTop;
              const card = cards[at] || pile;
              const r = card.getBoundingClientRect();
              const next = cards[at + 1];
              const bottom = next ? next.getBoundingClientRect().top : r.bottom;
              return [r.left + r.width / 2, (r.top + bottom) / 2];
            };
            return [...point(src, count), ...point(dst, 1)];
        }""",
        [src, count, dst],
    )
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 8, y + 8)
    page.mouse.move(tx, ty, steps=2)
    page.mouse.up()
    if settle:
        wait_idle(page)


def play_move(page: Page, move: str) -> None:
    """Make ``move`` by hand: the stock by a click, anything else by a drag."""
    if move == "s":
        click(page, "s")
        wait_idle(page)
        return
    src, rest = move.split(">")
    dst, _, count = rest.partition(":")
    drag(page, src, int(count or 1), dst)


def dump(value: Any) -> str:
    return json.dumps(value, indent=1)
