"""What the command line shows besides results: progress bars, and output to a file or the screen.

Shared by the CLI and the commands games add, so every command reports the same way.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from deckgen.errors import DeckgenError
from deckgen.i18n import _


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
def labelled_progress_bars(
    label: Callable[[int], str], enabled: bool = True
) -> Iterator[Callable[[int, int, int], None]]:
    """Progress bars on stderr, one after another: ``update(key, done, total)`` ends the bar shown
    and starts a new one, labelled ``label(key)``, whenever ``key`` changes (the design's attempts)."""
    if not enabled:
        yield lambda key, done, total: None
        return
    bar: Any = None
    shown = 0
    current: int | None = None

    def close() -> None:
        nonlocal bar
        if bar is not None:
            bar.__exit__(None, None, None)
            bar = None

    def update(key: int, done: int, total: int) -> None:
        nonlocal bar, shown, current
        if key != current:
            close()
            current, shown = key, 0
            bar = click.progressbar(length=total, label=label(key), file=sys.stderr)
            bar.__enter__()
        bar.update(done - shown)
        shown = done

    try:
        yield update
    finally:
        close()


@contextmanager
def lazy_progress_bar(label: str, enabled: bool = True) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr that appears at the first update, when the total is known."""
    with labelled_progress_bars(lambda _key: label, enabled) as update:
        yield lambda done, total: update(0, done, total)


def check_output(out: Path | None, inputs: Sequence[Path | None] = ()) -> None:
    """Before any work: the place a command will write can be written, and is none of its inputs.

    A search that runs for minutes must not end in "no such folder"; a report written over
    the hand-edited deck file it was made from would lose that file.
    """
    import os

    if out is None:
        if sys.stdout is None or sys.stdout.closed:
            raise DeckgenError(_("standard output is closed; give --out FILE to write to a file"))
        return
    for given in inputs:
        if given is not None and _same_file(out, given):
            raise DeckgenError(
                _("--out {out} is the input file {given}; write to another file").format(out=out, given=given)
            )
    if out.is_dir():
        raise DeckgenError(_("--out {out}: is a folder; give a file name inside it").format(out=out))
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir():
        raise DeckgenError(
            _("--out {out}: the folder {folder} does not exist; create it or choose another path").format(
                out=out, folder=folder
            )
        )
    if not os.access(folder, os.W_OK | os.X_OK) and not (out.exists() and not out.is_file()):
        raise DeckgenError(
            _("--out {out}: cannot write in {folder}; choose a folder you may write to").format(out=out, folder=folder)
        )


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def emit(text: str, out: Path | None) -> None:
    """Write ``text`` to ``out`` atomically, or to stdout."""
    from deckgen.fileio import write_atomic

    if out is None:
        check_output(None)
        click.echo(text, nl=False)
        sys.stdout.flush()
    else:
        write_atomic(out, text)
        click.echo(_("wrote {file}").format(file=out), err=True)
