"""What a move asks of the browser (issue 45, speed on a slow phone), counted, not timed.

A card is a few elements: its suit signs are paths of its own, not ``<use>`` copies of a
symbol, each of which brings a shadow tree that the browser styles again with the card. A
lift lights the top card of each pile it may go to and no other card, and shows whole the
card it leaves; a covered card's centre is hidden again once the cards are put back.
"""

from __future__ import annotations

from typing import Any

from tablepage import PHONE, card_point, open_deal, server_game, wait_idle

# Every element a card brings to the page, its shadow trees included (two per <use>: the
# symbol's copy and its path), the most of any card on the table.
ELEMENTS = """() => Math.max(...[...document.querySelectorAll('#table .card')].map((card) =>
  1 + card.querySelectorAll('*').length + 2 * card.querySelectorAll('use').length))"""

# The cards drawn with a target's light (its gold), by pile, bottom to top.
LIT = """() => [...document.querySelectorAll('#table [data-pile]')].flatMap((pile) =>
  [...pile.children].map((card, index) => [pile.dataset.pile, index, pile.children.length,
    getComputedStyle(card).boxShadow.includes('255, 211, 77')]).filter((row) => row[3]))"""

# Whether the centre of card ``index`` of pile ``name`` is drawn.
CENTRE = """([name, index]) => {
  const card = document.querySelector(`#table [data-pile="${name}"]`).children[index];
  const look = getComputedStyle(card.querySelector('.centre'));
  return look.display !== 'none' && look.opacity !== '0' && look.visibility !== 'hidden';
}"""


def test_a_card_is_a_few_elements(page: Any) -> None:
    # Streets deal 5 shows court cards, the cards with the most signs.
    open_deal(page, "streets", 5)
    assert page.evaluate(ELEMENTS) <= 12
    assert page.locator("#table .card use").count() == 0


def test_a_lift_lights_the_top_cards_of_its_targets_and_shows_the_card_it_leaves(
    make_page: Any,
) -> None:
    # On a phone the piles are columns (the laptop's rows fanned sideways show a covered
    # card's edge only, lifted or not).
    page = make_page(PHONE)
    open_deal(page, "stronghold", 1)
    game = server_game(page)
    src = "t0"
    under = len(game["layout"]["tableau"][0]) - 2
    assert not page.evaluate(CENTRE, [src, under]), "a covered card shows its index only"
    x, y = card_point(page, src, None)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 30, y + 40, steps=3)
    targets = {m.split(">")[1] for m in game["legal"] if m.startswith(f"{src}>") and ":" not in m}
    held = {dst for dst in targets if page.locator(f'#table [data-pile="{dst}"] .card').count()}
    assert held, "the top card of t0 goes onto a card"
    lit = page.evaluate(LIT)
    # One card lit per target that holds cards: its top card.
    assert sorted(pile for pile, *_ in lit) == sorted(held), lit
    assert all(index == count - 1 for _, index, count, _ in lit), lit
    assert page.evaluate(CENTRE, [src, under]), "the card left behind shows whole"
    # Put back where it was picked up: nothing is lit, and the card is covered again.
    page.mouse.move(x, y, steps=3)
    page.mouse.up()
    wait_idle(page)
    page.wait_for_function(f"!({CENTRE})({[src, under]!r})")
    assert page.evaluate(LIT) == []
