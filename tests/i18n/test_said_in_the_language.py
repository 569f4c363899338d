"""What was left in English when deckgen speaks Spanish, French or German: the equation's form
on the pack's first page ("X op Y = Z"), the set label on the cards ("SET 1") and the contact
sheet's "BACK", the card PDFs' Title and Subject, the page's deck in use and preset names, the
reasons ``show`` gives and the signs it draws; and the preset's own files (its contact sheet,
no Treenex beside it).
"""

from __future__ import annotations

import itertools
import re
from html import unescape
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.build import BuildRequest, png_faces, prepare, run
from deckgen.cli import main
from deckgen.games import game
from deckgen.glyphs import layout_text
from deckgen.i18n import LANGUAGES, _, speaking
from deckgen.layout.primitives import Disc, Stroke
from tests.gamekit import GAMES
from tests.servekit import request, start_server

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = [key for key in LANGUAGES if key != "en"]
#: English left where a translation belongs: in the pack, the PDFs' fields, the page, show.
ENGLISH = re.compile(
    r"\bop\b|\bcards\b|to print on|actual size|cut along|two-sided|one card a page|\bflip\b|"
    r"cover each other|no number in|gives none|no operation|needs|Deck in use|shipped with|\bcell\b"
)


def strokes_of(primitives: object) -> int:
    """The strokes and dots a face draws (a word's glyphs in the stroke font)."""
    return sum(1 for p in primitives if isinstance(p, Stroke | Disc))  # type: ignore[attr-defined]


def glyph_marks(text: str) -> int:
    strokes, dots = layout_text(text)
    return len(strokes) + len(dots)


@pytest.fixture(scope="module", params=TRANSLATED)
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """Every game of the registry, two sets, PDF and PNG, in the language."""
    language = request.param
    out = tmp_path_factory.mktemp(f"said-{language}")
    job = prepare(
        BuildRequest(
            games=GAMES, out=out, options={"sets": 2, "paper": "a4"}, formats=("pdf", "png"), dpi=72, language=language
        )
    )
    run(job)
    return language, out


def test_the_pack_writes_the_equation_in_the_classs_signs(built: tuple[str, Path]) -> None:
    language, out = built
    text = " ".join(page.extract_text() for page in PdfReader(out / "teacher-pack.pdf").pages[:2])
    text = re.sub(r"\s+", " ", text)
    assert "X op Y" not in text and not re.search(r"\bop\b", text)
    assert "X + Y = Z" in text
    times = {"de": "·", "fr": "×", "es": "×"}[language]
    assert f"X {times} Y = Z" in text


def test_the_card_pdfs_title_and_subject_are_in_the_language(built: tuple[str, Path]) -> None:
    language, out = built
    for key in GAMES:
        info = PdfReader(out / f"{game(key).stem}.pdf").metadata
        assert info is not None
        for field in (info.title, info.subject):
            assert field and not ENGLISH.search(field), (language, key, field)
    with speaking(language):
        info = PdfReader(out / "treenex.pdf").metadata
        assert info is not None and "(100 %)" in str(info.subject)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_set_label_and_the_contact_sheet_say_set_and_back_in_the_language(language: str, tmp_path: Path) -> None:
    """Every game's set label reads "SATZ 2", "JEU 2", "JUEGO 2" (the stroke font's strokes of those
    words, not of "SET 2"); a shared back is "RÜCKSEITE", "VERSO", "REVERSO" on the contact sheet."""
    with speaking(language):
        word, back = _("SET").upper(), _("BACK").upper()
    assert word != "SET" and back != "BACK"
    job = prepare(BuildRequest(games=GAMES, out=tmp_path, options={"sets": 2}, language=language))
    for key, deck in job.decks.items():
        label = deck.faces.label(2).primitives
        assert strokes_of(label) == glyph_marks(f"{word} 2") != glyph_marks("SET 2"), key
        with speaking(language):
            names = [name for _stem, name, _face in png_faces(deck)]
        assert not any("BACK" in name for name in names), key
        if game(key).shared_back:
            assert back in names


