"""GET /api/games/ID/review: the verdict of every position of an ended game, and the losing move."""

from __future__ import annotations

import random

import pytest

import solitaire
from solitaire.deals.winnable import proved_deals
from solitaire.engine.status import autocomplete_ready
from solitaire.site.play import background
from solitaire.site.play.models import Game, Review
from solitaire.solver import JUDGE

# Streets and Alleys deal 15: won after the first eight moves, lost after the ninth.
LOST_AFTER = ["t2>f0", "t0>t2", "t6>t2", "t3>t2", "t4>t2", "t4>f1", "t5>t4", "t7>t1", "t7>t3"]


@pytest.fixture(autouse=True)
def _inline(settings):
    """Reviews run in the request and solve in this thread, so that tests see them end."""
    settings.REVIEW_IN_THREAD = False
    settings.SOLVER_PROCESSES = 0
    background.reset_workers()
    yield
    background.reset_workers()


def dead_line(seed: int = 0) -> list[str]:
    """Random moves of Fours Up deal 40 to the first position the dead-position test proves
    lost while the game plays on (as tests/browser/test_honest_deals.py finds one)."""
    rng = random.Random(seed)
    engine, moves = solitaire.Game.deal("fours-up", 40, JUDGE), []
    while True:
        move = str(rng.choice(list(engine.legal_moves())))
        engine.push(move)
        moves.append(move)
        now = engine.standing()
        status = now.status
        if status == "playing" and now.lost:
            return moves
        if status != "playing":
            engine, moves = solitaire.Game.deal("fours-up", 40, JUDGE), []


def _left(api, game: dict) -> dict:
    """Leave ``game`` for a new deal, which ends it."""
    api.new(game["game"], 7)
    return api.get(f"/api/games/{game['id']}").json()


def test_it_finds_the_losing_move_and_the_better_one(guest) -> None:
    game = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    assert game["result"] == "abandoned"
    review = guest.get(f"/api/games/{game['id']}/review").json()
    assert review["status"] == "done"
    assert review["verdicts"] == ["won"] * 9 + ["lost"]
    assert review["losing_move"] == 8
    played = guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER[:8])
    assert review["better"] in played["legal"]


def test_it_gives_the_solvers_line_from_before_the_losing_move(guest) -> None:
    game = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    review = guest.get(f"/api/games/{game['id']}/review").json()
    line = review["line"]
    assert line and line[0] == review["better"]
    engine = solitaire.Game.deal("streets-and-alleys", 15)
    for move in [*LOST_AFTER[:8], *line]:
        engine.push(move)
    assert engine.status == "won" or autocomplete_ready(engine.rules, engine.state)


def test_a_second_visit_reads_the_stored_review(guest, monkeypatch) -> None:
    game = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    first = guest.get(f"/api/games/{game['id']}/review").json()
    monkeypatch.setattr(background, "workers", lambda: pytest.fail("solved again"))
    assert guest.get(f"/api/games/{game['id']}/review").json() == first
    assert Review.objects.get(game_id=game["id"]).done


class NoSolver:
    """Workers that fail the test if a job is sent to them."""

    capacity = 1

    def submit(self, *args: object) -> None:
        pytest.fail("solved")

    def map(self, *args: object, **kwargs: object) -> None:
        pytest.fail("solved")


def test_a_won_game_is_winnable_throughout_without_solving(guest, monkeypatch) -> None:
    proved = proved_deals("blockade")[0]
    game = guest.new("blockade", proved.deal)
    for move in proved.solution:
        if game["status"] != "won":
            game = guest.play(game, move)
    monkeypatch.setattr(background, "workers", NoSolver)
    review = guest.get(f"/api/games/{game['id']}/review").json()
    assert set(review["verdicts"]) == {"won"} and review["losing_move"] is None


def test_a_game_still_in_play_is_not_reviewed(guest) -> None:
    game = guest.play(guest.new("stronghold", 1), "t0>c0")
    response = guest.get(f"/api/games/{game['id']}/review")
    assert response.status_code == 409 and "ended" in response.json()["error"]


def test_a_position_proved_lost_is_reviewed_while_the_game_is_open(guest) -> None:
    """A position the engine proves lost (the dead-position test: issue 37's Fours Up dead
    end) ends the game as far as the review goes, though no card is stuck."""
    moves = dead_line()
    game = guest.play(guest.new("fours-up", 40), *moves)
    assert game["status"] == "playing" and game["lost"] is True
    response = guest.get(f"/api/games/{game['id']}/review")
    assert response.status_code == 200, response.json()
    assert response.json()["verdicts"][-1] == "lost"


