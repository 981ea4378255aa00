"""A portfolio of beam searches by stock card, each guided by another weighting, for games
that turn a one-pass stock onto a waste.

The beam search of :mod:`solitaire.solver.stockbeam` keeps a few positions per level, so
which wins it finds depends on the weighting that ranks them; one ranking misses wins that
another finds, and each beam is cheap (it ends when the stock is out, after some tens of
thousands of positions). Run after the probes, in the share of the budget kept from them
(:data:`PORTFOLIO_SHARE`) and before the last depth-first search, the beams of
:data:`PORTFOLIO` win Streets deals the other searches leave unknown (bench/RESULTS.md,
2026-12-07). Every beam adds the keys it expands to the solve's shared set, and the
expansions, repeats included, count against the share given. Like any beam, the portfolio
only finds wins; its lines replay like any other.
"""

from __future__ import annotations

from typing import Any, Final

from solitaire.solver.depthfirst import late
from solitaire.solver.protocol import Core, Keys, RawMove
from solitaire.solver.scoring import Weights
from solitaire.solver.stockbeam import StockBeam
from solitaire.solver.verdict import Verdict

PORTFOLIO: Final = (
    (Weights(waste=6, waste_blocked=6), 100),
    (Weights(blocked=6, empty=12, waste=3, waste_blocked=3, depth=5), 100),
    (Weights(), 100),
    (Weights(blocked=4, waste=4, stock=2), 50),
    (Weights(home=12, blocked=4, empty=8, waste=2, waste_blocked=2, depth=2), 50),
    (Weights(blocked=6, empty=16, cells=8), 50),
)
"""The beams, in the order they run: each a weighting and the positions kept per level
(the look-ahead is :data:`solitaire.solver.stockbeam.LOCAL`)."""

PORTFOLIO_SHARE = 0.09
"""The share of the budget kept for the portfolio: the probes before it stop once the
positions expanded reach the budget less this share, and the portfolio spends what is left,
at most this share (docs/solver.md, How it searches). At 1,000,000 positions the probes
found published Streets wins past 900,000, and with this share they still find the first, and
the portfolio wins the others."""


def beams(
    kernel: Core, root: Any, shared: Keys, spend: int, deadline: float | None
) -> tuple[str, list[RawMove], int]:
    """The beams of :data:`PORTFOLIO` from ``root`` in turn, until one wins, they have
    expanded ``spend`` positions between them (repeats included), or the deadline passes:
    ("won" and its line, or "unknown"; the expansions)."""
    used = 0
    for weights, width in PORTFOLIO:
        if used >= spend or late(deadline):
            break
        beam = StockBeam(kernel, kernel.scorer(weights), root, shared, width=width)
        result, line = beam.run(spend - used, deadline)
        used += beam.expanded
        if result == Verdict.WON:
            return Verdict.WON, line, used
    return Verdict.UNKNOWN, [], used
