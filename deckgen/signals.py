"""The stop signals deckgen handles, as far as the system has them.

Windows has no SIGHUP and no signal masks; macOS and Linux have both. Everything that names
a signal or blocks one goes through here, so the same code runs on each.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

#: Ctrl-C, kill and a closed terminal: the signals that stop a command with one line.
STOPS: tuple[signal.Signals, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
#: The exit codes of a command ended by one of them (128 + the signal's number; 130 for Ctrl-C).
STOPPED_CODES = frozenset(128 + int(signum) for signum in STOPS)


@contextmanager
def held(signals: tuple[signal.Signals, ...] = STOPS) -> Iterator[None]:
    """Hold these signals back while the block runs (where the system can), then let them through."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def let_through(signals: tuple[signal.Signals, ...] = STOPS) -> None:
    """Unblock these signals in this process (where the system has signal masks)."""
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, signals)
