"""Deck files: reading, validating and writing the human-editable TOML under ``templates/``.

A Cleariosity card is one line a teacher can read and change::

    { id = "G01", tier = "green", grid = "5 . . / . 3 . / . . 8" },

Every problem found on load names the file, the card and how to fix it, and stops the
load (a deck that is half right is not a deck).
"""

from __future__ import annotations

import re
import sys
import tomllib
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.model import CELLS_PER_CARD, GRID_SIZE, Card, Cell, Deck, Tier
from deckgen.rules import MAX_VALUE, MIN_VALUE
from deckgen.standard import STANDARD_COUNTS
from deckgen.treenex import TreenexDeck, check_size, parse_value_range


def _templates_folder() -> Path:
    """templates/ beside the package (a checkout), else where a regular install puts it."""
    beside = Path(__file__).resolve().parent.parent / "templates"
    installed = Path(sys.prefix) / "share" / "deckgen" / "templates"
    return beside if beside.is_dir() or not installed.is_dir() else installed


TEMPLATES = _templates_folder()
CLEARIOSITY_FILE = TEMPLATES / "cleariosity-numbers.toml"
TREENEX_FILE = TEMPLATES / "treenex.toml"

_CLEARIOSITY_KEYS = {"name", "game", "standard", "made_by", "cards"}
_CARD_KEYS = {"id", "tier", "grid"}
#: The largest deck, profile or bed file read (a standard deck file is 5 KB).
MAX_FILE_BYTES = 1_000_000
#: The largest Cleariosity deck accepted: checks grow with the cube of the deck size (three-card
#: groups), so this bounds the time and memory of every command.
MAX_CLEARIOSITY_CARDS = 240
#: A card id: drawn on the card in the stroke font and used as a file name, so capital
#: letters and ASCII digits only, starting with a letter.
CARD_ID = re.compile(r"[A-Z][A-Z0-9]{0,5}")
#: Ids of this form belong to Treenex cards (T01 …), whose PNG files share the folder.
TREENEX_ID = re.compile(r"T[0-9]+")
_TREENEX_KEYS = {"name", "game", "values", "copies"}
_TIER_NAMES = ", ".join(t.colour for t in Tier)


def read_toml(path: Path, what: str = "deck file") -> dict[str, Any]:
    """A TOML file as a dict, or one line saying what is wrong with it."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise DeckgenError(f"{path}: {path.stat().st_size:,} bytes; a {what} is at most {MAX_FILE_BYTES:,} bytes")
        text = path.read_text(encoding="utf-8-sig")  # a byte-order mark some editors add is fine
    except FileNotFoundError:
        raise DeckgenError(f"{path}: no such file; check the path") from None
    except (OSError, UnicodeDecodeError) as error:
        raise DeckgenError(f"{path}: cannot read it ({error}); check that it is a text file you may read") from None
    try:
        return tomllib.loads(text)
    except RecursionError:
        raise DeckgenError(f"{path}: not a valid {what} (nested too deeply); check the brackets") from None
    except tomllib.TOMLDecodeError as error:
        raise DeckgenError(f"{path}: not a valid {what} ({error}); check quotes, commas and brackets") from None


def _unknown_keys(path: Path, where: str, data: dict[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(data) - allowed)
    if unknown:
        raise DeckgenError(f"{path}: {where}unknown key {unknown[0]!r}; allowed keys are {', '.join(sorted(allowed))}")


def parse_grid(text: str) -> tuple[Cell, ...]:
    """``"5 . . / . 3 . / . . 8"`` → the card's cells; raises ValueError saying what is wrong."""
    rows = [row.split() for row in text.split("/")]
    if len(rows) != GRID_SIZE or any(len(row) != GRID_SIZE for row in rows):
        raise ValueError("the grid needs 3 rows of 3 marks separated by '/', e.g. \"5 . . / . 3 . / . . 8\"")
    cells = []
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            if mark == ".":
                continue
            # One ASCII digit: str.isdigit() would also take "３" or "٣" and read them as 3.
            if len(mark) != 1 or mark not in "0123456789" or not MIN_VALUE <= int(mark) <= MAX_VALUE:
                raise ValueError(f"row {r + 1} has {mark!r}; each mark must be one digit 0-9 or '.'")
            cells.append(Cell(r, c, int(mark)))
    if len(cells) != CELLS_PER_CARD:
        raise ValueError(f"the grid has {len(cells)} numbers; write exactly 3 digits and 6 dots")
    return tuple(cells)


def load_cleariosity(path: Path = CLEARIOSITY_FILE) -> Deck:
    """Read and validate a Cleariosity Numbers deck file."""
    data = read_toml(path)
    return cleariosity_from_data(path, data)


def _check_header(path: Path, data: dict[str, Any], game: str, allowed: set[str], example_name: str) -> str:
    """Check the keys and the ``game`` of a deck file; return its name."""
    _unknown_keys(path, "", data, allowed)
    if data.get("game") != game:
        raise DeckgenError(f'{path}: game = {data.get("game")!r}; this kind of deck file needs game = "{game}"')
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise DeckgenError(f'{path}: missing name; add a line like name = "{example_name}"')
    return name


