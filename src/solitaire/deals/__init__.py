"""Which deals we offer: the lists of deals the solver proved winnable
(:mod:`~solitaire.deals.winnable`), the Daily deal (:mod:`~solitaire.deals.daily`), the cheap
screen that picks deals worth solving (:mod:`~solitaire.deals.screen`), and the command that
builds the lists (:mod:`~solitaire.deals.makewinnable`)."""
