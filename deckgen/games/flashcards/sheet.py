"""Reading flash cards from a spreadsheet: CSV (any spreadsheet program saves it) or Excel .xlsx.

The first row names the columns. The front and the back are the columns called ``front`` and
``back`` (or question and answer, and their names in Spanish, French and German: pregunta and
respuesta, recto and verso, Vorderseite and Rückseite …), or the columns named with
``--front`` and ``--back``, whatever their heading's language: ``--back Pinyin --back English``
puts two fields on the back, each on its own line. ``id``, ``count`` and ``colour`` may be
added, and a column of pictures: ``image`` (or picture, photo, imagen, Bild …) for the front,
``back image`` for the back, each cell the name of a PNG, JPEG or SVG file beside the sheet (a
picture's file name in a --front or --back column works too). Any other column (Notes, Unit …)
is left out, and the build says so in one note.
Every later row that is not empty is a card. Every problem names the file, the row and how to
fix it, and stops the load.
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from collections.abc import Generator, Iterator, Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen import i18n
from deckgen.csv_cells import read_cell
from deckgen.deckfile import CARD_ID
from deckgen.errors import DeckgenError
from deckgen.fileio import read_bounded
from deckgen.games import id_taken
from deckgen.games.base import ColumnsNotFound
from deckgen.games.flashcards.card_pictures import CardPicture, looks_like_picture, read_picture_file
from deckgen.games.flashcards.cell_text import UnshownFormat, cell_text
from deckgen.games.flashcards.model import SIDE_NAMES, FlashCard, FlashDeck
from deckgen.i18n import N_, _

if TYPE_CHECKING:
    from zipfile import ZipFile

COLUMNS = ("front", "back", "id", "count", "colour")
#: Other names teachers give the same columns (compared in lower case), in English, Spanish,
#: French and German.
ALIASES = {
    "color": "colour",
    "question": "front",
    "answer": "back",
    "copies": "count",
    "term": "front",
    "definition": "back",
    "pregunta": "front",
    "respuesta": "back",
    "término": "front",
    "termino": "front",
    "definición": "back",
    "definicion": "back",
    "terme": "front",
    "définition": "back",
    "begriff": "front",
    "wort": "front",
    "bedeutung": "back",
    "lösung": "back",
    "loesung": "back",
    "anverso": "front",
    "reverso": "back",
    "frente": "front",
    "dorso": "back",
    "copias": "count",
    "réponse": "back",
    "reponse": "back",
    "recto": "front",
    "verso": "back",
    "couleur": "colour",
    "frage": "front",
    "antwort": "back",
    "vorderseite": "front",
    "rückseite": "back",
    "rueckseite": "back",
    "farbe": "colour",
    "anzahl": "count",
}
#: The largest spreadsheet read, and the most cards a deck may print.
MAX_FILE_BYTES = 5_000_000
#: An .xlsx file unpacks to at most this (a 1,000-card workbook unpacks to well under 1 MB).
MAX_UNPACKED_BYTES = 50_000_000
MAX_CARDS = 1000
MAX_COUNT = 100
#: The longest text on one side: a flash card holds a word, a question or a short answer.
MAX_TEXT = 300
#: Named columns a sheet may have (a card's sides, fields and pictures take a handful).
MAX_COLUMNS = 100
#: Colours by name, as a teacher writes them; any ``#RRGGBB`` works too.
COLOURS = {
    "red": "#D62828",
    "orange": "#F26B0F",
    "yellow": "#F2B800",
    "green": "#1E9E3A",
    "blue": "#1F5FA8",
    "purple": "#7A3FA8",
    "pink": "#D63384",
    "brown": "#8B5A2B",
    "grey": "#808080",
    "gray": "#808080",
    "black": "#000000",
}
_HEX = re.compile(r"#[0-9A-Fa-f]{6}")
#: Headings of a column of pictures (a PNG, JPEG or SVG file name in each cell), and the side it goes on.
PICTURE_COLUMNS = {
    "image": "front",
    "picture": "front",
    "photo": "front",
    "front image": "front",
    "front picture": "front",
    "imagen": "front",
    "foto": "front",
    "bild": "front",
    "back image": "back",
    "back picture": "back",
}


def load_sheet(path: Path, front: Sequence[str] = (), back: Sequence[str] = ()) -> FlashDeck:
    """The flash cards of a .csv or .xlsx file; ``front`` and ``back``: the headings of the
    columns that make each side, when the sheet's own names are not front and back."""
    suffix = path.suffix.lower()
    if suffix not in (".csv", ".xlsx"):
        raise DeckgenError(
            _("{path}: flash cards are read from a .csv or .xlsx file; save the spreadsheet as one").format(path=path)
        )
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        raise DeckgenError(_("{path}: no such file; check the path").format(path=path)) from None
    except OSError as error:
        raise DeckgenError(
            _("{path}: cannot read it ({reason}); check the path").format(path=path, reason=error.strerror)
        ) from None
    if not path.is_file():
        raise DeckgenError(_("{path}: not a file; give the spreadsheet's path").format(path=path))
    if size > MAX_FILE_BYTES:
        raise DeckgenError(
            _("{path}: {size} bytes; a flash-card spreadsheet is at most {most} bytes").format(
                path=path, size=i18n.number(size), most=i18n.number(MAX_FILE_BYTES)
            )
        )
    rows = _csv_rows(path) if suffix == ".csv" else _xlsx_rows(path)
    return cards_from_rows(path, rows, front, back)


