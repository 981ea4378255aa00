"""Driving the card table the way a player does: by its DOM hooks, the mouse and touch."""

from __future__ import annotations

import http.client
import itertools
import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from winning_lines import load

Page = Any
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
SCREENSHOTS_DIR = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"

CELEBRATING = "document.getAnimations().filter((a) => a.id === 'celebrate').length"
"""How many cards are in the win's celebration now."""

IDLE = """() => {
  const table = document.querySelector('#table');
  return Boolean(table && table.classList.contains('ready') && !table.dataset.busy &&
    !document.querySelector('#table .card.moving'));
}"""


def open_deal(page: Page, game: str, deal: int) -> None:
    """Deal number ``deal`` of ``game`` and wait until the table shows it."""
    page.goto(f"/play/{game}/?deal={deal}")
    wait_idle(page)


def deal_menu(page: Page, action: str) -> None:
    """Open the New deal menu and choose its item ``action`` (its ``data-action``)."""
    page.click('.toolbar [data-action="deal-menu"]')
    page.click(f'.toolbar [data-action="{action}"]')


def ask_deal_number(page: Page, number: int) -> None:
    """Choose Deal number… in the New deal menu, type ``number`` and press Deal."""
    deal_menu(page, "number")
    page.fill("[data-role=number] input", str(number))
    page.click("[data-role=number] button.primary")


def deal_by_number(page: Page, number: int) -> None:
    """Deal number ``number`` through the deal-number dialog and wait until it is shown."""
    ask_deal_number(page, number)
    page.wait_for_function(
        f"() => document.querySelector('[data-role=deal]').textContent === 'Deal {number}'"
    )
    wait_idle(page)


def wait_idle(page: Page) -> None:
    """Wait until no move is on its way to the server and no card is moving: looked at every
    few milliseconds rather than once a frame, since the site answers a move in less than
    one (a long line makes hundreds of moves)."""
    page.wait_for_function(IDLE, polling=5)


PLANNED = """() => {
  const board = document.querySelector('#board');
  return board.dataset.planned === `${board.clientWidth}x${board.clientHeight}`;
}"""


def wait_planned(page: Page) -> None:
    """Wait until the cards are laid out for the board's size now. A banner that takes its
    room below the board, or a new screen size, moves them a frame later (the table's
    ResizeObserver): a drag aimed in between would miss."""
    page.wait_for_function(PLANNED)
    wait_idle(page)


def piles(page: Page) -> dict[str, list[str]]:
    """Every pile's cards as the DOM shows them, bottom to top."""
    shown: dict[str, list[str]] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('#table [data-pile]')].map(
            (pile) => [pile.dataset.pile,
                       [...pile.querySelectorAll('[data-card]')].map((c) => c.dataset.card)]))"""
    )
    return shown


def table_attribute(page: Page, name: str) -> str:
    """The board's attribute ``name``; fails if the board lacks it."""
    value = page.get_attribute("#table", name)
    assert isinstance(value, str), f"#table has no {name}"
    return value


def status(page: Page) -> str:
    """The board's ``data-status``."""
    return table_attribute(page, "data-status")


def game_id(page: Page) -> str:
    """The id of the game on the board (``data-game-id``)."""
    return table_attribute(page, "data-game-id")


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
    game: dict[str, Any] = answer["body"]
    return game


class Session:
    """The page's guest (or player) talking to the JSON API straight from the test, with the
    page's session and CSRF cookies, over one kept-alive connection: what the table would
    send, without a round trip through the browser for each request. Moves that only set up
    a position cost the server what they cost it from the table, and the browser nothing
    (from the page, 214 fetches took about 1.7 CPU-s of Chromium)."""

    def __init__(self, origin: str, cookies: dict[str, str]) -> None:
        self.connection = http.client.HTTPConnection(urlsplit(origin).netloc, timeout=30)
        self.headers = {
            "Content-Type": "application/json",
            "Cookie": "; ".join(f"{name}={value}" for name, value in cookies.items()),
            "X-CSRFToken": cookies.get("csrftoken", ""),
            "Origin": origin,
        }

    @classmethod
    def of(cls, page: Page) -> Session:
        """The session of the guest or player on ``page``, at the site it shows."""
        real = getattr(page, "page", page)  # not the pooled page's ``context``: see conftest
        address = urlsplit(real.url)
        origin = f"{address.scheme}://{address.netloc}"
        return cls(origin, {c["name"]: c["value"] for c in real.context.cookies(origin)})

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        """One request; its status and JSON body, as :func:`api` returns them."""
        data = None if method == "GET" else json.dumps(body or {})
        self.connection.request(method, path, body=data, headers=self.headers)
        response = self.connection.getresponse()
        return {"status": response.status, "body": json.loads(response.read() or b"null")}

    def close(self) -> None:
        self.connection.close()


