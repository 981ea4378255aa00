"""Build the solver's C core, the extension ``solitaire.solver._core``, from the C files in
``src/solitaire/solver/core/``.

Everything else about the package is in pyproject.toml. Where no C compiler is there, or
the compile fails, the package installs without the extension and the solver runs as plain
Python on its Python kernel, which gives the same answers (``solitaire/solver/backend.py``).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

CORE = Path("src") / "solitaire" / "solver" / "core"

core = Extension(
    "solitaire.solver._core",
    sources=[str(path) for path in sorted(CORE.glob("*.c"))],
    depends=[str(path) for path in sorted(CORE.glob("*.h"))],
    extra_compile_args=["-O2", "-fvisibility=hidden"],
)


class OptionalBuildExt(build_ext):
    """build_ext that falls back to plain Python when compiling fails: the extension that
    does not build is left out, and the solver runs without it."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:
            print(f"solitaire: not building the C core ({error!r}); plain Python", file=sys.stderr)
            self.extensions = []

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            print(f"solitaire: not building {ext.name} ({error!r}); plain Python", file=sys.stderr)


setup(ext_modules=[core], cmdclass={"build_ext": OptionalBuildExt})
