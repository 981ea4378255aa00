"""GET/POST /api/settings: Autoplay, Auto complete and the table's display settings."""

from __future__ import annotations

from solitaire.site.accounts.models import Preferences

DEFAULTS = {
    "autoplay": True,
    "autocomplete": True,
    "animation": "normal",
    "four_colour": False,
    "hide_timer": False,
    "winnable": False,
}


def test_it_starts_with_autoplay_and_auto_complete_on(guest) -> None:
    assert guest.get("/api/settings").json() == DEFAULTS


def test_a_guest_keeps_settings_in_the_session(guest) -> None:
    response = guest.post("/api/settings", {"autoplay": False, "animation": "fast"})
    assert response.status_code == 200
    assert response.json() == {**DEFAULTS, "autoplay": False, "animation": "fast"}
    assert guest.get("/api/settings").json()["autoplay"] is False
    assert Preferences.objects.count() == 0


def test_a_player_keeps_settings_on_the_account(alice_api, alice) -> None:
    alice_api.post("/api/settings", {"hide_timer": True})
    assert Preferences.objects.get(user=alice).hide_timer is True
    alice_api.client.logout()
    alice_api.client.force_login(alice)
    assert alice_api.get("/api/settings").json()["hide_timer"] is True


def test_it_refuses_unknown_keys_and_wrong_types(guest) -> None:
    for payload in ({"speed": 3}, {"autoplay": "no"}, {"animation": "warp"}, {"autoplay": 0}):
        response = guest.post("/api/settings", payload)
        assert response.status_code == 400, payload
        assert response.json()["error"]
    assert guest.get("/api/settings").json() == DEFAULTS


def test_it_refuses_a_body_that_is_not_an_object(guest) -> None:
    assert guest.post("/api/settings", raw="[true]").status_code == 400
