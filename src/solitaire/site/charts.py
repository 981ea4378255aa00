"""Small charts drawn on the server as SVG: no library, no script, readable without colour.

Each function returns markup for a template (``|safe``: every text in it is escaped here),
with a ``<title>`` and a description for screen readers, and a value on every bar.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from html import escape

SERIES = ("#0f5132", "#b3261e", "#1565c0", "#8d6e00", "#6a1b9a")
WIDTH = 480
"""Every chart is drawn 480 units wide and scaled to its column: at the 26rem of a rules
page's column the labels are still about 11 px."""
LABEL_FONT = 14
VALUE_FONT = 13


def _label_width(labels: Sequence[str]) -> float:
    """About how wide the longest label is drawn, with a little room on each side."""
    return max((len(label) for label in labels), default=0) * LABEL_FONT * 0.6 + 8


def _labelled(labels: Sequence[str], slot: float) -> set[int]:
    """Which labels to write, ``slot`` apart: every one where they fit, else every second or
    third, counted back from the last (this week's), so that no two overlap."""
    step = max(1, math.ceil(_label_width(labels) / slot))
    return {i for i in range(len(labels)) if (len(labels) - 1 - i) % step == 0}


def _label(x: float, y: float, text: str, labels: Sequence[str], width: int) -> str:
    """An axis label centred on ``x``, kept inside the chart at its edges."""
    half = _label_width(labels) / 2
    x = min(max(x, half), width - half)
    return (
        f'<text x="{x:.1f}" y="{y}" font-size="{LABEL_FONT}" '
        f'text-anchor="middle">{escape(text)}</text>'
    )


def _svg(width: int, height: int, title: str, body: str) -> str:
    label = escape(title)
    return (
        f'<svg class="chart" viewBox="0 0 {width} {height}" width="100%" role="img" '
        f'aria-label="{label}" preserveAspectRatio="xMinYMin meet">'
        f"<title>{label}</title>{body}</svg>"
    )


def bars(
    title: str, labels: Sequence[str], series: dict[str, Sequence[int]], *, thin: bool = False
) -> str:
    """Grouped bars: one group per label, one bar per series, each bar with its value.
    ``thin``: labels along a time axis, of which every second or third may be left out
    where they would overlap (each category of another chart keeps its label)."""
    width, height, top, bottom, left = WIDTH, 240, 22, 48, 8
    groups = max(1, len(labels))
    names = list(series)
    peak = max([1, *(value for values in series.values() for value in values)])
    slot = (width - left) / groups
    bar = max(2.0, min(28.0, (slot - 6) / max(1, len(names))))
    written = _labelled(labels, slot) if thin else set(range(len(labels)))
    body = []
    for g, label in enumerate(labels):
        x0 = left + g * slot + (slot - bar * len(names)) / 2
        for s, name in enumerate(names):
            value = series[name][g]
            h = (height - top - bottom) * value / peak
            x, y = x0 + s * bar, height - bottom - h
            colour = SERIES[s % len(SERIES)]
            body.append(
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar - 1:.1f}" height="{h:.1f}" '
                f'fill="{colour}"><title>{escape(label)}: {value} {escape(name)}</title></rect>'
            )
            body.append(
                f'<text x="{x + bar / 2:.1f}" y="{y - 3:.1f}" font-size="{VALUE_FONT}" '
                f'text-anchor="middle">{value}</text>'
            )
        if g in written:
            x = left + g * slot + slot / 2
            body.append(_label(x, height - bottom + 18, label, labels, width))
    body.append(_legend(names, height - 8))
    return _svg(width, height, title, "".join(body))


def lines(
    title: str, labels: Sequence[str], series: dict[str, Sequence[float | None]], unit: str = "%"
) -> str:
    """One line per series over the labels, values from 0 to 1 shown as percentages; a gap
    where a value is None."""
    width, height, top, bottom, left = WIDTH, 240, 22, 48, 46
    steps = max(1, len(labels) - 1)
    body = [
        f'<text x="{left - 4}" y="{top + 4}" font-size="{VALUE_FONT}" '
        f'text-anchor="end">100{unit}</text>',
        f'<text x="{left - 4}" y="{height - bottom}" font-size="{VALUE_FONT}" '
        f'text-anchor="end">0{unit}</text>',
        f'<line x1="{left}" y1="{height - bottom}" x2="{width}" y2="{height - bottom}" '
        'stroke="#999"/>',
    ]
    for s, (name, values) in enumerate(series.items()):
        points = []
        for i, value in enumerate(values):
            if value is None:
                continue
            x = left + (width - left - 8) * i / steps
            y = height - bottom - (height - top - bottom) * value
            points.append(f"{x:.1f},{y:.1f}")
            body.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{SERIES[s % len(SERIES)]}">'
                f"<title>{escape(name)}, {escape(labels[i])}: {value * 100:.0f}{unit}</title>"
                "</circle>"
            )
        if len(points) > 1:
            body.append(
                f'<polyline points="{" ".join(points)}" fill="none" '
                f'stroke="{SERIES[s % len(SERIES)]}" stroke-width="2"/>'
            )
    written = _labelled(labels, (width - left - 8) / steps)
    for i, label in enumerate(labels):
        if i in written:
            x = left + (width - left - 8) * i / steps
            body.append(_label(x, height - bottom + 18, label, labels, width))
    body.append(_legend(list(series), height - 8))
    return _svg(width, height, title, "".join(body))


def _legend(names: Sequence[str], y: int) -> str:
    parts = []
    for s, name in enumerate(names):
        x = 8 + s * 120
        parts.append(
            f'<rect x="{x}" y="{y - 10}" width="12" height="12" fill="{SERIES[s % len(SERIES)]}"/>'
            f'<text x="{x + 16}" y="{y + 1}" font-size="{LABEL_FONT}">{escape(name)}</text>'
        )
    return "".join(parts)
