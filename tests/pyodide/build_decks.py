"""Build flash-card PDFs from deck files with deckgen's command line, run in-process: on the host,
or inside Pyodide (tests/pyodide/run.mjs). Each deck is built in a folder of its own under the
working folder, as ``deckgen build --game flashcards --file DECK --format pdf --out out``;
what deckgen said (its status and its error line) is written beside the PDFs, so the host and the
browser's runs can be compared file for file.

    python tests/pyodide/build_decks.py OUT DECK.csv...
    node tests/pyodide/run.mjs tests/pyodide/build_decks.py OUT DECK.csv...  (paths inside /work)
"""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import sys
import tempfile
from pathlib import Path


def build(deck: Path, into: Path) -> None:
    from deckgen.entry import main

    into.mkdir(parents=True, exist_ok=True)
    job = Path(tempfile.mkdtemp())  # the build runs in memory in Pyodide (MEMFS), then is copied out
    shutil.copy(deck, job / deck.name)
    said = io.StringIO()
    here = Path.cwd()
    os.chdir(job)
    try:
        with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
            code = main(["build", "--game", "flashcards", "--file", deck.name, "--format", "pdf", "--out", "out"])
    finally:
        os.chdir(here)
    for made in sorted((job / "out").glob("*.pdf")) if (job / "out").is_dir() else []:
        shutil.copy(made, into / made.name)
    (into / "said.txt").write_text(f"{code}\n{said.getvalue()}", encoding="utf-8")
    shutil.rmtree(job)


if __name__ == "__main__":
    out = Path(sys.argv[1])
    for name in sys.argv[2:]:
        build(Path(name), out / Path(name).stem)
