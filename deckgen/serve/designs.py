"""Decks designed on the server from a teacher's spec, while the page waits.

Designing a 60-card deck takes up to two minutes, longer than a page should hang on one
request. The design runs in the background (as ``deckgen design``, through the runner's
slots and time limit); the page shows how long it has been going and refreshes itself until
the deck is ready, then uses it as if it had been uploaded.
"""

from __future__ import annotations

import shutil
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.games.base import Game
from deckgen.serve.jobs import Runner
from deckgen.serve.uploads import Uploads

#: Longest a design may run: a 60-card deck takes up to 2 minutes here.
DESIGN_LIMIT = 180.0


@dataclass
class Design:
    """One design: its spec's file name, when it started, and how it ended (``deck``: the new deck's id)."""

    spec: str
    started: float = field(default_factory=time.monotonic)
    deck: str = ""
    failure: str = ""
    done: bool = False

    @property
    def seconds(self) -> int:
        return int(time.monotonic() - self.started)


class Designs:
    def __init__(self, runner: Runner, uploads: Uploads) -> None:
        self.runner = runner
        self.uploads = uploads
        self._designs: dict[str, Design] = {}
        self._lock = threading.Lock()

    def start(self, key: str, game: Game, spec: Path, command: list[str]) -> Design:
        """Design from ``spec`` (kept under ``key``), unless that design is under way or done already."""
        with self._lock:
            if key in self._designs and not self._designs[key].failure:
                return self._designs[key]
            design = self._designs[key] = Design(spec.name)
        threading.Thread(target=self._run, args=(design, game, spec, command), daemon=True).start()
        return design

    def get(self, key: str) -> Design | None:
        with self._lock:
            return self._designs.get(key)

    def _run(self, design: Design, game: Game, spec: Path, command: list[str]) -> None:
        try:
            status, message = self.runner.run(
                command, spec.parent, DESIGN_LIMIT, "describe a smaller deck (fewer numbers, tables or cards)"
            )
            made = spec.parent / command[command.index("--out") + 1]
            if status != 0 or not made.exists():
                raise DeckgenError(message or f"the design stopped (exit status {status})")
            design.deck = self.uploads.add_designed(game, made)
        except DeckgenError as error:
            design.failure = self.uploads.plain(str(error), spec)
        except Exception as error:  # a fault of deckgen's: said on the page, never a traceback
            design.failure = f"the design could not be made ({type(error).__name__})"
        finally:
            if design.failure:
                shutil.rmtree(spec.parent, ignore_errors=True)
            design.done = True
