"""The translations: every string marked in the code is in the template and translated in every
catalogue, with the same placeholders; the compiled catalogues are those of the .po files; and
the page speaks the visitor's language, with the signs its schools write."""

from __future__ import annotations

import io
import re
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from deckgen.i18n import LANGUAGES, USUAL_SIGNS, _, from_accept_language, number, speaking

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "deckgen" / "locale"
TRANSLATED = [key for key in LANGUAGES if key != "en"]
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")


def read(path: Path):  # type: ignore[no-untyped-def]
    with path.open("rb") as stream:
        return read_po(stream)


def catalogue(language: str):  # type: ignore[no-untyped-def]
    return read(LOCALE / language / "LC_MESSAGES" / "deckgen.po")


def test_the_template_holds_every_string_marked_in_the_code(tmp_path: Path) -> None:
    made = tmp_path / "deckgen.pot"
    subprocess.run(
        [sys.executable, "-m", "babel.messages.frontend", "extract", "-F", "pyproject.toml", "-k", "N_"]
        + ["-k", "counted:1,2", "--no-location", "--sort-output", "--omit-header", "-o", str(made), "deckgen"]
        + ["templates"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )
    ids = {m.id for m in read(made) if m.id}
    shipped = {m.id for m in read(LOCALE / "deckgen.pot") if m.id}
    assert ids == shipped, f"run make translations: new {sorted(map(str, ids - shipped))[:5]}"
    assert len(ids) > 100


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_has_a_translation_with_its_placeholders(language: str) -> None:
    template = {m.id for m in read(LOCALE / "deckgen.pot") if m.id}
    translated = catalogue(language)
    assert {m.id for m in translated if m.id} == template
    for message in translated:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(texts) and not message.fuzzy, f"{language}: no translation of {ids[0]!r}"
        for text in texts:
            assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(ids[-1])), (language, ids, text)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogues_are_the_po_files(language: str) -> None:
    compiled = io.BytesIO()
    write_mo(compiled, catalogue(language))
    shipped = (LOCALE / language / "LC_MESSAGES" / "deckgen.mo").read_bytes()
    assert compiled.getvalue() == shipped, f"{language}: run make translations"


def test_strings_are_spoken_in_the_language_chosen() -> None:
    with speaking("de"):
        assert _("Preview") == "Vorschau" and number(1234) == "1.234"
    with speaking("fr"):
        assert _("Download the files") == "Télécharger les fichiers"
    with speaking("es"):
        assert _("Cutting") == "Corte"
    assert _("Preview") == "Preview" and number(1234) == "1,234"
    with speaking("de"):
        assert _("a string nobody translated") == "a string nobody translated"


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("de-DE,de;q=0.9,en;q=0.8", "de"),
        ("en-GB,fr;q=0.9", "en"),
        ("it-IT,fr;q=0.5,es;q=0.7", "es"),
        ("zh-CN", "en"),
        ("", "en"),
        ("fr;q=0, de;q=0.1", "de"),
        ("garbage;;q=x,,", "en"),
    ],
)
def test_the_browsers_language_is_the_first_deckgen_speaks(header: str, language: str) -> None:
    assert from_accept_language(header) == language


def test_each_language_has_its_schools_signs() -> None:
    assert USUAL_SIGNS == {"en": "×÷", "es": "×:", "fr": "×:", "de": "·:"}
