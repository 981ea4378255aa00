"""What a card table needs to know about a game, derived from its :class:`Rules`.

The browser draws and animates every game from these facts and never names a game: a game
declared in :mod:`solitaire.engine.games` goes on the table with no change to its JavaScript.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from solitaire.engine.cards import RANKS, SUITS
from solitaire.engine.games import get_rules
from solitaire.engine.rules import RunRule, StockTarget


@cache
def table_facts(game: str) -> dict[str, Any]:
    """The facts for ``game`` as plain JSON data (the ``table`` key of the API's game object).

    Made once per game and shared: callers read it and never change it.

    >>> facts = table_facts("blockade")
    >>> facts["stock"], facts["waste"], facts["stock_deals_to"], facts["refills"]
    (True, False, 'piles', True)
    >>> [f["takes"] for f in table_facts("fours-up")["foundations"]][:2]
    ['4C', '4D']
    >>> table_facts("stronghold")["cells"], table_facts("stronghold")["whole_deck_dealt"]
    (1, True)
    """
    rules = get_rules(game)
    stock = rules.stock
    base = RANKS[rules.foundations.base - 1]
    suits = rules.foundations.suits
    return {
        "piles": rules.tableau.piles,
        "dealt": list(rules.tableau.deal),
        "cells": rules.cells,
        "stock": stock is not None,
        "waste": rules.has_waste,
        "stock_deals_to": None
        if stock is None
        else ("waste" if stock.to is StockTarget.WASTE else "piles"),
        "refills": rules.refills,
        "runs": {
            RunRule.ONE_CARD: "one",
            RunRule.LIMITED_RUN: "limited",
            RunRule.ANY_RUN: "any",
        }[rules.runs],
        "runs_to_empty": rules.run_clicks_to_empty,
        "foundations": [
            {
                "takes": base + (SUITS[suits[i]] if suits is not None else ""),
                "suit": SUITS[suits[i]] if suits is not None else None,
                "base": base,
                "returns": rules.foundations.returns,
            }
            for i in range(rules.foundations.count)
        ],
        "whole_deck_dealt": stock is None,
        "decks": rules.decks,
        "build": {
            "suit": rules.build.suit.name.lower(),
            "lowest": RANKS[rules.build.lowest - 1],
            "high": RANKS[rules.build.high - 1],
        },
    }
