"""The one exception type the CLI turns into a single readable line.

Core code raises :class:`DeckgenError` for anything a user can fix (a bad deck file, an
impossible option); the CLI prints its message and exits non-zero, so a user never sees a
Python traceback for their own mistake.
"""

from deckgen.i18n import N_


class DeckgenError(Exception):
    """A problem the user can fix; ``str(error)`` says what, where and how."""


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


#: How a refusal of a deck description begins when counting alone shows no deck can meet it:
#: the page then offers no other search, since no seed can help.
RULED_OUT = N_("no deck can meet this spec")
#: How design ends a search that found no deck; the page, which has no --seed, says its own advice
#: in its place (both translated: design says it in the language it speaks).
SEARCH_ADVICE = N_("try another --seed or a longer --time-limit")
