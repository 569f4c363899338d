"""The server's temporary folder (uploads, designs, builds), which goes when the server goes.

A server stopped cleanly (Ctrl-C, SIGTERM) removes its folder itself. One that could not (a
``kill -9``, a crash, the computer switched off) leaves it, with the files teachers uploaded
(which may hold pupils' names); the next server to start removes it. To tell a dead server's
folder from a running one's, the folder is named ``deckgen-serve-PID-XXXXXXXX`` (the server's
process id) and holds a lock file that the server keeps locked while it runs: the system lets
go of the lock when the process ends, however it ends. A folder whose lock can be taken is a
dead server's; one without a lock file (a server starting this moment, or stopped before it
locked it) is a dead server's only when no process has its id.

Only folders of this user, named so, are touched; never a symbolic link.
"""

from __future__ import annotations

import os
import re
import shutil
import sys
import tempfile
from pathlib import Path

from deckgen.locks import let_go, take

PREFIX = "deckgen-serve-"
LOCK = ".lock"
_NAME = re.compile(re.escape(PREFIX) + r"(\d+)-[A-Za-z0-9_]+")


class ServerFolder:
    """This server's folder under ``parent`` (the system's temporary folder), locked while the server runs."""

    def __init__(self, parent: Path | None = None) -> None:
        parent = Path(parent if parent is not None else tempfile.gettempdir())
        remove_dead(parent)
        self.path = Path(tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-", dir=parent))
        self._lock: int | None = None
        try:
            self._lock = take(self.path / LOCK, create=True)
        except OSError:  # a file system without locks: the folder is known by the process id alone
            self._lock = None

    def remove(self) -> None:
        """Remove the folder and everything in it (the server is stopping)."""
        if self._lock is not None:
            let_go(self._lock)
            self._lock = None
        shutil.rmtree(self.path, ignore_errors=True)


def remove_dead(parent: Path) -> list[Path]:
    """Remove the folders that servers no longer running left under ``parent``; the folders removed."""
    removed: list[Path] = []
    try:
        entries = list(parent.iterdir())
    except OSError:
        return removed
    for entry in entries:
        match = _NAME.fullmatch(entry.name)
        if match is None:
            continue
        try:
            if entry.is_symlink() or not entry.is_dir():
                continue
            if hasattr(os, "getuid") and entry.stat().st_uid != os.getuid():
                continue
            if _dead(entry, int(match.group(1))):
                shutil.rmtree(entry, ignore_errors=True)
                removed.append(entry)
        except OSError:
            continue
    return removed


def _dead(folder: Path, pid: int) -> bool:
    """Whether the server that made ``folder`` (process ``pid``) has ended."""
    try:
        lock = take(folder / LOCK, create=False)
    except FileNotFoundError:
        return not _running(pid)
    except OSError:  # locked: its server runs
        return False
    let_go(lock)
    return True


def _running(pid: int) -> bool:
    """Whether a process ``pid`` exists (where that cannot be asked without harm, as if it did)."""
    if pid == os.getpid():
        return True
    if sys.platform == "win32":  # os.kill on Windows would end the process, not ask after it
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process
        return True
    return True
