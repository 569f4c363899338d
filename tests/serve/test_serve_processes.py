"""deckgen serve's child processes and temporary folders end with it, however it ends: a
``kill -9`` of the server takes the design it was running (and the design's workers) with it,
the next server removes the folder the dead one left, and a Ctrl-C or a SIGTERM leaves nothing."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from tests.serve.test_serve import upload
from tests.servekit import Server, start_server

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")

SPEC = (Path(__file__).parents[2] / "templates" / "cleariosity" / "specs" / "pairs.toml").read_bytes()


def _stat(pid: int) -> tuple[int, str, str] | None:
    """A process's parent, state and start time (``None``: gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return int(fields[1]), fields[0], fields[19]


def descendants(pid: int) -> dict[int, str]:
    """Every living process under ``pid``: its id and start time (which tells it from a later one with the same id)."""
    parents: dict[int, list[int]] = {}
    starts: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        stat = _stat(int(entry.name))
        if stat is None or stat[1] == "Z":
            continue
        parents.setdefault(stat[0], []).append(int(entry.name))
        starts[int(entry.name)] = stat[2]
    found: dict[int, str] = {}
    todo = list(parents.get(pid, []))
    while todo:
        child = todo.pop()
        if child in starts and child not in found and not _resource_tracker(child):
            found[child] = starts[child]
            todo += parents.get(child, [])
    return found


def _resource_tracker(pid: int) -> bool:
    """Python's own helper process that a process starting spawned workers keeps for its life
    (multiprocessing's resource tracker): the test process's, not a process deckgen left."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return b"multiprocessing.resource_tracker" in command


def alive(processes: dict[int, str]) -> dict[int, str]:
    """Those of ``processes`` still running (a zombie has ended)."""
    left = {}
    for pid, start in processes.items():
        stat = _stat(pid)
        if stat is not None and stat[1] != "Z" and stat[2] == start:
            left[pid] = start
    return left


def design_running(server: Server, timeout: float = 90) -> dict[int, str]:
    """Upload a spec, and wait until its design runs with its workers: the server's descendants then."""
    status, location, _ = upload(server, "cleariosity", "our pairs.toml", SPEC)
    assert status == 303 and "design=" in location
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = descendants(server.process.pid)
        # The design (with whatever runs it) and at least one worker of the design's.
        deep = [pid for pid in found if (_stat(pid) or (0,))[0] in found]
        if deep:
            return found
        time.sleep(0.1)
    raise AssertionError(f"the design's workers never started: {descendants(server.process.pid)}")


def end(processes: dict[int, str]) -> None:
    """Kill the processes this test started that are still running (so a failure leaves no load behind)."""
    for pid in alive(processes):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def finish(server: Server) -> None:
    """Make sure the server has ended (killed if need be), and close its pipe."""
    if server.process.poll() is None:
        server.process.kill()
    server.process.wait(timeout=20)
    server._reader.join(timeout=5)
    if server.process.stderr is not None:
        server.process.stderr.close()


def wait_gone(processes: dict[int, str], seconds: float) -> dict[int, str]:
    deadline = time.monotonic() + seconds
    while alive(processes) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive(processes)


def test_a_killed_server_takes_its_design_with_it_and_the_next_server_removes_its_folder(tmp_path: Path) -> None:
    server = start_server(tmp_path)
    children: dict[int, str] = {}
    try:
        children = design_running(server)
        assert len(children) >= 2
        (dead,) = tmp_path.glob("deckgen-serve-*")
        assert list(dead.rglob("our-pairs.toml")), "the upload is not in the server's folder"
        server.process.kill()
        server.process.wait(timeout=10)
        left = wait_gone(children, 5)
        assert not left, f"processes of the killed server still run: {left}"
    finally:
        end(children)
        finish(server)
    assert dead.exists()  # nobody removed it: the server had no chance to
    again = start_server(tmp_path)
    try:
        assert not dead.exists(), "the next server left the dead server's folder (and its uploads) behind"
        assert len(list(tmp_path.glob("deckgen-serve-*"))) == 1  # its own
    finally:
        said = again.stop()
    assert "stopped" in said
    assert not list(tmp_path.glob("deckgen-serve-*")), "a server stopped with Ctrl-C left its folder"