def sheet_headings(path: Path) -> list[str]:
    """The headings of a sheet's columns: its first row with any text, as written (the page offers
    them for the card's sides); none where the file cannot be read as a sheet."""
    try:
        rows = _csv_rows(path) if path.suffix.lower() == ".csv" else _xlsx_rows(path)
        with closing(rows):
            for _number, row in rows:
                cells = [cell.strip() for cell in row]
                if any(cells):
                    _check_width(_row(path, _number), cells)
                    return [cell for cell in cells if cell]
    except DeckgenError:
        return []
    return []


def _csv_rows(path: Path) -> Generator[tuple[int, list[str]], None, None]:
    try:
        text = read_bounded(path, MAX_FILE_BYTES, "flash-card spreadsheet").decode("utf-8-sig")
    except UnicodeDecodeError:
        raise DeckgenError(
            _("{path}: not UTF-8 text; save it from your spreadsheet as 'CSV UTF-8' (or as .xlsx)").format(path=path)
        ) from None
    except OSError as error:
        raise DeckgenError(
            _("{path}: cannot read it ({reason}); check that you may read it").format(path=path, reason=error.strerror)
        ) from None
    # Spreadsheets save CSV with commas, or semicolons where the comma is the decimal mark,
    # or tabs: the first line (the column names) tells which.
    first = text.split("\n", 1)[0]
    delimiter = max(",;\t", key=first.count)
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    number = 0
    try:
        for number, row in enumerate(reader, start=1):
            # A formula-like cell deckgen's export marked as text reads back as it was.
            yield number, [read_cell(cell.strip()) for cell in row]
    except csv.Error as error:
        if "unexpected end of data" in str(error):
            raise DeckgenError(
                _(
                    '{where}: a quote (") opens a cell that is never closed; close it, or write the quote twice '
                    "inside a quoted cell"
                ).format(where=_row(path, number + 1))
            ) from None
        if "field larger than field limit" in str(error):
            raise DeckgenError(
                _(
                    "{where}: a cell holds more than {most} characters (a side of a card has at most 300); check that "
                    'row for a quote (") that is never closed'
                ).format(where=_row(path, number + 1), most=i18n.number(csv.field_size_limit()))
            ) from None
        raise DeckgenError(
            _("{where}: {error}; check the quotes in that row").format(where=_row(path, number + 1), error=error)
        ) from None


def _check_width(where: str, cells: Sequence[str]) -> None:
    """A sheet's named columns, at most :data:`MAX_COLUMNS`: the page offers each for a side."""
    named = sum(1 for cell in cells if cell)
    if named > MAX_COLUMNS:
        raise DeckgenError(
            _(
                "{where}: {count} named columns; a flash-card spreadsheet has at most {most}; keep the columns "
                "of the cards"
            ).format(where=where, count=named, most=MAX_COLUMNS)
        )


