"""The one exception type the CLI turns into a single readable line.

Core code raises :class:`DeckgenError` for anything a user can fix (a bad deck file, an
impossible option); the CLI prints its message and exits non-zero, so a user never sees a
Python traceback for their own mistake.
"""

from enum import StrEnum


class Code(StrEnum):
    """What kind of problem a :class:`DeckgenError` is: what a front end (the page, a job's
    parent process) reads to decide what to do about it, in place of the message's words."""

    #: Anything a user can fix that no front end treats apart (the default).
    REFUSED = "refused"
    #: A value given for an option cannot be used (its field on the page shows the message).
    BAD_VALUE = "bad-value"
    #: An option given where it does nothing (files not being made, another game's option).
    OPTION_NOT_HERE = "option-not-here"
    #: Counting alone shows no deck can meet a description: no other search can help.
    RULED_OUT = "ruled-out"
    #: A search ended without a deck that passes; another search (seed) or more time may find one.
    SEARCH_FAILED = "search-failed"
    #: A deck was checked and falls short of its criteria.
    CHECK_FAILED = "check-failed"
    #: A command ran past its time limit and was stopped.
    TOO_LONG = "too-long"


class DeckgenError(Exception):
    """A problem the user can fix; ``str(error)`` says what, where and how.

    Besides its message it carries what a front end needs to act on it without reading the
    words (which are translated, and may change):

    - ``code``: what kind of problem it is (:class:`Code`);
    - ``option``: the name of the option (``"kerf"``) whose value, given as that option
      (``--kerf``), the error is about; ``None`` when it concerns no option, or a value that
      came from elsewhere (a profile);
    - ``cause``: the message without the command line's own words around it (advice only the
      command line can follow, ``--seed``, at its end; the flag a file was given with, ``--font``,
      at its start), for a front end that says those its own way (the page); ``None`` when the
      message has none.
    """

    def __init__(
        self, message: str = "", *, code: Code = Code.REFUSED, option: str | None = None, cause: str | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.option = option
        self.cause = cause

    def __reduce__(self) -> tuple[object, ...]:
        # Raised in a worker process, it reaches the parent whole (Exception keeps only the args).
        return (type(self), self.args, {"code": self.code, "option": self.option, "cause": self.cause})


class Stopped(BaseException):
    """Raised in the main thread when the process is asked to stop (SIGINT, SIGTERM, SIGHUP).

    A BaseException, like KeyboardInterrupt, so that only the code that cleans up (and the
    entry point) catches it.
    """

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def reason(self) -> str:
        """How the stop reads in its one line: Ctrl-C interrupts, the other signals terminate."""
        import signal

        return "interrupted" if self.signum == signal.SIGINT else "terminated"


#: The longest unbroken run of characters an error line shows whole (a path, a quoted value).
LONGEST_SHOWN = 200


def one_line(message: str) -> str:
    """An error message as the one line the CLI prints: line breaks become spaces, and a run of
    more than :data:`LONGEST_SHOWN` characters without a space (a megabyte of a value quoted
    back) is cut to its start and end, so a refusal is a line a person can read."""
    import re

    flat = " ".join(message.splitlines())
    keep = LONGEST_SHOWN // 2
    return re.sub(
        rf"\S{{{LONGEST_SHOWN + 1},}}",
        lambda m: f"{m.group()[:keep]}...({len(m.group()) - keep - 20:,} more characters)...{m.group()[-20:]}",
        flat,
    )
