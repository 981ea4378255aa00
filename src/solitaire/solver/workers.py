"""Where solver work runs: worker processes on this machine, or a Dask cluster.

The solver holds the interpreter lock while it thinks, so a process that serves players must
never run it itself. Every caller (a Hint on the site, a survey, a winnable list) hands its
jobs to :func:`connect`'s workers instead:

- ``processes=N`` (the embedded default): a pool of N worker processes on this machine,
  started when the first job comes and run at a lower priority (``nice``, from a session of
  their own where Linux shares the cores by session), so that serving players goes first
  whenever both want the cores. N = 0 runs each job in the calling thread,
  for tests and debugging.
- ``scheduler="tcp://host:8786"``: a Dask distributed cluster, whose workers import this
  package from the same release. ``scripts/dask-cluster`` starts one.

A job is a module-level function of the library and picklable arguments; a future answers
``result(timeout)``, ``cancel()``, ``done()`` and ``add_done_callback(fn)`` alike on both, so
that a caller can be told when a job ends instead of keeping a thread waiting on it. A job
that nobody wants past some time is sent as :func:`before`, which skips it when it starts
too late.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Any, Protocol, TypeVar

from solitaire.engine.errors import SolitaireError

T = TypeVar("T")
R = TypeVar("R")
R_co = TypeVar("R_co", covariant=True)

SOLVER_NICE = 10
"""How much lower than the caller the local workers run: 10 of Linux's 0-19."""


class Job(Protocol[R_co]):
    """What a submitted job gives back: the future of one call."""

    def result(self, timeout: float | None = None) -> R_co:
        """The call's answer, waiting at most ``timeout`` seconds (TimeoutError after)."""

    def cancel(self) -> bool:
        """Drop the call if it has not started; True when it will not run."""

    def done(self) -> bool:
        """Whether the answer is in."""

    def add_done_callback(self, fn: Callable[[Any], object]) -> None:
        """Call ``fn(future)`` once the call has ended (answered, failed or cancelled), in a
        thread of the workers' own: ``fn`` must be quick, or hand its work on."""


class Workers(Protocol):
    """Somewhere to run jobs."""

    capacity: int
    """How many jobs run at once."""

    def submit(self, job: Callable[..., R], *args: Any) -> Job[R]:
        """Start ``job(*args)`` as soon as a worker is free."""

    def map(self, job: Callable[[T], R], tasks: Iterable[T], ordered: bool = True) -> Iterator[R]:
        """``job(task)`` for every task, in the tasks' order or as they finish."""

    def close(self) -> None:
        """Stop the workers (jobs not yet started are dropped)."""

    def stop(self) -> None:
        """Stop the workers at once, as the caller ends: jobs not yet started are dropped
        and running ones ended (their futures fail), so that nothing is waited for."""


def before(deadline: float, job: Callable[..., R], *args: Any) -> R | None:
    """``job(*args)``, or None without running it when it starts after ``deadline`` (a
    ``time.time()``): a job queued behind others that its caller no longer wants."""
    if time.time() > deadline:
        return None
    return job(*args)


AUTOGROUPS = Path("/proc/sys/kernel/sched_autogroup_enabled")
"""Whether Linux schedules processes by session: read once per worker."""


def _lower_priority(niceness: int, caller: int) -> None:
    """Each local worker's first step: give way to the process that serves players (its
    caller has already set this niceness from outside, as soon as the process existed).

    Where Linux groups processes by session to share the cores (its autogroups, on by
    default on desktops and on many servers), a niceness orders processes only within their
    group, and each group competes as one with every other: a worker left in its caller's
    session spends its caller's share of the machine, and the web process waits behind
    everything else whenever the worker is busy. So the worker moves to a session of its own
    and gives that group the same niceness, and, since the signals sent to its caller's
    process group no longer reach it, it ends itself once its caller is gone.
    """
    _set_niceness(0, niceness)
    if niceness > 0 and _autogroups():
        _own_group(niceness, caller)


def _autogroups() -> bool:
    try:
        return AUTOGROUPS.read_text().strip() == "1"
    except OSError:  # not Linux, or a kernel without autogroups
        return False


def _own_group(niceness: int, caller: int) -> None:
    try:
        os.setsid()
    except OSError:  # already a session's leader: its group is its own
        return
    threading.Thread(target=_end_with, args=(caller,), daemon=True).start()
    for _ in range(20):  # the kernel takes at most ten such changes a second, machine-wide
        try:
            Path("/proc/self/autogroup").write_text(str(niceness))
            return
        except BlockingIOError:
            time.sleep(0.1)
        except OSError:
            return


def _end_with(caller: int) -> None:
    """Exit once ``caller`` has (the worker is then another process's child): within a
    second, or when the job in hand ends."""
    while os.getppid() == caller:
        time.sleep(1.0)
    os._exit(0)


def _set_niceness(pid: int, niceness: int) -> None:
    with contextlib.suppress(OSError):  # not allowed here, or gone: leave it as it is
        if os.getpriority(os.PRIO_PROCESS, pid) < niceness:
            os.setpriority(os.PRIO_PROCESS, pid, niceness)