def _row(path: Path, number: int) -> str:
    """Where a message points in a sheet: its file and row ("words.csv: row 4")."""
    return _("{path}: row {row}").format(path=path, row=number)


def _xlsx_rows(path: Path) -> Generator[tuple[int, list[str]], None, None]:
    from zipfile import BadZipFile, ZipFile

    from openpyxl import load_workbook

    try:
        # A workbook is a ZIP: one that unpacks to far more than a thousand cards could need (a
        # small file with millions of repeated strings) would take minutes and gigabytes to read.
        with ZipFile(path) as packed:
            unpacked = sum(member.file_size for member in packed.infolist())
            if unpacked > MAX_UNPACKED_BYTES:
                raise DeckgenError(
                    _(
                        "{path}: the workbook unpacks to {size} bytes, far more than {cards} flash cards need (at "
                        "most {most}); copy the cards into a new workbook"
                    ).format(
                        path=path,
                        size=i18n.number(unpacked),
                        cards=i18n.number(MAX_CARDS),
                        most=i18n.number(MAX_UNPACKED_BYTES),
                    )
                )
            _check_parts(path, packed)
        book = load_workbook(path, read_only=True, data_only=True)
    except DeckgenError:
        raise
    except (BadZipFile, KeyError, OSError, ValueError) as error:
        raise DeckgenError(
            _("{path}: not an Excel workbook ({error}); {fix}").format(path=path, error=error, fix=_(_SAVE_AGAIN))
        ) from None
    except Exception as error:  # well-formed parts that do not make a workbook fail in many ways
        raise DeckgenError(
            _("{path}: the workbook is damaged ({error}); {fix}").format(
                path=path, error=type(error).__name__, fix=_(_SAVE_AGAIN)
            )
        ) from None
    try:
        if not book.worksheets:
            raise DeckgenError(
                _("{path}: the workbook has no sheet; put the cards on its first sheet").format(path=path)
            )
        sheet = book.worksheets[0]
        # The sheet's stated size is not trusted: "A1:XFD1048576" would make every row 16,384
        # cells and a million rows long (minutes for a 5 KB file). Only the cells it holds are read.
        sheet.reset_dimensions()
        # Closed whatever happens: a row refused halfway would keep the sheet's part open.
        with closing(sheet.iter_rows()) as rows:
            number = 0
            while True:
                try:
                    values = next(rows)
                except StopIteration:
                    break
                except Exception as error:  # a damaged workbook fails in many ways: all get the same line
                    raise DeckgenError(
                        _("{where}: the workbook is damaged ({error}); {fix}").format(
                            where=_row(path, number + 1), error=type(error).__name__, fix=_(_SAVE_AGAIN)
                        )
                    ) from None
                number += 1
                yield number, [_shown(path, number, column, cell) for column, cell in enumerate(values)]
    finally:
        book.close()


#: How to mend a workbook that cannot be read.
_SAVE_AGAIN = N_("save it again from your spreadsheet program (as .xlsx), or as CSV")


class _Nothing:
    """A parser target that keeps nothing: the parts are only checked, openpyxl reads them."""

    def close(self) -> None:
        return None


