"""Rules: a page per game in our own words, with what our solver has proved about it."""
