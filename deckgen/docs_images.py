"""The pictures in the README, made by deckgen itself (``make docs``): each game gives its own.

A test renders them again and compares them with the committed files, so they never go
stale: change a card design, run ``make docs``, commit the new pictures.
"""

from __future__ import annotations

import sys
from pathlib import Path

from deckgen.fileio import write_atomic
from deckgen.games import games


def docs_images() -> dict[str, bytes]:
    """File name → PNG bytes, for every game."""
    images: dict[str, bytes] = {}
    for game in games().values():
        images.update(game.doc_pictures())
    return images


def main(folder: str) -> None:
    target = Path(folder)
    target.mkdir(parents=True, exist_ok=True)
    for name, data in docs_images().items():
        write_atomic(target / name, data)
        print(f"wrote {target / name}")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "docs")
