"""The solver: proves positions won or lost by a search that reads only the game's Rules.

>>> from solitaire.games import get_rules
>>> from solitaire.deal import deal
>>> rules = get_rules("stronghold")
>>> solve(rules, deal(rules, 1), budget=2000).result in ("won", "lost", "unknown")
True
"""

from solitaire.solver.search import DEFAULT_BUDGET, LOST, UNKNOWN, WON, Solution, solve

__all__ = ["DEFAULT_BUDGET", "LOST", "UNKNOWN", "WON", "Solution", "solve"]
