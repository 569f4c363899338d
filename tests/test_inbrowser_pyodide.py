"""deckgen's flash cards inside Pyodide (the static site's Python) against the command line: the
text layer part by part (shaping, outlines, bidi levels, line breaks) and whole builds byte for
byte, for Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari and Thai; Chinese, Japanese and
Korean refused in one line (the browser has no font for them).

Runs only where Pyodide and harfbuzzjs are unpacked (they are npm packages, not in the test
extra): PYODIDE (``npm install pyodide@314.0.8``'s node_modules/pyodide, default
/tmp/pyo/inst/node_modules/pyodide) and HARFBUZZJS (``npm pack harfbuzzjs@1.6.4`` unpacked,
default /tmp/hbjs/package), with ``node`` on the path. It builds its site-packages with
tests/pyodide/site_packages.py (pip downloads the pure wheels)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HERE = ROOT / "tests" / "pyodide"
PYODIDE = Path(os.environ.get("PYODIDE", "/tmp/pyo/inst/node_modules/pyodide"))
HARFBUZZJS = Path(os.environ.get("HARFBUZZJS", "/tmp/hbjs/package"))
DECKS = [
    ROOT / "templates" / "flashcards" / "flashcards-sample.csv",
    *sorted((ROOT / "tests/data/scripts").glob("*.csv")),
]
#: Decks the browser has no font for: refused there, in one line.
NO_FONT = {"chinese-simplified", "chinese-traditional", "japanese", "korean"}

pytestmark = pytest.mark.skipif(
    not (PYODIDE / "pyodide.mjs").is_file()
    or not (HARFBUZZJS / "dist" / "harfbuzz.wasm").is_file()
    or shutil.which("node") is None,
    reason="needs Pyodide and harfbuzzjs unpacked from npm (PYODIDE, HARFBUZZJS) and node",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
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
