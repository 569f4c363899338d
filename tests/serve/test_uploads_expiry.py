"""An upload's copies on a web worker's disk go when the store no longer keeps it (a class list
must not outlive its day on the server, as docs/school.md promises)."""

from __future__ import annotations

import time
from pathlib import Path

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
