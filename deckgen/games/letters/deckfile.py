"""A Cleariosity Letters deck as a file: one card a line, its level and its grid of tiles.

The same shape as the numbers game's deck files, so that a teacher or maker reads and edits
either the same way: three rows from the top, separated by ``/``, a tile where the card has
one and ``.`` where it is clear::

    { id = "G01", level = 1, grid = "sh . . / . i . / . . p" }
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from deckgen.deckfile import CARD_ID, read_toml, unknown_keys
from deckgen.errors import DeckgenError
from deckgen.games.grid import GRID_SIZE
from deckgen.games.letters.blocklist import blocked_words
from deckgen.games.letters.cards import LetterCard
from deckgen.games.letters.words import LANGUAGES, WordList, load_words, split_word
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


def toml_text(text: str) -> str:
    """``text`` as a TOML string, quotes and backslashes escaped (a file name may hold them)."""
    return json.dumps(text, ensure_ascii=False)


def dump_letters(deck: LettersDeck) -> str:
    """The deck file's text (the same deck always gives the same bytes)."""
    lines = [HEADER, f"name = {toml_text(deck.name)}", 'game = "letters"', f"language = {toml_text(deck.language)}"]
    lines += [f"made_by = {toml_text(deck.made_by)}"]
    if deck.focus:
        lines.append("words = [" + ", ".join(toml_text(word) for word in deck.focus) + "]")
    lines += ["", "cards = ["]
    for card in deck.cards:
        lines.append(f'  {{ id = "{card.id}", level = {card.level + 1}, grid = {toml_text(grid_text(card))} }},')
    lines.append("]")
    return "\n".join(lines) + "\n"


#: The keys of a deck file, and of each card.
DECK_KEYS = {"name", "game", "language", "made_by", "words", "cards"}
CARD_KEYS = {"id", "level", "grid"}
#: Tiles on every card: one for each cell of a line.
TILES_A_CARD = 3
#: The most cards a deck may hold: its checks read every stack of three cards, which grow with
#: the cube of the cards (120 cards: 280,840 stacks, some seconds).
MAX_CARDS = 120


def load_letters(path: Path) -> LettersDeck:
    """A deck file, checked against its language's levels: one line naming the file, the card
    or key, and how to fix it, when it is not right."""
    data = read_toml(path)
    unknown_keys(path, "", data, DECK_KEYS)
    language = data.get("language", "en")
    if language not in LANGUAGES:
        raise DeckgenError(
            _("{path}: language = {language}; Cleariosity Letters has words in {languages}").format(
                path=path, language=repr(language), languages=", ".join(LANGUAGES)
            )
        )
    name = data.get("name", path.stem)
    if not isinstance(name, str):
        raise DeckgenError(_('{path}: name = … is a text in quotes: name = "My deck"').format(path=path))
    cards = data.get("cards")
    if not isinstance(cards, list) or not cards:
        raise DeckgenError(
            _("{path}: no cards = [ … ] list; a deck file lists its cards, one a line").format(path=path)
        )
    if len(cards) > MAX_CARDS:
        raise DeckgenError(
            _("{path}: {count} cards; a deck holds at most {most}").format(path=path, count=len(cards), most=MAX_CARDS)
        )
    read = tuple(_card(path, number, entry) for number, entry in enumerate(cards, start=1))
    ids = [card.id for card in read]
    if len(set(ids)) != len(ids):
        twice = sorted({card for card in ids if ids.count(card) > 1})
        raise DeckgenError(
            _("{path}: card {card} comes twice; give each card its own id").format(path=path, card=twice[0])
        )
    words = load_words(language)
    _check_levels(path, read, words)
    focus = data.get("words", [])
    if not isinstance(focus, list) or not all(isinstance(word, str) and word.isalpha() for word in focus):
        raise DeckgenError(
            _("{path}: words = [ … ] lists a teacher's words, each in quotes: {example}").format(
                path=path, example='words = ["ship", "chin"]'
            )
        )
    focus_words = tuple(dict.fromkeys(unicodedata.normalize("NFC", word.lower()) for word in focus))
    _check_focus(path, focus_words, read, words)
    made_by = data.get("made_by", "")
    return LettersDeck(name, language, made_by if isinstance(made_by, str) else "", read, focus_words)


