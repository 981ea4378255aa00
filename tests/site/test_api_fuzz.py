"""Nothing a client sends makes the API fail with a 500 or leave a game half-changed."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
fields = st.fixed_dictionaries(
    {},
    optional={
        "move": json_values | st.sampled_from(["t0>c0", "t0>f", "s", "c0>t2", "t0>t1:2"]),
        "version": json_values | st.integers(-2, 3),
        "pile": json_values | st.sampled_from(["t0", "t7", "c0", "s", "w", "f0"]),
        "index": json_values | st.integers(-2, 8),
        "game": json_values | st.sampled_from(["streets", "blockade", "stronghold"]),
        "deal": json_values,
        "winnable": json_values,
        "daily": json_values,
    },
)
ACTIONS = ("moves", "undo", "redo", "restart", "click")


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(action=st.sampled_from(ACTIONS), payload=fields | json_values)
def test_any_payload_gets_json_and_changes_nothing_unless_accepted(guest, action, payload) -> None:
    url = "/api/games"
    if not hasattr(guest, "game_id"):
        guest.game_id = guest.new("stronghold", 1)["id"]
    before = guest.get(f"{url}/{guest.game_id}").json()
    response = guest.post(f"{url}/{guest.game_id}/{action}", raw=json.dumps(payload))
    assert response.status_code in (200, 400, 409), (action, payload, response.content)
    after = guest.get(f"{url}/{guest.game_id}").json()
    if response.status_code == 200:
        assert after["version"] == before["version"] + 1
    else:
        assert "error" in response.json()
        assert {**after, "elapsed": 0} == {**before, "elapsed": 0}


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(payload=fields | json_values)
def test_any_new_game_request_gets_json(guest, payload) -> None:
    response = guest.post("/api/games", raw=json.dumps(payload))
    assert response.status_code in (201, 400, 401), (payload, response.content)
    assert response.json()
