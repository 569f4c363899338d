"""Every `deckgen` example in the README runs (except `design`, which takes a minute, and `serve`
and `worker`, which run until they are stopped)."""

from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.games import game
from deckgen.games.cleariosity.spec.deckfile import CLEARIOSITY_FILE

README = Path(__file__).resolve().parents[2] / "README.md"


#: The documentation's pages (the MkDocs site): their examples are run too.
DOCS = sorted((README.parent / "docs").glob("*.md"))


def examples() -> list[str]:
    """Every ``deckgen`` line of the README's and the documentation's shell examples, each once."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in [README, *DOCS])
    blocks = re.findall(r"```sh\n(.*?)```", text, flags=re.S)
    lines = [line.split("#")[0].strip() for block in blocks for line in block.splitlines()]
    return list(dict.fromkeys(line for line in lines if line.startswith("deckgen ")))


def test_readme_has_examples_of_every_command() -> None:
    commands = {shlex.split(line)[1] for line in examples()}
    assert commands == {"build", "show", "verify", "design", "export", "calibrate", "serve", "worker"}


# `design` takes a minute, and `serve` and `worker` run until stopped (tests/serve/test_serve.py runs serve;
# tests/project/test_school_docs.py checks their examples' options).
@pytest.mark.parametrize("line", [e for e in examples() if not {"design", "serve", "worker"} & set(e.split()[1:2])])
def test_readme_example_runs(line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shutil.copy(CLEARIOSITY_FILE, tmp_path / "my-deck.toml")
    shutil.copy(game("flashcards").deck_file(None), tmp_path / "words.csv")
    # The letters deck a teacher's spelling list gives (a letters deck file like any other).
    shutil.copy(game("letters").deck_file(None), tmp_path / "spelling-deck.toml")
    _flash_card_examples(tmp_path)
    shutil.copytree(README.parent / "templates", tmp_path / "templates")  # as run from the repository
    monkeypatch.chdir(tmp_path)
    args = shlex.split(line)[1:]
    assert main(args) == 0


def _flash_card_examples(folder: Path) -> None:
    """The files the README's flash-card examples name: a sheet with its own columns, a sheet of
    kanji, an Anki deck and a font of one's own."""
    import genanki

    from deckgen.games.flashcards.fonts import shipped_sources

    (folder / "chinese.csv").write_text("Hanzi,Pinyin,English,Notes\n你好,nǐ hǎo,hello,greeting\n", encoding="utf-8")
    (folder / "kanji.csv").write_text("front,back\n直,straight\n骨,bone\n角,corner\n", encoding="utf-8")
    deck = genanki.Deck(1, "Biology")
    deck.add_note(genanki.Note(model=genanki.BASIC_MODEL, fields=["What do plants need?", "light and water"]))
    genanki.Package(deck).write_to_file(str(folder / "biology.apkg"))
    heebo = next(source.path for source in shipped_sources() if source.key == "heebo")
    shutil.copy(heebo, folder / "MyFont.ttf")


def test_the_readme_is_short_and_links_every_page_of_the_documentation() -> None:
    readme = README.read_text(encoding="utf-8")
    assert readme.count("\n") <= 250
    for page in DOCS:
        if page.name != "index.md" or "docs/index.md" in readme:
            assert f"docs/{page.name}" in readme, page.name


def test_the_preset_row_of_the_documentation_lists_every_preset() -> None:
    """--help lists the presets from the templates; the printing page's option table must too."""
    from deckgen.games.cleariosity.game import PRESET_FILES

    page = (README.parent / "docs" / "printing.md").read_text(encoding="utf-8")
    assert "`--preset " + "\\|".join(PRESET_FILES) + "`" in page
