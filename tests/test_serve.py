"""``solitaire serve`` as it runs for players: several web processes, HEAD on the wire, and
nothing lost when the server is killed.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

SOLITAIRE = str(Path(sys.executable).with_name("solitaire"))


@dataclass
class Served:
    """A server process group on a port, with its data folder."""

    process: subprocess.Popen[bytes]
    port: int
    data: Path

    @property
    def url(self) -> str:
        """Where it serves."""
        return f"http://127.0.0.1:{self.port}"

    def kill(self, sig: int = signal.SIGTERM) -> None:
        """Signal every process of the server and wait for the first one to end."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, sig)
            self.process.wait(timeout=30)


def start(data: Path, workers: int, port: int = 0) -> Served:
    """``solitaire serve --workers N`` on ``data``, once it answers."""
    if not port:
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
    env = {**os.environ, "SOLITAIRE_DATA_DIR": str(data)}
    env.pop("DATABASE_URL", None)
    log = (data / "serve.log").open("ab")
    process = subprocess.Popen(
        [SOLITAIRE, "serve", "--port", str(port), "--workers", str(workers)],
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    served = Served(process, port, data)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(f"{served.url}/api/settings", timeout=2):
                return served
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                served.kill(signal.SIGKILL)
                pytest.fail("the site did not start:\n" + (data / "serve.log").read_text())
            time.sleep(0.2)


@pytest.fixture
def serving(tmp_path: Path) -> Iterator[Any]:
    """Start servers on demand; every one is stopped at the end."""
    started: list[Served] = []

    def make(workers: int = 2, port: int = 0) -> Served:
        started.append(start(tmp_path, workers, port))
        return started[-1]

    yield make
    for served in started:
        served.kill(signal.SIGKILL)


class Browser:
    """A cookie-keeping client that speaks JSON, with the CSRF token sent back."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.call("GET", "/api/settings")

    def call(self, method: str, path: str, data: Any = None) -> Any:
        """One request; the JSON answer."""
        token = next((c.value for c in self.jar if c.name == "csrftoken"), "")
        request = urllib.request.Request(
            self.url + path,
            data=None if data is None else json.dumps(data).encode(),
            method=method,
            headers={"Content-Type": "application/json", "X-CSRFToken": token},
        )
        with self.opener.open(request, timeout=30) as response:
            return json.loads(response.read())


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.long
@pytest.mark.skipif(not Path("/proc").exists(), reason="reads processes from /proc")
def test_workers_two_runs_two_web_processes(serving) -> None:
    served = serving(workers=2)
    # The site answers as soon as one process is up; the second may still be starting.
    deadline = time.monotonic() + 60
    while len(_children(served.process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert len(_children(served.process.pid)) == 2
    browser = Browser(served.url)
    game = browser.call("POST", "/api/games", {"game": "stronghold", "deal": 1})
    for _ in range(10):  # each request may reach either process; all see the same game
        assert Browser(served.url).call("GET", "/api/settings")["autoplay"] is True
        assert browser.call("GET", f"/api/games/{game['id']}")["version"] == 0


@pytest.mark.long
def test_an_answer_to_head_carries_no_body_on_a_kept_alive_connection(serving) -> None:
    served = serving(workers=1)
    with socket.create_connection(("127.0.0.1", served.port), timeout=10) as sock:
        request = "{} /api/settings HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        sock.sendall((request.format("HEAD") + request.format("GET")).encode())
        received = b""
        while received.count(b"HTTP/1.1 200") < 2 or not received.endswith(b"}"):
            chunk = sock.recv(65536)
            if not chunk:
                break
            received += chunk
    head, get = received.split(b"HTTP/1.1 200")[1:]
    assert head.endswith(b"\r\n\r\n")  # the headers, then at once the next answer
    body = get.split(b"\r\n\r\n", 1)[1]
    assert json.loads(body)["autoplay"] is True  # the GET's whole body, after no HEAD body


@pytest.mark.long
def test_a_kill_9_loses_no_move_that_was_answered(serving, tmp_path: Path) -> None:
    served = serving(workers=2)
    browser = Browser(served.url)
    game = browser.call("POST", "/api/games", {"game": "streets", "deal": 1})
    for _ in range(30):
        game = browser.call(
            "POST", f"/api/games/{game['id']}/moves", {"move": "s", "version": game["version"]}
        )
    served.kill(signal.SIGKILL)
    again = serving(workers=1, port=served.port)
    browser.url = again.url
    kept = browser.call("GET", f"/api/games/{game['id']}")
    assert (kept["moves"], kept["version"], kept["layout"]) == (
        game["moves"],
        game["version"],
        game["layout"],
    )
    env = {**os.environ, "SOLITAIRE_DATA_DIR": str(tmp_path)}
    env.pop("DATABASE_URL", None)
    checked = subprocess.run(
        [SOLITAIRE, "checkgames"], env=env, capture_output=True, text=True, timeout=120
    )
    assert checked.returncode == 0, checked.stderr
    assert "1 games replayed" in checked.stdout


@pytest.mark.long
def test_a_server_stopped_while_hints_think_on_stops_without_a_traceback(serving) -> None:
    served = serving(workers=1)
    browser = Browser(served.url)
    # Fours Up deals as dealt that Hint's first two seconds leave unknown: each hint goes on
    # thinking on the solver workers, and its answer is still to come when the server stops.
    thinking = 0
    for number in range(1, 40):
        game = browser.call("POST", "/api/games", {"game": "fours-up", "deal": number})
        try:
            answer = browser.call("POST", f"/api/games/{game['id']}/hint")
        except urllib.error.HTTPError as error:  # 429: this guest's two solves are running
            assert error.code == 429
            break
        thinking += answer["thinking"]
        if thinking == 2:
            break
    assert thinking >= 1
    served.kill(signal.SIGTERM)
    log = (served.data / "serve.log").read_text()
    assert "Traceback" not in log and "Error" not in log, log


def test_one_web_process_by_default_unless_the_processes_share_a_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without REDIS_URL each web process keeps Hint's answers in its own memory, so the
    site runs one by default, and more than one is served with a warning; with it, one per
    core."""
    from click.testing import CliRunner

    import solitaire.site.server as server
    from solitaire.cli import site

    served: list[int] = []
    monkeypatch.setattr(server, "serve", lambda **kwargs: served.append(kwargs["workers"]))
    monkeypatch.setattr(site, "cores", lambda: 4)
    runner = CliRunner()
    monkeypatch.delenv("REDIS_URL", raising=False)
    quiet = runner.invoke(site.serve, [])
    warned = runner.invoke(site.serve, ["--workers", "2"])
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:6379/0")
    shared = runner.invoke(site.serve, [])
    assert (quiet.exit_code, warned.exit_code, shared.exit_code) == (0, 0, 0)
    assert served == [1, 2, 4]
    assert "warning" not in quiet.output and "warning" not in shared.output
    assert "REDIS_URL" in warned.output and "per process" in warned.output
