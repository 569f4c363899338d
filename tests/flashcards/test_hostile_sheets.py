"""Flash-card sheets: no-break spaces kept to the printed card, private-use characters refused,
and damaged or hostile Excel workbooks refused in one line (never a traceback)."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games import game
from deckgen.games.flashcards.fonts import glyph_for
from deckgen.games.flashcards.sheet import load_sheet
from deckgen.layout.primitives import Shape

FLASH = game("flashcards")
HEADER = "front,back\n"
CARD = (88.9, 63.5)


def sheet(tmp_path: Path, text: str, name: str = "words.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- group 5: words glued together ------------------------------------------------------------

NO_BREAK = [
    "100\u00a0km",  # no-break space
    "Jean\u00a0Dupont",
    "10\u202f000",  # narrow no-break space, French Excel's thousands separator
    "Bonjour\u202f!",
    "10\u2007000",  # figure space
]


@pytest.mark.parametrize("text", NO_BREAK)
def test_no_break_spaces_are_kept_in_the_card_text(tmp_path: Path, text: str) -> None:
    (card,) = load_sheet(sheet(tmp_path, f"{HEADER}{text},{text}\n")).cards
    assert (card.front, card.back) == (text, text)


@pytest.mark.parametrize("name", ["words.csv", "words.xlsx"])
def test_no_break_spaces_in_an_excel_workbook_and_a_csv_alike(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    if name.endswith(".xlsx"):
        book = Workbook()
        book.active.append(("front", "back"))
        book.active.append(("10\u202f000", "dix\u00a0mille"))
        book.save(path)
    else:
        path.write_text("front;back\n10\u202f000;dix\u00a0mille\n", encoding="utf-8")
    (card,) = load_sheet(path).cards
    assert (card.front, card.back) == ("10\u202f000", "dix\u00a0mille")


def _letters(shapes: tuple[object, ...]) -> list[Shape]:
    """The font letters of a face (not the stroke-font id), in the order they are set."""
    return [s for s in shapes if isinstance(s, Shape) and s.glyph and s.glyph.startswith("atkinson")]


def _gid(char: str, bold: bool = True) -> str:
    """The glyph id the card font draws a letter with, as a letter's shape names it."""
    return str(glyph_for(char, bold).gid)


def _ink_x(shape: Shape) -> tuple[float, float]:
    xs = [x for ring in shape.contours for x, _ in ring]
    return min(xs), max(xs)


def test_a_no_break_space_prints_as_a_space_and_never_breaks_the_line(tmp_path: Path) -> None:
    """What the card prints: 'Jean Dupont' wraps onto two lines at its largest size; with a no-break
    space it stays on one line, the two names a space apart (not glued into 'JeanDupont')."""
    deck = load_sheet(sheet(tmp_path, f"{HEADER}Jean\u00a0Dupont,x\nJean Dupont,x\nJeanDupont,x\n"))
    faces = FLASH.faces(deck, CARD, {})
    no_break, plain, glued = (_letters(face.primitives) for face in faces.fronts)
    assert len({s.origin[1] for s in plain}) == 2  # a plain space is where the line breaks
    assert len({s.origin[1] for s in no_break}) == 1  # the no-break space is not
    assert len(no_break) == len(glued) == 10  # the space has no ink: ten letters each

    def gap(letters: list[Shape]) -> float:
        """From the ink of Jean's n to the ink of Dupont's D, in font units."""
        n, d = letters[3], letters[4]
        assert [n.glyph.split("-")[2], d.glyph.split("-")[2]] == [_gid("n"), _gid("D")]  # type: ignore[union-attr]
        scale = float(n.glyph.split("-")[3])  # type: ignore[union-attr]  # mm per font unit
        return (_ink_x(d)[0] - _ink_x(n)[1]) / scale

    assert gap(no_break) - gap(glued) == pytest.approx(glyph_for("\u00a0", True).advance, rel=0.05)


