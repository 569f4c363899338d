"""A regular install carries all of deckgen: every subpackage is listed, templates are data."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_every_subpackage_is_packaged() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = sorted(".".join(init.parent.relative_to(ROOT).parts) for init in (ROOT / "deckgen").rglob("__init__.py"))
    templates = ["deckgen.templates", "deckgen.templates.specs"]  # templates/, installed inside the package
    assert sorted(config["packages"]) == sorted([*found, *templates])


def test_every_template_is_installed_inside_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert config["package-dir"] == {"deckgen.templates": "templates"}
    assert config["package-data"]["deckgen.templates"] == ["*.toml", "*.csv"]
    assert config["package-data"]["deckgen.templates.specs"] == ["*.toml"]
    assert "data-files" not in config
    assert {p.suffix for p in (ROOT / "templates").iterdir() if p.is_file()} == {".toml", ".csv"}
    assert [p.name for p in (ROOT / "templates").iterdir() if p.is_dir()] == ["specs"]
    assert {p.suffix for p in (ROOT / "templates" / "specs").iterdir()} == {".toml"}


def test_the_web_pages_files_are_package_data() -> None:
    """deckgen serve's style sheet and script go with the package (a regular install serves them)."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    assert config["deckgen.serve"] == ["*.css", "*.js"]
    served = {p.name for p in (ROOT / "deckgen" / "serve").iterdir() if p.suffix in (".css", ".js")}
    from deckgen.serve.server import STATIC_FILES

    assert served == set(STATIC_FILES)
