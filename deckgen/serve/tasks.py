"""Jobs: the builds, checks and designs the page asks for, run by any job worker.

A web worker describes a job in the store (:func:`submit`) and puts its id on the queue; a
job worker (a thread of ``deckgen serve`` on a laptop, a ``deckgen worker`` process on a
school's server) takes it and runs it (:func:`run_job`): the command line's own command, in a
child process, in a folder of its own, with the files it needs written there from the store.
The job's state is kept in the store, where any web worker reads it:

- ``queued``, then ``running`` with a heartbeat every few seconds (a design's stage too);
- ``done``: the result was stored first, whole (a file, a check's report, a designed deck's
  id), so a ``done`` job always has its result — nothing is ever half-delivered;
- ``failed`` or ``cancelled``, with one line for the teacher.

A job whose worker was killed stops beating; the web side then says it failed
(:func:`state_of`). A cancel is a key in the store, which the job looks at four times a second,
wherever it runs.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import socket
import tempfile
import threading
import time
import zipfile
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from deckgen.errors import Code, DeckgenError, one_line
from deckgen.i18n import N_, _, speaking
from deckgen.outcome import Outcome
from deckgen.serve.job_state import JobState
from deckgen.serve.jobs import TIME_LIMIT, Cancelled, run_command
from deckgen.serve.scrub import plain
from deckgen.serve.store import Store, StoreUnavailable, get_json, put_json

if TYPE_CHECKING:
    from deckgen.serve.queue import JobQueue

#: How long a job's state is kept, and a result a teacher has not fetched (seconds).
STATE_TTL = 24 * 3600
RESULT_TTL = 3600
#: A running job whose heartbeat is older than this (seconds) has lost its worker.
STALE = 15.0
#: Longest a design searches (its ``--time-limit``): a 60-card deck takes one to three minutes
#: here, and a seed may take longer. The design ends itself then, with its own words; the job is
#: stopped only if it runs past this and :data:`DESIGN_GRACE`.
DESIGN_LIMIT = 300.0
DESIGN_GRACE = 60.0
#: Where a design keeps its stage (see ``design --progress-file``).
PROGRESS_FILE = "progress.json"
#: The most searches the page offers for one spec (seeds 1 to this).
MOST_SEARCHES = 5
#: What the command line's advice after a search that found no deck (the message past the
#: error's ``cause``) becomes on the page, which has no --seed or --iterations.
PAGE_ADVICE = N_("try another search, or describe a smaller deck (fewer numbers, tables or cards)")
#: The same, once every search the page offers has been made.
LAST_ADVICE = N_("describe a smaller deck (fewer numbers, tables or cards), or more cards for the same facts")
#: Fixed date inside a ZIP, so the same files make the same ZIP.
ZIP_DATE = (2024, 1, 1, 0, 0, 0)
#: What a job worker killed mid-job leaves its job saying.
LOST_WORKER = N_("the computer running this stopped before it finished; try again")
#: The lane each kind of job waits in: a design never holds up builds.
LANES = {"build": "builds", "calibration": "builds", "check": "builds", "design": "designs"}

JOB = "job:"
RESULT = "result:"
CANCEL = "cancel:"


class Command(Protocol):
    """How a job runs its ``deckgen`` command and learns how it ended: in a child process
    (:func:`~deckgen.serve.jobs.run_command`), or in this one in a browser
    (:func:`deckgen.browser.run_here`, given to the page from above it)."""

    def __call__(
        self,
        args: list[str],
        cwd: Path,
        time_limit: float = ...,
        too_long: str = ...,
        stopped: Callable[[], bool] | None = None,
        beat: Callable[[], None] | None = None,
    ) -> Outcome: ...


#: What a job made, as the fields of its state that say so (see :class:`JobState`).
Made = dict[str, object]


def new_id() -> str:
    return os.urandom(12).hex()


def submit(store: Store, queue: JobQueue, kind: str, args: list[str], **fields: Any) -> str:
    """Describe a job in the store and put it on the queue; its id. ``fields``: ``upload`` (the
    id of the deck file or spec it uses), ``attached`` (ids of files for options, by option),
    ``stem`` (a ZIP's name), ``language``, ``client``, ``game``, ``seed``."""
    job_id = new_id()
    description = JobState(kind, args, created=time.time(), **fields)
    put_json(store, JOB + job_id, description.to_json(), STATE_TTL)
    queue.submit(job_id, LANES[kind])
    return job_id


def state_of(store: Store, job_id: str) -> JobState | None:
    """A job's state as the page tells it (``None``: no such job, or it has expired); a running
    job whose worker stopped beating is said to have failed."""
    if not job_id.isalnum():
        return None
    state = JobState.from_json(get_json(store, JOB + job_id))
    if state is not None and state.state == "running" and time.time() - state.beat > STALE:
        with speaking(state.language):
            state = replace(state, state="failed", message=_(LOST_WORKER), fault=True)
    return state


def cancel(store: Store, job_id: str) -> None:
    """Cancel a job wherever it is: a queued one at once (no worker will run it), a running one
    within a quarter of a second (its worker looks at the key)."""
    store.put(CANCEL + job_id, b"1", STATE_TTL)
    state = JobState.from_json(get_json(store, JOB + job_id))
    if state is not None and state.state == "queued":
        with speaking(state.language):
            said = replace(state, state="cancelled", message=_cancelled(Job(store, job_id, state, None)))
        put_json(store, JOB + job_id, said.to_json(), STATE_TTL)


def give_up(store: Store, job_id: str, message: str) -> None:
    """End a job that waited too long for a worker: said to have failed through the server's
    load (``fault``), so that every request waiting on it answers busy, not only the one that
    gave up. Written at once, never first as cancelled (a waiter would read that in between);
    the cancel key stops a worker that takes it meanwhile."""
    store.put(CANCEL + job_id, b"1", STATE_TTL)
    state = JobState.from_json(get_json(store, JOB + job_id))
    if state is not None and state.state == "queued":
        # Nothing was searched (a design's "search again" would not help; see Design.can_search_again).
        ended = replace(state, state="failed", message=message, fault=True, searched=False)
        put_json(store, JOB + job_id, ended.to_json(), STATE_TTL)


class Job:
    """One job while it runs: its description, and the store it reports to."""

    def __init__(
        self,
        store: Store,
        job_id: str,
        state: JobState,
        stop: threading.Event | None,
        command: Command = run_command,
    ) -> None:
        self.store = store
        self.id = job_id
        self.state = state
        self.stop = stop
        self.progress: Path | None = None
        #: How the job's ``deckgen`` command is run (:func:`~deckgen.serve.jobs.run_command`, a
        #: child process; :func:`~deckgen.browser.run_here` in a browser).
        self.command = command

    def save(self, **changes: Any) -> None:
        """Change fields of the job's state (a field it has not is an error) and store it."""
        self.state = replace(self.state, **changes)
        put_json(self.store, JOB + self.id, self.state.to_json(), STATE_TTL)

    def stopped(self) -> bool:
        if self.stop is not None and self.stop.is_set():
            return True
        try:
            return self.store.get(CANCEL + self.id) is not None
        except StoreUnavailable:
            return False  # the store is away a moment: the job goes on

    def beat(self) -> None:
        changes: dict[str, Any] = {"beat": time.time()}
        if self.progress is not None:
            try:
                found = json.loads(self.progress.read_text(encoding="utf-8"))
                if isinstance(found, dict):
                    changes["progress"] = found
            except (OSError, ValueError):
                pass
        try:
            self.save(**changes)
        except StoreUnavailable:
            pass  # said again at the next beat


def run_job(job_id: str, store_url: str | None = None) -> None:
    """Run one job from a Redis store (what a ``deckgen worker`` does for each job it takes)."""
    from deckgen.serve.store import store_from_url

    scratch = Path(tempfile.mkdtemp(prefix="deckgen-job-"))
    try:
        execute(job_id, store_from_url(store_url, scratch), scratch)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def execute(
    job_id: str,
    store: Store,
    scratch: Path,
    stop: threading.Event | None = None,
    command: Command = run_command,
) -> None:
    """Run job ``job_id`` in a new folder under ``scratch``; its state and result go to ``store``.
    ``stop``: set when the worker itself is stopping (the job then ends as cancelled).
    ``command``: how its ``deckgen`` command runs (see :attr:`Job.command`)."""
    state = JobState.from_json(get_json(store, JOB + job_id))
    if state is None or state.state != "queued":
        return  # expired, or taken already (a queue may hand a job out twice)
    job = Job(store, job_id, state, stop, command)
    with speaking(state.language):
        if job.stopped():
            job.save(state="cancelled", message=_("you cancelled it"))
            return
        job.save(state="running", beat=time.time(), worker=f"{socket.gethostname()}:{os.getpid()}")
        folder = Path(tempfile.mkdtemp(prefix="job-", dir=scratch))
        try:
            outcome = RUNS[state.kind](job, folder)
        except Cancelled:
            job.save(state="cancelled", message=_cancelled(job))
        except DeckgenError as error:
            job.save(state="failed", message=_failed(job, error, folder))
        except Exception as error:  # a fault of deckgen's: one line for the page, never a traceback
            job.save(
                state="failed",
                message=_("deckgen could not do this ({fault})").format(fault=type(error).__name__),
                fault=True,
            )
        else:
            job.save(state="done", message="", **outcome)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def unfinished(store: Store, jobs: list[str]) -> dict[str, JobState]:
    """Of ``jobs``, those still queued or running, with their states (counted from the states,
    so that a job whose worker was killed stops counting once its heartbeat is old)."""
    live = {}
    for job_id in jobs:
        state = state_of(store, job_id)
        if state is not None and not state.ended:
            live[job_id] = state
    return live


def _lay_out(job: Job, folder: Path) -> list[str]:
    """Write the job's files into ``folder`` from the store; the command's words, with
    ``--file NAME`` for a deck file of the teacher's."""
    from deckgen.serve.uploads import Uploads

    uploads = Uploads(job.store, folder / ".uploads")
    words = list(job.state.args)
    for upload_id in job.state.attached.values():
        files = uploads.files(upload_id)
        if files is None:
            raise DeckgenError(_("a file uploaded for this has expired; upload it again"))
        for name, data in files.items():
            (folder / name).write_bytes(data)
    upload_id = job.state.upload
    if upload_id:
        record = uploads.record(upload_id)
        files = uploads.files(upload_id)
        if record is None or files is None:
            raise DeckgenError(_("the file uploaded has expired; upload it again"))
        for name, data in files.items():
            (folder / name).write_bytes(data)
        if job.state.kind != "design":
            words += ["--file", record["name"]]
    shutil.rmtree(folder / ".uploads", ignore_errors=True)
    return words


def _run(job: Job, folder: Path, words: list[str], limit: float = TIME_LIMIT, too_long: str = "") -> None:
    outcome = job.command(
        words, folder, limit, too_long or N_("make fewer sets at a time"), stopped=job.stopped, beat=job.beat
    )
    if outcome.status != 0:
        raise outcome.error(_("the command stopped (exit status {status})").format(status=outcome.status))


def _run_build(job: Job, folder: Path) -> Made:
    """``deckgen build``: one file, or a ZIP of them all."""
    words = _lay_out(job, folder)
    _run(job, folder, ["build", *words, "--out", "files"])
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
        return _stored(job, only.read_bytes(), only.name, kind)
    archive = folder / "bundle.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as bundle:
        for path in made:
            info = zipfile.ZipInfo(path.relative_to(files).as_posix(), ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            bundle.writestr(info, path.read_bytes())
    return _stored(job, archive.read_bytes(), f"{job.state.stem or 'deckgen'}.zip", "application/zip")


def _run_calibration(job: Job, folder: Path) -> Made:
    _run(job, folder, [*job.state.args, "--out", "calibration.pdf"])
    return _stored(job, (folder / "calibration.pdf").read_bytes(), "calibration.pdf", "application/pdf")


#: The file a check writes its report to (its failing line names it).
REPORT_FILE = "report.json"


def _run_check(job: Job, folder: Path) -> Made:
    """``deckgen verify --json``: the report, and the line it failed with (if it did)."""
    words = _lay_out(job, folder)
    outcome = job.command(
        ["verify", *words, "--json", "--out", REPORT_FILE], folder, stopped=job.stopped, beat=job.beat
    )
    report = folder / REPORT_FILE
    if not report.exists():
        raise outcome.error(_("the check stopped (exit status {status})").format(status=outcome.status))
    failure = plain(outcome.message, folder) or None
    return {"report": json.loads(report.read_text(encoding="utf-8")), "failure": failure}


def _run_design(job: Job, folder: Path) -> Made:
    """``deckgen design``: the deck, kept as an upload with its spec beside it."""
    from deckgen.games import games
    from deckgen.serve.uploads import Uploads

    words = _lay_out(job, folder)
    job.progress = folder / PROGRESS_FILE
    spec_files = {path.name: path.read_bytes() for path in folder.iterdir() if path.is_file()}
    limit = DESIGN_LIMIT + DESIGN_GRACE
    _run(job, folder, words, limit, N_("describe a smaller deck (fewer numbers, tables or cards)"))
    made = folder / words[words.index("--out") + 1]
    if not made.exists():
        raise DeckgenError(_("the design stopped before it wrote its deck"))
    uploads = Uploads(job.store, folder / ".kept")
    deck = uploads.add_designed(games()[job.state.game], made, spec_files)
    return {"deck": deck}


def _stored(job: Job, data: bytes, name: str, content_type: str) -> Made:
    """Put a result in the store (before the job is said to be done), and what the state says of it."""
    job.store.put(RESULT + job.id, data, RESULT_TTL)
    digest = hashlib.sha256(data).hexdigest()
    return {"name": name, "content_type": content_type, "size": len(data), "sha256": digest}


def _cancelled(job: Job) -> str:
    if job.stop is not None and job.stop.is_set():
        return _("the server is stopping")
    if job.state.kind == "design":
        if job.state.seed < MOST_SEARCHES:
            return _("you cancelled the design; try another search, or upload another spec")
        return _("you cancelled the design")
    return _("you cancelled it")


def _failed(job: Job, error: DeckgenError, folder: Path) -> str:
    """The line a failed job says (no folder of this computer in it); for a design, read from
    the error's fields: whether another search may help (not when no deck can meet the spec),
    and the page's advice in place of the command line's (the page has no --seed)."""
    if job.state.kind != "design":
        return plain(str(error), folder)
    job.state.searched = error.code != Code.RULED_OUT
    if error.cause is None:
        return plain(str(error), folder)
    advice = _(PAGE_ADVICE if job.state.seed < MOST_SEARCHES else LAST_ADVICE)
    return f"{plain(one_line(error.cause), folder)}; {advice}"


RUNS: dict[str, Callable[[Job, Path], Made]] = {
    "build": _run_build,
    "calibration": _run_calibration,
    "check": _run_check,
    "design": _run_design,
}
