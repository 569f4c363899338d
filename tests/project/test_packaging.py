"""A regular install carries all of deckgen: every subpackage is listed, and every data file is
package data inside the package that reads it (each game's inside the game's own package)."""

from __future__ import annotations

import tomllib
from fnmatch import fnmatch
from pathlib import Path

from deckgen.games import games
from deckgen.resources import data_folder

ROOT = Path(__file__).resolve().parents[2]


def _setuptools() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]


#: Packages kept in the checkout but never installed: the browser's stand-ins (the Pillow of the
#: static site), which the site builder copies into the browser's site-packages.
NOT_INSTALLED = ROOT / "deckgen" / "inbrowser" / "standins"


def test_every_subpackage_is_packaged() -> None:
    config = _setuptools()
    found = sorted(
        ".".join(init.parent.relative_to(ROOT).parts)
        for init in (ROOT / "deckgen").rglob("__init__.py")
        if not init.is_relative_to(NOT_INSTALLED)
    )
    data = sorted(config["package-dir"])  # the data packages: folders of templates/, mapped into deckgen
    assert sorted(config["packages"]) == sorted([*found, *data])


def test_every_game_keeps_its_data_in_its_own_package() -> None:
    """Each game's shipped deck is in ``templates/<game>/``, installed as ``<game's package>.templates``
    and found there with importlib.resources (in this checkout: the folder itself)."""
    mapped = _setuptools()["package-dir"]
    built_in = [game for game in games().values() if type(game).__module__.startswith("deckgen.games.")]
    assert built_in
    for game in built_in:
        if game.default_file is None:
            continue
        package = type(game).__module__.rpartition(".")[0] + ".templates"
        folder = ROOT / mapped[package]
        assert folder.parent == ROOT / "templates", package
        assert data_folder(package) == folder
        assert game.default_file.parent == folder and game.default_file.is_file()


def test_every_data_file_is_installed() -> None:
    """Every file under templates/ is package data of the data package of its folder; no data
    files outside the package (``sys.prefix/share``), which ``pip install --user`` would lose."""
    config = _setuptools()
    assert "data-files" not in config
    folders = {ROOT / path: package for package, path in config["package-dir"].items()}
    for path in (ROOT / "templates").rglob("*"):
        if path.is_dir() or "__pycache__" in path.parts or path.name == "__init__.py":
            continue
        package = folders[path.parent]
        assert any(fnmatch(path.name, pattern) for pattern in config["package-data"][package]), path
    for folder in folders:
        assert (folder / "__init__.py").is_file(), f"{folder}: a data package needs __init__.py to be found"


def test_the_web_pages_files_are_package_data() -> None:
    """deckgen serve's style sheet, script and page templates go with the package (a regular
    install serves them)."""
    config = _setuptools()["package-data"]
    assert config["deckgen.serve"] == ["*.css", "*.js", "templates/*.html"]
    served = {p.name for p in (ROOT / "deckgen" / "serve").iterdir() if p.suffix in (".css", ".js")}
    from deckgen.serve.views import STATIC_FILES

    assert served == set(STATIC_FILES)
    serve = ROOT / "deckgen" / "serve"
    templates = [p.relative_to(serve).as_posix() for p in (serve / "templates").rglob("*") if p.is_file()]
    assert "templates/base.html" in templates
    for path in templates:
        assert any(fnmatch(path, pattern) for pattern in config["deckgen.serve"]), path
