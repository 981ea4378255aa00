"""Two requests for the same game at once: one move is played, the other gets 409."""

from __future__ import annotations

import json
import threading

import pytest
from django.db import connection
from django.test import Client


@pytest.mark.django_db(transaction=True)
def test_a_double_click_plays_the_move_once(alice) -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("threads cannot share SQLite's in-memory test database; PostgreSQL runs it")
    starter = Client()
    starter.force_login(alice)
    game = starter.post(
        "/api/games", json.dumps({"game": "stronghold", "deal": 1}), content_type="application/json"
    ).json()
    barrier = threading.Barrier(4)
    statuses: list[int] = []

    def click() -> None:
        client = Client()
        client.force_login(alice)
        barrier.wait()
        response = client.post(
            f"/api/games/{game['id']}/moves",
            json.dumps({"move": "t0>c0", "version": 0}),
            content_type="application/json",
        )
        statuses.append(response.status_code)
        connection.close()

    threads = [threading.Thread(target=click) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(statuses) == [200, 409, 409, 409]
    after = starter.get(f"/api/games/{game['id']}").json()
    assert (after["moves"], after["version"]) == (["t0>c0"], 1)


@pytest.mark.django_db(transaction=True)
def test_two_changes_worked_out_from_one_version_are_written_once(alice, monkeypatch) -> None:
    if connection.vendor == "sqlite" and connection.is_in_memory_db():
        pytest.skip("threads cannot share SQLite's in-memory test database; PostgreSQL runs it")
    from solitaire.site.play import records

    starter = Client()
    starter.force_login(alice)
    game = starter.post(
        "/api/games", json.dumps({"game": "stronghold", "deal": 1}), content_type="application/json"
    ).json()
    both_worked_out = threading.Barrier(2)
    keep = records.keep

    def keep_then_wait(record, engine):
        legal = keep(record, engine)
        both_worked_out.wait(timeout=20)  # neither writes before both have read version 0
        return legal

    monkeypatch.setattr(records, "keep", keep_then_wait)
    answers: dict[str, int] = {}

    def play(move: str) -> None:
        client = Client()
        client.force_login(alice)
        response = client.post(
            f"/api/games/{game['id']}/moves",
            json.dumps({"move": move, "version": 0}),
            content_type="application/json",
        )
        answers[move] = response.status_code
        connection.close()

    threads = [threading.Thread(target=play, args=(move,)) for move in ("t0>c0", "t1>c0")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert sorted(answers.values()) == [200, 409]
    after = starter.get(f"/api/games/{game['id']}").json()
    winner = next(move for move, status in answers.items() if status == 200)
    assert (after["moves"], after["version"]) == ([winner], 1)
