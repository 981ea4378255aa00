"""What a search needs from a kernel, a scorer and a set of keys.

Two kernels have this interface: the Python one (:class:`solitaire.solver.kernel.Kernel`,
tuples for positions, a Python ``set`` for keys) and the C core
(:class:`solitaire.solver.native.NativeKernel`, ``bytes`` for positions, a ``KeySet`` in C).
Both have every method of :class:`Core`, with the same signatures, the searches included:
each of the C core's searches is a translation of the Python kernel's (``depthfirst.expand``,
``bestfirst.expand``, ``stockbeam.expand``, ``shorten.raw_shorten``), and they expand the same
positions in the same order. What runs them (``search.py``, the probes, the beam's finish)
calls the kernel and never asks which it is; positions, moves and keys are opaque to it.
"""

from __future__ import annotations

from typing import Any, Protocol

from solitaire.engine.state import Move, State

RawMove = tuple[int, int, int]
Steps = tuple[RawMove, ...]
Child = tuple[int, bytes, Any, Steps]
"""A successor: its score, its canonical key, the position and the moves that reach it."""


class Keys(Protocol):
    """A set of canonical keys."""

    def __contains__(self, key: object, /) -> bool: ...

    def __len__(self) -> int: ...

    def add(self, key: bytes, /) -> None: ...


class Score(Protocol):
    """Scores positions: higher is more promising."""

    def score(self, pos: Any, /) -> int: ...


class Core(Protocol):
    """A kernel: positions, keys, moves, play and children for one game and one stock, and
    the searches that run on them (:meth:`dfs`, :meth:`best_first`, :meth:`beam`,
    :meth:`shorten`)."""

    returns: bool
    """Cards come back off the foundations (Fours Up)."""
    homepos: tuple[int, ...]
    """Each card's place in its foundation's order."""

    def start(self, state: State, /) -> tuple[Any, Steps]: ...

    def position(self, state: State, /) -> Any: ...

    def moves(self, pos: Any, /) -> list[RawMove]: ...

    def key(self, pos: Any, /) -> bytes: ...

    def left(self, pos: Any, /) -> int: ...

    def stock(self, pos: Any, /) -> int: ...

    def dead(self, pos: Any, /) -> bool: ...

    def waste_game(self, pos: Any, budget: int, deadline: float | None, /) -> tuple[str, int]: ...
    def waste_lost(self, pos: Any, /) -> bool: ...
    def immovable(self, pos: Any, /) -> bool: ...
    def stranded(self, pos: Any, limit: int, /) -> bool: ...
    def prune_immovable(self, on: bool, /) -> None: ...
    def prune_stranded(self, limit: int, /) -> None: ...
    def stranded_kept(self, pos: Any, /) -> bool: ...

    def waiting(self, pos: Any, /) -> int: ...

    def tops(self, pos: Any, /) -> tuple[int, ...]: ...

    def play(self, pos: Any, raw: RawMove, /) -> Any: ...

    def close(self, pos: Any, moves: Steps, /) -> tuple[Any, Steps]: ...

    def children(
        self, pos: Any, visited: Any, scorer: Any, ordered: bool = True, deals: bool = True
    ) -> list[Child]: ...

    def scorer(self, weights: Any, /) -> Any: ...

    def keyset(self) -> Keys: ...

    def to_move(self, raw: RawMove, /) -> Move: ...

    def dfs(
        self,
        root: Any,
        scorer: Any,
        budget: int,
        deadline: float | None,
        shared: Any,
        draw: Any,
        noise: float,
        limit: int,
        /,
    ) -> tuple[str, int, list[RawMove], Keys]: ...

    def beam(
        self,
        root: Any,
        scorer: Any,
        shared: Any,
        budget: int,
        deadline: float | None,
        width: int,
        local: int,
        /,
    ) -> tuple[str, list[RawMove], int, list[tuple[Any, list[RawMove]]]]: ...

    def best_first(
        self, root: Any, scorer: Any, cap: int, shared: Any, budget: int, deadline: float | None, /
    ) -> tuple[str, list[RawMove], int, Keys, bool]: ...

    def shorten(self, pos: Any, line: list[RawMove], /) -> list[RawMove]: ...
