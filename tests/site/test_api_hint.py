"""POST /api/games/ID/hint: the library's hint, capped and cached per position."""

from __future__ import annotations

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()


def test_it_answers_a_hint_for_the_position(guest) -> None:
    pytest.importorskip("solitaire.hint")
    game = guest.new("stronghold", 29)
    response = guest.post(f"/api/games/{game['id']}/hint")
    assert response.status_code == 200
    hint = response.json()
    assert hint["result"] in ("won", "lost", "unknown")
    assert isinstance(hint["line"], list)
    if hint["move"] is not None:
        assert hint["move"] in game["legal"]


def test_it_asks_the_library_once_per_position(guest, monkeypatch, settings) -> None:
    hint_module = pytest.importorskip("solitaire.hint")
    calls = []

    class Answer:
        def to_dict(self):
            return {"result": "unknown", "move": "t0>c0", "line": [], "undos": None}

    def fake(game, budget, seconds):
        calls.append((budget, seconds))
        return Answer()

    monkeypatch.setattr(hint_module, "hint", fake)
    settings.HINT_BUDGET, settings.HINT_SECONDS = 1234, 0.5
    game = guest.new("stronghold", 1)
    for _ in range(3):
        assert guest.post(f"/api/games/{game['id']}/hint").json()["move"] == "t0>c0"
    assert calls == [(1234, 0.5)]
    guest.play(game, "t0>c0")
    guest.post(f"/api/games/{game['id']}/hint")
    assert len(calls) == 2


def test_a_hint_changes_nothing(guest) -> None:
    pytest.importorskip("solitaire.hint")
    game = guest.play(guest.new("stronghold", 1), "t0>c0")
    guest.post(f"/api/games/{game['id']}/hint")
    after = guest.get(f"/api/games/{game['id']}").json()
    assert (after["moves"], after["version"]) == (game["moves"], game["version"])
