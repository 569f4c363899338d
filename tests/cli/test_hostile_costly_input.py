"""Hostile input, round four: small files that cost minutes or crash, characters newer than
Python, and numbers read one way on the command line and the page."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.print_options import PRINT_OPTIONS
from deckgen.serve.choices import PageChoices, check_text


def one_line_error(capsys: pytest.CaptureFixture[str], longest: int = 600) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("deckgen: error: ") and "\n" not in err, err[:2000]
    assert "Traceback" not in err and len(err) <= longest, err[:2000]
    return err


def _unknown_character() -> str:
    """A character this Python does not know: U+1FAE8 (Unicode 15) up to Python 3.11, else one
    no Unicode version has given out yet."""
    for char in ("\U0001fae8", "\U0002fffd", "\U000e0080"):
        if unicodedata.category(char) == "Cn":
            return char
    raise AssertionError("no unassigned character found")


@pytest.mark.parametrize("column", ["front", "back"])
def test_a_character_newer_than_python_is_refused_naming_it(
    column: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Dropped silently before, the card printing without it: now one line naming the row, the
    side and the character."""
    new = _unknown_character()
    sheet = tmp_path / "words.csv"
    front, back = ("shaking face " + new, "Gesicht") if column == "front" else ("face", "Gesicht " + new)
    sheet.write_text(f"front,back\nhello,Hallo\n{front},{back}\n", encoding="utf-8")
    assert main(["build", "--file", str(sheet), "--out", str(tmp_path / "out")]) == 1
    err = one_line_error(capsys)
    assert f"U+{ord(new):04X}" in err and "row 3" in err and f"the {column}" in err
    assert unicodedata.unidata_version in err
    assert not (tmp_path / "out").exists()


def test_noncharacters_are_still_dropped_like_control_characters(tmp_path: Path) -> None:
    """U+FFFF and its kind are never text (a program's own markers): dropped as before, not refused."""
    sheet = tmp_path / "words.csv"
    sheet.write_text("front,back\nhello\uffff,Hallo\ufdd0\n", encoding="utf-8")
    assert main(["build", "--file", str(sheet), "--format", "pdf", "--out", str(tmp_path / "out")]) == 0


#: What a teacher might type for set 2 (or 20), and whether it is a number deckgen reads.
TYPED = {
    "2": 2, " 2": 2, "2 ": 2, "02": 2, "20": 20,
    "２": None, "٢": None, "२": None, "+2": None, "2_0": None, "2.0": None, "-2": None, "0": None, "201": None,
    "": None, "²": None, "1e1": None,
}  # fmt: skip


