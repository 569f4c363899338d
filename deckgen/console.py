"""What the command line shows besides results: progress bars, and output to a file or the screen.

Shared by the CLI and the commands games add, so every command reports the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click


@contextmanager
def progress_bar(label: str, total: int, enabled: bool = True) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr (shown only on a terminal); yields ``update(done, total)``."""
    if not enabled:
        yield lambda done, total: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        shown = 0

        def update(done: int, _total: int) -> None:
            nonlocal shown
            bar.update(done - shown)
            shown = done

        yield update


@contextmanager
def lazy_progress_bar(label: str, enabled: bool = True) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr that appears at the first update, when the total is known."""
    if not enabled:
        yield lambda done, total: None
        return
    bar: Any = None
    shown = 0

    def update(done: int, total: int) -> None:
        nonlocal bar, shown
        if bar is None:
            bar = click.progressbar(length=total, label=label, file=sys.stderr)
            bar.__enter__()
        bar.update(done - shown)
        shown = done

    try:
        yield update
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)


def emit(text: str, out: Path | None) -> None:
    """Write ``text`` to ``out`` atomically, or to stdout."""
    from deckgen.fileio import write_atomic

    if out is None:
        click.echo(text, nl=False)
    else:
        write_atomic(out, text)
        click.echo(f"wrote {out}", err=True)
