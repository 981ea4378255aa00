"""The examples in the engine's docstrings run as tests.

They are collected here, module by module, rather than with ``--doctest-modules``, which
would also import the Django site's modules outside a configured project.
"""

from __future__ import annotations

import doctest
import importlib

import pytest

ENGINE = [
    "solitaire",
    "solitaire.engine.cards",
    "solitaire.engine.rules",
    "solitaire.engine.games",
    "solitaire.engine.state",
    "solitaire.engine.moves",
    "solitaire.engine.deal",
    "solitaire.engine.layout",
    "solitaire.engine.clicks",
    "solitaire.engine.status",
    "solitaire.solver.verdict",
    "solitaire.engine.game",
    "solitaire.cli.picture",
    "solitaire.engine.tablefacts",
    "solitaire.solver.verdict",
    "solitaire.solver",
    "solitaire.solver.depthfirst",
    "solitaire.solver.survey",
]


@pytest.mark.parametrize("name", ENGINE)
def test_the_docstring_examples_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_the_engine_has_docstring_examples() -> None:
    attempted = sum(doctest.testmod(importlib.import_module(name)).attempted for name in ENGINE)
    assert attempted >= 10
