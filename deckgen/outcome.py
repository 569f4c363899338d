"""How a command tells the process that ran it how it ended: as JSON in a file, never in its words.

The page runs each build, check and design as the command line's own command in a child
process (:mod:`deckgen.serve.jobs`). The child prints its one line for a person, as ever, and
writes its :class:`Outcome` to a file the parent names: the exit status and, for a refusal,
the error's fields (:class:`~deckgen.errors.DeckgenError`: its code, the option it concerns,
its cause). The parent acts on those fields; the words, which are translated, stay words.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass
from pathlib import Path

from deckgen.errors import Code, DeckgenError


@dataclass(frozen=True)
class Outcome:
    """How a command ended: ``status`` 0 (done), or the refusal it said, with its fields.

    ``message`` is the line the command printed after ``deckgen: error:`` (or ``deckgen:``,
    for a stop); ``code``, ``option`` and ``cause`` are the error's (see
    :class:`~deckgen.errors.DeckgenError`), ``code`` ``None`` when the command was not refused
    by one (a usage error, a stop)."""

    status: int
    message: str = ""
    code: Code | None = None
    option: str | None = None
    cause: str | None = None

    @classmethod
    def of(cls, status: int, message: str, error: DeckgenError | None = None) -> Outcome:
        if error is None:
            return cls(status, message)
        return cls(status, message, error.code, error.option, error.cause)

    def error(self, fallback: str) -> DeckgenError:
        """The refusal as an error in this process (``fallback``: its message when none was said)."""
        return DeckgenError(
            self.message or fallback, code=self.code or Code.REFUSED, option=self.option, cause=self.cause
        )

    def write(self, path: Path) -> None:
        """Write it whole (a file written aside, then renamed), so a reader finds all of it or none."""
        aside = path.with_name(path.name + ".part")
        aside.write_text(json.dumps(asdict(self), sort_keys=True), encoding="utf-8")
        os.replace(aside, path)

    @classmethod
    def read(cls, path: Path, status: int) -> Outcome:
        """The outcome a command wrote to ``path``; one with ``status`` alone when it wrote none
        (it was killed, or ended before it could)."""
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls(status)
        if not isinstance(found, dict):
            return cls(status)
        code = found.get("code")

        def text(key: str) -> str | None:
            value = found.get(key)
            return value if isinstance(value, str) else None

        return cls(
            status,
            text("message") or "",
            Code(code) if code in {member.value for member in Code} else None,
            text("option"),
            text("cause"),
        )
