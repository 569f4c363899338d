"""The page's safety, in one place: a middleware every request and every answer passes.

- **Its own address only.** A request names its Host once, and a Host the server answers to
  (its own names and port, and the names given with ``--allowed-host`` for a reverse proxy): a
  DNS-rebinding page gets nothing.
- **Its own page only.** A request that starts work or changes anything (every POST; every GET
  but the page itself) must come from the page: browsers say so (``Sec-Fetch-Site``,
  ``Origin``). A link to the page from another site (a colleague's e-mail) opens the page, and
  nothing else is done for another site.
- **An access token**, when the server has one (``--token``): a visitor opens the page once with
  ``?token=…`` (a cookie keeps it), a script sends ``Authorization: Bearer …``.
- **Bodies of a known, bounded length.** A form says its length, at most :data:`MAX_BODY`.
- **Every answer** goes with ``nosniff``, no caching and a same-origin referrer; every HTML one
  with the page's Content-Security-Policy (never framed); every message (HTML, text, JSON) with
  no folder of the server named in it (:func:`scrubber`).
"""

from __future__ import annotations

import asyncio
import hmac
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import parse_qsl, quote, urlencode, urlsplit

from deckgen.i18n import _, from_accept_language, number, speak
from deckgen.serve.uploads import MAX_UPLOAD

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

#: Largest form the server reads (an upload, with room for the other fields).
MAX_BODY = MAX_UPLOAD + 100_000
#: The longest address (path and query), the most headers and the longest header a request may
#: have: a browser's are far smaller, and a request past them is only work for the server.
MAX_ADDRESS = 16_384
MAX_HEADERS = 100
MAX_HEADER = 8_192
#: The most of a too-large body read and thrown away so that the browser gets the message.
DRAIN_LIMIT = 64_000_000
#: The page's Content-Security-Policy, sent with every HTML answer: its own style sheet, script
#: and pictures only, and never inside another site's frame.
CSP = "default-src 'self'; img-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'"
#: Headers of every HTML answer.
HTML_HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
)
#: The same, for the page in a static site (see :mod:`deckgen.site`): there it is shown in a
#: frame of the site's own start page, and of no other site's.
FRAMED_CSP = CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'")
FRAMED_HTML_HEADERS = (
    (b"content-security-policy", FRAMED_CSP.encode()),
    (b"x-frame-options", b"SAMEORIGIN"),
)
#: Headers of every answer.
ALL_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
)
#: Answers whose text is a message the page wrote (scrubbed of folders; see :func:`scrubber`).
WORDS = (b"text/html", b"text/plain", b"application/json")
#: Where the access token is kept in the browser.
TOKEN_COOKIE = "deckgen_token"
#: Addresses anyone may ask for: the health check (for a proxy or a monitor) and the page's style and script.
OPEN_PATHS = ("/healthz", "/static/page.css", "/static/page.js")