def play_moves(
    page: Page,
    game: dict[str, Any],
    moves: tuple[str, ...] | list[str],
    *,
    until_won: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """Play ``moves`` in ``game`` (a game object) through the API as the page's guest
    (:class:`Session`), in one request, or one request each stopping at the win if
    ``until_won``, with ``extra`` in every request; every answer must be a success.
    Returns the last game object (``game`` itself if no move was played).
    """
    session = Session.of(page)
    try:
        return _play(session, game, moves, until_won=until_won, **extra)
    finally:
        session.close()


def _play(
    session: Session,
    game: dict[str, Any],
    moves: tuple[str, ...] | list[str],
    *,
    until_won: bool = False,
    **extra: Any,
) -> dict[str, Any]:
    """:func:`play_moves` in ``session``: the moves in one request (``{"moves": [...]}``,
    one change of the game, as if each had been sent alone), or, with ``until_won``, one
    request a move up to the win."""
    path = f"/api/games/{game['id']}/moves"
    played = game
    if moves and not until_won:
        line = list(moves)
        answer = session.call("POST", path, {"moves": line, "version": played["version"], **extra})
        assert answer["status"] == 200, {"moves": line, **answer}
        return dict(answer["body"])
    for move in moves:
        answer = session.call("POST", path, {"move": move, "version": played["version"], **extra})
        assert answer["status"] == 200, {"move": move, **answer}
        played = answer["body"]
        if until_won and played["status"] == "won":
            break
    return played


def advance(page: Page, moves: tuple[str, ...] | list[str]) -> None:
    """Play ``moves`` through the API (:func:`play_moves`), then reload to show the table
    as it stands.
    """
    play_moves(page, server_game(page), moves)
    page.reload()
    wait_idle(page)


def _new_guest(site: str, path: str) -> tuple[dict[str, str], str]:
    """Open ``path`` of ``site`` as a new guest from the test (not the browser): the cookies
    the site gave that guest, and the page's HTML."""
    address = urlsplit(site)
    connection = http.client.HTTPConnection(address.netloc, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        html = response.read().decode()
        assert response.status == 200, (path, response.status)
        cookies = {}
        for header in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            cookies[name.strip()] = rest.split(";", 1)[0]
    finally:
        connection.close()
    return cookies, html


def open_position(
    page: Page, game: str, deal: int, moves: tuple[str, ...] | list[str], **settings: Any
) -> None:
    """Deal number ``deal`` of ``game`` to a new guest, play ``moves`` and change
    ``settings`` through the API, then show the table once, as it then stands. The guest
    is made and plays from the test, and the browser takes its cookies: one table load in
    Chromium rather than two (:func:`open_deal`, then :func:`advance`'s reload). A page of
    the pool only (``conftest.PooledPage``, which knows the site); others do the same with
    two loads.
    """
    path = f"/play/{game}/?deal={deal}"
    site = getattr(page, "site", None)
    if site is None:
        open_deal(page, game, deal)
        if settings:
            assert api(page, "POST", "/api/settings", settings)["status"] == 200
        advance(page, moves)
        return
    cookies, html = _new_guest(site, path)
    assert {"sessionid", "csrftoken"} <= set(cookies), cookies
    host = urlsplit(site).hostname
    page.page.context.add_cookies(
        [{"name": k, "value": v, "domain": host, "path": "/"} for k, v in cookies.items()]
    )
    session = Session(site, cookies)
    try:
        if settings:
            answer = session.call("POST", "/api/settings", settings)
            assert answer["status"] == 200, answer
        found = re.search(r'data-game-id="(\d+)"', html)
        assert found, "the table has no data-game-id"
        dealt = session.call("GET", f"/api/games/{found.group(1)}")
        assert dealt["status"] == 200, dealt
        _play(session, dealt["body"], moves)
    finally:
        session.close()
    open_deal(page, game, deal)


def almost_won(page: Page) -> None:
    """Stronghold's stored line played through the API up to its last move, which the
    player then makes by a drag: the server's Auto complete plays the rest home.
    """
    line = load("stronghold", "drag")
    open_position(page, "stronghold", line.deal, line.moves[:-1])
    play_move(page, line.moves[-1])


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
            // The part the next card leaves showing: a strip at the top, or at the left
            // edge in a row fanned sideways.
            const next = cards[at + 1]?.getBoundingClientRect();
            const across = next && next.left > r.left + 1;
            const right = across ? next.left : r.right;
            const bottom = next && !across ? next.top : r.bottom;
            return {x: (r.left + right) / 2, y: (r.top + bottom) / 2};
        }""",
        [pile, index],
    )
    return box["x"], box["y"]


def pile_point(page: Page, pile: str) -> tuple[float, float]:
    """The middle of the top card of ``pile``, or of its empty place."""
    return card_point(page, pile, None)


def click(page: Page, pile: str, index: int | None = None) -> None:
    x, y = card_point(page, pile, index)
    page.mouse.click(x, y)


DRAG_POINTS = """([src, count, dst]) => {
  const point = (name, fromTop) => {
    const pile = document.querySelector(`#table [data-pile="${name}"]`);
    const cards = pile.querySelectorAll('[data-card]');
    const at = cards.length - fromTop;
    const card = cards[at] || pile;
    const r = card.getBoundingClientRect();
    const next = cards[at + 1]?.getBoundingClientRect();
    const across = next && next.left > r.left + 1;
    const right = across ? next.left : r.right;
    const bottom = next && !across ? next.top : r.bottom;
    return [(r.left + right) / 2, (r.top + bottom) / 2];
  };
  return [...point(src, count), ...point(dst, 1)];
}"""


def drag_points(page: Page, src: str, count: int, dst: str) -> tuple[float, float, float, float]:
    """Where to pick up the top ``count`` cards of ``src``, and where to drop them on ``dst``."""
    x, y, tx, ty = page.evaluate(DRAG_POINTS, [src, count, dst])
    return x, y, tx, ty


def parse_move(move: str) -> tuple[str, str, int]:
    """``"t3>t5:2"`` as ``("t3", "t5", 2)``."""
    src, rest = move.split(">")
    dst, _, count = rest.partition(":")
    return src, dst, int(count or 1)


def drag(page: Page, src: str, count: int, dst: str, *, settle: bool = True) -> None:
    """Drag the top ``count`` cards of ``src`` with the mouse and drop them on ``dst``: press
    them, move the mouse to ``dst`` (past the drag threshold at once) and let go. Chromium
    hands the page one pointer move a frame, so each move of the mouse costs a frame: one
    is enough to lift the cards and carry them there."""
    x, y, tx, ty = drag_points(page, src, count, dst)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(tx, ty)
    page.mouse.up()
    if settle:
        wait_idle(page)


def play_move(page: Page, move: str) -> None:
    """Make ``move`` by hand: the stock by a click, anything else by a drag."""
    if move == "s":
        click(page, "s")
        wait_idle(page)
        return
    src, dst, count = parse_move(move)
    drag(page, src, count, dst)


FOCUS = """() => [
  document.activeElement?.closest?.('#table [data-pile]')?.dataset.pile ?? null,
  [...document.querySelectorAll('#table [data-pile]')].map((el) => el.dataset.pile),
]"""


def focus_pile(page: Page, name: str) -> None:
    """Move the keyboard focus to pile ``name`` with keys only: Tab into the board, then
    the fewest presses of the arrows, Home, End and the digit keys (1-9, 0: t0-t9).
    """
    focused, order = page.evaluate(FOCUS)
    for _ in range(40):
        if focused is not None:
            break
        page.keyboard.press("Tab")
        focused, order = page.evaluate(FOCUS)
    else:
        raise AssertionError("Tab never reached a pile")
    at, to, size = order.index(focused), order.index(name), len(order)

    def walk(start: int) -> list[str]:
        ahead = (to - start) % size
        return ["ArrowRight"] * ahead if ahead <= size - ahead else ["ArrowLeft"] * (size - ahead)

    plans = [walk(at), ["Home", *walk(0)], ["End", *walk(size - 1)]]
    for k in range(10):
        if f"t{k}" in order:
            plans.append([str((k + 1) % 10), *walk(order.index(f"t{k}"))])
    for key in min(plans, key=len):
        page.keyboard.press(key)


def key_move(page: Page, move: str) -> None:
    """Make ``move`` from the keyboard: Enter on the source pile (again, for a longer run),
    then Enter on the target pile; Enter on the stock turns or deals.
    """
    if move == "s":
        focus_pile(page, "s")
        page.keyboard.press("Enter")
        wait_idle(page)
        return
    src, dst, count = parse_move(move)
    focus_pile(page, src)
    lifted: list[int] = []
    for _ in range(30):
        page.keyboard.press("Enter")
        lifted.append(page.locator("#table .card.selected").count())
        if lifted[-1] == count:
            break
    else:
        raise AssertionError(f"{move}: Enter on {src} picked up {lifted} cards, never {count}")
    focus_pile(page, dst)
    page.keyboard.press("Enter")
    wait_idle(page)


def devtools(page: Page) -> Any:
    """A Chrome DevTools session on ``page`` (a pooled page's own page, which is what
    Playwright takes: ``conftest.PooledPage``)."""
    real = getattr(page, "page", page)
    return real.context.new_cdp_session(real)


class Touch:
    """A finger on the page: Chrome DevTools touch events, which the page receives as
    pointer events of ``pointerType`` "touch". The page's context needs ``has_touch``.
    """

    def __init__(self, page: Page) -> None:
        self.page = page
        self.cdp = devtools(page)

    def _send(self, kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if x is None else [{"x": x, "y": y}]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def tap(self, pile: str, index: int | None = None) -> None:
        x, y = card_point(self.page, pile, index)
        self._send("touchStart", x, y)
        self._send("touchEnd")

    def drag(self, src: str, count: int, dst: str) -> None:
        """Press on the top ``count`` cards of ``src``, slide to ``dst`` (past the drag
        threshold at once), and lift the finger. (Each move costs a frame: one is enough.)
        """
        x, y, tx, ty = drag_points(self.page, src, count, dst)
        self._send("touchStart", x, y)
        self._send("touchMove", tx, ty)
        self._send("touchEnd")

    def play(self, move: str) -> None:
        """Make ``move`` by touch: a tap on the stock, a drag for anything else."""
        if move == "s":
            self.tap("s")
        else:
            src, dst, count = parse_move(move)
            self.drag(src, count, dst)
        wait_idle(self.page)


COUNT_POINTERS = """() => {
  window.pointerKinds = {};
  document.addEventListener("pointerdown", (event) => {
    window.pointerKinds[event.pointerType] = (window.pointerKinds[event.pointerType] || 0) + 1;
  }, true);
}"""


def count_pointers(page: Page) -> None:
    """From the next page load on, count pointer presses by kind in ``window.pointerKinds``."""
    page.add_init_script(f"({COUNT_POINTERS})()")


def dump(value: Any) -> str:
    return json.dumps(value, indent=1)


PASSWORD = "a long enough pass phrase 7"
NAMES = itertools.count(1)


def sign_up(page: Page) -> str:
    """A new account, signed up through the form; the page stays logged in."""
    name = f"player{next(NAMES)}{id(page) % 10_000}"
    page.goto("/accounts/signup/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("form.stacked-form button[type=submit]")
    page.wait_for_load_state()
    return name


def log_in(page: Page, name: str) -> None:
    """Log in as ``name`` (an account made by :func:`sign_up`) through the form."""
    page.goto("/accounts/login/")
    page.fill("input[name=username]", name)
    page.fill("input[name=password]", PASSWORD)
    page.click("form.stacked-form button[type=submit]")
    page.wait_for_load_state()
