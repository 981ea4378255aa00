"""Solver jobs run the same on local processes, in the calling thread and on a Dask cluster."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from solitaire.deals.makewinnable import extend
from solitaire.engine.errors import SolitaireError
from solitaire.solver.survey import survey
from solitaire.solver.workers import DaskWorkers, InlineWorkers, LocalWorkers, connect


def _rows(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """Survey rows without their timings, the one field that may differ between runs."""
    return [{key: value for key, value in row.items() if key != "seconds"} for row in rows]


def test_a_survey_on_a_dask_cluster_gives_the_local_rows(dask_scheduler: str) -> None:
    deals = range(1, 13)
    local = survey("streets-and-alleys", deals, 4000, jobs=2)
    remote = survey("streets-and-alleys", deals, 4000, jobs=1, scheduler=dask_scheduler)
    assert _rows(remote) == _rows(local)
    assert len({row["result"] for row in local}) >= 2  # more than one kind of answer compared


def test_makewinnable_on_a_dask_cluster_proves_the_local_deals(
    dask_scheduler: str, tmp_path: Path
) -> None:
    local = extend("blockade", 6, 20_000, jobs=2, directory=tmp_path / "local")
    remote = extend("blockade", 6, 20_000, directory=tmp_path / "dask", scheduler=dask_scheduler)
    assert remote.deals == local.deals and remote.searched == local.searched


def test_jobs_on_the_cluster_run_in_its_worker_processes(dask_scheduler: str) -> None:
    workers = connect(dask_scheduler)
    try:
        assert isinstance(workers, DaskWorkers) and workers.capacity == 2
        # A job is a function the workers can import, as the library's are.
        pids = {workers.submit(os.getpid).result(timeout=30) for _ in range(6)}
        assert os.getpid() not in pids
    finally:
        workers.close()


def _pid(_task: int) -> int:
    return os.getpid()


def test_local_workers_run_in_other_processes_at_a_lower_priority() -> None:
    workers = LocalWorkers(1, nice=5)
    try:
        pid, nice = workers.submit(_pid_and_nice).result(timeout=60)
        assert pid != os.getpid() and nice >= os.nice(0) + 5
        assert list(workers.map(_pid, range(3), ordered=True)) == [pid] * 3
    finally:
        workers.close()


def _pid_and_nice() -> tuple[int, int]:
    return os.getpid(), os.nice(0)


AUTOGROUPS = Path("/proc/sys/kernel/sched_autogroup_enabled")
needs_autogroups = pytest.mark.skipif(
    not AUTOGROUPS.exists() or AUTOGROUPS.read_text().strip() != "1",
    reason="Linux shares the cores by session only with autogroups on",
)


@needs_autogroups
def test_a_niced_worker_competes_from_a_group_of_its_own_at_its_niceness() -> None:
    workers = LocalWorkers(1, nice=5)
    try:
        session, group = workers.submit(_session_and_group).result(timeout=60)
        assert session != os.getsid(0)
        assert group.endswith(f" nice {min(19, os.nice(0) + 5)}"), group
    finally:
        workers.close()


def _session_and_group() -> tuple[int, str]:
    return os.getsid(0), Path("/proc/self/autogroup").read_text().strip()


@needs_autogroups
def test_a_worker_in_a_session_of_its_own_ends_when_its_caller_does() -> None:
    import subprocess
    import sys
    import time

    # The caller dies at once, with no shutdown: nothing tells its worker but its going.
    caller = (
        "import os\n"
        "from solitaire.solver.workers import LocalWorkers\n"
        "print(LocalWorkers(1, nice=5).submit(os.getpid).result(timeout=60), flush=True)\n"
        "os._exit(0)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", caller], capture_output=True, text=True, timeout=120, check=True
    )
    worker = int(done.stdout)
    deadline = time.monotonic() + 30
    while _running(worker) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert not _running(worker)


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (a zombie has)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def test_zero_processes_run_jobs_in_the_calling_thread() -> None:
    workers = connect(None, processes=0)
    assert isinstance(workers, InlineWorkers)
    assert workers.submit(_pid_and_nice).result()[0] == os.getpid()
    with pytest.raises(ZeroDivisionError):
        workers.submit(divmod, 1, 0).result()


def test_an_unreachable_scheduler_is_a_clear_error() -> None:
    with pytest.raises(SolitaireError, match="cannot reach the Dask scheduler"):
        DaskWorkers("tcp://127.0.0.1:9", timeout=1)


def test_a_job_that_starts_after_its_deadline_is_skipped() -> None:
    import time

    from solitaire.solver.workers import before

    workers = LocalWorkers(1)
    try:
        assert workers.submit(before, time.time() - 1, os.getpid).result(timeout=60) is None
        assert workers.submit(before, time.time() + 60, os.getpid).result(timeout=60) != os.getpid()
    finally:
        workers.close()


def test_every_kind_of_workers_calls_back_when_a_job_ends(dask_scheduler: str) -> None:
    import threading

    for workers in (connect(None, processes=0), LocalWorkers(1), connect(dask_scheduler)):
        ended = threading.Event()
        answers: list[object] = []

        def called(future: object, ended: threading.Event = ended, answers=answers) -> None:
            answers.append(future.result())  # type: ignore[attr-defined]
            ended.set()

        try:
            workers.submit(divmod, 7, 2).add_done_callback(called)
            assert ended.wait(60) and answers == [(3, 1)]
        finally:
            workers.close()