def cleariosity_from_data(path: Path, data: dict[str, Any]) -> Deck:
    name = _check_header(path, data, "cleariosity", _CLEARIOSITY_KEYS, "cleariosity-numbers")
    entries = data.get("cards")
    if not isinstance(entries, list) or not entries:
        raise DeckgenError(f"{path}: no cards; add a cards = [ ... ] list with one {{ id, tier, grid }} per card")
    if len(entries) > MAX_CLEARIOSITY_CARDS:
        raise DeckgenError(
            f"{path}: {len(entries)} cards; a Cleariosity deck has at most {MAX_CLEARIOSITY_CARDS} "
            "(four standard decks), so that every check finishes in seconds"
        )
    cards: list[Card] = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            raise DeckgenError(f"{path}: card #{number} is not a {{ id = ..., tier = ..., grid = ... }} table")
        card_id = entry.get("id")
        if not isinstance(card_id, str) or not card_id.strip():
            raise DeckgenError(f'{path}: card #{number} has no id; give it one, e.g. id = "G01"')
        if not CARD_ID.fullmatch(card_id):
            raise DeckgenError(
                f"{path}: card #{number}: id {card_id!r}: use 1 to 6 capital letters and digits, starting with "
                'a letter, e.g. id = "G01" (every card prints its id, and PNG files are named after it)'
            )
        if TREENEX_ID.fullmatch(card_id):
            raise DeckgenError(
                f"{path}: card #{number}: id {card_id!r}: T and a number name Treenex cards; "
                "start the id with another letter"
            )
        where = f"card {card_id}: "
        _unknown_keys(path, where, entry, _CARD_KEYS)
        if card_id in seen:
            raise DeckgenError(f"{path}: {where}the id is used twice; give every card its own id")
        seen.add(card_id)
        tier_name = entry.get("tier")
        try:
            tier = Tier.from_name(str(tier_name))
        except KeyError:
            raise DeckgenError(f"{path}: {where}unknown tier {tier_name!r}; use one of {_TIER_NAMES}") from None
        grid = entry.get("grid")
        if not isinstance(grid, str):
            raise DeckgenError(f'{path}: {where}missing grid; write it like grid = "5 . . / . 3 . / . . 8"')
        try:
            cells = parse_grid(grid)
        except ValueError as error:
            raise DeckgenError(f"{path}: {where}{error}") from None
        cards.append(Card(card_id, tier, cells))
    standard = data.get("standard", False)
    if not isinstance(standard, bool):
        raise DeckgenError(f"{path}: standard = {standard!r}; write standard = true or standard = false")
    if standard:
        for tier, wanted in STANDARD_COUNTS.items():
            have = sum(1 for card in cards if card.tier is tier)
            if have != wanted:
                raise DeckgenError(
                    f"{path}: the standard deck needs {wanted} {tier.colour} cards but this file has {have}; "
                    "fix the tiers or set standard = false"
                )
    return Deck(name, tuple(cards))


def dump_cleariosity(deck: Deck, made_by: str = "") -> str:
    """The deck as a deck file (the exact bytes ``deckgen design`` writes)."""
    lines = [
        "# Cleariosity Numbers deck for deckgen.",
        "# One card per line: its id, its tier colour (green, yellow, purple, orange) and its",
        "# grid: three rows from the top, separated by '/', a digit where the card carries a",
        "# number and '.' where it is clear. Run `deckgen verify --file THIS-FILE` after editing.",
        "",
        f'name = "{deck.name}"',
        'game = "cleariosity"',
        f"standard = {'true' if _is_standard(deck) else 'false'}",
    ]
    if made_by:
        lines.append(f'made_by = "{made_by}"')
    lines += ["", "cards = ["]
    for card in deck.cards:
        lines.append(f'  {{ id = "{card.id}", tier = "{card.tier.colour}", grid = "{card.grid_text()}" }},')
    lines.append("]")
    return "\n".join(lines) + "\n"


def _is_standard(deck: Deck) -> bool:
    return all(len(deck.colour_cards(tier)) == count for tier, count in STANDARD_COUNTS.items())


def load_treenex(path: Path = TREENEX_FILE) -> TreenexDeck:
    """Read and validate a Treenex deck file."""
    return treenex_from_data(path, read_toml(path))


def treenex_from_data(path: Path, data: dict[str, Any]) -> TreenexDeck:
    name = _check_header(path, data, "treenex", _TREENEX_KEYS, "treenex")
    values = data.get("values", "0-9")
    if not isinstance(values, str):
        raise DeckgenError(f'{path}: values = {values!r}; write it as text, e.g. values = "0-9"')
    try:
        low, high = parse_value_range(values)
    except DeckgenError as error:
        raise DeckgenError(f"{path}: {error}") from None
    copies = data.get("copies", 4)
    if not isinstance(copies, int) or isinstance(copies, bool) or not 1 <= copies <= 100:
        raise DeckgenError(f"{path}: copies = {copies!r}; use a whole number from 1 to 100")
    return check_size(TreenexDeck(name, low, high, copies))


def load_any(path: Path) -> Deck | TreenexDeck:
    """Read a deck file of either game, going by its ``game`` key."""
    data = read_toml(path)
    game = data.get("game")
    if game == "cleariosity":
        return cleariosity_from_data(path, data)
    if game == "treenex":
        return treenex_from_data(path, data)
    raise DeckgenError(f'{path}: game = {game!r}; a deck file needs game = "cleariosity" or game = "treenex"')
