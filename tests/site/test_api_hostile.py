"""Hostile requests: each kind a fuzz of the API once turned into a 500 or an HTML page now gets
a 4xx with SPEC's JSON error, and every answer under /api/ is JSON.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire.engine.games import FEATURED, GAMES
from solitaire.site.play import api
from solitaire.site.play.models import Game

FUZZ = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def assert_json_error(response: Any, *statuses: int) -> None:
    """A refusal as SPEC says: JSON ``{"error": ...}`` with one of ``statuses``."""
    assert response.status_code in statuses, (response.status_code, response.content[:200])
    assert response["Content-Type"] == "application/json", response.content[:200]
    assert isinstance(json.loads(response.content)["error"], str)


@pytest.fixture
def browser() -> Client:
    """A client that checks CSRF as a browser's requests are checked, with its token."""
    client = Client(enforce_csrf_checks=True)
    client.get("/api/settings")
    return client


def _token(client: Client) -> dict[str, str]:
    return {"X-CSRFToken": client.cookies["csrftoken"].value}


@FUZZ
@given(depth=st.integers(900, 5000), opener=st.sampled_from(["[", '{"a":', '{"game":[']))
def test_json_nested_a_thousand_deep_is_refused(guest, depth: int, opener: str) -> None:
    for url in ("/api/games", "/api/settings"):
        assert_json_error(guest.post(url, raw=opener * depth), 400)


@FUZZ
@given(
    fields=st.dictionaries(st.sampled_from(["game", "deal", "move"]), st.text(max_size=9)),
    upload=st.booleans(),
)
def test_a_form_upload_with_a_valid_csrf_token_is_refused(
    browser, fields: dict[str, str], upload: bool
) -> None:
    data: dict[str, Any] = dict(fields)
    if upload:
        from django.core.files.uploadedfile import SimpleUploadedFile

        data["file"] = SimpleUploadedFile("deal.json", b'{"game": "streets"}')
    before = Game.objects.count()
    for url in ("/api/games", "/api/settings", "/api/games/1/moves"):
        assert_json_error(browser.post(url, data, headers=_token(browser)), 404, 415)
    assert Game.objects.count() == before


def test_a_multipart_body_without_a_boundary_gets_a_json_400(browser) -> None:
    response = browser.post(
        "/api/games", "xx", content_type="multipart/form-data", headers=_token(browser)
    )
    assert_json_error(response, 400)


@FUZZ
@given(digits=st.integers(4301, 20_000), first=st.sampled_from("123456789"))
def test_a_run_length_of_thousands_of_digits_is_refused(guest, digits: int, first: str) -> None:
    if not hasattr(guest, "game"):
        guest.game = guest.new("stronghold", 1)
    move = "t0>t1:" + first * digits
    response = guest.move(guest.game, move)
    assert_json_error(response, 400)
    clicked = guest.post(f"/api/games/{guest.game['id']}/click", {"pile": move, "version": 0})
    assert_json_error(clicked, 400)


@pytest.mark.parametrize("game", [*sorted(set(GAMES) - set(FEATURED)), "STREETS", "", "x" * 999])
def test_a_game_the_site_does_not_offer_is_refused(guest, game: str) -> None:
    assert_json_error(guest.post("/api/games", {"game": game}), 400)
    assert Game.objects.count() == 0


@pytest.mark.parametrize("url", ["/api/settings", "/api/stats", "/api/games/{id}"])
def test_head_is_allowed_wherever_get_is_and_has_no_body(guest, url: str) -> None:
    url = url.format(id=guest.new("streets", 1)["id"])
    got, head = guest.client.get(url), guest.client.head(url)
    assert (got.status_code, head.status_code) == (200, 200)
    assert head.content == b""
    assert head["Content-Type"] == got["Content-Type"] == "application/json"
    assert int(head["Content-Length"]) == len(got.content)


def test_a_server_fault_under_the_api_is_json(guest, monkeypatch) -> None:
    game = guest.new("streets", 1)

    def broken(record: object) -> None:
        raise RuntimeError("a fault in the server")

    monkeypatch.setattr(api.records, "describe", broken)
    client = Client(raise_request_exception=False)
    client.cookies = guest.client.cookies
    response = client.get(f"/api/games/{game['id']}")
    assert_json_error(response, 500)


METHODS = st.sampled_from(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"])
PATHS = st.sampled_from(
    [
        "/api/games",
        "/api/games/{id}",
        "/api/games/{id}/moves",
        "/api/games/{id}/click",
        "/api/games/{id}/undo",
        "/api/games/{id}/redo",
        "/api/games/{id}/restart",
        "/api/games/{id}/hint",
        "/api/games/999999/moves",
        "/api/settings",
        "/api/stats",
        "/api/nothing",
    ]
)
BODIES = st.one_of(
    st.binary(max_size=40),
    st.text(max_size=40).map(str.encode),
    st.builds(lambda n: b"[" * n, st.integers(0, 3000)),
    st.sampled_from([b'{"move": "t0>t1:' + b"9" * 5000 + b'", "version": 0}', b"{}", b"null"]),
)
TYPES = st.sampled_from(
    ["application/json", "text/plain", "multipart/form-data", "application/x-www-form-urlencoded"]
)


@FUZZ
@given(method=METHODS, path=PATHS, body=BODIES, content_type=TYPES)
def test_every_answer_under_the_api_is_json_and_never_a_500(
    browser, settings, method: str, path: str, body: bytes, content_type: str
) -> None:
    settings.SOLVER_PROCESSES = 0
    if not hasattr(browser, "game_id"):
        created = browser.post(
            "/api/games",
            json.dumps({"game": "stronghold", "deal": 3}),
            content_type="application/json",
            headers=_token(browser),
        )
        browser.game_id = created.json()["id"]
    response = browser.generic(
        method,
        path.format(id=browser.game_id),
        body,
        content_type=content_type,
        headers=_token(browser),
    )
    assert response.status_code < 500, (method, path, body[:60], response.content[:200])
    assert response["Content-Type"] == "application/json"
    if method != "HEAD":
        answer = json.loads(response.content)
        if response.status_code >= 400:
            assert isinstance(answer["error"], str)


def test_the_server_side_strips_a_head_body_that_a_view_wrote() -> None:
    from django.http import JsonResponse
    from django.test import RequestFactory

    from solitaire.site.jsonapi import HeadWithoutBody

    strip = HeadWithoutBody(lambda request: JsonResponse({"autoplay": True}))
    head = strip(RequestFactory().head("/api/settings"))
    got = strip(RequestFactory().get("/api/settings"))
    assert head.content == b"" and got.content == b'{"autoplay": true}'
    assert head["Content-Length"] == str(len(got.content))
