"""Flash cards from a spreadsheet: reading CSV and Excel, one-line errors, and cards in every format."""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import replace
from pathlib import Path

import pytest
from openpyxl import Workbook
from pypdf import PdfReader

from deckgen.build import BuildRequest, prepare, run
from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games import game
from deckgen.games.flashcards.sheet import load_sheet
from deckgen.i18n import speaking
from deckgen.profiles import load_profiles
from tests.pdfcheck import PT

FLASH = game("flashcards")
HEADER = "front,back\n"


def sheet(tmp_path: Path, text: str, name: str = "words.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_sample_loads_with_every_column() -> None:
    deck = FLASH.load(None, {})
    assert len(deck.cards) == 20
    first = deck.cards[0]
    assert (first.id, first.front, first.back, first.colour, first.row) == ("M01", "6 × 7", "42", "#1F5FA8", 2)


def test_ids_are_made_up_when_the_sheet_has_none_and_counts_print_copies(tmp_path: Path) -> None:
    deck = load_sheet(sheet(tmp_path, "Front,Back,Count\nchat,cat,2\nchien,dog,\n"))
    assert [c.id for c in deck.cards] == ["F01", "F02"]
    assert [c.id for c in deck.printed] == ["F01", "F01", "F02"]
    assert FLASH.card_count(deck) == 3


def test_semicolons_and_an_excel_byte_order_mark_are_read(tmp_path: Path) -> None:
    path = tmp_path / "eu.csv"
    path.write_bytes("\ufefffront;back\n0,5 + 0,25;0,75\n".encode())
    (card,) = load_sheet(path).cards
    assert (card.front, card.back) == ("0,5 + 0,25", "0,75")


def test_excel_workbooks_are_read(tmp_path: Path) -> None:
    book = Workbook()
    rows = [("id", "front", "back", "colour"), ("V1", "être", "to be", "red"), ("V2", 7, 7.0, None)]
    for row in rows:
        book.active.append(row)
    path = tmp_path / "words.xlsx"
    book.save(path)
    deck = load_sheet(path)
    assert [(c.id, c.front, c.back, c.colour) for c in deck.cards] == [
        ("V1", "être", "to be", "#D62828"),
        ("V2", "7", "7", None),
    ]


@pytest.mark.parametrize(
    "heading",
    [
        "term,definition",
        "término,definición",
        "terme,définition",
        "Begriff,Definition",
        "Wort,Bedeutung",
        "Frage,Lösung",
    ],
)
def test_the_columns_are_found_by_their_names_in_each_language(tmp_path: Path, heading: str) -> None:
    (card,) = load_sheet(sheet(tmp_path, heading + "\nchat,cat\n")).cards
    assert (card.front, card.back) == ("chat", "cat")


def workbook(tmp_path: Path, backs: list[tuple[object, str]]) -> Path:
    """A workbook of one card a row, each back a value under a number format."""
    book = Workbook()
    book.active.append(("front", "back"))
    for number, (value, number_format) in enumerate(backs, start=2):
        book.active.append((f"card {number}", value))
        book.active.cell(number, 2).number_format = number_format
    path = tmp_path / "formats.xlsx"
    book.save(path)
    return path


def test_a_workbook_cell_prints_as_the_spreadsheet_shows_it(tmp_path: Path) -> None:
    """50 % is stored as 0.5: the card says 50%, not 0.5 (a wrong answer on the card)."""
    backs = [
        (0.5, "0%"),
        (0.125, "0.0%"),
        (2.5, '"$"#,##0.00'),
        (-1234.5, "#,##0.00;(#,##0.00)"),
        (10000, "#,##0"),
        (7, "00"),
        (2.5, "0"),
        (3, '0" cm"'),
        (1 / 3, "General"),
        (True, "General"),
        (datetime.datetime(1945, 5, 8), "dd/mm/yyyy"),
        (datetime.time(14, 30), "h:mm"),
        (datetime.datetime(2024, 3, 1, 15, 5), "h:mm AM/PM"),
    ]
    shown = [card.back for card in load_sheet(workbook(tmp_path, backs)).cards]
    assert shown == [
        "50%", "12.5%", "$2.50", "(1,234.50)", "10,000", "07", "3", "3 cm", "0.3333333333", "TRUE",
        "08/05/1945", "14:30", "3:05 PM",
    ]  # fmt: skip
    with speaking("de"):
        german = [card.back for card in load_sheet(workbook(tmp_path, backs[:5])).cards]
    assert german == ["50\u00a0%", "12,5\u00a0%", "$2,50", "(1.234,50)", "10.000"]


def test_a_date_typed_into_excel_prints_as_the_classs_spreadsheet_shows_it(tmp_path: Path) -> None:
    """A date typed into a cell gets Excel's built-in format 14 ("mm-dd-yy" in the file), which
    Excel shows as the computer's short date. The card said 05-08-45 in every language."""
    from deckgen.regions import living_in

    day = datetime.datetime(1945, 5, 8)
    path = workbook(tmp_path, [(day, "mm-dd-yy"), (day, "m/d/yy h:mm")])
    shown = {}
    for spoken, region in (("en", None), ("en", "GB"), ("en", "CA"), ("de", None), ("fr", None), ("es", "MX")):
        with speaking(spoken), living_in(region):
            shown[spoken, region] = [card.back for card in load_sheet(path).cards]
    assert shown == {
        ("en", None): ["5/8/1945", "5/8/1945 0:00"],
        ("en", "GB"): ["08/05/1945", "08/05/1945 0:00"],
        ("en", "CA"): ["1945-05-08", "1945-05-08 0:00"],
        ("de", None): ["08.05.1945", "08.05.1945 0:00"],
        ("fr", None): ["08/05/1945", "08/05/1945 0:00"],
        ("es", "MX"): ["08/05/1945", "08/05/1945 0:00"],
    }


def test_the_short_dates_follow_cldr_order_and_separator() -> None:
    """Each language and country's short date has CLDR's order of day, month and year and its
    separator (the year is written in full, as Excel writes it)."""
    from babel.dates import get_date_format

    from deckgen.games.flashcards.cell_text import short_date
    from deckgen.i18n import LANGUAGES
    from deckgen.regions import COUNTRIES, living_in

    def shape(pattern: str) -> tuple[str, str]:
        letters = re.sub(r"(.)\1*", r"\1", re.sub("[^dmy]", "", pattern.lower()))
        return letters, re.sub("[dmy]", "", pattern.lower())[:1]

    compared = 0
    for spoken in LANGUAGES:
        for country in sorted(COUNTRIES):
            if f"{spoken}_{country}" not in babel_locales():
                continue  # no such locale in CLDR (en_AC): the language's own short date stands
            cldr = get_date_format("short", locale=f"{spoken}_{country}").pattern
            with speaking(spoken), living_in(country):
                assert shape(short_date()) == shape(cldr), (spoken, country, cldr)
            compared += 1
    assert compared > 40


def babel_locales() -> set[str]:
    from babel.localedata import locale_identifiers

    return set(locale_identifiers())


@pytest.mark.parametrize(
    ("value", "number_format", "said"),
    [(0.125, "# ?/?", "format '# ?/?'"), (1234.5, "0.00E+00", "format '0.00E+00'"), (45000, "d mmmm yyyy", "mmmm")],
)
def test_a_format_deckgen_cannot_show_is_refused_not_printed_otherwise(
    tmp_path: Path, value: object, number_format: str, said: str
) -> None:
    with pytest.raises(DeckgenError, match=r"formats.xlsx: row 2, column B: deckgen cannot print the cell") as refused:
        load_sheet(workbook(tmp_path, [(value, number_format)]))
    assert said in str(refused.value) and "save the sheet as CSV" in str(refused.value)


def test_a_cell_showing_an_error_is_refused(tmp_path: Path) -> None:
    """A formula's error (#DIV/0!) is not printed on the back of a card."""
    book = Workbook()
    book.active.append(("front", "back"))
    book.active.append(("x", "#DIV/0!"))
    book.active.cell(2, 2).data_type = "e"  # as a spreadsheet saves a formula's error
    path = tmp_path / "error.xlsx"
    book.save(path)
    with pytest.raises(DeckgenError, match=r"row 2, column B: the cell shows an error \(#DIV/0!\)"):
        load_sheet(path)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("front,answer2\nx,y\n", "row 1: no back column among 'front', 'answer2'; .* --back COLUMN"),
        ("front\nx\n", "row 1: no back column among 'front'; call them front and back"),
        (HEADER, "no cards"),
        (HEADER + ",y\n", "row 2: the front is empty"),
        (HEADER + "x,\n", "row 2: the back is empty"),
        ("id,front,back\nA1,x,y\nA1,z,w\n", "row 3: id 'A1' is used in row 2 too"),
        ("id,front,back\nT01,x,y\n", "row 2: id 'T01': ids like T01 name Treenex cards"),
        ("id,front,back\n1a,x,y\n", "row 2: id '1a': use 1 to 6 letters and digits"),
        ("front,back,count\nx,y,0\n", "row 2: count '0'"),
        ("front,back,colour\nx,y,mauve\n", "row 2: colour 'mauve'"),
        (HEADER + "x," + "y" * 301 + "\n", "row 2: the back has 301 characters"),
        ('front,back\n"x,y\nz,w\n', "row 2: a quote .* opens a cell that is never closed"),
        ("front,back\nWhat is 1,000?,one thousand\n", "row 2: 'one thousand' is in a column with no name"),
    ],
)
def test_broken_sheets_get_one_line_naming_the_row(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(DeckgenError, match=message.replace("(", r"\(").replace(")", r"\)")):
        load_sheet(sheet(tmp_path, text))


def test_other_files_are_refused_with_a_hint(tmp_path: Path) -> None:
    with pytest.raises(DeckgenError, match=r"\.csv or \.xlsx"):
        load_sheet(sheet(tmp_path, HEADER, "words.txt"))
    latin = tmp_path / "latin.csv"
    latin.write_bytes("front,back\nd\xe9j\xe0,already\n".encode("latin-1"))
    with pytest.raises(DeckgenError, match="CSV UTF-8"):
        load_sheet(latin)
    with pytest.raises(DeckgenError, match="not an Excel workbook"):
        load_sheet(sheet(tmp_path, "not a zip", "broken.xlsx"))


def test_text_too_long_for_the_card_is_refused_naming_the_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    long = " ".join(["photosynthesis"] * 20)
    path = sheet(tmp_path, f"{HEADER}short,fine\n{long},x\n")
    out = tmp_path / "out"
    assert main(["build", "--file", str(path), "--card-size", "63.5x88.9mm", "--out", str(out)]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "row 3 (F02), front:" in line and "words.csv" in line and "2.5 mm letters" in line
    assert not out.exists()


def test_a_character_no_font_has_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = sheet(tmp_path, HEADER + "\U0001f9a9,flamingo\n")
    assert main(["build", "--file", str(path), "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "U+1F9A9" in err and "colour emoji cannot be printed" in err and "--font yourfont.ttf" in err


@pytest.fixture
def no_system_fonts(monkeypatch: pytest.MonkeyPatch) -> None:
    """A computer with none of its own fonts for what the shipped ones lack."""
    from deckgen.games.flashcards import system_fonts

    monkeypatch.setattr(system_fonts, "system_sources", lambda missing, language: ())


def test_every_character_no_font_has_is_named_at_once_with_its_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], no_system_fonts: None
) -> None:
    """A Chinese sheet refused one character a build would take a build per character to fix."""
    path = sheet(tmp_path, HEADER + "汉字,hànzì\n你好,nǐ hǎo\n汉,Han\nα,alpha\n∠ABC,angle\n")
    assert main(["build", "--file", str(path), "--out", str(tmp_path / "out")]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line.startswith(f"deckgen: error: {path}: 5 characters no card font can draw: ")
    assert "'汉' (U+6C49) in rows 2, 4; '字' (U+5B57) in row 2; '你' (U+4F60) in row 3; '好' (U+597D) in row 3" in line
    assert "'∠' (U+2220) in row 6" in line and "α" not in line and "ǐ" not in line
    assert "apt install fonts-noto-cjk" in line and "--font yourfont.ttf" in line
    assert not (tmp_path / "out").exists()
    assert main(["verify", "--file", str(path)]) == 1
    assert "5 characters no card font can draw" in capsys.readouterr().err
    # The JSON report says so too (it said "passed": true), in the list the web page shows.
    report = tmp_path / "report.json"
    assert main(["verify", "--file", str(path), "--json", "--out", str(report)]) == 1
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["passed"] is False
    assert [line.split(":")[0] for line in data["failures"]] == ["5 characters no card font can draw"]


def test_a_spreadsheet_given_alone_builds_flash_cards(tmp_path: Path) -> None:
    path = sheet(tmp_path, HEADER + "7 × 8,56\n√49,7\nα,alpha\n")
    out = tmp_path / "out"
    assert main(["build", "--file", str(path), "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == [
        "calibration.pdf",
        "flashcards.pdf",
        "teacher-pack.pdf",
    ]
    reader = PdfReader(out / "flashcards.pdf")
    assert len(reader.pages) == 2  # three cards on a letter page, and their backs
    assert float(reader.pages[0].mediabox.width) == pytest.approx(215.9 * PT, abs=0.01)


@pytest.mark.parametrize("name", sorted(load_profiles()))
def test_every_profile_builds_flash_cards_or_says_why_not(name: str, tmp_path: Path) -> None:
    """Every profile builds flash cards with their backs, but a film profile: film cannot carry a
    back, and a flash card without its back has lost its answer, so that is one line."""
    request = BuildRequest(games=("flashcards",), out=tmp_path, profile=name, formats=("pdf", "svg"), pack=False)
    if load_profiles()[name].get("media") == "transparency":
        with pytest.raises(DeckgenError, match=r"media transparency: each flash card carries its own back"):
            prepare(request)
        assert not list(tmp_path.iterdir())
        return
    written = run(prepare(request))
    assert any(p.name == "flashcards.pdf" for p in written)
    assert any(p.suffix == ".svg" for p in written)


@pytest.mark.parametrize("duplex", ["long-edge", "short-edge", "fold"])
def test_every_duplex_mode(duplex: str, tmp_path: Path) -> None:
    written = run(prepare(BuildRequest(games=("flashcards",), out=tmp_path, options={"duplex": duplex}, pack=False)))
    pages = len(PdfReader(tmp_path / "flashcards.pdf").pages)
    # 20 cards: 8 a page (3 pages of fronts), a page of backs after each with two-sided
    # printing; folded, a card and its back take a row: 4 pairs a page.
    assert pages == {"long-edge": 6, "short-edge": 6, "fold": 5}[duplex]
    assert [p.name for p in written] == ["flashcards.pdf"]


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"duplex": "none"}, r"--duplex none: each flash card carries its own back \(the answer\), and with no backs"),
        ({"media": "transparency"}, r"--media transparency: each flash card carries its own back \(the answer\)"),
    ],
)
def test_no_build_drops_the_answers_on_the_backs(options: dict[str, str], message: str, tmp_path: Path) -> None:
    """Fronts alone lose every answer: one line and nothing written, not a silent drop."""
    with pytest.raises(DeckgenError, match=message):
        prepare(BuildRequest(games=("flashcards",), out=tmp_path, options=options, pack=False))
    assert not list(tmp_path.iterdir())


