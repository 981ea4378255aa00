"""Accounts: sign-up, log-in and a player's settings, for players and guests alike."""
