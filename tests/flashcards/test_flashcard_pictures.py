"""Pictures on flash cards: a PNG, JPEG or SVG file beside the sheet, on the side its column says,
fitted inside the text box with the text below it; laser files engrave SVG pictures and leave
raster ones out with a note."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from deckgen.cli import main
from deckgen.games import game
from deckgen.games.flashcards.faces import FlashGeometry
from deckgen.games.flashcards.sheet import load_sheet
from deckgen.layout.primitives import Picture, Shape, Stroke, ink_bounds
from deckgen.render.png import draw

FLASH = game("flashcards")
CARD = (88.9, 63.5)
SVG = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50">
<rect x="0" y="0" width="100" height="50" fill="#1f5fa8"/><circle cx="50" cy="25" r="10" fill="none"
stroke="#f2b800" stroke-width="4"/></svg>"""


def red_square(path: Path, size: tuple[int, int] = (200, 100)) -> None:
    image = Image.new("RGB", size, "white")
    ImageDraw.Draw(image).rectangle((0, 0, size[0] - 1, size[1] - 1), fill="#D62828")
    image.save(path)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    red_square(tmp_path / "red.png")
    red_square(tmp_path / "red.jpg")
    (tmp_path / "flag.svg").write_text(SVG, encoding="utf-8")
    (tmp_path / "words.csv").write_text(
        "front,back,image,back image\napple,la pomme,red.png,\nflag,le drapeau,flag.svg,red.jpg\n,alone,red.jpg,\n",
        encoding="utf-8",
    )
    return tmp_path


def test_each_picture_goes_on_the_side_its_column_names(folder: Path) -> None:
    apple, flag, alone = load_sheet(folder / "words.csv").cards
    assert apple.front_picture is not None and apple.front_picture.name == "red.png" and apple.back_picture is None
    assert flag.front_picture is not None and flag.front_picture.outlines  # an SVG becomes outlines
    assert flag.back_picture is not None and flag.back_picture.data.startswith(b"\xff\xd8")
    assert alone.front == "" and alone.front_picture is not None  # a picture alone is a front


def test_a_picture_sits_inside_the_text_box_above_its_text_proportions_kept(folder: Path) -> None:
    deck = load_sheet(folder / "words.csv")
    faces = FLASH.faces(deck, CARD, {})
    x, y, w, h = FlashGeometry(*CARD).text_box
    (picture,) = [p for p in faces.fronts[0].primitives if isinstance(p, Picture)]
    assert picture.w / picture.h == pytest.approx(2.0)
    assert x - 1e-9 <= picture.x and picture.x + picture.w <= x + w + 1e-9 and y - 1e-9 <= picture.y
    letters = [
        p for p in faces.fronts[0].primitives if isinstance(p, Shape) and p.glyph and not p.glyph.startswith("user")
    ]
    top_of_text = min(ink_bounds([s])[1] for s in letters)  # type: ignore[index]
    assert picture.y + picture.h < top_of_text <= y + h
    # A picture alone takes the whole text box (fitted by its width here).
    (alone,) = [p for p in faces.fronts[2].primitives if isinstance(p, Picture)]
    assert alone.w == pytest.approx(w) and alone.h == pytest.approx(w / 2)


def test_the_png_preview_shows_the_picture(folder: Path) -> None:
    deck = load_sheet(folder / "words.csv")
    face = FLASH.faces(deck, CARD, {}).fronts[2]
    image = draw(face.primitives, face.width, face.height, 100, (255, 255, 255, 255))
    (picture,) = [p for p in face.primitives if isinstance(p, Picture)]
    middle = (round((picture.x + picture.w / 2) / 25.4 * 100), round((picture.y + picture.h / 2) / 25.4 * 100))
    red = image.getpixel(middle)[:3]  # a JPEG: within a few levels of the red drawn
    assert all(abs(a - b) <= 6 for a, b in zip(red, (0xD6, 0x28, 0x28), strict=True)), red


def test_an_svg_picture_is_drawn_as_shapes_and_strokes(folder: Path) -> None:
    deck = load_sheet(folder / "words.csv")
    front = FLASH.faces(deck, CARD, {}).fronts[1].primitives
    assert any(isinstance(p, Shape) and p.colour == "#1F5FA8" for p in front)
    assert any(isinstance(p, Stroke) and p.colour == "#F2B800" for p in front)


