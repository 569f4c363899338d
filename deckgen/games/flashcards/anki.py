"""Flash cards from an Anki deck package (``.apkg``), as Anki exports it.

A package is a zip file holding the collection (an SQLite database: ``collection.anki2`` or
``collection.anki21``, or ``collection.anki21b`` compressed with Zstandard by Anki 2.1.50 and
later) and the media files the notes use. Each card Anki would show becomes a flash card:

- a Basic note gives one card, a "Basic (and reversed card)" note two, and any other ordinary
  note type as many as its templates make, each side filled in as Anki fills it in (fields,
  ``{{#Field}}`` sections, ``{{FrontSide}}``); the back is what Anki shows under the line, not
  the question again;
- a Cloze note gives one card per cloze number: the front shows the sentence with that gap as
  "…" (with its hint, if it has one), the back the whole sentence (and the Back Extra field);
- HTML becomes text (line breaks kept), sounds are left out, and the first picture a side shows
  is put on that side of the card.

Note types Anki draws with pictures of their own (Image Occlusion) cannot be printed this way and
are refused in one line.
"""

from __future__ import annotations

import html
import json
import re
import sqlite3
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from deckgen import i18n
from deckgen.errors import DeckgenError
from deckgen.games.flashcards.card_pictures import MAX_PICTURE_BYTES, CardPicture, picture_from_bytes
from deckgen.games.flashcards.model import SIDE_NAMES, FlashCard, FlashDeck
from deckgen.games.flashcards.sheet import MAX_CARDS, MAX_TEXT, clean_text, refuse_too_new
from deckgen.i18n import _

#: The largest package read, the most its files may unpack to, and the largest collection.
MAX_PACKAGE_BYTES = 200_000_000
MAX_UNPACKED_BYTES = 1_000_000_000
MAX_COLLECTION_BYTES = 300_000_000
_SQLITE_MAGIC = b"SQLite format 3\x00"
#: Anki separates a note's fields with this character.
FIELD_SEPARATOR = "\x1f"
#: What a cloze gap shows on the front.
GAP = "…"
_ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"
#: Where a cloze field's reading stops: a gap's opening, its end, or the start of its hint.
_CLOZE_MARK = re.compile(r"\{\{c(\d+)::|\}\}|::")
_TAG = re.compile(r"\{\{([#^/]?)([^{}]*?)\}\}")
#: The line Anki draws between question and answer (``<hr id=answer>``). Each pattern here is read
#: in time proportional to the text, whatever it holds: none can go back over what it has read
#: (a tag's attributes stop at the next ``<``, a sound at the next ``[``).
_ANSWER_LINE = re.compile(r"<hr\b[^<>]*+>", re.IGNORECASE)
_ANSWER_ID = re.compile(r"\bid\s*=\s*[\"']?answer\b", re.IGNORECASE)
_SOUND = re.compile(r"\[sound:[^\[\]]*+\]")
#: A reading after its characters (``漢字[かんじ]``, ``日本語 [にほんご]``), from the start of a run
#: of characters only, as Anki's furigana filters read it.
_RUBY = re.compile(r" ?(?<![^ >\[\]])([^ >\[\]]++)\[([^\[\]\n]++)\]")
#: The most characters (text and formatting) one side of a card may fill to: a card shows at
#: most 300 characters, and a template that repeats a large field can ask for hundreds of millions.
MAX_FILLED = 100_000
#: A field Anki counts as empty: nothing but spaces, line breaks and empty divisions.
_EMPTY = re.compile(r"(?:\s|&nbsp;|<br\s*/?>|<div>\s*</div>)*", re.IGNORECASE)


@dataclass(frozen=True)
class NoteType:
    """A note type as the collection stores it: its fields (in order), its templates'
    question and answer formats, and whether it is a cloze type."""

    name: str
    fields: tuple[str, ...]
    templates: tuple[tuple[str, str], ...]
    cloze: bool
    #: Anki draws it with a picture of its own (Image Occlusion): not printable as text.
    drawn: bool = False


