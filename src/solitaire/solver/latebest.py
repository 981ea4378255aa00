"""The late best-first searches of games without a waste (Streets and Alleys, Beleaguered
Castle, Siegecraft, Stronghold, Blockade).

In those games the searches before these (best-first under each profile, the probes, then
depth-first search) spend the budget up to the budget less :data:`LATE_SHARE`, and stop
there; then the best-first searches of :data:`LATE_PROFILES` run from the root in turn, with
what is left, and last the depth-first search again with whatever they leave. A solve
answered before the budget less that share is answered exactly as before.

The profiles weigh a card home well above the others (20 points, against 8 to 12), so the
search sends cards home and keeps them there where the earlier ones turn aside to free a
pile; on the unknown deals of the tuning sets that wins Beleaguered Castle deals that every
earlier weighting left unknown (bench/RESULTS.md, 2026-12-07, second round). Each search
adds the keys it expands to the solve's shared set, and its expansions, repeats included,
count against what it may spend, so the positions never pass the budget. A search whose
open list was never cut and runs empty has exhausted the position, which is then lost, as
in :mod:`solitaire.solver.bestfirst`.
"""

from __future__ import annotations

from typing import Any, Final

from solitaire.solver.bestfirst import BestFirst
from solitaire.solver.depthfirst import late
from solitaire.solver.protocol import Core, Keys, RawMove
from solitaire.solver.scoring import Weights
from solitaire.solver.verdict import Verdict

LATE_PROFILES: Final = (Weights(home=20, blocked=6, empty=8, cells=6, depth=3),)
"""The weightings of the late best-first searches, in the order they run."""

LATE_SHARE: Final = 0.15
"""The share of the budget kept for the late searches in games without a waste: the probes
and the first depth-first search stop once the positions expanded reach the budget less this
share. The published rows of those games answered past 850,000 of their 1,000,000 positions
are Beleaguered Castle 531 and 902, won by these searches, and Streets and Alleys 199, lost
by the depth-first search after them."""


def late_best_first(
    kernel: Core, root: Any, shared: Keys, spend: int, deadline: float | None
) -> tuple[str, list[RawMove], int]:
    """The best-first searches of :data:`LATE_PROFILES` from ``root`` in turn, until one
    answers, they have expanded ``spend`` positions between them (repeats included), or the
    deadline passes: ("won" and its line, "lost", or "unknown"; the expansions)."""
    used = 0
    for weights in LATE_PROFILES:
        if used >= spend or late(deadline):
            break
        search = BestFirst(kernel, kernel.scorer(weights), root, shared=shared)
        result, line = search.run(spend - used, deadline)
        used += search.expanded
        if result != Verdict.UNKNOWN:
            return result, line, used
    return Verdict.UNKNOWN, [], used
