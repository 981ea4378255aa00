"""Layouts that use a phone's screen: a slim header while playing on a phone on its side,
cards sized from the room the piles need, and covered cards a finger can take (24 px)."""

from __future__ import annotations

from typing import Any

from tablepage import advance, open_deal

from solitaire.deals.winnable import proved_deals

LANDSCAPE = {"width": 844, "height": 390}
PORTRAIT = {"width": 390, "height": 844}

SIZES = """() => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const card = document.querySelector('#table .card').getBoundingClientRect();
  const steps = [...document.querySelectorAll('#table [data-pile^=t]')]
    .filter((pile) => pile.children.length > 1).map((pile) => Number(pile.dataset.step));
  return {top: board.top, card: card.width, steps};
}"""


def _phone(make_page: Any, viewport: dict[str, int]) -> Any:
    return make_page(viewport, has_touch=True, is_mobile=True)


def _late(page: Any, game: str) -> None:
    """A proved deal of ``game`` with most of its winning line played: long piles."""
    proved = proved_deals(game)[0]
    open_deal(page, game, proved.deal)
    advance(page, proved.solution[: len(proved.solution) * 6 // 10])


def test_on_its_side_the_header_is_slim_and_the_cards_use_the_width(make_page: Any) -> None:
    page = _phone(make_page, LANDSCAPE)
    open_deal(page, "streets-and-alleys", proved_deals("streets-and-alleys")[0].deal)
    sizes = page.evaluate(SIZES)
    assert sizes["top"] <= 60, f"the header and the toolbar take {sizes['top']} px of 390"
    assert sizes["card"] >= 0.06 * LANDSCAPE["width"], sizes


def test_covered_cards_on_a_phone_leave_a_finger_24_px(make_page: Any) -> None:
    page = _phone(make_page, PORTRAIT)
    _late(page, "blockade")
    sizes = page.evaluate(SIZES)
    assert sizes["steps"] and min(sizes["steps"]) >= 24, sizes
    assert sizes["card"] >= 30, sizes
