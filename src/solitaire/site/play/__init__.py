"""Play: games kept as a deal plus moves, the JSON API that plays them, and the table page."""
