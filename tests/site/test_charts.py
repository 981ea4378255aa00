"""The SVG charts of the rules and statistics pages show the figures they draw."""

from __future__ import annotations

import re

import pytest

from solitaire.site import charts
from solitaire.site.rules.survey import survey


def _texts(svg: str) -> list[str]:
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


def test_a_bar_chart_labels_every_group_and_every_bar_zero_included() -> None:
    svg = charts.bars("Verdicts", ["proved won", "proved lost", "undecided"], {"deals": [7, 0, 3]})
    texts = _texts(svg)
    assert [t for t in texts if t.isdigit()] == ["7", "0", "3"]
    assert {"proved won", "proved lost", "undecided", "deals"} <= set(texts)
    assert 'aria-label="Verdicts"' in svg


def test_a_label_is_escaped() -> None:
    svg = charts.bars("<b>", ["<script>"], {"a&b": [1]})
    assert "<script>" not in svg and "&lt;script&gt;" in svg and "a&amp;b" in svg


@pytest.mark.django_db
def test_the_rules_page_draws_the_surveys_verdicts(client) -> None:
    found = survey("stronghold")
    assert found, "a survey is published for Stronghold"
    page = client.get("/rules/stronghold/").content.decode()
    chart = page[page.index('<svg class="chart"') :]
    chart = chart[: chart.index("</svg>")]
    numbers = [t for t in _texts(chart) if t.isdigit()]
    assert numbers == [str(found["won"]), str(found["lost"]), str(found["unknown"])]
