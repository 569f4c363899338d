"""Builds and checks for the page, run as the command line runs them, a few at a time.

Each build is ``deckgen build`` itself, run in a child process in a temporary folder of its
own: the files are those the command line makes with the same options (byte for byte), a
build that runs long is stopped at :data:`TIME_LIMIT`, and its memory is returned when it
ends. At most ``slots`` run at once; the rest wait their turn, up to :data:`QUEUE_WAIT`. The
folder is removed once its files are sent, and every folder left is removed when the server stops.
Each command ends with the server, however the server ends, and its workers with it (see
:func:`start` and :mod:`deckgen.serve.child`): no time limit is left to a server that is gone.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import zipfile
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.i18n import LANGUAGE_VARIABLE, N_, _
from deckgen.regions import REGION_VARIABLE

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


@dataclass(frozen=True)
class Download:
    """A file ready to send: where it is, the name the browser saves it under, its type."""

    path: Path
    name: str
    content_type: str
    folder: Path


def with_file(
    args: list[str], upload: Path | None, folder: Path, attached: Mapping[str, Path] | None = None
) -> list[str]:
    """``args``, and for an uploaded deck ``--file NAME``: the deck copied into the job's folder
    with what it keeps beside it (the spec a designed deck names). The files uploaded for
    options (a font; ``args`` name them by their names) are copied there too."""
    for path in (attached or {}).values():
        shutil.copyfile(path, folder / path.name)
    if upload is None:
        return list(args)
    for path in upload.parent.iterdir():
        if path.is_file():
            shutil.copyfile(path, folder / path.name)
    return [*args, "--file", upload.name]


class Runner:
    """Runs ``deckgen`` commands in child processes, at most ``slots`` at a time."""

    def __init__(self, root: Path, slots: int = 2) -> None:
        self.root = root
        self._slots = threading.BoundedSemaphore(slots)
        self._design_slot = threading.BoundedSemaphore(1)
        self._running: set[subprocess.Popen[bytes]] = set()
        self._lock = threading.Lock()
        self._checks: OrderedDict[tuple[str, ...], dict[str, Any]] = OrderedDict()
        self.stopping = False

    @contextmanager
    def _slot(self, slots: threading.BoundedSemaphore, cancel: threading.Event | None = None) -> Iterator[None]:
        if not until(lambda timeout: slots.acquire(timeout=timeout), QUEUE_WAIT, cancel):  # a cancel ends the wait too
            raise Busy(_("deckgen is busy with other builds; try again in a minute"))
        try:
            yield
        finally:
            slots.release()

    def folder(self) -> Path:
        """A new temporary folder for one job."""
        return Path(tempfile.mkdtemp(prefix="job-", dir=self.root))

    def run(
        self,
        args: list[str],
        cwd: Path,
        time_limit: float = TIME_LIMIT,
        too_long: str = N_("make fewer sets at a time"),
        cancel: threading.Event | None = None,
    ) -> tuple[int, str]:
        """Run ``deckgen ARGS`` in ``cwd``; (exit status, the error line it printed). A design
        (``args`` starting with ``design``) waits for the one design slot, anything else for a
        build slot, so designs never hold up builds. ``cancel``: set, the command is ended at
        once (with its workers) and :class:`Cancelled` raised."""
        slots = self._design_slot if args[:1] == ["design"] else self._slots
        with self._slot(slots, cancel):
            if self.stopping:
                raise DeckgenError(_("the server is stopping"))
            process = start(args, cwd)
            with self._lock:
                self._running.add(process)
                stopping = self.stopping
            if stopping:  # stop() came between the check above and now: it did not see this one
                end(process)
            said: list[bytes] = []
            reader = threading.Thread(target=_read_all, args=(process, said), daemon=True)
            reader.start()
            try:
                if not until(lambda timeout: _ended(process, timeout), time_limit, cancel):
                    end(process)
                    raise DeckgenError(
                        _("this took longer than {minutes} minutes and was stopped; {advice}").format(
                            minutes=f"{time_limit / 60:.0f}", advice=_(too_long)
                        )
                    )
            except Cancelled:
                end(process)
                raise
            finally:
                with self._lock:
                    self._running.discard(process)
                reader.join(timeout=5)
                close_pipes(process)
        err = b"".join(said)
        lines = [line for line in err.decode("utf-8", "replace").splitlines() if line.startswith("deckgen: ")]
        message = lines[-1].removeprefix("deckgen: error: ").removeprefix("deckgen: ") if lines else ""
        return process.returncode, message

    def build(
        self, args: list[str], upload: Path | None, stem: str, attached: Mapping[str, Path] | None = None
    ) -> Download:
        """Build with ``deckgen build ARGS`` (plus ``--file`` for an upload, and the files attached
        beside it); one file, or a ZIP of them all."""
        folder = self.folder()
        try:
            words = with_file(args, upload, folder, attached)
            status, message = self.run(["build", *words, "--out", "files"], folder)
            if status != 0:
                raise DeckgenError(message or _("the build stopped (exit status {status})").format(status=status))
            files = folder / "files"
            # The build's own bookkeeping (.deckgen-manifest.json) stays behind.
            made = sorted(
                p
                for p in files.rglob("*")
                if p.is_file() and not any(part.startswith(".") for part in p.relative_to(files).parts)
            )
            if len(made) == 1:
                only = made[0]
                kind = "application/pdf" if only.suffix == ".pdf" else "application/octet-stream"
                return Download(only, only.name, kind, folder)
            archive = folder / f"{stem}.zip"
            with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
                for path in made:
                    info = zipfile.ZipInfo(path.relative_to(files).as_posix(), ZIP_DATE)
                    info.compress_type = zipfile.ZIP_DEFLATED
                    info.external_attr = 0o644 << 16
                    bundle.writestr(info, path.read_bytes())
            return Download(archive, archive.name, "application/zip", folder)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise

    def calibration(self, paper: str, duplex: str, language: str = "en") -> Download:
        """The calibration sheet for this paper and flip, in the page's language."""
        folder = self.folder()
        try:
            status, message = self.run(
                ["calibrate", "--lang", language, "--paper", paper, "--duplex", duplex, "--out", "calibration.pdf"],
                folder,
            )
            if status != 0:
                raise DeckgenError(
                    message or _("the calibration sheet stopped (exit status {status})").format(status=status)
                )
            return Download(folder / "calibration.pdf", "calibration.pdf", "application/pdf", folder)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise

    def check(self, args: list[str], upload: Path | None, attached: Mapping[str, Path] | None = None) -> dict[str, Any]:
        """``deckgen verify --json`` of a deck (kept for the last few decks): the report, and ``failure``."""
        key = (*args, str(upload or ""), *map(str, (attached or {}).values()))
        with self._lock:
            if key in self._checks:
                return self._checks[key]
        folder = self.folder()
        try:
            # verify's own number of games: the page says what ``deckgen verify`` says (2 to 3 seconds).
            words = [*with_file(args, upload, folder, attached), "--json", "--out", "report.json"]
            status, message = self.run(["verify", *words], folder)
            report_file = folder / "report.json"
            if not report_file.exists():
                raise DeckgenError(message or _("the check stopped (exit status {status})").format(status=status))
            report = {"report": json.loads(report_file.read_text(encoding="utf-8")), "failure": message or None}
        finally:
            shutil.rmtree(folder, ignore_errors=True)
        with self._lock:
            self._checks[key] = report
            while len(self._checks) > 16:
                self._checks.popitem(last=False)
        return report

    def stop(self) -> None:
        """Stop every running command, with its workers (the server is stopping)."""
        with self._lock:
            self.stopping = True
            running = list(self._running)
        for process in running:
            end(process)


def until(wait: Callable[[float], bool], seconds: float, cancel: threading.Event | None = None) -> bool:
    """Call ``wait(timeout)`` in short turns until it returns ``True`` (then ``True``) or
    ``seconds`` have passed (then ``False``); :class:`Cancelled` as soon as ``cancel`` is set."""
    deadline = time.monotonic() + seconds
    while not wait(min(CANCEL_POLL, max(0.0, deadline - time.monotonic()))):
        if cancel is not None and cancel.is_set():
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


def start(args: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    """``deckgen ARGS`` in a child process that ends when this process ends, however it ends
    (:mod:`deckgen.serve.child`): its standard input is a pipe this process holds until the
    command is over. On POSIX systems it leads a process group of its own, its workers with it,
    so that :func:`end` ends them all. The command runs as the page shows it: a language or a
    country set for the server (``DECKGEN_LANG``, ``DECKGEN_REGION``) does not reach it, the
    command's own ``--lang`` and ``--region`` do."""
    return subprocess.Popen(
        [sys.executable, "-m", "deckgen.serve.child", *args],
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
