"""Worker processes for the long jobs (simulated games, design attempts, a build's pieces),
how many to start, how they start, and how they stop.

Workers leave Ctrl-C to the main process, which ends them and prints the one line; a SIGTERM
from the main process simply ends a worker. The main process waits on its workers in short
slices, so that a signal is handled at once and not after a long task.

Workers are forked where the system can fork (Linux), so that a build's pieces are handed over
in the fork itself; elsewhere (Windows, and macOS, where forking a process with threads is
unsafe) they are spawned, and each task is sent to the worker that runs it. The environment
variable ``DECKGEN_START_METHOD`` (``fork``, ``spawn`` or ``forkserver``) picks one: the test
suite runs under ``spawn`` too, so the Windows and macOS way is tried on Linux.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from deckgen.errors import DeckgenError
from deckgen.signals import STOPS, held, let_through

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

R = TypeVar("R")

#: How long the main process waits on its workers at a time, in seconds.
POLL_SECONDS = 0.2

_queue: Any = None


def default_workers() -> int:
    """Worker processes for a job: one per core, at most 4 (past that, starting them and
    sending results back costs more than the cores save on jobs of this size)."""
    return max(1, min(4, os.cpu_count() or 1))


#: The signals held back while workers start: a worker starts with them blocked, sets its own
#: handlers, then lets them through. So a signal at that moment never reaches a worker still
#: running the main process's handler (which would print a traceback).
HELD = STOPS

#: Where the start method is chosen (see the module's notes).
START_METHOD_VARIABLE = "DECKGEN_START_METHOD"


def start_method() -> str:
    """How workers start: ``DECKGEN_START_METHOD`` if set, else fork where the system can, else spawn."""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    chosen = os.environ.get(START_METHOD_VARIABLE, "").strip()
    if chosen:
        if chosen not in methods:
            raise DeckgenError(
                f"{START_METHOD_VARIABLE}={chosen}: this system starts processes with {', '.join(methods)}; "
                "choose one of those, or unset it"
            )
        return chosen
    return "fork" if "fork" in methods else "spawn"


def context() -> Any:
    """The multiprocessing context workers start in (a progress queue must come from it too)."""
    import multiprocessing

    return multiprocessing.get_context(start_method())


#: prctl(2) option: the signal a process gets when its parent dies (Linux).
_PR_SET_PDEATHSIG = 1


def quiet_worker(
    queue: Any = None, parent: int = 0, tasks: Sequence[Callable[[], Any]] = (), served: bool = False
) -> None:
    """Set up a worker process: signals as above, the queue it reports progress on (if any),
    the tasks it may be given by number (forked workers of :func:`run_tasks`), and its end when
    the main process (``parent``) ends, however it ends (``served``: the worker was forked by
    Python's fork server, which is its parent, see :func:`_die_with_parent`).

    The one place deckgen assigns module globals after import: this runs once, first, in a new
    worker process of its own, which no other thread shares.
    """
    global _queue, _tasks
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in STOPS:
        if signum != signal.SIGINT:
            signal.signal(signum, signal.SIG_DFL)
    _queue = queue
    _tasks = tasks
    if served and parent:
        # Forked by Python's fork server, which is its parent and ends with the main process (see
        # deckgen.fork_server): it watches the server, once it knows the main process still runs
        # (the server may have ended with it before this worker asked who its parent is).
        server = os.getppid()
        if not _running(parent):
            os._exit(1)
        parent = server
    _die_with_parent(parent)
    let_through(HELD)


def killed_with_parent() -> None:
    """Ask Linux to send this process SIGKILL when its parent dies (``PR_SET_PDEATHSIG``); a
    no-op where there is no such call (the callers also watch their parent themselves)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _die_with_parent(parent: int) -> None:
    """End this worker when the main process is gone, even after a ``kill -9`` of it.

    On Linux the kernel sends SIGKILL when the parent dies (``PR_SET_PDEATHSIG``); everywhere,
    a thread checks every half second whether the parent is still this process's parent.
    """
    import threading

    if not parent:
        return
    killed_with_parent()
    if os.getppid() != parent:  # it died before the line above took effect
        os._exit(1)

    def watch() -> None:
        import time

        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def _running(pid: int) -> bool:
    """Whether a process of this number is running (one of this user's)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def report(message: object) -> None:
    """From a worker: send ``message`` to the main process, if it gave a queue."""
    if _queue is not None:
        _queue.put(message)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the workers now (stopped, failed or no longer needed), not after their tasks.

    A worker ended while it sends a result leaves half a message in the result pipe, and the
    pool's own thread then waits for the rest for ever (and with it, the exit of this
    process). So once the workers are gone, this process closes its end of that pipe too: the
    thread reads the end of the pipe, takes the pool as broken and stops.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    # Taken now: shutting down drops the pool's hold on it.
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    # Killed outright: a worker still starting holds its stop signals back (see quiet_worker), and
    # a spawned one would go on reading what it was sent, meet the closed pipe and print a traceback.
    for process in processes:
        process.kill()
    for process in processes:
        process.join(timeout=1)
    pool.shutdown(wait=False, cancel_futures=True)
    if manager is None or manager.ident is None:  # stopped before its thread had started
        return
    manager.join(timeout=0.5)
    if manager.is_alive() and writer is not None:
        writer.close()
        manager.join(timeout=2)


def _start_helpers(method: str) -> None:
    """Start Python's resource tracker, which spawned workers need, and for ``forkserver`` the
    fork server, before the workers start.

    Started inside :func:`worker_pool`'s held signals, the resource tracker would let SIGINT and
    SIGTERM through as it starts (multiprocessing unblocks them), and a stop could then cut a
    worker off half-started (a traceback); the fork server would keep those signals held back
    for its whole life. The tracker's one message, a warning at exit about the semaphores of
    workers a stop ended, which it cleans up itself, is silenced: it starts with its error
    output on the null device.
    """
    from multiprocessing import resource_tracker

    saved = os.dup(2)
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
            resource_tracker.ensure_running()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
    if method == "forkserver":
        from multiprocessing import forkserver

        forkserver.set_forkserver_preload(["__main__", "deckgen.fork_server"])
        forkserver.ensure_running()


@contextmanager
def worker_pool(
    workers: int, queue: Any = None, tasks: Sequence[Callable[[], Any]] = ()
) -> Iterator[ProcessPoolExecutor]:
    """The one way deckgen starts worker processes, and ends them.

    Workers are set up by :func:`quiet_worker` (``queue``: where they report progress); when
    the block ends, whether done, failed or stopped, they are ended at once by
    :func:`stop_pool`. They start by :func:`start_method`; ``tasks``: the tasks they run by
    number, handed over in the fork itself (never pickled) when they are forked.
    """
    from concurrent.futures import ProcessPoolExecutor

    from deckgen.outdir import pause_for_tests

    starting = context()
    method = starting.get_start_method()
    initargs = (queue, os.getpid(), tasks if method == "fork" else (), method == "forkserver")
    if method != "fork" and os.name == "posix":
        _start_helpers(method)
    pool: ProcessPoolExecutor | None = None
    try:
        # The workers are started here, all at once, with HELD signals blocked (see quiet_worker);
        # a stop that came meanwhile is raised as they are let through again, as the block ends,
        # and the pool is then ended in the finally below, like a pool whose work is over.
        with held(HELD):
            pool = ProcessPoolExecutor(
                max_workers=workers, mp_context=starting, initializer=quiet_worker, initargs=initargs
            )
            try:
                # Every worker now, while the stop signals are held: spawned workers the pool would
                # start later, one a task, could be cut off half-started by a stop and print a traceback.
                launch = getattr(pool, "_launch_processes", None)
                if launch is not None:
                    launch()
                started = pool.submit(os.getpid)
                pause_for_tests("workers-starting")
                started.result()
            except BaseException:  # ended here, while the stop signals are still held
                stop_pool(pool)
                pool = None
                raise
        pause_for_tests("workers-started")
        yield pool
    finally:
        if pool is not None:
            stop_pool(pool)


def run_tasks(tasks: Sequence[Callable[[], R]], workers: int) -> Generator[R, None, None]:
    """Each task's result, in the tasks' order, the tasks run by ``workers`` processes.

    Forked, the workers start after the tasks are set out, so a task's inputs (a 30-set plan,
    say) are never copied through a pipe; only results come back. Spawned, each task is sent
    (pickled) to the worker that runs it. Each result is the same as in this process, so the
    files made from them are too. With one worker the tasks run here. A stop or an error ends
    the workers at once. Put the longest tasks first: they are started in order.
    """
    if workers <= 1 or len(tasks) <= 1:
        for task in tasks:
            yield task()
        return
    from concurrent.futures import wait

    forked = start_method() == "fork"
    with worker_pool(min(workers, len(tasks)), tasks=tasks) as pool:
        futures: list[Future[R] | None] = [
            pool.submit(_run_task, number) if forked else pool.submit(_call, task) for number, task in enumerate(tasks)
        ]
        for number, future in enumerate(futures):
            assert future is not None
            futures[number] = None  # a result handed on is not kept here
            while not wait([future], timeout=POLL_SECONDS).done:
                pass
            yield future.result()


#: The tasks of a forked worker of :func:`run_tasks` (set by :func:`quiet_worker`, in the worker).
_tasks: Sequence[Callable[[], Any]] = ()


def _run_task(number: int) -> Any:
    return _tasks[number]()


def _call(task: Callable[[], R]) -> R:
    """A task sent to a spawned worker, run there."""
    return task()
