"""Reading TOML data files with one-line errors, and where the shared ones are.

Every game's deck file, and the print profiles and laser beds, are read through
:func:`read_toml`, so a broken file always gets the same kind of message: the file, what
is wrong, and how to fix it.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.fileio import read_bounded
from deckgen.resources import data_folder

#: The print profiles and laser beds every game shares (``templates/``, package ``deckgen.templates``).
TEMPLATES = data_folder("deckgen.templates")

#: The largest deck, profile or bed file read (a standard deck file is 5 KB).
MAX_FILE_BYTES = 1_000_000
#: A card id: drawn on the card in the stroke font and used as a file name, so capital
#: letters and ASCII digits only, starting with a letter.
CARD_ID = re.compile(r"[A-Z][A-Z0-9]{0,5}")


def read_toml(path: Path, what: str = "deck file") -> dict[str, Any]:
    """A TOML file as a dict, or one line saying what is wrong with it."""
    try:
        if path.is_dir():
            raise DeckgenError(f"{path}: is a folder; give the path of a {what}")
        # A byte-order mark some editors add is fine.
        text = read_bounded(path, MAX_FILE_BYTES, what).decode("utf-8-sig")
    except FileNotFoundError:
        raise DeckgenError(f"{path}: no such file; check the path") from None
    except UnicodeDecodeError:
        raise DeckgenError(f"{path}: not UTF-8 text; save it as UTF-8 (plain text) in your editor") from None
    except OSError as error:
        raise DeckgenError(f"{path}: cannot read it ({error}); check that it is a text file you may read") from None
    import tomllib  # here, not at the top: listing the commands needs no TOML

    try:
        return tomllib.loads(text)
    except ValueError as error:
        if isinstance(error, tomllib.TOMLDecodeError):
            raise DeckgenError(f"{path}: not a valid {what} ({error}); check quotes, commas and brackets") from None
        # Python refuses integers of thousands of digits.
        raise DeckgenError(f"{path}: a number in it has thousands of digits; check the numbers") from None
    except RecursionError:
        raise DeckgenError(f"{path}: not a valid {what} (nested too deeply); check the brackets") from None
    except tomllib.TOMLDecodeError as error:
        raise DeckgenError(f"{path}: not a valid {what} ({error}); check quotes, commas and brackets") from None


def unknown_keys(path: Path, where: str, data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise DeckgenError(f"{path}: {where}unknown key {unknown[0]!r}; allowed keys are {', '.join(sorted(allowed))}")


def check_header(path: Path, data: dict[str, Any], game: str, allowed: set[str], example_name: str) -> str:
    """Check the keys and the ``game`` of a deck file; return its name."""
    unknown_keys(path, "", data, allowed)
    if data.get("game") != game:
        raise DeckgenError(f'{path}: game = {data.get("game")!r}; this kind of deck file needs game = "{game}"')
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise DeckgenError(f'{path}: missing name; add a line like name = "{example_name}"')
    return name
