"""deckgen's stand-ins for the browser (deckgen/inbrowser), checked on this computer against the
compiled packages they stand in for: line breaks against ICU on a corpus of real text, the
Pillow stand-in with reportlab (the same PDF, a picture refused in one line), an Anki package
that needs zstandard refused in one line without it. What needs a browser (HarfBuzz from
harfbuzzjs, Intl.Segmenter) is checked in Pyodide by test_inbrowser_pyodide.py."""

from __future__ import annotations

import csv
import re
import subprocess
import sys
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.games.flashcards import breaks
from deckgen.inbrowser import breaks as browser_breaks
from deckgen.inbrowser.harfbuzz import face_count, replay
from tests.flashcards.test_anki import newer_package, png

ROOT = Path(__file__).resolve().parents[2]
STANDINS = ROOT / "deckgen" / "inbrowser" / "standins"
#: Words and phrases of the scripts written with spaces between words (Greek and Cyrillic among
#: the browser's own samples, tests/data/browser): the browser's breaks must be ICU's exactly.
SPACED_SCRIPTS = [ROOT / "tests/data/browser" / f"{n}.csv" for n in ("greek", "cyrillic")] + [
    ROOT / "tests/data/scripts" / f"{n}.csv" for n in ("hebrew", "arabic", "hindi", "korean")
]


def _messages() -> list[str]:
    """Every message deckgen has, in English, German, Spanish and French (its catalogues)."""
    found = []
    for catalogue in sorted((ROOT / "deckgen" / "locale").glob("*/LC_MESSAGES/deckgen.po")):
        text = catalogue.read_text(encoding="utf-8")
        for match in re.finditer(r'^msg(?:id|str(?:\[\d\])?) "(.*)"$', text, re.M):
            if match.group(1):
                found.append(match.group(1).encode("latin-1", "backslashreplace").decode("unicode_escape"))
    return found


def _cells(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="") as file:
        return [cell for row in csv.reader(file) for cell in row]


