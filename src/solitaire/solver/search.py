"""The search: in games with a waste a beam search by stock card first, then greedy
best-first searches under several weightings, then short randomised depth-first probes,
then depth-first search.

The beam search (:mod:`solitaire.solver.stockbeam`) only finds wins; it is what wins Fours
Up deals. Best-first search (:mod:`solitaire.solver.bestfirst`) finds most wins quickly, and proves
small lost positions while its open list has not been cut back. Which wins it finds depends
on how :meth:`Scorer.score` weighs a position, and no one weighting finds them all, so it
runs once under each of :data:`PROFILES` that differs for the game, sharing
:data:`BEST_FIRST_SHARE` of the budget.

A depth-first search that takes a bad turn near the root spends the rest of its budget
under that turn. The probes guard against that: depth-first searches from the root, each
ranking children by score plus random noise and each cut off after a few thousand
positions, restarted with a fresh seed on Luby's schedule (:func:`luby`), sharing
:data:`PROBE_SHARE` of the budget. The seeds are fixed, so an answer is the same every run.

If none of them answers, a depth-first search starts again from the root with the rest of
the budget. The budget counts distinct positions: each earlier search expands up to its
share, and the last depth-first search goes on until the positions that any of the
searches expanded number the whole budget, so a position that an earlier search expanded
costs it nothing. Depth-first search keeps memory small: the only thing stored per
position is its canonical key (``bytes``) in a set, and the path to the current position is
the stack itself. Children are tried in the order :meth:`Scorer.score` ranks them; the
order never removes a child, so an exhausted depth-first search, or probe, is a proof.
"""

from __future__ import annotations

import gc
import random
import sys
import time
from dataclasses import dataclass, replace
from typing import Any, Final

from solitaire.engine import apply
from solitaire.rules import Rules
from solitaire.solver import backend
from solitaire.solver.bestfirst import BestFirst
from solitaire.solver.kernel import Weights
from solitaire.solver.protocol import Child, Core, Keys, RawMove, Score, Steps
from solitaire.solver.stockbeam import StockBeam
from solitaire.solver.tables import DEAL
from solitaire.state import Move, State
from solitaire.verdict import Verdict

WON, LOST, UNKNOWN = Verdict.WON, Verdict.LOST, Verdict.UNKNOWN
"""The searches pass these around as plain strings (the C core's too); a Solution's result is
always a :class:`Verdict`."""

DEFAULT_BUDGET = 1_000_000
"""Positions expanded before the search answers "unknown"."""

BEST_FIRST_SHARE = 0.6
"""The share of the budget that the best-first searches spend before depth-first search;
:func:`best_first_shares` splits it between the profiles."""

PROFILES = (
    Weights(),
    Weights(blocked=6, empty=12, cells=6),
    Weights(blocked=10, empty=8, cells=4),
    Weights(blocked=6, empty=16, cells=8),
    Weights(blocked=6, empty=12, cells=6, waste=1, waste_blocked=3),
    Weights(depth=5),
    Weights(blocked=6, empty=12, cells=6, depth=5),
)
"""The weightings the best-first searches try, in order; the first also orders the
depth-first search. In trials on the deals 1-200 that the first weighting left unknown, each
of them won deals that the others missed (docs/solver.md)."""

OPENING = Weights(home=12, cells=6, depth=2)
"""In games without a waste the best-first searches try this weighting first, before
:data:`PROFILES`: more for a card home, more for an empty free cell, and something for the
cards on the ones the foundations take next. It finds the easy deals' wins in fewer
positions. Measured on deals 1-400 at 100,000 positions, the median deal took 482 positions
in Stronghold instead of 2,125, 931 instead of 1,312 in Streets and Alleys, and on deals
1-200 826 instead of 1,097 in Blockade. At 1,000,000, with :data:`OPENING_SHARE`, every
answer is the same as without it on deals 1-600 of Stronghold and Streets and Alleys and
deals 1-200 and 401-600 of Blockade, in fewer positions (docs/solver.md, How it searches).
With an equal share instead it lost Streets and Alleys deals 436 and 600."""

