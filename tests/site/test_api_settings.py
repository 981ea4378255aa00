"""GET/POST /api/settings: Autoplay, Auto complete, the table's display settings and the look
of every page (theme, felt, card backs, left-handed)."""

from __future__ import annotations

import json
import re

from solitaire.site.accounts.models import Preferences

DEFAULTS = {
    "autoplay": True,
    "autocomplete": True,
    "animation": "normal",
    "four_colour": False,
    "hide_timer": False,
    "winnable": False,
    "theme": "system",
    "felt": "green",
    "back": "blue",
    "left": False,
    "favourites": [],
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
    wrong = (
        {"speed": 3},
        {"autoplay": "no"},
        {"animation": "warp"},
        {"autoplay": 0},
        {"theme": "purple"},
        {"left": "yes"},
    )
    for payload in wrong:
        response = guest.post("/api/settings", payload)
        assert response.status_code == 400, payload
        assert response.json()["error"]
    assert guest.get("/api/settings").json() == DEFAULTS


def test_it_refuses_a_body_that_is_not_an_object(guest) -> None:
    assert guest.post("/api/settings", raw="[true]").status_code == 400


def test_the_look_is_kept_on_the_account_and_painted_on_every_page(alice_api, alice) -> None:
    look = {"theme": "dark", "felt": "blue", "back": "black", "left": True}
    assert alice_api.post("/api/settings", look).status_code == 200
    alice_api.client.logout()
    alice_api.client.force_login(alice)  # another browser
    page = alice_api.client.get("/stats/").content.decode()
    found = re.search(r'<script id="account-look" type="application/json">(.*?)</script>', page)
    assert found and json.loads(found.group(1)) == look


def test_two_saves_at_once_each_keep_their_key(alice_api, alice) -> None:
    """A save writes only the keys it changes: the table's own settings and the look, saved
    from the same page a moment apart, do not undo each other."""
    alice_api.post("/api/settings", {"hide_timer": True})
    Preferences.objects.filter(user=alice).update(felt="red")  # saved meanwhile elsewhere
    alice_api.post("/api/settings", {"hide_timer": False})
    kept = Preferences.objects.get(user=alice)
    assert (kept.hide_timer, kept.felt) == (False, "red")


def test_a_guest_page_carries_no_account_look(guest) -> None:
    assert 'id="account-look"' not in guest.client.get("/stats/").content.decode()
