"""Fixtures for every test: a real Dask cluster, started by the project's own script; the
``browser`` mark on every test under ``tests/browser``; and the tests marked ``long`` first."""

from __future__ import annotations

import os
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BROWSER_TESTS = ROOT / "tests" / "browser"


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in ``tests/browser`` (files added later too) ``browser``, before
    ``-m`` selects: ``make quick`` runs ``pytest -m "not browser"``. Then put the tests
    marked ``long`` first, keeping the order otherwise.
    """
    for item in items:
        if BROWSER_TESTS in item.path.parents:
            item.add_marker(pytest.mark.browser)
    # The longest tests first (a whole winning line dragged in the browser takes half a
    # minute): the pytest-xdist workers, handed one test at a time (the Makefile's
    # --maxschedchunk 1), then end on short tests, and finish together rather than one
    # waiting for another's last long test. Mark a test long when it takes ten seconds or more.
    items.sort(key=lambda item: item.get_closest_marker("long") is None)


@pytest.fixture
def native() -> type:
    """The C core's kernel class (solver/native.py), if the install built the core; skipped
    otherwise, and failed on CI unless ``SOLITAIRE_PURE`` is set (the second, pure pass of
    ``make test``)."""
    from solitaire.solver import backend

    if not backend.native():
        why = backend.implementation()
        if os.environ.get("CI") == "true" and "SOLITAIRE_PURE" not in why:
            pytest.fail(f"no C core on CI: {why}")
        pytest.skip(f"no C core: {why}")
    from solitaire.solver.native import NativeKernel

    return NativeKernel


@pytest.fixture(params=["python", "c"])
def kernel_class(request: pytest.FixtureRequest) -> type:
    """Each kernel in turn: the Python kernel (solver/kernel.py), then the C core."""
    if request.param == "python":
        from solitaire.solver.kernel import Kernel

        return Kernel
    core: type = request.getfixturevalue("native")
    return core


@pytest.fixture(scope="session")
def dask_scheduler() -> Iterator[str]:
    """The address of a local Dask cluster of two workers (``scripts/dask-cluster 2``)."""
    cluster = subprocess.Popen(
        [str(ROOT / "scripts" / "dask-cluster"), "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    assert cluster.stdout is not None
    seen = []
    for line in cluster.stdout:
        seen.append(line)
        if line.startswith("SOLITAIRE_SCHEDULER="):
            break
    else:
        pytest.fail("the Dask cluster did not start:\n" + "".join(seen))
    yield line.strip().split("=", 1)[1]
    os.killpg(cluster.pid, signal.SIGTERM)
    cluster.wait(timeout=60)
