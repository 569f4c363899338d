"""Cleariosity deck files: reading, validating and writing the human-editable TOML.

A card is one line a teacher can read and change::

    { id = "G01", tier = "green", grid = "5 . . / . 3 . / . . 8" },

Every problem found on load names the file, the card and how to fix it, and stops the
load (a deck that is half right is not a deck).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from deckgen.deckfile import CARD_ID, check_header, read_toml, unknown_keys
from deckgen.errors import DeckgenError
from deckgen.fileio import real_path
from deckgen.games import id_taken
from deckgen.games.cleariosity.core.model import CELLS_PER_CARD, STANDARD_TIERS, Card, Cell, Deck, Tier, tier_named
from deckgen.games.cleariosity.core.rules import MAX_VALUE, MIN_VALUE
from deckgen.games.cleariosity.core.standard import STANDARD_COUNTS
from deckgen.games.cleariosity.spec.presets import CLEARIOSITY_FILE
from deckgen.games.grid import GRID_SIZE
from deckgen.i18n import _, ngettext

_CLEARIOSITY_KEYS = {"name", "game", "standard", "made_by", "cards", "spec"}
_CARD_KEYS = {"id", "tier", "grid"}
#: The largest Cleariosity deck accepted: checks grow with the cube of the deck size (three-card
#: groups), so this bounds the time and memory of every command.
MAX_CLEARIOSITY_CARDS = 240


def parse_grid(text: str) -> tuple[Cell, ...]:
    """``"5 . . / . 3 . / . . 8"`` → the card's cells; raises ValueError saying what is wrong."""
    rows = [row.split() for row in text.split("/")]
    if len(rows) != GRID_SIZE or any(len(row) != GRID_SIZE for row in rows):
        raise ValueError(_("the grid needs 3 rows of 3 marks separated by '/', e.g. \"5 . . / . 3 . / . . 8\""))
    cells = []
    for r, row in enumerate(rows):
        for c, mark in enumerate(row):
            if mark == ".":
                continue
            # ASCII digits only: str.isdigit() would also take "３" or "٣" and read them as 3.
            if (
                not 1 <= len(mark) <= 2
                or any(ch not in "0123456789" for ch in mark)
                or (len(mark) == 2 and mark[0] == "0")
                or not MIN_VALUE <= int(mark) <= MAX_VALUE
            ):
                raise ValueError(
                    _("row {row} has {mark}; each mark must be a number 0-{most} (no leading 0) or '.'").format(
                        row=r + 1, mark=repr(mark), most=MAX_VALUE
                    )
                )
            cells.append(Cell(r, c, int(mark)))
    if len(cells) != CELLS_PER_CARD:
        # The same English for one number as for several: a language may say them apart.
        said = ngettext(
            "the grid has {count} numbers; write exactly 3 numbers and 6 dots",
            "the grid has {count} numbers; write exactly 3 numbers and 6 dots",
            len(cells),
        )
        raise ValueError(said.format(count=len(cells)))
    return tuple(cells)


def load_cleariosity(path: Path = CLEARIOSITY_FILE) -> Deck:
    """Read and validate a Cleariosity Numbers deck file."""
    data = read_toml(path)
    return cleariosity_from_data(path, data)


