"""Which solver runs: the mypyc-compiled copy and the C core built on install, or the plain
Python source.

``pip install`` (see ``setup.py``) copies the modules in :data:`MODULES` into the private
package ``solitaire._compiled``, renaming their imports of each other, and compiles them with
mypyc when a C compiler is there, and compiles ``core.c``, the C core of the hot path,
into ``solitaire._compiled._core``. Under another name the compiled modules never shadow the
sources, so both stay importable and this module picks one when :mod:`solitaire.solver` is
first imported:

- ``SOLITAIRE_PURE=1`` (any value but ``0`` or empty) forces the plain Python modules;
- the compiled copy is used only if it was built from the sources as they are now (its
  stamp holds :func:`source_hash`), so an edited source is never shadowed by a stale build;
  ``pip install -e .`` rebuilds it.

This file imports nothing from the package, so ``setup.py`` can load it on its own.
"""

from __future__ import annotations

import hashlib
import importlib
import os
from pathlib import Path
from types import ModuleType

MODULES = (
    "protocol",
    "tables",
    "dead",
    "lookup",
    "scoring",
    "moves",
    "kernel",
    "bestfirst",
    "stockbeam",
    "search",
    "stuck",
)
"""The modules of ``solitaire.solver`` that are compiled, each importing only the earlier ones."""

COMPILED_PACKAGE = "solitaire._compiled"
"""Where the compiled copies live (generated at build time, never in the source tree's git)."""


CORE_SOURCE = "core.c"
"""The C core's source, compiled into ``solitaire._compiled._core`` beside the mypyc build."""


def source_hash(folder: Path = Path(__file__).parent) -> str:
    """SHA-256 of the sources in :data:`MODULES` and of :data:`CORE_SOURCE`: the compiled
    copy's stamp must equal it."""
    digest = hashlib.sha256()
    for name in MODULES:
        digest.update((folder / f"{name}.py").read_bytes())
    digest.update((folder / CORE_SOURCE).read_bytes())
    return digest.hexdigest()


def _unusable() -> str | None:
    """Why the compiled copy may not be used, or None when it may."""
    if os.environ.get("SOLITAIRE_PURE", "") not in ("", "0"):
        return "SOLITAIRE_PURE is set"
    try:
        stamp = importlib.import_module(f"{COMPILED_PACKAGE}.stamp")
    except ImportError:
        return "no compiled modules: built without a C compiler?"
    if getattr(stamp, "SOURCE_HASH", None) != source_hash():
        return "compiled modules are stale: run pip install -e . again"
    return None


def load(name: str = "search") -> tuple[ModuleType, str]:
    """The module ``name`` of :data:`MODULES` to use, compiled if possible, and a line saying
    which and why."""
    why = _unusable()
    if why is not None:
        return _pure(name), f"pure Python ({why})"
    try:
        compiled = importlib.import_module(f"{COMPILED_PACKAGE}.{name}")
    except ImportError as error:
        return _pure(name), f"pure Python (compiled modules failed to load: {error})"
    return compiled, "compiled with mypyc"


def load_core() -> tuple[type | None, str]:
    """The C core's kernel class (:class:`solitaire.solver.native.NativeKernel`) if it was
    built from the sources as they are now and loads, else None; and a line saying why."""
    why = _unusable()
    if why is not None:
        return None, why
    try:
        native = importlib.import_module("solitaire.solver.native")
    except ImportError as error:
        return None, f"the C core was not built or failed to load: {error}"
    return native.NativeKernel, "the C core"


def _pure(name: str) -> ModuleType:
    return importlib.import_module(f"solitaire.solver.{name}")
