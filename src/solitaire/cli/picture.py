"""A plain-text picture of a table, for the command line."""

from __future__ import annotations

from solitaire.engine.cards import card_name
from solitaire.engine.layout import Layout

EMPTY = "--"


def picture(layout: Layout) -> str:
    """Draw the table: foundations, cells, stock and waste on top, then the piles as columns.

    Each column lists its pile from the bottom card down to the top card, which is last.
    """
    rules, state = layout.rules, layout.state
    deal = f"deal {layout.deal}" if layout.deal is not None else "a layout"
    lines = [f"{rules.name}, {deal}", ""]
    homes = "  ".join(
        f"f{i} {card_name(pile[-1]) if pile else EMPTY}" for i, pile in enumerate(state.foundations)
    )
    lines.append(f"Foundations  {homes}")
    if rules.cells:
        cells = "  ".join(
            f"c{i} {EMPTY if card is None else card_name(card)}"
            for i, card in enumerate(state.cells)
        )
        lines.append(f"Free cells   {cells}")
    if rules.stock is not None:
        line = f"Stock        {len(state.stock)} card{'s' if len(state.stock) != 1 else ''}"
        if rules.has_waste:
            top = card_name(state.waste[-1]) if state.waste else EMPTY
            line += f"   Waste {top} ({len(state.waste)})"
        lines.append(line)
    lines.append("")
    width = 4
    lines.append("".join(f"t{i}".ljust(width) for i in range(len(state.tableau))).rstrip())
    depth = max((len(pile) for pile in state.tableau), default=0)
    for row in range(max(depth, 1)):
        cells_row = []
        for pile in state.tableau:
            if row < len(pile):
                cells_row.append(card_name(pile[row]))
            else:
                cells_row.append(EMPTY if row == 0 else "")
        lines.append("".join(text.ljust(width) for text in cells_row).rstrip())
    return "\n".join(lines)