def _check_focus(path: Path, focus: tuple[str, ...], cards: tuple[LetterCard, ...], words: WordList) -> None:
    """Every teacher's word the file lists is spelled by the language's tiles, at a level the
    deck's cards reach."""
    top = max(card.level for card in cards)
    for text in focus:
        placed = split_word(text, words)
        if placed is None:
            said = _("the deck lists the word {word!r}, which the {language} levels cannot spell; remove it").format(
                word=text, language=words.name
            )
        elif placed[0].text in blocked_words(words.language):
            said = _("the deck lists the word {word!r}, which is on the blocklist; remove it").format(word=text)
        elif placed[1] > top:
            said = _(
                "the deck lists the word {word}, first spelled at level {level}, but its cards end at level {top}"
            ).format(word=text, level=placed[1] + 1, top=top + 1)
        else:
            continue
        raise DeckgenError(_("{path}: {message}").format(path=path, message=said))


def _check_levels(path: Path, cards: tuple[LetterCard, ...], words: WordList) -> None:
    """Every card at a level of the language, every level up to the last with cards, and every
    tile one its level (or an earlier one) brings: a class meets no sound before its level."""
    top = max(card.level for card in cards)
    if top >= len(words.levels):
        card = next(card for card in cards if card.level == top)
        raise DeckgenError(
            _("{path}: card {card} is at level {level}, but the {language} levels are 1 to {listed}").format(
                path=path, card=card.id, level=top + 1, language=words.name, listed=len(words.levels)
            )
        )
    for rank in range(top + 1):
        if not any(card.level == rank for card in cards):
            raise DeckgenError(
                _("{path}: no card at level {level}; a deck holds every level up to its last").format(
                    path=path, level=rank + 1
                )
            )
    for card in cards:
        met = set(words.tiles_to(card.level))
        for tile in sorted(card.tiles.values()):
            if tile not in met:
                raise DeckgenError(
                    _(
                        "{path}: card {card}: {tile} is not a tile of the {language} levels up to level {level}; "
                        "use one of {tiles}"
                    ).format(
                        path=path,
                        card=card.id,
                        tile=repr(tile),
                        language=words.name,
                        level=card.level + 1,
                        tiles=" ".join(words.tiles_to(card.level)),
                    )
                )


def _card(path: Path, number: int, entry: object) -> LetterCard:
    where = _("{path}: card {number}").format(path=path, number=number)
    if isinstance(entry, dict):
        unknown_keys(path, _("card {number}: ").format(number=number), entry, CARD_KEYS)
    if not isinstance(entry, dict) or not isinstance(entry.get("id"), str) or not isinstance(entry.get("grid"), str):
        example = '{ id = "G01", level = 1, grid = "sh . . / . i . / . . p" }'
        raise DeckgenError(_("{where}: write it as {example}").format(where=where, example=example))
    if not CARD_ID.fullmatch(entry["id"]):
        raise DeckgenError(
            _(
                "{where}: id {card} is not a card id; write a capital letter and up to five capitals or digits (G01)"
            ).format(where=where, card=repr(entry["id"][:20]))
        )
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
    tiles = {
        r * GRID_SIZE + c: unicodedata.normalize("NFC", tile.lower())
        for r, row in enumerate(rows)
        for c, tile in enumerate(row)
        if tile != "."
    }
    if not all(tile.isalpha() for tile in tiles.values()):
        raise DeckgenError(
            _("{where} ({card}): a cell holds letters or '.', nothing else").format(where=where, card=entry["id"])
        )
    if len(tiles) != TILES_A_CARD:
        raise DeckgenError(
            _("{where} ({card}): a card carries three tiles, not {count}; write '.' in the other six cells").format(
                where=where, card=entry["id"], count=len(tiles)
            )
        )
    return LetterCard(entry["id"], level - 1, tiles)
