"""POST /api/verdicts, GET and DELETE /api/verdicts/ID: "is this deal winnable?"."""

from __future__ import annotations

import pytest

from solitaire.site.play import hints, verdicts
from solitaire.site.play.models import DealVerdict


@pytest.fixture(autouse=True)
def _inline(settings):
    """Questions are solved in the request, in this thread, with a small budget."""
    settings.REVIEW_IN_THREAD = False
    settings.SOLVER_PROCESSES = 0
    settings.VERDICT_BUDGET, settings.VERDICT_SECONDS = 100_000, 20.0
    hints.reset_workers()
    yield
    hints.reset_workers()


def _ask(api, game: str, deal: int) -> dict:
    response = api.post("/api/verdicts", {"game": game, "deal": deal})
    assert response.status_code == 202, response.content
    return api.get(f"/api/verdicts/{response.json()['id']}").json()


def test_a_proved_deal_is_answered_won_with_the_positions_searched(guest) -> None:
    answer = _ask(guest, "stronghold", 1)
    assert (answer["status"], answer["result"]) == ("done", "won")
    assert answer["positions"] > 0
    line = DealVerdict.objects.get(game="stronghold", deal=1).solution
    game = guest.new("stronghold", 1)
    for move in line:
        if game["status"] != "won":
            game = guest.play(game, move)
    assert game["status"] == "won"


def test_a_lost_deal_is_answered_lost(guest) -> None:
    assert _ask(guest, "streets-and-alleys", 2)["result"] == "lost"


def test_an_answer_is_shared_and_not_solved_twice(guest, bob_api, monkeypatch) -> None:
    first = _ask(guest, "stronghold", 4)
    monkeypatch.setattr(hints, "workers", lambda: pytest.fail("solved again"))
    again = _ask(bob_api, "stronghold", 4)
    assert (again["result"], again["positions"]) == (first["result"], first["positions"])


def test_a_question_can_be_cancelled_and_is_only_its_askers(guest, bob_api, monkeypatch) -> None:
    monkeypatch.setattr(verdicts, "_start", lambda game, deal: None)  # it stays running
    response = guest.post("/api/verdicts", {"game": "fours-up", "deal": 1})
    url = f"/api/verdicts/{response.json()['id']}"
    assert guest.get(url).json()["status"] == "running"
    assert bob_api.get(url).status_code == 404
    assert bob_api.client.delete(url).status_code == 404
    cancelled = guest.client.delete(url).json()
    assert (cancelled["status"], cancelled["result"]) == ("cancelled", None)


@pytest.mark.parametrize(
    "body",
    [{"game": "forty-thieves", "deal": 1}, {"game": "streets", "deal": 0}, {"game": "streets"}],
)
def test_a_bad_question_is_refused(guest, body) -> None:
    assert guest.post("/api/verdicts", body).status_code == 400
