"""Locks on every system: a folder or lock file held by one process is refused to the next,
and let go when its handle closes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from deckgen.locks import Held, let_go, take, take_folder


def test_a_folder_held_is_refused_until_let_go(tmp_path: Path) -> None:
    first = take_folder(tmp_path)
    with pytest.raises(Held):
        take_folder(tmp_path)
    let_go(first)
    let_go(take_folder(tmp_path))
    assert os.listdir(tmp_path) == []  # a POSIX folder lock leaves no file behind


def test_a_lock_file_held_is_refused_and_a_link_in_its_place_is_not_followed(tmp_path: Path) -> None:
    first = take(tmp_path / "lock", create=True)
    with pytest.raises(Held):
        take(tmp_path / "lock", create=False)
    let_go(first)
    (tmp_path / "elsewhere").write_text("keep me", encoding="utf-8")
    (tmp_path / "planted").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(OSError):
        take(tmp_path / "planted", create=True)
    assert (tmp_path / "elsewhere").read_text(encoding="utf-8") == "keep me"