def test_the_pdf_carries_the_pictures_and_laser_files_say_what_they_leave_out(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from pypdf import PdfReader

    out = folder / "out"
    assert (
        main(["build", "--file", str(folder / "words.csv"), "--format", "pdf", "--format", "svg", "--out", str(out)])
        == 0
    )
    err = capsys.readouterr().err
    assert "the laser files leave out the PNG and JPEG pictures of 3 card sides" in err
    reader = PdfReader(out / "flashcards.pdf")
    images = [image for page in reader.pages for image in page.images]
    assert len(images) >= 2
    svg = (out / "svg" / "flashcards-sheet-01.svg").read_text(encoding="utf-8")
    assert "<image" not in svg and "<text" not in svg


@pytest.mark.parametrize(
    ("cell", "make", "message"),
    [
        ("missing.png", None, "picture 'missing.png' not found"),
        ("../outside.png", "outside", "is outside the sheet's folder"),
        ("fake.png", "fake", "is not a PNG, JPEG or SVG file"),
        ("broken.svg", "broken", "is not an SVG drawing deckgen can read"),
    ],
)
def test_a_picture_that_cannot_be_used_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str, make: str | None, message: str
) -> None:
    folder = tmp_path / "sheet"
    folder.mkdir()
    if make == "outside":
        red_square(tmp_path / "outside.png")
    elif make == "fake":
        (folder / "fake.png").write_text("not a picture", encoding="utf-8")
    elif make == "broken":
        (folder / "broken.svg").write_text("<svg><path d='M 0 0 L", encoding="utf-8")
    sheet = folder / "words.csv"
    sheet.write_text(f"front,back,image\napple,la pomme,{cell}\n", encoding="utf-8")
    assert main(["build", "--file", str(sheet), "--out", str(tmp_path / "out")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "row 2, column C: " in line and message in line
    assert not (tmp_path / "out").exists()


def test_a_phone_photo_stored_sideways_is_turned_upright(tmp_path: Path) -> None:
    image = Image.new("RGB", (200, 100), "white")
    exif = image.getexif()
    exif[0x0112] = 6  # "turn 90° clockwise to view"
    buffer = io.BytesIO()
    image.save(buffer, format="JPEG", exif=exif)
    (tmp_path / "photo.jpg").write_bytes(buffer.getvalue())
    (tmp_path / "words.csv").write_text("front,back,image\ndog,el perro,photo.jpg\n", encoding="utf-8")
    (card,) = load_sheet(tmp_path / "words.csv").cards
    assert card.front_picture is not None and (card.front_picture.width, card.front_picture.height) == (100, 200)


def test_a_picture_named_in_a_front_column_is_a_picture(folder: Path) -> None:
    (folder / "named.csv").write_text("Word,Bild,Wort\napple,red.png,der Apfel\n", encoding="utf-8")
    (card,) = load_sheet(folder / "named.csv", front=("Bild", "Word"), back=("Wort",)).cards
    assert card.front == "apple" and card.front_picture is not None and card.front_picture.name == "red.png"


USE_BOMB = (
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink">'
    '<rect id="a0" width="1" height="1"/>'
    + "".join(f'<g id="a{n}">' + f'<use xlink:href="#a{n - 1}"/>' * 10 + "</g>" for n in range(1, 7))
    + "</svg>"
)


@pytest.mark.parametrize(
    ("cell", "make", "message"),
    [
        ("bomb.svg", lambda f: (f / "bomb.svg").write_text(USE_BOMB), "draws more than 20,000 shapes once its copies"),
        (
            "self.svg",
            lambda f: (f / "self.svg").write_text(
                '<svg xmlns="http://www.w3.org/2000/svg"><g id="g"><use href="#g"/></g></svg>'
            ),
            "or copies itself",
        ),
        ("ok\x00.png", lambda f: None, "is not a file name"),
        ("folder.png", lambda f: (f / "folder.png").mkdir(), "is a folder"),
    ],
)
def test_pictures_that_would_hang_or_crash_are_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], cell: str, make: object, message: str
) -> None:
    make(tmp_path)  # type: ignore[operator]
    (tmp_path / "words.csv").write_text(f"front,back,image\napple,la pomme,{cell}\n", encoding="utf-8")
    assert main(["verify", "--file", str(tmp_path / "words.csv")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert message in line


def test_a_picture_name_misspelt_in_a_named_column_is_refused_not_printed(folder: Path) -> None:
    from deckgen.errors import DeckgenError

    (folder / "typo.csv").write_text("Word,Pic,Meaning\nbird,birrd.jpg,oiseau\n", encoding="utf-8")
    with pytest.raises(DeckgenError, match=r"picture 'birrd\.jpg' not found"):
        load_sheet(folder / "typo.csv", front=("Word", "Pic"), back=("Meaning",))


def test_a_large_sideways_photo_is_turned_and_made_no_larger_than_a_card_needs(tmp_path: Path) -> None:
    from deckgen.games.flashcards.card_pictures import TURNED_LONG_SIDE

    image = Image.new("RGB", (6000, 4000), "#1E9E3A")
    exif = image.getexif()
    exif[0x0112] = 6
    image.save(tmp_path / "photo.jpg", exif=exif, quality=80)
    (tmp_path / "words.csv").write_text("front,back,image\ndog,el perro,photo.jpg\n", encoding="utf-8")
    (card,) = load_sheet(tmp_path / "words.csv").cards
    assert card.front_picture is not None
    assert (card.front_picture.width, card.front_picture.height) == (TURNED_LONG_SIDE * 2 // 3, TURNED_LONG_SIDE)
    assert card.front_picture.data.startswith(b"\xff\xd8")  # kept a JPEG, not a PNG many times its size