def _check_parts(path: Path, packed: ZipFile) -> None:
    """Parse every XML part of a workbook once, refusing DTDs, before openpyxl reads any of it.

    A spreadsheet program never writes a DTD (``<!DOCTYPE …>``); in a workbook one only
    serves to blow up (entities that expand to gigabytes) or to read files of this computer
    (external entities). A part that is cut short or is not XML is damage. Either way the
    message names the part, in one line.
    """
    import zlib
    from xml.etree.ElementTree import ParseError
    from zipfile import BadZipFile

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import DefusedXMLParser

    for member in packed.infolist():
        name = member.filename
        if member.is_dir():
            continue
        try:
            with packed.open(member) as stream:
                chunk = stream.read(1 << 16)
                # Every part that is XML, whatever its name (a workbook may name its parts freely);
                # pictures and other binary parts are left alone.
                if not (name.lower().endswith((".xml", ".rels", ".vml")) or _looks_like_xml(chunk)):
                    continue
                parser = DefusedXMLParser(target=_Nothing(), forbid_dtd=True)
                while chunk:
                    parser.feed(chunk)
                    chunk = stream.read(1 << 16)
                parser.close()
        except DefusedXmlException:
            raise DeckgenError(
                _(
                    "{path}: part {part} of the workbook holds a DTD (<!DOCTYPE …>), which spreadsheet programs never "
                    "write and which can hide an attack, so it is not read; {fix}"
                ).format(path=path, part=name, fix=_(_SAVE_AGAIN))
            ) from None
        except ParseError as error:
            raise DeckgenError(
                _("{path}: the workbook is damaged: part {part} is cut short or is not XML ({error}); {fix}").format(
                    path=path, part=name, error=error, fix=_(_SAVE_AGAIN)
                )
            ) from None
        except (BadZipFile, EOFError, NotImplementedError, RuntimeError, OSError, zlib.error) as error:
            raise DeckgenError(
                _("{path}: the workbook is damaged: part {part} cannot be unpacked ({error}); {fix}").format(
                    path=path, part=name, error=error, fix=_(_SAVE_AGAIN)
                )
            ) from None


def _looks_like_xml(start: bytes) -> bool:
    """Whether a part begins as XML does: ``<`` after white space, or a UTF-16 byte order mark."""
    return start.removeprefix(b"\xef\xbb\xbf").lstrip().startswith(b"<") or start.startswith((b"\xff\xfe", b"\xfe\xff"))


def _shown(path: Path, number: int, column: int, cell: Any) -> str:
    """A workbook cell as the text the spreadsheet shows (50%, not 0.5; see :mod:`.cell_text`),
    or one line saying why it cannot be printed so."""
    where = _("{where}, column {column}").format(where=_row(path, number), column=_column_letter(column))
    if getattr(cell, "data_type", "") == "e":
        raise DeckgenError(
            _("{where}: the cell shows an error ({error}); correct its formula, or type the text").format(
                where=where, error=cell.value
            )
        )
    number_format = getattr(cell, "number_format", None) or "General"
    try:
        return cell_text(cell.value, number_format)
    except UnshownFormat:
        raise DeckgenError(
            _(
                "{where}: deckgen cannot print the cell as the spreadsheet shows it (format {format}); format the "
                "cell as Text and type it as it should print, or save the sheet as CSV"
            ).format(where=where, format=repr(number_format))
        ) from None


def cards_from_rows(
    path: Path, rows: Iterator[tuple[int, list[str]]], front: Sequence[str] = (), back: Sequence[str] = ()
) -> FlashDeck:
    """Cards from numbered rows, the first of which names the columns (see :func:`load_sheet`)."""
    header: Header | None = None
    cards: list[FlashCard] = []
    seen: dict[str, int] = {}
    pictures: dict[Path, CardPicture] = {}  # each file read once, however many rows name it
    printed = 0
    for number, row in rows:
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        if header is None:
            header = _header(path, number, cells, front, back)
            continue
        unnamed = (
            index for index, cell in enumerate(cells) if cell and (index >= header.width or index in header.unnamed)
        )
        extra = [cells[index] for index in unnamed]
        if extra:
            raise DeckgenError(
                _(
                    "{where}: {text} is in a column with no name; put text that has commas in quotes "
                    '("What is 1,000?"), or name the column'
                ).format(where=_row(path, number), text=repr(extra[0]))
            )
        card = _card(path, number, header, cells, pictures)
        if card.id:
            if card.id in seen:
                raise DeckgenError(
                    _("{where}: id {id} is used in row {other} too; give every card its own id").format(
                        where=_row(path, number), id=repr(card.id), other=seen[card.id]
                    )
                )
            seen[card.id] = number
        printed += card.count
        if printed > MAX_CARDS:
            raise DeckgenError(
                _("{where}: more than {most} cards; split the spreadsheet in two").format(
                    where=_row(path, number), most=i18n.number(MAX_CARDS)
                )
            )
        cards.append(card)
    if header is None or not cards:
        raise DeckgenError(
            _("{path}: no cards; write a row of column names (front, back) and a row per card under it").format(
                path=path
            )
        )
    notes = (header.ignored_note(),) if header.ignored else ()
    return FlashDeck(path.stem, _with_ids(cards, set(seen)), str(path), notes=notes)


