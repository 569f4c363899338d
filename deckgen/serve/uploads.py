"""Deck files a teacher uploads: checked as the command line checks them, kept until the server stops.

A file is stored in a folder of its own, named by an id made from its contents, inside the
server's temporary folder; the page refers to it by that id, so nothing from the browser ever
names a place on disk. Only the newest :data:`KEPT` files are kept.
"""

from __future__ import annotations

import hashlib
import re
import shutil
import threading
from collections import OrderedDict
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.games.base import Game

#: The largest file taken (a deck file or a spreadsheet of flash cards is a few kilobytes).
MAX_UPLOAD = 2_000_000
KEPT = 32


def safe_name(filename: str, suffix: str) -> str:
    """The file's own name, cut to letters, digits, dots, dashes and underscores (for messages and
    the record in the PDFs); any folder part is dropped."""
    stem = Path(filename.replace("\\", "/")).name
    cleaned = re.sub(r"[^A-Za-z0-9._-]", "-", stem).strip(".-") or "deck"
    if not cleaned.lower().endswith(suffix):
        cleaned += suffix
    return cleaned[-80:]


class Uploads:
    """The uploaded files of one server, by id."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._files: OrderedDict[str, Path] = OrderedDict()
        self._lock = threading.Lock()

    def add(self, game: Game, filename: str, data: bytes) -> str:
        """Check the file as ``deckgen build --file`` would and keep it; its id, or one line saying what is wrong."""
        suffix = Path(filename).suffix.lower()
        if not filename:
            raise DeckgenError("choose a file first")
        if suffix not in game.file_suffixes:
            raise DeckgenError(f"{Path(filename).name}: {game.name} takes {game.file_kind}")
        if len(data) > MAX_UPLOAD:
            raise DeckgenError(
                f"{Path(filename).name} is {len(data):,} bytes; a deck file may be {MAX_UPLOAD:,} at most"
            )
        name = safe_name(filename, suffix)
        digest = hashlib.sha256(game.key.encode() + b"\0" + name.encode() + b"\0" + data).hexdigest()[:24]
        folder = self.root / digest
        path = folder / name
        with self._lock:
            if digest in self._files:
                self._files.move_to_end(digest)
                return digest
        folder.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        try:
            game.load(path, {})
        except DeckgenError as error:
            shutil.rmtree(folder, ignore_errors=True)
            raise DeckgenError(str(error).replace(str(path), name).replace(str(folder), "")) from None
        with self._lock:
            self._files[digest] = path
            while len(self._files) > KEPT:
                _, old = self._files.popitem(last=False)
                shutil.rmtree(old.parent, ignore_errors=True)
        return digest

    def path(self, upload_id: str) -> Path | None:
        with self._lock:
            return self._files.get(upload_id)
