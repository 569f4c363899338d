"""The ``deckgen`` command's entry point: signals first, then the command line.

Importing the command line takes a quarter of a second (reportlab, Pillow, svgwrite are
heavy), and a Ctrl-C or a ``kill`` in that time must end as cleanly as one later: one line,
exit status 130 (interrupt) or 143 (terminate), and no temporary file left behind (every
write cleans up after itself on any exception, :class:`~deckgen.errors.Stopped` included).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

from deckgen.errors import DeckgenError, Stopped
from deckgen.signals import STOPPED_CODES, ignore_from_now, install

if TYPE_CHECKING:
    from pathlib import Path  # not imported before the signals are handled: a stop may come at once


def main(argv: list[str] | None = None, outcome: Path | None = None) -> int:
    """Run the command; its exit status. ``outcome``: a file to write how it ended to, as JSON
    (:class:`~deckgen.outcome.Outcome`), for the process that ran it (the page's job)."""
    # Ctrl-C, kill, timeout, docker stop, a closed terminal. Ctrl-C is a Stopped too, not a
    # KeyboardInterrupt: click answers that with an empty line, and the stop is one line.
    install()
    try:
        try:
            from deckgen.cli import main as run_cli
        except DeckgenError as error:  # the registry of games could not be read (a broken plug-in)
            print(f"deckgen: error: {error}", file=sys.stderr)
            _ended(outcome, 1, str(error), error)
            return 1
        code = run_cli(argv, outcome)
        # The command is over: a stop while Python shuts down (which puts the default handlers
        # back) must not kill the process and hide the command's own status behind a signal's.
        ignore_from_now()
        return code
    except KeyboardInterrupt:
        print("deckgen: stopped (interrupted)", file=sys.stderr)
        _ended(outcome, 130, "stopped (interrupted)")
        return 130
    except Stopped as stopped:
        print(f"deckgen: stopped ({stopped.reason})", file=sys.stderr)
        _ended(outcome, 128 + stopped.signum, f"stopped ({stopped.reason})")
        return 128 + stopped.signum


def _ended(outcome: Path | None, status: int, said: str, error: DeckgenError | None = None) -> None:
    """Write how the command ended to ``outcome`` (if given), when it ended before the CLI could."""
    if outcome is not None:
        from deckgen.outcome import Outcome

        Outcome.of(status, said, error).write(outcome)


def run(argv: list[str] | None = None, outcome: Path | None = None) -> None:
    code = main(argv, outcome)
    if code in STOPPED_CODES:
        # Stopped: every writer has cleaned up while the stop unwound. Leave now, without the
        # interpreter's exit hooks, which would wait for simulation workers to finish their games.
        sys.stderr.flush()
        sys.stdout.flush()
        os._exit(code)
    sys.exit(code)
