"""Shareable table links (issue 16, points 2 and 9): ``?deal=N`` and ``?daily=1&date=...``
stay in the address bar, deal fresh for whoever opens them and resume for a reload; a deal
number or date that is not one gets a page that says what is allowed."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from solitaire.site.play.models import Game
from solitaire.site.play.records import dealt


def _opened(client: Client, query: str, game: str = "streets") -> Game:
    response = client.get(f"/play/{game}/{query}")
    assert response.status_code == 200, response.content[:300]
    record: Game = response.context["record"]
    return record


def test_a_deal_link_is_answered_in_place_not_redirected(client) -> None:
    response = client.get("/play/streets/?deal=17")
    assert response.status_code == 200
    assert response.context["share_query"] == "?deal=17"
    html = response.content.decode()
    assert "Streets: deal 17" in html
    assert '"deal": 17' in html


def test_a_reload_of_a_deal_link_resumes_the_game(guest) -> None:
    first = _opened(guest.client, "?deal=17")
    game = guest.play({"id": first.pk, "version": first.version}, "s")
    again = _opened(guest.client, "?deal=17")
    assert again.pk == first.pk
    assert again.moves == game["moves"] == ["s"]
    assert Game.objects.count() == 1


def test_a_deal_link_deals_fresh_for_someone_else(guest, alice_api) -> None:
    mine = _opened(guest.client, "?deal=17")
    guest.play({"id": mine.pk, "version": mine.version}, "s")
    theirs = _opened(alice_api.client, "?deal=17")
    assert theirs.pk != mine.pk
    assert theirs.deal == 17 and theirs.moves == [] and theirs.user is not None
    assert theirs.layout == dealt("streets", 17)["layout"]
    assert Game.objects.get(pk=mine.pk).result == "playing"  # nobody else's game is touched


def test_the_same_deal_link_after_another_deal_deals_it_fresh(guest) -> None:
    first = _opened(guest.client, "?deal=17")
    guest.play({"id": first.pk, "version": first.version}, "s")
    other = _opened(guest.client, "?deal=18")
    back = _opened(guest.client, "?deal=17")
    assert len({first.pk, other.pk, back.pk}) == 3
    assert back.moves == []
    assert Game.objects.get(pk=first.pk).result == "abandoned"


def test_a_winnable_link_redirects_to_the_deal_link(client) -> None:
    response = client.get("/play/stronghold/?winnable=1")
    assert response.status_code == 302
    record = Game.objects.get()
    assert record.kind == "winnable"
    assert response["Location"] == f"/play/stronghold/?deal={record.deal}"
    assert _opened(client, f"?deal={record.deal}", "stronghold").pk == record.pk


@pytest.fixture
def daily_deal(monkeypatch):
    """The Daily deal pinned to 1000 + the day of the month."""
    from solitaire.deals import daily

    monkeypatch.setattr(daily, "daily_deal", lambda game, day: 1000 + day.day)


def test_a_past_daily_link_deals_a_practice_game_for_anyone(client, alice_api, daily_deal) -> None:
    day = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=3)
    query = f"?daily=1&date={day.isoformat()}"
    guest_game = _opened(client, query)
    assert (guest_game.kind, guest_game.practice_of, guest_game.deal) == (
        "practice",
        day,
        1000 + day.day,
    )
    assert _opened(client, query).pk == guest_game.pk  # a reload resumes it
    response = client.get(f"/play/streets/{query}")
    assert response.context["share_query"] == query
    player_game = _opened(alice_api.client, query)
    assert player_game.pk != guest_game.pk and player_game.practice_of == day


def test_todays_daily_link_opens_the_daily_game(alice_api, daily_deal) -> None:
    day = datetime.datetime.now(datetime.UTC).date()
    record = _opened(alice_api.client, f"?daily=1&date={day.isoformat()}")
    assert record.daily == day and record.kind == "daily"
    assert _opened(alice_api.client, "?daily=1").pk == record.pk


@pytest.mark.parametrize(
    "deal", ["abc", "-1", "0", "1.5", "99999999999999999999", "2147483648", "", "1e3", "١٢"]
)
def test_a_bad_deal_number_gets_a_page_saying_what_deals_there_are(client, deal) -> None:
    response = client.get("/play/streets/", {"deal": deal})
    assert response.status_code == 400
    html = response.content.decode()
    assert "1 to 2,147,483,647" in html
    assert "Not here" not in html
    assert 'name="deal"' in html  # a form to ask for a good one
    assert Game.objects.count() == 0


def test_the_largest_deal_number_is_dealt(client) -> None:
    assert _opened(client, "?deal=2147483647").deal == 2147483647


def test_a_bad_deal_number_is_shown_escaped_and_cut_short(client) -> None:
    response = client.get("/play/streets/", {"deal": "<script>" + "x" * 100})
    assert response.status_code == 400
    html = response.content.decode()
    problem = html.split('data-role="problem">')[1].split("</p>")[0]
    assert "<script>x" not in html and "&lt;script&gt;" in problem
    assert "x" * 30 in problem and "x" * 40 not in problem


@pytest.mark.parametrize("date", ["yesterday", "2026-13-01", "2026-1-1", "20260101"])
def test_a_bad_daily_date_gets_a_page(alice_api, date, daily_deal) -> None:
    response = alice_api.client.get("/play/streets/", {"daily": "1", "date": date})
    assert response.status_code == 400
    assert "YYYY-MM-DD" in response.content.decode()


def test_a_daily_deal_from_the_future_is_not_out_yet(alice_api, daily_deal) -> None:
    day = datetime.datetime.now(datetime.UTC).date() + datetime.timedelta(days=2)
    response = alice_api.client.get(f"/play/streets/?daily=1&date={day.isoformat()}")
    assert response.status_code == 400
    assert "not out yet" in response.content.decode()
    assert Game.objects.count() == 0


def test_a_daily_deal_before_the_first_is_a_page_not_an_error(client) -> None:
    response = client.get("/play/streets/?daily=1&date=2001-01-01")
    assert response.status_code == 404
    assert "began on" in response.content.decode()


def test_the_game_object_names_the_day_a_practice_game_replays(guest, daily_deal) -> None:
    day = datetime.datetime.now(datetime.UTC).date() - datetime.timedelta(days=1)
    response = guest.post("/api/games", {"game": "streets", "daily": True, "date": day.isoformat()})
    assert response.status_code == 201
    assert response.json()["practice_of"] == day.isoformat()
    assert guest.new("streets", 3)["practice_of"] is None
