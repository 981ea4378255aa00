"""Long piles stay readable (issue 16, point 10): in every game and at every screen size, each
covered card of a pile shows its whole index (the rank and its suit) or at least 30 px of
itself along the fan, no pile runs off the board or over another, and the games dealt whole
and face up use their classic layout of rows fanned sideways on wide screens.

The positions come from the stored winning lines, played part way: to the point where the
longest pile is longest. Every game early in a deal is checked the same way at a laptop's
size and a phone's by ``test_screens``, on the page it checks that the table fits. Pictures
land in ``/tmp/layout-shots/`` for people to look at.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest
from tablepage import drag, open_position, server_game, wait_idle, wait_planned

from solitaire import Game
from solitaire.deals.winnable import proved_deals
from solitaire.engine.games import FEATURED

SHOTS = Path("/tmp/layout-shots")
SIZES = {
    "1366x768": {"width": 1366, "height": 768},
    "1280x720": {"width": 1280, "height": 720},
    "1920x1080": {"width": 1920, "height": 1080},
    "390x844": {"width": 390, "height": 844},
    "844x390": {"width": 844, "height": 390},
}
READABLE_PX = 30

# Every covered card of every pile: how much of it shows along its pile's fan (to the next
# card's edge), against how far its index reaches (measured on the card's own drawing: the
# rank, and the suit that shows with it: beside it down a column, below it across a row).
# Then every card and pile against the board's edges, and cards of different piles
# against each other.
MEASURE = """() => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const covered = [];
  const outside = [];
  const cards = [];
  const lengths = [];
  for (const pile of document.querySelectorAll('#table [data-pile]')) {
    const name = pile.dataset.pile;
    const els = [...pile.querySelectorAll('[data-card]')];
    if (name[0] === 't') lengths.push(els.length);
    const across = pile.dataset.fan === 'across';
    const rects = els.map((el) => el.getBoundingClientRect());
    for (let i = 0; name[0] === 't' && i + 1 < els.length; i++) {
      const a = rects[i];
      const b = rects[i + 1];
      const rank = els[i].querySelector('.index').getBoundingClientRect();
      const suit = els[i].querySelector(across ? '.side' : '.corner').getBoundingClientRect();
      covered.push({
        pile: name, index: i, card: els[i].dataset.card, across,
        shown: across ? b.left - a.left : b.top - a.top,
        index_extent: across ? Math.max(rank.right, suit.right) - a.left
                             : Math.max(rank.bottom, suit.bottom) - a.top,
        suit_drawn: suit.width > 0 && suit.height > 0,
        // The next card must not slide the other way: down a column it covers the
        // bottom of this card only, across a row its right part only.
        skew: across ? Math.abs(b.top - a.top) : Math.abs(b.left - a.left),
        card_height: a.height, card_width: a.width,
      });
    }
    for (const r of [pile.getBoundingClientRect(), ...rects]) {
      if (r.left < board.left - 0.5 || r.right > board.right + 0.5 ||
          r.top < board.top - 0.5 || r.bottom > board.bottom + 0.5) outside.push(name);
    }
    rects.forEach((r) => cards.push({pile: name, r}));
  }
  const overlaps = [];
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      const a = cards[i];
      const b = cards[j];
      if (a.pile === b.pile) continue;
      const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
      const h = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
      if (w > 0.5 && h > 0.5) overlaps.push([a.pile, b.pile]);
    }
  }
  const root = document.scrollingElement;
  return {
    covered, outside: [...new Set(outside)], overlaps: overlaps.slice(0, 5), lengths,
    scrolls: root.scrollHeight > innerHeight || root.scrollWidth > innerWidth,
    board_off_screen: board.left < -0.5 || board.top < -0.5 || board.right > innerWidth + 0.5 ||
      board.bottom > innerHeight + 0.5,
    layout: document.querySelector('#board').dataset.layout,
    card_width: parseFloat(getComputedStyle(document.querySelector('#board'))
      .getPropertyValue('--card-w')),
  };
}"""


@cache
def longest_position(game: str) -> tuple[int, tuple[str, ...], int]:
    """A proved deal and a prefix of its winning line that makes the longest pile of the
    first proved deals: (deal, moves, length of that pile)."""
    best = (0, 0, ())
    for proved in proved_deals(game)[:12]:
        played = Game.deal(game, proved.deal)
        for i, move in enumerate(proved.solution):
            played.push(move)
            longest = max(len(pile) for pile in played.layout.state.tableau)
            if longest > best[0]:
                best = (longest, proved.deal, proved.solution[: i + 1])
    longest, deal, moves = best
    return deal, tuple(moves), longest


def resize(page: Any, size: str) -> None:
    """Give the page the screen ``size`` and wait until the board is planned for it. The
    pooled page's own page is resized (``conftest.PooledPage``), so that a test that gives it
    its first size back leaves it fit for another test."""
    getattr(page, "page", page).set_viewport_size(SIZES[size])
    wait_planned(page)


def check_readable(page: Any, where: str) -> dict[str, Any]:
    seen: dict[str, Any] = page.evaluate(MEASURE)
    assert not seen["board_off_screen"], f"{where}: the board runs off the screen"
    assert not seen["scrolls"], f"{where}: the page scrolls"
    assert not seen["outside"], f"{where}: piles run off the board: {seen['outside']}"
    assert not seen["overlaps"], f"{where}: piles run over each other: {seen['overlaps']}"
    unreadable = [
        c
        for c in seen["covered"]
        if not (c["shown"] >= READABLE_PX - 0.5 or c["shown"] >= c["index_extent"] - 0.5)
        or not c["suit_drawn"]
        or c["skew"] > 0.5
    ]
    assert not unreadable, (
        f"{where}: {len(unreadable)} covered cards cannot be read, e.g. {unreadable[:3]}"
    )
    return seen


@pytest.mark.parametrize("game", FEATURED)
def test_the_longest_piles_stay_readable_at_every_size(make_page: Any, game: str) -> None:
    deal, moves, longest = longest_position(game)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = make_page(SIZES["1366x768"])
    open_position(page, game, deal, moves)
    whole_deck = server_game(page)["table"]["whole_deck_dealt"]
    for size in SIZES:
        resize(page, size)
        seen = check_readable(page, f"{game} deal {deal} after {len(moves)} moves at {size}")
        page.screenshot(path=SHOTS / f"{game}-{size}-longest.png")
        assert max(seen["lengths"]) == longest
        # Rows fanned sideways only for a game dealt whole, and always on a wide screen.
        if not whole_deck:
            assert seen["layout"] == "columns", f"{game} at {size}"
        elif SIZES[size]["width"] >= 1280:
            assert seen["layout"] == "wings", f"{game} at {size}"
        # The cards stay big enough to matter: never below the planner's floor.
        assert seen["card_width"] >= 22, f"{game} at {size}: cards {seen['card_width']} px wide"
    resize(page, "1366x768")  # the size the page was opened with, for the next test


WINGS = """() => {
  const box = (el) => el.getBoundingClientRect();
  const piles = [...document.querySelectorAll('#table [data-pile^="t"]')];
  const fans = piles.map((pile) => {
    const cards = [...pile.querySelectorAll('[data-card]')].map(box);
    return {
      fan: pile.dataset.fan,
      sideways: cards.every((r, i) => i === 0 ||
        (r.left > cards[i - 1].left + 1 && Math.abs(r.top - cards[i - 1].top) < 0.5)),
      left: box(pile).left, right: box(pile).right, top: box(pile).top,
    };
  });
  const middle = [...document.querySelectorAll('#table [data-pile^="f"], #table [data-pile^="c"]')]
    .map((el) => ({left: box(el).left, right: box(el).right}));
  return {layout: document.querySelector('#board').dataset.layout, fans, middle};
}"""


def stronghold_line() -> tuple[int, tuple[str, ...], int]:
    """A proved Stronghold deal and the index of the first move of its line that takes a run."""
    for proved in proved_deals("stronghold"):
        for i, move in enumerate(proved.solution):
            if ":" in move and move.startswith("t") and ">t" in move:
                return proved.deal, proved.solution, i
    raise AssertionError("no Stronghold line moves a run")


@pytest.mark.parametrize("size", ["1366x768", "1920x1080"])
def test_stronghold_uses_the_wings_and_plays_by_drag_and_click(make_page: Any, size: str) -> None:
    deal, line, at = stronghold_line()
    page = make_page(SIZES[size])
    open_position(page, "stronghold", deal, line[:at])
    seen = page.evaluate(WINGS)
    assert seen["layout"] == "wings"
    fans = seen["fans"]
    assert all(f["fan"] == "across" and f["sideways"] for f in fans), fans
    # Four rows on the left, four on the right, the foundations and the cell between them.
    left, right = fans[:4], fans[4:]
    assert len({f["top"] for f in left}) == 4 and len({f["top"] for f in right}) == 4
    inner_left = max(f["right"] for f in left)
    inner_right = min(f["left"] for f in right)
    assert all(inner_left <= m["left"] and m["right"] <= inner_right for m in seen["middle"])
    check_readable(page, f"stronghold wings at {size}")

    # A drag of a run, picked up by a covered card's visible edge.
    move = line[at]
    src, rest = move.split(">")
    dst, _, count = rest.partition(":")
    before = server_game(page)
    drag(page, src, int(count), dst)
    after = server_game(page)
    assert after["moves"][len(before["moves"])] == move, (move, after["moves"][-3:])

    # A click on a top card plays what the engine's click order says it does.
    played = Game.deal("stronghold", deal)
    for done in after["moves"]:
        played.push(done)
    for i in range(8):
        trial = Game.deal("stronghold", deal)
        for done in after["moves"]:
            trial.push(done)
        expected = trial.click(f"t{i}")
        if expected is not None:
            break
    else:
        raise AssertionError("no top card of a pile can move by a click")
    count_before = len(after["moves"])
    x, y = page.evaluate(
        """(name) => {
          const cards = document.querySelectorAll(`#table [data-pile="${name}"] [data-card]`);
          const r = cards[cards.length - 1].getBoundingClientRect();
          return [r.left + r.width / 2, r.top + r.height / 2];
        }""",
        f"t{i}",
    )
    page.mouse.click(x, y)
    wait_idle(page)
    clicked = server_game(page)
    assert clicked["moves"][count_before] == str(expected), clicked["moves"][count_before:]
    check_readable(page, f"stronghold wings at {size} after a drag and a click")
