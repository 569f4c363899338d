"""``deckgen worker`` as a school's server runs it: a real process against a real ``redis-server``.

It takes jobs put on the queue through :class:`~deckgen.serve.queue_redis.RedisQueue` (a build's
file byte for byte the command line's), keeps a lane for builds so designs never hold them all
up, waits for a Redis that restarts, replaces a job worker that dies, and leaves no process
behind however it ends: Ctrl-C, SIGTERM (a running design ends as cancelled) or ``kill -9``
(the design's processes end with it, and its job stops beating).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from deckgen.games import games
from deckgen.serve import tasks
from deckgen.serve.job_state import JobState
from deckgen.serve.jobs import BEAT
from deckgen.serve.queue_redis import QUEUES, RedisQueue
from deckgen.serve.store_redis import RedisStore
from deckgen.serve.uploads import Uploads
from tests.rediskit import RedisServer, redis_server  # noqa: F401  # the fixture
from tests.serve.test_serve_processes import _stat, alive, descendants

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads processes from /proc")

SPEC = (Path(__file__).parents[2] / "templates" / "cleariosity" / "specs" / "pairs.toml").read_bytes()
#: A build of one file (no teacher pack), so the job's result is the command line's file itself.
BUILD = ["--game", "cleariosity", "--format", "pdf", "--no-pack", "--sets", "2"]


def in_group(group: int) -> list[int]:
    """The living processes of a process group."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = Path(f"/proc/{entry.name}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == group and fields[0] != "Z":
                found.append(int(entry.name))
    return found


def until(what: Callable[[], Any], seconds: float, said: str) -> Any:
    """Wait until ``what()`` is true (its value), or fail saying ``said``."""
    deadline = time.monotonic() + seconds
    while True:
        value = what()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"{said} (after {seconds} s)")
        time.sleep(0.05)


@dataclass
class Worker:
    """A ``deckgen worker`` process and what it has said so far."""

    process: subprocess.Popen[str]
    said: list[str] = field(default_factory=list)
    reader: threading.Thread | None = None

    def lines(self) -> str:
        return "".join(self.said)

    def end(self) -> None:
        """Kill it and whatever it left, if the test did not end it (a failure leaves no load behind)."""
        left = descendants(self.process.pid)
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=20)
        for pid in alive(left):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        if self.reader is not None:
            self.reader.join(timeout=5)
        if self.process.stderr is not None:
            self.process.stderr.close()


def start_worker(url: str, *options: str) -> Worker:
    process = subprocess.Popen(
        [sys.executable, "-m", "deckgen", "worker", "--queue", url, *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "DECKGEN_LANG": "en"},
        start_new_session=True,  # a group of its own, for the test to look at
    )
    worker = Worker(process)
    assert process.stderr is not None
    worker.reader = threading.Thread(target=lambda: worker.said.extend(process.stderr), daemon=True)  # type: ignore[arg-type]
    worker.reader.start()
    return worker


@pytest.fixture
def queue(redis_server: RedisServer) -> Iterator[RedisQueue]:  # noqa: F811
    store = RedisStore(redis_server.url)
    job_queue = RedisQueue(redis_server.url, store)
    yield job_queue
    job_queue.close()
    store.close()


def finished(queue: RedisQueue, job: str, seconds: float = 60) -> JobState:
    return until(
        lambda: (state := tasks.state_of(queue.store, job)) is not None and state.ended and state,
        seconds,
        f"job {job} did not finish: {tasks.state_of(queue.store, job)}",
    )


def submit_design(queue: RedisQueue, tmp_path: Path) -> str:
    """A design job (the shipped pairs spec, uploaded as a teacher uploads it): its id."""
    kept = Uploads(queue.store, tmp_path / "uploads").add(games()["cleariosity"], "our pairs.toml", SPEC)
    assert kept.design is not None
    return tasks.submit(
        queue.store,
        queue,
        "design",
        [*kept.design, "--progress-file", tasks.PROGRESS_FILE],
        upload=kept.id,
        game="cleariosity",
        seed=1,
        language="en",
    )


