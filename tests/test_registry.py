"""The registry of games: built-in games in order, and games other packages register."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from deckgen.build import BuildRequest, prepare, run
from deckgen.errors import DeckgenError
from deckgen.games import BUILT_IN, cmyk_palette, default_games, games

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
    games.cache_clear()
    cmyk_palette.cache_clear()
    yield
    games.cache_clear()
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


def test_a_broken_registration_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_registry: None
) -> None:
    info = tmp_path / "broken-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 0.1\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[deckgen.games]\nbroken = no_such_module:GAME\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(DeckgenError, match="the game 'broken' registered by no_such_module:GAME cannot be loaded"):
        games()
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    result = subprocess.run([sys.executable, "-m", "deckgen", "--help"], capture_output=True, text=True, env=env)
    assert result.returncode == 1
    assert result.stderr.startswith("deckgen: error: the game 'broken'") and result.stderr.count("\n") == 1