def test_a_small_landscape_card_is_as_good_as_a_portrait_one(tmp_path: Path) -> None:
    """The least card is 30 x 40 mm either way round: 50 x 35 mm flash cards used to be refused."""
    sample = Path(__file__).parents[2] / "templates" / "flashcards" / "flashcards-sample.csv"
    out = tmp_path / "out"
    assert main(["build", "--file", str(sample), "--card-size", "50x35mm", "--no-pack", "--out", str(out)]) == 0
    assert (out / "flashcards.pdf").is_file()


def test_no_line_of_a_laser_sheet_is_scored_twice_and_neither_side_has_a_frame(tmp_path: Path) -> None:
    """The back used to score a frame whose top edge lay on the colour band's (1.8 m of line
    burnt twice a sheet), and a frame the front leaves off, which shows any flip error."""
    import svgelements as se

    run(prepare(BuildRequest(games=("flashcards",), out=tmp_path, formats=("svg",), pack=False)))
    for sheet in ("flashcards-sheet-01.svg", "flashcards-sheet-01-back.svg"):
        svg = se.SVG.parse(str(tmp_path / "svg" / sheet), ppi=25.4)
        (group,) = [g for g in svg.elements() if isinstance(g, se.Group) and g.id == "score"]
        lines: list[tuple[str, float, float, float]] = []
        for shape in group.select():
            if isinstance(shape, se.Shape) and not isinstance(shape, se.Group):
                for segment in se.Path(shape).segments():
                    if isinstance(segment, se.Line | se.Close) and segment.start != segment.end:
                        (x0, y0), (x1, y1) = segment.start, segment.end
                        if abs(x0 - x1) < 1e-6:
                            lines.append(("v", round(x0, 3), min(y0, y1), max(y0, y1)))
                        elif abs(y0 - y1) < 1e-6:
                            lines.append(("h", round(y0, 3), min(x0, x1), max(x0, x1)))
        twice = [
            (a, b)
            for i, a in enumerate(lines)
            for b in lines[i + 1 :]
            if a[:2] == b[:2] and min(a[3], b[3]) - max(a[2], b[2]) > 0.01
        ]
        assert not twice, (sheet, twice[:3])
        card_high = {round(b[3] - b[2], 1) for b in lines if b[0] == "v"}
        assert 63.5 - 2 * 1.59 not in card_high, sheet  # no frame 1.59 mm inside the card's edge


