"""The page's store in Redis, for a school's or a district's server (``--queue redis://HOST:PORT/DB``).

Every web worker and every job worker, on any machine, reaches the same Redis: uploads, designs,
job states and results are kept there under the prefix ``deckgen:`` (a Redis shared with other
programs is not cluttered), each with its time to live. A Redis that restarts is found again by
itself: a command that meets a closed connection opens a new one and is tried again (twice, a
moment apart); only a Redis still out of reach after that is :class:`StoreUnavailable`, one plain
line that names the address (never its password).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import unquote, urlsplit

from deckgen.errors import DeckgenError
from deckgen.i18n import _
from deckgen.serve.store import StoreUnavailable

if TYPE_CHECKING:
    import redis

T = TypeVar("T")

#: What every key of deckgen's starts with in a Redis it may share with other programs.
PREFIX = "deckgen:"
#: Longest wait for a connection to Redis to open, in seconds (a machine that does not answer at all).
CONNECT_TIMEOUT = 3.0
#: Longest wait for Redis to answer one command, in seconds (a result of several megabytes included).
ANSWER_TIMEOUT = 10.0
#: How many times a command that met a closed or broken connection is tried again (Redis restarted).
RETRIES = 2
#: The schemes of the addresses Redis is reached at: TCP, TCP with TLS, a Unix socket.
SCHEMES = ("redis", "rediss", "unix")


class BadAddress(DeckgenError):
    """A queue address that is not a Redis address."""


def shown(url: str) -> str:
    """The address as a line may show it: ``redis://HOST:PORT/DB``, a user name kept, a password never
    (even one that is not written as an address should be, with a ``/`` or an ``@`` in it)."""
    text = url.strip()
    secret = re.match(r"([A-Za-z][A-Za-z0-9+.-]*://)(.*)@", text)  # up to the last @: a password may hold one
    if secret is not None:
        user = secret.group(2).split(":")[0]
        text = secret.group(1) + (f"{user}@" if user and "/" not in user else "") + text[secret.end() :]
    try:
        parts = urlsplit(text)
        port = parts.port
    except ValueError:
        return text
    if parts.scheme not in SCHEMES:
        return text
    if parts.scheme == "unix":
        return f"unix://{parts.path}"
    user = f"{unquote(parts.username)}@" if parts.username else ""
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    database = parts.path.strip("/") or "0"
    return f"{parts.scheme}://{user}{host}:{port or 6379}/{database}"


def check_address(url: str) -> str:
    """``url`` when it is a Redis address (``redis://HOST:PORT/DB``, ``rediss://`` with TLS,
    ``unix:///PATH``); :class:`BadAddress` saying how one is written otherwise."""
    refusal = BadAddress(
        _(
            "{url} is not a Redis address; write it as redis://HOST:PORT/DB, for example redis://127.0.0.1:6379/0"
        ).format(url=shown(url))
    )
    try:
        parts = urlsplit(url.strip())
        parts.port  # noqa: B018  # a port that is not a number is refused here
    except ValueError:
        raise refusal from None
    if parts.scheme not in SCHEMES:
        raise refusal
    if parts.scheme == "unix":
        if not parts.path:
            raise refusal
        return url.strip()
    database = parts.path.strip("/")
    if not parts.hostname or not (database == "" or database.isdigit()):
        raise refusal
    return url.strip()


def connect(url: str, answer_timeout: float | None = ANSWER_TIMEOUT) -> redis.Redis:
    """A Redis client for ``url`` (checked first, see :func:`check_address`) that opens its
    connections when first used, and opens them anew after a restart of Redis."""
    import redis
    from redis.backoff import ExponentialBackoff
    from redis.retry import Retry

    address = check_address(url)
    # Keep-alive is a TCP setting: a Unix socket's connection takes none.
    tcp = {} if address.startswith("unix:") else {"socket_keepalive": True}
    try:
        return redis.Redis.from_url(
            address,
            socket_connect_timeout=CONNECT_TIMEOUT,
            socket_timeout=answer_timeout,
            **tcp,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), RETRIES),
            retry_on_error=[redis.exceptions.ConnectionError, redis.exceptions.TimeoutError],
            health_check_interval=30,
        )
    except ValueError as error:  # what redis-py itself refuses in an address (an unknown option)
        raise BadAddress(
            _("{url} is not a Redis address ({reason}); write it as redis://HOST:PORT/DB").format(
                url=shown(url), reason=error
            )
        ) from None