def _corpus() -> list[str]:
    texts = _messages() + _cells(ROOT / "templates" / "flashcards" / "flashcards-sample.csv")
    for sample in SPACED_SCRIPTS:
        texts += _cells(sample)
    texts += (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    return texts


def _ranks_with(breakers: tuple[type, type], text: str, language: str) -> tuple[tuple[int, int], ...]:
    old = breaks.LineBreaker, breaks.WordBreaker
    breaks.LineBreaker, breaks.WordBreaker = breakers  # type: ignore[misc]
    try:
        return breaks._break_ranks.__wrapped__(text, language)  # type: ignore[attr-defined]
    finally:
        breaks.LineBreaker, breaks.WordBreaker = old  # type: ignore[misc]


BROWSER = (browser_breaks.LineBreaker, browser_breaks.WordBreaker)


def test_the_browsers_line_breaks_are_icus_for_text_with_spaces_between_words() -> None:
    """Every message deckgen has in four languages, the README, the sample deck and twenty words
    or phrases each of Greek, Cyrillic, Hebrew, Arabic, Hindi and Korean: the same places to break,
    each of the same rank, as icu4py gives."""
    corpus = _corpus()
    assert len(corpus) > 4000
    differ = [t for t in corpus if _ranks_with(BROWSER, t, "und") != breaks._break_ranks.__wrapped__(t, "und")]
    assert differ == []
    assert sum(bool(breaks.break_ranks(t, "und")) for t in corpus) > 3000  # the corpus has breaks to compare


def test_without_a_dictionary_thai_has_no_word_breaks_where_icu_finds_them() -> None:
    """Outside a browser there is no Intl.Segmenter: Thai words run together (UAX #29 alone), as
    the module says; in a browser the dictionary's words are used (test_inbrowser_pyodide.py)."""
    text = "ภาษาไทยง่ายมาก"
    assert breaks._break_ranks.__wrapped__(text, "th")  # ICU finds words
    assert _ranks_with(BROWSER, text, "th") == ()


def test_segments_count_in_utf16_as_icus_do() -> None:
    text = "a 𝒜 b"  # a character outside the BMP takes two UTF-16 units
    assert list(browser_breaks.LineBreaker(text, "en").segments()) == [(0, 2), (2, 5), (5, 6)]
    assert _ranks_with(BROWSER, text, "und") == breaks._break_ranks.__wrapped__(text, "und")


def test_a_collections_face_count_is_read_from_its_header() -> None:
    assert face_count(b"ttcf\x00\x02\x00\x00\x00\x00\x00\x03" + bytes(20)) == 3
    assert face_count(b"\x00\x01\x00\x00" + bytes(20)) == 1
    assert face_count(b"OTTO" + bytes(20)) == 1
    assert face_count(b"<html>") == 0


def test_an_outline_is_replayed_on_the_pen_as_uharfbuzz_draws_it() -> None:
    """The outline of 'a' in the card font, drawn by uharfbuzz, recorded as text.mjs records it
    (operation codes and 32-bit floats), replayed: the same calls with the same numbers."""
    from array import array

    from fontTools.pens.recordingPen import RecordingPen

    from deckgen.games.flashcards.fonts import primary_face

    font = primary_face().hb_font
    direct = RecordingPen()
    font.draw_glyph_with_pen(font.get_nominal_glyph(ord("a")), direct)
    codes = {"moveTo": 0, "lineTo": 1, "qCurveTo": 2, "curveTo": 3, "closePath": 4}
    ops = bytes(codes[op] for op, _ in direct.value)
    xy = array("f", [c for _, points in direct.value for point in points for c in point])
    replayed = RecordingPen()
    replay(ops, xy, replayed)
    assert replayed.value == direct.value
    assert any(op == "qCurveTo" for op, _ in direct.value)


def _run_with_standins(code: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Python with the Pillow stand-in first on its path, as the browser's site-packages has it."""
    prelude = f"import sys; sys.path.insert(0, {str(STANDINS)!r}); "
    return subprocess.run(
        [sys.executable, "-c", prelude + code], cwd=cwd, capture_output=True, text=True, timeout=300, check=False
    )


def _build(cwd: Path, deck: str, out: str) -> str:
    return (
        "from deckgen.entry import main; "
        f"sys.exit(main(['build', '--game', 'flashcards', '--file', {deck!r}, '--format', 'pdf', '--out', {out!r}]))"
    )


def test_reportlab_loads_with_the_pillow_standin_and_writes_the_same_pdf(tmp_path: Path) -> None:
    (tmp_path / "words.csv").write_bytes((ROOT / "templates" / "flashcards" / "flashcards-sample.csv").read_bytes())
    check = _run_with_standins(
        "import PIL, PIL.Image, reportlab.lib.utils as u; "
        "print(PIL.STANDIN, u._isPILImage(object()), hasattr(PIL.Image, '__wrapped__')); "
        + _build(tmp_path, "words.csv", "standin"),
        tmp_path,
    )
    assert check.returncode == 0, check.stderr
    assert check.stdout.splitlines()[0] == "True False False"
    host = subprocess.run(
        [sys.executable, "-m", "deckgen", "build", "--game", "flashcards", "--file", "words.csv"]
        + ["--format", "pdf", "--out", "host"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert host.returncode == 0, host.stderr
    made = sorted(p.name for p in (tmp_path / "host").glob("*.pdf"))
    assert "flashcards.pdf" in made
    for name in made:
        assert (tmp_path / "standin" / name).read_bytes() == (tmp_path / "host" / name).read_bytes(), name


def test_a_png_picture_is_refused_in_one_line_with_the_pillow_standin(tmp_path: Path) -> None:
    (tmp_path / "cat.png").write_bytes(png())
    (tmp_path / "words.csv").write_text("front,back\ncat.png,a cat\n", encoding="utf-8")
    run = _run_with_standins(_build(tmp_path, "words.csv", "out"), tmp_path)
    assert run.returncode == 1
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1, run.stderr
    assert "'cat.png' is a PNG or JPEG" in lines[0] and "in the browser use SVG pictures" in lines[0]


def test_an_anki_package_that_needs_zstandard_is_refused_in_one_line_without_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from deckgen.games.flashcards.anki import load_package

    package = newer_package(tmp_path / "german.apkg")
    monkeypatch.setitem(sys.modules, "zstandard", None)  # import zstandard now raises ImportError
    with pytest.raises(DeckgenError) as refused:
        load_package(package)
    said = str(refused.value)
    assert "\n" not in said
    assert "Support older Anki versions" in said and "german.apkg" in said
