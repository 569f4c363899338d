"""Build the site-packages folder deckgen's flash cards run from in Pyodide, as the static site
ships it for text: pure wheels only (the host's own versions, so the PDFs can match byte for
byte), python-bidi 0.4.2 (the last pure release) with six, uniseg, deckgen from this checkout,
and the Pillow stand-in. No uharfbuzz, icu4py, zstandard or Pillow: the browser has none.

    .venv/bin/python tests/pyodide/site_packages.py /tmp/textsp

Also copies harfbuzzjs's dist files (index.mjs, harfbuzz.js, harfbuzz.wasm) to FOLDER.vendor/harfbuzzjs/
from an unpacked ``npm pack harfbuzzjs@1.6.4`` (HARFBUZZJS, default /tmp/hbjs/package).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from importlib.metadata import version
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

#: Pure wheels the flash cards load, at the host's versions.
SAME_AS_HOST = (
    "reportlab",
    "fonttools",
    "svgwrite",
    "click",
    "svgelements",
    "openpyxl",
    "et-xmlfile",
    "defusedxml",
    "pyphen",
    "fontpkg-atkinson-hyperlegible",
    "fontpkg-noto-sans",
    "fontpkg-noto-sans-arabic",
    "fontpkg-heebo",
    "fontpkg-noto-sans-devanagari",
    "fontpkg-noto-sans-thai",
)
#: Pure wheels only the browser needs.
BROWSER_ONLY = ("python-bidi==0.4.2", "six==1.17.0", "uniseg==0.10.1")


def main(target: Path) -> None:
    wheels = target.with_name(target.name + ".wheels")
    shutil.rmtree(wheels, ignore_errors=True)
    wheels.mkdir(parents=True)
    wanted = [f"{name}=={version(name)}" for name in SAME_AS_HOST] + list(BROWSER_ONLY)
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary=:all:", "--platform", "any"]
        + ["--python-version", "3.14", "--implementation", "py", "--abi", "none", "-d", str(wheels), *wanted],
        check=True,
    )
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    for wheel in sorted(wheels.glob("*.whl")):
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(target)
    shutil.rmtree(target / "uniseg" / "docs", ignore_errors=True)  # 11 MB of documentation inside the package
    ignore = shutil.ignore_patterns("*.so", "__pycache__", "standins")
    shutil.copytree(REPO / "deckgen", target / "deckgen", ignore=ignore)
    shutil.copytree(REPO / "deckgen" / "inbrowser" / "standins" / "PIL", target / "PIL")
    # The data packages setuptools maps from templates/ (pyproject.toml's package-dir).
    data = {"templates": "deckgen/templates"}
    data.update(
        {f"templates/{g}": f"deckgen/games/{g}/templates" for g in ("cleariosity", "flashcards", "letters", "treenex")}
    )
    data["templates/cleariosity/specs"] = "deckgen/games/cleariosity/templates/specs"
    for source, at in data.items():
        (target / at).mkdir(parents=True, exist_ok=True)
        for file in (REPO / source).iterdir():
            if file.is_file():
                shutil.copy(file, target / at / file.name)
    vendor = target.with_name(target.name + ".vendor") / "harfbuzzjs"
    vendor.mkdir(parents=True, exist_ok=True)
    dist = Path(os.environ.get("HARFBUZZJS", "/tmp/hbjs/package")) / "dist"
    for name in ("index.mjs", "harfbuzz.js", "harfbuzz.wasm"):
        shutil.copy(dist / name, vendor / name)
    print(target, vendor)


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/textsp"))
