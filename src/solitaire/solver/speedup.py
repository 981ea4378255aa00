"""Which solver runs: the mypyc-compiled copy built on install, or the plain Python source.

``pip install`` (see ``setup.py``) copies the modules in :data:`MODULES` into the private
package ``solitaire._compiled``, renaming their imports of each other, and compiles them with
mypyc when a C compiler is there. Under another name the compiled modules never shadow the
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
    "tables",
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


def source_hash(folder: Path = Path(__file__).parent) -> str:
    """SHA-256 of the sources in :data:`MODULES`: the compiled copy's stamp must equal it."""
    digest = hashlib.sha256()
    for name in MODULES:
        digest.update((folder / f"{name}.py").read_bytes())
    return digest.hexdigest()


def load(name: str = "search") -> tuple[ModuleType, str]:
    """The module ``name`` of :data:`MODULES` to use, compiled if possible, and a line saying
    which and why."""
    if os.environ.get("SOLITAIRE_PURE", "") not in ("", "0"):
        return _pure(name), "pure Python (SOLITAIRE_PURE is set)"
    try:
        stamp = importlib.import_module(f"{COMPILED_PACKAGE}.stamp")
    except ImportError:
        return _pure(name), "pure Python (no compiled modules: built without a C compiler?)"
    if getattr(stamp, "SOURCE_HASH", None) != source_hash():
        return _pure(name), "pure Python (compiled modules are stale: run pip install -e . again)"
    try:
        compiled = importlib.import_module(f"{COMPILED_PACKAGE}.{name}")
    except ImportError as error:
        return _pure(name), f"pure Python (compiled modules failed to load: {error})"
    return compiled, "compiled with mypyc"


def _pure(name: str) -> ModuleType:
    return importlib.import_module(f"solitaire.solver.{name}")
