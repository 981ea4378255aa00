"""The solver's answers for a player: Hint (:mod:`~solitaire.advice.hint`) and the review of
a game played (:mod:`~solitaire.advice.review`)."""
