"""Uploads as a school's server keeps them: each checked in a child process, and its copies on a
web worker's disk gone when the store no longer keeps it (a class list must not outlive its day
on the server, as docs/school.md promises)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.games import games
from deckgen.serve.store import FolderStore
from deckgen.serve.uploads import RECORD, SWEEP_EVERY, Uploads


def test_a_copy_goes_when_its_upload_has_expired_from_the_store(tmp_path: Path) -> None:
    store = FolderStore(tmp_path / "store")
    uploads = Uploads(store, tmp_path / "cache")
    flash = games()["flashcards"]
    kept = uploads.add(flash, "class list.csv", b"front,back\nAlice Smith,table 3\n")
    other = uploads.add(flash, "words.csv", b"front,back\nchat,cat\n")
    for upload in (kept, other):
        path, game = uploads.path(upload.id)
        assert path is not None and path.exists() and game == "flashcards"
    store.delete(RECORD + kept.id)  # its day has passed
    assert uploads.path(kept.id) == (None, "")
    assert not (tmp_path / "cache" / kept.id).exists()
    # One nobody asks for again goes too, at the next sweep.
    store.delete(RECORD + other.id)
    uploads.forget_expired(time.monotonic() + SWEEP_EVERY + 1)
    assert not (tmp_path / "cache" / other.id).exists()
    assert list((tmp_path / "cache").iterdir()) == []


def test_a_font_is_checked_in_a_child_process_as_a_deck_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fonts were read inside the web worker, with none of the child's time and memory limits."""
    from deckgen.serve import upload_check

    asked: list[tuple[str, str, str | None]] = []
    checked_in_child = upload_check._checked_in_child

    def recorded(game: str, path: Path, option: str | None) -> list[str] | None:
        asked.append((game, path.name, option))
        return checked_in_child(game, path, option)

    monkeypatch.setattr(upload_check, "_checked_in_child", recorded)
    uploads = Uploads(FolderStore(tmp_path / "store"), tmp_path / "cache")
    flash = games()["flashcards"]
    (font,) = [option for option in flash.options if option.name == "font"]
    with pytest.raises(DeckgenError, match="not a font file deckgen can read"):
        uploads.add_attached(flash, font, "words.ttf", b"front,back\nkite,kite\n")
    assert asked == [("flashcards", "words.ttf", "font")]