OPENING_SHARE = 1 / 30
"""The share of :data:`BEST_FIRST_SHARE` that the search under :data:`OPENING` may spend
(2% of the budget), on top of the equal shares of the others."""

BEAM_SHARE = 0.1
"""In games with a waste, :mod:`solitaire.solver.stockbeam` runs first, with this share of
the budget but at least :data:`BEAM_MIN` positions (all of a smaller budget)."""

BEAM_MIN = 40_000
"""The beam search's least budget: on Fours Up deals it mostly ends within 20,000-40,000."""

BEAM_WEIGHTS = Weights(home=10, blocked=3, empty=4, waste=0, buried=30, loose=6, dead=5)
"""The beam search's weighting. In trials on Fours Up deals it won more deals with the
waste's cards weighed by what lies on them (``buried``, ``loose``) than with ``waste``."""

DEALT_AHEAD = (4, 8, 12, 16, 20)
"""In games with a waste, after the beam searches, a best-first search under the first
weighting starts from the position reached by dealing this many cards with no other move,
for each number in turn. Best-first search seldom deals many cards in a row before it moves
any; on 9 of the 35 Streets deals 1-200 that the searches left unknown, one of these won
within 55,000 positions (docs/solver.md)."""

BEAMS_AHEAD_SHARE = 0.2
"""In games with a waste, after the first beam search, beam searches start in turn from the
positions reached by dealing 1, 2, 3, ... cards with no other move, until they have added
this share of the budget or the stock is out. On 7 of the 28 Streets deals 1-200 that the
solver left unknown, one of them won in 6,700 to 10,500 positions (docs/solver.md)."""

DEALT_SHARE = 0.06
"""The share of the budget that each search of :data:`DEALT_AHEAD` may expand."""

PROBE_SHARE = 0.3
"""The share of the budget that the randomised depth-first probes spend, after the
best-first searches and before the last depth-first search."""

PROBE_UNIT = 1000
"""Probe ``i`` (from 1) stops after ``PROBE_UNIT * luby(i)`` positions: 1000, 1000, 2000,
1000, 1000, 2000, 4000, ..."""

PROBE_NOISE = 48
"""A probe ranks children by score plus a random number from 0 to this: with the weights
of :data:`PROBE_WEIGHTS`, about as much as six cards home."""

PROBE_WEIGHTS = Weights(blocked=6, empty=12, cells=6, depth=5)
"""The probes' weighting. In trials on the Streets and Alleys deals 1-400 that the other
searches left unknown it won the most (docs/solver.md)."""

_CLOCK_EVERY: Final = 1024
_NO_LIMIT: Final = sys.maxsize

@dataclass(frozen=True)
class Solution:
    """What a search found.

    ``result`` is "won", "lost" or "unknown"; ``positions`` counts the distinct positions
    expanded (one that two of the searches expand counts once); ``solution`` (with
    "won" only) is the line of moves that wins from the position searched, every foundation
    named; ``expanded`` counts every expansion, repeats by another search included: the
    work done, where ``positions`` is what the budget limits.
    """

    result: Verdict
    positions: int
    seconds: float
    solution: tuple[Move, ...] | None = None
    expanded: int = 0