def load_package(path: Path) -> FlashDeck:
    """The cards of an Anki ``.apkg`` package, in the order of its notes."""
    try:
        size = path.stat().st_size
    except OSError:
        raise DeckgenError(_("{path}: no such file; check the path").format(path=path)) from None
    if size > MAX_PACKAGE_BYTES:
        raise DeckgenError(
            _("{path}: {size} bytes; an Anki package is read up to {most} bytes").format(
                path=path, size=i18n.number(size), most=i18n.number(MAX_PACKAGE_BYTES)
            )
        )
    try:
        with zipfile.ZipFile(path) as package:
            if sum(info.file_size for info in package.infolist()) > MAX_UNPACKED_BYTES:
                raise DeckgenError(
                    _("{path}: the package unpacks to more than {most} bytes").format(
                        path=path, most=i18n.number(MAX_UNPACKED_BYTES)
                    )
                )
            database = _collection(path, package)
            try:
                media = _media(path, package)
                types = _note_types(database)
                cards = list(_cards(path, database, types, package, media))
            except DeckgenError:
                raise
            except (sqlite3.Error, ValueError, TypeError, KeyError, AttributeError, IndexError):
                # A collection whose tables or settings are not what Anki writes (damaged, or made by
                # hand): said in a teacher's words, without the name Python gives the fault.
                raise DeckgenError(
                    _(
                        "{path}: the collection is damaged (its tables are not as Anki writes them); export the deck "
                        "again"
                    ).format(path=path)
                ) from None
            finally:
                database.close()
    except zipfile.BadZipFile:
        raise DeckgenError(
            _("{path}: not an Anki package (.apkg is a zip file); export the deck from Anki again").format(path=path)
        ) from None
    if not cards:
        raise DeckgenError(_("{path}: the package has no cards; export a deck that has some").format(path=path))
    numbered = tuple(replace(card, id=f"F{n:0{max(2, len(str(len(cards))))}d}") for n, card in enumerate(cards, 1))
    return FlashDeck(path.stem, numbered, str(path))


def _collection(path: Path, package: zipfile.ZipFile) -> sqlite3.Connection:
    """The collection as an SQLite database in memory: the newest form the package holds."""
    names = set(package.namelist())
    for name in ("collection.anki21b", "collection.anki21", "collection.anki2"):
        if name in names:
            data = _member(path, package, name, MAX_COLLECTION_BYTES)
            if name.endswith("b") or data.startswith(_ZSTD_MAGIC):
                data = _unzstd(path, data, MAX_COLLECTION_BYTES)
            if not data.startswith(_SQLITE_MAGIC):
                raise DeckgenError(
                    _("{path}: {name} is not an Anki collection; export the deck again").format(path=path, name=name)
                )
            connection = sqlite3.connect(":memory:")
            try:
                connection.deserialize(data)
                connection.execute("select count(*) from sqlite_master").fetchone()
            except (sqlite3.Error, MemoryError, OverflowError):
                connection.close()
                raise DeckgenError(
                    _("{path}: {name} is not an Anki collection; export the deck again").format(path=path, name=name)
                ) from None
            return connection
    raise DeckgenError(
        _("{path}: no Anki collection inside (collection.anki2); export the deck from Anki again").format(path=path)
    )


def _member(path: Path, package: zipfile.ZipFile, name: str, limit: int, shown: str = "") -> bytes:
    """A file of the package (``shown``: what to call it), if it unpacks to at most ``limit`` bytes."""
    info = package.getinfo(name)
    if info.file_size > limit:
        raise DeckgenError(
            _("{path}: {name} unpacks to {size} bytes, more than {most}; export a smaller deck").format(
                path=path, name=shown or name, size=i18n.number(info.file_size), most=i18n.number(limit)
            )
        )
    return package.read(name)