@pytest.mark.parametrize("typed", TYPED)
def test_the_command_line_and_the_page_read_a_set_number_alike(
    typed: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--only-set ' 2'``, ``２`` and ``٢`` went through on the command line (click reads them
    with int()) and were refused on the page: both now read the digits 0-9 alone (spaces
    around them aside, as the page takes every field)."""
    option = next(option for option in PRINT_OPTIONS if option.name == "only_set")
    page = PageChoices.from_query({"game": ["cleariosity"], "sets": ["20"], "only_set": [typed]})
    on_page = page.errors.get("only_set") is None and check_text(option, typed.strip()) is None
    args = ["build", "--game", "cleariosity", "--sets", "20", "--only-set", typed, "--format", "pdf"]
    code = main([*args, "--out", str(tmp_path / "out")])
    assert on_page == (code == 0) == (TYPED[typed] is not None)
    if TYPED[typed] is None:
        assert code == 2
        said = one_line_error(capsys)
        assert "in the digits 0-9" in said or "is not in the range 1<=x<=20" in said


def test_one_function_reads_the_numbers_of_both() -> None:
    from deckgen import cli
    from deckgen.errors import DeckgenError
    from deckgen.options import read_number
    from deckgen.serve import choices

    for typed, value in TYPED.items():
        if value is None:
            with pytest.raises(DeckgenError, match="in the digits 0-9"):
                read_number(typed, 1, 200)
        else:
            assert read_number(typed, 1, 200) == value
    assert cli.read_number is read_number and choices.read_number is read_number


def test_sets_is_read_by_the_same_rule(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--sets 2_0`` made 20 sets, ``--sets ３`` three."""
    for typed in ("2_0", "３", "+3", "3.0"):
        assert main(["build", "--game", "cleariosity", "--sets", typed, "--out", str(tmp_path / "out")]) == 2
        assert "in the digits 0-9" in one_line_error(capsys)
        assert PageChoices.from_query({"sets": [typed]}).errors.get("sets")
    assert not (tmp_path / "out").exists()


# Small files that cost minutes or crash: each is one line, or a quick success whose work is
# bounded by the code, not by luck (counted here, never timed).


def _anki(path: Path, model: object, fields: list[str], media: dict[str, bytes] | None = None) -> Path:
    import zipfile

    import genanki

    deck = genanki.Deck(2059400111, "Hostile")
    deck.add_note(genanki.Note(model=model, fields=fields))
    genanki.Package(deck).write_to_file(str(path))
    media = media or {}
    with zipfile.ZipFile(path) as package:  # packed again, compressed (as Anki itself packs)
        members = {name: package.read(name) for name in package.namelist() if name not in media}
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as package:
        for name, data in {**members, **media}.items():
            package.writestr(name, data)
    return path


def test_an_anki_cloze_nested_3000_deep_is_read(tmp_path: Path) -> None:
    """A RecursionError traceback before: gaps are now kept on a list of their own, at any depth."""
    import genanki

    from deckgen.games.flashcards.anki import GAP, load_package

    text = "{{c1::" * 3000 + "deep" + "}}" * 3000
    deck = load_package(_anki(tmp_path / "deep.apkg", genanki.CLOZE_MODEL, [text, ""]))
    assert [(card.front, card.back) for card in deck.cards] == [(GAP, "deep")]


def test_an_anki_template_that_repeats_a_large_field_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """100,000 copies of a 40,000-character field: 4 billion characters asked for (a MemoryError,
    or half a minute building 200 million). Refused once the side passes MAX_FILLED characters."""
    import genanki

    from deckgen.games.flashcards import anki

    model = genanki.Model(
        1607392320,
        "Repeats",
        fields=[{"name": "Front"}, {"name": "Back"}],
        templates=[{"name": "Card 1", "qfmt": "{{Front}}" * 100_000, "afmt": "{{Back}}"}],
    )
    path = _anki(tmp_path / "repeats.apkg", model, ["x" * 40_000, "back"])
    assert path.stat().st_size < 100_000  # a small file
    filled: list[int] = []
    real_fill = anki._fill

    def fill(template: str, *args: object) -> str:
        try:
            text = real_fill(template, *args)  # type: ignore[arg-type]
        except anki.FilledTooLong:
            filled.append(-1)
            raise
        filled.append(len(text))
        return text

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(anki, "_fill", fill)
        assert main(["build", "--file", str(path), "--out", str(tmp_path / "out")]) == 1
    err = one_line_error(capsys)
    assert "note 1" in err and "fills to more than 100,000 characters" in err and "Anki" in err
    assert filled == [-1]  # stopped inside the first side it filled
    assert not (tmp_path / "out").exists()


def test_an_anki_media_list_of_2_million_0xff_bytes_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A varint read one byte at a time, each step shifting a number of millions of bits: no
    answer in a minute. A varint is at most 10 bytes; the list is refused at the 11th."""
    import genanki

    from deckgen.games.flashcards import anki

    path = _anki(tmp_path / "media.apkg", genanki.BASIC_MODEL, ["a", "b"], {"media": b"\xff" * 2_000_000})
    assert path.stat().st_size < 50_000
    with pytest.raises(ValueError, match="longer than 10 bytes"):
        anki._fields(b"\xff" * 2_000_000)
    assert main(["build", "--file", str(path), "--out", str(tmp_path / "out")]) == 1
    assert "the list of pictures cannot be read" in one_line_error(capsys)


def test_anki_furigana_reads_in_one_pass() -> None:
    """``a[`` repeated 1,000 times took 33 s with the old pattern (it went back over the text for
    every ``[``): the reading pattern now never goes back."""
    from deckgen.games.flashcards import anki

    assert anki._RUBY.sub(r"\1", "日本語[にほんご]を 勉強[べんきょう]する") == "日本語を勉強する"
    assert anki._RUBY.sub(r"\2", "漢[かん]字[じ]") == "かんじ"
    values = {"Word": "a[" * 50_000}
    note = anki.NoteType("n", ("Word",), (("{{furigana:Word}}", "{{kana:Word}}"),), False)
    assert anki._render(note, values, 0) == ("a[" * 50_000, "")


def test_anki_html_that_python_s_own_parser_refuses_is_read_as_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``<![`` stopped Python's HTML parser with an AssertionError (a traceback), and ``<a``
    repeated took it time squared (18 s for 100,000 characters): the fields' HTML is read by
    deckgen's own patterns, in one pass."""
    import genanki

    from deckgen.games.flashcards.anki import html_text, load_package

    assert html_text("<![CDATA[x") == ("<![CDATA[x", None)  # not markup: its text, as written
    assert html_text("a<b>b</b><![x<br>c<!-- note -->") == ("ab<![x\nc", None)
    assert html_text("<a" * 50_000)[0] == "<a" * 50_000
    deck = load_package(_anki(tmp_path / "odd.apkg", genanki.BASIC_MODEL, ["front <![", "back"]))
    assert [(card.front, card.back) for card in deck.cards] == [("front <![", "back")]


@pytest.fixture
def looped(tmp_path: Path) -> Path:
    """A folder holding links to themselves: pic.png, self (and a spec file, starter.toml)."""
    from tests.cli.test_hostile_specs_and_outputs import STARTER_SPEC

    for name in ("pic.png", "self"):
        (tmp_path / name).symlink_to(name)
    (tmp_path / "starter.toml").write_bytes(STARTER_SPEC.read_bytes())
    return tmp_path


def test_a_picture_cell_naming_a_link_to_itself_is_one_line(looped: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = looped / "words.csv"
    sheet.write_text("front,back\nhello,pic.png\n", encoding="utf-8")
    assert main(["build", "--file", str(sheet), "--out", str(looped / "out")]) == 1
    err = one_line_error(capsys)
    assert "row 2" in err and "'pic.png' is a link that leads to no file" in err


def test_an_out_that_is_a_link_to_itself_is_one_line(looped: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--game", "cleariosity", "--format", "pdf", "--out", str(looped / "self")]) == 1
    assert "a link that leads to no folder" in one_line_error(capsys)
    # design writes its deck file naming its spec from the deck file's folder: the link was resolved there.
    args = ["design", "--seed", "1", "--iterations", "10", "--attempts", "1", "--games", "0", "--keep-failed"]
    assert main([*args, "--spec", str(looped / "starter.toml"), "--out", str(looped / "self")]) == 1
    last = capsys.readouterr().err.strip().splitlines()[-1]  # after design's own progress lines
    assert last.startswith("deckgen: error: ") and "cannot follow the link" in last and "Traceback" not in last


def test_a_progress_file_that_is_a_link_to_itself_is_one_line(looped: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["design", "--seed", "1", "--iterations", "10", "--attempts", "1", "--games", "0"]
    code = main([*args, "--progress-file", str(looped / "self"), "--out", str(looped / "deck.toml")])
    assert code == 1
    assert "--progress-file" in (err := one_line_error(capsys)) and "cannot follow the link" in err
    assert not (looped / "deck.toml").exists()  # refused before the search


def _curves(count: int) -> bytes:
    import random

    rng = random.Random(1)
    steps = " ".join("c " + " ".join(str(rng.randint(-20, 20)) for _ in range(6)) for _ in range(count))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000"><path fill="#000" d="M 500 500 {steps}"/>'
        "</svg>"
    ).encode()


def test_an_svg_path_of_6000_curves_is_drawn_with_bounded_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """One <path> of 6,000 curves (126 KB): no answer in a minute, each point of each curve worked
    out by the SVG library (which tried to import numpy every time). Points are now worked out
    here from the control points, and there are at most MAX_SVG_POINTS of them."""
    import svgelements

    from deckgen.games.flashcards import card_pictures
    from deckgen.layout.primitives import Shape

    def refused(*_: object, **__: object) -> None:
        raise AssertionError("a curve's points are worked out by the SVG library")

    for kind in (svgelements.CubicBezier, svgelements.QuadraticBezier, svgelements.Arc):
        monkeypatch.setattr(kind, "point", refused)
        monkeypatch.setattr(kind, "length", refused)
    data = _curves(6000)
    assert len(data) < 130_000
    picture = card_pictures.picture_from_bytes("curves.svg", data, "row 2")
    points = sum(len(ring) for shape in picture.outlines if isinstance(shape, Shape) for ring in shape.outline)
    assert 6000 * 2 <= points <= card_pictures.MAX_SVG_POINTS


def test_an_svg_of_too_many_lines_and_curves_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """Refused before the SVG library reads them when their numbers are too many; else as their
    lines and curves are counted, across every path of the drawing."""
    import svgelements

    from deckgen.errors import DeckgenError
    from deckgen.games.flashcards import card_pictures

    steps = " ".join(f"l 1 {n % 3 - 1}" for n in range(card_pictures.MAX_SVG_SEGMENTS + 1))
    lines = f'<svg xmlns="http://www.w3.org/2000/svg"><path d="M 0 0 {steps}"/></svg>'.encode()
    with pytest.raises(DeckgenError, match="draws more than 50,000 lines and curves"):
        card_pictures.picture_from_bytes("lines.svg", lines, "row 2")

    def refused(*_: object, **__: object) -> None:
        raise AssertionError("the SVG library read a drawing already too large")

    monkeypatch.setattr(svgelements.SVG, "parse", refused)
    with pytest.raises(DeckgenError, match="draws more than 50,000 lines and curves"):
        card_pictures.picture_from_bytes("curves.svg", _curves(card_pictures.MAX_SVG_NUMBERS // 6 + 1), "row 2")
    copies = '<svg xmlns="http://www.w3.org/2000/svg"><defs><path id="p" d="M 0 0 {}"/></defs>{}</svg>'.format(
        " ".join("l 1 1" for _ in range(1000)), '<use href="#p"/>' * 300
    )
    with pytest.raises(DeckgenError, match="draws more than 50,000 lines and curves"):
        card_pictures.picture_from_bytes("copies.svg", copies.encode(), "row 2")


def _no_font_has(count: int) -> list[str]:
    """Letters of old scripts that no font of a computer like this one has (Tangut first)."""
    blocks = [
        (0x17000, 0x187F7), (0x13000, 0x1342E), (0x12000, 0x12399), (0xA000, 0xA48C), (0x18800, 0x18AFF),
        (0x18B00, 0x18CD5), (0x1B170, 0x1B2FB), (0x14400, 0x14646), (0x16800, 0x16A38), (0x10000, 0x100FA),
    ]  # fmt: skip
    letters = [chr(c) for a, b in blocks for c in range(a, b + 1) if unicodedata.category(chr(c)).startswith("L")]
    return letters[:count]


def test_12000_characters_no_font_has_take_a_few_lookups(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """fc-match was run once a character, some 6.5 ms each: no answer in a minute for 12,000.
    Now one question to fontconfig sets aside every character no font has."""
    import subprocess

    from deckgen.games.flashcards import system_fonts

    letters = _no_font_has(12_000)
    assert len(letters) == 12_000
    sheet = tmp_path / "words.csv"
    rows = ["front,back"] + ["".join(letters[n : n + 200]) + ",x" for n in range(0, 12_000, 200)]
    sheet.write_text("\n".join(rows) + "\n", encoding="utf-8")
    calls: list[list[str]] = []
    real_run = subprocess.run

    def run(args: list[str], **kwargs: object) -> object:
        calls.append(list(args))
        return real_run(args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(system_fonts.subprocess, "run", run)
    system_fonts._system_sources.cache_clear()
    assert main(["build", "--file", str(sheet), "--format", "pdf", "--out", str(tmp_path / "out")]) == 1
    err = one_line_error(capsys, longest=1000)
    assert "12,000 characters no card font can draw" in err or "12000 characters no card font can draw" in err
    assert len(calls) <= 1 + 2 * system_fonts._MOST_LOOKUPS


def test_a_font_of_gigabytes_is_refused_before_it_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 3.5 GB --font: a MemoryError before, reading it whole. Its size is checked first (the
    file here is sparse: it takes no room on the disk)."""
    huge = tmp_path / "huge.ttf"
    with open(huge, "wb") as stream:
        stream.truncate(3_500_000_000)
    sheet = tmp_path / "words.csv"
    sheet.write_text("front,back\nhello,world\n", encoding="utf-8")
    assert main(["build", "--file", str(sheet), "--font", str(huge), "--out", str(tmp_path / "out")]) == 1
    err = one_line_error(capsys)
    assert "--font" in err and "3,500,000,000 bytes, far more than a font file" in err


def test_a_picture_on_many_cards_is_decoded_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One 59-megapixel photo named by 120 rows was decoded again for every card, reading the
    sheet and again drawing the PDF and the PNGs (some 1.1 s a card). Each now decodes it once."""
    from PIL import Image, ImageFile

    photo = tmp_path / "photo.jpg"
    Image.effect_noise((400, 300), 40).convert("RGB").save(photo, quality=60)
    sheet = tmp_path / "words.csv"
    sheet.write_text("front,back\n" + "".join(f"word {n},photo.jpg\n" for n in range(24)), encoding="utf-8")
    decoded: list[tuple[int, int]] = []
    real_load = ImageFile.ImageFile.load

    def load(image: ImageFile.ImageFile) -> object:
        if image.size == (400, 300) and getattr(image, "tile", None):
            decoded.append(image.size)
        return real_load(image)

    monkeypatch.setattr(ImageFile.ImageFile, "load", load)
    monkeypatch.setenv("DECKGEN_START_METHOD", "fork")
    from deckgen.games import game
    from deckgen.games.flashcards.card_pictures import CardPicture

    deck = game("flashcards").load(sheet, {})
    pictures = {id(card.back_picture) for card in deck.cards}
    assert len(decoded) == 1 and len(pictures) == 1 and isinstance(deck.cards[0].back_picture, CardPicture)
    decoded.clear()
    from deckgen.render import pdf

    monkeypatch.setattr("deckgen.workers.default_workers", lambda: 1)
    monkeypatch.setattr("deckgen.build.default_workers", lambda: 1)
    args = ["build", "--file", str(sheet), "--format", "pdf", "--format", "png", "--no-pack", "--out"]
    assert main([*args, str(tmp_path / "out")]) == 0
    # Once as the build reads the sheet, once for the PDF, once for each size the PNGs draw it at:
    # the card's, and on the contact sheet (24 times each before).
    assert pdf.define_pictures is not None
    assert len(decoded) <= 4, decoded


# The page: an upload is checked in a process of its own, bounded in time, while the server
# answers everything else.


def _check_processes(server_pid: int) -> list[int]:
    """The upload checks running under the server (each a ``deckgen.serve.upload_check``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes()
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        if b"deckgen.serve.upload_check" in command and parent == server_pid:
            found.append(int(entry.name))
    return found


def _stopped(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "T"
    except OSError:
        return False


def _wait_for(condition: Callable[[], bool], seconds: float = 60) -> None:
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "waited in vain"
        time.sleep(0.05)


def test_the_page_answers_while_an_upload_is_checked(tmp_path: Path) -> None:
    """The check of an upload stopped half-way (as a hostile file would hold it): the page still
    answers another request at once; let go, the upload is taken."""
    import concurrent.futures
    import os
    import signal

    from tests.serve.test_serve import upload
    from tests.servekit import request, start_server

    deck = (Path(__file__).parents[2] / "templates" / "cleariosity" / "cleariosity-numbers.toml").read_bytes()
    server = start_server(tmp_path, environment={"DECKGEN_TEST_STOP_AT": "upload-check"})
    try:
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            uploading = pool.submit(upload, server, "cleariosity", "deck.toml", deck)
            _wait_for(lambda: any(_stopped(pid) for pid in _check_processes(server.process.pid)))
            (check,) = _check_processes(server.process.pid)
            answer = request(server.url, timeout=30)
            assert answer.status == 200 and "deckgen" in answer.text
            assert not uploading.done()  # the upload still waits for its check
            os.kill(check, signal.SIGCONT)
            status, location, _ = uploading.result(timeout=120)
        assert status == 303 and "upload=" in location
        assert not _check_processes(server.process.pid)
    finally:
        server.stop()


def test_an_upload_whose_check_takes_too_long_is_stopped_and_refused(tmp_path: Path) -> None:
    from tests.serve.test_serve import parse, upload
    from tests.servekit import start_server

    deck = (Path(__file__).parents[2] / "templates" / "cleariosity" / "cleariosity-numbers.toml").read_bytes()
    environment = {"DECKGEN_TEST_STOP_AT": "upload-check", "DECKGEN_TEST_CHECK_SECONDS": "2"}
    server = start_server(tmp_path, environment=environment)
    try:
        status, _, html = upload(server, "cleariosity", "deck.toml", deck)
        assert status == 400
        message = parse(html).texts["deck_file-error"]
        assert "deck.toml: reading it took longer than 2 seconds and was stopped" in message
        _wait_for(lambda: not _check_processes(server.process.pid), 10)
    finally:
        server.stop()


def test_a_refused_anki_package_on_the_page_names_no_python_error(tmp_path: Path) -> None:
    """ "cannot be read as a deck (RecursionError)" before, for a cloze nested 3,000 deep: that
    package is now read, and a damaged one is refused in a teacher's words."""
    import sqlite3
    import zipfile

    import genanki

    from tests.serve.test_serve import parse, upload
    from tests.servekit import start_server

    deep = _anki(tmp_path / "deep.apkg", genanki.CLOZE_MODEL, ["{{c1::" * 3000 + "deep" + "}}" * 3000, ""])
    good = _anki(tmp_path / "good.apkg", genanki.BASIC_MODEL, ["a", "b"])
    with zipfile.ZipFile(good) as package:
        database = sqlite3.connect(":memory:")
        database.deserialize(package.read("collection.anki2"))
    database.execute("update notes set flds = x'1f'")
    database.commit()
    damaged = tmp_path / "damaged.apkg"
    with zipfile.ZipFile(damaged, "w") as package:
        package.writestr("collection.anki2", database.serialize())
    server = start_server(tmp_path / "server")
    try:
        status, location, _ = upload(server, "flashcards", "deep.apkg", deep.read_bytes())
        assert status == 303 and "upload=" in location
        status, _, html = upload(server, "flashcards", "damaged.apkg", damaged.read_bytes())
        assert status == 400
        message = parse(html).texts["deck_file-error"]
        assert "damaged.apkg: the collection is damaged" in message
        assert not re.search(r"[A-Z][a-z]+(Error|Exception)\b", message), message
    finally:
        server.stop()
