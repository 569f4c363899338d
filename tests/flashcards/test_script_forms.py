"""``--script-forms``: the forms Han characters are drawn in, Japanese, Chinese or Korean.

直, 骨 and 角 are written differently in Japan and in mainland China. A sheet of kanji alone says
nothing of its language; ``--script-forms ja`` draws them in their Japanese forms (the CJK font's
JP face, and HarfBuzz told the text is Japanese), ``zh-Hans`` in the simplified Chinese ones, the
same every run. A font named with ``--font`` is still the font the letters are drawn with.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.build import _game_options
from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games import game
from deckgen.games.flashcards.faces import deck_fonts
from deckgen.games.flashcards.fonts import SCRIPT_FORMS
from deckgen.games.flashcards.game import SCRIPT_FORMS as OPTION
from deckgen.profiles import load_profiles

KANJI = ("直", "骨", "角")
#: A serif CJK font (fonts-noto-cjk), whose first face is Japanese.
SERIF = Path("/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc")


def sheet(tmp_path: Path, fronts: tuple[str, ...] = KANJI) -> Path:
    path = tmp_path / "kanji.csv"
    path.write_text("front,back\n" + "".join(f"{front},{n}\n" for n, front in enumerate(fronts)), "utf-8")
    return path


def build(tmp_path: Path, name: str, *words: str) -> dict[str, bytes]:
    """The card pictures and the PDF of the kanji sheet built with ``words``, by file name."""
    out = tmp_path / name
    args = ["build", "--file", str(sheet(tmp_path)), "--format", "png", "--format", "pdf", "--dpi", "100"]
    assert main([*args, "--no-pack", *words, "--out", str(out)]) == 0
    return {path.name: path.read_bytes() for path in [*out.glob("png/flashcards-F0?.png"), out / "flashcards.pdf"]}


def fronts(files: dict[str, bytes]) -> list[bytes]:
    return [files[f"flashcards-F0{n}.png"] for n in (1, 2, 3)]


def test_kanji_are_drawn_in_the_forms_asked_for_the_same_every_run(tmp_path: Path) -> None:
    japanese = build(tmp_path, "ja", "--script-forms", "ja")
    chinese = build(tmp_path, "zh", "--script-forms", "zh-Hans")
    assert all(a != b for a, b in zip(fronts(japanese), fronts(chinese), strict=True))
    assert build(tmp_path, "ja-again", "--script-forms", "ja") == japanese
    # Left out, a sheet of kanji alone is drawn as today, in the simplified Chinese forms.
    assert fronts(build(tmp_path, "default")) == fronts(chinese)


def test_the_forms_pick_the_font_face_and_the_language(tmp_path: Path) -> None:
    flash = game("flashcards")
    faces = {}
    for forms in SCRIPT_FORMS:
        chain = deck_fonts(flash.load(sheet(tmp_path), {"script_forms": forms}))
        assert chain.language == SCRIPT_FORMS[forms]
        faces[forms] = chain.face_for("直")
    # Noto Sans CJK: one face for each of Japan, Korea, mainland China and Taiwan.
    assert len({face.key for face in faces.values() if face is not None}) == 4
    # Kana say Japanese, hangul Korean, when no forms are asked for.
    assert deck_fonts(flash.load(sheet(tmp_path, ("直す",)), {})).language == "ja"
    assert deck_fonts(flash.load(sheet(tmp_path, ("直선",)), {})).language == "ko"
    assert tuple(SCRIPT_FORMS) == OPTION.choices


def test_a_font_named_is_the_font_used_whatever_the_forms(tmp_path: Path) -> None:
    flash = game("flashcards")
    deck = flash.load(sheet(tmp_path), {"font": str(SERIF), "script_forms": "zh-Hans"})
    face = deck_fonts(deck).face_for("直")
    assert face is not None and face.key.startswith("user-NotoSerifCJK")
    serif_chinese = build(tmp_path, "serif-zh", "--font", str(SERIF), "--script-forms", "zh-Hans")
    serif_japanese = build(tmp_path, "serif-ja", "--font", str(SERIF), "--script-forms", "ja")
    sans_chinese = build(tmp_path, "sans-zh", "--script-forms", "zh-Hans")
    assert all(a != b for a, b in zip(fronts(serif_chinese), fronts(sans_chinese), strict=True))
    # The forms still follow: the Japanese face of the serif font draws Chinese forms when asked.
    assert all(a != b for a, b in zip(fronts(serif_chinese), fronts(serif_japanese), strict=True))


def test_a_print_profile_may_name_the_forms(tmp_path: Path) -> None:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text('[our-school]\ndescription = "x"\nscript_forms = "ja"\n', encoding="utf-8")
    flash = game("flashcards")
    options = _game_options(flash, load_profiles(profiles)["our-school"], {})
    assert deck_fonts(flash.load(sheet(tmp_path), options)).language == "ja"
    profiles.write_text('[our-school]\ndescription = "x"\nscript_forms = "jp"\n', encoding="utf-8")
    with pytest.raises(DeckgenError, match="script_forms = 'jp': use one of 'ja', 'zh-Hans', 'zh-Hant', 'ko'"):
        load_profiles(profiles)


def test_forms_not_known_are_refused_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--file", str(sheet(tmp_path)), "--script-forms", "jp", "--out", str(tmp_path / "o")]) != 0
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and said[0].startswith("deckgen: error:") and "--script-forms" in said[0]
    assert not (tmp_path / "o").exists()


@pytest.mark.parametrize(("forms", "family"), [("ja", "JP"), ("zh-Hans", "SC"), ("zh-Hant", "TC"), ("ko", "KR")])
def test_without_fontconfig_a_collections_face_for_the_forms_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forms: str, family: str
) -> None:
    from deckgen.games.flashcards import system_fonts

    fonts = tmp_path / "Fonts"
    fonts.mkdir()
    (fonts / "NotoSansCJK-Regular.ttc").symlink_to("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")
    monkeypatch.setattr(system_fonts.shutil, "which", lambda name: None)
    monkeypatch.setattr(system_fonts, "font_folders", lambda: [fonts])
    system_fonts._system_sources.cache_clear()
    try:
        (found,) = system_fonts.system_sources(("直",), SCRIPT_FORMS[forms])
    finally:
        system_fonts._system_sources.cache_clear()
    assert system_fonts._family(found.path, found.index).endswith(f"CJK {family}")