def _unzstd(path: Path, data: bytes, limit: int) -> bytes:
    """Zstandard-compressed data unpacked, refused once it passes ``limit`` bytes (a small file can hide gigabytes).

    Where ``zstandard`` (a compiled package) is missing, as in the browser, the package is refused
    in one line that says how to export one deckgen reads there."""
    try:
        import zstandard
    except ImportError:
        raise DeckgenError(
            _(
                "{path}: the package is compressed as Anki 2.1.50 and later do, which deckgen cannot unpack here; "
                'export the deck again with "Support older Anki versions" ticked, or use deckgen on a computer'
            ).format(path=path)
        ) from None

    try:
        with zstandard.ZstdDecompressor().stream_reader(data) as reader:
            unpacked = reader.read(limit + 1)
    except zstandard.ZstdError as error:
        raise DeckgenError(
            _("{path}: the package cannot be unpacked ({error}); export the deck again").format(path=path, error=error)
        ) from None
    if len(unpacked) > limit:
        raise DeckgenError(
            _("{path}: a file in it unpacks to more than {most} bytes; export a smaller deck").format(
                path=path, most=i18n.number(limit)
            )
        )
    return unpacked


def _media(path: Path, package: zipfile.ZipFile) -> dict[str, str]:
    """File name → name of its member in the zip (Anki numbers them: "0", "1" …)."""
    if "media" not in package.namelist():
        return {}
    data = _member(path, package, "media", MAX_COLLECTION_BYTES)
    try:
        return {name: number for number, name in json.loads(data.decode("utf-8")).items()}
    except (UnicodeDecodeError, json.JSONDecodeError, AttributeError):
        pass
    # Anki 2.1.50 and later: a Zstandard-compressed protobuf MediaEntries (entries = 1; each: name = 1).
    try:
        entries = _fields(_unzstd(path, data, MAX_COLLECTION_BYTES) if data.startswith(_ZSTD_MAGIC) else data)
    except ValueError:
        raise DeckgenError(
            _("{path}: the list of pictures cannot be read; export the deck again").format(path=path)
        ) from None
    found: dict[str, str] = {}
    records = [value for number, value in entries if number == 1 and isinstance(value, bytes)]
    for index, record in enumerate(records):
        name = next((v for t, v in _fields(record) if t == 1 and isinstance(v, bytes)), None)
        if name:
            found[name.decode("utf-8", "replace")] = str(index)
    return found


def _fields(data: bytes) -> list[tuple[int, bytes | int]]:
    """The (field number, value) pairs of a protobuf message: varints and length-delimited bytes."""
    out: list[tuple[int, bytes | int]] = []
    index = 0

    def varint() -> int:
        nonlocal index
        shift = value = 0
        while True:
            if index >= len(data):
                raise ValueError("a protobuf varint runs past the end")
            if shift >= 70:  # at most 10 bytes (64 bits): a longer one is not protobuf, and costs time squared
                raise ValueError("a protobuf varint longer than 10 bytes")
            byte = data[index]
            index += 1
            value |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                return value

    while index < len(data):
        key = varint()
        number, kind = key >> 3, key & 7
        if kind == 0:
            out.append((number, varint()))
        elif kind == 2:
            length = varint()
            if index + length > len(data):
                raise ValueError("a protobuf field runs past the end")
            out.append((number, data[index : index + length]))
            index += length
        elif kind == 1:
            index += 8
        elif kind == 5:
            index += 4
        else:
            raise ValueError(f"protobuf wire type {kind}")
    return out


def _note_types(database: sqlite3.Connection) -> dict[int, NoteType]:
    tables = {row[0] for row in database.execute("select name from sqlite_master where type = 'table'")}
    if "notetypes" in tables:
        return _note_types_18(database)
    (models,) = database.execute("select models from col").fetchone()
    types: dict[int, NoteType] = {}
    for key, model in json.loads(models).items():
        fields = tuple(f["name"] for f in sorted(model["flds"], key=lambda f: f["ord"]))
        templates = tuple((t["qfmt"], t["afmt"]) for t in sorted(model["tmpls"], key=lambda t: t["ord"]))
        drawn = any("image-occlusion" in q for q, _ in templates)
        types[int(key)] = NoteType(model["name"], fields, templates, model.get("type", 0) == 1, drawn)
    return types


