"""deckgen's flash cards inside Pyodide (the static site's Python) against the command line: the
text layer part by part (shaping, outlines, bidi levels, line breaks) and whole builds byte for
byte, for Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari and Thai; Chinese, Japanese and
Korean refused in one line (the browser has no font for them).

Pyodide and harfbuzzjs are the static site's own (``npm pack``, kept in build/site-cache as
``make site`` keeps them; PYODIDE and HARFBUZZJS name other unpacked copies), run by Node.js,
which the Makefile installs. The site-packages are built by tests/pyodide/site_packages.py (pip
downloads the pure wheels)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from deckgen.site.build import HARFBUZZJS as HARFBUZZJS_PACKAGE
from deckgen.site.build import PYODIDE as PYODIDE_PACKAGE
from deckgen.site.build import npm_package
from tests.sitekit import CACHE

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "tests" / "pyodide"
PYODIDE = Path(os.environ.get("PYODIDE") or CACHE / PYODIDE_PACKAGE.replace("@", "-") / "package")
HARFBUZZJS = Path(os.environ.get("HARFBUZZJS") or CACHE / HARFBUZZJS_PACKAGE.replace("@", "-") / "package")
DECKS = [
    ROOT / "templates" / "flashcards" / "flashcards-sample.csv",
    *sorted((ROOT / "tests/data/scripts").glob("*.csv")),
]
#: Decks the browser has no font for: refused there, in one line.
NO_FONT = {"chinese-simplified", "chinese-traditional", "japanese", "korean"}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if "PYODIDE" not in os.environ:
        assert npm_package(PYODIDE_PACKAGE, CACHE) == PYODIDE
    if "HARFBUZZJS" not in os.environ:
        assert npm_package(HARFBUZZJS_PACKAGE, CACHE) == HARFBUZZJS
    folder = tmp_path_factory.mktemp("pyodide") / "site"
    env = {**os.environ, "HARFBUZZJS": str(HARFBUZZJS)}
    subprocess.run([sys.executable, str(HERE / "site_packages.py"), str(folder)], check=True, env=env, timeout=900)
    return folder


def _in_pyodide(site: Path, work: Path, script: str, *args: str) -> None:
    env = {**os.environ, "PYODIDE": str(PYODIDE), "SITE": str(site), "WORK": str(work)}
    run = subprocess.run(
        ["node", str(HERE / "run.mjs"), str(HERE / script), *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=1800,
        check=False,
    )
    assert run.returncode == 0, run.stderr


def _decks(work: Path) -> list[str]:
    (work / "decks").mkdir(exist_ok=True)
    for deck in DECKS:
        shutil.copy(deck, work / "decks" / deck.name)
    return [f"decks/{deck.name}" for deck in DECKS]


def test_the_text_layer_computes_the_same_in_the_browser(site: Path, tmp_path: Path) -> None:
    decks = _decks(tmp_path)
    subprocess.run([sys.executable, str(HERE / "compare_text.py"), "host.json", *decks], cwd=tmp_path, check=True)
    _in_pyodide(site, tmp_path, "compare_text.py", "browser.json", *decks)
    host = json.loads((tmp_path / "host.json").read_text(encoding="utf-8"))
    browser = json.loads((tmp_path / "browser.json").read_text(encoding="utf-8"))
    assert browser["shapes"] == host["shapes"] and len(host["shapes"]) > 500
    assert browser["bidi"] == host["bidi"]
    # Japanese is not cut into phrases in the browser (deckgen/inbrowser/breaks.py): its breaks may differ.
    assert {k: v for k, v in browser["breaks"].items() if not k.startswith("japanese:")} == {
        k: v for k, v in host["breaks"].items() if not k.startswith("japanese:")
    }


def test_flash_cards_built_in_the_browser_are_the_command_lines_byte_for_byte(site: Path, tmp_path: Path) -> None:
    decks = _decks(tmp_path)
    subprocess.run([sys.executable, str(HERE / "build_decks.py"), "host", *decks], cwd=tmp_path, check=True)
    _in_pyodide(site, tmp_path, "build_decks.py", "browser", *decks)
    for deck in DECKS:
        host, browser = tmp_path / "host" / deck.stem, tmp_path / "browser" / deck.stem
        said = (browser / "said.txt").read_text(encoding="utf-8").splitlines()
        if deck.stem in NO_FONT:
            assert said[0] == "1" and len(said) == 2 and "no card font can draw" in said[1], said
            continue
        assert said == ["0"], said
        made = sorted(p.name for p in host.glob("*.pdf"))
        assert "flashcards.pdf" in made
        assert sorted(p.name for p in browser.glob("*.pdf")) == made
        for name in made:
            assert (browser / name).read_bytes() == (host / name).read_bytes(), f"{deck.stem}/{name}"