def _with_ids(cards: list[FlashCard], taken: set[str]) -> tuple[FlashCard, ...]:
    """Cards with no id get F01, F02 … in order, skipping ids other cards were given."""
    width = max(2, len(str(len(cards))))
    numbers = (n for n in range(1, 10**6) if f"F{n:0{width}d}" not in taken)
    return tuple(card if card.id else replace(card, id=f"F{next(numbers):0{width}d}") for card in cards)


@dataclass(frozen=True)
class Header:
    """What the heading row says: the columns of each side (in order), of the other fields, and
    the columns left out (by heading)."""

    sides: dict[str, tuple[int, ...]]
    #: Columns of pictures, by the side they go on.
    pictures: dict[str, tuple[int, ...]]
    fields: dict[str, int]
    ignored: tuple[str, ...]
    #: How many cells the heading row has: a cell further right is in a column with no name.
    width: int
    #: Columns whose heading is empty: a cell in one is in a column with no name too.
    unnamed: tuple[int, ...] = ()

    def named(self, index: int) -> bool:
        """Whether column ``index`` has a heading (a cell under no heading is a mistake to point out)."""
        return index < self.width and index not in self.unnamed

    def ignored_note(self) -> str:
        names = ", ".join(repr(name) for name in self.ignored)
        if len(self.ignored) == 1:
            note = _(
                "column {names} left out: a card shows only its front and back (name more columns with --front or "
                "--back to print them too)"
            )
        else:
            note = _(
                "columns {names} left out: a card shows only its front and back (name more columns with --front or "
                "--back to print them too)"
            )
        return note.format(names=names)


def _heading(text: str) -> str:
    """A heading as compared: composed (a Mac may write é as e and an accent), in lower case."""
    return unicodedata.normalize("NFC", text.strip()).casefold()


def _header(path: Path, number: int, cells: list[str], front: Sequence[str], back: Sequence[str]) -> Header:
    where = _row(path, number)
    _check_width(where, cells)
    headings = {_heading(cell): index for index, cell in reversed(list(enumerate(cells))) if cell}
    named: dict[str, tuple[int, ...]] = {}
    for side, wanted in (("front", front), ("back", back)):
        columns = []
        for heading in wanted:
            index = headings.get(_heading(heading))
            if index is None:
                shown = ", ".join(repr(cell) for cell in cells if cell)
                raise DeckgenError(
                    _("{where}: no column is called {heading} ({option}); the columns are {columns}").format(
                        where=where, heading=repr(heading), option=f"--{side}", columns=shown
                    )
                )
            if index in columns:
                raise DeckgenError(
                    _("{where}: column {heading} is named twice ({option}); name it once").format(
                        where=where, heading=repr(cells[index]), option=f"--{side}"
                    )
                )
            columns.append(index)
        if columns:
            named[side] = tuple(columns)
    both = set(named.get("front", ())) & set(named.get("back", ()))
    if both:
        raise DeckgenError(
            _("{where}: column {heading} is named for both the front and the back; pick one").format(
                where=where, heading=repr(cells[min(both)])
            )
        )
    sides: dict[str, list[int]] = {side: list(columns) for side, columns in named.items()}
    fields: dict[str, int] = {}
    pictures: dict[str, list[int]] = {"front": [], "back": []}
    ignored: list[str] = []
    taken = {index for columns in named.values() for index in columns}
    for index, cell in enumerate(cells):
        if not cell or index in taken:
            continue
        name = ALIASES.get(_heading(cell), _heading(cell))
        if name in PICTURE_COLUMNS:
            pictures[PICTURE_COLUMNS[name]].append(index)
        elif name in ("front", "back"):
            if name in named:
                ignored.append(cell)  # --front or --back chose other columns for this side
            elif name in sides:
                raise DeckgenError(
                    _("{where}: two columns are called {name}; keep one").format(where=where, name=repr(name))
                )
            else:
                sides[name] = [index]
        elif name in COLUMNS:
            if name in fields:
                raise DeckgenError(
                    _("{where}: two columns are called {name}; keep one").format(where=where, name=repr(name))
                )
            fields[name] = index
        else:
            ignored.append(cell)
    missing = [side for side in ("front", "back") if side not in sides]
    if missing:
        shown = ", ".join(repr(cell) for cell in cells if cell)
        flags = " ".join(f"--{side} COLUMN" for side in missing)
        if missing == ["front"]:
            message = _(
                "{where}: no front column among {columns}; call them front and back, or name them with {options}"
            )
        elif missing == ["back"]:
            message = _(
                "{where}: no back column among {columns}; call them front and back, or name them with {options}"
            )
        else:
            message = _(
                "{where}: no front and no back column among {columns}; call them front and back, or name them with "
                "{options}"
            )
        raise ColumnsNotFound(message.format(where=where, columns=shown, options=flags))
    return Header(
        {side: tuple(columns) for side, columns in sides.items()},
        {side: tuple(columns) for side, columns in pictures.items()},
        fields,
        tuple(ignored),
        len(cells),
        tuple(index for index, cell in enumerate(cells) if not cell),
    )