def _note_types_18(database: sqlite3.Connection) -> dict[int, NoteType]:
    """Note types as Anki 2.1.28 and later keep them: tables, with protobuf settings."""
    fields: dict[int, list[str]] = {}
    for ntid, name in database.execute("select ntid, name from fields order by ntid, ord"):
        fields.setdefault(ntid, []).append(name)
    templates: dict[int, list[tuple[str, str]]] = {}
    for ntid, config in database.execute("select ntid, config from templates order by ntid, ord"):
        parts = {t: v for t, v in _fields(config) if isinstance(v, bytes)}
        templates.setdefault(ntid, []).append(
            (parts.get(1, b"").decode("utf-8", "replace"), parts.get(2, b"").decode("utf-8", "replace"))
        )
    types: dict[int, NoteType] = {}
    for ntid, name, config in database.execute("select id, name, config from notetypes"):
        kind = next((v for t, v in _fields(config) if t == 1 and isinstance(v, int)), 0)
        own = tuple(templates.get(ntid, ()))
        drawn = kind not in (0, 1) or any("image-occlusion" in q for q, _ in own)
        types[ntid] = NoteType(name, tuple(fields.get(ntid, ())), own, kind == 1, drawn)
    return types


def _cards(
    path: Path,
    database: sqlite3.Connection,
    types: dict[int, NoteType],
    package: zipfile.ZipFile,
    media: dict[str, str],
) -> Iterator[FlashCard]:
    made: dict[int, set[int]] = {}
    for nid, ordinal in database.execute("select nid, ord from cards order by nid, ord"):
        made.setdefault(nid, set()).add(ordinal)
    pictures: dict[str, CardPicture] = {}
    count = 0
    for number, (nid, mid, flds) in enumerate(database.execute("select id, mid, flds from notes order by id"), 1):
        where = _("{path}: note {note}").format(path=path, note=number)
        kind = types.get(mid)
        if kind is None:
            raise DeckgenError(
                _("{where}: its note type is missing from the package; export the deck again").format(where=where)
            )
        if kind.drawn:
            raise DeckgenError(
                _(
                    "{where}: note type {name} is drawn by Anki as a picture (Image Occlusion), which deckgen cannot "
                    "print; export a deck without it"
                ).format(where=where, name=repr(kind.name))
            )
        values = dict(zip(kind.fields, flds.split(FIELD_SEPARATOR), strict=False))
        for ordinal in sorted(made.get(nid, set())):
            try:
                question, answer = _render(kind, values, ordinal)
            except FilledTooLong:
                raise DeckgenError(
                    _(
                        "{where}: its card {card} fills to more than {most} characters (its template repeats a "
                        "field, or a field is far longer than a card); shorten it in Anki"
                    ).format(where=where, card=ordinal + 1, most=i18n.number(MAX_FILLED))
                ) from None
            if not question.strip() and not answer.strip():
                continue
            sides = []
            for side, markup in (("front", question), ("back", answer)):
                text, source = html_text(markup)
                picture = None
                if source is not None:
                    picture = pictures.get(source)
                    if picture is None:
                        shown = _("{where}, {side}").format(where=where, side=_(SIDE_NAMES[side]))
                        picture = _picture(path, package, media, source, shown)
                        pictures[source] = picture
                refuse_too_new(
                    text,
                    _("{where}: the {side} of its card {card}").format(
                        where=where, side=_(SIDE_NAMES[side]), card=ordinal + 1
                    ),
                )
                cleaned = clean_text(text)
                if len(cleaned) > MAX_TEXT:
                    raise DeckgenError(
                        _(
                            "{where}: the {side} of its card {card} has {count} characters; a card holds at most "
                            "{most}: shorten it in Anki"
                        ).format(
                            where=where, side=_(SIDE_NAMES[side]), card=ordinal + 1, count=len(cleaned), most=MAX_TEXT
                        )
                    )
                sides.append((cleaned, picture))
            (front, front_picture), (back, back_picture) = sides
            if not (front or front_picture) or not (back or back_picture):
                side = "front" if not (front or front_picture) else "back"
                raise DeckgenError(
                    _("{where}: its card {card} has an empty {side}; fill the note in Anki").format(
                        where=where, card=ordinal + 1, side=_(SIDE_NAMES[side])
                    )
                )
            count += 1
            if count > MAX_CARDS:
                raise DeckgenError(
                    _("{path}: more than {most} cards; export a smaller deck").format(
                        path=path, most=i18n.number(MAX_CARDS)
                    )
                )
            yield FlashCard("", front, back, 1, None, number, front_picture, back_picture, unit="note")


