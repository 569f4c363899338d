"""Worker pools stop cleanly: no thread of a stopped pool is left waiting, so the process can exit,
no worker outlives its main process, and a signal while they start is one line. Each test runs
with workers forked (Linux's way) and spawned (the way of Windows and macOS)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures.process import _ExecutorManagerThread
from pathlib import Path

import pytest

from deckgen.workers import START_METHOD_VARIABLE, run_tasks, start_method


@pytest.fixture(params=["fork", "spawn"])
def method(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Workers started one way, here and in the commands these tests run."""
    monkeypatch.setenv(START_METHOD_VARIABLE, request.param)
    assert start_method() == request.param
    return str(request.param)


def _big_result() -> bytes:
    return bytes(20_000_000)  # long enough to be cut off half-sent when the workers are ended


def test_a_pool_stopped_while_results_are_sent_leaves_no_thread_waiting(method: str) -> None:
    for _ in range(3):
        results = run_tasks([_big_result] * 6, 2)
        assert len(next(results)) == 20_000_000
        results.close()  # stopped early: the other worker is still sending its result
    waiting = [t for t in threading.enumerate() if isinstance(t, _ExecutorManagerThread) and t.is_alive()]
    assert not waiting


def _children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        found += [int(child) for child in text]
    return found


def _workers(pid: int) -> list[int]:
    """The children that are deckgen's workers: not Python's resource tracker, which a process
    starting spawned workers keeps (it ends by itself with its parent, and is tested so below)."""
    found = []
    for child in _children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"multiprocessing.resource_tracker" not in command:
            found.append(child)
    return found


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def _stopped(process: subprocess.Popen[bytes], timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "T":
            return
        assert process.poll() is None, "the command ended before its stop"
        time.sleep(0.02)
    raise AssertionError("the command never stopped")


def test_workers_end_when_the_main_process_is_killed(tmp_path: Path, method: str) -> None:
    """kill -9 of deckgen leaves no worker behind: each notices its parent is gone."""
    env = {**os.environ, "DECKGEN_TEST_STOP_AT": "workers-started"}
    process = subprocess.Popen(
        [sys.executable, "-m", "deckgen", "verify", "--out", str(tmp_path / "v.txt")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _stopped(process)
    workers = _children(process.pid)
    assert workers, "verify runs its games in worker processes"
    process.kill()
    process.wait()
    deadline = time.monotonic() + 5
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in workers), "a worker outlived the killed main process"


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_while_workers_start_ends_everything_in_one_line(signum: int, tmp_path: Path, method: str) -> None:
    """The signal reaches the main process and the starting workers alike: one line, no traceback, no orphan."""
    env = {**os.environ, "DECKGEN_TEST_STOP_AT": "workers-starting"}
    process = subprocess.Popen(
        [sys.executable, "-m", "deckgen", "build", "--out", str(tmp_path / "out"), "--no-pack"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    _stopped(process)
    workers = _workers(process.pid)
    helpers = [child for child in _children(process.pid) if child not in workers]
    assert workers
    for pid in [process.pid, *workers]:
        os.kill(pid, signum)
    os.kill(process.pid, signal.SIGCONT)
    _, err = process.communicate(timeout=60)
    lines = err.decode().strip().splitlines()
    assert process.returncode == 128 + signum, lines
    assert len(lines) == 1 and lines[0].startswith("deckgen: stopped"), lines
    deadline = time.monotonic() + 5
    while any(_alive(w) for w in [*workers, *helpers]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in [*workers, *helpers])
    assert not (tmp_path / "out").exists()


def test_tasks_give_the_same_results_forked_and_spawned(method: str) -> None:
    assert list(run_tasks([_big_result, _small, _small], 2))[1:] == [b"small", b"small"]


def _small() -> bytes:
    return b"small"


def test_a_start_method_this_system_lacks_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.errors import DeckgenError

    monkeypatch.setenv(START_METHOD_VARIABLE, "teleport")
    with pytest.raises(DeckgenError, match="DECKGEN_START_METHOD=teleport: this system starts processes with"):
        start_method()
