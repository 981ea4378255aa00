"""Winning lines kept by position, for Hint: one memory, wherever its entries are stored.

Each position along a line names the line and how far into it the position is, so a line of
a hundred moves costs a hundred small entries and one copy of its moves. A position's name is
:func:`position_key`, the same in every process, worked out once per position when a line is
remembered: a worker process that finds a line hands back the entries it made
(:attr:`LineMemory.found`), and the caller keeps them as they are (:meth:`LineMemory.keep`),
with no replay. The entries live in a :class:`Store`: this process's own by default
(:class:`LocalStore`), or a cache that every process shares (the site's).
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any, Protocol

from solitaire.engine.moves import is_legal, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State


def position_key(rules: Rules, state: State) -> str:
    """A short name for a position of a game, the same in every process.

    >>> from solitaire.engine.games import get_rules
    >>> from solitaire.engine.deal import deal
    >>> rules = get_rules("stronghold")
    >>> position_key(rules, deal(rules, 1)) == position_key(rules, deal(rules, 1))
    True
    """
    text = repr((state.tableau, state.foundations, state.cells, state.stock, state.waste))
    return f"{rules.id}:{hashlib.blake2b(text.encode(), digest_size=16).hexdigest()}"


class Store(Protocol):
    """Where a memory's entries live: plain keys and values."""

    def get(self, key: str) -> Any:
        """The value kept under ``key``, or None."""
        ...

    def set_many(self, entries: dict[str, Any]) -> None:
        """Keep every entry."""
        ...


class LocalStore:
    """This process's entries, the least recently used forgotten first."""

    def __init__(self, capacity: int = 400_000) -> None:
        self.capacity = capacity
        self._entries: OrderedDict[str, Any] = OrderedDict()

    def get(self, key: str) -> Any:
        """The value kept under ``key``, or None."""
        value = self._entries.get(key)
        if value is not None:
            self._entries.move_to_end(key)
        return value

    def set_many(self, entries: dict[str, Any]) -> None:
        """Keep every entry, forgetting the oldest past the capacity."""
        for key, value in entries.items():
            self._entries[key] = value
            self._entries.move_to_end(key)
        while len(self._entries) > self.capacity:
            self._entries.popitem(last=False)

    def clear(self) -> None:
        """Forget everything."""
        self._entries.clear()


class LineMemory:
    """Winning lines by position, kept in ``store`` (this process's own by default).

    >>> from solitaire.engine.games import get_rules
    >>> from solitaire.engine.deal import deal
    >>> rules = get_rules("stronghold")
    >>> memory = LineMemory()
    >>> line = (Move.from_str("t0>c0"),)
    >>> memory.remember(rules, deal(rules, 1), line)
    >>> memory.recall(rules, deal(rules, 1)) == line
    True
    """

    def __init__(self, store: Store | None = None) -> None:
        self.store: Store = LocalStore() if store is None else store
        self.found: dict[str, Any] = {}
        """Every entry this memory made itself, for a worker to hand back."""

    def remember(self, rules: Rules, state: State, line: tuple[Move, ...]) -> None:
        """Keep ``line``, a winning line from ``state``, for every position along it."""
        entries = line_entries(rules, state, line)
        self.store.set_many(entries)
        self.found.update(entries)

    def keep(self, entries: dict[str, Any]) -> None:
        """Keep entries that another memory made (:attr:`found`), as they are."""
        self.store.set_many(entries)

    def recall(self, rules: Rules, state: State) -> tuple[Move, ...] | None:
        """The rest of a kept winning line from ``state``, or None."""
        entry = self.store.get(f"line:{position_key(rules, state)}")
        if entry is None:
            return None
        name, offset = entry
        moves = self.store.get(name)
        if moves is None or offset >= len(moves):
            return None
        line = tuple(Move.from_str(move) for move in moves[offset:])
        # The key is a hash: make sure the line starts from here before trusting it.
        return line if is_legal(rules, state, line[0]) else None


def line_entries(rules: Rules, state: State, line: tuple[Move, ...]) -> dict[str, Any]:
    """The entries that keep ``line`` from ``state``: the moves once, under a name of their
    own, and each position along the line naming them and its offset. Each position is
    played and named once."""
    if not line:
        return {}
    moves = [str(move) for move in line]
    start = position_key(rules, state)
    digest = hashlib.blake2b(f"{start}:{' '.join(moves)}".encode(), digest_size=16)
    name = f"moves:{digest.hexdigest()}"
    entries: dict[str, Any] = {name: moves, f"line:{start}": (name, 0)}
    for offset, move in enumerate(line[:-1], 1):
        state = play(rules, state, move)
        entries[f"line:{position_key(rules, state)}"] = (name, offset)
    return entries
