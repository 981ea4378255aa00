"""Table links that ask for something unclear get a page saying what is allowed (400), and
deal nothing: a ``winnable`` other than 1, or two ways to open a game in one link."""

from __future__ import annotations

import pytest

from solitaire.site.play.models import Game


@pytest.mark.parametrize(
    "query",
    ["winnable=abc", "winnable=2", "deal=5&winnable=1", "winnable=1&deal=5", "daily=1&deal=5"],
)
def test_a_loose_link_gets_a_clear_page_and_no_deal(client, query) -> None:
    response = client.get(f"/play/streets/?{query}")
    assert response.status_code == 400, query
    assert Game.objects.count() == 0
    html = response.content.decode()
    assert "winnable=1" in html or "one thing" in html, html


def test_the_plain_links_still_deal(client) -> None:
    assert client.get("/play/streets/?deal=5").status_code == 200
    assert client.get("/play/streets/?winnable=1").status_code == 302
    assert Game.objects.count() == 2
