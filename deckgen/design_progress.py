"""A design's stage, kept in a small file for a program that shows it (``design --progress-file``).

Every game's design command writes it the same way, so the web page follows any of them.
"""

from __future__ import annotations

import time
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.fileio import real_path
from deckgen.i18n import _


def check_progress_file(progress: Path | None, out: Path | None, *read: tuple[Path | None, str]) -> None:
    """Before the search: ``--progress-file`` is a regular file (or none yet) in a folder that
    exists, and neither the deck file written nor any file read (each given with its option, as
    ``(path, "--spec")``): it is replaced every half second."""
    import os

    if progress is None:
        return
    for other, what in ((out, "--out"), *read):
        if other is None:
            continue
        same = real_path(progress) == real_path(other)
        try:
            same = same or (progress.exists() and other.exists() and progress.samefile(other))
        except OSError:
            pass
        if same:
            raise DeckgenError(
                _(
                    "--progress-file {file} is the {option} file; give the progress its own file, e.g. progress.json"
                ).format(file=progress, option=what)
            )
    if progress.is_symlink() and not progress.exists():
        try:
            os.stat(progress)
        except FileNotFoundError:
            pass  # a link to a file not made yet: that file is written
        except OSError as error:  # a loop of links
            raise DeckgenError(
                _(
                    "--progress-file {file}: cannot follow the link ({reason}); give a file name, e.g. progress.json"
                ).format(file=progress, reason=error.strerror)
            ) from None
    if progress.exists() and not progress.is_file():
        raise DeckgenError(
            _("--progress-file {file}: not a regular file; give a file name, e.g. progress.json").format(file=progress)
        )
    folder = progress.parent if str(progress.parent) else Path(".")
    if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
        raise DeckgenError(
            _(
                "--progress-file {file}: cannot write in {folder}; choose a folder that exists and you may write to"
            ).format(file=progress, folder=folder)
        )


class StageFile:
    """The design's stage for a program that shows it (``--progress-file``): a small JSON file,
    replaced whole (never half-written) at most twice a second, e.g.
    ``{"stage": "search", "attempt": 2, "done": 0.42, "seconds": 9, "limit": 300}``. Stages:
    ``search`` (``done``: the share of the steps of the attempt the search waits on, the next
    attempts searching beside it), ``check`` (the deck of ``attempt`` played by simulated
    classes) and ``done`` (the search is over; the command's exit status says whether a deck
    passed). ``seconds``: how long the design has been going; ``limit``: its time limit."""

    def __init__(self, path: Path | None, limit: int) -> None:
        self.path = path
        self.limit = limit
        self.started = time.monotonic()
        self.last = 0.0
        self.done = 0.0

    def say(self, stage: str, attempt: int, done: float | None = None, force: bool = False) -> None:
        import json

        if self.path is None:
            return
        self.done = self.done if done is None else done
        now = time.monotonic()
        if not force and now - self.last < 0.5:
            return
        self.last = now
        from deckgen.fileio import write_atomic

        state: dict[str, object] = {
            "stage": stage,
            "done": round(self.done, 3),
            "seconds": int(now - self.started),
            "limit": self.limit,
        }
        if attempt:
            state["attempt"] = attempt
        try:
            write_atomic(self.path, json.dumps(state, sort_keys=True) + "\n")
        except (OSError, DeckgenError):
            self.path = None  # a place that can no longer be written: the design goes on without it
