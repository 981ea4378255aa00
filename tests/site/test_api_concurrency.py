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