def test_your_open_game_s_review_page_says_it_comes_once_the_game_ends(guest) -> None:
    game = guest.play(guest.new("stronghold", 1), "t0>c0")
    page = guest.client.get(f"/games/{game['id']}/review")
    assert page.status_code == 200
    html = page.content.decode()
    assert "This game is still being played" in html and "once it ends" in html
    assert f'href="/play/stronghold/?id={game["id"]}"' in html


def test_another_players_game_is_not_found_until_its_owner_shares_it(alice_api, bob_api, guest):
    game = _left(alice_api, alice_api.play(alice_api.new("streets-and-alleys", 15), *LOST_AFTER))
    url = f"/api/games/{game['id']}/review"
    assert bob_api.get(url).status_code == 404 and guest.get(url).status_code == 404
    assert bob_api.post(f"/api/games/{game['id']}/share", {"shared": True}).status_code == 404
    assert alice_api.post(f"/api/games/{game['id']}/share", {"shared": True}).status_code == 200
    assert bob_api.get(url).json()["losing_move"] == 8
    assert guest.client.get(f"/games/{game['id']}/review").status_code == 200
    alice_api.post(f"/api/games/{game['id']}/share", {"shared": False})
    assert guest.get(url).status_code == 404


def test_a_review_that_stopped_is_taken_over(guest) -> None:
    game = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    record = Game.objects.get(pk=game["id"])
    Review.objects.create(game=record, version=record.version, verdicts=[None] * 10)
    # fresh: another thread is on it, so this request only reads
    assert guest.get(f"/api/games/{game['id']}/review").json()["status"] == "running"
    Review.objects.update(heartbeat="2000-01-01T00:00:00Z")
    assert guest.get(f"/api/games/{game['id']}/review").json()["losing_move"] == 8


def test_the_review_page_shows_every_position(guest) -> None:
    game = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    page = guest.client.get(f"/games/{game['id']}/review")
    assert page.status_code == 200
    assert len(page.context["positions"]) == len(LOST_AFTER) + 1
    assert page.context["owner"] is True


@pytest.mark.django_db(transaction=True)
def test_a_review_runs_in_a_thread_on_the_solver_workers_and_fills_in(guest, settings) -> None:
    from django.db import connection

    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("threads cannot share SQLite's in-memory test database; PostgreSQL runs it")
    import time

    settings.REVIEW_IN_THREAD, settings.SOLVER_PROCESSES = True, 1
    background.reset_workers()
    game = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    url = f"/api/games/{game['id']}/review"
    seen = [guest.get(url).json()]
    deadline = time.monotonic() + 120
    while seen[-1]["status"] != "done" and time.monotonic() < deadline:
        time.sleep(0.2)
        seen.append(guest.get(url).json())
    assert seen[0]["status"] == "running"
    assert (seen[-1]["status"], seen[-1]["losing_move"]) == ("done", 8)


def test_one_review_at_a_time_per_asker_then_429_until_it_ends(guest, bob_api) -> None:
    from solitaire.site.play import quotas

    game = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    url = f"/api/games/{game['id']}/review"
    running = quotas.admit("review", f"guest:{guest.client.session['guest']}", 40)
    refused = guest.get(url)
    assert refused.status_code == 429 and "review" in refused.json()["error"]
    assert 1 <= int(refused["Retry-After"]) <= 40
    running.release()  # that review ended: this one starts, from the row left behind
    assert guest.get(url).json()["losing_move"] == 8


def test_with_every_review_thread_busy_a_review_is_429_and_left_for_later(guest, settings):
    settings.REVIEW_IN_THREAD, settings.REVIEW_THREADS = True, 0
    game = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    url = f"/api/games/{game['id']}/review"
    refused = guest.get(url)
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    settings.REVIEW_IN_THREAD = False
    assert guest.get(url).json()["losing_move"] == 8


def test_the_review_of_a_won_game_does_not_ask_where_it_went_wrong(guest) -> None:
    proved = proved_deals("blockade")[0]
    game = guest.new("blockade", proved.deal)
    for move in proved.solution:
        if game["status"] != "won":
            game = guest.play(game, move)
    html = guest.client.get(f"/games/{game['id']}/review").content.decode()
    assert "go wrong" not in html and "still winnable" not in html
    assert 'data-result="won"' in html and "Your win" in html
    lost = _left(guest, guest.play(guest.new("streets-and-alleys", 15), *LOST_AFTER))
    html = guest.client.get(f"/games/{lost['id']}/review").content.decode()
    assert "Where did it go wrong?" in html
