"""Nothing the table says covers a card: its messages sit in the header, over the scores, on
a laptop and a phone alike; a hint lights one box on the pile it names."""

from __future__ import annotations

from typing import Any

from tablepage import LAPTOP, PHONE, almost_won, wait_idle

BOXES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const r = el.getBoundingClientRect();
  return [r.left, r.top, r.right, r.bottom];
})"""


def _meets(a: list[float], b: list[float]) -> bool:
    return min(a[2], b[2]) - max(a[0], b[0]) > 0 and min(a[3], b[3]) - max(a[1], b[1]) > 0


def _toast_clear_of(page: Any, selector: str) -> None:
    toast = page.locator("#table [data-role=toast]")
    toast.wait_for()
    (box,) = page.evaluate(BOXES, "#table [data-role=toast]")
    for other in page.evaluate(BOXES, selector):
        assert not _meets(box, other), f"the message {box} covers {selector} at {other}"


def test_the_proved_notice_on_a_phone_covers_no_card(make_page: Any) -> None:
    page = make_page(PHONE, has_touch=True, is_mobile=True)
    page.goto("/play/stronghold/?winnable=1")
    wait_idle(page)
    assert "proved" in page.inner_text("#table [data-role=toast]").lower()
    _toast_clear_of(page, "#board")


def test_a_hint_says_its_words_off_the_board_and_draws_one_box(make_page: Any) -> None:
    page = make_page(LAPTOP)
    page.goto("/play/stronghold/?deal=1")
    wait_idle(page)
    page.click('.toolbar [data-action="hint"]')
    page.wait_for_selector("#table .pile.hint-target")
    _toast_clear_of(page, "#board")
    # A box on the pile's place, drawn only when no card is there to carry it.
    boxed = page.evaluate(
        """() => [...document.querySelectorAll('#table .pile.hint-target')].map((pile) => [
          pile.children.length,
          getComputedStyle(pile, '::before').boxShadow !== 'none',
          pile.lastElementChild ? getComputedStyle(pile.lastElementChild).boxShadow : '',
        ])"""
    )
    for count, place_boxed, top_shadow in boxed:
        assert place_boxed == (count == 0), boxed
        if count:
            assert "255, 211, 77" in top_shadow, boxed


def test_auto_completes_words_sit_clear_of_the_board_and_the_win(page: Any) -> None:
    almost_won(page)
    page.wait_for_selector("[data-role=win][open]")
    assert "Auto complete" in page.inner_text("#table [data-role=toast]")
    _toast_clear_of(page, "#board")
    _toast_clear_of(page, "[data-role=win]")
