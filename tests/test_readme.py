"""What README.md promises a newcomer holds: ``make run PORT=N`` serves on port N."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_readme_says_how_to_serve_on_another_port_and_make_does_it() -> None:
    readme = (ROOT / "README.md").read_text()
    found = re.search(r"`make run PORT=(\d+)`", readme)
    assert found, "README.md does not say how to serve on another port"
    if shutil.which("make") is None:
        pytest.skip("no make here")
    plan = subprocess.run(
        ["make", "-n", "-o", ".venv/.installed", "run", f"PORT={found[1]}"],
        cwd=ROOT, capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert f"--port {found[1]}" in plan
