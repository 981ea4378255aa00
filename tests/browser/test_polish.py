"""Issue 37, point 4: the polish of the best sites, checked in the page.

Nothing is drawn over the open New deal menu; a pile's name never covers a card; a covered
card shows its index and nothing else, and "10" is written in the letters of every rank; the
tables of Stronghold and Streets and Alleys are centred at 1366x768; a phone keeps its layout
through a game; the statistics draw a 0% win rate, with week labels that neither overlap nor
leave the chart, and nothing is cut off on a phone; the rules page shows its solver's table
whole; the win dialog waits for Settings and does not come back on a reload; Done is in sight
in Settings; the look follows a logged-in player to another browser. On the laptop's table
of every game, the table names its game, with a how-to-play panel and a link to the rules.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from tablepage import (
    IDLE,
    LAPTOP,
    PHONE,
    Session,
    advance,
    api,
    click,
    drag,
    game_id,
    log_in,
    open_deal,
    parse_move,
    play_move,
    server_game,
    sign_up,
    status,
    wait_idle,
)
from winning_lines import load

from solitaire.engine.games import FEATURED, get_rules

MENU_ON_TOP = """() => {
  const menu = document.querySelector('.toolbar .menu');
  const r = menu.getBoundingClientRect();
  const missed = [];
  for (let x = r.left + 4; x < r.right - 4; x += 12) {
    for (let y = r.top + 4; y < r.bottom - 4; y += 12) {
      if (!document.elementFromPoint(x, y)?.closest('.menu')) missed.push([x, y]);
    }
  }
  return missed;
}"""


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_nothing_is_drawn_over_the_open_new_deal_menu(make_page: Any, viewport: Any) -> None:
    page = make_page(viewport)
    open_deal(page, "streets", 8)
    click(page, "s")  # a card on the waste, and the stock's count
    wait_idle(page)
    page.click('.toolbar [data-action="deal-menu"]')
    assert page.evaluate(MENU_ON_TOP) == []


LABEL = """(name) => {
  const pile = document.querySelector(`#table [data-pile="${name}"]`);
  const after = getComputedStyle(pile, '::after');
  return after.display === 'none' || after.content === 'none' ? null : after.content;
}"""


def test_a_pile_name_never_covers_a_card(page: Any) -> None:
    open_deal(page, "streets", 8)
    assert page.evaluate(LABEL, "w") == '"Waste"', "an empty waste is named"
    click(page, "s")
    wait_idle(page)
    assert page.evaluate(LABEL, "w") is None, "a card on the waste: no name over it"
    open_deal(page, "stronghold", 4)
    assert page.evaluate(LABEL, "c0") == '"Free cell"'
    cell_move = next(m for m in server_game(page)["legal"] if m.endswith(">c0"))
    play_move(page, cell_move)
    assert page.evaluate(LABEL, "c0") is None, "a card in the cell: no name over it"


COVERED = """() => {
  const out = [];
  for (const pile of document.querySelectorAll('#table [data-pile^="t"]')) {
    const cards = [...pile.querySelectorAll('[data-card]')];
    cards.slice(0, -1).forEach((card, i) => {
      const look = getComputedStyle(card.querySelector('.centre'));
      const centre = look.display === 'none' || look.opacity === '0' ||
        look.visibility === 'hidden' ? 'hidden' : 'shown';
      const next = cards[i + 1].getBoundingClientRect();
      const index = card.querySelector('.index').getBoundingClientRect();
      const across = pile.dataset.fan === 'across';
      // How far the index reaches past the strip the next card leaves showing.
      const over = across ? index.right - next.left : index.bottom - next.top;
      out.push({card: card.dataset.card, centre, over});
    });
  }
  return out;
}"""

TENS = """() => [...document.querySelectorAll('#table [data-card^="T"] .index')].map((text) => ({
  squeezed: text.hasAttribute('textLength'),
  size: parseFloat(getComputedStyle(text).fontSize),
  other: parseFloat(getComputedStyle(
    document.querySelector('#table [data-card]:not([data-card^="T"]) .index')).fontSize),
}))"""


@pytest.mark.parametrize("game", FEATURED)
@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_a_covered_card_shows_its_index_only_and_ten_is_not_squeezed(
    make_page: Any, game: str, viewport: Any
) -> None:
    page = make_page(viewport)
    open_deal(page, game, 4)
    covered = page.evaluate(COVERED)
    for card in covered:
        # No sliver of a court card's frame or of a large suit shows under the index, and
        # the whole index shows ("10" included).
        assert card["centre"] == "hidden", card
        assert card["over"] <= 1, card
    tens = page.evaluate(TENS)
    assert tens, "the deal shows a ten"
    for ten in tens:
        assert not ten["squeezed"] and ten["size"] >= 0.78 * ten["other"], ten
    if viewport == LAPTOP:
        names_its_game_and_explains_it(page, game)


def names_its_game_and_explains_it(page: Any, game: str) -> None:
    """The table names its game; the name opens a panel on how to play it, with a link to
    its rules page, and the panel's button closes it. Checked on the page the covered cards
    were checked on, after them: the panel, once closed, leaves the table as it was."""
    name = get_rules(game).name
    button = page.locator("#table [data-role=game-name]")
    assert button.inner_text() == name, "the table names its game"
    button.click()
    panel = page.locator("#table [data-role=how]")
    panel.wait_for()
    assert panel.locator("h2").inner_text() == f"How to play {name}", "the panel's title"
    assert len(panel.inner_text()) > 200, "a short how-to-play, not just a title"
    assert panel.locator(f"a[href='/rules/{game}/']").is_visible(), "a link to the rules"
    panel.locator("button.primary").click()
    assert panel.is_hidden(), "the panel's button closes it"


EXTENT = """() => {
  const cards = [...document.querySelectorAll('#table [data-card]')].map(
    (c) => c.getBoundingClientRect());
  const board = document.querySelector('#board').getBoundingClientRect();
  const left = Math.min(...cards.map((r) => r.left)) - board.left;
  const right = board.right - Math.max(...cards.map((r) => r.right));
  return {left, right, width: board.width};
}"""


@pytest.mark.parametrize("game", ["stronghold", "streets-and-alleys"])
def test_the_wings_are_centred_at_1366x768(page: Any, game: str) -> None:
    for deal in (1, 4, 22):
        open_deal(page, game, deal)
        extent = page.evaluate(EXTENT)
        assert extent["left"] >= 0 and extent["right"] >= 0, extent
        assert abs(extent["left"] - extent["right"]) <= 0.03 * extent["width"], (deal, extent)


SHAPE = """() => {
  const board = document.querySelector('#board');
  const tops = new Set([...board.querySelectorAll('[data-pile^="t"]')].map(
    (pile) => Math.round(pile.getBoundingClientRect().top)));
  return {
    rows: tops.size,
    width: parseFloat(getComputedStyle(board).getPropertyValue('--card-w')),
    status: document.querySelector('#table').dataset.status,
  };
}"""
"""The board's rows of tableau piles, its card width, and the status the table shows."""

