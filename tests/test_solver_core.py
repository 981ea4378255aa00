"""The C core (``solver/core/*.c``) against the Python kernel, position by position.

The core is a translation of the Python kernel, and the searches run on either: so on
every position of seeded random play in every game (the positions of
``test_solver_pinned``), the core must give the Python kernel's moves in the same order,
the same position after each move, after the safe moves and after a step, the same safe
cards, the same scores under every weighting the searches use, and the same children in
the same order; and its keys must tell apart exactly the positions the Python keys tell
apart. ``test_solver_pinned`` pins the core to the engine the same way as the Python
kernel, and ``test_compiled`` checks that whole searches on the two give the same answers.
"""

from __future__ import annotations

import pytest
from test_solver_helpers import built, narrow
from test_solver_pinned import positions

from solitaire.deals.winnable import proved_deals
from solitaire.engine.games import GAMES, get_rules
from solitaire.engine.layout import Layout
from solitaire.engine.moves import play
from solitaire.engine.state import Move
from solitaire.solver.kernel import Kernel
from solitaire.solver.scoring import Weights
from solitaire.solver.search import BEAM_WEIGHTS, PROBE_WEIGHTS, PROFILES

WEIGHTS = (*PROFILES, BEAM_WEIGHTS, PROBE_WEIGHTS, Weights(stock=2, waste_blocked=1, dead=3))


def same_partition(pairs: list[tuple[bytes, bytes]]) -> bool:
    """Whether two keyings of the same positions tell apart exactly the same ones."""
    forward: dict[bytes, bytes] = {}
    backward: dict[bytes, bytes] = {}
    for ours, theirs in pairs:
        if forward.setdefault(ours, theirs) != theirs:
            return False
        if backward.setdefault(theirs, ours) != ours:
            return False
    return True


@pytest.mark.long
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_core_does_what_the_python_kernel_does(game: str, native: type) -> None:
    rules = get_rules(game)
    checked = 0
    for group in positions(rules):
        slow = Kernel(rules, group[0])
        fast = native(rules, group[0])
        slow_scorers = [slow.scorer(w) for w in WEIGHTS]
        fast_scorers = [fast.scorer(w) for w in WEIGHTS]
        pairs: list[tuple[bytes, bytes]] = []
        for state in group:
            expected = slow.position(state)
            pos = fast.position(state)
            assert fast.unpack(pos) == expected
            assert fast.left(pos) == slow.left(expected)
            assert fast.stock(pos) == slow.stock(expected)
            assert fast.moves(pos) == slow.moves(expected), state
            assert fast.safe(pos) == slow.safe(expected)
            assert fast.dead(pos) == slow.dead(expected)
            for ours, theirs in zip(fast_scorers, slow_scorers, strict=True):
                assert ours.score(pos) == theirs.score(expected)
            pairs.append((fast.key(pos), slow.key(expected)))
            for raw in slow.moves(expected):
                child = fast.play(pos, raw)
                assert fast.unpack(child) == slow.play(expected, raw), (state, raw)
                pairs.append((fast.key(child), slow.key(slow.play(expected, raw))))
            closed, steps = fast.close(pos, ())
            closed_slow, steps_slow = slow.close(expected, ())
            assert (fast.unpack(closed), steps) == (closed_slow, steps_slow)
            safe = slow.safe(closed_slow)
            for raw in slow.moves(closed_slow):
                child, moves = fast.step(closed, raw, safe)
                child_slow, moves_slow = slow.step(closed_slow, raw, safe)
                assert (fast.unpack(child), moves) == (child_slow, moves_slow)
            for ordered in (True, False):
                for ours, theirs in zip(fast_scorers[:3], slow_scorers[:3], strict=True):
                    got = fast.children(closed, fast.keyset(), ours, ordered)
                    want = slow.children(closed_slow, set(), theirs, ordered)
                    assert [(s, fast.unpack(p), m) for s, _k, p, m in got] == [
                        (s, p, m) for s, _k, p, m in want
                    ]
                    pairs.extend((a[1], b[1]) for a, b in zip(got, want, strict=True))
            checked += 1
        assert same_partition(pairs), game
    assert checked > 50