class Guard:
    """The middleware: see the module's description. ``hosts``: the Host values answered
    (``name:port``, and names alone for a reverse proxy's); ``scrub``: the function that
    takes folders out of a message; ``language``: the page's for a browser that asks for none
    deckgen speaks; ``token``: the access token, if any."""

    def __init__(
        self,
        app: ASGIApp,
        hosts: set[str],
        scrub: Callable[[], Callable[[str], str]],
        language: str = "en",
        token: str | None = None,
        framed_by_own_site: bool = False,
    ) -> None:
        self.app = app
        self.hosts = hosts
        self.scrub = scrub
        self.language = language
        self.token = token
        self.html_headers = FRAMED_HTML_HEADERS if framed_by_own_site else HTML_HEADERS

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        speak(from_accept_language(_one(headers, "accept-language"), self.language))
        send = self._answering(send)
        receive = _patient(receive)
        refusal = self._refusal(scope, headers)
        if refusal is not None:
            await _text(send, *refusal)
            return
        if self.token is not None and _route_path(scope) not in OPEN_PATHS:
            if not await self._with_token(scope, headers, send):
                return
        if scope["method"] == "POST":
            length = _one(headers, "content-length")
            if "transfer-encoding" in headers or not (length.isascii() and length.isdigit()):
                await _text(send, 411, _("Send the form with its length (Content-Length), as a browser does."))
                return
            if int(length) > MAX_BODY:
                await _drain(receive, min(int(length), DRAIN_LIMIT))
                from deckgen.serve import page

                page.ROOT.set(scope.get("root_path", ""))  # its links, under the path the page is served at
                body = page.message_page(
                    _("File too large"),
                    _("A file may be {bytes} bytes at most; choose a smaller one.").format(bytes=number(MAX_UPLOAD)),
                )
                await _answer(send, 413, body.encode("utf-8"), b"text/html; charset=utf-8")
                return
        await self.app(scope, receive, send)

    def _refusal(self, scope: Scope, headers: dict[str, list[str]]) -> tuple[int, str] | None:
        """Why the request is refused (status, and the line said), or ``None``."""
        address = len(scope.get("raw_path", b"")) + len(scope.get("query_string", b""))
        if address > MAX_ADDRESS:
            return 414, _("The address is too long.")
        listed = scope.get("headers", [])
        if len(listed) > MAX_HEADERS or any(len(name) + len(value) > MAX_HEADER for name, value in listed):
            return 431, _("The request's headers are too large.")
        hosts = headers.get("host", [])
        if len(hosts) != 1:
            # RFC 9112, section 3.2: a request names its host once (an HTTP/1.1 one always).
            return 400, _("Bad request: a request names its Host once.")
        if not self._ours(hosts[0]):
            return 403, _("This page answers only at its own address (refused: another Host).")
        if _route_path(scope) in OPEN_PATHS:
            return None
        given = _bearer(_one(headers, "authorization"))
        browser = "origin" in headers or "sec-fetch-site" in headers
        if not browser and self._is_token(given):
            # A script with the token (as docs/school.md says), saying no page it came from: no
            # browser sends the token of itself, so no other site's page can. What a browser
            # sends is judged by where it says it comes from, token or not.
            return None
        post = scope["method"] not in ("GET", "HEAD")
        if not post and _link_to_page(_route_path(scope), headers):
            return None
        # Browsers say where a request comes from: another site's page may not even ask for a
        # picture (each preview is work, and a large card size is a lot of it).
        if _one(headers, "sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, _("Refused: the request came from another site's page.")
        origin = headers.get("origin", [None])[0]
        if origin is None and post:
            origin = _origin_of(_one(headers, "referer"))
        own = origin in (None, "null") or (
            urlsplit(origin).scheme in ("http", "https") and self._ours(urlsplit(origin).netloc)
        )
        if not own:
            return 403, _("Refused: the request came from another site's page.")
        if post and origin in (None, "null"):
            return 403, _("Refused: a form sent without saying which page it came from.")
        return None

    def _ours(self, host: str) -> bool:
        """Whether a Host (or an Origin's host) is one the server answers at (``name:*``: any port)."""
        host = host.lower()
        return host in self.hosts or host.rpartition(":")[0] + ":*" in self.hosts

    def _is_token(self, given: str | None) -> bool:
        """Whether ``given`` is the access token (compared in constant time)."""
        return self.token is not None and bool(given) and hmac.compare_digest(str(given).encode(), self.token.encode())

    async def _with_token(self, scope: Scope, headers: dict[str, list[str]], send: Send) -> bool:
        """Whether the request carries the access token; if it came in the address, the browser
        is given it as a cookie and sent to the same address without it."""
        assert self.token is not None
        if self._is_token(_bearer(_one(headers, "authorization")) or _cookie(_one(headers, "cookie"), TOKEN_COOKIE)):
            return True
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        typed = [value for name, value in query if name == "token"]
        if scope["method"] == "GET" and typed and self._is_token(typed[0]):
            rest = urlencode([(name, value) for name, value in query if name != "token"])
            # Same site only: //evil.example or /\\evil.example would send the browser elsewhere.
            location = "/" + quote(scope["path"].lstrip("/\\"), safe="/") + (f"?{rest}" if rest else "")
            cookie = f"{TOKEN_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Lax"
            if scope.get("scheme") == "https":
                cookie += "; Secure"
            await send(
                {
                    "type": "http.response.start",
                    "status": 303,
                    "headers": [(b"location", location.encode("latin-1")), (b"set-cookie", cookie.encode("latin-1"))],
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return False
        await _text(send, 401, _("This page needs its access link (with ?token=); ask whoever runs it for the link."))
        return False

    def _answering(self, send: Send) -> Send:
        """``send`` with the headers every answer carries, and messages scrubbed of folders."""
        scrub = self.scrub()
        started: dict[str, Any] = {}
        parts: list[bytes] = []

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(name.lower(), value) for name, value in message.get("headers", [])]
                names = {name for name, _ in headers}
                kind = dict(headers).get(b"content-type", b"")
                extra = [*ALL_HEADERS, *(self.html_headers if kind.startswith(b"text/html") else ())]
                headers += [(name, value) for name, value in extra if name not in names]
                started.update(message, headers=headers, words=kind.startswith(WORDS))
                if not started["words"]:
                    await send({"type": message["type"], "status": message["status"], "headers": headers})
                return
            if message["type"] == "http.response.body" and started.get("words"):
                parts.append(message.get("body", b""))
                if message.get("more_body", False):
                    return
                body = scrub(b"".join(parts).decode("utf-8", "replace")).encode("utf-8")
                headers = [(n, v) for n, v in started["headers"] if n != b"content-length"]
                headers.append((b"content-length", str(len(body)).encode()))
                await send({"type": "http.response.start", "status": started["status"], "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
            await send(message)

        return sending


def _headers(scope: Scope) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for name, value in scope.get("headers", []):
        found.setdefault(name.decode("latin-1").lower(), []).append(value.decode("latin-1"))
    return found


def _route_path(scope: Scope) -> str:
    """The path within the page (``/download``), whatever path it is served under (``root_path``)."""
    path: str = scope["path"]
    root: str = scope.get("root_path", "")
    return path[len(root) :] or "/" if root and path.startswith(root) else path


def _one(headers: dict[str, list[str]], name: str, default: str = "") -> str:
    return headers.get(name, [default])[0]


def _link_to_page(path: str, headers: dict[str, list[str]]) -> bool:
    """Whether a GET is the browser opening the page itself, top-level: a link followed from
    another site (a colleague's e-mail, webmail), a bookmark, an address pasted. That is
    served from anywhere, as it starts no work but the page's own; the page may still not be
    framed (``Sec-Fetch-Dest: iframe``, and ``frame-ancestors`` in :data:`CSP`), fetched by
    another site's script, or asked for anything else (a check, a picture, a download)."""
    if path != "/":
        return False
    mode = headers.get("sec-fetch-mode", [None])[0]
    dest = headers.get("sec-fetch-dest", [None])[0]
    if mode is None and dest is None and "sec-fetch-site" not in headers:
        return True  # a browser that does not say: a GET of the page, whatever its Origin or Referer
    return mode == "navigate" and dest == "document"


def _origin_of(referer: str) -> str | None:
    parts = urlsplit(referer)
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else None


def _bearer(header: str) -> str | None:
    scheme, _, value = header.partition(" ")
    return value.strip() if scheme.lower() == "bearer" and value.strip() else None


def _cookie(header: str, name: str) -> str | None:
    for part in header.split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value
    return None


#: Seconds a request's body may pause between two pieces before the request is dropped (a
#: browser sends a 2 MB form in well under a second; a client that stops halfway frees its place).
BODY_PAUSE = 60.0


def _patient(receive: Receive) -> Receive:
    """``receive`` that waits at most :data:`BODY_PAUSE` seconds for each piece of the body."""

    async def receiving() -> Message:
        try:
            return await asyncio.wait_for(receive(), BODY_PAUSE)
        except TimeoutError:
            return {"type": "http.disconnect"}

    return receiving


async def _drain(receive: Receive, most: int) -> None:
    """Read (and drop) up to ``most`` bytes of the request's body, so that a browser still
    sending gets the answer rather than a cut connection."""
    left = most
    while left > 0:
        message = await receive()
        if message["type"] != "http.request":
            return
        left -= len(message.get("body", b""))
        if not message.get("more_body", False):
            return


async def _answer(send: Send, status: int, body: bytes, kind: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", kind), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _text(send: Send, status: int, text: str) -> None:
    await _answer(send, status, (text + "\n").encode("utf-8"), b"text/plain; charset=utf-8")


def own_names(host: str) -> set[str]:
    """The names a browser may use for this server: loopback, the address it listens on and,
    listening on every address (``--host 0.0.0.0``), this computer's name and addresses."""
    import socket

    names = {"127.0.0.1", "localhost", host}
    if host in ("0.0.0.0", "::", ""):
        try:
            name, aliases, addresses = socket.gethostbyname_ex(socket.gethostname())
            names |= {name, *aliases, *addresses, socket.gethostname()}
        except OSError:
            pass
    return {f"[{name}]" if ":" in name else name for name in names}