def solve(
    rules: Rules,
    state: State,
    budget: int = DEFAULT_BUDGET,
    *,
    seconds: float | None = None,
) -> Solution:
    """Search ``state`` under ``rules``: "won" with a winning line, "lost" once every
    position reachable under sound pruning has been expanded, or "unknown" when ``budget``
    positions have been expanded or ``seconds`` of wall-clock time have passed.

    The cyclic garbage collector is paused meanwhile: the search makes no reference cycles,
    and its collections, which walk every position held, cost about a tenth of the time.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(rules, state, budget, seconds)
    finally:
        if collecting:
            gc.enable()


def _solve(rules: Rules, state: State, budget: int, seconds: float | None) -> Solution:
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    kernel = backend.kernel(rules, state)
    root, opening = kernel.start(state)
    if kernel.left(root) == 0:
        return Solution(WON, 0, time.perf_counter() - started, tuple(map(kernel.to_move, opening)))
    if kernel.dead(root):
        return Solution(LOST, 1, time.perf_counter() - started, expanded=1)
    profiles = profiles_for(rules)
    expanded = kernel.keyset()  # every position any search has expanded, by key
    work = 0  # expansions, repeats included
    result: str = UNKNOWN
    line: list[RawMove] = []
    if rules.has_waste:
        beam = StockBeam(kernel, kernel.scorer(BEAM_WEIGHTS), root, expanded)
        result, line = beam.run(min(budget, max(BEAM_MIN, int(budget * BEAM_SHARE))), deadline)
        work += beam.expanded
        if result == UNKNOWN:
            spend = min(int(budget * BEAMS_AHEAD_SHARE), budget - len(expanded))
            result, line, beamed = _beams_ahead(kernel, root, expanded, spend, deadline)
            work += beamed
        for dealt in DEALT_AHEAD:
            if result != UNKNOWN or len(expanded) >= budget:
                break
            start, steps = _dealt(kernel, root, dealt)
            if kernel.dead(start):  # lost, and so is every position dealt further
                break
            ahead = BestFirst(kernel, kernel.scorer(profiles[0]), start, shared=expanded)
            found, tail = ahead.run(
                max(1, min(int(budget * DEALT_SHARE), budget - len(expanded))), deadline
            )
            work += ahead.expanded
            if found == WON:  # a loss from there says nothing of the root
                result, line = WON, [*steps, *tail]
    for weights, share in zip(profiles, best_first_shares(rules, len(profiles)), strict=True):
        if result != UNKNOWN or len(expanded) >= budget:
            break
        greedy = BestFirst(kernel, kernel.scorer(weights), root, shared=expanded)
        spend = int(budget * BEST_FIRST_SHARE * share)
        result, line = greedy.run(max(1, min(spend, budget - len(expanded))), deadline)
        work += greedy.expanded
    if result == UNKNOWN and len(expanded) < budget:
        probes = kernel.scorer(PROBE_WEIGHTS)
        result, line, probed = _probe(
            kernel, probes, root, budget, int(budget * PROBE_SHARE), deadline, expanded
        )
        work += probed
    if result == UNKNOWN and len(expanded) < budget and not _late(deadline):
        ranked = kernel.scorer(Weights())
        result, _fresh, line, seen = _dfs(
            kernel, ranked, root, budget - len(expanded), deadline, expanded
        )
        work += len(seen)
    positions = len(expanded)
    elapsed = time.perf_counter() - started
    if result != WON:
        return Solution(Verdict(result), positions, elapsed, expanded=work)
    moves = shorten(kernel, rules, state, [*opening, *line])
    return Solution(WON, positions, elapsed, moves, work)


def best_first_shares(rules: Rules, count: int) -> list[float]:
    """How :data:`BEST_FIRST_SHARE` is split between ``count`` profiles: in games with a
    waste half for the first profile and the other half shared equally by the rest; in the
    other games :data:`OPENING_SHARE` for the first, :data:`OPENING`, and equal shares of
    the whole for the rest.

    Measured on deals 1-400 at 1,000,000 positions (docs/solver.md, Figures): in Streets and
    Alleys the later profiles that win a deal alone need 90,000 to 250,000 positions, more
    than the 60,000 they get beside a first profile that takes half, and equal shares decide
    2 more deals (3 more of 401-600) and change nothing in Stronghold and Blockade. In
    Streets they win 2 more of 1-400 (3 won, 1 lost) and 3 fewer of 401-600 (1 won, 4 lost:
    deals that the solver, its first profile taking half, wins in 322,989 to 486,968
    positions), and Fours Up was not tried.
    """
    if rules.has_waste and count > 1:
        return [0.5] + [0.5 / (count - 1)] * (count - 1)
    if count > 1:
        return [OPENING_SHARE] + [1 / (count - 1)] * (count - 1)
    return [1.0]


def _beams_ahead(
    kernel: Core, root: Any, expanded: Keys, spend: int, deadline: float | None
) -> tuple[str, list[RawMove], int]:
    """Beam searches from ``root`` after 1, 2, 3, ... cards dealt with no other move (each
    followed by its safe moves), until one wins, ``spend`` new keys are in ``expanded``,
    the stock is out, a start is dead, or the deadline passes. Returns "won" and the line
    from ``root``, or "unknown"; and the expansions done."""
    scorer = kernel.scorer(BEAM_WEIGHTS)
    stop = len(expanded) + spend
    pos: Any = root
    steps: list[RawMove] = []
    work = 0
    while kernel.stock(pos) and len(expanded) < stop and not _late(deadline):
        pos, moves = _dealt(kernel, pos, 1)
        steps.extend(moves)
        if kernel.dead(pos):  # lost, and so is every position dealt further
            break
        beam = StockBeam(kernel, scorer, pos, expanded)
        found, tail = beam.run(stop - len(expanded), deadline)
        work += beam.expanded
        if found == WON:
            return WON, [*steps, *tail], work
    return UNKNOWN, [], work


def _dealt(kernel: Core, root: Any, cards: int) -> tuple[Any, list[RawMove]]:
    """The position after dealing up to ``cards`` cards from ``root`` (each followed by its
    safe moves) and no other move, and the moves that reach it."""
    pos: Any = root
    steps: list[RawMove] = []
    for _ in range(cards):
        if not kernel.stock(pos):
            break
        pos, moves = kernel.close(kernel.play(pos, DEAL), (DEAL,))
        steps.extend(moves)
    return pos, steps


def shorten(kernel: Core, rules: Rules, start: State, line: list[RawMove]) -> tuple[Move, ...]:
    """A winning line from ``start`` to the same final position, no longer than ``line``,
    as :func:`solitaire.lines.shorten` makes it but on the kernel: from each position it
    takes the kernel's move that lands furthest along the line (the line's own next move at
    worst). Positions are compared exactly, not by key. The C core does it itself
    (``kernel.shorten``), with the same moves. The engine stays the judge: the line is
    replayed through :func:`solitaire.engine.apply`, which raises if a move is illegal.
    """
    pos = kernel.position(start)
    raws = kernel.shorten(pos, line) if kernel.native else _shorten(kernel, pos, line)
    short = tuple(map(kernel.to_move, raws))
    state = start
    for move in short:
        state = apply(rules, state, move)[1]
    return short


def _shorten(kernel: Core, pos: Any, line: list[RawMove]) -> list[RawMove]:
    """:func:`shorten`'s raw moves, on the Python kernel."""
    positions = [pos]
    for raw in line:
        pos = kernel.play(pos, raw)
        positions.append(pos)
    last_seen = {at: index for index, at in enumerate(positions)}
    short: list[RawMove] = []
    index = 0
    end = len(positions) - 1
    while index < end:
        here = positions[index]
        best, best_raw = index + 1, line[index]
        for raw in kernel.moves(here):
            reached = last_seen.get(kernel.play(here, raw), -1)
            if reached > best:
                best, best_raw = reached, raw
        short.append(best_raw)
        index = best
    return short