def design_running(queue: RedisQueue, job: str, worker: Worker) -> dict[int, str]:
    """Wait until the design runs with its own workers under the ``deckgen worker``; its processes then."""

    def deep() -> dict[int, str] | None:
        state = tasks.state_of(queue.store, job)
        found = descendants(worker.process.pid)
        # deckgen worker > job worker > the design command > the design's workers
        depth = {pid: 1 for pid in found if (_stat(pid) or (0,))[0] == worker.process.pid}
        for _ in range(3):
            depth.update({pid: depth[p] + 1 for pid in found if (p := (_stat(pid) or (0,))[0]) in depth})
        running = state is not None and state.state == "running"
        return found if running and max(depth.values(), default=0) >= 3 else None

    return until(deep, 60, f"the design never ran with its workers: {tasks.state_of(queue.store, job)}")


def test_worker_help_says_what_it_does_with_an_example() -> None:
    answer = subprocess.run(
        [sys.executable, "-m", "deckgen", "worker", "--help"], capture_output=True, text=True, timeout=60
    )
    assert answer.returncode == 0
    assert "Example: deckgen worker --queue redis://" in answer.stdout
    for option in ("--queue", "--jobs", "--lanes", "--lang", "DECKGEN_QUEUE"):
        assert option in answer.stdout


@pytest.mark.parametrize(
    ("words", "status", "line"),
    [
        (
            ["--queue", "http://:pw@10.0.0.5:6379/0"],
            1,
            "deckgen: error: --queue http://10.0.0.5:6379/0 is not a Redis address; write it as redis://HOST:PORT/DB, "
            "for example redis://127.0.0.1:6379/0",
        ),
        (
            ["--queue", "redis://:pw@10.0.0.5:port/0"],
            1,
            "deckgen: error: --queue redis://10.0.0.5:port/0 is not a Redis address; write it as "
            "redis://HOST:PORT/DB, for example redis://127.0.0.1:6379/0",
        ),
        (
            [],
            2,
            "deckgen: error: --queue is missing: name the Redis the page's web workers put their jobs on, for "
            "example --queue redis://127.0.0.1:6379/0 (or in the environment variable DECKGEN_QUEUE) "
            "(see 'deckgen worker --help')",
        ),
        (
            ["--lang", "de", "--queue", "redis://:pw@10.0.0.5:6379/x"],
            1,
            "deckgen: error: --queue redis://10.0.0.5:6379/x ist keine Redis-Adresse; schreiben Sie sie als "
            "redis://HOST:PORT/DB, zum Beispiel redis://127.0.0.1:6379/0",
        ),
        (
            ["--queue", "redis://127.0.0.1:6379/0", "--lanes", "builds,prints"],
            2,
            "deckgen: error: Invalid value for '--lanes': builds,prints: name builds, designs, or both "
            "(builds,designs: builds first) (see 'deckgen worker --help')",
        ),
        (
            ["--queue", "redis://127.0.0.1:6379/0", "--jobs", "0"],
            2,
            "deckgen: error: Invalid value for '--jobs': 0 is not in the range 1<=x<=64. (see 'deckgen worker --help')",
        ),
    ],
)
def test_a_mistyped_worker_is_one_line_and_a_failing_status(words: list[str], status: int, line: str) -> None:
    answer = subprocess.run(
        [sys.executable, "-m", "deckgen", "worker", *words],
        capture_output=True,
        text=True,
        timeout=60,
        env={**{k: v for k, v in os.environ.items() if k != "DECKGEN_QUEUE"}, "DECKGEN_LANG": "en"},
    )
    assert (answer.returncode, answer.stderr) == (status, line + "\n")
    assert "pw" not in answer.stderr


