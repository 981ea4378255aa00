""" "Is this deal winnable?" on the table: asked from the New deal menu about the deal on the
table and from the deal-number dialog about any number, answered by the solver, and
cancelled while it thinks.

These tests run on the session's site, whose solver gives a question 5 seconds (conftest's
``site``), so that the question they cancel does not keep a solver worker from the other
tests' hints for a minute.
"""

from __future__ import annotations

from typing import Any

from tablepage import api, deal_menu, open_deal, server_game

PROVED_DEAL = 1
"""Stronghold deal 1: the survey wins it in 132 positions."""
LOST_DEAL = 142
"""Stronghold deal 142: the survey proves it lost in 42 positions."""
UNDECIDED_DEAL = 3
"""Fours Up deal 3: undecided at 1,000,000 positions, so still thinking when cancelled."""


def _answer(page: Any) -> str:
    dialog = page.locator("[data-role=question]")
    page.wait_for_function(  # the solver's workers may be busy with other tests' hints
        "() => document.querySelector('[data-role=question]').dataset.result !== undefined",
        timeout=60_000,
    )
    return str(dialog.locator("[data-role=question-answer]").inner_text())


def test_it_proves_the_deal_on_the_table_winnable_from_the_menu(page: Any) -> None:
    open_deal(page, "stronghold", PROVED_DEAL)
    deal_menu(page, "ask-winnable")
    dialog = page.locator("[data-role=question]")
    assert dialog.locator("input[name=deal]").input_value() == str(PROVED_DEAL)
    dialog.locator("[data-role=question-ask]").click()
    text = _answer(page)
    assert dialog.get_attribute("data-result") == "won"
    assert f"Deal {PROVED_DEAL} is proved winnable" in text
    assert "positions searched" in text
    assert dialog.locator("[data-role=question-cancel]").is_hidden(), "nothing left to cancel"


def test_it_proves_a_typed_deal_lost_from_the_deal_number_dialog(page: Any) -> None:
    open_deal(page, "stronghold", PROVED_DEAL)
    deal_menu(page, "number")
    page.fill("[data-role=number] input", str(LOST_DEAL))
    page.click("[data-role=number-ask]")
    dialog = page.locator("[data-role=question]")
    assert dialog.locator("input[name=deal]").input_value() == str(LOST_DEAL)
    dialog.locator("[data-role=question-ask]").click()
    text = _answer(page)
    assert dialog.get_attribute("data-result") == "lost"
    assert f"Deal {LOST_DEAL} is proved lost" in text
    assert server_game(page)["deal"] == PROVED_DEAL, "asking deals nothing"


def test_a_question_can_be_cancelled_while_the_solver_thinks(page: Any) -> None:
    open_deal(page, "fours-up", UNDECIDED_DEAL)
    deal_menu(page, "ask-winnable")
    dialog = page.locator("[data-role=question]")
    with page.expect_response(lambda r: r.url.endswith("/api/verdicts")) as asked:
        dialog.locator("[data-role=question-ask]").click()
    question = asked.value.json()["id"]
    dialog.locator("[data-role=question-progress]").wait_for()
    with page.expect_response(lambda r: r.request.method == "DELETE"):
        dialog.locator("[data-role=question-cancel]").click()
    assert _answer(page).startswith(f"Stopped: deal {UNDECIDED_DEAL} was not decided")
    assert dialog.get_attribute("data-result") == "cancelled"
    assert dialog.locator("[data-role=question-progress]").is_hidden()
    assert api(page, "GET", f"/api/verdicts/{question}")["body"]["status"] == "cancelled"
