"""What a school's server meets that a laptop does not: access logs (without the token), Redis on
a Unix socket, a computer named in capitals, a proxy on another port, one client's requests at
once, a broken form, a client that stops sending, Redis away, a queued job cancelled, the
supervisor of several web workers killed, a download cut by a stopping server."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import os
import signal
import subprocess
import sys
import threading
from pathlib import Path
from urllib.parse import urlencode

import pytest
from starlette.testclient import TestClient

from deckgen.serve import app as app_module
from deckgen.serve.app import ServeConfig
from tests.rediskit import RedisServer, free_port
from tests.serve.test_serve_app import JSON, OWN, SMALL, client
from tests.serve.test_serve_processes import alive, descendants, finish
from tests.serve.test_serve_worker import until
from tests.servekit import request, start_server

BIG = urlencode({"game": "cleariosity", "sets": "60"}).encode()


def test_the_access_log_has_a_line_per_request_and_never_the_token(tmp_path: Path) -> None:
    token = "Sch00l-Token_123"
    process = subprocess.Popen(
        [sys.executable, "-m", "deckgen", "serve", "--no-browser", "--access-log", "--token", token],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "TMPDIR": str(tmp_path)},
    )
    try:
        assert process.stderr is not None
        url = process.stderr.readline().split(" at ", 1)[1].strip()
        until(lambda: request(url + "healthz").status == 200, 20, "the server did not answer")
        assert request(url + f"?game=treenex&token={token}").status == 303
        assert request(url + "?game=treenex").status == 401
    finally:
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    log = out + err
    assert '"GET /?game=treenex&token=hidden HTTP/1.1" 303' in log, log
    assert '"GET /?game=treenex HTTP/1.1" 401' in log
    assert token not in log


def test_redis_on_a_unix_socket(tmp_path: Path) -> None:
    from deckgen.serve.store_redis import RedisStore

    socket_path = tmp_path / "redis.sock"
    server = subprocess.Popen(
        ["redis-server", "--port", "0", "--unixsocket", str(socket_path), "--save", "", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )
    try:
        until(socket_path.exists, 10, "redis-server made no socket")
        store = RedisStore(f"unix://{socket_path}")
        store.put("said", b"on a socket", 60)
        assert store.get("said") == b"on a socket" and store.ping()
        store.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_a_computer_named_in_capitals_answers_at_its_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "own_names", lambda host: {"DECK-Server", "127.0.0.1"})
    page = client(tmp_path, monkeypatch, host="0.0.0.0", port=8000, allowed_hosts=())
    with TestClient(page.app, base_url="http://deck-server:8000") as named:
        assert named.get("/?game=treenex").status_code == 200


def test_an_allowed_name_without_a_port_is_answered_on_any_port(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    proxy = "deckgen.school.example"
    page = client(tmp_path, monkeypatch, allowed_hosts=(proxy,))
    with TestClient(page.app, base_url=f"https://{proxy}:8443") as behind:
        origin = {"Origin": f"https://{proxy}:8443", "Accept": "application/json"}
        assert behind.post("/download", data=SMALL, headers=origin).status_code == 202
    assert ServeConfig.from_environment({"DECKGEN_QUEUE": "redis://127.0.0.1:1/0"}).jobs_per_client == 2
    assert ServeConfig.from_environment({}).jobs_per_client == 0


def test_one_clients_requests_at_once_keep_to_its_share(tmp_path: Path) -> None:
    """Eight downloads of one client at once, a share of one: one job is queued, seven refused
    (no job worker runs, so the first stays queued: every other request counts it)."""
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    server = start_server(tmp_path, "--queue", redis.url, "--jobs-per-client", "1")
    try:
        start = threading.Barrier(8)

        def ask(_: int) -> int:
            start.wait()
            return request(server.url + "download", BIG, {**JSON, "Origin": server.url.rstrip("/")}).status

        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            statuses = sorted(pool.map(ask, range(8)))
        assert statuses == [202] + [429] * 7, statuses
    finally:
        server.stop()
        redis.stop()


def test_a_broken_form_is_the_visitors_not_a_fault_of_deckgens(page: TestClient) -> None:
    fields = [(f"field{n}", "x") for n in range(500)]
    many = page.post("/upload", files={"deck_file": ("a.toml", b"x")}, data=dict(fields), headers=OWN)
    assert many.status_code == 400 and "arrived broken" in many.text
    cut = page.post("/upload", content=b"--x\r\n", headers={**OWN, "Content-Type": "multipart/form-data"})
    assert cut.status_code == 400 and "a fault of deckgen's" not in cut.text


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    with client(tmp_path, monkeypatch) as started:
        yield started


def test_a_client_that_stops_sending_is_let_go(monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.serve import security

    monkeypatch.setattr(security, "BODY_PAUSE", 0.05)

    async def never() -> dict[str, object]:
        await asyncio.sleep(3600)
        return {}

    assert asyncio.run(security._patient(never)()) == {"type": "http.disconnect"}


def test_redis_away_is_the_servers_trouble_said_plainly(tmp_path: Path) -> None:
    nowhere = f"redis://127.0.0.1:{free_port()}/0"
    server = start_server(tmp_path, "--queue", nowhere)
    try:
        answer = request(server.url + "download", urlencode({"game": "treenex"}).encode(), {"Origin": server.url[:-1]})
        assert answer.status == 503 and "try again in a minute" in answer.text
        assert answer.headers["Retry-After"] == "60"
        assert "127.0.0.1:" not in answer.text.split("<body>", 1)[-1].replace(server.url, "")
        assert request(server.url + "healthz").status == 503
        assert request(server.url + "?game=treenex").status == 200  # the page and its previews go on
        # A file uploaded earlier cannot be looked up: the server's trouble, said plainly, no address.
        picture = request(server.url + "preview/sheet.png?game=treenex&upload=0123456789abcdef01234567")
        assert picture.status == 503 and "127.0.0.1:" not in picture.text.replace(server.url, "")
    finally:
        said = server.stop()
    assert "cannot be reached" in said


def test_a_queued_job_cancelled_is_cancelled_at_once(page: TestClient) -> None:
    jobs = [
        page.post("/download", data={"game": "cleariosity", "sets": "60"}, headers=JSON).json()["job"] for _ in range(4)
    ]
    last = jobs[-1]  # two build workers: the fourth waits its turn
    assert page.get(f"/jobs/{last}").json()["state"] == "queued"
    page.post(f"/jobs/{last}/cancel", headers=OWN)
    said = page.get(f"/jobs/{last}").json()
    assert said == {"state": "cancelled", "message": "you cancelled it"}
    for job in jobs:
        page.post(f"/jobs/{job}/cancel", headers=OWN)


def test_web_workers_end_with_their_supervisor(tmp_path: Path) -> None:
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    web = start_server(tmp_path, "--queue", redis.url, "--workers", "2")
    workers: dict[int, str] = {}
    try:
        assert request(web.url + "?game=treenex").status == 200
        workers = descendants(web.process.pid)
        assert workers
        web.process.kill()
        until(lambda: not alive(workers), 10, f"web workers outlived their supervisor: {alive(workers)}")
    finally:
        for pid in alive(workers):  # a worker left would hold the server's pipe open for ever
            os.kill(pid, signal.SIGKILL)
        finish(web)
        redis.stop()
    until(lambda: not list(tmp_path.glob("deckgen-serve-*")), 10, "a web worker left its folder")


def test_a_download_cut_by_a_stopping_server_cancels_its_job(tmp_path: Path) -> None:
    import redis as redis_client

    redis = RedisServer(tmp_path / "redis")
    redis.start()
    web = start_server(tmp_path, "--queue", redis.url)  # no deckgen worker: the job waits in the queue
    try:
        waiting = threading.Thread(
            target=request, args=(web.url + "download", BIG, {"Origin": web.url.rstrip("/")}, 60), daemon=True
        )
        waiting.start()
        reader = redis_client.Redis.from_url(redis.url)
        keys = until(lambda: reader.keys("deckgen:job:*"), 10, "no job was made")
        web.process.send_signal(signal.SIGTERM)
        web.process.wait(timeout=30)
        state = json.loads(reader.get(keys[0]) or b"{}")
        assert state["state"] == "cancelled", state
        reader.close()
    finally:
        finish(web)
        redis.stop()


def test_a_download_whose_browser_leaves_cancels_its_job(tmp_path: Path) -> None:
    import redis as redis_client

    redis = RedisServer(tmp_path / "redis")
    redis.start()
    web = start_server(tmp_path, "--queue", redis.url)  # no deckgen worker: the job waits in the queue
    reader = redis_client.Redis.from_url(redis.url)
    try:
        with pytest.raises(OSError):  # the browser gives up waiting, and closes the connection
            request(web.url + "download", BIG, {"Origin": web.url.rstrip("/")}, timeout=2)
        (key,) = until(lambda: reader.keys("deckgen:job:*"), 10, "no job was made")
        said = until(
            lambda: (s := json.loads(reader.get(key) or b"{}"))["state"] == "cancelled" and s, 10, "not cancelled"
        )
        assert said["message"] == "you cancelled it"
    finally:
        reader.close()
        web.stop()
        redis.stop()
