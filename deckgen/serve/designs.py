"""Decks designed from a teacher's spec, while the page waits.

Designing a 60-card deck takes up to two minutes, longer than a page should hang on one
request. The design is a job on the queue (:mod:`deckgen.serve.tasks`), run by whichever job
worker is free; the page shows how long it has been going and its stage, refreshes itself until
the deck is ready, then uses it as if it had been uploaded. When no deck passes, the page offers
another search: the same spec from the next seed (a search is deterministic, so the same seed
would find the same nothing again). What a design is, and how it went, is kept in the store, so
any web worker answers for it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from deckgen.i18n import _, language, speaking
from deckgen.serve import tasks
from deckgen.serve.job_state import JobState
from deckgen.serve.jobs import QUEUE_WAIT
from deckgen.serve.queue import JobQueue
from deckgen.serve.store import Store, get_json, put_json
from deckgen.serve.tasks import LAST_ADVICE, MOST_SEARCHES, PAGE_ADVICE, PROGRESS_FILE

__all__ = ["LAST_ADVICE", "MOST_SEARCHES", "PAGE_ADVICE", "Design", "Designs"]

#: Puts a job on the queue: (kind, the command's words, the client, the job's other fields) → its id.
Submit = Callable[..., str]
#: Store key of a design: its spec's upload id after this.
DESIGN = "design:"


@dataclass
class Design:
    """A design as the page shows it: its spec's file name, the search (seed), and its job's state."""

    spec: str
    seed: int
    job: str
    state: JobState

    @property
    def done(self) -> bool:
        return self.state.ended

    @property
    def deck(self) -> str:
        return self.state.deck if self.state.state == "done" else ""

    @property
    def failure(self) -> str:
        return self.state.message if self.state.state in ("failed", "cancelled") else ""

    @property
    def queued(self) -> bool:
        """Still waiting for a job worker (the page says so, not that it is designing)."""
        return self.state.state == "queued"

    @property
    def seconds(self) -> int:
        return max(0, int(time.time() - (self.state.created or time.time())))

    def stage(self) -> dict[str, object]:
        """The design's stage as ``deckgen design --progress-file`` keeps it (empty before the first)."""
        return dict(self.state.progress or {})

    @property
    def can_search_again(self) -> bool:
        """Another seed may help: a search failed (not a spec that no deck can meet) and searches are left."""
        searched = self.state.state == "cancelled" or self.state.searched
        return self.done and bool(self.failure) and bool(searched) and self.seed < MOST_SEARCHES


class Designs:
    """The designs of every web worker, in the store."""

    def __init__(self, store: Store, queue: JobQueue, submit: Submit | None = None) -> None:
        self.store = store
        self.queue = queue
        #: Puts a job on the queue for a client (the web's own, which keeps each client to its share).
        self.submit: Submit = submit or (
            lambda kind, args, client, **fields: tasks.submit(store, queue, kind, args, client=client, **fields)
        )

    def start(
        self,
        key: str,
        game: str,
        spec: str,
        command: list[str],
        seed: int = 1,
        speaks: str | None = None,
        client: str = "",
    ) -> Design:
        """Design from the spec kept under ``key`` (named ``spec``), unless that design is under
        way or done already, in ``speaks`` (else the language of the page asking)."""
        found = self.get(key)
        if found is not None and found.seed == seed and not found.failure:
            return found
        speaks = speaks or language()
        kept = _with_seed(command, seed)
        words = kept if speaks == "en" else [*kept[:1], "--lang", speaks, *kept[1:]]
        job = self.submit("design", words, client, upload=key, game=game, seed=seed, language=speaks)
        record = {
            "job": job,
            "seed": seed,
            "command": command,
            "game": game,
            "spec": spec,
            "language": speaks,
            "client": client,
        }
        put_json(self.store, DESIGN + key, record, tasks.STATE_TTL)
        return self._design(record) or Design(spec, seed, job, JobState("design", words))

    def get(self, key: str) -> Design | None:
        record = get_json(self.store, DESIGN + key) if key.isalnum() else None
        return self._design(record) if isinstance(record, dict) else None

    def _design(self, record: dict[str, Any]) -> Design | None:
        state = tasks.state_of(self.store, record["job"])
        if state is None:
            return None
        if state.state == "queued" and time.time() - state.created > QUEUE_WAIT:
            # No job worker took it in time, as a download would be given up: said so, and ended.
            with speaking(state.language):
                busy = _("deckgen is busy with other designs and builds; try again in a few minutes")
            tasks.give_up(self.store, record["job"], busy)
            state = tasks.state_of(self.store, record["job"]) or state
        return Design(record["spec"], int(record["seed"]), record["job"], state)

    def cancel(self, key: str, client: str = "") -> bool:
        """End a design under way (the page's Cancel) that ``client`` started; whether there was
        one. A design's key follows from its file, so anyone with the same file can name it: only
        the computer that started it may end it."""
        design = self.get(key)
        if design is None or design.done:
            return False
        record = get_json(self.store, DESIGN + key)
        if isinstance(record, dict) and record.get("client", "") != client:
            return False
        tasks.cancel(self.store, design.job)
        return True

    def wait(self, key: str, seconds: float) -> None:
        """Wait (up to ``seconds``) until the design has ended."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            design = self.get(key)
            if design is None or design.done:
                return
            time.sleep(0.1)

    def search_again(self, key: str, client: str = "") -> Design | None:
        """Another search for a design that found no deck: the same spec, the next seed."""
        record = get_json(self.store, DESIGN + key) if key.isalnum() else None
        failed = self._design(record) if isinstance(record, dict) else None
        if failed is None or not isinstance(record, dict):
            return None
        if not failed.done:
            return failed  # already searching (a second press of the button): the same search
        if not failed.can_search_again:
            return None
        return self.start(
            key, record["game"], record["spec"], record["command"], failed.seed + 1, record["language"], client
        )


def _with_seed(command: list[str], seed: int) -> list[str]:
    """``command`` searching from ``seed`` (and, for the tests, a short search where
    ``DECKGEN_TEST_DESIGN_ITERATIONS`` asks for one, so that a failing design fails quickly)."""
    made = list(command)
    if "--seed" in made:
        made[made.index("--seed") + 1] = str(seed)
    if made[:1] == ["design"] and "--progress-file" not in made:
        made += ["--progress-file", PROGRESS_FILE]
    if made[:1] == ["design"] and "--time-limit" not in made:
        made += ["--time-limit", str(int(tasks.DESIGN_LIMIT))]
    short = os.environ.get("DECKGEN_TEST_DESIGN_ITERATIONS", "")
    if short.isdigit() and "--iterations" not in made:
        made += ["--iterations", short, "--attempts", "1"]
    return made