def test_show_gives_its_reasons_and_signs_in_the_language(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``show --lang de`` draws and writes · for times, as ``build --lang de`` prints it, and says
    why a stack makes no equation in German, naming the level in German."""
    from deckgen.games.cleariosity.core.model import Tier
    from deckgen.games.cleariosity.core.stack import read_stack
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity

    cards = load_cleariosity().cards
    times = next(
        (a, b)
        for a, b in itertools.combinations(cards, 2)
        if any(e.op == "*" for e in read_stack([a, b], Tier.ORANGE).equations)
    )
    none = next((a, b) for a, b in itertools.combinations(cards, 2) if not read_stack([a, b], Tier.ORANGE).equations)
    shown = ["show", times[0].id, times[1].id, "--level", "orange", "--lang", "de", "--out", str(tmp_path / "t.png")]
    assert main(shown) == 0
    said = capsys.readouterr().out
    assert "·" in said and "×" not in said
    assert main(["show", none[0].id, none[1].id, "--lang", "de", "--out", str(tmp_path / "n.png")]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Keine Gleichung auf der Stufe ")
    level = said.splitlines()[0].removeprefix("Keine Gleichung auf der Stufe ").rstrip(":")
    assert level in {"Grün", "Gelb", "Lila", "Orange"}
    for line in said.splitlines()[1:]:
        assert not ENGLISH.search(line) and not re.search(r"\b(the|row|column|diagonal|and|on)\b", line), line


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_page_names_the_deck_and_the_presets_in_the_language(language: str, tmp_path: Path) -> None:
    """The deck in use is the game's name or the preset's title, never the deck file's name; the
    presets are listed by their titles, without the command line's English names."""
    key = next(k for k in GAMES if any(o.name == "preset" for o in game(k).options))
    presets = next(o for o in game(key).options if o.name == "preset").choices
    server = start_server(tmp_path)
    try:
        page = unescape(request(server.url + f"?game={key}", headers={"Accept-Language": language}).text)
        chosen = unescape(
            request(server.url + f"?game={key}&preset=times-2-4", headers={"Accept-Language": language}).text
        )
    finally:
        server.stop()
    in_use = re.search(r'<p id="deck-in-use">([^<]*)</p>', page)
    assert in_use and "cleariosity-numbers" not in in_use[1] and game(key).name in in_use[1]
    assert not ENGLISH.search(in_use[1])
    named = re.search(r'<p id="deck-in-use">([^<]*)</p>', chosen)
    assert named and "times-2-4" not in named[1]
    labels = re.findall(r'name="preset" value="[^"]*"[^>]*> ([^<]*)</label>', page)
    assert len(labels) == len(presets)
    named_in_english = [name for name in presets if name != "standard"]  # "Standard" is German and French too
    for label in labels:
        assert not any(re.search(rf"\b{re.escape(name)}\b", label, re.IGNORECASE) for name in named_in_english), label
    if language == "de":
        assert any("2 · 2" in label for label in labels)


def test_a_preset_alone_builds_its_game_and_names_its_contact_sheet(tmp_path: Path) -> None:
    """A preset (``--preset times-2-9``) without ``--game`` builds that game's deck and no other
    game's; its contact sheet carries the preset's name, as its PDF does."""
    from deckgen.games import default_games, owner_of_picture

    key, option = next((k, o) for k in GAMES for o in game(k).options if o.picks_game)
    preset = option.choices[-1]
    assert main(["build", option.flag, preset, "--format", "png", "--dpi", "72", "--out", str(tmp_path)]) == 0
    made = {p.name for p in (tmp_path / "png").iterdir()}
    assert f"{game(key).output_stem({option.name: preset})}-contact.png" in made
    assert f"{game(key).stem}-contact.png" not in made
    others = tuple(k for k in default_games() if k != key)
    assert others and not any(owner_of_picture(name, others) for name in made)


def test_the_teachers_guide_no_longer_says_the_pack_is_english_only() -> None:
    text = (ROOT / "docs" / "teachers.md").read_text()
    assert "in English for now" not in re.sub(r"\s+", " ", text)