class InlineWorkers:
    """Runs each job at once in the calling thread: for tests and debugging."""

    capacity = 1

    def submit(self, job: Callable[..., R], *args: Any) -> Future[R]:
        """Run ``job(*args)`` now; the future is already done."""
        future: Future[R] = Future()
        try:
            future.set_result(job(*args))
        except Exception as error:
            future.set_exception(error)
        return future

    def map(self, job: Callable[[T], R], tasks: Iterable[T], ordered: bool = True) -> Iterator[R]:
        """``job`` on each task in turn."""
        return map(job, tasks)

    def close(self) -> None:
        """Nothing to stop."""

    def stop(self) -> None:
        """Nothing to stop."""


class LocalWorkers:
    """A pool of worker processes on this machine, started with the first job."""

    def __init__(self, processes: int, nice: int = SOLVER_NICE) -> None:
        if processes < 1:
            raise SolitaireError("a pool needs at least one process")
        self.capacity = processes
        self.nice = nice
        self.niceness = min(19, os.getpriority(os.PRIO_PROCESS, 0) + nice)
        """The workers' niceness: the caller's, ``nice`` lower."""
        self._pool: ProcessPoolExecutor | None = None
        self._lowered: set[int] = set()
        self._lock = threading.Lock()

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # Spawned, not forked: the caller may be a threaded web server.
                self._pool = ProcessPoolExecutor(
                    self.capacity,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_lower_priority,
                    initargs=(self.niceness, os.getpid()),
                )
            return self._pool

    def submit(self, job: Callable[..., R], *args: Any) -> Future[R]:
        """Queue ``job(*args)`` for the next free process."""
        future = self._executor().submit(job, *args)
        self._lower_new_processes()
        return future

    def _lower_new_processes(self) -> None:
        """Lower the priority of the processes the pool has just started, from outside: a
        spawned process imports the library before its initializer runs, a second of a
        core that should not be taken from the players either."""
        with self._lock:
            started = getattr(self._pool, "_processes", None) or {}
            for pid in set(started) - self._lowered:
                _set_niceness(pid, self.niceness)
                self._lowered.add(pid)

    def map(self, job: Callable[[T], R], tasks: Iterable[T], ordered: bool = True) -> Iterator[R]:
        """Run every task on the pool; unordered answers come as each one finishes."""
        futures = [self.submit(job, task) for task in tasks]
        try:
            for future in futures if ordered else as_completed(futures):
                yield future.result()
        finally:
            for future in futures:
                future.cancel()

    def close(self) -> None:
        """Stop the processes, dropping jobs that have not started (a job that has started
        ends on its own; nobody waits for it)."""
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None

    def stop(self) -> None:
        """Stop the processes, dropping jobs not started and ending the running ones."""
        with self._lock:
            pool, self._pool = self._pool, None
            if pool is None:
                return
            processes = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                with contextlib.suppress(OSError):
                    process.terminate()


class DaskWorkers:
    """The workers of a Dask distributed cluster, reached through its scheduler."""

    def __init__(self, scheduler: str, timeout: float = 10.0) -> None:
        try:
            from distributed import Client
        except ImportError:
            raise SolitaireError(
                "a Dask scheduler was given, but Dask is not installed: "
                "pip install 'solitaire[cluster]'"
            ) from None
        try:
            self.client = Client(scheduler, timeout=timeout, set_as_default=False)
        except OSError as error:
            raise SolitaireError(
                f"cannot reach the Dask scheduler at {scheduler}: {error}"
            ) from None
        self.capacity = max(1, sum(self.client.nthreads().values()))

    def submit(self, job: Callable[..., R], *args: Any) -> Job[R]:
        """Send ``job(*args)`` to the cluster (never cached: every call runs)."""
        future: Job[R] = self.client.submit(job, *args, pure=False)
        return future

    def map(self, job: Callable[[T], R], tasks: Iterable[T], ordered: bool = True) -> Iterator[R]:
        """Run every task on the cluster; unordered answers come as each one finishes."""
        from distributed import as_completed as dask_completed

        futures = self.client.map(job, list(tasks), pure=False)
        try:
            for future in futures if ordered else dask_completed(futures, loop=self.client.loop):
                yield future.result()
        finally:
            self.client.cancel(futures)

    def close(self) -> None:
        """Let go of the cluster (it keeps running for others)."""
        self.client.close()

    def stop(self) -> None:
        """Let go of the cluster; the jobs this client sent are released with it."""
        self.client.close()


def connect(scheduler: str | None = None, processes: int = 1, nice: int = 0) -> Workers:
    """The workers for ``scheduler`` (a Dask address) or else ``processes`` local processes
    (0: the calling thread), those at ``nice``.
    """
    if scheduler:
        return DaskWorkers(scheduler)
    if processes <= 0:
        return InlineWorkers()
    return LocalWorkers(processes, nice)


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1
