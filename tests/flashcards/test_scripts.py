"""Flash cards in the scripts language classes learn: Chinese (simplified and traditional),
Japanese, Korean, Arabic, Hebrew, Hindi and Thai, twenty real words each (tests/data/scripts/).

Each sheet builds in PDF, laser SVG and PNG; its first sheet of fronts matches a golden picture
(``--store-golden`` writes them anew, see tests/render/test_golden.py); pdftotext gives back every card's
words in reading order; laser files carry letter outlines and no text. Shaping itself is checked
where a wrong build would still print something: Hindi's i-sign before its consonant, a conjunct
instead of a bare halant, Arabic letters in their joined forms, Hebrew read right to left.
"""

from __future__ import annotations

import csv
import subprocess
import unicodedata
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.games.flashcards.fonts import chain_for, default_chain
from deckgen.games.flashcards.shaping import line_glyphs, paragraph
from tests.render.test_golden import pictures_differ, render_pdf

SHEETS = Path(__file__).parents[1] / "data" / "scripts"
GOLDEN = Path(__file__).parents[1] / "golden" / "scripts"
NAMES = sorted(p.stem for p in SHEETS.glob("*.csv"))
#: Marks pdftotext puts around right-to-left lines: they carry no letters.
BIDI_MARKS = dict.fromkeys(map(ord, "\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"))


def rows(name: str) -> list[tuple[str, str]]:
    with (SHEETS / f"{name}.csv").open(encoding="utf-8") as handle:
        return [(row["front"], row["back"]) for row in csv.DictReader(handle)]


def letters(text: str) -> str:
    """Text as compared: composed, without spaces, line breaks or direction marks."""
    return "".join(unicodedata.normalize("NFC", text).translate(BIDI_MARKS).split())


def test_there_are_eight_sheets_of_twenty_rows() -> None:
    assert NAMES == [
        "arabic",
        "chinese-simplified",
        "chinese-traditional",
        "hebrew",
        "hindi",
        "japanese",
        "korean",
        "thai",
    ]
    assert all(len(rows(name)) == 20 for name in NAMES)


@pytest.fixture(scope="module", params=NAMES)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    name = request.param
    out = tmp_path_factory.mktemp(name)
    sheet = str(SHEETS / f"{name}.csv")
    for fmt in ("pdf", "svg", "png"):
        dpi = ["--dpi", "72"] if fmt == "png" else []
        assert main(["build", "--file", sheet, "--format", fmt, *dpi, "--out", str(out / fmt)]) == 0
    return name, out