_PROFILES: Final[dict[Rules, tuple[Weights, ...]]] = {}


def profiles_for(rules: Rules) -> tuple[Weights, ...]:
    """:data:`PROFILES` as they differ for ``rules``, after :data:`OPENING` in games without
    a waste: a weight on something the game lacks (free cells, a waste, a stock) counts as
    zero, and repeats are left out. Worked out once per game."""
    found = _PROFILES.get(rules)
    if found is None:
        found = _PROFILES[rules] = _profiles_for(rules)
    return found


def _profiles_for(rules: Rules) -> tuple[Weights, ...]:
    has_waste = rules.has_waste
    out: list[Weights] = []
    for weights in PROFILES if has_waste else (OPENING, *PROFILES):
        weights = replace(
            weights,
            cells=weights.cells if rules.cells else 0,
            waste=weights.waste if has_waste else 0,
            waste_blocked=weights.waste_blocked if has_waste else 0,
            stock=weights.stock if rules.stock is not None else 0,
        )
        if weights not in out:
            out.append(weights)
    return tuple(out)


def luby(index: int) -> int:
    """Term ``index`` (from 1) of Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4,
    8, ...: restarting a randomised search after ``unit * luby(i)`` steps is within a
    logarithmic factor of the best fixed cut-off, whatever the distribution of its run time
    (Luby, Sinclair and Zuckerman, 1993)."""
    if index < 1:
        raise ValueError(f"Luby's sequence starts at 1, not {index}")
    while True:
        size = 1  # the smallest 2**k - 1 at least index
        while size < index:
            size = 2 * size + 1
        if index == size:
            return (size + 1) // 2
        index -= size // 2  # the sequence repeats its first half before each new term


