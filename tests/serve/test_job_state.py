"""The job record the server, its workers and the page share through the store: typed, so each
names the same fields."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.serve import tasks
from deckgen.serve.job_state import JobState
from deckgen.serve.store import FolderStore, get_json


class _NoQueue:
    def submit(self, job_id: str, lane: str) -> None:
        pass


def test_a_job_comes_back_from_the_store_as_it_was_described(tmp_path: Path) -> None:
    store = FolderStore(tmp_path)
    job = tasks.submit(store, _NoQueue(), "build", ["build", "--deck", "treenex"], stem="class-set", language="de")
    state = tasks.state_of(store, job)
    assert state is not None
    assert (state.kind, state.args, state.stem, state.language, state.state) == (
        "build",
        ["build", "--deck", "treenex"],
        "class-set",
        "de",
        "queued",
    )
    assert JobState.from_json(get_json(store, tasks.JOB + job)) == state
    assert not state.ended and not state.made_file


def test_a_field_no_job_has_is_refused_where_it_is_written(tmp_path: Path) -> None:
    store = FolderStore(tmp_path)
    with pytest.raises(TypeError, match="stme"):
        tasks.submit(store, _NoQueue(), "build", [], stme="class-set")
    job = tasks.Job(store, "abc", JobState("build", []), None)
    with pytest.raises(TypeError, match="nmae"):
        job.save(nmae="deck.pdf")


@pytest.mark.parametrize("stored", [None, "a job", [], {"args": []}, {"kind": "build"}, {"kind": 3, "args": []}])
def test_what_is_not_a_job_reads_as_none(stored: object) -> None:
    assert JobState.from_json(stored) is None


def test_a_record_of_another_version_keeps_what_this_one_knows() -> None:
    state = JobState.from_json({"kind": "check", "args": ["verify"], "state": "done", "later_field": 1})
    assert state == JobState("check", ["verify"], state="done")
