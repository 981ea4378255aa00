"""Work a web process does after the request that started it: the solver workers, and a
bounded set of threads that keep what they answer.

Solver jobs run on this process's one set of solver workers (:func:`workers`: local
processes, or a Dask cluster; :mod:`solitaire.solver.workers`), which Hint, review and the
questions share; nobody waits on a job with a thread of its own. A job's future calls back
when it is done, and the callback hands what is left to do (keep the answer in the database
or the cache) to :data:`FINISHERS`, a pool of ``FINISHER_THREADS`` threads per process.
Reviews, which wait on several rounds of jobs in turn, each take one of at most
``settings.REVIEW_THREADS`` threads (:func:`run_review`); past that they are refused, never
queued.

With ``settings.REVIEW_IN_THREAD`` off (the tests) everything runs at once in the caller's
thread, so that a test sees it end.

When the process stops, :func:`shutdown` (gunicorn's ``worker_exit``) drops the jobs not yet
started, stops the ones running, lets the finishers end what they hold, and turns away what
comes after: an answer that comes back then is let go, quietly (the cache's keys for it
expire on their own).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.db import connection

from solitaire.solver.workers import Workers, connect

logger = logging.getLogger(__name__)

FINISHER_THREADS = 2
"""Threads per web process that keep solver answers: each task is a few cache or database
writes, so two keep up with any number of solver workers."""

FINISHERS = ThreadPoolExecutor(FINISHER_THREADS, thread_name_prefix="solitaire-finish")

_workers: Workers | None = None
_workers_lock = threading.Lock()
_closing = threading.Event()


def workers() -> Workers:
    """This process's solver workers, made when the first job needs them."""
    global _workers
    with _workers_lock:
        if _workers is None:
            _workers = connect(
                settings.SOLVER_SCHEDULER, settings.SOLVER_PROCESSES, settings.SOLVER_NICE
            )
        return _workers


def reset_workers() -> None:
    """Let go of the workers (the next job connects again, with the settings as they are);
    jobs already running end on their own."""
    global _workers
    with _workers_lock:
        if _workers is not None:
            _workers.close()
        _workers = None


def shutdown() -> None:
    """Stop this process's background work, as the process ends: no new work is taken, the
    solver jobs are stopped (their answers are not waited for), and the finishers end the
    tasks they hold."""
    global _workers
    _closing.set()
    with _workers_lock:
        if _workers is not None:
            _workers.stop()
        _workers = None
    FINISHERS.shutdown(wait=True, cancel_futures=True)



class Gate:
    """At most ``settings.<name>`` holders at once in this process (the setting is read at
    each entry, so that a test can change it)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.holders = 0
        self._lock = threading.Lock()

    def enter(self) -> bool:
        """Take a place; False when they are all taken."""
        with self._lock:
            if self.holders >= int(getattr(settings, self.name)):
                return False
            self.holders += 1
            return True

    def leave(self) -> None:
        """Give the place back."""
        with self._lock:
            self.holders -= 1


REVIEWS = Gate("REVIEW_THREADS")
"""The review threads of this process."""


def _in_threads() -> bool:
    return bool(settings.REVIEW_IN_THREAD)


def _logged(task: Callable[..., None], *args: Any) -> None:
    """Run ``task``, logging what it raises, and let go of this thread's database connection."""
    try:
        task(*args)
    except Exception:
        logger.exception("background work %s failed", getattr(task, "__name__", task))
    finally:
        if _in_threads():
            connection.close()


def finish(task: Callable[..., None], *args: Any) -> None:
    """Run ``task(*args)`` on a finisher thread (at once, in this thread, in tests); once the
    process is stopping, let it go."""
    if not _in_threads():
        task(*args)
        return
    try:
        if not _closing.is_set():
            FINISHERS.submit(_logged, task, *args)
            return
    except RuntimeError:  # the interpreter is ending: no thread may start any more
        pass
    logger.info("stopping: %s was let go", getattr(task, "__name__", task))


def when_done(job: Any, task: Callable[..., None], *args: Any) -> None:
    """Once the solver job ``job`` is done, run ``task(job, *args)`` on a finisher thread."""
    job.add_done_callback(lambda done: finish(task, done, *args))


def run_review(task: Callable[[], None]) -> bool:
    """Start ``task`` on a review thread of its own if fewer than ``settings.REVIEW_THREADS``
    run in this process (at once, in this thread, in tests); False when they are all busy."""
    if not _in_threads():
        task()
        return True
    if not REVIEWS.enter():
        return False

    def run() -> None:
        try:
            _logged(task)
        finally:
            REVIEWS.leave()

    threading.Thread(target=run, name="solitaire-review", daemon=True).start()
    return True