SETTLED_SHAPE = f"""async () => {{
  const until = Date.now() + 10000;
  while (!({IDLE})()) {{
    if (Date.now() > until) throw new Error('the table never settled after the move');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }}
  return ({SHAPE})();
}}"""
""":data:`SHAPE` once the table is idle (``tablepage.wait_idle``, looked at as often): one
round trip to the page after a move, not two."""


@pytest.mark.long
def test_a_phone_keeps_its_layout_through_a_game_of_streets(make_page: Any) -> None:
    """Issue 37's game: Streets deal 50 on a phone, played at random until it is stuck (the
    stuck banner then takes its room below the board)."""
    page = make_page(PHONE, has_touch=True, is_mobile=True)
    open_deal(page, "streets", 50)
    first = page.evaluate(SHAPE)
    assert first["rows"] == 2, first
    rng = random.Random(1)
    shapes = []
    # The legal moves come from the server to the test, not through the page: one request
    # a move that costs the browser nothing, and the table's status with its shape.
    session = Session.of(page)
    path = f"/api/games/{game_id(page)}"
    shown = first
    try:
        for _ in range(300):
            answer = session.call("GET", path)
            assert answer["status"] == 200, answer
            legal = answer["body"]["legal"]
            if shown["status"] != "playing":
                break
            cards = [m for m in legal if m != "s"]
            if cards and rng.random() < 0.7:
                move = rng.choice(cards)
            else:
                move = "s" if "s" in legal else rng.choice(legal)
            if move == "s":
                click(page, "s")
            else:
                src, dst, count = parse_move(move)
                drag(page, src, count, dst, settle=False)
            shown = page.evaluate(SETTLED_SHAPE)
            shapes.append(shown)
    finally:
        session.close()
    assert len(shapes) > 100
    assert status(page) == "stuck", "issue 37 played this deal until it was stuck"
    page.locator("#table [data-role=stuck]").wait_for()
    ended = page.evaluate(SHAPE)  # with the banner below the board
    assert {shape["rows"] for shape in [*shapes, ended]} == {2}, "two rows of five, all along"
    # The cards shrink only as far as a long pile needs to stay readable: a little as piles
    # grow, and a little more when the banner takes its room at the end (issue 37: 33 px),
    # where every covered card still leaves a finger 24 px (issue 45).
    smallest = min(shape["width"] for shape in shapes[:-1])
    assert smallest >= 0.9 * first["width"], (first, smallest)
    assert ended["width"] >= 0.72 * first["width"], (first, ended)


