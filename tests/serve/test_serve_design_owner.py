"""A design's key follows from its file, so another visitor with the same file can name it: only
the computer that started a design may cancel it."""

from __future__ import annotations

from pathlib import Path

from deckgen.serve import tasks
from deckgen.serve.designs import Designs
from deckgen.serve.store import FolderStore


class _NoQueue:
    def submit(self, job_id: str, lane: str) -> None:
        pass


def test_only_the_computer_that_started_a_design_may_cancel_it(tmp_path: Path) -> None:
    store = FolderStore(tmp_path)
    designs = Designs(store, _NoQueue())  # type: ignore[arg-type]
    design = designs.start("abc123", "cleariosity", "spec.toml", ["design", "--spec", "spec.toml"], client="10.0.0.5")
    assert not designs.cancel("abc123", "10.0.0.9")
    state = tasks.state_of(store, design.job)
    assert state is not None and state.state == "queued"
    assert designs.cancel("abc123", "10.0.0.5")
    state = tasks.state_of(store, design.job)
    assert state is not None and state.state != "queued"
