"""The house's floors: each part of the package imports only the parts below it.

From the ground up: the engine (the rules), the solver, the deal lists, the advice (Hint and
review), the web site, the command line. The engine stands on nothing of ours, so it can be
imported, typed and tested without the solver.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

import solitaire

PACKAGE = Path(solitaire.__file__).parent

FLOORS = ("engine", "solver", "deals", "advice", "site", "cli")
"""The parts of the package, lowest first."""


def floor_of(module: str) -> int | None:
    """The floor of a module of ours (``solitaire.X...``), or None for the package's face."""
    parts = module.split(".")
    if parts[0] != "solitaire" or len(parts) < 2:
        return None
    return FLOORS.index(parts[1])


def imports_of(path: Path) -> set[str]:
    """Every module of ours that ``path`` imports, at its top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name.split(".")[0] == "solitaire"}


def our_modules() -> list[tuple[str, Path]]:
    """Every Python module of the package but its face, with its dotted name."""
    return [
        (".".join(("solitaire", *path.relative_to(PACKAGE).with_suffix("").parts)), path)
        for path in sorted(PACKAGE.rglob("*.py"))
        if path.parent != PACKAGE
    ]


def test_every_module_is_on_a_floor() -> None:
    assert all(floor_of(name) is not None for name, _ in our_modules())


@pytest.mark.parametrize("name, path", our_modules(), ids=lambda value: str(value))
def test_no_module_imports_a_floor_above_its_own(name: str, path: Path) -> None:
    own = floor_of(name)
    assert own is not None
    above = []
    for imported in imports_of(path):
        floor = floor_of(imported.removesuffix(".__init__"))
        if floor is not None and imported.split(".")[1] in FLOORS and floor > own:
            above.append(imported)
    assert not above, f"{name} ({FLOORS[own]}) imports {sorted(above)}"


def test_importing_the_engine_loads_nothing_above_it() -> None:
    code = (
        "import sys, solitaire.engine\n"
        "print(sorted({m.split('.')[1] for m in sys.modules if m.startswith('solitaire.')}))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert loaded.strip() == "['engine']"