def _end_a_game(page: Any) -> None:
    open_deal(page, "streets-and-alleys", 15)
    played = server_game(page)
    api(page, "POST", f"/api/games/{played['id']}/moves", {"move": "t2>f0", "version": 0})
    api(page, "POST", "/api/games", {"game": "streets-and-alleys", "deal": 16})


LABELS = """() => [...document.querySelectorAll('svg.chart')].map((svg) => {
  const box = svg.viewBox.baseVal;
  const axis = [...svg.querySelectorAll('text')].filter(
    (t) => t.textContent.match(/^\\d\\d [A-Z][a-z]{2}$/)).map((t) => t.getBBox());
  const overlaps = axis.slice(1).filter((b, i) => b.x < axis[i].x + axis[i].width).length;
  const outside = axis.filter((b) => b.x < 0 || b.x + b.width > box.width).length;
  return {labels: axis.length, overlaps, outside};
})"""


def test_the_statistics_draw_a_zero_rate_with_labels_that_fit(page: Any) -> None:
    _end_a_game(page)
    page.goto("/stats/")
    assert page.locator("figure.chart-figure").count() == 2, "a lost game draws the charts"
    rates = page.locator("svg.chart").nth(1)
    assert "Streets and Alleys" in rates.inner_html()
    assert rates.locator("circle title", has_text="Streets and Alleys").count() >= 1
    assert "Streets and Alleys" in rates.locator("circle title").last.inner_html()
    assert ": 0%" in rates.locator("circle title").last.inner_html()
    for chart in page.evaluate(LABELS):
        assert chart["labels"] >= 4 and chart["overlaps"] == 0 and chart["outside"] == 0, chart


def test_nothing_is_cut_off_on_a_phone(make_page: Any) -> None:
    page = make_page(PHONE)
    _end_a_game(page)
    for url in ("/stats/", "/rules/stronghold/", "/rules/fours-up/"):
        page.goto(url)
        widths = page.evaluate(
            """() => [document.documentElement.scrollWidth, window.innerWidth,
                ...[...document.querySelectorAll('.table-scroll')].map(
                  (el) => el.scrollWidth - el.clientWidth)]"""
        )
        assert widths[0] <= widths[1], (url, widths)
        assert all(over <= 1 for over in widths[2:]), (url, widths)


@pytest.mark.parametrize("game", FEATURED)
def test_the_rules_page_shows_the_solver_table_whole_at_1366(page: Any, game: str) -> None:
    page.goto(f"/rules/{game}/")
    table = page.locator("#solver .table-scroll")
    over = table.evaluate("(el) => el.scrollWidth - el.clientWidth")
    assert over <= 1
    box = table.bounding_box()
    assert box and box["x"] + box["width"] <= LAPTOP["width"]