@pytest.mark.parametrize("piles", [2, 3])
def test_the_core_finds_the_dead_tables_the_python_test_finds(piles: int, native: type) -> None:
    """Random play seldom deals into a dead position, so built Fours Up tables on two and
    three piles (those of ``test_solver_soundness``) check the translation of dead.py."""
    rules = narrow(get_rules("fours-up"), piles)
    verdicts = []
    for seed in range(300):
        state = built(rules, 6 + seed % 7, seed)
        slow = Kernel(rules, state)
        verdict = slow.dead(slow.position(state))
        fast = native(rules, state)
        assert fast.dead(fast.position(state)) == verdict, seed
        verdicts.append(verdict)
    assert 10 <= verdicts.count(True) <= 290


def test_the_cores_kept_dead_verdicts_are_the_verdicts(native: type) -> None:
    """The core keeps each dead-position answer by the copies out, the stock's length and
    the waste: so one core asked about every position a few moves from a built table, then
    about the same positions again in the other order (answered from what it kept), says
    what the Python test says each time."""
    rules = narrow(get_rules("fours-up"), 3)
    verdicts = []
    for seed in range(40):
        state = built(rules, 6 + seed % 7, seed)
        slow, fast = Kernel(rules, state), native(rules, state)
        level = [(slow.position(state), fast.position(state))]
        seen = []
        for _depth in range(3):
            level = [
                (slow.play(theirs, raw), fast.play(ours, raw))
                for theirs, ours in level
                for raw in slow.moves(theirs)
            ][:60]
            seen.extend(level)
        for theirs, ours in seen + seen[::-1]:
            verdict = slow.dead(theirs)
            assert fast.dead(ours) == verdict, seed
            verdicts.append(verdict)
    assert 0 < verdicts.count(True) < len(verdicts)


@pytest.mark.long
def test_no_position_on_a_stored_winning_line_is_dead(native: type) -> None:
    """The dead-position test is a necessary condition for a win, so it never fires on the
    way to one: every position of 30 stored Fours Up lines in the core, every tenth in the
    Python kernel as well."""
    rules = get_rules("fours-up")
    checked = 0
    for proved in proved_deals("fours-up")[:30]:
        state = Layout.dealt("fours-up", proved.deal).state
        for at, text in enumerate(proved.solution):
            state = play(rules, state, Move.from_str(text))
            fast = native(rules, state)
            assert not fast.dead(fast.position(state)), (proved.deal, at)
            if at % 10 == 0:
                slow = Kernel(rules, state)
                assert not slow.dead(slow.position(state)), (proved.deal, at)
            checked += 1
    assert checked > 5_000


def test_children_leave_out_what_a_key_set_holds(native: type) -> None:
    rules = get_rules("stronghold")
    from solitaire.engine.deal import deal

    state = deal(rules, 3)
    fast = native(rules, state)
    root = fast.start(state)[0]
    scorer = fast.scorer(Weights())
    every = fast.children(root, fast.keyset(), scorer)
    seen = fast.keyset()
    seen.add(every[0][1])
    assert every[0][1] in seen and len(seen) == 1
    rest = fast.children(root, seen, scorer)
    assert [child[1] for child in rest] == [child[1] for child in every[1:]]
    # a Python set works too, through the slow path
    assert fast.children(root, {every[0][1]}, scorer) == rest
    assert set(seen) == {every[0][1]}


BARE_CORE = """
from solitaire.solver._core import Core
bare = Core.__new__(Core)  # never initialised: no piles, no tables
answers = []
for raw in (b"", b"\\x00\\x00\\x00", b"\\x00\\x00\\x03abc"):
    for name in ("left", "stock", "dead", "safe", "key", "moves"):
        try:
            answers.append(repr(getattr(bare, name)(raw)))
        except (ValueError, TypeError) as error:
            answers.append(type(error).__name__)
    try:
        answers.append(repr(bare.close(raw, ())))
    except (ValueError, TypeError) as error:
        answers.append(type(error).__name__)
print(len(answers))
"""


def test_a_core_never_initialised_raises_or_answers_but_does_not_crash(native: type) -> None:
    """``Core.__new__(Core)`` has no tables: asking it about any bytes must raise or give
    an answer, never read memory it does not own (a crash kills the interpreter, so the
    calls run in a child process)."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", BARE_CORE], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["21"]
