"""Treenex deck files: a name, the range of values and how many copies of each."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckgen.deckfile import check_header, read_toml
from deckgen.errors import DeckgenError
from deckgen.games.treenex.model import TreenexDeck, check_size, parse_value_range
from deckgen.i18n import _
from deckgen.resources import data_folder

#: The shipped deck, in this game's data package (``templates/treenex/``).
TREENEX_FILE = data_folder("deckgen.games.treenex.templates") / "treenex.toml"
_TREENEX_KEYS = {"name", "game", "values", "copies"}


def load_treenex(path: Path = TREENEX_FILE) -> TreenexDeck:
    """Read and validate a Treenex deck file."""
    return treenex_from_data(path, read_toml(path))


def treenex_from_data(path: Path, data: dict[str, Any]) -> TreenexDeck:
    name = check_header(path, data, "treenex", _TREENEX_KEYS, "treenex")
    values = data.get("values", "0-9")
    if not isinstance(values, str):
        raise DeckgenError(
            _('{path}: values = {values}; write it as text, e.g. values = "0-9"').format(path=path, values=repr(values))
        )
    try:
        low, high = parse_value_range(values)
    except DeckgenError as error:
        raise DeckgenError(_("{path}: {error}").format(path=path, error=error)) from None
    copies = data.get("copies", 4)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 100:
        raise DeckgenError(
            _("{path}: copies = {copies}; use a whole number from 1 to 100").format(path=path, copies=repr(copies))
        )
    return check_size(TreenexDeck(name, low, high, copies))
