"""A regular install carries all of deckgen: every subpackage is listed, templates are data."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_is_packaged() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = sorted(".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "deckgen").rglob("__init__.py"))
    assert sorted(config["packages"]) == found


def test_every_template_is_installed_as_data() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["data-files"]
    assert config == {
        "share/deckgen/templates": ["templates/*.toml", "templates/*.csv"],
        "share/deckgen/templates/specs": ["templates/specs/*.toml"],
    }
    assert {p.suffix for p in (ROOT / "templates").iterdir() if p.is_file()} == {".toml", ".csv"}
    assert [p.name for p in (ROOT / "templates").iterdir() if p.is_dir()] == ["specs"]
    assert {p.suffix for p in (ROOT / "templates" / "specs").iterdir()} == {".toml"}


def test_the_web_pages_files_are_package_data() -> None:
    """deckgen serve's style sheet and script go with the package (a regular install serves them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert config == {"deckgen.serve": ["*.css", "*.js"]}
    served = {p.name for p in (ROOT / "deckgen" / "serve").iterdir() if p.suffix in (".css", ".js")}
    from deckgen.serve.server import STATIC_FILES

    assert served == set(STATIC_FILES)
