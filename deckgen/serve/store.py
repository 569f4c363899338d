"""Where the page keeps what outlives a request: uploads, job states, results.

Every web worker reaches the same store, so any of them can answer any request: a build
asked for through one is polled and downloaded through another. Values are bytes under ASCII
keys, each with a time to live, after which it is gone (a result a teacher did not fetch, an
upload nobody uses). Two kinds, one protocol:

- :class:`FolderStore`, a local folder: what ``deckgen serve`` uses on a teacher's laptop (one
  process, nothing to install). It goes with the server's folder (:mod:`deckgen.serve.folder`).
- :class:`~deckgen.serve.store_redis.RedisStore`, for a school's or a district's server, where
  several web workers and job workers share one Redis (``--queue redis://HOST:PORT``).
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Protocol

from deckgen.errors import DeckgenError


class StoreUnavailable(DeckgenError):
    """The store cannot be reached (Redis stopped, or the network between)."""


class Store(Protocol):
    #: "embedded" (a local folder) or "redis".
    kind: str

    def put(self, key: str, data: bytes, ttl: float) -> None: ...

    def add(self, key: str, data: bytes, ttl: float) -> bool:
        """Store ``data`` only if ``key`` holds nothing; whether it was stored."""
        ...

    def get(self, key: str) -> bytes | None: ...

    def touch(self, key: str, ttl: float) -> bool:
        """Give ``key`` a new time to live; whether it exists."""
        ...

    def delete(self, key: str) -> None: ...

    def incr(self, key: str, amount: int, ttl: float) -> int: ...

    def ping(self) -> bool: ...


def put_json(store: Store, key: str, value: Any, ttl: float) -> None:
    store.put(key, json.dumps(value, sort_keys=True).encode("utf-8"), ttl)


def get_json(store: Store, key: str) -> Any | None:
    data = store.get(key)
    if data is None:
        return None
    try:
        return json.loads(data)
    except ValueError:
        return None


#: The header of a value in a folder store: the time (Unix seconds) after which it is gone.
_EXPIRY = struct.Struct(">d")
#: A folder store looks for values past their time once in this many writes.
SWEEP_EVERY = 200


class FolderStore:
    """A store in a local folder, for one process (the threads of ``deckgen serve``).

    Each value is a file named by the hash of its key, holding its expiry time and then the
    bytes; a value is written to a temporary file and renamed into place, so a reader sees the
    old value or the new, never half of one.
    """

    kind = "embedded"

    def __init__(self, root: Path) -> None:
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._writes = 0

    def _path(self, key: str) -> Path:
        return self.root / hashlib.sha256(key.encode("utf-8")).hexdigest()

    def _read(self, path: Path) -> bytes | None:
        try:
            raw = path.read_bytes()
        except OSError:
            return None
        if len(raw) < _EXPIRY.size or _EXPIRY.unpack_from(raw)[0] <= time.time():
            return None
        return raw[_EXPIRY.size :]

    def _write(self, path: Path, data: bytes, ttl: float) -> None:
        handle, temporary = tempfile.mkstemp(dir=self.root, prefix=".part-")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(_EXPIRY.pack(time.time() + ttl))
                stream.write(data)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
        self._writes += 1
        if self._writes % SWEEP_EVERY == 0:
            self.sweep()

    def put(self, key: str, data: bytes, ttl: float) -> None:
        with self._lock:
            self._write(self._path(key), data, ttl)

    def add(self, key: str, data: bytes, ttl: float) -> bool:
        with self._lock:
            path = self._path(key)
            if self._read(path) is not None:
                return False
            self._write(path, data, ttl)
            return True

    def get(self, key: str) -> bytes | None:
        return self._read(self._path(key))

    def touch(self, key: str, ttl: float) -> bool:
        with self._lock:
            path = self._path(key)
            data = self._read(path)
            if data is None:
                return False
            self._write(path, data, ttl)
            return True

    def delete(self, key: str) -> None:
        with self._lock:
            self._path(key).unlink(missing_ok=True)

    def incr(self, key: str, amount: int, ttl: float) -> int:
        with self._lock:
            path = self._path(key)
            data = self._read(path)
            value = (int(data) if data else 0) + amount
            self._write(path, str(value).encode(), ttl)
            return value

    def ping(self) -> bool:
        return self.root.is_dir()

    def sweep(self) -> int:
        """Remove the values past their time (and pieces of writes a crash left); how many."""
        removed = 0
        now = time.time()
        for path in self.root.iterdir():
            try:
                if path.name.startswith(".part-"):
                    if now - path.stat().st_mtime > 3600:
                        path.unlink()
                        removed += 1
                    continue
                with path.open("rb") as stream:
                    head = stream.read(_EXPIRY.size)
                if len(head) < _EXPIRY.size or _EXPIRY.unpack(head)[0] <= now:
                    path.unlink()
                    removed += 1
            except OSError:
                continue
        return removed


def store_from_url(url: str | None, folder: Path) -> Store:
    """The store a queue address names: Redis for ``redis://``, else a folder under ``folder``."""
    if url:
        from deckgen.serve.store_redis import RedisStore

        return RedisStore(url)
    return FolderStore(folder / "store")