def reason(error: BaseException) -> str:
    """Why Redis could not be reached, in a few plain words: the system's own (``Connection
    refused``, ``Name or service not known``), else what Redis or its client said."""
    import redis

    seen: BaseException | None = error
    while seen is not None:
        if isinstance(seen, OSError) and seen.strerror:
            return seen.strerror
        seen = seen.__cause__ or seen.__context__
    if isinstance(error, redis.exceptions.TimeoutError):
        return _("no answer in time")
    if isinstance(error, redis.exceptions.AuthenticationError | redis.exceptions.AuthorizationError):
        return _("the user name or password was refused")
    said = " ".join(str(error).split()) or type(error).__name__
    # redis-py's "Error 111 connecting to HOST:PORT. Connection refused.": the reason alone.
    return re.sub(r"^Error -?\d+ (connecting to|while writing to) \S+\s*", "", said).rstrip(".") or said


def unavailable(url: str, error: BaseException) -> StoreUnavailable:
    """The one line for a Redis that cannot be reached or refuses to keep anything (full, read-only)."""
    import redis

    if isinstance(error, redis.exceptions.ConnectionError | redis.exceptions.TimeoutError):
        line = _("the job store at {address} cannot be reached ({reason}); check that Redis runs there")
    else:
        line = _("the job store at {address} refused the request ({reason}); check how Redis is configured there")
    return StoreUnavailable(line.format(address=shown(url), reason=reason(error)))


class RedisStore:
    """The :class:`~deckgen.serve.store.Store` protocol in Redis: byte values under ``deckgen:KEY``,
    each with its time to live (seconds, kept to the millisecond)."""

    kind = "redis"

    def __init__(self, url: str) -> None:
        self.url = check_address(url)
        self.client = connect(self.url)

    def _do(self, command: Callable[[redis.Redis], T]) -> T:
        import redis

        try:
            return command(self.client)
        except redis.exceptions.RedisError as error:
            raise unavailable(self.url, error) from None

    def put(self, key: str, data: bytes, ttl: float) -> None:
        self._do(lambda r: r.set(PREFIX + key, data, px=_milliseconds(ttl)))

    def add(self, key: str, data: bytes, ttl: float) -> bool:
        return bool(self._do(lambda r: r.set(PREFIX + key, data, px=_milliseconds(ttl), nx=True)))

    def get(self, key: str) -> bytes | None:
        found = self._do(lambda r: r.get(PREFIX + key))
        return None if found is None else bytes(found)  # type: ignore[arg-type]

    def touch(self, key: str, ttl: float) -> bool:
        return bool(self._do(lambda r: r.pexpire(PREFIX + key, _milliseconds(ttl))))

    def delete(self, key: str) -> None:
        self._do(lambda r: r.delete(PREFIX + key))

    def incr(self, key: str, amount: int, ttl: float) -> int:
        def counted(r: redis.Redis) -> int:
            with r.pipeline(transaction=True) as both:
                both.incrby(PREFIX + key, amount)
                both.pexpire(PREFIX + key, _milliseconds(ttl))
                total, _expiring = both.execute()
            return int(total)

        return self._do(counted)

    def ping(self) -> bool:
        import redis

        try:
            return bool(self.client.ping())
        except redis.exceptions.RedisError:
            return False

    def close(self) -> None:
        """Close the connections to Redis (they open again when the store is next used)."""
        self.client.close()


def _milliseconds(ttl: float) -> int:
    """A time to live in seconds as Redis takes one: whole milliseconds, at least one."""
    return max(1, round(ttl * 1000))