def _late(deadline: float | None) -> bool:
    """True once ``deadline`` (a ``time.perf_counter()`` reading, or None for none) has passed."""
    return deadline is not None and time.perf_counter() > deadline


def _probe(
    kernel: Core,
    scorer: Score,
    root: Any,
    budget: int,
    spend: int,
    deadline: float | None,
    shared: Keys,
) -> tuple[str, list[RawMove], int]:
    """Randomised depth-first probes until one wins or exhausts the position, they have
    expanded ``spend`` positions between them, ``shared`` holds ``budget`` keys, or the
    deadline passes: (result, line, expansions)."""
    used = 0
    index = 1
    while used < spend and len(shared) < budget and not _late(deadline):
        limit = min(PROBE_UNIT * luby(index), spend - used)
        order = random.Random(index)
        result, _fresh, line, seen = _dfs(
            kernel, scorer, root, budget - len(shared), deadline, shared, order, limit
        )
        used += len(seen)
        if result != UNKNOWN:
            return result, line, used
        index += 1
    return UNKNOWN, [], used


def _dfs(
    kernel: Core,
    scorer: Score,
    root: Any,
    budget: int,
    deadline: float | None,
    shared: Keys | None = None,
    order: random.Random | None = None,
    limit: int = _NO_LIMIT,
) -> tuple[str, int, list[RawMove], Keys]:
    """Depth-first search until it has expanded ``budget`` positions that were not in
    ``shared`` (the keys that earlier searches of the same root expanded; it adds its
    own), or ``limit`` positions in all: (result, those new positions, line, visited).

    With ``order`` (a probe) children are ranked by score plus up to :data:`PROBE_NOISE`
    drawn from it; without, by score."""
    if shared is None:
        shared = kernel.keyset()
    if kernel.native:
        draw = None if order is None else order.random
        return kernel.dfs(root, scorer, budget, deadline, shared, draw, PROBE_NOISE, limit)
    root_key = kernel.key(root)
    visited = kernel.keyset()
    visited.add(root_key)
    frames: list[list[Child]] = [_ranked(kernel, scorer, root, visited, order)]
    cursor = [0]
    path: list[Steps] = []
    expanded = 0
    if root_key not in shared:
        shared.add(root_key)
        expanded = 1
    while frames:
        top = frames[-1]
        at = cursor[-1]
        if at >= len(top):
            frames.pop()
            cursor.pop()
            if path:
                path.pop()
            continue
        cursor[-1] = at + 1
        _score, key, pos, moves = top[at]
        top[at] = None  # type: ignore[call-overload]  # let the position go
        if key in visited:
            continue
        if kernel.left(pos) == 0:
            path.append(moves)
            return WON, expanded, [raw for step in path for raw in step], visited
        if not len(visited) % _CLOCK_EVERY and _late(deadline):
            return UNKNOWN, expanded, [], visited
        if len(visited) >= limit:
            return UNKNOWN, expanded, [], visited
        if key not in shared:  # only a position no search has expanded costs budget
            if expanded >= budget:
                return UNKNOWN, expanded, [], visited
            shared.add(key)
            expanded += 1
        visited.add(key)
        frames.append(_ranked(kernel, scorer, pos, visited, order))
        cursor.append(0)
        path.append(moves)
    return LOST, expanded, [], visited


def _ranked(
    kernel: Core,
    scorer: Score,
    pos: Any,
    visited: Keys,
    order: random.Random | None,
) -> list[Child]:
    """The children of ``pos`` not yet visited, best first: by score, plus noise from
    ``order`` when it is given."""
    if order is None:
        return kernel.children(pos, visited, scorer)
    children = kernel.children(pos, visited, scorer, False)
    draw = order.random
    noisy = [(child[0] + draw() * PROBE_NOISE, at) for at, child in enumerate(children)]
    noisy.sort(reverse=True)
    return [children[at] for _noise, at in noisy]
