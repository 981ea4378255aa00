"""The one seam between the solver and its two kernels: the C core where the install built
it, the Python kernel otherwise.

Every solve, stuck check and dead test gets its kernel from :func:`new_kernel`, of the one
class :data:`KERNEL` chosen here, once, by a plain import: the C core
(:class:`solitaire.solver.native.NativeKernel`, over the extension ``solitaire.solver._core``
that ``setup.py`` builds where a C compiler is there, typed by ``_core.pyi``), or, when that
import fails or ``SOLITAIRE_PURE`` is set (any value but ``0`` or empty), the Python kernel
(:class:`solitaire.solver.kernel.Kernel`). Both have the same methods with the same
signatures (:class:`solitaire.solver.protocol.Core`) and search the same positions in the
same order, so the answers are the same (``tests/test_compiled.py`` runs a solve both ways,
each in a process of its own chosen the way a user chooses).
"""

from __future__ import annotations

import os
from collections.abc import Callable

from solitaire.engine.rules import Rules
from solitaire.engine.state import State
from solitaire.solver.kernel import Kernel
from solitaire.solver.protocol import Core


def _choose() -> tuple[Callable[[Rules, State], Core], str]:
    """The kernel class, and a line saying which it is and why."""
    if os.environ.get("SOLITAIRE_PURE", "") not in ("", "0"):
        return Kernel, "plain Python (SOLITAIRE_PURE is set)"
    try:
        from solitaire.solver.native import NativeKernel
    except ImportError as error:
        return Kernel, f"plain Python (no C core: {error})"
    return NativeKernel, "the C core (solitaire.solver._core)"


KERNEL, IMPLEMENTATION = _choose()
"""The kernel class every solve uses, and what :func:`implementation` says of it."""


def new_kernel(rules: Rules, state: State) -> Core:
    """The kernel for ``rules`` and the stock of ``state``."""
    return KERNEL(rules, state)


def native() -> bool:
    """True when the solver runs on the C core."""
    return KERNEL is not Kernel


def implementation() -> str:
    """Which kernel runs, and why: "the C core (solitaire.solver._core)", or "plain Python
    (reason)"."""
    return IMPLEMENTATION