#: A command run as the server runs one, with neither Linux's parent-death signal nor the
#: workers' own watch of their parent: only the pipe (what macOS and Windows have) is left.
PIPE_ONLY = """
import deckgen.page_command as page_command
import deckgen.serve.child as child
import deckgen.workers as workers
child.killed_with_parent = lambda: None
workers._die_with_parent = lambda parent: None
page_command.main()
"""

#: The server's part: start the command as the server starts it, say its id, and wait to be killed.
PARENT = """
import subprocess, sys, time
process = subprocess.Popen(
    [sys.executable, "-c", sys.argv[1], *sys.argv[2:]], stdin=subprocess.PIPE,
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
)
print(process.pid, flush=True)
time.sleep(600)
"""


def test_the_pipe_alone_ends_a_command_and_its_workers_when_the_server_is_killed(tmp_path: Path) -> None:
    """Where there is no parent-death signal (macOS, Windows), the end of the pipe from the
    server ends the command, and the command ends the workers of its group."""
    import subprocess

    (tmp_path / "pairs.toml").write_bytes(SPEC)
    words = ["design", "--spec", "pairs.toml", "--seed", "1", "--out", "deck.toml"]
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, PIPE_ONLY, *words], cwd=tmp_path, stdout=subprocess.PIPE, text=True
    )
    children: dict[int, str] = {}
    try:
        assert parent.stdout is not None
        command = int(parent.stdout.readline())
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            children = descendants(parent.pid)
            if any((_stat(pid) or (0,))[0] == command for pid in children):
                break
            time.sleep(0.1)
        else:
            raise AssertionError(f"the design's workers never started: {children}")
        parent.kill()
        parent.wait(timeout=10)
        left = wait_gone(children, 5)
        assert not left, f"the command or its workers outlived the server: {left}"
    finally:
        end(children)
        if parent.poll() is None:
            parent.kill()
        parent.wait(timeout=10)
        if parent.stdout is not None:
            parent.stdout.close()


def test_a_server_that_is_still_running_keeps_its_folder(tmp_path: Path) -> None:
    first = start_server(tmp_path)
    try:
        (kept,) = tmp_path.glob("deckgen-serve-*")
        second = start_server(tmp_path)
        try:
            assert kept.exists(), "a new server removed the folder of one still running"
            assert len(list(tmp_path.glob("deckgen-serve-*"))) == 2
        finally:
            second.stop()
    finally:
        first.stop()
    assert not list(tmp_path.glob("deckgen-serve-*"))


def start_in_terminal(tmp: Path) -> Server:
    """``deckgen serve`` leading a process group of its own, as a shell starts it in a terminal
    (whose Ctrl-C goes to the whole group)."""
    import re
    import subprocess
    import threading

    process = subprocess.Popen(
        [sys.executable, "-m", "deckgen", "serve", "--no-browser"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(tmp)},
        start_new_session=True,
    )
    assert process.stderr is not None
    match = re.search(r"(http://127\.0\.0\.1:\d+/)", process.stderr.readline())
    assert match
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(process.stderr), daemon=True)  # type: ignore[arg-type]
    reader.start()
    server = Server(process, match.group(1), said)
    server._reader = reader
    return server


@pytest.mark.parametrize("how", ["SIGINT", "SIGTERM", "SIGHUP", "Ctrl-C in its terminal"])
def test_a_server_stopped_while_it_designs_leaves_no_process_and_no_folder(tmp_path: Path, how: str) -> None:
    terminal = how == "Ctrl-C in its terminal"
    server = start_in_terminal(tmp_path) if terminal else start_server(tmp_path)
    children: dict[int, str] = {}
    try:
        children = design_running(server)
        if terminal:
            os.killpg(server.process.pid, signal.SIGINT)
        else:
            server.process.send_signal(getattr(signal, how))
        assert server.process.wait(timeout=20) == 0
        left = wait_gone(children, 5)
        assert not left, f"processes of the stopped server still run: {left}"
    finally:
        end(children)
        finish(server)
    assert "stopped" in "".join(server.said)
    assert not list(tmp_path.glob("deckgen-serve-*")), "the stopped server left its folder (and the uploads)"
