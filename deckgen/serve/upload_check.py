"""An uploaded file checked in a child process of its own, within a time and a memory limit.

Reading a deck file is quick for any file deckgen or a teacher's program writes, but a file made
to be hostile has found slow or greedy corners before (a cloze nested thousands deep, a template
repeating a large field). Checked inside the server, one such file would hold a request, and
the processor, for as long as it took, or take the server's memory with it. Here the check is
``python -m deckgen.serve.upload_check LANG GAME FILE``: it ends with the server however the
server ends (see :mod:`deckgen.serve.child`), is stopped at :data:`CHECK_SECONDS`, may use at
most :data:`CHECK_MEMORY` bytes (where the system can limit it), and answers with one line of
JSON: ``{"design": [...]}`` (a spec: the command that designs a deck from it, or ``null``
for a deck ready to use) or ``{"refused": "..."}``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

from deckgen.errors import Code, DeckgenError
from deckgen.i18n import LANGUAGE_VARIABLE, _, language
from deckgen.inbrowser import IN_BROWSER

#: Longest an upload's check may take (any real deck file is read in well under a second).
CHECK_SECONDS = 30.0
#: Most memory an upload's check may take (a 2 MB upload can unpack to a 300 MB Anki collection).
CHECK_MEMORY = 4 * 1024**3
#: Set by the tests: the check's time limit, in seconds, to see it stop a check quickly.
SECONDS_VARIABLE = "DECKGEN_TEST_CHECK_SECONDS"


#: Uploads checked at once by one web worker, and how long another waits for its turn.
CHECK_SLOTS = 2
CHECK_WAIT = 60.0
_CHECKING = threading.BoundedSemaphore(CHECK_SLOTS)


def check_upload(game: str, path: Path, option: str | None = None) -> list[str] | None:
    """Check an uploaded file as ``deckgen build --file`` (or ``design --spec``) would, in a child
    process: the command that designs a deck from a spec, ``None`` for a deck, or
    :class:`DeckgenError` with the line saying what is wrong. With ``option``, the file is
    given to that option (a font, a picture), as ``deckgen build --font FILE`` would read it."""
    if IN_BROWSER:  # no child processes there: checked here, with no time or memory limit
        return _understood(verdict(game, path, option), path.name)
    from deckgen.serve.jobs import Busy

    # A few checks at a time, each with its own time and memory: many hostile files at once
    # wait here rather than hold the server's memory, and a good file is never timed out
    # because others crowded it.
    if not _CHECKING.acquire(timeout=CHECK_WAIT):
        raise Busy(_("deckgen is busy checking other files; try again in a minute"))
    try:
        return _checked_in_child(game, path, option)
    finally:
        _CHECKING.release()


def _checked_in_child(game: str, path: Path, option: str | None) -> list[str] | None:
    seconds = float(os.environ.get(SECONDS_VARIABLE) or CHECK_SECONDS)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "deckgen.serve.upload_check",
            language(),
            game,
            path.name,
            *([option] if option else []),
        ],
        cwd=path.parent,
        env={name: value for name, value in os.environ.items() if name != LANGUAGE_VARIABLE},
        stdin=subprocess.PIPE,  # its lifeline (see deckgen.serve.child): held until the check is over
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=os.name == "posix",
    )
    said: list[bytes] = []
    reader = threading.Thread(target=lambda: said.append(process.stdout.read() if process.stdout else b""))
    reader.start()
    try:
        process.wait(timeout=seconds)
    except subprocess.TimeoutExpired:
        raise DeckgenError(
            _(
                "{file}: reading it took longer than {seconds} seconds and was stopped; a deck file is read in a "
                "moment, so check that this is the file you meant"
            ).format(file=path.name, seconds=f"{seconds:.0f}")
        ) from None
    finally:
        from deckgen.serve.jobs import close_pipes, end

        end(process)
        close_pipes(process)
        reader.join(timeout=5)
        if process.stdout is not None:
            process.stdout.close()
    try:
        answer = json.loads(b"".join(said).decode("utf-8"))
    except ValueError:
        answer = None
    return _understood(answer, path.name)


def _understood(answer: object, name: str) -> list[str] | None:
    """The check's answer (see the module's description) as :func:`check_upload` returns it."""
    if not isinstance(answer, dict) or not ("refused" in answer or "design" in answer):
        raise DeckgenError(_unreadable(name))  # it ran out of memory, or ended otherwise
    if "refused" in answer:
        code, option, cause = answer.get("code"), answer.get("option"), answer.get("cause")
        raise DeckgenError(
            str(answer["refused"]),
            code=Code(code) if code in {member.value for member in Code} else Code.REFUSED,
            option=option if isinstance(option, str) else None,
            cause=cause if isinstance(cause, str) else None,
        )
    design = answer["design"]
    return [str(word) for word in design] if isinstance(design, list) else None


def _unreadable(name: str) -> str:
    return _("{file}: cannot be read as a deck; check that this is the file you meant").format(file=name)


def _limit_memory() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (CHECK_MEMORY, CHECK_MEMORY))
    except (ImportError, ValueError, OSError):
        pass  # a system with no such limit: the time limit still holds


def main() -> None:
    from deckgen.serve.child import watch_parent

    watch_parent()
    _limit_memory()
    spoken, key, name = sys.argv[1:4]
    option = sys.argv[4] if len(sys.argv) > 4 else None
    from deckgen.i18n import speak
    from deckgen.outdir import pause_for_tests

    speak(spoken)
    pause_for_tests("upload-check")
    sys.stdout.write(json.dumps(verdict(key, Path(name), option)) + "\n")
    sys.stdout.flush()


def verdict(key: str, path: Path, option: str | None = None) -> dict[str, object]:
    """What the check finds of the file at ``path`` for game ``key``, or given to its ``option``
    (see the module's description)."""
    from deckgen.games import games
    from deckgen.games.base import ColumnsNotFound
    from deckgen.serve.uploads import check_kind

    name = path.name
    answer: dict[str, object]
    try:
        game = games()[key]
        if option is not None:
            game.load(None, {option: str(path)})
            return {"design": None}
        check_kind(game, path)
        command = game.design_command(path)
        if command is None:
            game.check_printable(game.load(path, {}))
        answer = {"design": command}
    except ColumnsNotFound:
        answer = {"design": None}  # kept: the page asks which of the file's columns make each side of the card
    except DeckgenError as error:
        answer = {"refused": str(error), "code": error.code.value, "option": error.option, "cause": error.cause}
    except Exception:  # a file no reader expected (memory run out, too): a plain line, never a traceback
        answer = {"refused": _unreadable(name)}
    return answer


if __name__ == "__main__":
    main()
