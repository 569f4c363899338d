"""The stop signals deckgen handles, as far as the system has them, and how a stop reaches the
code that is running.

Windows has no SIGHUP and no signal masks; macOS and Linux have both. Everything that names
a signal or blocks one goes through here, so the same code runs on each.

A stop (Ctrl-C, ``kill``, a closed terminal) raises :class:`~deckgen.errors.Stopped` in the
main thread at the next line of Python, wherever that is, and every writer cleans up as it
unwinds. A few steps must not be cut in two: moving a build's files into ``--out`` and putting
them back, removing its staging folder. They run inside :func:`waiting`, where a stop is only
noted and raised at the end of the step, or asked for with :func:`stop_asked` at a moment of
the step's own choosing. Once a build's files are all in place its command is done whatever
comes: :func:`too_late_to_stop` makes every later stop of the process change nothing (no
"stopped" line, no status 143 for a build that did finish).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from deckgen.errors import Stopped

#: Ctrl-C, kill and a closed terminal: the signals that stop a command with one line.
STOPS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
#: The exit codes of a command ended by one of them (128 + the signal's number; 130 for Ctrl-C).
STOPPED_CODES = frozenset(128 + int(signum) for signum in STOPS)


@dataclass
class _StopState:
    """What :func:`on_stop` consults: how many :func:`waiting` blocks are open, the stops that
    came meanwhile, and whether the command's work is already done."""

    waiting: int = 0
    came: list[int] = field(default_factory=list)
    done: bool = False


_state = _StopState()


def on_stop(signum: int, _frame: object) -> None:
    """The handler of every stop signal in a ``deckgen`` process (see the module's notes)."""
    if _state.done:
        return
    if _state.waiting:
        _state.came.append(signum)
        return
    raise Stopped(signum)


def install() -> None:
    """Handle the stop signals with :func:`on_stop`, from a fresh start (the command's first step)."""
    _state.waiting, _state.done = 0, False
    _state.came.clear()
    for signum in STOPS:
        signal.signal(signum, on_stop)


def _ours() -> bool:
    """Whether this process's stops come to :func:`on_stop` (a ``deckgen`` command; not a test
    that calls the command line inside its own process, whose stops are its own)."""
    return bool(STOPS) and signal.getsignal(STOPS[0]) is on_stop


@contextmanager
def waiting() -> Iterator[None]:
    """Run the block whole: a stop that comes meanwhile is raised when it ends (unless the work
    is done by then, see :func:`too_late_to_stop`)."""
    _state.waiting += 1
    stopping = False
    try:
        yield
    except Stopped:  # the block acted on a stop itself (see stop_asked)
        stopping = True
        raise
    finally:
        _state.waiting -= 1
        if not _state.waiting and _state.came:
            signum = _state.came[0]
            _state.came.clear()
            if not (_state.done or stopping):
                raise Stopped(signum)


def stop_asked() -> int | None:
    """Inside :func:`waiting`: the signal of a stop that came meanwhile, if one did."""
    return _state.came[0] if _state.came else None


def too_late_to_stop() -> None:
    """The command's work is done and in place: a stop from now on (or one that came while
    :func:`waiting`) changes nothing, and the command ends as it would have. Only in a
    ``deckgen`` process (see :func:`_ours`)."""
    if _ours():
        _state.done = True
        _state.came.clear()


def ignore_from_now() -> None:
    """Let no stop end this process from now on: called as a finished command exits, when
    Python puts the default handlers back (under which a stop would kill it, status -15, after
    its work is done). Only in a ``deckgen`` process (see :func:`_ours`)."""
    if not _ours():
        return
    for signum in STOPS:
        signal.signal(signum, signal.SIG_IGN)


@contextmanager
def held(signals: tuple[signal.Signals, ...] = STOPS) -> Iterator[None]:
    """Hold these signals back while the block runs (where the system can), then let them through."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    # The mask as it was, read first: a stop raised as the mask changes (one that came just
    # before) then leaves the mask as it was, never blocked for good.
    before = signal.pthread_sigmask(signal.SIG_BLOCK, ())
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, signals)
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def let_through(signals: tuple[signal.Signals, ...] = STOPS) -> None:
    """Unblock these signals in this process (where the system has signal masks)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, signals)
