"""Settings come from the environment through small helpers with safe defaults."""

from __future__ import annotations

import stat

from solitaire.site import env


def test_the_secret_key_is_made_once_and_kept_private(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SOLITAIRE_SECRET_KEY", raising=False)
    first = env.secret_key(tmp_path)
    assert len(first) >= 50
    assert env.secret_key(tmp_path) == first
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600


def test_debug_is_off_unless_asked_for(monkeypatch) -> None:
    monkeypatch.delenv("SOLITAIRE_DEBUG", raising=False)
    assert env.env_bool("SOLITAIRE_DEBUG") is False
    monkeypatch.setenv("SOLITAIRE_DEBUG", "1")
    assert env.env_bool("SOLITAIRE_DEBUG") is True


def test_the_database_is_sqlite_unless_a_url_says_postgresql(tmp_path) -> None:
    assert env.database("", tmp_path / "db.sqlite3")["ENGINE"].endswith("sqlite3")
    pg = env.database("postgresql://sol:p%40ss@db.local:5433/games?sslmode=require", tmp_path)
    assert pg["ENGINE"].endswith("postgresql")
    assert (pg["NAME"], pg["USER"], pg["PASSWORD"], pg["HOST"], pg["PORT"]) == (
        "games",
        "sol",
        "p@ss",
        "db.local",
        "5433",
    )
    assert pg["OPTIONS"] == {
        "sslmode": "require",
        "server_side_binding": True,
        "prepare_threshold": 5,
    }
    socket = env.database("postgresql://postgres@/test?host=/tmp/pg", tmp_path)
    assert socket["HOST"] == "/tmp/pg"
    url = "postgresql://db/x?server_side_binding=false&prepare_threshold="
    pooled = env.database(url, tmp_path)
    assert (pooled["OPTIONS"]["server_side_binding"], pooled["OPTIONS"]["prepare_threshold"]) == (
        False,
        None,
    )


def test_allowed_hosts_default_to_local_names(monkeypatch) -> None:
    monkeypatch.delenv("SOLITAIRE_ALLOWED_HOSTS", raising=False)
    assert "localhost" in env.env_list("SOLITAIRE_ALLOWED_HOSTS", ["localhost"])
    monkeypatch.setenv("SOLITAIRE_ALLOWED_HOSTS", "cards.example, www.cards.example")
    assert env.env_list("SOLITAIRE_ALLOWED_HOSTS", []) == ["cards.example", "www.cards.example"]
