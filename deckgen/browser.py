"""deckgen in the teacher's browser: the page, started for the static site's web worker
(``deckgen/site/files/worker.mjs`` imports this module), its jobs run in this one process.

One of the ways deckgen starts, beside ``python -m deckgen`` (:mod:`deckgen.__main__`) and the
page's commands in child processes (:mod:`deckgen.page_command`): it sits on top of the layers,
so it may give the page (:mod:`deckgen.serve`, below the command line) a way to run a command
(:func:`run_here`) that the page itself could only reach by importing upwards.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from pathlib import Path

from deckgen.i18n import N_
from deckgen.outcome import Outcome
from deckgen.serve.jobs import TIME_LIMIT, outcome_file
from deckgen.site.bridge import Bridge


async def start(language: str = "en") -> Bridge:
    """The page, started, for the web worker (``files/worker.mjs``)."""
    bridge = Bridge(language, run_here)
    await bridge.start()
    return bridge


def run_here(
    args: list[str],
    cwd: Path,
    time_limit: float = TIME_LIMIT,
    too_long: str = N_("make fewer sets at a time"),
    stopped: Callable[[], bool] | None = None,
    beat: Callable[[], None] | None = None,
) -> Outcome:
    """Run ``deckgen ARGS`` in this process, in ``cwd``, as :func:`~deckgen.serve.jobs.run_command` does in a child
    process: how it ended. For the page in a browser, which has no child processes: there is no
    time limit and no cancel while it runs (nothing else runs), and the working folder is this
    process's, so jobs run one at a time."""
    import io

    from deckgen.entry import main

    before = os.getcwd()
    with outcome_file() as outcome:
        os.chdir(cwd)
        try:
            with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
                try:
                    status = main(list(args), outcome)
                except SystemExit as stop:
                    status = stop.code if isinstance(stop.code, int) else 1
        finally:
            os.chdir(before)
        return Outcome.read(outcome, status)
