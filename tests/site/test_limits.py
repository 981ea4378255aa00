"""The rate limits on new games and accounts, and login throttling: each one's 429, its
Retry-After, and the request after the wait working as before."""

from __future__ import annotations

import time
from typing import Any

import pytest
from conftest import PASSWORD, Api
from django.contrib.auth.models import User
from django.test import Client


class Clock:
    """``time`` for django-ratelimit: stopped, so that no window ends during a test by
    chance, and moved on only by :meth:`advance`."""

    def __init__(self) -> None:
        self.now = time.time()

    def time(self) -> float:
        """The stopped clock."""
        return self.now

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass for the rate limits' windows."""
        self.now += seconds


@pytest.fixture(autouse=True)
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    """The rate limits' clock, stopped for the test."""
    stopped = Clock()
    monkeypatch.setattr("django_ratelimit.core.time", stopped)
    return stopped


def _from(address: str) -> Api:
    return Api(Client(REMOTE_ADDR=address))


def test_a_client_dealing_faster_than_its_limit_gets_429_then_deals_after_the_wait(
    settings, clock
) -> None:
    settings.RATES = {"games": {"client": "3/10s", "address": "100/10s"}}
    player = _from("10.1.0.1")
    for deal in (1, 2, 3):
        player.new("stronghold", deal)
    refused = player.post("/api/games", {"game": "stronghold", "deal": 4})
    assert refused.status_code == 429 and "new games" in refused.json()["error"]
    wait = int(refused["Retry-After"])
    assert 1 <= wait <= 10
    assert _from("10.1.0.1").post("/api/games", {"game": "stronghold"}).status_code == 201
    clock.advance(wait)
    assert player.post("/api/games", {"game": "stronghold", "deal": 4}).status_code == 201


def test_an_address_past_its_limit_gets_429_on_the_api_and_the_table_page(settings) -> None:
    settings.RATES = {"games": {"client": "", "address": "4/10s"}}
    for deal in (1, 2, 3, 4):
        _from("10.2.0.1").new("streets", deal)
    refused = _from("10.2.0.1").post("/api/games", {"game": "streets", "deal": 5})
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    page = Client(REMOTE_ADDR="10.2.0.1").get("/play/streets/?deal=9")
    assert page.status_code == 429 and int(page["Retry-After"]) >= 1
    assert b"Too many new games from here" in page.content
    assert _from("10.2.0.2").post("/api/games", {"game": "streets"}).status_code == 201


def test_the_default_limits_let_a_school_behind_one_address_deal_every_15_seconds() -> None:
    from django.conf import settings

    count, seconds = settings.RATES["games"]["address"].split("/")
    window = int(seconds.rstrip("s"))
    # 50 players each dealing once every 15 seconds: at most 50 * window / 15 (rounded up)
    # in one window, far below the limit; a script dealing 100 a second passes it at once.
    assert -(-50 * window // 15) < int(count) < 100 * window


def test_moves_are_never_limited(settings) -> None:
    settings.RATES = {"games": {"client": "1/10s", "address": "1/10s"}}
    player = _from("10.3.0.1")
    game = player.play(player.new("streets", 1), "s")
    for _ in range(15):
        for action in ("undo", "redo"):
            answer = player.post(f"/api/games/{game['id']}/{action}", {"version": game["version"]})
            assert answer.status_code == 200
            game = answer.json()
    assert player.post("/api/games", {"game": "streets"}).status_code == 429


def test_signups_past_the_address_limit_get_429_then_work_after_the_wait(
    settings, clock
) -> None:
    settings.RATES = {"signups": {"client": "", "address": "2/10m"}}

    def signup(name: str) -> Any:
        form = {"username": name, "password1": PASSWORD, "password2": PASSWORD}
        return Client(REMOTE_ADDR="10.4.0.1").post("/accounts/signup/", form)

    assert signup("ann").status_code == signup("ben").status_code == 302
    refused = signup("cat")
    assert refused.status_code == 429 and b"Too many new accounts" in refused.content
    assert not User.objects.filter(username="cat").exists()
    clock.advance(int(refused["Retry-After"]))
    assert signup("cat").status_code == 302


@pytest.fixture
def hashes(monkeypatch) -> list[str]:
    """Every password check made (each one a hash), by the password given."""
    import django.contrib.auth.base_user as base_user

    checked: list[str] = []
    real = base_user.check_password

    def counting(raw: str, encoded: str, setter: Any = None) -> bool:
        checked.append(raw)
        return bool(real(raw, encoded, setter))

    monkeypatch.setattr(base_user, "check_password", counting)
    return checked


def _login(address: str, password: str, username: str = "alice") -> Any:
    form = {"username": username, "password": password}
    return Client(REMOTE_ADDR=address).post("/accounts/login/", form)


def test_failed_logins_lock_the_account_from_that_address_before_any_hash(
    alice, hashes, settings
) -> None:
    settings.AXES_FAILURE_LIMIT = 5
    answers = [_login("10.5.0.1", "wrong").status_code for _ in range(12)]
    assert answers == [200] * 4 + [429] * 8
    assert len(hashes) == 5  # the five failures; none of the refused tries hashed
    refused = _login("10.5.0.1", PASSWORD)
    assert refused.status_code == 429 and len(hashes) == 5
    assert refused["Retry-After"] == "300"
    assert b"Too many failed logins for this account from here" in refused.content
    # The owner, anywhere else, logs in at once: a guesser cannot lock them out.
    assert _login("10.5.0.2", PASSWORD).status_code == 302


def test_after_the_cool_off_the_owner_logs_in_again(alice, settings) -> None:
    import datetime

    settings.AXES_FAILURE_LIMIT = 2
    # The count lives in the cache (the site's, locmem or Redis), which expires it on the real
    # clock: the cool-off must outlast a login on a loaded machine (1 s once did not, at load
    # 14, and the third try was let through).
    settings.AXES_COOLOFF_TIME = datetime.timedelta(seconds=4)
    assert [_login("10.6.0.1", "wrong").status_code for _ in range(3)] == [200, 429, 429]
    time.sleep(4.2)  # the cache forgets the count when the cool-off ends
    assert _login("10.6.0.1", PASSWORD).status_code == 302


def test_one_address_failing_on_many_accounts_is_refused_before_any_hash(
    alice, bob, hashes, settings, clock
) -> None:
    settings.RATES = {"login-failures": {"address": "3/15m"}}
    for name in ("alice", "bob", "carol"):
        assert _login("10.7.0.1", "wrong", name).status_code == 200
    refused = _login("10.7.0.1", PASSWORD, "bob")
    assert refused.status_code == 429 and b"from this address" in refused.content
    assert len(hashes) == 2  # alice's and bob's (carol has no account: Django hashes anyway)
    assert _login("10.7.0.2", PASSWORD, "bob").status_code == 302
    clock.advance(int(refused["Retry-After"]))
    assert _login("10.7.0.1", PASSWORD, "bob").status_code == 302
