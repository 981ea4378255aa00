"""The one seam between the solver and its two kernels: the C core where the install built
it, the Python kernel otherwise.

Every solve, stuck check and dead test gets its kernel from :func:`new_kernel`. The C core
is the extension ``solitaire.solver._core`` (``core/*.c``, typed by ``_core.pyi``), which
``setup.py`` builds where a C compiler is there; :class:`solitaire.solver.native.NativeKernel`
hands it the game's tables. Without it, or under ``SOLITAIRE_PURE=1`` (any value but ``0``
or empty), the solver runs as plain Python on :class:`solitaire.solver.kernel.Kernel`. Both
kernels search the same positions in the same order, so the answers are the same
(``tests/test_compiled.py``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from solitaire.engine.rules import Rules
from solitaire.engine.state import State
from solitaire.solver.kernel import Kernel
from solitaire.solver.protocol import Core

if TYPE_CHECKING:
    from solitaire.solver.native import NativeKernel


def _load() -> tuple[type[NativeKernel] | None, str]:
    """The C core's kernel class, or None; and a line saying which kernel runs and why."""
    if os.environ.get("SOLITAIRE_PURE", "") not in ("", "0"):
        return None, "plain Python (SOLITAIRE_PURE is set)"
    try:
        from solitaire.solver._core import Core as CCore
    except ImportError as error:
        return None, f"plain Python (no C core: {error})"
    from solitaire.solver.native import NativeKernel

    return NativeKernel, f"the C core ({CCore.__module__})"


_NATIVE, _IMPLEMENTATION = _load()


def new_kernel(rules: Rules, state: State) -> Core:
    """The kernel for ``rules`` and the stock of ``state``: the C core, or the Python kernel."""
    if _NATIVE is None:
        return Kernel(rules, state)
    return _NATIVE(rules, state)


def native() -> bool:
    """True when the solver runs on the C core."""
    return _NATIVE is not None


def implementation() -> str:
    """Which kernel runs, and why: "the C core (solitaire.solver._core)", or "plain Python
    (reason)"."""
    return _IMPLEMENTATION