def _picture(path: Path, where: str, column: int, written: str, read: dict[Path, CardPicture]) -> CardPicture:
    return read_picture_file(
        path.parent, written, _("{where}, column {column}").format(where=where, column=_column_letter(column)), read
    )


def _card(path: Path, number: int, header: Header, cells: list[str], read: dict[Path, CardPicture]) -> FlashCard:
    where = _row(path, number)

    def at(column: int) -> str:
        return cells[column] if column < len(cells) else ""

    def cell(name: str) -> str:
        column = header.fields.get(name)
        return at(column) if column is not None else ""

    sides = {}
    pictures: dict[str, CardPicture | None] = {}
    for side in ("front", "back"):
        parts = []
        found: list[CardPicture] = []
        for column in header.pictures[side]:
            if at(column).strip():
                found.append(_picture(path, where, column, at(column).strip(), read))
        for column in header.sides[side]:
            if looks_like_picture(at(column).strip()) and " " not in at(column).strip():
                # A picture's file name, found or not: a name misspelt is refused, not printed as text.
                found.append(_picture(path, where, column, at(column).strip(), read))
                continue
            private = next((ch for ch in at(column) if unicodedata.category(ch) == "Co"), None)
            if private is not None:
                raise DeckgenError(
                    _(
                        "{where}: the {side} (column {column}) has {code}, a private-use character (an icon from a "
                        "symbol font, or a sign typed with a special keyboard) that no card font can draw; delete it, "
                        "or write what it stands for in words"
                    ).format(
                        where=where,
                        side=_(SIDE_NAMES[side]),
                        column=_column_letter(column),
                        code=f"U+{ord(private):04X}",
                    )
                )
            refuse_too_new(
                at(column),
                _("{where}: the {side} (column {column})").format(
                    where=where, side=_(SIDE_NAMES[side]), column=_column_letter(column)
                ),
            )
            parts.append(clean_text(at(column)))
        text = "\n".join(part for part in parts if part)
        if len(found) > 1:
            raise DeckgenError(
                _("{where}: {count} pictures for the {side}; a side shows one, keep one").format(
                    where=where, count=len(found), side=_(SIDE_NAMES[side])
                )
            )
        pictures[side] = found[0] if found else None
        if not text and not found:
            raise DeckgenError(
                _("{where}: the {side} is empty; write what goes on the card's {side}").format(
                    where=where, side=_(SIDE_NAMES[side])
                )
            )
        if len(text) > MAX_TEXT:
            raise DeckgenError(
                _("{where}: the {side} has {count} characters; a card holds at most {most}").format(
                    where=where, side=_(SIDE_NAMES[side]), count=len(text), most=MAX_TEXT
                )
            )
        sides[side] = text
    written = cell("id")
    card_id = written.upper()
    # ASCII only, checked before upper-casing: "ﬁ".upper() is "FI".
    if written and not (written.isascii() and CARD_ID.fullmatch(card_id)):
        raise DeckgenError(
            _(
                "{where}: id {id}: use 1 to 6 letters and digits, starting with a letter, e.g. V01 (every card prints "
                "its id, and PNG files are named after it)"
            ).format(where=where, id=repr(cell("id")))
        )
    if cell("id"):
        taken = id_taken(card_id, "flashcards")
        if taken:
            raise DeckgenError(
                _("{where}: id {id}: {reason}; start the id with another letter").format(
                    where=where, id=repr(card_id), reason=taken
                )
            )
    count_text = cell("count") or "1"
    if not re.fullmatch(r"[0-9]{1,3}", count_text) or not 1 <= int(count_text) <= MAX_COUNT:
        raise DeckgenError(
            _("{where}: count {count}: write how many copies to print, 1 to {most}").format(
                where=where, count=repr(count_text), most=MAX_COUNT
            )
        )
    colour = cell("colour").lower() or None
    if colour is not None and colour not in COLOURS and not _HEX.fullmatch(colour):
        raise DeckgenError(
            _("{where}: colour {colour}: use a colour name ({names}) or #RRGGBB").format(
                where=where, colour=repr(cell("colour")), names=", ".join(sorted(set(COLOURS) - {"gray"}))
            )
        )
    hex_colour = COLOURS.get(colour, colour.upper()) if colour else None
    return FlashCard(
        card_id,
        sides["front"],
        sides["back"],
        int(count_text),
        hex_colour,
        number,
        pictures["front"],
        pictures["back"],
    )