@pytest.mark.parametrize("how", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_worker_starts_its_job_workers_and_a_stop_leaves_no_process(
    redis_server: RedisServer,  # noqa: F811
    queue: RedisQueue,
    how: signal.Signals,
) -> None:
    worker = start_worker(redis_server.url, "--jobs", "2")
    try:
        until(lambda: queue.workers() == 2, 20, "the two job workers never showed on the queue")
        assert worker.lines().splitlines()[0] == (
            "deckgen worker: 2 job workers take builds and designs (the first of them builds only) from the queue "
            f"at {redis_server.url}; press Ctrl-C to stop them"
        )
        processes = descendants(worker.process.pid)
        assert len(processes) == 2
        worker.process.send_signal(how)
        assert worker.process.wait(timeout=30) == 128 + how
        assert not alive(processes)
        assert not in_group(worker.process.pid)
        assert queue.workers() == 0  # each job worker said it was gone
        stopped = "interrupted" if how == signal.SIGINT else "terminated"
        assert worker.lines().splitlines()[1:] == [f"deckgen: stopped ({stopped})"]
    finally:
        worker.end()


def test_a_build_through_the_queue_is_the_command_lines_file_byte_for_byte(
    redis_server: RedisServer,  # noqa: F811
    queue: RedisQueue,
    tmp_path: Path,
) -> None:
    worker = start_worker(redis_server.url)
    try:
        job = tasks.submit(queue.store, queue, "build", BUILD, stem="class-set", language="en")
        state = finished(queue, job)
        assert state.state == "done", state
        result = queue.store.get(tasks.RESULT + job)
    finally:
        worker.process.send_signal(signal.SIGINT)
        worker.process.wait(timeout=30)
        worker.end()
    subprocess.run(
        [sys.executable, "-m", "deckgen", "build", *BUILD, "--out", str(tmp_path / "cli")],
        check=True,
        capture_output=True,
        timeout=120,
    )
    made = [p for p in (tmp_path / "cli").iterdir() if not p.name.startswith(".")]
    assert [p.name for p in made] == [state.name] == ["cleariosity-numbers.pdf"]
    assert result == made[0].read_bytes()


def test_a_design_never_holds_up_every_build(
    redis_server: RedisServer,  # noqa: F811
    queue: RedisQueue,
    tmp_path: Path,
) -> None:
    """Two job workers: designs fill the one that takes them, and a build still goes through the other."""
    worker = start_worker(redis_server.url, "--jobs", "2")
    try:
        until(lambda: queue.workers() == 2, 20, "the two job workers never showed on the queue")
        designs = [submit_design(queue, tmp_path), submit_design(queue, tmp_path)]
        until(lambda: tasks.state_of(queue.store, designs[0]).state == "running", 20, "no design ran")
        build = tasks.submit(queue.store, queue, "build", BUILD, language="en")
        assert finished(queue, build, 30).state == "done"
        assert tasks.state_of(queue.store, designs[0]).state == "running"
        assert queue.waiting("designs") == 1  # the second design waits its turn: the build did not
    finally:
        worker.process.send_signal(signal.SIGTERM)
        worker.process.wait(timeout=30)
        worker.end()
    # Stopped: the running design ended as cancelled, its processes with it.
    assert tasks.state_of(queue.store, designs[0]).state == "cancelled"


def test_a_worker_killed_mid_design_takes_every_process_with_it_and_the_job_stops_beating(
    redis_server: RedisServer,  # noqa: F811
    queue: RedisQueue,
    tmp_path: Path,
) -> None:
    worker = start_worker(redis_server.url)
    try:
        job = submit_design(queue, tmp_path)
        processes = design_running(queue, job, worker)
        assert len(processes) >= 3  # the job worker, the design, the design's workers
        worker.process.kill()
        worker.process.wait(timeout=10)
        until(lambda: not alive(processes), 5, f"processes of the killed worker still run: {alive(processes)}")
        assert not in_group(worker.process.pid)
        beat = tasks.state_of(queue.store, job).beat
        time.sleep(2.5 * BEAT)
        state = tasks.state_of(queue.store, job)
        assert state.beat == beat, "the job still beats with its worker killed"
        assert state.state == "running"  # as it was: failed once the beat is older than tasks.STALE
    finally:
        worker.end()


def test_a_job_worker_that_dies_is_replaced_and_its_design_ends_with_it(
    redis_server: RedisServer,  # noqa: F811
    queue: RedisQueue,
    tmp_path: Path,
) -> None:
    worker = start_worker(redis_server.url)
    try:
        job = submit_design(queue, tmp_path)
        processes = design_running(queue, job, worker)
        (job_worker,) = [pid for pid in processes if (_stat(pid) or (0,))[0] == worker.process.pid]
        os.kill(job_worker, signal.SIGKILL)
        until(lambda: not alive(processes), 5, f"the design outlived its job worker: {alive(processes)}")
        until(lambda: "starting another" in worker.lines(), 5, "the dead job worker was not replaced")
        assert "deckgen worker: a job worker ended (exit status -9); starting another" in worker.lines()
        build = tasks.submit(queue.store, queue, "build", BUILD, language="en")
        assert finished(queue, build, 60).state == "done"  # the new job worker took it
        assert worker.process.poll() is None
    finally:
        worker.end()


def test_a_worker_waits_for_a_redis_that_restarts_and_goes_on(
    redis_server: RedisServer,  # noqa: F811
    queue: RedisQueue,
) -> None:
    worker = start_worker(redis_server.url)
    try:
        until(lambda: queue.workers() == 1, 20, "the job worker never showed on the queue")
        redis_server.stop()
        until(lambda: "cannot be reached" in worker.lines(), 10, "the lost queue was not said")
        time.sleep(1.5)
        redis_server.start()
        until(lambda: "answers again" in worker.lines(), 10, "the queue back was not said")
        assert worker.lines().splitlines()[1:] == [
            f"deckgen worker: the queue at {redis_server.url} cannot be reached (Connection refused); the job "
            "workers wait for it",
            f"deckgen worker: the queue at {redis_server.url} answers again; the job workers go on",
        ]
        # Redis came back empty: the job worker registered again, and takes jobs again.
        until(lambda: queue.workers() == 1, 20, "the job worker did not register again")
        job = tasks.submit(queue.store, queue, "build", BUILD, language="en")
        assert finished(queue, job, 60).state == "done"
        assert worker.process.poll() is None
    finally:
        worker.end()


def test_the_queue_puts_each_lane_on_its_own_rq_queue_and_keeps_no_result(queue: RedisQueue) -> None:
    import rq

    queue.submit("a1", "builds")
    queue.submit("b2", "designs")
    assert (queue.waiting("builds"), queue.waiting("designs")) == (1, 1)
    job = rq.job.Job.fetch("b2", connection=queue.client)
    assert job.origin == QUEUES["designs"] == "deckgen-designs"
    assert job.func_name == "deckgen.serve.worker.take"
    assert job.args == ("b2", queue.url)
    assert job.result_ttl == 0 and job.failure_ttl == 24 * 3600
    assert job.timeout is not None and job.timeout > tasks.DESIGN_LIMIT
    assert rq.job.Job.fetch("a1", connection=queue.client).timeout > 600
    assert queue.workers() == 0


def test_a_job_worker_killed_at_the_start_of_a_job_stops_counting_within_a_minute_and_a_half(
    redis_server: RedisServer,  # noqa: F811
    queue: RedisQueue,
) -> None:
    """RQ keeps a busy worker's registration as long as its job may run (ten minutes and more):
    /healthz counted a worker killed at the start of a job as alive all that time. What counts
    is its last heartbeat."""
    import datetime

    from rq import Worker
    from rq.utils import utcformat

    from deckgen.serve.queue_redis import ALIVE_WITHIN

    worker = Worker([QUEUES["builds"]], connection=queue.client)
    worker.register_birth()
    try:
        worker.heartbeat()
        assert queue.workers() == 1
        # Its last beat 100 s ago, its registration kept ten minutes more: it died busy.
        long_ago = datetime.datetime.now(datetime.UTC) - datetime.timedelta(seconds=ALIVE_WITHIN + 10)
        queue.client.hset(worker.key, "last_heartbeat", utcformat(long_ago))
        queue.client.expire(worker.key, 600)
        assert queue.workers() == 0
    finally:
        worker.register_death()
