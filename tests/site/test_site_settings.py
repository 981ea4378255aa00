"""Settings come from the environment through small helpers with safe defaults."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

from solitaire.site import env


def test_the_secret_key_is_made_once_by_prepare_and_kept_private(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SOLITAIRE_SECRET_KEY", raising=False)
    folder = tmp_path / "data"
    assert env.data_dir() and not folder.exists()
    env.secret_key(folder)  # reading the settings writes nothing
    assert not folder.exists()
    env.prepare(folder)
    first = env.secret_key(folder)
    assert len(first) >= 50 and (folder / "static").is_dir()
    env.prepare(folder)
    assert env.secret_key(folder) == first
    assert stat.S_IMODE((folder / "secret_key").stat().st_mode) == 0o600


def test_importing_the_settings_writes_no_file(tmp_path) -> None:
    folder = tmp_path / "fresh"
    code = "import solitaire.site.settings as s; print(len(s.SECRET_KEY))"
    env_vars = {**os.environ, "SOLITAIRE_DATA_DIR": str(folder)}
    env_vars.pop("SOLITAIRE_SECRET_KEY", None)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env_vars, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) >= 50 and not folder.exists()


def test_migrate_prepares_the_data_folder_on_a_fresh_clone(tmp_path) -> None:
    folder = tmp_path / "fresh"
    env_vars = {**os.environ, "SOLITAIRE_DATA_DIR": str(folder)}
    env_vars.pop("DATABASE_URL", None)
    env_vars["DJANGO_SETTINGS_MODULE"] = "solitaire.site.settings"
    admin = Path(sys.executable).with_name("django-admin")
    done = subprocess.run(
        [admin, "migrate", "-v", "0"], env=env_vars, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    assert (folder / "secret_key").exists() and (folder / "db.sqlite3").exists()


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