#: No-break spaces, as French-locale spreadsheets type them (``100 km``, ``10 000``, ``Bonjour !``):
#: kept, so that a card prints them as spaces and never breaks a line there.
NO_BREAK_SPACES = "\u00a0\u202f\u2007"


def clean_text(text: str) -> str:
    """The cell's text with line breaks, no-break spaces and the marks that spell words kept (see
    :data:`SPELLING_MARKS`), every other space a plain one, runs of spaces one, and other control
    and zero-width characters removed."""
    text = unicodedata.normalize("NFC", text)  # e and a combining accent (as some Macs save it) become é
    lines = ["".join(_clean_char(ch) for ch in line) for line in text.splitlines()]
    lines = [re.sub(" {2,}", " ", line).strip(" " + NO_BREAK_SPACES) for line in lines]
    return "\n".join(line for line in lines if line)


def refuse_too_new(text: str, where: str) -> None:
    """Refuse, in one line, text holding a character this Python's Unicode tables do not have
    yet (one added to Unicode since, such as U+1FAE8 to Python 3.11): deckgen cannot tell what
    it is, and :func:`clean_text` would drop it, so the card would print without it.
    ``where``: the row or note and the side, as the message names them."""
    new = next((ch for ch in text if unicodedata.category(ch) == "Cn" and not _noncharacter(ch)), None)
    if new is not None:
        raise DeckgenError(
            _(
                "{where} has {code}, a character newer than this copy of deckgen knows (it knows Unicode "
                "{version}), which the card would print without; delete it, or install deckgen with a newer "
                "Python, which knows more characters"
            ).format(where=where, code=f"U+{ord(new):04X}", version=unicodedata.unidata_version)
        )


def _noncharacter(ch: str) -> bool:
    """One of the 66 code points Unicode keeps for programs' own use, never for text (U+FDD0 to
    U+FDEF, and the last two of each plane): dropped like a control character."""
    code = ord(ch)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


#: Invisible characters that spell words: the zero-width non-joiner and joiner (Persian, Hindi
#: and other scripts write with them) and the left-to-right and right-to-left marks.
SPELLING_MARKS = "\u200c\u200d\u200e\u200f"


def _clean_char(ch: str) -> str:
    if ch in NO_BREAK_SPACES or ch in SPELLING_MARKS:
        return ch
    if ch == "\t" or unicodedata.category(ch) == "Zs":  # em, thin, ideographic … spaces
        return " "
    return ch if ch.isprintable() else ""


def _column_letter(index: int) -> str:
    """A column as a spreadsheet names it: 0 is A, 25 is Z, 26 is AA (openpyxl's own naming)."""
    from openpyxl.utils import get_column_letter

    return get_column_letter(index + 1)