def _picture(path: Path, package: zipfile.ZipFile, media: dict[str, str], name: str, where: str) -> CardPicture:
    member = media.get(name)
    if member is None or member not in package.namelist():
        raise DeckgenError(
            _("{where}: picture {name} is not in the package; export the deck with its media").format(
                where=where, name=repr(name)
            )
        )
    data = _member(path, package, member, MAX_PICTURE_BYTES, _("picture {name}").format(name=repr(name)))
    if data.startswith(_ZSTD_MAGIC):
        data = _unzstd(path, data, MAX_PICTURE_BYTES)
    return picture_from_bytes(name, data, where)


def _render(kind: NoteType, values: dict[str, str], ordinal: int) -> tuple[str, str]:
    """The question and the answer (HTML) of one card, as Anki fills them in; the answer without the question."""
    if kind.cloze:
        question_format, answer_format = kind.templates[0] if kind.templates else ("{{cloze:Text}}", "{{cloze:Text}}")
        number = ordinal + 1
    else:
        if ordinal >= len(kind.templates):
            return "", ""
        question_format, answer_format = kind.templates[ordinal]
        number = 0
    question = _fill(question_format, values, number, "question", "")
    answer = _fill(answer_format, values, number, "answer", question)
    line = next((tag for tag in _ANSWER_LINE.finditer(answer) if _ANSWER_ID.search(tag.group())), None)
    if line is not None:
        answer = answer[line.end() :]
    elif answer.startswith(question) and question.strip():
        answer = answer[len(question) :]
    return question, answer


def _fill(template: str, values: dict[str, str], cloze: int, side: str, front: str) -> str:
    """A template with its fields filled in: ``{{Field}}``, ``{{filter:Field}}``, ``{{#Field}}…{{/Field}}``
    (shown when the field has text), ``{{^Field}}…{{/Field}}`` (when it has none), ``{{FrontSide}}``."""

    def value(name: str) -> str:
        *filters, field = (part.strip() for part in name.split(":"))
        if field == "FrontSide":
            return front
        if field.startswith("tts ") or any(f.startswith("tts") for f in filters) or "type" in filters:
            return ""
        text = values.get(field, "")
        if "cloze" in filters:
            text = _cloze(text, cloze, side)
        if "furigana" in filters or "kanji" in filters:
            text = _RUBY.sub(r"\1", text)
        elif "kana" in filters:
            text = _RUBY.sub(r"\2", text)
        return text

    out: list[str] = []
    length = 0

    def add(piece: str) -> None:
        nonlocal length
        length += len(piece)
        if length > MAX_FILLED:
            raise FilledTooLong
        out.append(piece)

    def field_value(name: str) -> str:
        field = name.split(":")[-1].strip()
        if length + len(values.get(field, "")) > MAX_FILLED:  # refused before any work on it
            raise FilledTooLong
        return value(name)

    filled: dict[str, bool] = {}
    stack: list[bool] = []  # per section open: whether it is shown
    hidden = 0  # how many of them are not
    position = 0
    for match in _TAG.finditer(template):
        if not hidden:
            add(template[position : match.start()])
        position = match.end()
        mark, name = match.group(1), match.group(2).strip()
        if mark in ("#", "^"):
            if name not in filled:
                filled[name] = not _EMPTY.fullmatch(values.get(name, ""))
            shown = filled[name] if mark == "#" else not filled[name]
            stack.append(shown)
            hidden += not shown
        elif mark == "/":
            if stack:
                hidden -= not stack.pop()
        elif not hidden:
            add(field_value(name))
    if not hidden:
        add(template[position:])
    return "".join(out)


class FilledTooLong(Exception):
    """A side of a card would fill to more than :data:`MAX_FILLED` characters."""


