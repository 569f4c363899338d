"""A real ``redis-server`` (Debian's) for the tests: on 127.0.0.1 and a free port, in a
temporary folder, keeping nothing on disk unless a test asks for it; stopped at the end of the
test, and restartable on the same port (a Redis restart as a school's server has one)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REDIS_SERVER = shutil.which("redis-server") or "/usr/bin/redis-server"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _answers(port: int) -> bool:
    """Whether a Redis answers PING on ``port`` (plain RESP, no client library)."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as connection:
            connection.sendall(b"PING\r\n")
            return connection.recv(64).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class RedisServer:
    """One ``redis-server`` process; ``url`` is its address (database 0)."""

    folder: Path
    port: int = field(default_factory=free_port)
    persistent: bool = False
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        """Start it (again, on the same port) and wait until it answers."""
        assert self.process is None or self.process.poll() is not None, "already running"
        self.folder.mkdir(parents=True, exist_ok=True)
        keep = ["--appendonly", "yes", "--appendfsync", "always"] if self.persistent else ["--appendonly", "no"]
        self.process = subprocess.Popen(
            [
                REDIS_SERVER,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.folder),
                "--save",
                "",
                *keep,
                "--daemonize",
                "no",
                "--logfile",
                str(self.folder / "redis.log"),
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while not _answers(self.port):
            if self.process.poll() is not None:
                log = (self.folder / "redis.log").read_text(errors="replace")[-2000:]
                raise AssertionError(f"redis-server ended at start (status {self.process.returncode}): {log}")
            if time.monotonic() > deadline:
                raise AssertionError("redis-server did not answer within 10 seconds")
            time.sleep(0.02)

    def stop(self) -> None:
        """Stop it (SIGTERM, then SIGKILL if it lingers) and wait until it is gone."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)

    def kill(self) -> None:
        """End it at once (SIGKILL), as a machine that loses power does."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)

    def restart(self) -> None:
        self.stop()
        self.start()


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """A running ``redis-server`` of the test's own (nothing kept on disk)."""
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def persistent_redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    """The same, keeping what it holds across a restart (an append-only file written at once)."""
    server = RedisServer(tmp_path / "redis", persistent=True)
    server.start()
    try:
        yield server
    finally:
        server.stop()
