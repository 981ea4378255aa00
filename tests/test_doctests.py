"""The examples in the library's docstrings run as tests.

They are collected here, module by module, rather than with ``--doctest-modules``, which
would also import the Django site's modules outside a configured project.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import solitaire

ENGINE = sorted(
    module.name
    for module in pkgutil.walk_packages(solitaire.__path__, "solitaire.")
    if not module.name.startswith(("solitaire.site", "solitaire.solver._core"))
)
"""Every module of the library but the site's."""


@pytest.mark.parametrize("name", ["solitaire", *ENGINE])
def test_the_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_engine_has_docstring_examples() -> None:
    attempted = sum(doctest.testmod(importlib.import_module(name)).attempted for name in ENGINE)
    assert attempted >= 10
