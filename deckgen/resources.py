"""Data files shipped inside deckgen's packages, found with :mod:`importlib.resources`.

Each game keeps its decks and specs in its own data package (``deckgen.games.<game>.templates``,
made from ``templates/<game>/`` of the checkout), and the print profiles and laser beds every
game shares are ``deckgen.templates`` (``templates/``). Found by package name, not by a path
worked out from ``__file__``, they are where any install put them: a checkout, an editable
install, pipx, ``pip install --user``, a virtual environment or a zip on ``sys.path``.

The rest of deckgen reads data files as paths (it names them in messages, and a teacher's own
deck file is a path too), so a package inside a zip is copied out once, to a temporary folder
removed when deckgen ends.
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path


@cache
def data_folder(package: str) -> Path:
    """The folder of the data package ``package`` (a dotted name), as a path on disk."""
    root = resources.files(package)
    if isinstance(root, Path):
        return root
    copy = Path(tempfile.mkdtemp(prefix="deckgen-data-"))
    atexit.register(shutil.rmtree, copy, ignore_errors=True)
    _copy_tree(root, copy)
    return copy


def _copy_tree(source: Traversable, target: Path) -> None:
    for entry in source.iterdir():
        if entry.name == "__pycache__" or entry.name.endswith((".py", ".pyc")):
            continue
        if entry.is_dir():
            (target / entry.name).mkdir()
            _copy_tree(entry, target / entry.name)
        else:
            (target / entry.name).write_bytes(entry.read_bytes())


def static_file(package: str, name: str) -> bytes:
    """A file shipped beside a package's modules (the page's style sheet and script)."""
    return resources.files(package).joinpath(name).read_bytes()
