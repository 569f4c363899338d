"""Files a teacher uploads: checked as the command line checks them, kept in the store.

A file is kept in the store (:mod:`deckgen.serve.store`) under an id made from its contents,
so every web worker and job worker finds it; the page refers to it by that id, so nothing from
the browser ever names a place on disk. A process that needs the file on disk (to preview or
build with it) writes it into a folder of its own named by that id (:meth:`Uploads.path`).
Kept files go after :data:`UPLOAD_TTL` without use.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import threading
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.games.base import Game
from deckgen.i18n import _, number
from deckgen.options import Option
from deckgen.serve.scrub import plain
from deckgen.serve.store import Store, get_json, put_json

#: The largest file taken (a deck file or a spreadsheet of flash cards is a few kilobytes).
MAX_UPLOAD = 2_000_000
#: How long an upload is kept after its last use (seconds).
UPLOAD_TTL = 24 * 3600
#: How often (seconds) a web worker removes its copies of uploads the store no longer keeps.
SWEEP_EVERY = 600
#: Seconds between two renewals of an upload's day in the store by one process.
TOUCH_EVERY = 600.0
#: Store keys: an upload's record (its game, files and, for a spec, its design command), and a file's contents.
RECORD = "upload:"
BLOB = "blob:"
#: An upload id, as :meth:`Uploads.add` makes them.
_ID = re.compile(r"[0-9a-f]{24}")


def safe_name(filename: str, suffix: str) -> str:
    """The file's own name, cut to letters, digits, dots, dashes and underscores of any script
    (``wörter.xlsx`` stays so; a teacher's file name is in her language), for messages and the
    record in the PDFs; any folder part is dropped."""
    stem = unicodedata.normalize("NFC", Path(filename.replace("\\", "/")).name)
    cleaned = re.sub(r"[^\w.-]", "-", stem).strip(".-") or "deck"
    if not cleaned.lower().endswith(suffix):
        cleaned += suffix
    return cleaned[-80:]


#: Characters never echoed from a file name: controls (an escape, a new line), formatting
#: characters (the bidi controls U+202A to U+202E, U+2066 to U+2069, U+200E and U+200F, with which
#: "report\u202efdp.exe" reads as "reportexe.pdf"; zero-width ones), line and paragraph separators,
#: and the halves of characters a browser sent broken.
HIDDEN = ("Cc", "Cf", "Cs", "Zl", "Zp")


def shown_name(filename: str) -> str:
    """A file name as a message echoes it: its own name (no folder part), without :data:`HIDDEN`
    characters, at most 100 characters ("your file" when nothing is left)."""
    name = filename.replace("\\", "/").rsplit("/", 1)[-1]
    name = "".join(char for char in name if unicodedata.category(char) not in HIDDEN).strip()
    return (name if len(name) <= 100 else name[:48] + "..." + name[-48:]) or "your file"


@dataclass(frozen=True)
class Stored:
    """A file kept: its id, where it is, and for a spec the command that designs a deck from it."""

    id: str
    path: Path
    design: list[str] | None


def check_kind(game: Game, path: Path) -> None:
    """Refuse a deck file of another game, and one that names other files by a path: an uploaded
    deck may name a preset, or a file uploaded with it, but never a place on this computer."""
    from deckgen.games import games

    if path.suffix.lower() == ".toml":
        from deckgen.deckfile import read_toml

        owner = read_toml(path).get("game")
        if isinstance(owner, str) and owner != game.key and owner in games():
            raise DeckgenError(
                _("{file} is a deck for {game}; choose that game first").format(
                    file=path.name, game=_(games()[owner].name)
                )
            )
    for named in game.files_named(path):
        if "/" in named or "\\" in named or named.startswith(".") or ":" in named:
            raise DeckgenError(
                _(
                    "{file} names the file {named}; here a deck may name a preset, or a spec by its file name alone"
                ).format(file=path.name, named=repr(named))
            )


class Uploads:
    """The uploaded files, by id: records and contents in ``store``, copies on disk under ``cache``."""

    def __init__(self, store: Store, cache: Path) -> None:
        self.store = store
        self.root = cache
        self.root.mkdir(parents=True, exist_ok=True)
        #: When each upload was last given a new day in the store (see :meth:`_keep_another_day`).
        self._touched: dict[str, float] = {}
        #: When the copies of expired uploads were last looked for (see :meth:`forget_expired`).
        self._swept = time.monotonic()

    def add(self, game: Game, filename: str, data: bytes) -> Stored:
        """Check the file as ``deckgen build --file`` (or ``design --spec``) would and keep it, or
        one line saying what is wrong. A deck is ready to use; a spec is kept with the command
        that designs a deck from it (see :meth:`Game.design_command`). The check runs in a
        child process (:mod:`deckgen.serve.upload_check`): a hostile file holds neither this
        request for long nor the server's other requests at all."""
        from deckgen.serve.upload_check import check_upload

        shown = shown_name(filename)
        suffix = Path(shown).suffix.lower()
        if not filename:
            raise DeckgenError(_("choose a file first"))
        if suffix not in game.file_suffixes:
            raise DeckgenError(
                _("{file}: {game} takes {kind}").format(file=shown, game=_(game.name), kind=_(game.file_kind))
            )
        if len(data) > MAX_UPLOAD:
            raise DeckgenError(
                _("{file} is {size} bytes; a deck file may be {most} at most").format(
                    file=shown, size=number(len(data)), most=number(MAX_UPLOAD)
                )
            )
        name = safe_name(filename, suffix)
        digest = hashlib.sha256(game.key.encode() + b"\0" + name.encode() + b"\0" + data).hexdigest()[:24]
        kept = get_json(self.store, RECORD + digest)
        if isinstance(kept, dict) and self.path(digest)[0] is not None:
            return Stored(digest, self.root / digest / name, kept.get("design"))
        folder = self.root / digest
        path = folder / name
        folder.mkdir(exist_ok=True)  # not its parents: once the server has removed its folder, nothing is made again
        _write(path, data)
        try:
            command = check_upload(game.key, path)  # in a child process, bounded in time and memory
        except DeckgenError as error:
            shutil.rmtree(folder, ignore_errors=True)
            raise DeckgenError(self.plain(str(error), path), code=error.code, option=error.option) from None
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        self.keep(digest, game.key, {name: data}, command)
        return Stored(digest, path, command)

    def add_attached(self, game: Game, option: Option, filename: str, data: bytes) -> str:
        """Check a file for one of the game's options (a font) as the command line would, with the
        game's own deck, and keep it; its id, or one line saying what is wrong."""
        from deckgen.serve.upload_check import check_upload

        shown = shown_name(filename)
        suffix = Path(shown).suffix.lower()
        if suffix not in option.upload:
            raise DeckgenError(
                _("{file}: {what} takes {kinds}").format(
                    file=shown, what=_(option.label), kinds=", ".join(option.upload)
                )
            )
        if len(data) > MAX_UPLOAD:
            raise DeckgenError(
                _("{file} is {size} bytes; a file may be {most} at most").format(
                    file=shown, size=number(len(data)), most=number(MAX_UPLOAD)
                )
            )
        name = safe_name(filename, suffix)
        digest = hashlib.sha256(f"{game.key}\0{option.name}\0{name}\0".encode() + data).hexdigest()[:24]
        if self.path(digest)[0] is not None:
            return digest
        folder = self.root / digest
        path = folder / name
        folder.mkdir(exist_ok=True)
        _write(path, data)
        try:
            # In a child process with its own time and memory, two at a time, as every upload is.
            check_upload(game.key, path, option.name)
        except DeckgenError as error:
            shutil.rmtree(folder, ignore_errors=True)
            # Said as the page takes the file (an upload, by its name), not as the command line's --font.
            said = self.plain(str(error) if error.cause is None else error.cause, path)
            raise DeckgenError(said, code=error.code, option=error.option) from None
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        self.keep(digest, game.key, {name: data})
        return digest

    def add_designed(self, game: Game, path: Path, beside: dict[str, bytes]) -> str:
        """Keep a deck designed from a spec, with the files it keeps beside it (``beside``: the
        spec it names), checked as any deck; its id."""
        data = path.read_bytes()
        digest = hashlib.sha256(game.key.encode() + b"\0designed\0" + data).hexdigest()[:24]
        try:
            game.load(path, {})
        except DeckgenError as error:
            raise DeckgenError(self.plain(str(error), path)) from None
        self.keep(digest, game.key, {path.name: data, **beside})
        return digest

    def keep(self, upload_id: str, game: str, files: dict[str, bytes], design: list[str] | None = None) -> None:
        """Put the files (the first is the one the page uses) and their record in the store."""
        listed = {}
        for name, data in files.items():
            blob = hashlib.sha256(data).hexdigest()
            self.store.put(BLOB + blob, data, UPLOAD_TTL)
            listed[name] = blob
        record = {"game": game, "name": next(iter(files)), "files": listed, "design": design}
        put_json(self.store, RECORD + upload_id, record, UPLOAD_TTL)

    def record(self, upload_id: str) -> dict[str, Any] | None:
        found = get_json(self.store, RECORD + upload_id) if _ID.fullmatch(upload_id) else None
        return found if isinstance(found, dict) else None

    def files(self, upload_id: str) -> dict[str, bytes] | None:
        """The contents of a kept upload's files, by name (``None``: not kept, or partly expired)."""
        record = self.record(upload_id)
        if record is None:
            return None
        found = {}
        for name, blob in record["files"].items():
            data = self.store.get(BLOB + blob)
            if data is None:
                return None
            found[name] = data
        return found

    def plain(self, message: str, path: Path) -> str:
        """A message about a kept file, naming the file as the teacher called it, and no folder."""
        return plain(message, path.parent)

    def path(self, upload_id: str) -> tuple[Path | None, str]:
        """Where a kept file is on this computer (written there from the store when it is not
        yet), and the game it is for (``None``: not kept). A use keeps it another day."""
        self.forget_expired()
        record = self.record(upload_id)
        folder = self.root / upload_id
        if record is None:
            self._forget(upload_id)
            return None, ""
        for name, blob in record["files"].items():
            if not (folder / name).exists():
                data = self.store.get(BLOB + blob)
                if data is None:
                    self._forget(upload_id)
                    return None, ""
                folder.mkdir(exist_ok=True)
                _write(folder / name, data)
        self._keep_another_day(upload_id, record)
        return folder / record["name"], record["game"]

    def forget_expired(self, now: float | None = None) -> None:
        """Remove this computer's copies of uploads the store no longer keeps (at most once in
        :data:`SWEEP_EVERY` seconds): a class list goes from the web workers' disks when it goes
        from the store, a day after its last use, not when the web worker stops."""
        now = time.monotonic() if now is None else now
        if now - self._swept < SWEEP_EVERY:
            return
        self._swept = now
        for folder in sorted(self.root.iterdir()):
            if folder.is_dir() and _ID.fullmatch(folder.name) and self.record(folder.name) is None:
                self._forget(folder.name)

    def _forget(self, upload_id: str) -> None:
        shutil.rmtree(self.root / upload_id, ignore_errors=True)
        self._touched.pop(upload_id, None)

    def _keep_another_day(self, upload_id: str, record: dict[str, Any]) -> None:
        """Give an upload in use a new day in the store, at most once in :data:`TOUCH_EVERY`
        seconds (a page asks for the same file three or four times at once, and a folder store
        rewrites a value to give it a new time)."""
        now = time.monotonic()
        if now - self._touched.get(upload_id, -TOUCH_EVERY) < TOUCH_EVERY:
            return
        self._touched[upload_id] = now
        for blob in record["files"].values():
            self.store.touch(BLOB + blob, UPLOAD_TTL)
        self.store.touch(RECORD + upload_id, UPLOAD_TTL)


def _write(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (another thread may be reading the same upload)."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
    temporary.write_bytes(data)
    os.replace(temporary, path)
