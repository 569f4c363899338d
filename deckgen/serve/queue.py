"""The queue of jobs (builds, checks, designs) and the job workers that take them.

Long work never runs in a web request: a web worker puts the job on the queue and a job worker
runs it (:func:`deckgen.serve.tasks.execute`). Two kinds, one protocol:

- :class:`InProcessQueue`: threads of ``deckgen serve`` itself, a few at a time (what a
  teacher's laptop uses; nothing to install);
- :class:`~deckgen.serve.queue_redis.RedisQueue`: RQ on Redis, for a school's server, whose job
  workers are ``deckgen worker`` processes on as many computers as needed;
- :class:`InBrowserQueue`: the page inside a browser (no threads, no child processes): each job
  runs in this process, one at a time, between requests.

Each has two lanes, builds (and checks) and designs, with workers of their own: a design, a
minute of a core, never holds up every build.
"""

from __future__ import annotations

import queue
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from deckgen.serve.store import Store

if TYPE_CHECKING:
    from deckgen.serve.tasks import Command


class JobQueue(Protocol):
    #: "embedded" or "redis".
    kind: str

    def submit(self, job_id: str, lane: str) -> None: ...

    def workers(self) -> int:
        """Job workers alive now."""
        ...

    def close(self) -> None: ...

    def run_waiting(self) -> None:
        """Run the jobs waiting here and now, where this process is its own only job worker (a
        browser's); elsewhere job workers take them, and this does nothing."""
        ...


#: Job workers of the embedded queue, by lane (builds and checks; designs).
EMBEDDED_SLOTS = {"builds": 2, "designs": 1}


class InProcessQueue:
    """Job workers as threads of this process; each job's command runs in a child process."""

    kind = "embedded"

    def __init__(self, store: Store, scratch: Path, slots: dict[str, int] | None = None) -> None:
        from deckgen.serve.tasks import execute

        self.store = store
        self.scratch = scratch
        self.stopping = threading.Event()
        self._lanes: dict[str, queue.Queue[str | None]] = {}
        self._threads: list[threading.Thread] = []
        self._execute = execute
        for lane, count in (slots or EMBEDDED_SLOTS).items():
            waiting: queue.Queue[str | None] = queue.Queue()
            self._lanes[lane] = waiting
            for n in range(count):
                thread = threading.Thread(target=self._work, args=(waiting,), name=f"{lane}-{n}", daemon=True)
                thread.start()
                self._threads.append(thread)

    def _work(self, waiting: queue.Queue[str | None]) -> None:
        import sys

        while True:
            job_id = waiting.get()
            if job_id is None or self.stopping.is_set():
                return
            try:
                self._execute(job_id, self.store, self.scratch, self.stopping)
            except Exception as error:
                sys.stderr.write(f"deckgen serve: error in a job: {type(error).__name__}: {error}\n")

    def submit(self, job_id: str, lane: str) -> None:
        self._lanes[lane].put(job_id)

    def workers(self) -> int:
        return sum(thread.is_alive() for thread in self._threads)

    def run_waiting(self) -> None:
        return None  # its threads take them

    def close(self) -> None:
        """Stop: running jobs end as cancelled, their commands with them; queued ones are dropped."""
        self.stopping.set()
        for waiting in self._lanes.values():
            for _ in range(len(self._threads)):
                waiting.put(None)
        for thread in self._threads:
            thread.join(timeout=10)


#: Seconds an in-browser job waits before it runs (see :meth:`InBrowserQueue.submit`).
SHOWN_FIRST = 0.5


class InBrowserQueue:
    """Jobs run by this process itself, one at a time, as soon as the request that asked for
    them has been answered: a browser running the page (Pyodide) has no threads and no child
    processes. While a job runs the page's other requests wait (it has one teacher). A job
    cannot be cancelled once it runs, nor stopped at a time limit."""

    kind = "embedded"

    def __init__(self, store: Store, scratch: Path, run_here: Command) -> None:
        self.store = store
        self.scratch = scratch
        self.run_here = run_here
        self.waiting: list[str] = []

    def submit(self, job_id: str, lane: str) -> None:
        import asyncio

        self.waiting.append(job_id)
        try:
            # A moment later, so that the page the browser goes on to (a design's "searching")
            # is answered before the job holds the browser's Python.
            asyncio.get_running_loop().call_later(SHOWN_FIRST, self.run_waiting)
        except RuntimeError:  # no event loop (a caller outside the page): the next look runs it
            pass

    def run_waiting(self) -> None:
        import sys

        from deckgen.serve.tasks import execute

        while self.waiting:
            job_id = self.waiting.pop(0)
            try:
                execute(job_id, self.store, self.scratch, None, command=self.run_here)
            except Exception as error:
                sys.stderr.write(f"deckgen serve: error in a job: {type(error).__name__}: {error}\n")

    def workers(self) -> int:
        return 1

    def close(self) -> None:
        self.waiting.clear()


def queue_from_url(url: str | None, store: Store, scratch: Path, run_here: Command | None = None) -> JobQueue:
    """The queue a ``--queue`` address names: RQ on Redis for ``redis://``, else the embedded one;
    in a browser (``run_here``: how a job runs its command in this process), :class:`InBrowserQueue`."""
    if run_here is not None:
        return InBrowserQueue(store, scratch, run_here)
    if url:
        from deckgen.serve.queue_redis import RedisQueue

        return RedisQueue(url, store)
    return InProcessQueue(store, scratch)
