"""What the solver says of a position: won (with a line that wins), lost (a proof that none
does), or unknown (the budget ran out first).

>>> Verdict.WON == "won"
True
"""

from __future__ import annotations

from enum import StrEnum


class Verdict(StrEnum):
    """The solver's answer; its value is the word SPEC's JSON uses."""

    WON = "won"
    LOST = "lost"
    UNKNOWN = "unknown"

    @property
    def proved(self) -> bool:
        """Whether the answer is a proof either way."""
        return self is not Verdict.UNKNOWN
