"""A ``deckgen serve`` in a child process for the page's tests, and plain HTTP requests to it."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"
#: Chromium as root, offline: the flags that keep it from reaching for the network at start.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@dataclass
class Server:
    process: subprocess.Popen[str]
    url: str
    #: What the server printed after its address (read as it comes, so the pipe never fills).
    said: list[str]

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1].strip("/"))

    def rss_kb(self) -> int:
        """The server's resident memory (kB)."""
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        return int(re.search(r"VmRSS:\s+(\d+)", status).group(1))  # type: ignore[union-attr]

    def stop(self) -> str:
        """Ctrl-C the server; everything it printed after its address."""
        self.process.send_signal(signal.SIGINT)
        self.process.wait(timeout=20)
        self._reader.join(timeout=5)
        if self.process.stderr is not None:
            self.process.stderr.close()
        return "".join(self.said)

    _reader: threading.Thread = field(default=None)  # type: ignore[assignment]


def start_server(tmp: Path, *options: str, environment: dict[str, str] | None = None) -> Server:
    """``deckgen serve --no-browser`` (and ``options``, and ``environment`` added to its own) on a
    free port, its temporary folders under ``tmp``."""
    env = {**os.environ, "TMPDIR": str(tmp), **(environment or {})}
    process = subprocess.Popen(
        [sys.executable, "-m", "deckgen", "serve", "--no-browser", *options],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert process.stderr is not None
    line = process.stderr.readline()
    match = re.search(r"(http://127\.0\.0\.1:\d+/)", line)
    assert match, f"no address in {line!r}"
    url = match.group(1)
    said: list[str] = []
    reader = threading.Thread(target=lambda: said.extend(process.stderr), daemon=True)  # type: ignore[arg-type]
    reader.start()
    for _ in range(100):
        try:
            urllib.request.urlopen(url + "static/page.css", timeout=2).read()
            break
        except OSError:
            time.sleep(0.05)
    server = Server(process, url, said)
    server._reader = reader
    return server


class Headers(dict[str, str]):
    """An answer's headers, by name in any case (HTTP's names are case-insensitive)."""

    def __init__(self, pairs: object) -> None:
        super().__init__((name.lower(), value) for name, value in pairs.items())  # type: ignore[attr-defined]

    def __getitem__(self, name: str) -> str:
        return super().__getitem__(name.lower())

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and super().__contains__(name.lower())

    def get(self, name: str, default: str | None = None) -> str | None:  # type: ignore[override]
        return super().get(name.lower(), default)


@dataclass
class Answer:
    status: int
    headers: Headers
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


def request(url: str, data: bytes | None = None, headers: dict[str, str] | None = None, timeout: float = 120) -> Answer:
    """A request that reports any status (no exception for 4xx) and follows no redirect."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args: object, **kwargs: object) -> None:
            return None

    opener = urllib.request.build_opener(NoRedirect)
    req = urllib.request.Request(url, data=data, headers=headers or {})
    try:
        with opener.open(req, timeout=timeout) as response:
            return Answer(response.status, Headers(response.headers), response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, Headers(error.headers), error.read())


def load(server: Server, first_sets: int) -> list[Answer]:
    """20 previews (every game, settings not seen before: sets from ``first_sets`` up) and 5 builds
    of the standard deck, all at once; the answers, previews first."""
    import concurrent.futures
    from urllib.parse import urlencode

    from deckgen.games import games

    previews = [
        server.url + "preview/sheet.png?" + urlencode({"game": key, "sets": str(first_sets + n)})
        for n in range(7)
        for key in games()
    ][:20]
    builds = [urlencode({"game": "cleariosity", "sets": str(n + 1)}).encode() for n in range(5)]
    origin = {"Origin": server.url.rstrip("/")}
    with concurrent.futures.ThreadPoolExecutor(25) as pool:
        made = [pool.submit(request, url) for url in previews]
        made += [pool.submit(request, server.url + "download", body, origin) for body in builds]
        return [future.result() for future in made]
