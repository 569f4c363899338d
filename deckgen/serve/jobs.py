"""A ``deckgen`` command run for the page, in a child process that ends with whoever started it.

Each build, check or design is the command line's own command, run in a child process in a
folder of its own: the files are those the command line makes with the same options (byte for
byte), a command that runs long is stopped at its time limit, and its memory is returned when
it ends. The command ends with the process that started it (a web server on a laptop, a job
worker on a school's server), however that ends, and its workers with it (see :func:`start`
and :mod:`deckgen.serve.child`): no command outlives the job it was for.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from deckgen.errors import Code, DeckgenError
from deckgen.i18n import LANGUAGE_VARIABLE, N_, _
from deckgen.outcome import Outcome
from deckgen.regions import REGION_VARIABLE
from deckgen.serve.child import OUTCOME_FLAG

#: Longest a build or check may run (a 200-set kit with laser files takes about a minute).
TIME_LIMIT = 600.0
#: Longest a request waits for a free slot before the page says the server is busy.
QUEUE_WAIT = 300.0
#: Fixed date inside the ZIP, so the same files make the same ZIP.
ZIP_DATE = (2024, 1, 1, 0, 0, 0)


class Busy(DeckgenError):
    """Every slot stayed taken for :data:`QUEUE_WAIT` seconds."""


class Cancelled(DeckgenError):
    """The teacher cancelled the command (a design, from the page)."""


#: How often a running command is checked for a cancel.
CANCEL_POLL = 0.25
#: How often a running job says it is alive (see :mod:`deckgen.serve.tasks`).
BEAT = 2.0


def run_command(
    args: list[str],
    cwd: Path,
    time_limit: float = TIME_LIMIT,
    too_long: str = N_("make fewer sets at a time"),
    stopped: Callable[[], bool] | None = None,
    beat: Callable[[], None] | None = None,
) -> Outcome:
    """Run ``deckgen ARGS`` in ``cwd``; how it ended, as the command wrote it (its exit status,
    and a refusal's fields: never read from what it printed). ``stopped``: asked every
    :data:`CANCEL_POLL` seconds; when it says yes (a cancel, a worker stopping) the command is
    ended at once, with its workers, and :class:`Cancelled` raised. ``beat``: called every
    :data:`BEAT` seconds while the command runs (the job's heartbeat)."""
    with outcome_file(cwd.parent) as outcome:
        process = start(args, cwd, outcome)
        said: list[bytes] = []  # read so that the pipe never fills; the outcome is in its file
        reader = threading.Thread(target=_read_all, args=(process, said), daemon=True)
        reader.start()
        last_beat = time.monotonic()

        def ended(timeout: float) -> bool:
            nonlocal last_beat
            if beat is not None and time.monotonic() - last_beat >= BEAT:
                last_beat = time.monotonic()
                beat()
            return _ended(process, timeout)

        try:
            if not until(ended, time_limit, stopped):
                end(process)
                raise DeckgenError(
                    _("this took longer than {minutes} minutes and was stopped; {advice}").format(
                        minutes=f"{time_limit / 60:.0f}", advice=_(too_long)
                    ),
                    code=Code.TOO_LONG,
                )
        except BaseException:
            end(process)
            raise
        finally:
            reader.join(timeout=5)
            close_pipes(process)
        return Outcome.read(outcome, process.returncode)


@contextlib.contextmanager
def outcome_file(beside: Path | None = None) -> Iterator[Path]:
    """A file name, outside the command's folder, for a command to write its outcome to; removed
    after. ``beside``: the folder to make it in (a server's scratch folder, which the next start
    clears if this process is killed before it removes it); else the system's."""
    folder = Path(tempfile.mkdtemp(prefix="deckgen-outcome-", dir=beside))
    try:
        yield folder / "outcome.json"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def until(wait: Callable[[float], bool], seconds: float, stopped: Callable[[], bool] | None = None) -> bool:
    """Call ``wait(timeout)`` in short turns until it returns ``True`` (then ``True``) or
    ``seconds`` have passed (then ``False``); :class:`Cancelled` as soon as ``stopped()`` says so."""
    deadline = time.monotonic() + seconds
    while not wait(min(CANCEL_POLL, max(0.0, deadline - time.monotonic()))):
        if stopped is not None and stopped():
            raise Cancelled("cancelled")
        if time.monotonic() >= deadline:
            return False
    return True


def _ended(process: subprocess.Popen[bytes], timeout: float) -> bool:
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        return False
    return True


def start(args: list[str], cwd: Path, outcome: Path | None = None) -> subprocess.Popen[bytes]:
    """``deckgen ARGS`` in a child process that ends when this process ends, however it ends
    (:mod:`deckgen.serve.child`): its standard input is a pipe this process holds until the
    command is over. On POSIX systems it leads a process group of its own, its workers with it,
    so that :func:`end` ends them all. The command runs as the page shows it: a language or a
    country set for the server (``DECKGEN_LANG``, ``DECKGEN_REGION``) does not reach it, the
    command's own ``--lang`` and ``--region`` do. ``outcome``: the file it writes how it
    ended to (:class:`~deckgen.outcome.Outcome`)."""
    told = [OUTCOME_FLAG, str(outcome)] if outcome is not None else []
    return subprocess.Popen(
        [sys.executable, "-m", "deckgen.page_command", *told, *args],
        cwd=cwd,
        env={name: value for name, value in os.environ.items() if name not in (LANGUAGE_VARIABLE, REGION_VARIABLE)},
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=os.name == "posix",
    )


def end(process: subprocess.Popen[bytes], wait: float = 5.0) -> None:
    """End a command started by :func:`start` and the processes of its group, and wait (up to
    ``wait`` seconds) until it is gone, so that nothing writes in its folder once this returns."""
    if process.poll() is None:
        if os.name == "posix":
            try:
                os.killpg(process.pid, signal.SIGKILL)  # the group the command leads: it, and its workers
            except OSError:
                process.kill()
        else:
            process.kill()
    try:
        process.wait(timeout=wait)
    except subprocess.TimeoutExpired:
        pass


def close_pipes(process: subprocess.Popen[bytes]) -> None:
    """Close this end of a command's lifeline (its standard input) once it is over: closed, the command ends."""
    if process.stdin is not None:
        try:
            process.stdin.close()
        except OSError:
            pass


def _read_all(process: subprocess.Popen[bytes], into: list[bytes]) -> None:
    """What the command writes to its standard error, read as it comes (so the pipe never fills)."""
    assert process.stderr is not None
    try:
        into.append(process.stderr.read())
    except (OSError, ValueError):
        pass
    finally:
        process.stderr.close()
