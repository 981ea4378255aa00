"""Issue 16 in the browser, as a player meets it: asking before a game is thrown away and
counting it only once played (7), the clock from the first move (9), the phone (12), the
keyboard and the screen reader (14), and the icons and static files (15)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from tablepage import (
    LAPTOP,
    PHONE,
    SCREENSHOTS_DIR,
    ask_deal_number,
    click,
    game_id,
    open_deal,
    server_game,
    wait_idle,
)

from solitaire.engine.games import FEATURED

RANKS = {"A": "ace", "T": "ten", "J": "jack", "Q": "queen", "K": "king", "2": "two",
         "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
         "9": "nine"}  # fmt: skip
SUITS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
SHOTS = SCREENSHOTS_DIR


def _name(card: str) -> str:
    return f"{RANKS[card[0]]} of {SUITS[card[1]]}"


def _confirm(page: Any) -> Any:
    dialog = page.locator("[data-role=confirm]")
    dialog.wait_for()
    return dialog


def _played(page: Any, game: str) -> tuple[int, int]:
    page.goto("/stats/")
    row = page.locator(f"tr[data-game={game}]")
    return int(row.locator("[data-stat=played]").inner_text()), int(
        row.locator("[data-stat=won]").inner_text()
    )


# ---- 7: New deal and Restart ask first; a game counts once a move is made -----------------


def test_new_deal_mid_game_asks_first_and_keeps_the_game_when_told(page: Any) -> None:
    open_deal(page, "streets", 5)
    click(page, "s")
    wait_idle(page)
    first = game_id(page)
    page.click('.toolbar [data-action="new"]')
    dialog = _confirm(page)
    assert "Deal a new game?" in dialog.inner_text()
    assert "counts as lost" in dialog.inner_text()
    dialog.locator("button", has_text="Keep playing").click()
    assert dialog.is_hidden()
    wait_idle(page)
    assert game_id(page) == first and server_game(page)["moves"] == ["s"]

    page.click('.toolbar [data-action="new"]')
    _confirm(page).locator("button", has_text="Deal a new game").click()
    page.wait_for_function(f"() => document.querySelector('#table').dataset.gameId !== '{first}'")
    wait_idle(page)
    assert server_game(page)["moves"] == []
    assert _played(page, "streets") == (1, 0)


def test_escape_keeps_the_game_and_the_menu_deals_ask_too(page: Any) -> None:
    open_deal(page, "streets", 5)
    click(page, "s")
    wait_idle(page)
    first = game_id(page)
    ask_deal_number(page, 77)
    _confirm(page)
    page.keyboard.press("Escape")
    wait_idle(page)
    assert game_id(page) == first and server_game(page)["deal"] == 5


def test_restart_mid_game_asks_first(page: Any) -> None:
    open_deal(page, "streets", 5)
    click(page, "s")
    wait_idle(page)
    click(page, "s")
    wait_idle(page)
    page.click('.toolbar [data-action="restart"]')
    dialog = _confirm(page)
    assert "Restart this deal?" in dialog.inner_text() and "2 moves" in dialog.inner_text()
    dialog.locator("button", has_text="Keep playing").click()
    wait_idle(page)
    assert server_game(page)["moves"] == ["s", "s"]
    page.click('.toolbar [data-action="restart"]')
    _confirm(page).locator("button", has_text="Restart").click()
    page.wait_for_function(
        "() => document.querySelector('[data-role=moves]').textContent === '0 moves'"
    )
    wait_idle(page)
    assert server_game(page)["moves"] == []


def test_a_deal_left_untouched_is_left_without_a_question_and_never_counts(page: Any) -> None:
    open_deal(page, "streets", 5)
    for _ in range(2):
        first = game_id(page)
        page.click('.toolbar [data-action="new"]')
        page.wait_for_function(
            f"() => document.querySelector('#table').dataset.gameId !== '{first}'"
        )
        wait_idle(page)
        assert page.locator("[data-role=confirm]").is_hidden()
    assert _played(page, "streets") == (0, 0)
    assert "only once you have made a move" in page.inner_text("[data-role=counting]")


# ---- 9: the clock starts at the first move ------------------------------------------------


def test_the_clock_waits_for_the_first_move(page: Any) -> None:
    open_deal(page, "streets", 5)
    assert page.get_attribute("[data-role=time]", "data-running") == "false"
    assert page.inner_text("[data-role=time]") == "0:00"
    game = server_game(page)
    assert (game["started"], game["elapsed"]) == (False, 0)
    click(page, "s")
    wait_idle(page)
    assert page.get_attribute("[data-role=time]", "data-running") == "true"
    assert server_game(page)["started"] is True


# ---- 12: the phone ------------------------------------------------------------------------


@pytest.mark.parametrize("game", FEATURED)
def test_the_rules_pages_do_not_scroll_sideways_on_a_phone(make_page: Any, game: str) -> None:
    page = make_page(PHONE, device_scale_factor=2)
    page.goto(f"/rules/{game}/")
    widths = page.evaluate(
        """() => {
            const box = document.querySelector('#solver .table-scroll');
            return {page: document.scrollingElement.scrollWidth, view: innerWidth,
                    box: box ? box.clientWidth : 0, table: box ? box.scrollWidth : 0};
        }"""
    )
    assert widths["page"] <= widths["view"], widths
    assert 0 < widths["box"] <= widths["view"], widths  # the survey scrolls in its own box
    if game == "stronghold":
        page.locator("#solver").scroll_into_view_if_needed()
        page.screenshot(path=f"{SHOTS}/rules-{game}-390x844.png")


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_log_in_and_sign_up_are_on_the_table_page(make_page: Any, size: str) -> None:
    viewport = PHONE if size == "phone" else LAPTOP
    page = make_page(viewport)
    open_deal(page, "blockade", 2)
    for name in ("Log in", "Sign up"):
        link = page.get_by_role("link", name=name, exact=True)
        assert link.is_visible(), name
        box = link.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], name
    page.get_by_role("link", name="Log in", exact=True).click()
    page.wait_for_url("**/accounts/login/**")
    assert "next=/play/blockade/" in page.url.replace("%2F", "/")


# ---- 14: keyboard and screen reader -------------------------------------------------------


def test_the_skip_link_comes_first_and_lands_on_the_cards(page: Any) -> None:
    open_deal(page, "stronghold", 3)
    page.keyboard.press("Tab")
    skip = page.evaluate(
        """() => { const el = document.activeElement; const r = el.getBoundingClientRect();
                  return {cls: el.className, text: el.textContent, top: r.top, h: r.height}; }"""
    )
    assert skip["cls"] == "skip-link" and "cards" in skip["text"]
    assert skip["top"] >= 0 and skip["h"] > 10  # shown while focused
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.dataset.pile") == "t0"


def test_the_focused_pile_has_a_thick_ring_that_is_not_white(page: Any) -> None:
    open_deal(page, "stronghold", 3)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    ring = page.evaluate(
        """() => { const s = getComputedStyle(document.activeElement);
                  return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor]; }"""
    )
    assert ring[0] == "solid" and ring[1] >= 3, ring
    red, green, blue = map(int, re.findall(r"\d+", ring[2])[:3])
    assert not (red > 230 and green > 230 and blue > 230), ring  # not white on white cards
    assert blue < 150 and red > 200, ring  # gold
    page.screenshot(path=f"{SHOTS}/table-focus-1366x768.png")


def test_r_reads_out_every_card_of_the_focused_pile(page: Any) -> None:
    open_deal(page, "stronghold", 3)
    cards = server_game(page)["layout"]["tableau"][2]
    assert len(cards) > 2
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.pile") == "t2"
    page.keyboard.press("r")
    live = page.locator("[data-role=live]")
    page.wait_for_function(
        "() => document.querySelector('[data-role=live]').textContent.startsWith('pile 3')"
    )
    said = live.inner_text()
    assert f"{len(cards)} cards" in said
    named = re.findall(r"(?:ace|two|three|four|five|six|seven|eight|nine|ten|jack|queen|king)"
                       r" of (?:clubs|diamonds|hearts|spades)", said)  # fmt: skip
    assert named == [_name(card) for card in cards]
    assert said.endswith(f"on top the {_name(cards[-1])}.")
    assert page.get_attribute("#table [data-pile=t2]", "aria-keyshortcuts") == "R"
    assert "R reads out every card" in (page.text_content("[data-role=settings] .keys") or "")


# ---- 15: icons and static files -----------------------------------------------------------


def test_pages_load_without_a_404_and_with_an_icon_and_a_manifest(page: Any) -> None:
    failed: list[str] = []
    page.on("response", lambda r: failed.append(f"{r.status} {r.url}") if r.status >= 400 else 0)
    for url in ("/", "/rules/streets/", "/stats/", "/play/streets/?deal=5"):
        page.goto(url)
        page.wait_for_load_state("networkidle")
    wait_idle(page)
    assert not failed, failed
    icon = page.get_attribute("link[rel=icon]", "href")
    assert icon and icon.endswith(".svg")
    answer = page.request.get(icon)
    assert answer.ok and answer.headers["content-type"].startswith("image/svg")
    manifest = page.request.get(page.get_attribute("link[rel=manifest]", "href")).json()
    assert manifest["name"] and manifest["start_url"] and manifest["display"]
    for entry in manifest["icons"]:
        assert page.request.get(entry["src"]).ok, entry


def test_the_table_scripts_come_compressed_hashed_and_kept_for_a_year(page: Any) -> None:
    scripts: dict[str, dict[str, str]] = {}

    def seen(response: Any) -> None:
        if "/static/" in response.url and response.url.endswith(".js"):
            scripts[response.url] = response.all_headers()

    page.on("response", seen)
    open_deal(page, "streets", 5)
    assert len(scripts) >= 10  # the table and every module it imports
    for url, headers in scripts.items():
        assert re.search(r"\.[0-9a-f]{12}\.js$", url), url
        assert "immutable" in headers["cache-control"], url
        if int(headers.get("content-length", "2000")) > 1000 or "content-encoding" in headers:
            assert headers.get("content-encoding") == "gzip", url


WHOLE = """() => {
  const board = document.querySelector('#board').getBoundingClientRect();
  const outside = [...document.querySelectorAll('#table [data-card]')].filter((card) => {
    const r = card.getBoundingClientRect();
    return r.left < board.left - 1 || r.right > board.right + 1 || r.top < board.top - 1 ||
      r.bottom > board.bottom + 1;
  }).map((card) => card.dataset.card);
  const steps = [...document.querySelectorAll('#table [data-pile^="t"]')].map((pile) => {
    const cards = [...pile.querySelectorAll('[data-card]')].map((c) => c.getBoundingClientRect());
    return Math.min(Infinity, ...cards.slice(1).map((r, i) => r.top - cards[i].top));
  });
  const waste = document.querySelector('#table [data-pile="w"] [data-card]:last-child');
  const w = waste.getBoundingClientRect();
  const seen = document.elementFromPoint((w.left + w.right) / 2, (w.top + w.bottom) / 2);
  return {
    scroll: [document.documentElement.scrollWidth - innerWidth,
             document.documentElement.scrollHeight - innerHeight],
    outside,
    step: Math.min(...steps),
    waste: seen?.closest('[data-card]') === waste,
    count: document.querySelector('#table [data-pile="s"]').dataset.count,
  };
}"""


def test_the_table_is_whole_on_a_laptop_and_a_phone(make_page: Any) -> None:
    """At 1366x768 and 390x844 the table fits the window with nothing to scroll, every card
    lies on the board, the covered cards of every pile show a readable strip, the card just
    turned is seen whole on the waste, and the stock says how many cards it holds. (The
    screenshots are kept for people to look at.)"""
    for size, viewport in (("1366x768", LAPTOP), ("390x844", PHONE)):
        page = make_page(viewport)
        open_deal(page, "streets", 5)
        click(page, "s")
        wait_idle(page)
        whole = page.evaluate(WHOLE)
        assert whole["scroll"] == [0, 0], (size, whole)
        assert whole["outside"] == [], (size, whole)
        assert whole["step"] >= 20, (size, whole)
        assert whole["waste"], (size, whole)
        assert whole["count"] == str(len(server_game(page)["layout"]["stock"])), (size, whole)
        page.screenshot(path=f"{SHOTS}/table-streets-{size}.png")