def _cloze(text: str, number: int, side: str) -> str:
    """A cloze field for card ``number``: that gap as "…" (with its hint) on the question, every
    gap filled on the answer. Gaps may nest (``{{c1::outer {{c2::inner}} part}}``), as in Anki,
    to any depth: the gaps open are kept on a list, not in Python's own stack of calls. The
    text is read once from start to end (a hint's end is looked for only where there is one)."""
    open_gaps: list[tuple[list[str], int]] = []  # per gap open: the text around it so far, its number
    parts: list[str] = []
    last_close = text.rfind("}}")
    index = 0

    def close(hint: str | None) -> None:
        nonlocal parts
        inner = "".join(parts)
        parts, gap = open_gaps.pop()
        if side == "question" and gap == number:
            parts.append(f"{GAP} ({hint})" if hint else GAP)
        else:
            parts.append(inner)

    while True:
        mark = _CLOZE_MARK.search(text, index)
        if mark is None:
            parts.append(text[index:])
            break
        parts.append(text[index : mark.start()])
        index = mark.start()
        if mark.group(1) is not None:  # a gap opens
            open_gaps.append((parts, int(mark.group(1))))
            parts = []
            index = mark.end()
            continue
        if open_gaps and mark.group() == "}}":
            close(None)
            index += 2
            continue
        if open_gaps and mark.group() == "::" and index + 2 <= last_close:
            end = text.find("}}", index + 2)  # a hint: the rest of the gap
            close(text[index + 2 : end])
            index = end + 2
            continue
        parts.append(text[index])  # a mark outside any gap is text
        index += 1
    while open_gaps:  # gaps never closed end with the text
        close(None)
    return "".join(parts)


#: The HTML elements that begin and end a line.
_BLOCKS = frozenset({"div", "p", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol", "table"})
#: The markup of a field's HTML: a comment, a tag (name and attributes), a declaration or a
#: processing instruction. Read in one pass: nothing here goes back over what it has read, so
#: a field of nothing but ``<a<a<a…`` (18 s for 100,000 characters through Python's own HTML
#: parser, which also stops with an error on ``<![``) costs no more than plain text.
_MARKUP = re.compile(
    r"<!--.*?(?:-->|\Z)"
    r"|<(/?)([A-Za-z][A-Za-z0-9:-]*+)((?:[^<>\"']++|\"[^\"]*+\"|'[^']*+')*+)>"
    r"|<[!?][^<>]*+>",
    re.DOTALL,
)
_SOURCE = re.compile(r"""\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)
#: Where the raw text of a <style> or <script> element ends.
_RAW_END = {name: re.compile(rf"</{name}\s*>", re.IGNORECASE) for name in ("style", "script")}


def html_text(markup: str) -> tuple[str, str | None]:
    """The text of a side's HTML (line breaks kept) and the file name of its first picture:
    breaks and blocks become line breaks, styles and scripts are left out, character
    references become their characters, and in the text a run of spaces and line breaks is
    one space (as HTML shows it)."""
    markup = _SOUND.sub("", markup)
    parts: list[str] = []
    picture: str | None = None

    def text(data: str) -> None:
        if data:
            parts.append(re.sub(r"[ \t\r\n\f]+", " ", html.unescape(data)))

    position = 0
    while True:
        tag = _MARKUP.search(markup, position)
        if tag is None:
            text(markup[position:])
            break
        text(markup[position : tag.start()])
        position = tag.end()
        if tag.group(2) is None:  # a comment, a declaration or a processing instruction
            continue
        name, attributes = tag.group(2).lower(), tag.group(3)
        if tag.group(1):  # an end tag
            if name in _BLOCKS:
                parts.append("\n")
            continue
        if name in _RAW_END:  # its text is not HTML: left out, to its end tag
            end = _RAW_END[name].search(markup, position)
            position = end.end() if end is not None else len(markup)
            continue
        if name == "br" or name in _BLOCKS:
            parts.append("\n")
            if name in _BLOCKS and attributes.rstrip().endswith("/"):  # <div/>: ended as it starts
                parts.append("\n")
        elif name == "img" and picture is None:
            source = _SOURCE.search(attributes)
            if source is not None and any(source.groups()):
                picture = html.unescape(next(group for group in source.groups() if group is not None))
    return "".join(parts), picture
