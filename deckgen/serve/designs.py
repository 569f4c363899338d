"""Decks designed on the server from a teacher's spec, while the page waits.

Designing a 60-card deck takes up to two minutes, longer than a page should hang on one
request. The design runs in the background (as ``deckgen design``, through the runner's
slots and time limit); the page shows how long it has been going and refreshes itself until
the deck is ready, then uses it as if it had been uploaded. When no deck passes, the page
offers another search: the same spec from the next seed (a search is deterministic, so the
same seed would find the same nothing again).
"""

from __future__ import annotations

import os
import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from deckgen.errors import RULED_OUT, SEARCH_ADVICE, DeckgenError
from deckgen.games.base import Game
from deckgen.i18n import N_, _, language, speaking
from deckgen.serve.jobs import Cancelled, Runner
from deckgen.serve.uploads import Uploads

#: Longest a design may run: a 60-card deck takes up to 2 minutes here.
DESIGN_LIMIT = 180.0
#: Where a design run for the page keeps its stage (beside its spec; see ``design --progress-file``).
PROGRESS_FILE = "progress.json"
#: The most searches the page offers for one spec (seeds 1 to this).
MOST_SEARCHES = 5
#: What the command line's advice (:data:`~deckgen.errors.SEARCH_ADVICE`) becomes on the page,
#: which has no --seed or --iterations.
PAGE_ADVICE = N_("try another search, or describe a smaller deck (fewer numbers, tables or cards)")
#: The same, once every search the page offers has been made.
LAST_ADVICE = N_("describe a smaller deck (fewer numbers, tables or cards), or more cards for the same facts")


@dataclass
class Design:
    """One design: its spec's file name, when it started, and how it ended (``deck``: the new deck's id)."""

    spec: str
    #: The search's seed (the first search is seed 1, each further one the next).
    seed: int = 1
    #: The spec file and the command, kept so that another search can be started.
    path: Path | None = None
    command: tuple[str, ...] = ()
    #: The game the spec is for (another search designs for it, whatever page asks).
    game: Game | None = None
    started: float = field(default_factory=time.monotonic)
    #: Set by the page's Cancel: the design is ended at once, with its workers.
    cancel: threading.Event = field(default_factory=threading.Event)
    deck: str = ""
    failure: str = ""
    #: Set once the design has ended, whichever way (a deck, a failure, a cancel).
    ended: threading.Event = field(default_factory=threading.Event)
    #: The language of the page that started it: the design speaks it, and so does its failure.
    language: str = "en"

    @property
    def done(self) -> bool:
        return self.ended.is_set()

    @property
    def seconds(self) -> int:
        return int(time.monotonic() - self.started)

    def stage(self) -> dict[str, object]:
        """The design's stage as ``deckgen design --progress-file`` keeps it (empty before the first)."""
        import json

        if self.path is None:
            return {}
        try:
            found = json.loads((self.path.parent / PROGRESS_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return found if isinstance(found, dict) else {}

    @property
    def can_search_again(self) -> bool:
        """Another seed may help: a search failed (not a spec that no deck can meet) and searches are left."""
        with speaking(self.language):
            searched = _(RULED_OUT) not in self.failure
        return self.done and bool(self.failure) and searched and self.path is not None and self.seed < MOST_SEARCHES


class Designs:
    def __init__(self, runner: Runner, uploads: Uploads) -> None:
        self.runner = runner
        self.uploads = uploads
        self._designs: dict[str, Design] = {}
        self._lock = threading.Lock()

    def start(
        self, key: str, game: Game, spec: Path, command: list[str], seed: int = 1, speaks: str | None = None
    ) -> Design:
        """Design from ``spec`` (kept under ``key``), unless that design is under way or done already,
        in ``speaks`` (else the language of the page asking)."""
        speaks = speaks or language()
        kept = _with_seed(command, seed)
        command = kept if speaks == "en" else [*kept[:1], "--lang", speaks, *kept[1:]]
        with self._lock:
            if key in self._designs and not self._designs[key].failure:
                return self._designs[key]
            design = self._designs[key] = Design(spec.name, seed, spec, tuple(kept), game, language=speaks)
        threading.Thread(target=self._run, args=(design, game, spec, command), daemon=True).start()
        return design

    def cancel(self, key: str) -> bool:
        """End a design under way (the page's Cancel); whether there was one."""
        with self._lock:
            design = self._designs.get(key)
        if design is None or design.done:
            return False
        design.cancel.set()
        return True

    def search_again(self, key: str, game: Game) -> Design | None:
        """Another search for a design that found no deck: the same spec, the next seed."""
        with self._lock:
            failed = self._designs.get(key)
        if failed is not None and not failed.done:
            return failed  # already searching (a second press of the button): the same search
        if failed is None or not failed.can_search_again or failed.path is None or not failed.path.exists():
            return None
        return self.start(key, failed.game or game, failed.path, list(failed.command), failed.seed + 1, failed.language)

    def get(self, key: str) -> Design | None:
        with self._lock:
            return self._designs.get(key)

    def _run(self, design: Design, game: Game, spec: Path, command: list[str]) -> None:
        with speaking(design.language):  # its failure is said in the page's language
            self._design(design, game, spec, command)

    def _design(self, design: Design, game: Game, spec: Path, command: list[str]) -> None:
        try:
            status, message = self.runner.run(
                command,
                spec.parent,
                DESIGN_LIMIT,
                _("describe a smaller deck (fewer numbers, tables or cards)"),
                cancel=design.cancel,
            )
            made = spec.parent / command[command.index("--out") + 1]
            if status != 0 or not made.exists():
                raise DeckgenError(message or _("the design stopped (exit status {status})").format(status=status))
            design.deck = self.uploads.add_designed(game, made)
        except Cancelled:
            design.failure = (
                _("you cancelled the design; try another search, or upload another spec")
                if design.seed < MOST_SEARCHES
                else _("you cancelled the design")
            )
        except DeckgenError as error:
            advice = _(PAGE_ADVICE if design.seed < MOST_SEARCHES else LAST_ADVICE)
            design.failure = self.uploads.plain(str(error), spec).replace(_(SEARCH_ADVICE), advice)
        except Exception as error:  # a fault of deckgen's: said on the page, never a traceback
            design.failure = _("the design could not be made ({fault})").format(fault=type(error).__name__)
        finally:
            if design.failure and design.seed >= MOST_SEARCHES:
                shutil.rmtree(spec.parent, ignore_errors=True)  # no further search is offered
            design.ended.set()


def _with_seed(command: list[str], seed: int) -> list[str]:
    """``command`` searching from ``seed`` (and, for the tests, a short search where
    ``DECKGEN_TEST_DESIGN_ITERATIONS`` asks for one, so that a failing design fails quickly)."""
    made = list(command)
    if "--seed" in made:
        made[made.index("--seed") + 1] = str(seed)
    if made[:1] == ["design"] and "--progress-file" not in made:
        made += ["--progress-file", PROGRESS_FILE]
    short = os.environ.get("DECKGEN_TEST_DESIGN_ITERATIONS", "")
    if short.isdigit() and "--iterations" not in made:
        made += ["--iterations", short, "--attempts", "1"]
    return made
