"""Worker pools stop cleanly: no thread of a stopped pool is left waiting, so the process can exit,
no worker outlives its main process, and a signal while they start is one line. Each test runs
with workers forked (Linux's way), spawned (the way of Windows and macOS) and forked by Python's
fork server (``DECKGEN_START_METHOD=forkserver``, which the documentation offers)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures.process import _ExecutorManagerThread
from pathlib import Path

import pytest

from deckgen.workers import START_METHOD_VARIABLE, run_tasks, start_method

METHODS = ("fork", "spawn", "forkserver")


@pytest.fixture(params=METHODS)
def method(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """Workers started one way, here and in the commands these tests run. A fork server started
    in this process is stopped afterwards (Python's own hook for tests): other tests count the
    processes under this one."""
    monkeypatch.setenv(START_METHOD_VARIABLE, request.param)
    assert start_method() == request.param
    yield str(request.param)
    if request.param == "forkserver":
        from multiprocessing import forkserver

        forkserver._forkserver._stop()  # type: ignore[attr-defined]


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
    """The processes this one started, and the ones they started (under forkserver the workers
    are the children of Python's fork server, itself a child of deckgen)."""
    found: list[int] = []
    try:
        tasks = list(Path(f"/proc/{pid}/task").iterdir())
    except FileNotFoundError:
        return found
    for task in tasks:
        try:
            text = (task / "children").read_text().split()
        except FileNotFoundError:
            continue
        for child in map(int, text):
            found += [child, *_children(child)]
    return found


#: Python's own helper processes, which a process starting spawned or fork-served workers keeps
#: (each ends by itself with its parent, and is tested so below).
HELPERS = (b"multiprocessing.resource_tracker", b"multiprocessing.forkserver")


def _workers(pid: int) -> list[int]:
    """The processes that are deckgen's workers, not Python's helpers (see HELPERS): the
    children of deckgen but those, and the children of the fork server."""
    found = []
    for child in _direct_children(pid):
        try:
            command = Path(f"/proc/{child}/cmdline").read_bytes()
        except OSError:
            continue
        if b"multiprocessing.forkserver" in command:
            found += _children(child)
        elif not any(helper in command for helper in HELPERS):
            found.append(child)
    return found


def _direct_children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(child) for child in (task / "children").read_text().split()]
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
    assert _workers(process.pid), "verify runs its games in worker processes"
    process.kill()
    process.wait()
    # Each worker goes when it notices (a pipe closing, the parent-death signal); on a loaded
    # machine (CI's two cores running the rest of the suite) a fork server's worker has been
    # seen to take more than 5 s to be scheduled for it, so it gets 15.
    deadline = time.monotonic() + 15
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [w for w in workers if _alive(w)]
    assert not left, f"a worker outlived the killed main process: {[_described(w) for w in left]}"


def _described(pid: int) -> str:
    """A process as ps shows it: its id, state and command line (for a failure's message)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except FileNotFoundError:
        return f"{pid} (gone)"
    return f"{pid} {state} {command[:200]}"


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
    err = _ended(process, [*workers, *helpers])
    lines = err.decode().strip().splitlines()
    assert process.returncode == 128 + signum, lines
    assert len(lines) == 1 and lines[0].startswith("deckgen: stopped"), lines
    deadline = time.monotonic() + 5
    while any(_alive(w) for w in [*workers, *helpers]) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(w) for w in [*workers, *helpers])
    assert not (tmp_path / "out").exists()


def _ended(process: subprocess.Popen[bytes], started: list[int], timeout: float = 60) -> bytes:
    """What the command wrote on stderr by the time it and every process holding that pipe ended.
    Not ended within ``timeout``: the test fails naming each process still there (state and
    command line, and where in the kernel each of its threads waits), once they are killed, so
    that no process of a failed test is left running into the next."""
    try:
        return process.communicate(timeout=timeout)[1]
    except subprocess.TimeoutExpired:
        left = [pid for pid in dict.fromkeys([process.pid, *_children(process.pid), *started]) if _alive(pid)]
        report = [f"{_described(pid)} waiting in {_waits(pid)}" for pid in left]
        for pid in left:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        said = process.communicate()[1].decode(errors="replace")
        pytest.fail(f"not ended {timeout:.0f} s after the stop; still there: {report}; stderr: {said!r}")


def _waits(pid: int) -> list[str]:
    """Where each thread of a process waits in the kernel (its wchan), for a failure's message."""
    found = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found.append((task / "wchan").read_text() or "running")
        except OSError:
            continue
    return found


def test_tasks_give_the_same_results_however_workers_start(method: str) -> None:
    assert list(run_tasks([_big_result, _small, _small], 2))[1:] == [b"small", b"small"]


def _small() -> bytes:
    return b"small"


def test_a_start_method_this_system_lacks_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.errors import DeckgenError

    monkeypatch.setenv(START_METHOD_VARIABLE, "teleport")
    with pytest.raises(DeckgenError, match="DECKGEN_START_METHOD=teleport: this system starts processes with"):
        start_method()


COMMANDS = {
    "build": ["build", "--format", "pdf", "--out", "{out}"],
    "verify": ["verify", "--games", "20", "--json", "--out", "{out}/verify.json"],
    "design": ["design", "--seed", "3", "--iterations", "300", "--attempts", "2", "--games", "20", "--keep-failed",
               "--out", "{out}/deck.txt"],
}  # fmt: skip


@pytest.mark.parametrize("command", COMMANDS)
def test_commands_write_the_same_bytes_however_workers_start(command: str, tmp_path: Path) -> None:
    """build, verify and design run their work in worker processes; forked, spawned or forked
    by the fork server, the workers give the same files, byte for byte."""
    written = {}
    for method in METHODS:
        out = tmp_path / method
        out.mkdir()
        words = [word.format(out=out) for word in COMMANDS[command]]
        env = {**os.environ, START_METHOD_VARIABLE: method}
        done = subprocess.run([sys.executable, "-m", "deckgen", *words], env=env, capture_output=True, timeout=600)
        assert done.returncode in (0, 1), done.stderr.decode()[-2000:]
        assert b"Traceback" not in done.stderr and b"BrokenProcessPool" not in done.stderr
        written[method] = {
            str(path.relative_to(out)): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()
        }
        assert written[method], f"{command} under {method} wrote nothing"
    assert written["forkserver"] == written["fork"] == written["spawn"]


def test_a_worker_forked_by_the_fork_server_ignores_ctrl_c_before_it_is_set_up() -> None:
    """A fork server's worker starts with the server's handlers, not the held signals of the
    other start methods: Ctrl-C then, before ``quiet_worker`` ran, must not be a traceback."""
    script = (
        "import signal\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "from multiprocessing import forkserver, get_context\n"
        "forkserver.set_forkserver_preload(['deckgen.fork_server'])\n"
        "with ProcessPoolExecutor(1, mp_context=get_context('forkserver')) as pool:\n"
        "    print(pool.submit(signal.getsignal, signal.SIGINT).result() is signal.SIG_IGN)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.strip() == "True", done.stderr
