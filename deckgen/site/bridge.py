"""The page's ASGI application answering requests inside the browser's web worker.

The service worker (``files/sw.js``) turns each request of the page's frame into a plain
record (method, path, query, a few headers, the body) and the web worker (``files/worker.mjs``)
hands it to :meth:`Bridge.answer`, which runs the application as a web server would and gives
back the status, headers and body. The application is the one ``deckgen serve`` runs, made with
``in_browser``: its views run on this event loop and its jobs in this process
(:class:`~deckgen.serve.queue.InBrowserQueue`).

Only what the service worker vouches for reaches the application: the Host is the page's own,
and a request is same-origin only when the service worker found it came from one of the site's
own pages (``same_origin``), so the middleware's checks (:class:`~deckgen.serve.security.Guard`)
apply unchanged.
"""

from __future__ import annotations

import asyncio
from collections.abc import MutableMapping, Sequence
from typing import Any

from deckgen.serve.app import ServeConfig, create_app
from deckgen.serve.tasks import Command

#: The address the page believes it is served at (never on a network: the Host every request names).
HOST = "127.0.0.1"
PORT = 8000
#: Request headers taken from the browser's request; the rest are the bridge's own.
PASSED = frozenset({"accept", "accept-language", "content-type"})


class Bridge:
    """The application, started (its lifespan running), and a way to ask it one request at a time."""

    def __init__(self, language: str, run_here: Command) -> None:
        """``run_here``: how a job runs a ``deckgen`` command in this process (see
        :func:`deckgen.browser.run_here`, which gives it: the page is below the command line)."""
        config = ServeConfig(host=HOST, port=PORT, language=language, in_browser=True, run_here=run_here)
        self.app = create_app(config)
        self._lifespan: asyncio.Task[None] | None = None
        self._started = asyncio.Event()
        self._failed: str | None = None

    async def start(self) -> None:
        """Run the application's lifespan (its store and queue are made) and wait until it has started.

        The lifespan's task is kept here for as long as the page is open: were it collected, its
        end would remove the store's folder under every later request."""
        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        await inbox.put({"type": "lifespan.startup"})

        async def receive() -> dict[str, Any]:
            return await inbox.get()

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "lifespan.startup.failed":
                self._failed = str(message.get("message", "the page could not start"))
            if message["type"].startswith("lifespan.startup"):
                self._started.set()

        scope = {"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}
        self._lifespan = asyncio.ensure_future(self.app(scope, receive, send))
        await self._started.wait()
        if self._failed:
            raise RuntimeError(self._failed)

    async def answer(
        self,
        method: str,
        root: str,
        path: str,
        query: str,
        headers: Sequence[Sequence[str]],
        body: bytes,
        same_origin: bool,
        navigate: bool,
    ) -> tuple[int, list[tuple[str, str]], bytes]:
        """One request: ``root`` is the path the page is served under (the frame's), ``path`` the
        rest (``/download``); ``headers``: the browser's, of which only :data:`PASSED` count.
        From the web worker, ``headers`` and ``body`` come as JavaScript objects."""
        if not isinstance(body, bytes):
            body = body.to_bytes()  # a Uint8Array (Pyodide's JsProxy)
        listed = [(b"host", f"{HOST}:{PORT}".encode())]
        for name, value in headers:
            if name.lower() in PASSED:
                listed.append((name.lower().encode("latin-1"), value.encode("latin-1", "replace")))
        listed.append((b"sec-fetch-site", b"same-origin" if same_origin else b"cross-site"))
        listed.append((b"sec-fetch-mode", b"navigate" if navigate else b"cors"))
        listed.append((b"sec-fetch-dest", b"document" if navigate else b"empty"))
        if same_origin:
            listed.append((b"origin", f"http://{HOST}:{PORT}".encode()))
        if method not in ("GET", "HEAD"):
            listed.append((b"content-length", str(len(body)).encode()))
        scope = {
            "type": "http",
            "asgi": {"version": "3.0"},
            "http_version": "1.1",
            "method": method,
            "scheme": "http",
            "path": root + path,
            "raw_path": (root + path).encode("utf-8"),
            "root_path": root,
            "query_string": query.encode("latin-1", "replace"),
            "headers": listed,
            "client": ("browser", 0),
            "server": (HOST, PORT),
            "state": {},
        }
        sent = False

        async def receive() -> dict[str, Any]:
            nonlocal sent
            if sent:
                await asyncio.Event().wait()  # nothing more comes: the body was whole
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        status = 500
        answered: list[tuple[str, str]] = []
        chunks: list[bytes] = []

        async def send(message: MutableMapping[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                answered.extend((k.decode("latin-1"), v.decode("latin-1")) for k, v in message.get("headers", []))
            elif message["type"] == "http.response.body":
                chunks.append(bytes(message.get("body", b"")))

        await self.app(scope, receive, send)
        return status, answered, b"".join(chunks)
