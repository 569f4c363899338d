"""The one exception type the CLI turns into a single readable line.

Core code raises :class:`DeckgenError` for anything a user can fix (a bad deck file, an
impossible option); the CLI prints its message and exits non-zero, so a user never sees a
Python traceback for their own mistake.
"""


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
