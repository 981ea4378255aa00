"""Choosing a game on the home page: the families, each game's figures, the search (as a
plain form; the browser test checks the typing) and favourites, a guest's or an account's."""

from __future__ import annotations

import re

from solitaire.engine.games import FAMILIES, FEATURED
from solitaire.site.rules.survey import survey

PASSWORD = "a long and unusual passphrase"


def shown(html: str) -> list[str]:
    """The game ids of the cards on a page, in order."""
    return re.findall(r'data-role="game" data-game="([a-z-]+)"', html)


def headings(html: str) -> list[str]:
    return re.findall(r'<h2 id="family-\d+">([^<]+)</h2>', html)


def test_the_home_page_groups_the_games_by_family(client) -> None:
    html = client.get("/").content.decode()
    assert headings(html) == [family.name for family in FAMILIES]
    assert shown(html) == list(FEATURED)
    assert "Patience, 13 ways" in html


def test_each_game_shows_its_proved_share_and_usual_won_line(client) -> None:
    html = client.get("/").content.decode()
    found = survey("siegecraft")
    assert found is not None and found["median_moves"]
    share = round(100 * found["won"] / found["total"], 1)
    assert f"{share}% of deals {found['deals']} proved winnable" in html
    assert f"about {found['median_moves']} moves" in html


def test_the_search_keeps_the_games_that_match_every_word(client) -> None:
    castle = ["streets-and-alleys", "stronghold", "beleaguered-castle", "siegecraft"]
    assert shown(client.get("/?q=castle").content.decode()) == castle  # the family's name
    assert shown(client.get("/?q=free+cell").content.decode()) == ["stronghold", "siegecraft"]
    html = client.get("/?q=IN+SUIT").content.decode()
    assert "forty-thieves" in shown(html) and "streets" not in shown(html)
    assert set(shown(client.get("/?q=blockade").content.decode())) == {"blockade"}
    html = client.get("/?q=klondike").content.decode()
    assert shown(html) == [] and "No game matches" in html
    assert 'data-role="no-match" hidden' not in html


def test_a_guest_stars_a_game_and_it_comes_first(client) -> None:
    response = client.post("/favourite/deuces/")
    assert response.status_code == 302 and response["Location"] == "/#game-deuces"
    html = client.get("/").content.decode()
    assert headings(html)[0] == "Your favourites"
    assert shown(html)[0] == "deuces" and shown(html).count("deuces") == 2
    assert client.get("/api/settings").json()["favourites"] == ["deuces"]
    client.post("/favourite/deuces/")
    assert "Your favourites" not in client.get("/").content.decode()


def test_favourites_follow_the_account_and_a_guests_join_it(client, alice) -> None:
    client.post("/favourite/lucas/")
    client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    client.post("/favourite/maria/")
    client.post("/accounts/logout/")
    assert client.get("/api/settings").json()["favourites"] == []
    client.post("/favourite/siegecraft/")
    client.post("/accounts/login/", {"username": "alice", "password": PASSWORD})
    assert client.get("/api/settings").json()["favourites"] == ["lucas", "maria", "siegecraft"]


def test_bad_favourites_are_refused(client) -> None:
    assert client.post("/favourite/klondike/").status_code == 404
    assert client.get("/favourite/lucas/").status_code == 405
    bad = client.post(
        "/api/settings", {"favourites": ["klondike"]}, content_type="application/json"
    )
    assert bad.status_code == 400 and "klondike" in bad.json()["error"]
    bad = client.post("/api/settings", {"favourites": "lucas"}, content_type="application/json")
    assert bad.status_code == 400
