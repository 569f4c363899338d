"""The page as a school runs it, with the real parts: a ``redis-server``, two web workers
(``deckgen serve --queue``, each a process of its own) and job workers (``deckgen worker``).

A build asked for through web worker A is polled and fetched through web worker B, the same
bytes as the command line's; a design's job worker killed outright leaves the design failed,
said in one line on the page, and no process behind; Redis restarted: every result the page
linked is still there (Redis keeping its data) or said to have expired (Redis keeping nothing).
"""

from __future__ import annotations

import json
import os
import shlex
import signal
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.rediskit import RedisServer
from tests.serve.test_serve import build_with_cli, multipart, parse
from tests.serve.test_serve_processes import alive, descendants
from tests.serve.test_serve_worker import Worker, start_worker, until
from tests.servekit import Server, request, start_server

SETTINGS = {"game": "treenex", "sets": "3", "paper": "a4", "material": "paper", "sides": "fold"}
SPEC = (Path(__file__).parents[2] / "templates" / "cleariosity" / "specs" / "pairs.toml").read_bytes()


def origin(server: Server, **more: str) -> dict[str, str]:
    return {"Origin": server.url.rstrip("/"), **more}


@pytest.fixture
def school(tmp_path: Path) -> Iterator[tuple[RedisServer, list[Server], Worker, Path]]:
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    webs: list[Server] = []
    worker = start_worker(redis.url, "--jobs", "2")
    try:
        for name in ("a", "b"):
            folder = tmp_path / name
            folder.mkdir()
            webs.append(start_server(folder, "--queue", redis.url))
        until(lambda: json.loads(request(webs[0].url + "healthz").body)["workers"] == 2, 30, "no job workers")
        yield redis, webs, worker, tmp_path
    finally:
        for web in webs:
            said = web.stop()
            assert "error on" not in said, said
        worker.process.send_signal(signal.SIGINT)
        worker.process.wait(timeout=30)
        worker.end()
        redis.stop()
    for name in ("a", "b"):
        assert not list((tmp_path / name).glob("deckgen-serve-*")), "a web worker left its folder"


