"""Flash cards from Anki packages (.apkg): Basic, reversed and Cloze notes with a picture, made
with genanki (Anki's legacy collection) and by hand in Anki 2.1.50's newer form (a Zstandard
collection with its note types in tables, media listed in protobuf)."""

from __future__ import annotations

import io
import sqlite3
import subprocess
import zipfile
from pathlib import Path

import genanki
import pytest
import zstandard
from PIL import Image

from deckgen.cli import main
from deckgen.games import game
from deckgen.games.flashcards.anki import GAP, html_text, load_package


def png() -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (60, 40), "#1E9E3A").save(out, format="PNG")
    return out.getvalue()


@pytest.fixture
def package(tmp_path: Path) -> Path:
    (tmp_path / "leaf.png").write_bytes(png())
    deck = genanki.Deck(2059400110, "Biology")
    notes = [
        (genanki.BASIC_MODEL, ["What do plants need to grow?", "light, water<br>and air"]),
        (genanki.BASIC_AND_REVERSED_CARD_MODEL, ["la hoja", 'the leaf <img src="leaf.png">']),
        (genanki.CLOZE_MODEL, ["{{c1::Photosynthesis}} makes {{c2::sugar::food}} from light.", "in the leaves"]),
        (genanki.BASIC_MODEL, ["<div><b>H<sub>2</sub>O</b></div><div>is&nbsp;what?</div>", "water [sound:water.mp3]"]),
    ]
    for model, fields in notes:
        deck.add_note(genanki.Note(model=model, fields=fields))
    path = tmp_path / "biology.apkg"
    genanki.Package(deck, media_files=[str(tmp_path / "leaf.png")]).write_to_file(str(path))
    return path


def test_basic_reversed_and_cloze_notes_become_the_cards_anki_shows(package: Path) -> None:
    deck = load_package(package)
    shown = [(card.front, card.back) for card in deck.cards]
    assert shown == [
        ("What do plants need to grow?", "light, water\nand air"),
        ("la hoja", "the leaf"),
        ("the leaf", "la hoja"),
        (f"{GAP} makes sugar from light.", "Photosynthesis makes sugar from light.\nin the leaves"),
        (f"Photosynthesis makes {GAP} (food) from light.", "Photosynthesis makes sugar from light.\nin the leaves"),
        ("H2O\nis\u00a0what?", "water"),
    ]
    assert [card.id for card in deck.cards] == ["F01", "F02", "F03", "F04", "F05", "F06"]
    # The picture goes on the side that shows it: the back of the first card, the front of the reversed one.
    leaf = deck.cards[1].back_picture
    assert leaf is not None and leaf.name == "leaf.png" and leaf.width == 60
    assert deck.cards[2].front_picture is leaf and deck.cards[1].front_picture is None
    assert all(card.unit == "note" for card in deck.cards)


