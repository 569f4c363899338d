"""--lang on the command line (build, verify, serve) and DECKGEN_LANG in the environment: what
each command says is in that language, its data is not (the JSON is the same in every language),
and the page falls back to serve's language for a browser that asks for none deckgen speaks."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from deckgen.games import game
from deckgen.i18n import LANGUAGES, _, speaking
from tests.gamekit import GAMES
from tests.servekit import request, start_server

TRANSLATED = [key for key in LANGUAGES if key != "en"]


def deckgen(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "deckgen", *args], capture_output=True, text=True, env={**os.environ, **(env or {})}
    )


@pytest.mark.parametrize("key", GAMES)
def test_verify_says_its_report_in_the_language_and_keeps_its_data(key: str) -> None:
    # A game whose deck follows the language is given its English deck, so both read one deck.
    own = game(key)
    named = ["--file", str(own.deck_file(None))] if own.deck_follows_language else []
    english = deckgen("verify", "--game", key, "--games", "0", "--json", *named)
    german = deckgen("verify", "--game", key, "--games", "0", "--json", "--lang", "de", *named)
    assert english.returncode == german.returncode == 0, german.stderr
    assert json.loads(german.stdout) == json.loads(english.stdout)
    # The environment sets the language where --lang is not given; --lang wins over it.
    told = deckgen("verify", "--game", key, "--games", "0", "--lang", "de")
    from_environment = deckgen("verify", "--game", key, "--games", "0", env={"DECKGEN_LANG": "de"})
    assert from_environment.stdout == told.stdout
    overruled = deckgen("verify", "--game", key, "--games", "0", "--lang", "en", env={"DECKGEN_LANG": "de"})
    assert overruled.stdout == deckgen("verify", "--game", key, "--games", "0").stdout


def test_a_language_deckgen_does_not_speak_is_one_line() -> None:
    done = deckgen("verify", "--games", "0", env={"DECKGEN_LANG": "it"})
    assert done.returncode == 2
    (line,) = done.stderr.strip().splitlines()
    assert "--lang" in line and "DECKGEN_LANG" in line and "'de'" in line


@pytest.mark.parametrize("language", TRANSLATED)
def test_build_says_what_it_wrote_in_the_language(tmp_path: Path, language: str) -> None:
    key = next(iter(GAMES))
    done = deckgen("build", "--game", key, "--no-pack", "--out", str(tmp_path), "--lang", language)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    assert lines
    with speaking(language):
        pattern = re.escape(_("wrote {path} ({size} KB)")).replace(r"\{path\}", ".+").replace(r"\{size\}", "[0-9.,]+")
        english = _("wrote {path} ({size} KB)") == "wrote {path} ({size} KB)"
    assert not english, "the sentence has a translation"
    for line in lines:
        assert re.fullmatch(pattern, line), line
        assert not line.startswith("wrote ")


def test_serve_speaks_its_language_at_the_terminal_and_to_a_browser_that_names_none(tmp_path: Path) -> None:
    server = start_server(tmp_path, "--lang", "de")
    try:
        with speaking("de"):
            preview, missing = _("Preview"), _("No such page.")
        assert preview != "Preview" and missing != "No such page."
        # No Accept-Language (or only languages deckgen does not speak): serve's language.
        for headers in ({}, {"Accept-Language": "it-IT,it;q=0.9"}):
            assert preview in request(server.url, headers=headers).text
        # A browser that asks for a language deckgen speaks gets it.
        assert "Preview" in request(server.url, headers={"Accept-Language": "en-GB,en;q=0.9"}).text
        nowhere = request(server.url + "no-such-page")
        assert nowhere.status == 404 and nowhere.text.strip() == missing
    finally:
        said = server.stop()
    with speaking("de"):
        assert _("deckgen serve: stopped.") in said


def test_the_pages_refusals_speak_the_visitors_language(tmp_path: Path) -> None:
    server = start_server(tmp_path)
    try:
        for language in LANGUAGES:
            answer = request(server.url + "no-such-page", headers={"Accept-Language": language})
            with speaking(language):
                assert answer.status == 404 and answer.text.strip() == _("No such page."), language
    finally:
        server.stop()


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_pages_option_help_and_preset_names_are_in_its_language(tmp_path: Path, language: str) -> None:
    """The help under "All options" and the presets' names (their specs' titles) are translated."""
    from html import unescape

    from deckgen.games import games
    from deckgen.print_options import LASER_OPTIONS, PRINT_OPTIONS

    key = next(k for k, g in games().items() if any(o.name == "preset" for o in g.options))
    server = start_server(tmp_path)
    try:
        page = unescape(request(server.url + f"?game={key}&formats=svg", headers={"Accept-Language": language}).text)
    finally:
        server.stop()
    with speaking(language):
        helped = [o for o in (*PRINT_OPTIONS, *LASER_OPTIONS) if f'id="{o.name}-help"' in page]
        assert len(helped) > 10
        for option in helped:
            assert _(option.help) in page and option.help not in page, option.name
        shown = next(o for o in games()[key].options if o.name == "preset")
        for value in shown.choices:
            label = games()[key].choice_label("preset", value)
            assert label in page, label
        assert _(games()[key].choice_label("preset", "")) in page


def test_a_language_set_for_the_server_does_not_reach_the_builds_its_page_shows(tmp_path: Path) -> None:
    """Served with DECKGEN_LANG=de, an English visitor's page shows a command without --lang, and
    the download is what that command makes: an English teacher pack."""
    import io
    import zipfile
    from urllib.parse import urlencode

    import pdfplumber

    key = next(iter(GAMES))
    server = start_server(tmp_path, environment={"DECKGEN_LANG": "de"})
    try:
        english = {"Accept-Language": "en-US"}
        settings = {"game": key, "only": "", "pack": "1"}
        summary = json.loads(request(server.url + "summary?" + urlencode(settings), headers=english).body)
        assert "--lang" not in summary["command"]
        origin = {"Origin": server.url.rstrip("/"), **english}
        answer = request(server.url + "download", urlencode(settings).encode(), origin)
    finally:
        server.stop()
    with zipfile.ZipFile(io.BytesIO(answer.body)) as bundle, pdfplumber.open(bundle.open("teacher-pack.pdf")) as pdf:
        first = pdf.pages[0].extract_text() or ""
    assert first.startswith("Teacher pack"), first[:80]


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_calibration_sheet_a_build_writes_is_in_its_language(tmp_path: Path, language: str) -> None:
    """The sheet is drawn in a worker: it is told the build's language, as the pack is."""
    import pdfplumber

    from deckgen.games import games

    key = next(k for k, g in games().items() if g.has_backs and k in GAMES)
    done = deckgen("build", "--game", key, "--duplex", "long-edge", "--out", str(tmp_path), "--lang", language)
    assert done.returncode == 0, done.stderr
    with pdfplumber.open(tmp_path / "calibration.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
    with speaking(language):
        assert _("deckgen calibration sheet") in text and _("Back of the calibration sheet") in text
    assert "deckgen calibration sheet" not in text


def test_show_names_the_line_as_the_languages_answer_keys_do(tmp_path: Path) -> None:
    """`deckgen show` prints each equation with its line named in the language spoken."""
    from deckgen.games.grid import LINE_NAMES

    english = deckgen("show", "G16", "G20", "G22", "--out", str(tmp_path / "en.png"))
    german = deckgen("show", "G16", "G20", "G22", "--out", str(tmp_path / "de.png"), "--lang", "de")
    assert english.returncode == german.returncode == 0, german.stderr
    (line,) = [name for key, name in LINE_NAMES.items() if f"({name})" in english.stdout]
    with speaking("de"):
        assert f"({_(line)})" in german.stdout and _(line) != line
