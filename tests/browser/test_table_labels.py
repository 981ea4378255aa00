"""Labels for what is not obvious on the table (issue 16, point 11): the waste keeps apart
from the foundations and says what it is, empty foundations show the card they take, and
Stronghold's free cell is named. Checked on a laptop and on a phone.
"""

from __future__ import annotations

from typing import Any

import pytest
from tablepage import LAPTOP, PHONE, click, open_deal, wait_idle

from solitaire import Game
from solitaire.engine.clicks import click_map

SHOWN = """([name, part]) => {
  const pile = document.querySelector(`#table [data-pile="${name}"]`);
  const style = getComputedStyle(pile, part);
  return style.display === "none" ? null : style.content;
}"""


def shown_text(page: Any, pile: str, part: str = "::after") -> str | None:
    """The text CSS draws in ``part`` of ``pile`` (None when it draws nothing)."""
    content = page.evaluate(SHOWN, [pile, part])
    if content in (None, "none", "normal", '""'):
        return None
    return str(content).strip('"')


def box(page: Any, pile: str) -> dict[str, float]:
    found = page.locator(f'#table [data-pile="{pile}"]').bounding_box()
    assert found, pile
    return dict(found)


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_waste_is_set_apart_from_the_foundations_and_named(make_page: Any, viewport) -> None:
    page = make_page(viewport)
    open_deal(page, "streets", 5)
    assert shown_text(page, "w") == "Waste"
    waste, first, second = box(page, "w"), box(page, "f0"), box(page, "f1")
    assert first["y"] == waste["y"], "Streets' waste shares the top row with the foundations"
    gap_to_waste = first["x"] - (waste["x"] + waste["width"])
    between_foundations = second["x"] - (first["x"] + first["width"])
    assert gap_to_waste > 2 * between_foundations


def ace_on_top() -> tuple[int, str]:
    """A Stronghold deal with a card a click sends to f0 at once, and its pile."""
    for deal in range(1, 200):
        game = Game.deal("stronghold", deal)
        for pile, targets in click_map(game.rules, game.state).items():
            if pile != "s" and any(move.endswith(">f0") for move in targets.values()):
                return deal, pile
    raise AssertionError("no Stronghold deal starts with an Ace on top")


def test_empty_foundations_show_what_they_take_and_the_cell_is_named(page: Any) -> None:
    deal, pile = ace_on_top()
    open_deal(page, "stronghold", deal)
    assert shown_text(page, "c0") == "Free cell"
    for i in range(4):
        assert shown_text(page, f"f{i}") == "A"
        label = page.get_attribute(f'#table [data-pile="f{i}"]', "aria-label") or ""
        assert "takes an ace" in label
    click(page, pile)
    wait_idle(page)
    assert shown_text(page, "f0") is None  # a foundation with a card shows the card
    assert shown_text(page, "f1") == "A"