def test_a_no_break_space_is_drawn_with_the_width_of_a_space(tmp_path: Path) -> None:
    deck = load_sheet(sheet(tmp_path, f"{HEADER}a\u00a0b,x\na b,x\n"))
    no_break, plain = (_letters(face.primitives) for face in FLASH.faces(deck, CARD, {}).fronts)
    assert [s.glyph.split("-")[2] for s in no_break] == [_gid("a"), _gid("b")]  # type: ignore[union-attr]
    width = no_break[1].origin[0] - no_break[0].origin[0]
    assert width == pytest.approx(plain[1].origin[0] - plain[0].origin[0], rel=0.02)


@pytest.mark.parametrize(
    ("written", "read"),
    [
        ("a\u2003b", "a b"),  # em space
        ("a\u2009b", "a b"),  # thin space
        ("a\u200ab", "a b"),  # hair space
        ("a\u3000b", "a b"),  # ideographic space
        ("a\u205fb", "a b"),  # medium mathematical space
        ("a\u2002\u2002 b", "a b"),  # a run of them is one space
        ("a\tb", "a b"),  # a tab is a space, as on the card
        ("a\u200bb", "ab"),  # a zero-width space shows nothing: still left out
    ],
)
def test_other_unicode_spaces_become_plain_spaces(tmp_path: Path, written: str, read: str) -> None:
    (card,) = load_sheet(sheet(tmp_path, f'{HEADER}"{written}",x\n')).cards
    assert card.front == read


@pytest.mark.parametrize(
    ("char", "column", "side"),
    [("\ue001", "A", "front"), ("\uf8ff", "B", "back"), ("\U000f0041", "A", "front"), ("\U0010fffd", "B", "back")],
)
def test_private_use_characters_are_refused_naming_row_column_and_character(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], char: str, column: str, side: str
) -> None:
    cells = [f"star {char}", "x"] if side == "front" else ["x", f"star {char}"]
    path = sheet(tmp_path, f"{HEADER}ok,fine\n{','.join(cells)}\n")
    assert main(["verify", "--file", str(path)]) == 1
    captured = capsys.readouterr()
    (line,) = captured.err.strip().splitlines()
    assert f"words.csv: row 3: the {side} (column {column}) has U+{ord(char):04X}" in line
    assert f"U+{ord(char):04X}" in line and "private-use" in line and "delete it" in line
    assert "Traceback" not in captured.err


def test_a_private_use_character_in_a_workbook_is_refused(tmp_path: Path) -> None:
    book = Workbook()
    book.active.append(("id", "back", "front"))
    book.active.append(("A1", "fine", "\ue000 icon"))
    path = tmp_path / "icons.xlsx"
    book.save(path)
    with pytest.raises(DeckgenError, match=r"icons\.xlsx: row 2: the front \(column C\) has U\+E000") as refused:
        load_sheet(path)
    assert "\n" not in str(refused.value)


# --- group 7: damaged or hostile workbooks ----------------------------------------------------

BILLION_LAUGHS = (
    '<?xml version="1.0"?>\n<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n'
    + "".join(f' <!ENTITY lol{n} "{("&lol" + (str(n - 1) if n > 1 else "") + ";") * 10}">\n' for n in range(1, 10))
    + ']>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4" uniqueCount="4">'
    "<si><t>front</t></si><si><t>back</t></si><si><t>&lol9;</t></si><si><t>cat</t></si></sst>"
)
EXTERNAL_ENTITY = (
    '<?xml version="1.0"?>\n<!DOCTYPE sst [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n'
    '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="4" uniqueCount="4">'
    "<si><t>front</t></si><si><t>back</t></si><si><t>&secret;</t></si><si><t>cat</t></si></sst>"
)
PARTS = [
    "xl/workbook.xml",
    "xl/worksheets/sheet1.xml",
    "xl/sharedStrings.xml",
    "[Content_Types].xml",
    "xl/_rels/workbook.xml.rels",
]


MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/package/2006/relationships"
DOC = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
#: The parts of a workbook as Excel writes one: its text in the shared strings, which openpyxl does not write.
EXCEL_PARTS = {
    "[Content_Types].xml": (
        f'{XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{CONTENT_TYPE}.sheet.main+xml"/>'
        f'<Override PartName="/xl/worksheets/sheet1.xml" ContentType="{CONTENT_TYPE}.worksheet+xml"/>'
        f'<Override PartName="/xl/sharedStrings.xml" ContentType="{CONTENT_TYPE}.sharedStrings+xml"/>'
        "</Types>"
    ),
    "_rels/.rels": (
        f'{XML}<Relationships xmlns="{RELS}">'
        f'<Relationship Id="rId1" Type="{DOC}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    ),
    "xl/workbook.xml": (
        f'{XML}<workbook xmlns="{MAIN}" xmlns:r="{DOC}">'
        '<sheets><sheet name="Cards" sheetId="1" r:id="rId1"/></sheets></workbook>'
    ),
    "xl/_rels/workbook.xml.rels": (
        f'{XML}<Relationships xmlns="{RELS}">'
        f'<Relationship Id="rId1" Type="{DOC}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{DOC}/sharedStrings" Target="sharedStrings.xml"/></Relationships>'
    ),
    "xl/worksheets/sheet1.xml": (
        f'{XML}<worksheet xmlns="{MAIN}"><sheetData>'
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
        '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2" t="s"><v>3</v></c></row>'
        "</sheetData></worksheet>"
    ),
    "xl/sharedStrings.xml": (
        f'{XML}<sst xmlns="{MAIN}" count="4" uniqueCount="4">'
        "<si><t>front</t></si><si><t>back</t></si><si><t>chat</t></si><si><t>cat</t></si></sst>"
    ),
}


def _workbook(tmp_path: Path) -> Path:
    path = tmp_path / "good.xlsx"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as packed:
        for name, text in EXCEL_PARTS.items():
            packed.writestr(name, text)
    return path


def _damaged(tmp_path: Path, part: str, damage: object) -> Path:
    """The good workbook with ``part`` cut in half (``damage`` "truncate") or replaced by ``damage``."""
    good = _workbook(tmp_path)
    bad = tmp_path / "bad.xlsx"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(bad, "w", zipfile.ZIP_DEFLATED) as target:
        names = source.namelist()
        assert part in names, names
        for item in source.infolist():
            data = source.read(item)
            if item.filename == part:
                data = data[: len(data) // 2] if damage == "truncate" else str(damage).encode()
            target.writestr(item, data)
    return bad


def test_the_workbook_the_damage_tests_start_from_is_read(tmp_path: Path) -> None:
    (card,) = load_sheet(_workbook(tmp_path)).cards
    assert (card.front, card.back) == ("chat", "cat")


def _one_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> str:
    assert main(args) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out
    (line,) = captured.err.strip().splitlines()
    return line


@pytest.mark.parametrize("part", PARTS)
def test_a_truncated_part_is_one_line_naming_the_part(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], part: str
) -> None:
    bad = _damaged(tmp_path, part, "truncate")
    line = _one_line(capsys, ["verify", "--file", str(bad)])
    assert "bad.xlsx" in line and part in line and "damaged" in line
    assert "save it again from your spreadsheet program" in line


@pytest.mark.parametrize(("name", "xml"), [("billion laughs", BILLION_LAUGHS), ("external entity", EXTERNAL_ENTITY)])
def test_a_dtd_in_the_shared_strings_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, xml: str
) -> None:
    bad = _damaged(tmp_path, "xl/sharedStrings.xml", xml)
    line = _one_line(capsys, ["verify", "--file", str(bad)])
    assert "bad.xlsx" in line and "xl/sharedStrings.xml" in line and "DTD" in line
    assert "root:" not in line  # nothing of the external file shows