def test_laser_files_without_engraving_are_refused_as_they_would_lose_the_answers(tmp_path: Path) -> None:
    """--engrave none wrote back sheets with nothing on them, listed as sheets to engrave."""
    request = BuildRequest(games=("flashcards",), out=tmp_path, options={"engrave": "none"}, formats=("svg",))
    with pytest.raises(DeckgenError, match=r"--engrave none: each flash card carries its own back \(the answer\)"):
        prepare(replace(request, pack=False))
    assert not list(tmp_path.iterdir())


def test_laser_files_carry_each_back_on_a_back_sheet_mirrored_for_the_turned_stock(tmp_path: Path) -> None:
    """Each sheet's back sheet engraves every card's back where the card lies once the stock is
    turned over left to right, and cuts nothing."""
    from deckgen.build import laser_cards
    from deckgen.layout.laser.plan import plan_laser
    from deckgen.layout.laser.sheet import lay_out_sheet
    from deckgen.printing import resolve, resolve_laser

    written = run(prepare(BuildRequest(games=("flashcards",), out=tmp_path, formats=("svg",), pack=False)))
    names = sorted(p.name for p in written)
    assert names == ["flashcards-sheet-01-back.svg", "flashcards-sheet-01.svg", "index.json"]
    index = json.loads((tmp_path / "svg" / "index.json").read_text())["sheets"]
    assert [entry.get("side", "front") for entry in index] == ["front", "back"]
    assert index[0]["cards"] == index[1]["cards"] and index[1]["cut_length_mm"] == 0

    deck = FLASH.load(None, {})
    settings = resolve(FLASH, {}, {})
    laser = resolve_laser({}, {}, settings)
    faces = FLASH.faces(deck, settings.card, {}, laser=True)
    assert faces.backs is not None
    plan = plan_laser(laser_cards(faces, 1), settings.card, laser, backs=list(faces.backs))
    front, back = lay_out_sheet(plan, 0), lay_out_sheet(plan, 0, back=True)
    assert back.cut == [] and back.registration == [] and back.score and front.cut
    bed_w = laser.bed[0]
    x, _ = plan.grid.slot(0)
    # The first card's back (its paths) lies in the first slot mirrored across the bed.
    first_back = faces.backs[0]
    from deckgen.layout.laser.marks import face_marks
    from deckgen.layout.laser.paths import LaserPath

    alone, _ = face_marks(first_back, bed_w - x - plan.grid.card_w, plan.grid.slot(0)[1], laser.engrave)

    def points(paths: list[LaserPath]) -> set[tuple[float, float]]:
        return {point for path in paths for point in (path.start, *((s.x, s.y) for s in path.segments))}

    points_alone, sheet_points = points(alone), points(back.score)
    assert points_alone and points_alone <= sheet_points
    assert min(px for px, _ in points_alone) >= bed_w - x - plan.grid.card_w - 1e-9