# The cards' glide home held where it starts: the animations running when the table first
# says the game is won (in the task that starts them, so before any of them can end) are
# paused, and played on by RELEASE. A slow machine then cannot land them before the click.
HOLD_THE_GLIDE = """() => {
  const table = document.querySelector('#table');
  const observer = new MutationObserver(() => {
    if (table.dataset.status !== 'won') return;
    observer.disconnect();
    window.heldGlides = document.getAnimations().filter((a) => a.playState === 'running');
    for (const animation of window.heldGlides) animation.pause();
  });
  observer.observe(table, { attributes: true, attributeFilter: ['data-status'] });
}"""
RELEASE = "() => { for (const animation of window.heldGlides) animation.play(); }"


@pytest.mark.motion
def test_the_win_waits_for_settings_and_is_not_shown_again_on_a_reload(page: Any) -> None:
    line = load("stronghold", "drag")
    open_deal(page, "stronghold", line.deal)
    advance(page, line.moves[:-1])
    src, dst, count = parse_move(line.moves[-1])
    page.evaluate(HOLD_THE_GLIDE)
    drag(page, src, count, dst, settle=False)  # Auto complete then plays every card home
    page.wait_for_function("() => 'heldGlides' in window")
    assert page.evaluate("window.heldGlides.length"), "the cards glide home from the win"
    page.click('.toolbar [data-action="settings"]')  # while they glide home
    settings = page.locator("[data-role=settings]")
    assert settings.is_visible()
    page.evaluate(RELEASE)
    wait_idle(page)
    page.wait_for_timeout(300)
    win = page.locator("[data-role=win]")
    assert win.is_hidden(), "the win waits while Settings is open"
    settings.locator("button.primary").click()
    win.wait_for()
    win.locator('[data-action="close"]').click()
    page.reload()
    wait_idle(page)
    assert status(page) == "won"
    page.wait_for_timeout(500)
    assert page.locator("[data-role=win]").is_hidden(), "a won game is not celebrated again"
    assert "You won this deal in" in page.inner_text("#table [data-role=stuck]")


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_settings_done_is_in_sight(make_page: Any, viewport: Any) -> None:
    page = make_page(viewport)
    open_deal(page, "fours-up", 4)
    page.click('.toolbar [data-action="settings"]')
    done = page.locator("[data-role=settings] button.primary")
    box = done.bounding_box()
    assert box and box["y"] + box["height"] <= viewport["height"], box
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.textContent.trim()",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == "Done"
    done.click()
    assert page.locator("[data-role=settings]").is_hidden()


LOOK = """() => [document.documentElement.dataset.theme ?? 'system',
  document.documentElement.dataset.felt, document.documentElement.dataset.back,
  document.documentElement.classList.contains('left-handed')]"""


@pytest.mark.long
def test_the_look_follows_a_logged_in_player_to_another_browser(make_page: Any) -> None:
    here = make_page()
    name = sign_up(here)
    open_deal(here, "streets", 8)
    here.click('.toolbar [data-action="settings"]')
    with here.expect_response(lambda r: r.url.endswith("/api/settings")):
        here.select_option("[data-look=theme]", "dark")
    for key, value in (("felt", "blue"), ("back", "red")):
        with here.expect_response(lambda r: r.url.endswith("/api/settings")):
            here.select_option(f"[data-look={key}]", value)
    with here.expect_response(lambda r: r.url.endswith("/api/settings")):
        here.check("[data-look=left]")
    assert here.evaluate(LOOK) == ["dark", "blue", "red", True]

    there = make_page()  # another browser: nothing kept in it
    there.goto("/")
    assert there.evaluate(LOOK) == ["system", "green", "blue", False]
    log_in(there, name)
    open_deal(there, "streets", 8)
    assert there.evaluate(LOOK) == ["dark", "blue", "red", True]
    stock = there.locator("#table [data-pile=s]").bounding_box()
    foundation = there.locator("#table [data-pile=f0]").bounding_box()
    assert stock and foundation and stock["x"] > foundation["x"], "left-handed: stock right"
    there.goto("/stats/")
    assert there.evaluate(LOOK) == ["dark", "blue", "red", True], "on every page"
