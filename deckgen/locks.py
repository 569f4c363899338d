"""Locks held while a process writes somewhere others may write too, on every system.

On POSIX systems (Linux, macOS) a lock is ``flock`` on the open file or folder; on Windows,
``msvcrt.locking`` on a lock file. Either way the lock belongs to the open handle: closing it
(or the process ending, however it ends) lets go, so no stale lock outlives a crash. A build
locks its ``--out`` folder itself on POSIX (no lock file is left in it, and no link planted in
its place can be followed); Windows cannot lock a folder, so there the lock is a file in it.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

#: The lock file of a folder on Windows (POSIX systems lock the folder itself).
FOLDER_LOCK = ".deckgen-lock"


class Held(OSError):
    """Another process holds the lock."""


def take(path: Path, create: bool) -> int:
    """The open lock file ``path``, locked by this process (:class:`Held`: locked by another;
    OSError: it cannot be opened)."""
    flags = os.O_RDWR | (os.O_CREAT if create else 0) | getattr(os, "O_NOFOLLOW", 0)
    return _locked(os.open(path, flags, 0o600))


def take_folder(folder: Path) -> int:
    """A lock on the folder itself (POSIX) or on its lock file (Windows); :class:`Held` if taken."""
    if sys.platform == "win32":
        return take(folder / FOLDER_LOCK, create=True)
    return _locked(os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)))


def let_go(handle: int) -> None:
    """Unlock and close a lock taken here (closing it lets go of the lock)."""
    try:
        os.close(handle)
    except OSError:
        pass


def _locked(handle: int) -> int:
    """The open handle, locked; closed again if the lock cannot be had."""
    try:
        _lock(handle)
    except BaseException:
        os.close(handle)
        raise
    return handle


def _lock(handle: int) -> None:
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(handle, msvcrt.LK_NBLCK, 1)
        except OSError as error:
            raise Held(str(error)) from None
    else:
        import fcntl

        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError as error:
            raise Held(str(error)) from None
