"""POST /api/verdicts, GET and DELETE /api/verdicts/ID: "is this deal winnable?", bounded per
owner and in total."""

from __future__ import annotations

from concurrent.futures import Future

import pytest
from django.core.cache import cache

from solitaire.site.play import background, questions
from solitaire.site.play.models import DealVerdict


@pytest.fixture(autouse=True)
def _inline(settings):
    """Questions are solved in the request, in this thread, with a small budget."""
    settings.REVIEW_IN_THREAD = False
    settings.SOLVER_PROCESSES = 0
    settings.VERDICT_BUDGET, settings.VERDICT_SECONDS = 100_000, 20.0
    background.reset_workers()
    yield
    background.reset_workers()


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
    monkeypatch.setattr(background, "workers", lambda: pytest.fail("solved again"))
    again = _ask(bob_api, "stronghold", 4)
    assert (again["result"], again["positions"]) == (first["result"], first["positions"])


def test_a_question_can_be_cancelled_and_is_only_its_askers(guest, bob_api, monkeypatch) -> None:
    monkeypatch.setattr(questions, "_start", lambda *args: None)  # it stays running
    response = guest.post("/api/verdicts", {"game": "fours-up", "deal": 1})
    url = f"/api/verdicts/{response.json()['id']}"
    assert guest.get(url).json()["status"] == "running"
    assert bob_api.get(url).status_code == 404
    assert bob_api.client.delete(url).status_code == 404
    cancelled = guest.client.delete(url).json()
    assert (cancelled["status"], cancelled["result"]) == ("cancelled", None)


@pytest.mark.parametrize(
    "body",
    [{"game": "klondike", "deal": 1}, {"game": "streets", "deal": 0}, {"game": "streets"}],
)
def test_a_bad_question_is_refused(guest, body) -> None:
    assert guest.post("/api/verdicts", body).status_code == 400


class Parked:
    """Workers whose jobs never end until a test ends them: questions stay waiting."""

    capacity = 1

    def __init__(self) -> None:
        self.jobs: list[tuple[Future[object], tuple[object, ...]]] = []

    def submit(self, job, *args):
        future: Future[object] = Future()
        self.jobs.append((future, (job, *args)))
        return future

    def close(self) -> None:
        pass

    def finish(self) -> None:
        """Run every parked job now, as a worker would have."""
        for future, (job, *args) in self.jobs:
            future.set_result(job(*args))


@pytest.fixture
def parked(monkeypatch) -> Parked:
    workers = Parked()
    monkeypatch.setattr(background, "_workers", workers)
    return workers


def test_an_owner_has_two_questions_waiting_at_most_then_429_until_one_is_answered(
    guest, bob_api, parked
) -> None:
    for deal in (11, 12):
        assert guest.post("/api/verdicts", {"game": "streets", "deal": deal}).status_code == 202
    refused = guest.post("/api/verdicts", {"game": "streets", "deal": 13})
    assert refused.status_code == 429 and "2 questions" in refused.json()["error"]
    assert 1 <= int(refused["Retry-After"]) <= 60
    assert bob_api.post("/api/verdicts", {"game": "streets", "deal": 13}).status_code == 202
    parked.finish()  # the solves end: their questions are answered
    again = guest.post("/api/verdicts", {"game": "streets", "deal": 13})
    assert again.status_code == 202
    assert guest.get(f"/api/verdicts/{again.json()['id']}").json()["status"] == "done"


def test_past_the_sites_solver_slots_a_question_is_429_and_no_job_starts(
    guest, bob_api, settings, parked
) -> None:
    settings.SOLVER_QUEUE = 2
    for api, deal in ((guest, 21), (bob_api, 22)):
        assert api.post("/api/verdicts", {"game": "streets", "deal": deal}).status_code == 202
    third = bob_api.post("/api/verdicts", {"game": "streets", "deal": 23})
    assert third.status_code == 429 and "busy" in third.json()["error"]
    assert int(third["Retry-After"]) >= 1 and len(parked.jobs) == 2
    # A question on a deal being solved waits on that solve: no slot needed, no new job.
    joined = bob_api.post("/api/verdicts", {"game": "streets", "deal": 21})
    assert joined.status_code == 202 and len(parked.jobs) == 2
    parked.finish()
    assert not cache.get_many([f"quota:site:{n}" for n in range(2)])  # every slot given back
    assert bob_api.post("/api/verdicts", {"game": "streets", "deal": 23}).status_code == 202


def test_a_solve_that_could_not_start_in_time_is_asked_again_by_the_next_look(
    guest, parked
) -> None:
    from solitaire.solver.workers import before

    assert before(0.0, divmod, 7, 2) is None  # a job started after its deadline does not run
    asked = guest.post("/api/verdicts", {"game": "stronghold", "deal": 4}).json()
    future, _job = parked.jobs[0]
    future.set_result(None)  # what `before` answers for a job that started too late
    assert not cache.get("quota:site:0")  # its slot was given back
    url = f"/api/verdicts/{asked['id']}"
    assert guest.get(url).json()["status"] == "running"  # this look started the solve again
    assert len(parked.jobs) == 2
    parked.jobs = parked.jobs[1:]
    parked.finish()
    assert guest.get(url).json()["status"] == "done"
