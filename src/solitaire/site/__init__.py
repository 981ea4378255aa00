"""The web site: a Django project that puts the engine in front of players.

Everything web lives here, inside the package, so that ``solitaire serve`` works from any
install. The apps are named for what they do: ``accounts`` (sign-up, log-in, a player's
settings), ``play`` (games, the JSON API and the card table page), ``stats`` (results) and
``rules`` (a page of rules per game).
"""