def test_a_dtd_in_any_part_is_refused(tmp_path: Path) -> None:
    workbook = EXCEL_PARTS["xl/workbook.xml"].replace("?>\n", '?>\n<!DOCTYPE workbook [<!ENTITY x "y">]>\n')
    bad = _damaged(tmp_path, "xl/workbook.xml", workbook)
    with pytest.raises(DeckgenError, match=r"bad\.xlsx: .*xl/workbook\.xml.* DTD") as refused:
        load_sheet(bad)
    assert "\n" not in str(refused.value)


def test_a_dtd_in_a_part_with_an_unusual_name_is_refused(tmp_path: Path) -> None:
    """The parts are found through [Content_Types].xml, so a workbook may name them as it likes."""
    good = _workbook(tmp_path)
    bad = tmp_path / "bad.xlsx"
    with zipfile.ZipFile(good) as source, zipfile.ZipFile(bad, "w") as target:
        for name in source.namelist():
            data = source.read(name).decode()
            if name == "xl/sharedStrings.xml":
                name, data = "xl/strings.dat", BILLION_LAUGHS
            target.writestr(name, data.replace("/xl/sharedStrings.xml", "/xl/strings.dat"))
    with pytest.raises(DeckgenError, match=r"bad\.xlsx: part xl/strings\.dat .* DTD"):
        load_sheet(bad)


def test_a_hostile_workbook_ends_the_command_with_one_line_and_no_traceback(tmp_path: Path) -> None:
    """The installed command, in its own process: exit status 1, one line on stderr."""
    bad = _damaged(tmp_path, "xl/sharedStrings.xml", BILLION_LAUGHS)
    done = subprocess.run(
        [sys.executable, "-m", "deckgen", "build", "--file", str(bad), "--out", str(tmp_path / "out")],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert line.startswith("deckgen: error: ") and "xl/sharedStrings.xml" in line
    assert not (tmp_path / "out").exists()


def test_a_sheet_that_claims_the_whole_grid_is_read_by_the_cells_it_holds(tmp_path: Path) -> None:
    """A 5 KB workbook whose sheet says it spans A1:XFD1048576, with one empty cell in the last
    row, would be read as a million rows of 16,384 cells (many minutes). Only its cells count."""
    sheet_xml = (
        EXCEL_PARTS["xl/worksheets/sheet1.xml"]
        .replace("<sheetData>", '<dimension ref="A1:XFD1048576"/><sheetData>')
        .replace("</sheetData>", '<row r="1048576"><c r="A1048576"/></row></sheetData>')
    )
    claimed = _damaged(tmp_path, "xl/worksheets/sheet1.xml", sheet_xml)
    done = subprocess.run(
        [sys.executable, "-m", "deckgen", "verify", "--file", str(claimed)],
        capture_output=True,
        text=True,
        timeout=120,  # a guard against the hang, not a speed goal: the read takes about a second
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    (card,) = load_sheet(claimed).cards
    assert (card.front, card.back) == ("chat", "cat")


def test_a_sheet_of_very_many_columns_is_refused_in_one_line(tmp_path: Path) -> None:
    """A small CSV of thousands of headings would make every view of the page offer each as a
    side: refused on reading, and the page is offered no columns."""
    from deckgen.games.flashcards.sheet import MAX_COLUMNS, sheet_headings

    wide = MAX_COLUMNS + 1
    path = sheet(tmp_path, ",".join(f"c{i}" for i in range(wide)) + "\n" + ",".join(["x"] * wide) + "\n")
    with pytest.raises(
        DeckgenError, match=f"row 1: {wide} named columns; a flash-card spreadsheet has at most {MAX_COLUMNS}"
    ):
        load_sheet(path)
    assert sheet_headings(path) == []
    fits = sheet(
        tmp_path,
        ",".join(f"c{i}" for i in range(MAX_COLUMNS)) + "\n" + ",".join(["x"] * MAX_COLUMNS) + "\n",
        "fits.csv",
    )
    assert len(sheet_headings(fits)) == MAX_COLUMNS