def cleariosity_from_data(path: Path, data: dict[str, Any]) -> Deck:
    name = check_header(path, data, "cleariosity", _CLEARIOSITY_KEYS, "cleariosity-numbers")
    entries = data.get("cards")
    if not isinstance(entries, list) or not entries:
        raise DeckgenError(
            _("{path}: no cards; add a cards = [ ... ] list with one {entry} per card").format(
                path=path, entry="{ id, tier, grid }"
            )
        )
    if len(entries) > MAX_CLEARIOSITY_CARDS:
        raise DeckgenError(
            _(
                "{path}: {count} cards; a Cleariosity deck has at most {most} (four standard decks), so that every "
                "check finishes in seconds"
            ).format(path=path, count=len(entries), most=MAX_CLEARIOSITY_CARDS)
        )
    spec = data.get("spec", "")
    if not isinstance(spec, str):
        raise DeckgenError(
            _('{path}: spec = {value}; write the spec it follows, e.g. spec = "starter"').format(
                path=path, value=repr(spec)
            )
        )
    spec = spec_beside(path, spec)
    tiers = deck_tiers(path, spec)
    tier_names = ", ".join(t.name for t in tiers)
    cards: list[Card] = []
    seen: set[str] = set()
    for number, entry in enumerate(entries, start=1):
        if not isinstance(entry, dict):
            raise DeckgenError(
                _("{path}: card #{number} is not a {entry} table").format(
                    path=path, number=number, entry="{ id = ..., tier = ..., grid = ... }"
                )
            )
        card_id = entry.get("id")
        if not isinstance(card_id, str) or not card_id.strip():
            raise DeckgenError(
                _('{path}: card #{number} has no id; give it one, e.g. id = "G01"').format(path=path, number=number)
            )
        if not CARD_ID.fullmatch(card_id):
            raise DeckgenError(
                _(
                    "{path}: card #{number}: id {card}: use 1 to 6 capital letters and digits, starting with "
                    'a letter, e.g. id = "G01" (every card prints its id, and PNG files are named after it)'
                ).format(path=path, number=number, card=repr(card_id))
            )
        taken = id_taken(card_id, "cleariosity")
        if taken:
            raise DeckgenError(
                _("{path}: card #{number}: id {card}: {taken}; start the id with another letter").format(
                    path=path, number=number, card=repr(card_id), taken=taken
                )
            )
        unknown_keys(path, _("card {card}: ").format(card=card_id), entry, _CARD_KEYS)
        if card_id in seen:
            raise DeckgenError(
                _("{path}: card {card}: the id is used twice; give every card its own id").format(
                    path=path, card=card_id
                )
            )
        seen.add(card_id)
        tier_name = entry.get("tier")
        try:
            tier = tier_named(tiers, str(tier_name))
        except KeyError:
            raise DeckgenError(
                _("{path}: card {card}: unknown tier {tier}; use one of {tiers}").format(
                    path=path, card=card_id, tier=repr(tier_name), tiers=tier_names
                )
            ) from None
        grid = entry.get("grid")
        if grid is None:
            raise DeckgenError(
                _('{path}: card {card}: missing grid; write it like grid = "5 . . / . 3 . / . . 8"').format(
                    path=path, card=card_id
                )
            )
        if not isinstance(grid, str):
            raise DeckgenError(
                _(
                    '{path}: card {card}: grid = {value} is not text; write it like grid = "5 . . / . 3 . / . . 8"'
                ).format(path=path, card=card_id, value=repr(grid))
            )
        try:
            cells = parse_grid(grid)
        except ValueError as error:
            raise DeckgenError(
                _("{path}: card {card}: {problem}").format(path=path, card=card_id, problem=error)
            ) from None
        cards.append(Card(card_id, tier, cells))
    standard = data.get("standard", False)
    if not isinstance(standard, bool):
        raise DeckgenError(
            _("{path}: standard = {value}; write standard = true or standard = false").format(
                path=path, value=repr(standard)
            )
        )
    if standard:
        for tier, wanted in STANDARD_COUNTS.items():
            have = sum(1 for card in cards if card.tier == tier)
            if have != wanted:
                raise DeckgenError(
                    _(
                        "{path}: the standard deck needs {wanted} {tier} cards but this file has {have}; "
                        "fix the tiers or set standard = false"
                    ).format(path=path, wanted=wanted, tier=tier.name, have=have)
                )
    return Deck(name, tuple(cards), spec, tiers)


def spec_beside(path: Path, spec: str) -> str:
    """A deck file's spec: a preset's name as it is, a spec file's path from the deck file's folder
    (so that a deck and its spec can be moved together)."""
    if not spec or ("/" not in spec and not spec.endswith(".toml")) or Path(spec).is_absolute():
        return spec
    return str(path.parent / spec)


def spec_from(out: Path | None, spec: str) -> str:
    """How a deck file written to ``out`` names its spec (the inverse of :func:`spec_beside`): a
    preset's name or an absolute path as given, a spec file's path from the deck file's folder."""
    if out is None or not spec or ("/" not in spec and not spec.endswith(".toml")) or Path(spec).is_absolute():
        return spec
    named = os.path.relpath(real_path(Path(spec)), real_path(out).parent)
    # A bare name would read back as a preset's: keep it a path.
    return named if "/" in named or named.endswith(".toml") else f"./{named}"


def deck_tiers(path: Path, spec: str) -> tuple[Tier, ...]:
    """The tiers of a deck file: its spec's, or the standard four for a file that names none."""
    if not spec:
        return STANDARD_TIERS
    from deckgen.games.cleariosity.spec.deck_spec import spec_tiers
    from deckgen.games.cleariosity.spec.reading import load_spec

    try:
        return spec_tiers(load_spec(spec))
    except DeckgenError as error:
        raise DeckgenError(f"{path}: spec = {spec!r}: {error}") from None


def dump_cleariosity(deck: Deck, made_by: str = "") -> str:
    """The deck as a deck file (the exact bytes ``deckgen design`` writes)."""
    colour = " colour" if all(t.name == t.colour for t in deck.tiers) else ""
    lines = [
        "# Cleariosity Numbers deck for deckgen.",
        f"# One card per line: its id, its tier{colour} ({', '.join(t.name for t in deck.tiers)}) and its",
        *(
            [
                "# grid: three rows from the top, separated by '/', a number (one or two digits) where the",
                "# card carries one and '.' where it is clear. Run `deckgen verify --file THIS-FILE` after editing.",
            ]
            if any(cell.value > 9 for card in deck.cards for cell in card.cells)
            else [
                "# grid: three rows from the top, separated by '/', a digit where the card carries a",
                "# number and '.' where it is clear. Run `deckgen verify --file THIS-FILE` after editing.",
            ]
        ),
        "",
        f'name = "{deck.name}"',
        'game = "cleariosity"',
        f"standard = {'true' if _is_standard(deck) else 'false'}",
    ]
    if deck.spec:
        lines.append(f'spec = "{deck.spec}"')
    if made_by:
        lines.append(f'made_by = "{made_by}"')
    lines += ["", "cards = ["]
    for card in deck.cards:
        lines.append(f'  {{ id = "{card.id}", tier = "{card.tier.name}", grid = "{card.grid_text()}" }},')
    lines.append("]")
    return "\n".join(lines) + "\n"


def _is_standard(deck: Deck) -> bool:
    return deck.tiers == STANDARD_TIERS and all(
        len(deck.colour_cards(tier)) == count for tier, count in STANDARD_COUNTS.items()
    )
