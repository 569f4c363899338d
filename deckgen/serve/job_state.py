"""A job of the page as the store keeps it: the one record the server that describes a job, the
worker that runs it (perhaps on another machine, through Redis) and the page that asks after it
all read and write, as JSON.

Typed here, so that each of them names the same fields: a misspelt one is an error where it is
written, not a key nobody reads.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

#: What a job may be: queued, running, then one of :data:`ENDED`.
ENDED = ("done", "failed", "cancelled")


@dataclass
class JobState:
    """A job: what to run, how far it has got, and what it made."""

    #: What the job does: ``build``, ``calibration``, ``check`` or ``design``.
    kind: str
    #: The ``deckgen`` command's words (less the files the job lays out).
    args: list[str]
    #: ``queued``, ``running``, or one of :data:`ENDED`.
    state: str = "queued"
    #: When it was described (seconds since the epoch).
    created: float = 0.0
    #: The language its command and its messages speak.
    language: str = "en"
    #: Whose job it is (the page's client id, for each client's share of the workers).
    client: str = ""
    #: The upload id of the deck file or spec it uses ("": the game's own deck).
    upload: str = ""
    #: Upload ids of files given to options, by option.
    attached: dict[str, str] = field(default_factory=dict)
    #: The game it is for (a design keeps its deck as an upload of this game).
    game: str = ""
    #: A ZIP's name, less ``.zip``.
    stem: str = ""
    #: A design's search (the page's "search again" counts them).
    seed: int = 1
    #: The worker's last heartbeat (seconds since the epoch), and which worker it is.
    beat: float = 0.0
    worker: str = ""
    #: A design's stage as ``deckgen design --progress-file`` writes it (``None``: none yet).
    progress: dict[str, Any] | None = None
    #: The line an ended job says ("" when done).
    message: str = ""
    #: A failed job that failed through no fault of the teacher's (its worker stopped, or deckgen
    #: itself failed): the page answers 503 or 500, not 400 ("Something is wrong" with her choice).
    fault: bool = False
    #: A failed design: whether a search ran (not a spec that no deck can meet), so that
    #: another may help.
    searched: bool = True
    #: A file it made (kept in the store under its id): its name, type, size and checksum.
    name: str = ""
    content_type: str = ""
    size: int = 0
    sha256: str = ""
    #: A check's ``verify --json`` report, and the line it failed with (``None``: it passed).
    report: dict[str, Any] | None = None
    failure: str | None = None
    #: A design's deck, as the id of the upload it is kept as.
    deck: str = ""

    @property
    def ended(self) -> bool:
        return self.state in ENDED

    @property
    def made_file(self) -> bool:
        """The job is done and made a file (a build, a calibration sheet)."""
        return self.state == "done" and bool(self.name)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: object) -> JobState | None:
        """The state a store's JSON holds; ``None`` for anything that is not one (expired, or not a job)."""
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("kind"), str)
            or not isinstance(data.get("args"), list)
        ):
            return None
        known = {each.name for each in fields(cls)}
        return cls(**{key: value for key, value in data.items() if key in known})
