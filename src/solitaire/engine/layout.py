"""The layout JSON of SPEC: a whole table, read with full checks and written back."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from solitaire.engine.cards import card_name, full_deck, parse_card, rank_of, suit_of
from solitaire.engine.deal import check_deal_number, deal
from solitaire.engine.errors import LayoutError, SolitaireError
from solitaire.engine.games import get_rules
from solitaire.engine.rules import Rules
from solitaire.engine.state import State

KEYS = ("game", "deal", "tableau", "foundations", "cells", "stock", "waste")


@dataclass(frozen=True, slots=True)
class Layout:
    """A table of one game: its id, the deal number it came from (or None) and the position."""

    game: str
    deal: int | None
    state: State

    @property
    def rules(self) -> Rules:
        """The rules of the layout's game."""
        return get_rules(self.game)

    @classmethod
    def dealt(cls, game: str, number: int) -> Layout:
        """Deal number ``number`` of ``game``."""
        return _dealt(get_rules(game).id, number)

    def to_dict(self) -> dict[str, Any]:
        """The layout as a JSON-ready dict, every key present."""
        state = self.state
        return {
            "game": self.game,
            "deal": self.deal,
            "tableau": [_names(pile) for pile in state.tableau],
            "foundations": [_names(pile) for pile in state.foundations],
            "cells": [None if card is None else card_name(card) for card in state.cells],
            "stock": _names(state.stock),
            "waste": _names(state.waste),
        }

    def to_json(self) -> str:
        """The layout as one line of JSON."""
        return json.dumps(self.to_dict())

    @classmethod
    def from_json(cls, text: str) -> Layout:
        """Read a layout from JSON text, or raise :class:`LayoutError` saying what is wrong."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as error:
            raise LayoutError(f"the layout is not valid JSON: {error}") from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: object, check: bool = True) -> Layout:
        """Read a layout from a parsed JSON object, checking it against its game's rules.

        ``check=False`` skips the check that the cards make a reachable table, for a layout
        this program wrote itself (the site's kept positions); the shape is still checked.
        """
        if not isinstance(data, dict):
            raise LayoutError("a layout is a JSON object with the keys " + ", ".join(KEYS))
        missing = [key for key in KEYS if key not in data]
        if missing:
            raise LayoutError("the layout lacks " + ", ".join(missing))
        try:
            rules = get_rules(data["game"])
            number = data["deal"]
            if number is not None:
                check_deal_number(number)
            state = State(
                tableau=_piles(data, "tableau", rules.tableau.piles),
                foundations=_piles(data, "foundations", rules.foundations.count),
                cells=_cells(data["cells"], rules.cells),
                stock=_pile(data["stock"], "stock"),
                waste=_pile(data["waste"], "waste"),
            )
        except LayoutError:
            raise
        except SolitaireError as error:
            raise LayoutError(str(error)) from None
        if check:
            check_state(rules, state)
        return cls(rules.id, number, state)


@lru_cache(maxsize=4096)
def _dealt(game: str, number: int) -> Layout:
    """Deals are shuffled once each: a layout is immutable, so one copy serves every game."""
    return Layout(game, number, deal(get_rules(game), number))


def _names(cards: tuple[int, ...]) -> list[str]:
    return [card_name(card) for card in cards]


def _pile(value: object, where: str) -> tuple[int, ...]:
    if not isinstance(value, list):
        raise LayoutError(f"{where} must be a list of cards")
    try:
        return tuple(parse_card(name) for name in value)
    except SolitaireError as error:
        raise LayoutError(f"{where}: {error}") from None


def _piles(data: dict[str, Any], key: str, count: int) -> tuple[tuple[int, ...], ...]:
    piles = data[key]
    if not isinstance(piles, list) or len(piles) != count:
        raise LayoutError(f"{data['game']} has {count} {key} piles: give a list of {count} lists")
    return tuple(_pile(pile, f"{key} pile {i}") for i, pile in enumerate(piles))


def _cells(value: object, count: int) -> tuple[int | None, ...]:
    if not isinstance(value, list) or len(value) != count:
        raise LayoutError(f"cells must be a list of {count} entries, each a card or null")
    return tuple(None if name is None else _pile([name], "cells")[0] for name in value)


def check_state(rules: Rules, state: State) -> None:
    """Raise :class:`LayoutError` unless ``state`` is a position ``rules`` can reach."""
    have = Counter(card for card in _all_cards(state))
    want = Counter(full_deck(rules.decks))
    if have != want:
        extra = sorted((have - want).elements())
        short = sorted((want - have).elements())
        count = sum(have.values())
        parts = [f"{rules.name} is played with {rules.cards} cards; the layout has {count}"]
        if extra:
            parts.append("too many of " + " ".join(card_name(card) for card in extra))
        if short:
            parts.append("missing " + " ".join(card_name(card) for card in short))
        raise LayoutError("; ".join(parts))
    if rules.stock is None and state.stock:
        raise LayoutError(f"{rules.name} has no stock")
    if not rules.has_waste and state.waste:
        raise LayoutError(f"{rules.name} has no waste")
    if rules.refills and state.stock and not all(state.tableau):
        raise LayoutError("an empty pile is refilled from the stock while the stock has cards")
    for index, pile in enumerate(state.foundations):
        _check_foundation(rules, index, pile)


def _check_foundation(rules: Rules, index: int, pile: tuple[int, ...]) -> None:
    found = rules.foundations
    if found.suits is not None and not pile:
        raise LayoutError(f"f{index} always keeps its base card")
    if len(pile) > 13:
        raise LayoutError(f"f{index} holds {len(pile)} cards; a foundation holds at most 13")
    for height, card in enumerate(pile):
        suit = found.suits[index] if found.suits is not None else suit_of(pile[0])
        if suit_of(card) != suit or rank_of(card) != found.sequence[height]:
            raise LayoutError(
                f"f{index} is out of order at {card_name(card)}: a foundation builds up by suit "
                f"from {card_name(pile[0]) if height else 'its base'}"
            )


def _all_cards(state: State) -> list[int]:
    cards = [card for pile in state.tableau for card in pile]
    cards += [card for pile in state.foundations for card in pile]
    cards += [card for card in state.cells if card is not None]
    return cards + list(state.stock) + list(state.waste)
