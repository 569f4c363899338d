"""A Cleariosity Letters deck as a file: one card a line, its level and its grid of tiles.

The same shape as the numbers game's deck files, so that a teacher or maker reads and edits
either the same way: three rows from the top, separated by ``/``, a tile where the card has
one and ``.`` where it is clear::

    { id = "G01", level = 1, grid = "sh . . / . i . / . . p" }
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.games.grid import GRID_SIZE
from deckgen.games.letters.cards import LetterCard
from deckgen.i18n import _

HEADER = """# Cleariosity Letters deck for deckgen.
# One card a line: its id, its level (1 first) and its grid: three rows from the top,
# separated by '/', a tile (a letter or a grapheme such as sh) where the card carries one
# and '.' where it is clear.
"""


@dataclass(frozen=True)
class LettersDeck:
    """A deck: its name, its language, the command that made it, its cards, and the teacher's own
    words it was designed to bring up (none for a deck of the language's levels)."""

    name: str
    language: str
    made_by: str
    cards: tuple[LetterCard, ...]
    focus: tuple[str, ...] = ()


def grid_text(card: LetterCard) -> str:
    rows = []
    for row in range(GRID_SIZE):
        rows.append(" ".join(card.tiles.get(row * GRID_SIZE + col, ".") for col in range(GRID_SIZE)))
    return " / ".join(rows)


def dump_letters(deck: LettersDeck) -> str:
    """The deck file's text (the same deck always gives the same bytes)."""
    lines = [HEADER, f'name = "{deck.name}"', 'game = "letters"', f'language = "{deck.language}"']
    lines += [f'made_by = "{deck.made_by}"']
    if deck.focus:
        lines.append("words = [" + ", ".join(f'"{word}"' for word in deck.focus) + "]")
    lines += ["", "cards = ["]
    for card in deck.cards:
        lines.append(f'  {{ id = "{card.id}", level = {card.level + 1}, grid = "{grid_text(card)}" }},')
    lines.append("]")
    return "\n".join(lines) + "\n"


def load_letters(path: Path) -> LettersDeck:
    """A deck file, checked: one line naming the file and the card when it is not right."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as error:
        raise DeckgenError(_("{path}: cannot read this deck file: {error}").format(path=path, error=error)) from None
    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        raise DeckgenError(
            _("{path}: no cards = [ … ] list; a deck file lists its cards, one a line").format(path=path)
        )
    read = tuple(_card(path, number, entry) for number, entry in enumerate(cards, start=1))
    ids = [card.id for card in read]
    if len(set(ids)) != len(ids):
        twice = sorted({card for card in ids if ids.count(card) > 1})
        raise DeckgenError(
            _("{path}: card {card} comes twice; give each card its own id").format(path=path, card=twice[0])
        )
    focus = data.get("words", [])
    if not isinstance(focus, list) or not all(isinstance(word, str) and word.isalpha() for word in focus):
        raise DeckgenError(
            _("{path}: words = [ … ] lists a teacher's words, each in quotes: {example}").format(
                path=path, example='words = ["ship", "chin"]'
            )
        )
    return LettersDeck(
        str(data.get("name", path.stem)),
        str(data.get("language", "en")),
        str(data.get("made_by", "")),
        read,
        tuple(word.lower() for word in focus),
    )


def _card(path: Path, number: int, entry: object) -> LetterCard:
    where = _("{path}: card {number}").format(path=path, number=number)
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not isinstance(entry.get("grid"), str):
        example = '{ id = "G01", level = 1, grid = "sh . . / . i . / . . p" }'
        raise DeckgenError(_("{where}: write it as {example}").format(where=where, example=example))
    level = entry.get("level")
    if not isinstance(level, int) or isinstance(level, bool) or level < 1:
        raise DeckgenError(
            _("{where} ({card}): level must be a whole number from 1").format(where=where, card=entry["id"])
        )
    rows = [row.split() for row in entry["grid"].split("/")]
    if len(rows) != GRID_SIZE or any(len(row) != GRID_SIZE for row in rows):
        raise DeckgenError(
            _("{where} ({card}): the grid needs three rows of three cells, '.' for a clear one").format(
                where=where, card=entry["id"]
            )
        )
    tiles = {r * GRID_SIZE + c: tile.lower() for r, row in enumerate(rows) for c, tile in enumerate(row) if tile != "."}
    if not all(tile.isalpha() for tile in tiles.values()):
        raise DeckgenError(
            _("{where} ({card}): a cell holds letters or '.', nothing else").format(where=where, card=entry["id"])
        )
    return LetterCard(entry["id"], level - 1, tiles)
