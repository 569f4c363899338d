"""Worker pools stop cleanly: no thread of a stopped pool is left waiting, so the process can exit."""

from __future__ import annotations

import threading
from concurrent.futures.process import _ExecutorManagerThread

from deckgen.workers import run_tasks


def _big_result() -> bytes:
    return bytes(20_000_000)  # long enough to be cut off half-sent when the workers are ended


def test_a_pool_stopped_while_results_are_sent_leaves_no_thread_waiting() -> None:
    for _ in range(3):
        results = run_tasks([_big_result] * 6, 2)
        assert len(next(results)) == 20_000_000
        results.close()  # stopped early: the other worker is still sending its result
    waiting = [t for t in threading.enumerate() if isinstance(t, _ExecutorManagerThread) and t.is_alive()]
    assert not waiting
