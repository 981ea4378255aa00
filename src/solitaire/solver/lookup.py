"""What the kernel and the scorer work out per foundations and per pile, remembered: which
card each foundation takes, which of those are safe to send home, and each pile's run.

One :class:`Lookup` serves a whole solve (every search of it shares the caches), and its
answers depend only on the tables of the rules (:mod:`solitaire.solver.tables`).
"""

from __future__ import annotations

from typing import Final

from solitaire.solver.tables import Tables

_CACHE_LIMIT: Final = 400_000

FoundInfo = tuple[dict[int, int], frozenset[int]]
"""The card each foundation takes (card -> first foundation that takes it), and the safe ones."""


class Lookup:
    """The per-foundations and per-pile facts of one game, remembered for a solve."""

    def __init__(self, t: Tables) -> None:
        self.t = t
        self._found_cache: dict[tuple[int, ...], FoundInfo] = {}
        self._pile_cache: dict[bytes, tuple[int, int]] = {}
        # the last foundations asked about: children share their parent's tuple
        self._last_found: tuple[int, ...] = ()
        self._last_info: FoundInfo = ({}, frozenset())

    def found_info(self, found: tuple[int, ...]) -> FoundInfo:
        """For these foundations: the card each foundation takes (card -> first foundation),
        and the cards among them whose move home is safe (see :meth:`_safe_cards`).
        """
        if found is self._last_found:
            return self._last_info
        cached = self._found_cache.get(found)
        if cached is not None:
            self._last_found, self._last_info = found, cached
            return cached
        t = self.t
        wants: dict[int, int] = {}
        takers: dict[int, int] = {}  # how many foundations take each card
        nxt = t.next_home
        for index, top in enumerate(found):
            if top < 0 and not t.suited:
                for card in t.base_cards:
                    wants.setdefault(card, index)
                    takers[card] = takers.get(card, 0) + 1
            else:
                card = nxt[top + 1]
                if card >= 0:
                    wants.setdefault(card, index)
                    takers[card] = takers.get(card, 0) + 1
        info = (wants, self._safe_cards(found, wants, takers))
        if len(self._found_cache) < _CACHE_LIMIT:
            self._found_cache[found] = info
        self._last_found, self._last_info = found, info
        return info

    def _safe_cards(
        self, found: tuple[int, ...], wants: dict[int, int], takers: dict[int, int]
    ) -> frozenset[int]:
        """The cards that can go home now with no loss; ``takers`` counts the foundations
        that take each card of ``wants``.

        Card c is needed in play only as a base for the cards that build on it. When every
        copy of those is home for good, nothing can ever be laid on c, so c in play can only
        stand in the way: any line that wins with c in play wins with c home, skipping c's
        own moves (cells and piles only get emptier, so every run limit only grows).

        That line also sends home every other copy of c, and each needs a foundation that
        takes c. Sending c home covers the foundation it goes to, so c is safe only when at
        least as many foundations take c as there are copies of c not home: then each other
        copy still has a foundation that takes it whenever the line sends it home (a
        foundation that takes c takes nothing else). Two decks: the twin of c must be home
        already, or the suit's other foundation must take c too.

        Where foundation cards can come back (``returns``), a home card is home for good only
        if it is a dealt base; and c must not cover a card that could come back, so c may only
        go onto a bare dealt base. The refill rule is checked by the caller.
        """
        t = self.t
        candidates = []
        if t.returns:
            for card, index in wants.items():
                if self.is_base(found[index]) and t.fitters_fixed[card]:
                    candidates.append(card)
        else:
            # lowest home position reached by every copy of each suit (-1: a copy has none home)
            lowest = [12] * 4
            started = [0] * 4
            homepos = t.homepos
            for top in found:
                if top < 0:
                    continue
                suit = top & 3
                started[suit] += 1
                lowest[suit] = min(lowest[suit], homepos[top])
            for suit in range(4):
                if started[suit] < t.decks:
                    lowest[suit] = -1
            for card in wants:
                need = t.need_pos[card]
                if all(lowest[suit] >= need for suit in t.need_suits[card]):
                    candidates.append(card)
        safe = []
        for card in candidates:
            if takers[card] >= t.decks - self._copies_home(found, card):
                safe.append(card)
        return frozenset(safe)

    def _copies_home(self, found: tuple[int, ...], card: int) -> int:
        """How many copies of ``card`` are on the foundations whose top cards are ``found``."""
        homepos = self.t.homepos
        suit = card & 3
        count = 0
        for top in found:
            if top >= 0 and top & 3 == suit and homepos[top] >= homepos[card]:
                count += 1
        return count

    def is_base(self, top: int) -> bool:
        """Whether a foundation whose top card is ``top`` holds only its dealt base."""
        return self.t.suited and self.t.homepos[top] == 0

    def pile_info(self, pile: bytes) -> tuple[int, int]:
        """(length of the built run on top, cards that lie above a card needed home sooner)."""
        cached = self._pile_cache.get(pile)
        if cached is not None:
            return cached
        fits = self.t.fits
        run = 0
        if pile:
            run = 1
            for i in range(len(pile) - 1, 0, -1):
                if pile[i] not in fits[pile[i - 1]]:
                    break
                run += 1
        homepos = self.t.homepos
        blocked = 0
        low = 99
        for card in pile:
            pos = homepos[card]
            if pos > low:
                blocked += 1
            elif pos < low:
                low = pos
        info = (run, blocked)
        if len(self._pile_cache) < _CACHE_LIMIT:
            self._pile_cache[pile] = info
        return info
