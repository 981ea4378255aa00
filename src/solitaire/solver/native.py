"""The C core (``core/*.c``, the extension ``solitaire.solver._core``) behind the Python
kernel's interface: what a search calls.

:class:`NativeKernel` gives the core the tables that :mod:`solitaire.solver.tables` derives
from the rules, as bytes, and adds the few methods that are not on the hot path (turning an
engine state into a position, making a scorer, a set of keys). Positions are ``bytes`` here
where the Python kernel has tuples; :meth:`NativeKernel.unpack` gives the tuple, which is
how the tests compare the two (``tests/test_solver_core.py``).

Importing this module imports the C core: :mod:`solitaire.solver.backend` does it only when
the core is there.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State
from solitaire.solver._core import Core, KeySet, Scorer
from solitaire.solver.kernel import Kernel, position_of
from solitaire.solver.scoring import Weights
from solitaire.solver.tables import Tables, tables


def _byte(value: int) -> int:
    """A table entry as a byte: -1 (none) becomes 255."""
    return 255 if value < 0 else value


_ARGS: dict[Rules, dict[str, Any]] = {}

_WEIGHTS = tuple(field.name for field in fields(Weights))
"""The weights in the order ``Core.make_scorer`` takes them."""


def core_tables(rules: Rules) -> dict[str, Any]:
    """The keyword arguments of :class:`Core` for the tables of ``rules``, made once per
    game."""
    kept = _ARGS.get(rules)
    if kept is None:
        kept = _ARGS[rules] = _core_tables(tables(rules))
    return kept


def _core_tables(t: Tables) -> dict[str, Any]:
    need_suits = bytes(sum(1 << suit for suit in suits) for suits in t.need_suits)
    return {
        "piles": t.piles,
        "foundations": t.foundations,
        "cells": t.ncells,
        "decks": t.decks,
        "one_card": t.one_card,
        "limited": t.limited,
        "refills": t.refills,
        "ordered_while_stock": t.ordered_while_stock,
        "deal_to_piles": t.deal_to_piles,
        "bare_key": t.bare_key,
        "returns": t.returns,
        "suited": t.suited,
        "fits_on": t.fits_on,
        "homepos": bytes(t.homepos),
        "next_home": bytes(map(_byte, t.next_home)),
        "below": bytes(map(_byte, t.below)),
        "base_cards": bytes(t.base_cards),
        "need_suits": need_suits,
        "need_pos": bytes(map(_byte, t.need_pos)),
        "fitters_fixed": bytes(t.fitters_fixed),
        "stopper": bytes(t.stopper),
        "takes_nothing": bytes(t.takes_nothing),
        "runs_only": t.runs_only,
        "sequence": b"".join(t.sequence),
        "immovable_test": t.immovable_test,
    }


class NativeKernel(Core):
    """The C core for one game and one stock, with the Python kernel's interface."""

    __slots__ = ("homepos", "returns", "rules", "t")

    def __init__(self, rules: Rules, state: State) -> None:
        t = tables(rules)
        super().__init__(**core_tables(rules), stock=bytes(state.stock))
        self.rules = rules
        self.t = t
        self.homepos = t.homepos
        self.returns = t.returns

    def position(self, state: State) -> bytes:
        """The core's position for ``state``, as it is."""
        return self.pack(position_of(self.rules, state))

    def start(self, state: State) -> tuple[bytes, tuple[tuple[int, int, int], ...]]:
        """The core's position for ``state`` after its safe moves, and those moves."""
        return self.close(self.position(state), ())

    @staticmethod
    def to_move(raw: tuple[int, int, int]) -> Move:
        """The engine's move for a raw move."""
        return Kernel.to_move(raw)

    def scorer(self, weights: Weights) -> Scorer:
        """A scorer by ``weights``, in C."""
        return self.make_scorer(*(getattr(weights, name) for name in _WEIGHTS))

    @staticmethod
    def keyset() -> KeySet:
        """An empty set of keys, in C."""
        return KeySet()
