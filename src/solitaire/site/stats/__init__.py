"""Statistics: each player's results per game, worked out from their stored games."""