def test_every_cards_words_come_back_from_the_pdf_in_reading_order(built: tuple[str, Path]) -> None:
    name, out = built
    text = subprocess.run(
        ["pdftotext", str(out / "pdf" / "flashcards.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    found = letters(text)
    for front, back in rows(name):
        assert letters(front) in found, f"{name}: {front!r} is not in the PDF's text"
        assert letters(back) in found, f"{name}: {back!r} is not in the PDF's text"


def test_laser_files_carry_outlines_and_no_text(built: tuple[str, Path]) -> None:
    _, out = built
    sheets = sorted((out / "svg").rglob("flashcards-sheet-*.svg"))
    assert sheets and any(p.name.endswith("-back.svg") for p in sheets)
    for sheet in sheets:
        svg = sheet.read_text(encoding="utf-8")
        assert "<text" not in svg and svg.count("<path") > 20, sheet.name


def test_every_card_has_a_picture_of_each_side(built: tuple[str, Path]) -> None:
    name, out = built
    pictures = {p.name for p in (out / "png").rglob("flashcards-F*.png")}
    assert len(pictures) == 2 * len(rows(name))


def test_the_first_sheet_looks_as_it_did(built: tuple[str, Path], store_golden: bool) -> None:
    name, out = built
    (page,) = render_pdf(out / "pdf" / "flashcards.pdf", 40, 1, 1)
    golden = GOLDEN / f"{name}.png"
    if store_golden:
        GOLDEN.mkdir(parents=True, exist_ok=True)
        golden.write_bytes(page)
        return
    why = pictures_differ(page, golden.read_bytes())
    assert why is None, f"{name} looks different (see {golden}): {why}"


def _gids(text: str, chain: object = None) -> list[int]:
    """The glyph ids a line is drawn with, left to right."""
    fonts = chain or chain_for([text])
    found = paragraph(text, fonts)  # type: ignore[arg-type]
    return [glyph.gid for glyph, _, _ in line_glyphs(found.units, 0.3)]


def _nominal(char: str) -> int:
    return default_chain().glyph_for(char).gid


def _names(text: str) -> list[str]:
    """The names, in the font, of the glyphs a line is drawn with, left to right."""
    font = default_chain().glyph_for(text[0]).face.hb_font
    return [font.get_glyph_name(gid) for gid in _gids(text)]


def test_hindi_is_shaped_the_i_sign_before_its_consonant_and_conjuncts_joined() -> None:
    # कि: the vowel sign ि (U+093F) is written after क (U+0915) but drawn before it, in the
    # length the font fits to the consonant.
    first, second = _names("कि")
    assert first.startswith("uni093F") and second == "uni0915"
    # नमस्ते: स + ् + त make one conjunct, so no bare halant (्) is drawn.
    assert _nominal("्") not in _gids("नमस्ते")
    assert len(_gids("नमस्ते")) < len("नमस्ते")


def test_arabic_letters_take_their_joined_forms() -> None:
    # كتاب is read right to left, so drawn from the left: ب (final), ا (final), ت (middle), ك
    # (initial); the font builds ب and ت from a dotless letter and its dots.
    names = _names("كتاب")
    assert names[-1] == "uni0643.init"
    assert "uni0627.fina" in names and any(name.endswith(".medi.wide") or ".medi" in name for name in names)
    assert _nominal("ك") not in _gids("كتاب")


def test_hebrew_reads_right_to_left() -> None:
    # שלום: ש is the first letter read and the last drawn from the left.
    assert _gids("שלום") == [_nominal(c) for c in reversed("שלום")]
    # In a line of Hebrew, the first word is on the right; a number inside stays left to right.
    assert _gids("בית ספר") == [_nominal(c) for c in reversed("בית ספר") if c != " "]
    assert _gids("יש 12") == [_nominal(c) for c in "12"] + [_nominal(c) for c in reversed("יש")]


def test_chinese_breaks_between_characters_but_not_before_a_full_stop() -> None:
    units = paragraph("我喜欢学习中文。", chain_for(["我喜欢学习中文。"])).units
    assert [unit.text for unit in units] == ["我", "喜", "欢", "学", "习", "中", "文。"]
    assert not any(unit.gap for unit in units)


def test_sheets_built_one_after_another_each_keep_all_their_text(tmp_path: Path) -> None:
    """Each PDF carries its own text font: a Latin sheet built first leaves a later one's letters whole."""
    latin = tmp_path / "latin.csv"
    latin.write_text("front,back\nWhat is 7 × 8?,56\nkite,a toy that flies\n", encoding="utf-8")
    for name, sheet in (("latin", latin), ("arabic", SHEETS / "arabic.csv"), ("hindi", SHEETS / "hindi.csv")):
        assert main(["build", "--file", str(sheet), "--layout", "single", "--out", str(tmp_path / name)]) == 0
        text = subprocess.run(
            ["pdftotext", str(tmp_path / name / "flashcards.pdf"), "-"], capture_output=True, text=True, check=True
        ).stdout
        with sheet.open(encoding="utf-8") as handle:
            for row in csv.DictReader(handle):
                assert letters(row["front"]) in letters(text) and letters(row["back"]) in letters(text), name


@pytest.mark.parametrize("platform", ["win32", "darwin"])
def test_without_fontconfig_the_fonts_windows_and_macos_ship_are_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, platform: str
) -> None:
    """Windows and macOS have no fc-match: their font folders are searched, the fonts they ship
    for the sheet's language first."""
    from deckgen.games.flashcards import system_fonts

    cjk = Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    fonts = tmp_path / "Fonts"
    fonts.mkdir()
    known = "msyh.ttc" if platform == "win32" else "PingFang.ttc"
    (fonts / known).symlink_to(cjk)
    (fonts / "aaa-other.ttf").write_bytes(b"not a font")
    monkeypatch.setattr(system_fonts.shutil, "which", lambda name: None)
    monkeypatch.setattr(system_fonts.sys, "platform", platform)
    monkeypatch.setattr(system_fonts, "font_folders", lambda: [fonts])
    system_fonts._system_sources.cache_clear()
    try:
        (found,) = system_fonts.system_sources(("汉", "字"), "zh-cn")
    finally:
        system_fonts._system_sources.cache_clear()
    assert found.path == fonts / known
    assert ord("汉") in system_fonts._codepoints(found.path, found.index)


def test_the_windows_and_macos_font_folders_are_where_those_systems_keep_fonts(monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.games.flashcards import system_fonts

    monkeypatch.setattr(system_fonts.sys, "platform", "win32")
    monkeypatch.setenv("WINDIR", r"C:\Windows")
    monkeypatch.setenv("LOCALAPPDATA", r"C:\Users\t\AppData\Local")
    assert [str(p).replace("\\", "/") for p in system_fonts.font_folders()] == [
        "C:/Users/t/AppData/Local/Microsoft/Windows/Fonts",
        "C:/Windows/Fonts",
    ]
    monkeypatch.setattr(system_fonts.sys, "platform", "darwin")
    assert Path("/System/Library/Fonts") in system_fonts.font_folders()
