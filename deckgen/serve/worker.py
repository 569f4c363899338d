"""``deckgen worker --queue redis://HOST:PORT/DB``: job workers for a school's or a district's server.

The page's web workers put builds, checks and designs on two RQ queues in Redis
(:mod:`deckgen.serve.queue_redis`); ``deckgen worker``, started on as many computers as needed,
takes them. It starts ``--jobs N`` job worker processes and looks after them: one that dies is
started again, and Ctrl-C or SIGTERM stops them all (a job running then ends as cancelled, its
command with it) and waits until they are gone. Each job worker, and each job's command, ends
with the ``deckgen worker`` that started it, however it ends (even ``kill -9``): no process is
left to run on without it.

Each job worker is RQ's :class:`~rq.SimpleWorker`, which runs a job in its own process rather
than in a process forked for the job. A fork per job would add nothing: the job itself already
runs the ``deckgen`` command in a child process that ends with the job worker, however it ends
(:func:`deckgen.serve.jobs.start`, :mod:`deckgen.serve.child`), which is what a fork would give
(memory returned after each job, a job that cannot take its worker down), and it would fork a
process holding a Redis connection and threads.

Lanes: the job workers listen to ``deckgen-builds`` first, then ``deckgen-designs``. With two
or more and no ``--lanes``, the first takes builds only, so that designs never hold up every
build (as the embedded queue keeps slots of its own for builds). ``--lanes`` chooses for all of
them (``--lanes designs`` for a computer that designs only).

Redis may restart or be out of reach a while: the job workers wait and go on when it is back;
``deckgen worker`` says so in one line when it loses the queue and one when it has it again.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any

from deckgen.errors import DeckgenError, one_line
from deckgen.i18n import LANGUAGE_VARIABLE, LANGUAGES, _, ngettext, number, speak
from deckgen.serve.store_redis import check_address, connect, reason, shown

if TYPE_CHECKING:
    from deckgen.serve.store import Store

#: The lanes, in the order a job worker listens to them.
LANES = ("builds", "designs")
#: Where a job worker finds the queue's address (not on its command line, which any user of the
#: computer can read, with the password in it).
QUEUE_VARIABLE = "DECKGEN_QUEUE"
#: How long a stop waits for the job workers to end (a running job ends as cancelled within a
#: second) before they are killed.
STOP_WAIT = 20.0
#: RQ's time to live of a job worker's registration, in seconds: an idle worker says it is alive
#: every 5 seconds (this less 15), and one killed outright stops counting a minute later (this + 60).
WORKER_TTL = 20
#: How often ``deckgen worker`` looks after its job workers, and asks whether Redis answers (seconds).
LOOK = 0.2
PING_EVERY = 1.0
#: A job worker that dies sooner than this after it started is started again only after a pause,
#: which doubles each time, up to :data:`LONGEST_PAUSE` (a worker that cannot start at all).
SHORT_LIFE = 10.0
LONGEST_PAUSE = 30.0


class BadLanes(DeckgenError):
    """A ``--lanes`` value that names no lane, or one twice."""


def read_lanes(text: str) -> tuple[str, ...]:
    """The lanes ``builds,designs`` names, in the order given (that order is the order they are served)."""
    named = tuple(word.strip() for word in text.split(",") if word.strip())
    unknown = [word for word in named if word not in LANES]
    if not named or unknown or len(set(named)) != len(named):
        raise BadLanes(
            _("{value}: name builds, designs, or both (builds,designs: builds first)").format(value=text.strip())
        )
    return named


def lanes_of(jobs: int, lanes: tuple[str, ...] | None) -> list[tuple[str, ...]]:
    """The lanes of each of ``jobs`` job workers: those asked for, else builds then designs,
    the first of two or more for builds only."""
    if lanes is not None:
        return [lanes] * jobs
    if jobs == 1:
        return [LANES]
    return [("builds",), *[LANES] * (jobs - 1)]


def _lanes_said(lanes: tuple[str, ...] | None, jobs: int) -> str:
    if lanes is None:
        return _("builds and designs") if jobs == 1 else _("builds and designs (the first of them builds only)")
    return {
        ("builds",): _("builds"),
        ("designs",): _("designs"),
        ("builds", "designs"): _("builds and designs"),
        ("designs", "builds"): _("designs and builds"),
    }[lanes]


# --- deckgen worker: the job workers, looked after ---------------------------------------------


def supervise(url: str, jobs: int, lanes: tuple[str, ...] | None, language: str, say: Callable[[str], None]) -> None:
    """Run ``jobs`` job workers for the queue at ``url`` until this process is stopped (a
    :class:`~deckgen.errors.Stopped` raised by Ctrl-C or SIGTERM, which this lets through once
    every job worker has ended)."""
    from deckgen.serve.jobs import close_pipes
    from deckgen.signals import held

    check_address(url)
    address = shown(url)
    say(
        ngettext(
            "deckgen worker: {count} job worker takes {lanes} from the queue at {address}; press Ctrl-C to stop it",
            "deckgen worker: {count} job workers take {lanes} from the queue at {address}; press Ctrl-C to stop them",
            jobs,
        ).format(count=number(jobs), lanes=_lanes_said(lanes, jobs), address=address)
    )
    each = lanes_of(jobs, lanes)
    running: list[subprocess.Popen[bytes] | None] = [None] * jobs
    started = [0.0] * jobs
    pause = [0.0] * jobs
    next_start = [0.0] * jobs
    probe = connect(url, answer_timeout=2.0)
    reachable: bool | None = None
    pinged = 0.0
    try:
        while True:
            now = time.monotonic()
            for n in range(jobs):
                process = running[n]
                if process is not None and process.poll() is not None:
                    close_pipes(process)
                    running[n] = None
                    lived = now - started[n]
                    pause[n] = 0.0 if lived >= SHORT_LIFE else min(LONGEST_PAUSE, max(1.0, 2 * pause[n]))
                    next_start[n] = now + pause[n]
                    say(
                        _("deckgen worker: a job worker ended (exit status {status}); starting another").format(
                            status=process.returncode
                        )
                    )
                if running[n] is None and now >= next_start[n]:
                    with held():  # started and noted at once: a stop meanwhile finds it
                        running[n] = _start_job_worker(url, each[n], language)
                        started[n] = now
            if now - pinged >= PING_EVERY:
                pinged = now
                answer = _ping(probe)
                if answer is None and reachable is not False:
                    say(
                        _(
                            "deckgen worker: the queue at {address} cannot be reached ({reason}); the job workers "
                            "wait for it"
                        ).format(address=address, reason=_last_reason(probe))
                    )
                elif answer is not None and reachable is False:
                    say(
                        _("deckgen worker: the queue at {address} answers again; the job workers go on").format(
                            address=address
                        )
                    )
                reachable = answer is not None
            time.sleep(LOOK)
    finally:
        with held():  # a second Ctrl-C does not cut the stop short (it is bounded: STOP_WAIT)
            stop_all([process for process in running if process is not None])
            probe.close()


_probe_error: list[BaseException] = []


def _ping(probe: Any) -> bool | None:
    """``True`` when Redis answers, ``None`` (its error kept for :func:`_last_reason`) when not."""
    import redis

    try:
        probe.ping()
        return True
    except redis.exceptions.RedisError as error:
        _probe_error[:] = [error]
        return None


def _last_reason(probe: Any) -> str:
    return reason(_probe_error[0]) if _probe_error else "?"


def _start_job_worker(url: str, lanes: Sequence[str], language: str) -> subprocess.Popen[bytes]:
    """A job worker process for ``lanes``: ``python -m deckgen.serve.worker LANES``, with the
    address in its environment, and a pipe from this process as its standard input, which
    ends it when this process ends, however it ends (:mod:`deckgen.serve.child`). Started with
    the stop signals held back (the caller holds them): it lets them through once it has set
    its own handlers."""
    return subprocess.Popen(
        [sys.executable, "-m", "deckgen.serve.worker", ",".join(lanes)],
        env={**os.environ, QUEUE_VARIABLE: url, LANGUAGE_VARIABLE: language},
        stdin=subprocess.PIPE,
    )


def stop_all(processes: Sequence[subprocess.Popen[bytes]], wait: float = STOP_WAIT) -> None:
    """Ask each job worker to stop (SIGTERM: a running job ends as cancelled), wait for them up
    to ``wait`` seconds, then kill those still running; none is left when this returns."""
    from deckgen.serve.jobs import close_pipes

    for process in processes:
        if process.poll() is None:
            try:
                process.send_signal(signal.SIGTERM)
            except OSError:
                pass
    deadline = time.monotonic() + wait
    for process in processes:
        try:
            process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        close_pipes(process)


# --- one job worker (a process of its own) -----------------------------------------------------

#: Set in a job worker when it is asked to stop: the job it runs ends as cancelled (see
#: :func:`deckgen.serve.tasks.execute`), and it takes no other.
_stopping = threading.Event()
#: The job worker's own store and folder (see :func:`take`); ``None`` outside a job worker.
_store: list[Store] = []
_scratch: list[Path] = []
#: The RQ worker this process runs now, if any (for the stop signal's handler).
_current: list[Any] = []


def take(job_id: str, store_url: str | None = None) -> None:
    """What RQ runs for a job: :func:`deckgen.serve.tasks.execute` in a job worker, with the job
    worker's own connection to the store (the address a web worker reaches Redis at may not be
    the one this computer does) and its stop, which ends the job as cancelled. Anywhere else (a
    plain ``rq worker``), :func:`deckgen.serve.tasks.run_job` with the address given."""
    from deckgen.serve.tasks import execute, run_job

    if not _store:
        run_job(job_id, store_url)
        return
    execute(job_id, _store[0], _scratch[0], _stopping)


def _worker_class() -> type:
    """RQ's SimpleWorker as a job worker uses it (made when first needed: RQ is imported then only)."""
    import redis
    import rq
    from rq.exceptions import StopRequested

    class JobWorker(rq.SimpleWorker):
        """A SimpleWorker that stops at once when asked (a running job ends as cancelled), says
        nothing of its own (``deckgen worker`` speaks), registers anew when Redis comes back
        empty after a restart, and takes no commands through Redis (it is stopped by signals)."""

        # Waits of a second or two while Redis is out of reach, not RQ's minute.
        max_connection_wait_time = 2.0
        waiting = False

        def _install_signal_handlers(self) -> None:
            _handle_signals()

        def subscribe(self) -> None:
            pass

        def unsubscribe(self) -> None:
            pass

        def dequeue_job_and_maintain_ttl(self, timeout: int | None, max_idle_time: int | None = None) -> Any:
            if _stopping.is_set():
                raise StopRequested()
            self.waiting = True
            try:
                return super().dequeue_job_and_maintain_ttl(timeout, max_idle_time)
            finally:
                self.waiting = False

        def heartbeat(self, timeout: int | None = None, pipeline: Any = None) -> None:
            if pipeline is None and not self.connection.sismember(self.redis_workers_keys, self.key):
                # Redis restarted without its data (or dropped this worker): registered anew,
                # so that the web side counts it (see RedisQueue.workers).
                self.connection.delete(self.key)
                self.register_birth()
            super().heartbeat(timeout, pipeline)

        def handle_exception(self, job: Any, *exc_info: Any) -> None:
            error = exc_info[1]
            if not isinstance(error, redis.exceptions.ConnectionError | redis.exceptions.TimeoutError):
                print(
                    _("deckgen worker: job {job} stopped with an error: {error}").format(
                        job=job.id, error=one_line(str(error)) or type(error).__name__
                    ),
                    file=sys.stderr,
                    flush=True,
                )
            super().handle_exception(job, *exc_info)

    return JobWorker


