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


def test_a_design_no_worker_takes_says_it_waits_then_is_given_up_as_busy(tmp_path: Path) -> None:
    """A queued design used to say "deckgen is designing … 304 s so far" for ever."""
    from dataclasses import replace

    from deckgen.serve import page
    from deckgen.serve.job_state import JobState
    from deckgen.serve.jobs import QUEUE_WAIT
    from deckgen.serve.store import get_json, put_json

    store = FolderStore(tmp_path)
    designs = Designs(store, _NoQueue())  # type: ignore[arg-type]
    design = designs.start("abc123", "cleariosity", "spec.toml", ["design", "--spec", "spec.toml"], client="10.0.0.5")
    assert design.queued and not design.done
    said = page.design_section(design.spec, design.seconds, queued=design.queued)
    assert "waits for its turn" in said and "is designing" not in said
    state = JobState.from_json(get_json(store, tasks.JOB + design.job))
    assert state is not None
    put_json(store, tasks.JOB + design.job, replace(state, created=state.created - QUEUE_WAIT - 1).to_json(), 60)
    ended = designs.get("abc123")
    assert ended is not None and ended.done and "busy with other designs" in ended.failure
    assert not ended.can_search_again  # another seed would not help: it never started
