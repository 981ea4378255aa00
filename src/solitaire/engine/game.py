"""A game in play: its rules, where it started, and every move since, with undo and redo."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from solitaire.engine.clicks import click_move
from solitaire.engine.errors import IllegalMoveError, SolitaireError
from solitaire.engine.layout import Layout
from solitaire.engine.moves import apply, is_legal, legal_moves, play
from solitaire.engine.rules import Rules
from solitaire.engine.state import Move, Pile, State
from solitaire.engine.status import (
    PLAIN,
    Judge,
    Standing,
    autocomplete_moves,
    autocomplete_ready,
    standing,
)


class Game:
    """One game: ``push`` plays a move, ``pop`` takes the last one back, ``redo`` replays it.

    Its :attr:`status` and :meth:`standing` come from ``judge``: the engine's own plain
    search unless it is given another (the solver's :data:`solitaire.solver.JUDGE`).

    >>> game = Game.deal("stronghold", 1)
    >>> move = game.push("t0>c0")
    >>> game.moves
    [Move(src=Pile(kind='t', index=0), dst=Pile(kind='c', index=0), count=1)]
    >>> _ = game.pop()
    >>> game.state == Game.deal("stronghold", 1).state
    True
    """

    def __init__(self, start: Layout, judge: Judge = PLAIN) -> None:
        self.start = start
        self.rules: Rules = start.rules
        self.judge = judge
        # The positions after the last len(_states) - 1 moves, the position now last. A
        # game made by resume() knows only the position now until an undo asks for more.
        self._states: list[State] = [start.state]
        self._moves: list[Move | str] = []
        # The moves taken back, the next one to play again last.
        self._redo: list[Move | str] = []
        self._standing: Standing | None = None

    @classmethod
    def deal(cls, game: str, number: int, judge: Judge = PLAIN) -> Game:
        """A new game of deal ``number``."""
        return cls(Layout.dealt(game, number), judge)

    @classmethod
    def replay(cls, start: Layout, moves: Iterable[Move | str], judge: Judge = PLAIN) -> Game:
        """The game reached by playing ``moves`` from ``start``; raises on the first bad one."""
        game = cls(start, judge)
        for number, move in enumerate(moves, 1):
            try:
                game.push(move)
            except IllegalMoveError as error:
                raise IllegalMoveError(f"move {number} ({move}): {error}") from None
        return game

    @classmethod
    def resume(
        cls,
        start: Layout,
        moves: Sequence[Move | str],
        state: State,
        undone: Sequence[Move | str] = (),
        judge: Judge = PLAIN,
    ) -> Game:
        """The game that ``moves`` (in output notation, as :attr:`notation` gives them) took
        from ``start`` to ``state``, with ``undone`` (as :attr:`undone` gives them) to play
        again, trusted as it is: nothing is replayed, so resuming costs the same after three
        moves as after three hundred.

        The earlier positions are replayed from ``start`` only when something asks for them
        (an undo past the moves played since, or :attr:`positions`).
        """
        game = cls(start, judge)
        if moves:
            game._moves = list(moves)
            game._states = [state]
        game._redo = list(undone)
        return game

    @property
    def state(self) -> State:
        """The position now."""
        return self._states[-1]

    @property
    def moves(self) -> list[Move]:
        """Every move played since the start, as recorded."""
        self._moves = [_move(move) for move in self._moves]
        return self._moves  # type: ignore[return-value]

    @property
    def notation(self) -> list[str]:
        """Every move played since the start, in output notation."""
        return [str(move) for move in self._moves]

    @property
    def undone(self) -> list[str]:
        """The moves taken back that :meth:`redo` can play again, in output notation, the next
        one last."""
        return [str(move) for move in self._redo]

    @property
    def positions(self) -> tuple[State, ...]:
        """Every position of the game so far: the start first, the position now last."""
        self._recall_positions()
        return tuple(self._states)

    @property
    def layout(self) -> Layout:
        """The position now, as a layout of the same deal."""
        return Layout(self.rules.id, self.start.deal, self.state)

    def legal_moves(self) -> Iterator[Move]:
        """Every legal move now."""
        if self._standing is not None:
            return iter(self._standing.legal)
        return legal_moves(self.rules, self.state)

    def is_legal(self, move: Move | str) -> bool:
        """Whether ``move`` may be played now."""
        return is_legal(self.rules, self.state, _move(move))

    def push(self, move: Move | str) -> Move:
        """Play ``move`` and return it as recorded (``f`` resolved to a foundation).

        An illegal move raises :class:`IllegalMoveError` and changes nothing.
        """
        played = self._play(_move(move))
        self._redo.clear()
        return played

    def pop(self) -> Move:
        """Take back the last move and return it."""
        if not self._moves:
            raise IllegalMoveError("there is no move to undo")
        if len(self._states) < 2:
            self._recall_positions()
        self._states.pop()
        move = _move(self._moves.pop())
        self._redo.append(move)
        self._standing = None
        return move

    def restart(self) -> None:
        """Take back every move at once; redo then plays them again from the start."""
        self._redo.extend(reversed(self._moves))
        self._moves = []
        self._states = [self.start.state]
        self._standing = None

    def redo(self) -> Move:
        """Play again the last move taken back."""
        if not self._redo:
            raise IllegalMoveError("there is no move to redo")
        played = self._play(_move(self._redo[-1]))
        self._redo.pop()
        return played

    @property
    def can_redo(self) -> bool:
        """Whether a move taken back can be played again."""
        return bool(self._redo)

    def click(self, pile: Pile | str, index: int | None = None) -> Move | None:
        """Play what a click on card ``index`` of ``pile`` does, and return it (None: nothing)."""
        target = Pile.from_str(pile) if isinstance(pile, str) else pile
        move = click_move(self.rules, self.state, target, index)
        return None if move is None else self.push(move)

    def autocomplete(self) -> list[Move]:
        """If nothing is left to decide, play every remaining card home; return the moves."""
        if not autocomplete_ready(self.rules, self.state):
            return []
        moves = autocomplete_moves(self.rules, self.state)
        return [self.push(move) for move in moves]

    def standing(self) -> Standing:
        """The status now, whether the position is proved lost, and the legal moves, worked
        out together once per position (:func:`solitaire.engine.status.standing`)."""
        if self._standing is None:
            self._standing = standing(self.rules, self.state, self.judge)
        return self._standing

    @property
    def status(self) -> str:
        """``"won"``, ``"stuck"`` or ``"playing"``."""
        return self.standing().status

    def _play(self, move: Move) -> Move:
        played, after = apply(self.rules, self.state, move)
        self._states.append(after)
        self._moves.append(played)
        self._standing = None
        return played

    def _recall_positions(self) -> None:
        """Fill in the positions a resumed game skipped, replaying its moves from the start.

        The moves were checked when they were played, so they are played here without
        checks; a position that does not follow from them is an error, not a guess.
        """
        known = len(self._states) - 1
        missing = len(self._moves) - known
        if missing == 0:
            return
        states = [self.start.state]
        try:
            for move in self.moves[:missing]:
                states.append(play(self.rules, states[-1], move))
        except (IndexError, TypeError, AssertionError):
            states = []
        if not states or states[-1] != self._states[0]:
            raise SolitaireError("the moves kept with this game do not lead to its position")
        self._states = states + self._states[1:]


def _move(move: Move | str) -> Move:
    return Move.from_str(move) if isinstance(move, str) else move
