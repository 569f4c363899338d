"""Atomic file writes: a reader never sees half a file, and a failed run leaves none behind."""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.i18n import _, number


def real_path(path: Path) -> Path:
    """``path`` with every link followed, as far as they lead: a loop of links (a link to
    itself) is left as it is, where ``Path.resolve`` stops the program (``Symlink loop``)."""
    return Path(os.path.realpath(path))


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place.

    What ``path`` already is decides how: a regular file (or nothing) is replaced whole; a
    symbolic link is followed and its target replaced; a device or a named pipe
    (``/dev/stdout``, ``/dev/null``, a FIFO) is written through, never replaced; a folder
    is refused.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        mode: int | None = os.stat(path).st_mode  # through links: /dev/stdout → /proc/self/fd/1 → a pipe
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise DeckgenError(
            _("{path}: is a folder; give a file name inside it, e.g. {example}").format(
                path=path, example=path / "report.json"
            )
        )
    if mode is not None and not stat.S_ISREG(mode):
        try:
            with open(path, "wb") as stream:
                stream.write(payload)
        except OSError as error:
            raise DeckgenError(
                _("{path}: cannot write to it ({reason}); choose another path").format(path=path, reason=error.strerror)
            ) from None
        return
    target = path
    if path.is_symlink():
        try:
            target = Path(os.path.realpath(path, strict=True))
        except FileNotFoundError:  # a link to a file not made yet: write that file
            target = Path(os.path.realpath(path))
        except OSError as error:  # a loop of links
            raise DeckgenError(
                _("{path}: cannot follow the link ({reason}); choose another path").format(
                    path=path, reason=error.strerror
                )
            ) from None
    folder = target.parent if str(target.parent) else Path(".")
    if not folder.is_dir():
        raise DeckgenError(
            _("{path}: the folder {folder} does not exist; create it or choose another path").format(
                path=path, folder=folder
            )
        )
    try:
        # The temporary name beside the file must fit where the file's own name does (255 bytes).
        prefix = f".{target.name}." if len(target.name.encode()) <= 200 else ".deckgen-"
        handle, temporary = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    except OSError as error:
        raise DeckgenError(
            _("{path}: cannot write in {folder} ({reason}); choose a folder you may write to").format(
                path=path, folder=folder, reason=error.strerror
            )
        ) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise DeckgenError(
                _("{path}: cannot write it ({reason}); choose another path").format(path=path, reason=error.strerror)
            ) from None
        raise


def read_bounded(path: Path, limit: int, what: str) -> bytes:
    """At most ``limit`` bytes of ``path``, or one line saying it is longer.

    Counted as read, not from the size on disk: a device (``/dev/zero``) or a pipe has size 0
    and would otherwise be read until memory ran out.
    """
    with open(path, "rb") as stream:
        data = stream.read(limit + 1)
    if len(data) > limit:
        raise DeckgenError(
            _("{path}: more than {limit} bytes; a {what} is at most {limit} bytes").format(
                path=path, limit=number(limit), what=_(what)
            )
        )
    return data
