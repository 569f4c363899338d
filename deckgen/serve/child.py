"""The lifeline of a ``deckgen`` command run for the page: it ends when the server ends, however it ends.

The server runs ``python -m deckgen.page_command ARGS`` (:mod:`deckgen.page_command`) rather
than ``python -m deckgen ARGS``: the same command, with the end of a pipe from the server as its
standard input. The server never writes to the pipe and holds its other end while the command
runs; when the server is gone, even after a ``kill -9`` (which no clean-up of the server's own
outlives), the system closes that end, the read here returns nothing, and the command ends at
once, with every process of its group (the design's or the build's workers). That works
wherever pipes do (Linux, macOS, Windows). On Linux the kernel also kills the command when the
server dies (``PR_SET_PDEATHSIG``), even if the command is too busy for the thread that reads
the pipe; its workers end with it (see :mod:`deckgen.workers`).

The command's own standard input is then empty (``os.devnull``), as no command reads it.
Started with ``--outcome-file FILE`` first, it writes how it ended to FILE as JSON
(:class:`~deckgen.outcome.Outcome`), which the server reads instead of its words.
"""

from __future__ import annotations

import os
import signal
import threading

from deckgen.workers import killed_with_parent


def end_all() -> None:
    """End this command now, with the processes of its group when it leads one (the server starts it so)."""
    if hasattr(os, "killpg") and os.getpgrp() == os.getpid():
        try:
            os.killpg(os.getpid(), signal.SIGKILL)
        except OSError:
            pass
    os.kill(os.getpid(), getattr(signal, "SIGKILL", signal.SIGTERM))  # not a group's leader: this process alone


def _watch(lifeline: int) -> None:
    try:
        while os.read(lifeline, 4096):
            pass
    except OSError:
        pass
    end_all()


def watch_parent(lifeline: int = 0) -> None:
    """End this process when the pipe on ``lifeline`` closes (its parent is gone); standard
    input is then ``os.devnull``."""
    kept = os.dup(lifeline)
    if lifeline == 0:
        empty = os.open(os.devnull, os.O_RDONLY)
        os.dup2(empty, 0)
        os.close(empty)
    killed_with_parent()
    threading.Thread(target=_watch, args=(kept,), name="server-watch", daemon=True).start()


#: The first words of a child's command line when the server names a file for its outcome.
OUTCOME_FLAG = "--outcome-file"
