"""``deckgen serve``: the page (:mod:`deckgen.serve.app`) on uvicorn.

On a laptop: one process, listening on 127.0.0.1 and a free port, the browser opened at it.
On a school's server: ``--workers N`` web worker processes sharing one socket (uvicorn's own
supervisor), their jobs on Redis. Ctrl-C, SIGTERM or SIGHUP stops it cleanly: requests under
way are answered, running jobs end with their commands, the server's folder is removed, and the
process ends with status 0 — no process is left.
"""

from __future__ import annotations

import os
import signal
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

import uvicorn

from deckgen.i18n import _, speaking
from deckgen.serve.app import SUPERVISED, ServeConfig, create_app

#: The signals that stop the server (a terminal closed sends SIGHUP).
STOPPING = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))
#: Seconds a stopping server waits for requests under way (a download waiting for its build is cut after).
GRACE = 5


class _Server(uvicorn.Server):
    """uvicorn's server, stopped by SIGHUP too, and ending with status 0 rather than raising
    the signal again once stopped (a stop asked for is not a failure)."""

    @contextmanager
    def capture_signals(self) -> Iterator[None]:
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        for sig in STOPPING:
            signal.signal(sig, self.handle_exit)
        try:
            yield
        finally:
            for sig in STOPPING:
                signal.signal(sig, signal.SIG_IGN)

    def handle_exit(self, sig: int, frame: object) -> None:
        """Stop; a second Ctrl-C while stopping changes nothing, so that the stop is never
        cut short (its jobs ended, its folder removed): it takes at most :data:`GRACE` seconds."""
        self.should_exit = True


def listening(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: a free one), for every web worker to share."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
        sock.set_inheritable(True)
    except OSError:
        sock.close()
        raise
    return sock


def serve(
    config: ServeConfig,
    open_browser: bool,
    say: Callable[[str], None],
    workers: int = 1,
    access_log: bool = False,
    forwarded_allow_ips: str | None = None,
) -> None:
    """Run the page until stopped; ``say`` prints a line for the person at the terminal, in the
    server's language."""
    sock = listening(config.host, config.port)
    config = replace(config, port=sock.getsockname()[1])
    shown = f"[{config.host}]" if ":" in config.host else config.host
    address = f"http://{shown}:{config.port}/"
    with speaking(config.language):
        say(_("deckgen serve: the page is at {address}").format(address=address))
        say(_("Press Ctrl-C to stop it."))
    if open_browser:
        import webbrowser

        threading.Thread(target=webbrowser.open, args=(address,), daemon=True).start()
    options: dict[str, Any] = {
        # A laptop's terminal shows the address, not every refusal; a server's, a line per request.
        "log_level": "info" if access_log else "error",
        "access_log": access_log,
        "proxy_headers": True,
        "forwarded_allow_ips": forwarded_allow_ips or "127.0.0.1",
        "timeout_keep_alive": 5,
        "timeout_graceful_shutdown": GRACE,
        "server_header": False,
        "lifespan": "on",
    }
    try:
        if workers > 1:
            _run_workers(config, sock, workers, options)
        else:
            server = _Server(uvicorn.Config(create_app(config), **options))
            server.run(sockets=[sock])
    finally:
        sock.close()
        with speaking(config.language):
            say(_("deckgen serve: stopped."))


def _run_workers(config: ServeConfig, sock: socket.socket, workers: int, options: dict[str, Any]) -> None:
    """``workers`` web worker processes on the one socket, each made by :func:`app_from_environment`."""
    from uvicorn.supervisors import Multiprocess

    os.environ.update(config.environment())
    os.environ[SUPERVISED] = str(os.getpid())
    settings = uvicorn.Config(
        "deckgen.serve.app:app_from_environment", factory=True, workers=workers, fd=sock.fileno(), **options
    )
    Multiprocess(settings, sockets=[sock]).run()