def _handle_signals() -> None:
    """A job worker's signals: SIGTERM stops it (:func:`_on_stop`); Ctrl-C and a closed terminal
    are for ``deckgen worker``, which stops its job workers itself (a job then ends as cancelled)."""
    for name in ("SIGINT", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_stop)


def _on_stop(signum: int, frame: FrameType | None) -> None:
    """SIGTERM in a job worker: take no other job; a running job ends as cancelled (it looks
    four times a second); a worker waiting for a job stops waiting."""
    from rq.exceptions import StopRequested

    _stopping.set()
    if _current:
        running = _current[0]
        running._stop_requested = True
        if running.waiting:
            raise StopRequested()


def job_worker(url: str, lanes: Sequence[str]) -> None:
    """One job worker: take jobs from ``lanes``' queues and run them, until asked to stop
    (SIGTERM); while Redis is out of reach, wait for it."""
    import redis

    from deckgen.serve.folder import ServerFolder
    from deckgen.serve.queue_redis import QUEUES
    from deckgen.serve.store_redis import RedisStore

    folder = ServerFolder()  # removed at the end; a later worker or server removes it after a kill
    try:
        _store.append(RedisStore(url))
        _scratch.append(folder.path)
        worker_class = _worker_class()
        while not _stopping.is_set():
            connection = None
            try:
                connection = connect(url, answer_timeout=None)  # RQ sets its own, above its waits
                worker = worker_class(
                    [QUEUES[lane] for lane in lanes],
                    connection=connection,
                    worker_ttl=WORKER_TTL,
                    log_job_description=False,
                )
                _current[:] = [worker]
                worker.work(logging_level="CRITICAL")  # RQ says nothing; deckgen worker speaks
            except (redis.exceptions.ConnectionError, redis.exceptions.TimeoutError):
                pass  # Redis out of reach: wait below, then start again
            finally:
                _current.clear()
                if connection is not None:
                    connection.close()
            _stopping.wait(1.0)
    finally:
        folder.remove()


def main() -> None:
    """``python -m deckgen.serve.worker LANES``: a job worker, as ``deckgen worker`` starts it."""
    from deckgen.serve.child import watch_parent
    from deckgen.signals import STOPS, let_through

    _handle_signals()
    watch_parent()
    let_through(STOPS)
    if os.environ.get(LANGUAGE_VARIABLE) in LANGUAGES:
        speak(os.environ[LANGUAGE_VARIABLE])
    job_worker(os.environ[QUEUE_VARIABLE], read_lanes(sys.argv[1]))


if __name__ == "__main__":
    # Run as deckgen.serve.worker, not as __main__: RQ finds take() (and this process's store and
    # stop with it) by that name, and a second copy of the module would have neither.
    from deckgen.serve import worker

    worker.main()
