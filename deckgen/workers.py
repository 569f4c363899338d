"""Worker processes for the long jobs (simulated games, design attempts), and how they stop.

Workers leave Ctrl-C to the main process, which ends them and prints the one line; a SIGTERM
from the main process simply ends a worker. The main process waits on its workers in short
slices, so that a signal is handled at once and not after a long task.
"""

from __future__ import annotations

import signal
from concurrent.futures import ProcessPoolExecutor
from typing import Any

#: How long the main process waits on its workers at a time, in seconds.
POLL_SECONDS = 0.2

_queue: Any = None


def quiet_worker(queue: Any = None) -> None:
    """Set up a worker process: signals as above, and the queue it reports progress on (if any)."""
    global _queue
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for signum in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)
    _queue = queue


def report(message: object) -> None:
    """From a worker: send ``message`` to the main process, if it gave a queue."""
    if _queue is not None:
        _queue.put(message)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End the workers now (stopped, failed or no longer needed), not after their tasks."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(timeout=1)  # a terminated worker ends at once; this reaps it