def test_an_anki_deck_builds_into_a_pdf_whose_text_is_the_cards(package: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert main(["build", "--game", "flashcards", "--file", str(package), "--out", str(out)]) == 0
    text = subprocess.run(["pdftotext", str(out / "flashcards.pdf"), "-"], capture_output=True, text=True).stdout
    assert "Photosynthesis makes sugar from light." in " ".join(text.split())
    assert "…" in text
    # The .apkg is a flash-card deck by its name alone.
    assert main(["verify", "--file", str(package)]) == 0


def proto(*fields: tuple[int, bytes | int]) -> bytes:
    """A protobuf message of varints and length-delimited fields."""

    def varint(value: int) -> bytes:
        out = b""
        while True:
            byte, value = value & 0x7F, value >> 7
            out += bytes([byte | (0x80 if value else 0)])
            if not value:
                return out

    data = b""
    for number, value in fields:
        if isinstance(value, int):
            data += varint(number << 3) + varint(value)
        else:
            data += varint(number << 3 | 2) + varint(len(value)) + value
    return data


def newer_package(path: Path, kind: int = 0) -> Path:
    """A package as Anki 2.1.50 and later export it (with the placeholder collection they leave for old Ankis)."""
    database = sqlite3.connect(":memory:")
    database.executescript(
        "create table notetypes (id integer, name text, config blob);"
        "create table fields (ntid integer, ord integer, name text);"
        "create table templates (ntid integer, ord integer, name text, config blob);"
        "create table notes (id integer, mid integer, flds text);"
        "create table cards (nid integer, ord integer);"
    )
    database.execute("insert into notetypes values (1, 'Vocabulary', ?)", (proto((1, kind)),))
    for number, name in enumerate(("Word", "Meaning", "Picture")):
        database.execute("insert into fields values (1, ?, ?)", (number, name))
    question, answer = "{{Word}}{{#Picture}}<br>{{Picture}}{{/Picture}}", "{{FrontSide}}<hr id=answer>{{Meaning}}"
    database.execute(
        "insert into templates values (1, 0, 'Card 1', ?)", (proto((1, question.encode()), (2, answer.encode())),)
    )
    database.execute("insert into notes values (10, 1, ?)", ("der Baum\x1fthe tree\x1f<img src='tree.png'>",))
    database.execute("insert into notes values (11, 1, ?)", ("die Blume\x1fthe flower\x1f",))
    database.executemany("insert into cards values (?, 0)", [(10,), (11,)])
    database.commit()
    compress = zstandard.ZstdCompressor().compress
    media = proto((1, proto((1, b"tree.png"), (2, len(png())))))
    with zipfile.ZipFile(path, "w") as package:
        package.writestr("collection.anki21b", compress(database.serialize()))
        package.writestr("collection.anki2", b"an old Anki's placeholder, not a collection")
        package.writestr("media", compress(media))
        package.writestr("0", compress(png()))
    return path


def test_a_package_of_anki_2_1_50_and_later_is_read(tmp_path: Path) -> None:
    deck = load_package(newer_package(tmp_path / "german.apkg"))
    assert [(c.front, c.back) for c in deck.cards] == [("der Baum", "the tree"), ("die Blume", "the flower")]
    assert deck.cards[0].front_picture is not None and deck.cards[0].front_picture.name == "tree.png"
    assert deck.cards[1].front_picture is None


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda p: p.write_text("not a zip", encoding="utf-8"), "not an Anki package (.apkg is a zip file)"),
        (lambda p: zipfile.ZipFile(p, "w").close(), "no Anki collection inside"),
        (lambda p: newer_package(p, kind=2), "is drawn by Anki as a picture (Image Occlusion)"),
    ],
)
def test_a_package_that_cannot_be_read_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], make: object, message: str
) -> None:
    path = tmp_path / "deck.apkg"
    make(path)  # type: ignore[operator]
    assert main(["build", "--file", str(path), "--out", str(tmp_path / "out")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert message in line and str(path) in line
    assert not (tmp_path / "out").exists()


def test_columns_are_for_spreadsheets_only(package: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--file", str(package), "--front", "Front"]) == 1
    assert "--front names a spreadsheet's columns" in capsys.readouterr().err


def test_html_becomes_text_with_its_line_breaks() -> None:
    assert html_text("a<br>b<div>c</div>&amp; <style>x{}</style>d") == ("a\nb\nc\n& d", None)
    assert html_text('<img src="a&amp;b.png"><img src="second.png">')[1] == "a&b.png"


def test_a_flash_card_game_takes_apkg_files() -> None:
    assert ".apkg" in game("flashcards").file_suffixes


def _package_of(path: Path, members: dict[str, bytes]) -> Path:
    with zipfile.ZipFile(path, "w") as package:
        for name, data in members.items():
            package.writestr(name, data)
    return path


def _damaged(tmp_path: Path, statement: str) -> Path:
    """A legacy collection whose tables were changed by ``statement`` after genanki wrote them."""
    deck = genanki.Deck(3, "x")
    deck.add_note(genanki.Note(model=genanki.BASIC_MODEL, fields=["a", "b"]))
    good = tmp_path / "good.apkg"
    genanki.Package(deck).write_to_file(str(good))
    with zipfile.ZipFile(good) as package:
        database = sqlite3.connect(":memory:")
        database.deserialize(package.read("collection.anki2"))
    database.execute(statement)
    database.commit()
    return _package_of(tmp_path / "damaged.apkg", {"collection.anki2": database.serialize()})


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (lambda p: _package_of(p / "d.apkg", {"collection.anki2": b""}), "collection.anki2 is not an Anki collection"),
        (
            lambda p: _package_of(
                p / "d.apkg", {"collection.anki21b": zstandard.ZstdCompressor().compress(bytes(400_000_000))}
            ),
            "a file in it unpacks to more than 300,000,000 bytes",
        ),
        (
            lambda p: _damaged(p, "update notes set flds = x'1f'"),
            "the collection is damaged (its tables are not as Anki writes them)",
        ),
        (
            lambda p: _damaged(p, "update col set models = 'not json'"),
            "the collection is damaged (its tables are not as Anki writes them)",
        ),
        (
            lambda p: _damaged(p, "update col set models = '[]'"),
            "the collection is damaged (its tables are not as Anki writes them)",
        ),
    ],
)
def test_a_damaged_or_bombed_package_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], build: object, message: str
) -> None:
    path = build(tmp_path)  # type: ignore[operator]
    assert main(["verify", "--file", str(path)]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert message in line and "export" in line


def test_nested_clozes_read_as_anki_shows_them() -> None:
    from deckgen.games.flashcards.anki import _cloze

    text = "Nested {{c1::outer {{c2::inner::hint}} part}} end"
    assert _cloze(text, 1, "question") == f"Nested {GAP} end"
    assert _cloze(text, 2, "question") == f"Nested outer {GAP} (hint) part end"
    assert _cloze(text, 1, "answer") == "Nested outer inner part end"
