"""A ``deckgen`` command run for the page: ``python -m deckgen.page_command [--outcome-file FILE] ARGS``.

One of the ways deckgen starts, beside ``python -m deckgen`` (:mod:`deckgen.__main__`) and the
page in a browser (:mod:`deckgen.browser`): the command of ``ARGS``, ended with the server
that started it (its lifeline: :mod:`deckgen.serve.child`), telling how it ended in FILE as
JSON (:mod:`deckgen.outcome`). It sits on top of the layers, as it runs the command line.
"""

from __future__ import annotations

import sys
from pathlib import Path

from deckgen.serve.child import OUTCOME_FLAG, watch_parent


def main() -> None:
    watch_parent()
    from deckgen.entry import run

    words = sys.argv[1:]
    if words[:1] == [OUTCOME_FLAG] and len(words) > 1:
        run(words[2:], Path(words[1]))  # how it ends, as JSON (deckgen.outcome), for the server to read
    else:
        run(words)


if __name__ == "__main__":
    main()
