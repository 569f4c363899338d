"""The registry of games: built-in games in order, and games other packages register."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from deckgen.build import BuildRequest, prepare, run
from deckgen.games import BUILT_IN, _registry, broken_games, cmyk_palette, default_games, games

PLUGIN = """
from deckgen.games.treenex.game import TreenexGame


class DemoGame(TreenexGame):
    def __init__(self):
        super().__init__()
        self.key, self.name, self.stem = "demo", "Demo cards", "demo"


GAME = DemoGame()
"""


@pytest.fixture
def fresh_registry() -> Iterator[None]:
    _registry.cache_clear()
    cmyk_palette.cache_clear()
    yield
    _registry.cache_clear()
    cmyk_palette.cache_clear()


def test_built_in_games_come_in_order() -> None:
    assert [g.__module__.rsplit(".", 1)[0] for g in map(type, games().values())] == list(BUILT_IN)
    assert set(default_games()) <= set(games())


def test_a_game_registered_by_another_package_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    (tmp_path / "deckgen_demo.py").write_text(PLUGIN, encoding="utf-8")
    info = tmp_path / "deckgen_demo-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: deckgen-demo\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[deckgen.games]\ndemo = deckgen_demo:GAME\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "demo" in games()
    written = run(prepare(BuildRequest(games=("demo",), out=tmp_path / "out", pack=True)))
    assert [p.name for p in written] == ["teacher-pack.pdf", "calibration.pdf", "demo.pdf"]  # demo cards have backs
    sys.modules.pop("deckgen_demo", None)


FROM_SCRATCH = """
from pathlib import Path

from deckgen.games.base import Game, PackSection
from deckgen.layout.faces import CardFaces, Face
from deckgen.layout.primitives import Box, Disc, text


class DotsGame(Game):
    \"\"\"Cards with one to six dots: a game written from nothing, not from a built-in one.\"\"\"

    def load(self, path, options):
        return list(range(1, 7))

    def card_count(self, deck):
        return len(deck)

    def deck_name(self, deck):
        return "one to six dots"

    def faces(self, deck, card, options, laser=False):
        width, height = card
        fronts = []
        for value in deck:
            shapes = [Box(1, 1, width - 2, height - 2, "#1F5FA8", None, 0.4)]
            shapes += [Disc(8 + 9 * n, height / 2, 3, "#D62828") for n in range(value)]
            shapes += text(f"D{value}", 3, height - 4, 2.5)
            fronts.append(Face(f"dots-{value}", width, height, tuple(shapes)))
        label = lambda number: Face(f"dots-label-{number}", width, height, tuple(text(f"SET {number}", 3, 5, 2)))
        return CardFaces(ids=[f"D{v}" for v in deck], fronts=fronts, backs=None, label=label)

    def pack_sections(self, deck, card, text_width):
        return []


GAME = DotsGame(
    key="dots",
    name="Dots",
    stem="dots",
    summary="cards with one to six dots",
    default_file=Path(__file__),
    file_kind="nothing (the deck is built in)",
    print_defaults={"card_size": "63x88mm", "media": "cardstock"},
)
"""


def _install(folder: Path, name: str, module: str, source: str | None, target: str) -> None:
    """A package as pip installs it: its module and a dist-info folder registering a game."""
    if source is not None:
        (folder / f"{module}.py").write_text(source, encoding="utf-8")
    info = folder / f"{name}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[deckgen.games]\n{target}\n", encoding="utf-8")


def test_a_game_written_from_nothing_builds_pdf_svg_and_png(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    _install(tmp_path, "deckgen-dots", "deckgen_dots", FROM_SCRATCH, "dots = deckgen_dots:GAME")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        assert "dots" in games()
        request = BuildRequest(games=("dots",), out=tmp_path / "out", formats=("pdf", "svg", "png"), dpi=72)
        written = {p.relative_to(tmp_path / "out").as_posix() for p in run(prepare(request))}
    finally:
        sys.modules.pop("deckgen_dots", None)
    assert "dots.pdf" in written and "png/D6.png" in written
    assert any(name.startswith("svg/dots-sheet-") for name in written)


def test_a_broken_plug_in_leaves_every_other_command_working(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    _install(tmp_path, "broken", "no_such_module", None, "broken = no_such_module:GAME")
    _install(tmp_path, "notagame", "deckgen_notagame", "GAME = 42\n", "notagame = deckgen_notagame:GAME")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert "broken" not in games() and set(BUILT_IN_KEYS) <= set(games())
    assert "cannot be loaded (ModuleNotFoundError" in broken_games()["broken"]
    assert "is not a deckgen Game" in broken_games()["notagame"]
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}

    def deckgen(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "deckgen", *args], capture_output=True, text=True, env=env)

    assert deckgen("--help").returncode == 0
    built = deckgen("build", "--game", "treenex", "--out", str(tmp_path / "out"))
    assert built.returncode == 0 and (tmp_path / "out" / "treenex.pdf").exists()
    refused = deckgen("build", "--game", "broken", "--out", str(tmp_path / "out2"))
    assert refused.returncode == 1
    assert refused.stderr.startswith("deckgen: error: the game 'broken' registered by no_such_module:GAME cannot")
    assert refused.stderr.count("\n") == 1 and "reinstall its package, or uninstall it" in refused.stderr


BUILT_IN_KEYS = ("cleariosity", "treenex", "flashcards")