def command_line(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


def state(web: Server, job: str) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(request(web.url + f"jobs/{job}").body)
    return answer


def ended(web: Server, job: str, seconds: float = 120) -> dict[str, Any]:
    found: dict[str, Any] = until(
        lambda: (said := state(web, job))["state"] not in ("queued", "running") and said, seconds, f"job {job}"
    )
    return found


def test_a_build_asked_of_one_web_worker_is_fetched_from_another(
    school: tuple[RedisServer, list[Server], Worker, Path],
) -> None:
    import io
    import zipfile

    _, (a, b), _, tmp_path = school
    health = json.loads(request(b.url + "healthz").body)
    assert health == {"status": "ok", "queue": "redis", "workers": 2}
    command = parse(request(a.url + "?" + urlencode(SETTINGS)).text).texts["command"].strip()
    started = request(a.url + "download", urlencode(SETTINGS).encode(), origin(a, Accept="application/json"))
    assert started.status == 202, started.text
    links = json.loads(started.body)
    done = ended(b, links["job"])
    assert done["state"] == "done" and done["name"] == "treenex-3-sets.zip"
    fetched = request(b.url + links["file"].lstrip("/"))
    assert fetched.status == 200 and len(fetched.body) == done["size"]
    with zipfile.ZipFile(io.BytesIO(fetched.body)) as bundle:
        downloaded = {name: bundle.read(name) for name in bundle.namelist()}
    made = build_with_cli(shlex.split(command)[2:], tmp_path / "cli")
    made = {name: data for name, data in made.items() if not name.startswith(".")}
    assert downloaded == made, "the file fetched through web worker B is not the command line's"
    # A browser's form through B: the file is the answer, the same bytes.
    form = request(b.url + "download", urlencode(SETTINGS).encode(), origin(b))
    assert form.status == 200 and form.body == fetched.body
    # An upload through A is used by B: the store, not a web worker, keeps it.
    deck = (Path(__file__).parents[2] / "templates" / "treenex" / "treenex.toml").read_bytes()
    body, kind = multipart({"game": "treenex", "sets": "1"}, "deck_file", "ours.toml", deck)
    uploaded = request(a.url + "upload", body, origin(a, **{"Content-Type": kind}))
    assert uploaded.status == 303, uploaded.text[:500]
    page = request(b.url + uploaded.headers["Location"].lstrip("/"))
    assert page.status == 200 and "ours.toml" in parse(page.text).texts["deck-in-use"]


def test_a_job_worker_killed_mid_design_leaves_its_design_failed_in_one_line(
    school: tuple[RedisServer, list[Server], Worker, Path],
) -> None:
    from deckgen.serve.tasks import STALE

    _, (a, b), worker, _ = school
    body, kind = multipart({"game": "cleariosity", "sets": "2"}, "deck_file", "our-pairs.toml", SPEC)
    uploaded = request(a.url + "upload", body, origin(a, **{"Content-Type": kind}))
    assert uploaded.status == 303 and "design=" in uploaded.headers["Location"]
    location = uploaded.headers["Location"].lstrip("/")

    def designing() -> list[int]:
        """The job worker running the design (the parent of the ``deckgen design`` process)."""
        found = descendants(worker.process.pid)
        return [
            pid
            for pid in found
            if "deckgen.serve.worker" in command_line(pid)
            and any(" design " in command_line(child) for child in descendants(pid))
        ]

    (job_worker,) = until(designing, 60, "the design did not start")
    doomed = descendants(job_worker) | {job_worker: ""}
    os.kill(job_worker, signal.SIGKILL)
    until(lambda: not alive(doomed), 5, f"processes of the killed job worker still run: {alive(doomed)}")
    # Web worker B says so once the job's heartbeat is old: one line beside the spec's field.
    deadline = time.monotonic() + STALE + 30
    while True:
        page = request(b.url + location)
        if 'http-equiv="refresh"' not in page.text:
            break
        assert time.monotonic() < deadline, "the page still waits for a design whose worker was killed"
        time.sleep(1)
    said = parse(page.text).texts["deck_file-error"]
    assert said == "our-pairs.toml: the computer running this stopped before it finished; try again", said
    assert "Try another search" in page.text  # the same spec, searched again, from the page
    assert worker.process.poll() is None and "starting another" in worker.lines()


@pytest.mark.parametrize("keeps", [True, False], ids=["Redis keeps its data", "Redis keeps nothing"])
def test_after_a_redis_restart_a_linked_result_is_there_or_said_to_have_expired(tmp_path: Path, keeps: bool) -> None:
    redis = RedisServer(tmp_path / "redis", persistent=keeps)
    redis.start()
    worker = start_worker(redis.url)
    web = start_server(tmp_path, "--queue", redis.url)
    try:
        small = urlencode({"game": "treenex", "sets": "1"}).encode()
        links = json.loads(request(web.url + "download", small, origin(web, Accept="application/json")).body)
        assert ended(web, links["job"])["state"] == "done"
        first = request(web.url + links["file"].lstrip("/"))
        assert first.status == 200
        redis.restart()
        again = request(web.url + links["file"].lstrip("/"))
        if keeps:
            assert again.status == 200 and again.body == first.body
            assert state(web, links["job"])["state"] == "done"
        else:
            assert again.status == 410 and "no longer kept" in again.text
            assert state(web, links["job"])["state"] == "expired"
        # The page goes on: a new build after the restart, through the same web and job workers.
        until(lambda: json.loads(request(web.url + "healthz").body)["workers"] >= 1, 30, "the worker is not back")
        after = json.loads(request(web.url + "download", small, origin(web, Accept="application/json")).body)
        assert ended(web, after["job"])["state"] == "done"
        assert request(web.url + after["file"].lstrip("/")).body == first.body
    finally:
        said = web.stop()
        worker.process.send_signal(signal.SIGINT)
        worker.process.wait(timeout=30)
        worker.end()
        redis.stop()
    assert "error on" not in said, said


def test_several_web_workers_on_one_port(tmp_path: Path) -> None:
    """``--workers 2``: uvicorn's own supervisor, the page on one port; stopped with Ctrl-C,
    every web worker goes, and so does each one's folder."""
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    web = start_server(tmp_path, "--queue", redis.url, "--workers", "2")
    try:
        assert request(web.url + "?game=treenex").status == 200
        health = json.loads(request(web.url + "healthz").body)
        assert health == {"status": "ok", "queue": "redis", "workers": 0}  # no deckgen worker yet
        web_workers = descendants(web.process.pid)
        assert sum("multiprocessing" in command_line(pid) for pid in web_workers) >= 2, web_workers
    finally:
        web.stop()
        redis.stop()
    assert web.process.returncode == 0
    assert not alive(web_workers)
    assert not list(tmp_path.glob("deckgen-serve-*"))
