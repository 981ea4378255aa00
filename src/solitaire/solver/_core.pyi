"""Types of the C core, the extension ``solitaire.solver._core`` built from ``core/*.c``.

A position is ``bytes`` here (``core/core.h`` says how it is laid out) where the Python
kernel has a tuple; raw moves are the Python kernel's ``(src, dst, count)`` tuples.
"""

from collections.abc import Callable, Iterator

RawMove = tuple[int, int, int]
Steps = tuple[RawMove, ...]

class KeySet:
    """A set of keys (bytes) in an open-addressing table over one arena."""

    def add(self, key: bytes, /) -> None: ...
    def keys(self) -> list[bytes]: ...
    def nbytes(self) -> int: ...
    def __contains__(self, key: object, /) -> bool: ...
    def __len__(self) -> int: ...
    def __iter__(self) -> Iterator[bytes]: ...

class Scorer:
    """Scores positions of a core by the weights of ``scoring.Weights``."""

    def score(self, pos: bytes, /) -> int: ...
    def waste_cost(self, waste: bytes, /) -> int: ...

class Core:
    """The solver's hot path for one game and one stock, from tables derived from the rules
    (``native.core_tables``)."""

    def __init__(
        self,
        *,
        piles: int,
        foundations: int,
        cells: int,
        decks: int,
        one_card: bool,
        limited: bool,
        refills: bool,
        ordered_while_stock: bool,
        deal_to_piles: bool,
        bare_key: bool,
        returns: bool,
        suited: bool,
        fits_on: bytes,
        homepos: bytes,
        next_home: bytes,
        below: bytes,
        base_cards: bytes,
        need_suits: bytes,
        need_pos: bytes,
        fitters_fixed: bytes,
        stopper: bytes,
        takes_nothing: bytes,
        stock: bytes,
        runs_only: bool,
        sequence: bytes,
        immovable_test: bool,
    ) -> None: ...
    def pack(
        self, pos: tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, bytes, int], /
    ) -> bytes: ...
    def unpack(
        self, pos: bytes, /
    ) -> tuple[tuple[bytes, ...], tuple[int, ...], bytes, int, bytes, int]: ...
    def left(self, pos: bytes, /) -> int: ...
    def stock(self, pos: bytes, /) -> int: ...
    def dead(self, pos: bytes, /) -> bool: ...
    def waste_game(self, pos: bytes, budget: int, deadline: float | None, /) -> tuple[str, int]: ...
    def waste_lost(self, pos: bytes, /) -> bool: ...
    def immovable(self, pos: bytes, /) -> bool: ...
    def stranded(self, pos: bytes, limit: int, /) -> bool: ...
    def prune_immovable(self, on: bool, /) -> None: ...
    def prune_stranded(self, limit: int, /) -> None: ...
    def stranded_kept(self, pos: bytes, /) -> bool: ...
    def stack_peak(self) -> tuple[int, int]: ...
    def waiting(self, pos: bytes, /) -> int: ...
    def tops(self, pos: bytes, /) -> tuple[int, ...]: ...
    def safe(self, pos: bytes, /) -> frozenset[int]: ...
    def key(self, pos: bytes, /) -> bytes: ...
    def moves(self, pos: bytes, /) -> list[RawMove]: ...
    def play(self, pos: bytes, raw: RawMove, /) -> bytes: ...
    def close(self, pos: bytes, moves: Steps, /) -> tuple[bytes, Steps]: ...
    def step(self, pos: bytes, raw: RawMove, safe: object, /) -> tuple[bytes, Steps]: ...
    def children(
        self,
        pos: bytes,
        visited: object,
        scorer: Scorer,
        ordered: bool = True,
        deals: bool = True,
    ) -> list[tuple[int, bytes, bytes, Steps]]: ...
    def dfs(
        self,
        root: bytes,
        scorer: Scorer,
        budget: int,
        deadline: float | None,
        shared: KeySet,
        draw: Callable[[], float] | None,
        noise: float,
        limit: int,
        /,
    ) -> tuple[str, int, list[RawMove], KeySet]: ...
    def best_first(
        self,
        root: bytes,
        scorer: Scorer,
        cap: int,
        shared: KeySet,
        budget: int,
        deadline: float | None,
        /,
    ) -> tuple[str, list[RawMove], int, KeySet, bool]: ...
    def beam(
        self,
        root: bytes,
        scorer: Scorer,
        shared: KeySet,
        budget: int,
        deadline: float | None,
        width: int,
        local: int,
        /,
    ) -> tuple[str, list[RawMove], int, list[tuple[bytes, list[RawMove]]]]: ...
    def shorten(self, pos: bytes, line: list[RawMove], /) -> list[RawMove]: ...
    def make_scorer(
        self,
        home: int,
        blocked: int,
        empty: int,
        cells: int,
        waste: int,
        waste_blocked: int,
        stock: int,
        depth: int,
        buried: int,
        loose: int,
        dead: int,
        /,
    ) -> Scorer: ...
