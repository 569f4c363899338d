"""Atomic file writes: a reader never sees half a file, and a failed run leaves none behind."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from deckgen.errors import DeckgenError


def write_atomic(path: Path, data: str | bytes) -> None:
    """Write ``data`` to a temporary file beside ``path``, then rename it into place."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise DeckgenError(f"{path}: the folder {folder} does not exist; create it or choose another path")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    except OSError as error:
        raise DeckgenError(
            f"{path}: cannot write in {folder} ({error.strerror}); choose a folder you may write to"
        ) from None
    try:
        with os.fdopen(handle, "wb") as stream:
            stream.write(payload)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise DeckgenError(f"{path}: cannot write it ({error.strerror}); choose another path") from None
        raise