def test_laser_files_carry_letters_as_paths_never_text(tmp_path: Path) -> None:
    run(prepare(BuildRequest(games=("flashcards",), out=tmp_path, formats=("svg",), pack=False)))
    for svg in (tmp_path / "svg").glob("*.svg"):
        content = svg.read_text()
        assert "<text" not in content
        assert content.count("<path") > 200  # letter outlines, scored


def test_png_previews_name_each_back_after_its_front(tmp_path: Path) -> None:
    run(prepare(BuildRequest(games=("flashcards",), out=tmp_path, formats=("png",), dpi=72, pack=False)))
    names = {p.name for p in (tmp_path / "png").iterdir()}
    assert {"flashcards-M01.png", "flashcards-M01-back.png", "flashcards-W02-back.png"} <= names
    assert "flashcards-contact.png" in names
    assert len(names) == 2 * 20 + 1


def test_export_reads_back_as_the_same_deck(tmp_path: Path) -> None:
    deck = FLASH.load(None, {})
    again = load_sheet(sheet(tmp_path, FLASH.export(deck, "csv")))
    assert again.cards == tuple(c.__class__(**{**c.__dict__, "row": c.row}) for c in deck.cards)


def test_verify_reports_every_text_size(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--game", "flashcards"]) == 0
    out = capsys.readouterr().out
    assert "20 cards to print, 20 different" in out
    assert "W01" in out and "FAIL" not in out


def test_a_card_too_small_for_any_text_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--file", str(sheet(tmp_path, HEADER + "x,y\n")), "--card-size", "15x15mm"]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()[-1:]
    assert "no room for text" in line and "Traceback" not in capsys.readouterr().err


def test_a_damaged_workbook_is_one_line(tmp_path: Path) -> None:
    import zipfile

    book = Workbook()
    book.active.append(("front", "back"))
    good = tmp_path / "good.xlsx"
    book.save(good)
    damaged = tmp_path / "damaged.xlsx"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(damaged, "w") as target:
        for item in source.infolist():
            data = source.read(item)
            target.writestr(item, data[: len(data) // 2] if item.filename.endswith("sheet1.xml") else data)
    with pytest.raises(DeckgenError, match=r"damaged|not an Excel workbook"):
        load_sheet(damaged)


def test_accents_typed_as_two_characters_are_joined(tmp_path: Path) -> None:
    (card,) = load_sheet(sheet(tmp_path, HEADER + "e\u0301te\u0301,summer\n")).cards
    assert card.front == "été"


def test_made_up_ids_skip_ids_the_sheet_gives(tmp_path: Path) -> None:
    deck = load_sheet(sheet(tmp_path, "id,front,back\n,a,b\nF01,c,d\n"))
    assert [c.id for c in deck.cards] == ["F02", "F01"]


def test_a_spreadsheet_given_to_another_game_says_which_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = sheet(tmp_path, HEADER + "x,y\n")
    assert main(["build", "--game", "treenex", "--file", str(path), "--out", str(tmp_path / "out")]) == 1
    assert "is a deck for Flash cards, not Treenex; use --game flashcards" in capsys.readouterr().err


def test_flash_card_pictures_never_touch_other_games_pictures(tmp_path: Path) -> None:
    """Ids come from the teacher and may look like another game's: pictures carry the game's name."""
    out = tmp_path / "out"
    run(prepare(BuildRequest(games=("cleariosity",), out=out, formats=("png",), dpi=72, pack=False)))
    theirs = {p.name: p.read_bytes() for p in (out / "png").iterdir()}
    (tmp_path / "mine.png").write_bytes(b"a picture of the user's")
    (out / "png" / "MYPIC.png").write_bytes(b"a picture of the user's")
    path = sheet(tmp_path, "id,front,back\nG01,x,y\n")
    request = BuildRequest(games=("flashcards",), files={"flashcards": path}, out=out, formats=("png",), dpi=72)
    run(prepare(request))
    names = {p.name for p in (out / "png").iterdir()}
    assert set(theirs) | {"MYPIC.png", "flashcards-G01.png", "flashcards-G01-back.png"} <= names
    assert all((out / "png" / name).read_bytes() == data for name, data in theirs.items())


def test_a_workbook_that_unpacks_to_far_too_much_is_refused_before_reading(tmp_path: Path) -> None:
    """A small .xlsx can hold millions of repeated strings: refused from its ZIP directory, in one line."""
    import zipfile

    bomb = tmp_path / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as packed:
        packed.writestr("xl/sharedStrings.xml", b"<si><t>x</t></si>" * 3_200_000)  # 54 MB unpacked
    assert bomb.stat().st_size < 1_000_000
    with pytest.raises(DeckgenError, match=r"unpacks to 54,400,000 bytes") as refused:
        load_sheet(bomb)
    assert "\n" not in str(refused.value)


def test_print_and_cut_laser_files_have_no_back_sheets_the_printer_already_printed_the_backs(tmp_path: Path) -> None:
    request = BuildRequest(
        games=("flashcards",), out=tmp_path, options={"registration": True}, formats=("pdf", "svg"), pack=False
    )
    written = run(prepare(request))
    svgs = [p.name for p in written if p.suffix == ".svg"]
    assert svgs and not [name for name in svgs if name.endswith("-back.svg")]
    assert len(PdfReader(tmp_path / "flashcards.pdf").pages) == 2 * len(svgs)  # a page of backs after each


def test_a_column_named_twice_for_a_side_is_refused_not_printed_twice(tmp_path: Path) -> None:
    path = sheet(tmp_path, HEADER + "être,to be\n")
    with pytest.raises(DeckgenError, match=r"row 1: column 'front' is named twice \(--front\); name it once"):
        load_sheet(path, ("front", "Front"), ("back",))
