"""What a move asks of the browser (issue 45, speed on a slow phone), counted, not timed.

A card is a few elements: its suit signs are paths of its own, not ``<use>`` copies of a
symbol, each of which brings a shadow tree that the browser styles again with the card. A
lift lights the top card of each pile it may go to and no other card, and shows whole the
card it leaves; a covered card's centre is hidden again once the cards are put back. A move's
toolbar and its words for screen readers show the move before the server answers, and the
answer, when it agrees, writes nothing to the page: each write would cost a frame of its own
(style, layout, paint, a compositor frame).
"""

from __future__ import annotations

from typing import Any

from tablepage import PHONE, card_point, drag, open_deal, parse_move, server_game, wait_idle

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


class HeldMoves:
    """Holds the server's answers to moves until :meth:`release`."""

    def __init__(self, page: Any) -> None:
        self.routes: list[Any] = []
        page.route("**/api/games/*/moves", self.hold)

    def hold(self, route: Any) -> None:
        self.routes.append(route)

    def release(self) -> None:
        for route in self.routes:
            route.continue_()
        self.routes.clear()


# The page's writes from now on (MutationObserver records), but for the board's hooks that
# no style reads (data-busy, data-version) and the clock, which ticks on its own.
WATCH_WRITES = """() => {
  window.writes = [];
  new MutationObserver((records) => {
    for (const r of records) {
      const el = r.target.nodeType === 1 ? r.target : r.target.parentElement;
      if (el.id === 'table' && ['data-busy', 'data-version'].includes(r.attributeName)) continue;
      if (el.closest('[data-role="time"]')) continue;
      window.writes.push(`${r.type} ${r.attributeName ?? ''} ${el.tagName} ${el.className}`);
    }
  }).observe(document, {subtree: true, attributes: true, childList: true, characterData: true});
}"""


def test_a_move_shows_with_its_count_and_words_and_an_agreeing_answer_writes_nothing(
    page: Any,
) -> None:
    open_deal(page, "stronghold", 1)
    move = next(m for m in server_game(page)["legal"] if m != "s")
    held = HeldMoves(page)
    src, dst, count = parse_move(move)
    drag(page, src, count, dst, settle=False)
    page.wait_for_function("() => document.querySelector('#table').dataset.busy === 'true'")
    page.wait_for_function("() => document.querySelectorAll('#table .card.moving').length === 0")
    # Before the server has answered: the cards, the count and the words show the move.
    assert page.locator('[data-role="moves"]').text_content() == "1 move"
    assert page.locator('[data-role="live"]').text_content(), "the move is said at once"
    assert not page.locator('.toolbar [data-action="undo"]').is_disabled()
    page.evaluate(WATCH_WRITES)
    held.release()
    wait_idle(page)
    assert server_game(page)["moves"] == [move]
    assert page.evaluate("window.writes") == []


# The board's card sizes as the shapes and letters of a card's face see them.
FACE_SIZES = """() => [...document.querySelectorAll('#table .card .face, #table .card .face *')]
  .map((el) => getComputedStyle(el).getPropertyValue('--card-w')).filter(Boolean).length"""


def test_a_change_of_the_cards_size_does_not_reach_their_faces(page: Any) -> None:
    # A long pile shrinks every card: the board's --card-w changes, and each element that
    # inherits it is styled again. A face reads no size of the board's (its SVG scales to its
    # card): its shapes and letters must not inherit one, or a shrink restyles all of them.
    open_deal(page, "streets-and-alleys", 15)
    width = page.evaluate(
        "getComputedStyle(document.querySelector('#board')).getPropertyValue('--card-w')"
    )
    assert width.endswith("px"), width
    assert page.evaluate(FACE_SIZES) == 0
