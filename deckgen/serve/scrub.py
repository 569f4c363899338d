"""No folder of this computer in a message the page shows: one scrubber for every message.

The page's middleware passes every answer through :func:`scrubber` of the folders a message
might name (:func:`places`); a job or an upload check names the files of its own folder by
their names alone (:func:`plain`), before the message is kept in the store.
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from collections.abc import Callable
from html import escape
from pathlib import Path

import markupsafe


def places(root: Path) -> list[str]:
    """The folders of this computer that a message might name, as written in it: the server's
    own, the temporary folder, deckgen's (its deck files, the checkout or the installation), Python's,
    the home folder and the folder the server was started in. Never the file system's root."""
    import deckgen
    from deckgen.deckfile import TEMPLATES

    folders = [root, Path(tempfile.gettempdir()), TEMPLATES, TEMPLATES.parent, Path(deckgen.__file__).parent.parent]
    folders += [Path(sys.prefix), Path(sys.base_prefix)]
    for where in (Path.home, Path.cwd):
        try:
            folders.append(where())
        except (OSError, RuntimeError):  # no home, or a folder since removed
            continue
    found: set[str] = set()
    for folder in folders:
        for form in (folder, folder.resolve()):
            if len(form.parts) < 2:
                continue
            for text in (str(form), form.as_posix()):
                # As written in the text, an HTML page (html.escape's and the templates' Jinja2
                # spellings of quotes) and a JSON answer.
                found |= {text, escape(text), str(markupsafe.escape(text)), json.dumps(text)[1:-1]}
    return sorted(found, key=len, reverse=True)


def scrubber(folders: list[str]) -> Callable[[str], str]:
    """A function that names any file under ``folders`` in a text by its own name alone (and a
    folder by its own name): ``/home/me/deckgen/templates/flashcards/flashcards-sample.csv: a 1 x 1 mm
    card ...`` becomes ``flashcards-sample.csv: a 1 x 1 mm card ...``."""
    if not folders:
        return lambda text: text
    # A folder where a name starts and ends (not the middle of a longer name), then the rest of the path.
    folder = r"(?<![\w.-])(" + "|".join(map(re.escape, folders)) + r")(?![\w.-])"
    pattern = re.compile(folder + r"((?:[/\\][^\s'\"<>/\\]*)*)")

    def named(match: re.Match[str]) -> str:
        parts = [part for part in re.split(r"[/\\]", match.group(1) + match.group(2)) if part]
        return parts[-1] if parts else ""

    return lambda text: pattern.sub(named, text)


def plain(message: str, folder: Path) -> str:
    """``message`` naming the files of ``folder`` (a job's, an upload's) by their names alone."""
    return scrubber([str(folder)])(message)
