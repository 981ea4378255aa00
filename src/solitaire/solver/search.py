"""The search, on the kernel that :func:`solitaire.solver.backend.new_kernel` gives: in games
whose piles are built runs (``Tables.runs_only``) the dead-position test and the waste game
first; in games with a waste the stock searches (a beam search by stock card, beams after
dealing, best-first searches from positions dealt ahead); then greedy best-first searches
under several weightings, short randomised depth-first probes, in games with a waste the
portfolio of beams (:mod:`solitaire.solver.portfolio`) in the budget the probes leave, and
depth-first search; and, only when all of those answer "unknown" and the caller gives it a
budget (``hard``), the hard-wins phase of :mod:`solitaire.solver.hard`. docs/solver.md (How
it searches) describes each.

The waste game (:mod:`solitaire.solver.wastegame`) only proves losses. The stock searches only
find wins; the beam search (:mod:`solitaire.solver.stockbeam`) is what wins Fours Up deals.
Best-first search (:mod:`solitaire.solver.bestfirst`) finds most wins quickly, and
proves small lost positions while its open list has not been cut back. Which wins it finds
depends on how :meth:`Scorer.score` weighs a position, and no one weighting finds them all,
so it runs once under each of :data:`PROFILES` that differs for the game, sharing
:data:`BEST_FIRST_SHARE` of the budget. The probes (:mod:`solitaire.solver.depthfirst`)
share :data:`PROBE_SHARE` of it.

If none of them answers, a depth-first search starts again from the root with the rest of
the budget. The budget counts distinct positions: each earlier search expands up to its
share, and the last depth-first search goes on until the positions that any of the
searches expanded number the whole budget, so a position that an earlier search expanded
costs it nothing. An exhausted depth-first search, or probe, is a proof. In games without a
waste the depth-first search first stops at the budget less
:data:`solitaire.solver.latebest.LATE_SHARE`, where the late best-first searches run, and
then goes on.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass, replace
from typing import Any, Final

from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, State
from solitaire.solver.backend import new_kernel
from solitaire.solver.bestfirst import BestFirst
from solitaire.solver.depthfirst import dfs, late, probe
from solitaire.solver.hard import hard as hard_wins
from solitaire.solver.latebest import LATE_SHARE, late_best_first
from solitaire.solver.portfolio import PORTFOLIO_SHARE, beams
from solitaire.solver.protocol import Core, RawMove
from solitaire.solver.scoring import Weights
from solitaire.solver.shorten import shorten
from solitaire.solver.stockbeam import StockBeam
from solitaire.solver.stranded import LIMIT as STRANDED_LIMIT
from solitaire.solver.tables import DEAL, tables
from solitaire.solver.verdict import Verdict

WON, LOST, UNKNOWN = Verdict.WON, Verdict.LOST, Verdict.UNKNOWN
"""The searches pass these around as plain strings (the C core's too); a Solution's result is
always a :class:`Verdict`."""

DEFAULT_BUDGET = 1_000_000
"""Positions expanded before the search answers "unknown"."""

STRANDED_SEARCH = 5_000
"""The limit of rule 10 in the depth-first searches that :func:`solve`'s ``stranded`` asks
for when it is on: the states not settled yet that each child's relaxed game may visit
(bench/RESULTS.md, 2026-12-07, sixth round, gives the figures)."""

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
depth-first search. Each wins deals that the others leave unknown (docs/solver.md, How it
searches)."""

OPENING = Weights(home=12, cells=6, depth=2)
"""In games without a waste the best-first searches try this weighting first, before
:data:`PROFILES`, with :data:`OPENING_SHARE` of the budget: more for a card home, more for
an empty free cell, and something for the cards on the ones the foundations take next. It
finds the easy deals' wins in fewer positions than the first of :data:`PROFILES`
(bench/RESULTS.md, 2026-12-03, gives the figures and the command)."""

OPENING_SHARE = 1 / 30
"""The share of :data:`BEST_FIRST_SHARE` that the search under :data:`OPENING` may spend
(2% of the budget), on top of the equal shares of the others."""

BEAM_SHARE = 0.1
"""In games with a waste, :mod:`solitaire.solver.stockbeam` runs first, with this share of
the budget but at least :data:`BEAM_MIN` positions (all of a smaller budget)."""

BEAM_MIN = 40_000
"""The beam search's least budget: on Fours Up deals it mostly ends within 20,000-40,000."""

BEAM_WEIGHTS = Weights(home=10, blocked=3, empty=4, waste=0, buried=30, loose=6, dead=5)
"""The beam search's weighting: it weighs the waste's cards by what lies on them
(``buried``, ``loose``), which wins more Fours Up deals than weighing each alike (``waste``)."""

DEALT_AHEAD = (4, 8, 12, 16, 20)
"""In games with a waste, after the beam searches, a best-first search under the first
weighting starts from the position reached by dealing this many cards with no other move,
for each number in turn. Best-first search seldom deals many cards in a row before it moves
any; these starts reach wins it misses (docs/solver.md, How it searches)."""

BEAMS_AHEAD_SHARE = 0.2
"""In games with a waste, after the first beam search, beam searches start in turn from the
positions reached by dealing 1, 2, 3, ... cards with no other move, until they have added
this share of the budget or the stock is out; they win deals the first beam search misses
(docs/solver.md, How it searches)."""

DEALT_SHARE = 0.06
"""The share of the budget that each search of :data:`DEALT_AHEAD` may expand."""

PROBE_SHARE = 0.3
"""The share of the budget that the randomised depth-first probes spend, after the
best-first searches and before the last depth-first search."""

WASTE_GAME_SHARE = 0.3
"""In games whose piles are built runs (Fours Up), the waste game
(:mod:`solitaire.solver.wastegame`) runs first, with this share of the budget, its positions
counted among the positions expanded (and this share of any time limit). When it proves the
position lost the solve answers at once; otherwise the other searches share the rest."""

PROBE_WEIGHTS = Weights(blocked=6, empty=12, cells=6, depth=5)
"""The probes' weighting: of those tried, the one under which they win the most of the
Streets and Alleys deals that the other searches leave unknown (bench/RESULTS.md,
2026-11-30)."""


@dataclass(frozen=True)
class Solution:
    """What a search found.

    ``result`` is "won", "lost" or "unknown"; ``positions`` counts the distinct positions
    expanded (one that two of the searches expand counts once); ``solution`` (with
    "won" only) is the line of moves that wins from the position searched, every foundation
    named; ``expanded`` counts every expansion, repeats by another search included: the
    work done, where ``positions`` is what the budget limits. ``method`` names the piece of
    the hard-wins phase (:mod:`solitaire.solver.hard`) that won, "" when the first phase
    answered or that phase did not run.
    """

    result: Verdict
    positions: int
    seconds: float
    solution: tuple[Move, ...] | None = None
    expanded: int = 0
    method: str = ""


def solve(
    rules: Rules,
    state: State,
    budget: int = DEFAULT_BUDGET,
    *,
    seconds: float | None = None,
    hard: int = 0,
    stranded: int = 0,
) -> Solution:
    """Search ``state`` under ``rules``: "won" with a winning line, "lost" once every
    position reachable under sound pruning has been expanded, or "unknown" when ``budget``
    positions have been expanded or ``seconds`` of wall-clock time have passed.

    When that answer is "unknown" and ``hard`` is above 0, the hard-wins phase
    (:func:`solitaire.solver.hard.hard`) searches again from the first position with
    ``hard`` positions of its own, within what is left of ``seconds``: it can only turn
    "unknown" into "won", so every other answer is the same as with ``hard=0``.

    When ``stranded`` is above 0 (in games with ``immovable_test``), the depth-first
    searches also leave out every child that rule 10 proves lost within ``stranded`` states
    of its relaxed game not settled yet (:meth:`Kernel.prune_stranded
    <solitaire.solver.kernel.Kernel.prune_stranded>`; :data:`STRANDED_SEARCH` is the value
    measured). A child it leaves out is lost, so the search finds the same wins and losses
    as without it, after no more positions; off by default, so that the published rows stay
    the ones its command gives.

    The cyclic garbage collector is paused meanwhile: the search makes no reference cycles,
    and its collections, which walk every position held, cost about a tenth of the time.
    """
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(rules, state, budget, seconds, hard, stranded)
    finally:
        if collecting:
            gc.enable()


def _solve(
    rules: Rules, state: State, budget: int, seconds: float | None, hard: int, stranded: int
) -> Solution:
    if hard < 0:
        raise ValueError(f"the hard-wins budget is a count of positions, not {hard}")
    if stranded < 0:
        raise ValueError(f"rule 10's limit in the search is a count of states, not {stranded}")
    started = time.perf_counter()
    deadline = None if seconds is None else started + seconds
    kernel = new_kernel(rules, state)
    root, opening = kernel.start(state)
    if kernel.left(root) == 0:
        return Solution(WON, 0, time.perf_counter() - started, tuple(map(kernel.to_move, opening)))
    if kernel.dead(root):
        return Solution(LOST, 1, time.perf_counter() - started, expanded=1)
    entered = 0
    if tables(rules).runs_only:
        result, entered = kernel.waste_game(
            root, int(budget * WASTE_GAME_SHARE) or 1, _share(started, seconds, WASTE_GAME_SHARE)
        )
        if result == LOST:
            return Solution(LOST, entered, time.perf_counter() - started, expanded=entered)
    searches = _Searches(kernel, root, budget - entered, deadline, stranded)
    profiles = profiles_for(rules)
    result, line = searches.stock(profiles[0]) if rules.has_waste else (UNKNOWN, [])
    if result == UNKNOWN:
        result, line = searches.best_first(profiles, best_first_shares(rules, len(profiles)))
    reserve = int(budget * PORTFOLIO_SHARE) if rules.has_waste else 0
    kept = 0 if rules.has_waste else int(budget * LATE_SHARE)
    if result == UNKNOWN:
        result, line = searches.probes(reserve or kept)
    if result == UNKNOWN and reserve and searches.left() <= reserve:
        result, line = searches.portfolio(reserve)
    if result == UNKNOWN and tables(rules).immovable_test and not late(deadline):
        result = LOST if kernel.stranded(root, STRANDED_LIMIT) else UNKNOWN  # rule 10
    if result == UNKNOWN and kept:
        result, line = searches.late_searches(kept)
    if result == UNKNOWN:
        result, line = searches.depth_first()
    positions = entered + len(searches.expanded)
    work = entered + searches.work
    del searches  # the first phase's keys go before the second phase makes its own
    method = ""
    if result == UNKNOWN and hard and not late(deadline):
        result, line, found, spent, method = hard_wins(kernel, root, hard, deadline)
        positions += found
        work += spent
    elapsed = time.perf_counter() - started
    if result != WON:
        return Solution(Verdict(result), positions, elapsed, expanded=work)
    moves = shorten(kernel, rules, state, [*opening, *line])
    return Solution(WON, positions, elapsed, moves, work, method)


def _share(started: float, seconds: float | None, share: float) -> float | None:
    """The deadline of a search that may spend ``share`` of ``seconds`` from ``started``."""
    return None if seconds is None else started + seconds * share


class _Searches:
    """The searches of one solve, from one root, in turn: each spends a share of the
    budget, and ``expanded`` holds the key of every position any of them has expanded."""

    def __init__(
        self, kernel: Core, root: Any, budget: int, deadline: float | None, stranded: int = 0
    ) -> None:
        self.kernel = kernel
        self.stranded = stranded  # rule 10's limit in the depth-first searches (0: off)
        self.root = root
        self.budget = budget
        self.deadline = deadline
        self.expanded = kernel.keyset()
        self.work = 0  # expansions, repeats included

    def left(self) -> int:
        """The positions of the budget not yet expanded."""
        return self.budget - len(self.expanded)

    def stock(self, weights: Weights) -> tuple[str, list[RawMove]]:
        """In games with a waste: the beam search, the beams ahead, then best-first
        searches under ``weights`` from the positions :data:`DEALT_AHEAD` cards ahead."""
        kernel, budget = self.kernel, self.budget
        beam = StockBeam(kernel, kernel.scorer(BEAM_WEIGHTS), self.root, self.expanded)
        first = min(budget, max(BEAM_MIN, int(budget * BEAM_SHARE)))
        result, line = beam.run(first, self.deadline)
        self.work += beam.expanded
        if result == UNKNOWN:
            result, line = self._beams_ahead(min(int(budget * BEAMS_AHEAD_SHARE), self.left()))
        for dealt in DEALT_AHEAD:
            if result != UNKNOWN or self.left() <= 0:
                break
            start, steps = _dealt(kernel, self.root, dealt)
            if kernel.dead(start):  # lost, and so is every position dealt further
                break
            ahead = BestFirst(kernel, kernel.scorer(weights), start, shared=self.expanded)
            spend = max(1, min(int(budget * DEALT_SHARE), self.left()))
            found, tail = ahead.run(spend, self.deadline)
            self.work += ahead.expanded
            if found == WON:  # a loss from there says nothing of the root
                result, line = WON, [*steps, *tail]
        return result, line

    def _beams_ahead(self, spend: int) -> tuple[str, list[RawMove]]:
        """Beam searches from the root after 1, 2, 3, ... cards dealt with no other move
        (each followed by its safe moves), until one wins, ``spend`` new keys are in
        ``expanded``, the stock is out, a start is dead, or the deadline passes: "won" and
        the line from the root, or "unknown"."""
        kernel = self.kernel
        scorer = kernel.scorer(BEAM_WEIGHTS)
        stop = len(self.expanded) + spend
        pos: Any = self.root
        steps: list[RawMove] = []
        while kernel.stock(pos) and len(self.expanded) < stop and not late(self.deadline):
            pos, moves = _dealt(kernel, pos, 1)
            steps.extend(moves)
            if kernel.dead(pos):  # lost, and so is every position dealt further
                break
            beam = StockBeam(kernel, scorer, pos, self.expanded)
            found, tail = beam.run(stop - len(self.expanded), self.deadline)
            self.work += beam.expanded
            if found == WON:
                return WON, [*steps, *tail]
        return UNKNOWN, []

    def best_first(
        self, profiles: tuple[Weights, ...], shares: list[float]
    ) -> tuple[str, list[RawMove]]:
        """A best-first search from the root under each of ``profiles`` in turn, with its
        share of :data:`BEST_FIRST_SHARE`, until one answers or the budget is spent."""
        result: str = UNKNOWN
        line: list[RawMove] = []
        for weights, share in zip(profiles, shares, strict=True):
            if result != UNKNOWN or self.left() <= 0:
                break
            scorer = self.kernel.scorer(weights)
            greedy = BestFirst(self.kernel, scorer, self.root, shared=self.expanded)
            spend = int(self.budget * BEST_FIRST_SHARE * share)
            result, line = greedy.run(max(1, min(spend, self.left())), self.deadline)
            self.work += greedy.expanded
        return result, line

    def probes(self, reserve: int = 0) -> tuple[str, list[RawMove]]:
        """The randomised depth-first probes, with :data:`PROBE_SHARE` of the budget, until
        the positions expanded reach the budget less ``reserve``."""
        cap = self.budget - reserve
        if len(self.expanded) >= cap:
            return UNKNOWN, []
        scorer = self.kernel.scorer(PROBE_WEIGHTS)
        spend = int(self.budget * PROBE_SHARE)
        result, line, probed = probe(
            self.kernel, scorer, self.root, cap, spend, self.deadline, self.expanded
        )
        self.work += probed
        return result, line

    def portfolio(self, reserve: int) -> tuple[str, list[RawMove]]:
        """The beams of :mod:`solitaire.solver.portfolio`, with what the budget has left,
        at most ``reserve`` expansions."""
        spend = min(reserve, self.left())
        if spend <= 0 or late(self.deadline):
            return UNKNOWN, []
        result, line, used = beams(self.kernel, self.root, self.expanded, spend, self.deadline)
        self.work += used
        return result, line

    def depth_first(self, keep: int = 0) -> tuple[str, list[RawMove]]:
        """The depth-first search from the root, until the budget less ``keep`` is spent."""
        if self.left() <= keep or late(self.deadline):
            return UNKNOWN, []
        ranked = self.kernel.scorer(Weights())
        self.kernel.prune_immovable(True)  # rule 9 cuts this search's children only
        self.kernel.prune_stranded(self.stranded)  # and rule 10, when asked to
        try:
            result, _fresh, line, seen = dfs(
                self.kernel, ranked, self.root, self.left() - keep, self.deadline, self.expanded
            )
        finally:
            self.kernel.prune_immovable(False)
            self.kernel.prune_stranded(0)
        self.work += len(seen)
        return result, line

    def late_searches(self, kept: int) -> tuple[str, list[RawMove]]:
        """In games without a waste: depth-first search until the budget less ``kept`` is
        spent, then the searches of :mod:`solitaire.solver.latebest` with what is left, at
        most ``kept`` expansions; the last depth-first search has whatever they leave."""
        result, line = self.depth_first(kept)
        spend = min(kept, self.left())
        if result != UNKNOWN or spend <= 0 or late(self.deadline):
            return result, line
        result, line, used = late_best_first(
            self.kernel, self.root, self.expanded, spend, self.deadline
        )
        self.work += used
        return result, line


def best_first_shares(rules: Rules, count: int) -> list[float]:
    """How :data:`BEST_FIRST_SHARE` is split between ``count`` profiles: in games with a
    waste half for the first profile and the other half shared equally by the rest; in the
    other games :data:`OPENING_SHARE` for the first, :data:`OPENING`, and equal shares of
    the whole for the rest. bench/RESULTS.md (2026-12-02) gives the figures behind them.
    """
    if rules.has_waste and count > 1:
        return [0.5] + [0.5 / (count - 1)] * (count - 1)
    if count > 1:
        return [OPENING_SHARE] + [1 / (count - 1)] * (count - 1)
    return [1.0]


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
