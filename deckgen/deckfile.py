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
from deckgen.i18n import N_, _
from deckgen.resources import data_folder

#: The print profiles and laser beds every game shares (``templates/``, package ``deckgen.templates``).
TEMPLATES = data_folder("deckgen.templates")

#: The largest deck, profile or bed file read (a standard deck file is 5 KB).
MAX_FILE_BYTES = 1_000_000
#: A card id: drawn on the card in the stroke font and used as a file name, so capital
#: letters and ASCII digits only, starting with a letter.
CARD_ID = re.compile(r"[A-Z][A-Z0-9]{0,5}")


def read_toml(path: Path, what: str = N_("deck file")) -> dict[str, Any]:
    """A TOML file as a dict, or one line saying what is wrong with it (``what`` it should be,
    marked for translation)."""
    text = read_text(path, what)
    import tomllib  # here, not at the top: listing the commands needs no TOML

    try:
        return tomllib.loads(text)
    except ValueError as error:
        if isinstance(error, tomllib.TOMLDecodeError):
            raise DeckgenError(_not_valid(path, what, error)) from None
        # Python refuses integers of thousands of digits.
        raise DeckgenError(
            _("{path}: a number in it has thousands of digits; check the numbers").format(path=path)
        ) from None
    except RecursionError:
        raise DeckgenError(
            _("{path}: not a valid {what} (nested too deeply); check the brackets").format(path=path, what=_(what))
        ) from None


def read_text(path: Path, what: str = N_("deck file")) -> str:
    """A text file of at most :data:`MAX_FILE_BYTES` in UTF-8 (a byte-order mark is fine), or one
    line saying what is wrong with it (``what`` it should be, marked for translation)."""
    try:
        if path.is_dir():
            raise DeckgenError(_("{path}: is a folder; give the path of a {what}").format(path=path, what=_(what)))
        # A byte-order mark some editors add is fine.
        text = read_bounded(path, MAX_FILE_BYTES, what).decode("utf-8-sig")
    except FileNotFoundError:
        raise DeckgenError(_("{path}: no such file; check the path").format(path=path)) from None
    except UnicodeDecodeError:
        raise DeckgenError(
            _("{path}: not UTF-8 text; save it as UTF-8 (plain text) in your editor").format(path=path)
        ) from None
    except OSError as error:
        raise DeckgenError(
            _("{path}: cannot read it ({reason}); check that it is a text file you may read").format(
                path=path, reason=error
            )
        ) from None
    return text


def _not_valid(path: Path, what: str, error: Exception) -> str:
    """A file that is not TOML: where, and the reader's own words (in English) about where in it."""
    return _("{path}: not a valid {what} ({reason}); check quotes, commas and brackets").format(
        path=path, what=_(what), reason=error
    )


def unknown_keys(path: Path, where: str, data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise DeckgenError(
            _("{path}: {where}unknown key {key}; allowed keys are {allowed}").format(
                path=path, where=where, key=repr(unknown[0]), allowed=", ".join(sorted(allowed))
            )
        )


def check_header(path: Path, data: dict[str, Any], game: str, allowed: set[str], example_name: str) -> str:
    """Check the ``game`` and the keys of a deck file; return its name. The game comes first: a
    deck of another game (``show`` given a letters deck) is named as such, not by a key it has."""
    if "game" not in data:
        raise DeckgenError(
            _('{path}: no game = … line; a deck file of this kind starts with game = "{game}"').format(
                path=path, game=game
            )
        )
    if data.get("game") != game:
        raise DeckgenError(
            _('{path}: game = {named}; this kind of deck file needs game = "{game}"').format(
                path=path, named=repr(data.get("game")), game=game
            )
        )
    unknown_keys(path, "", data, allowed)
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise DeckgenError(
            _('{path}: missing name; add a line like name = "{example}"').format(path=path, example=example_name)
        )
    return name
