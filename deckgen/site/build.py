"""``make site``: the static site, written into a folder any static host serves.

Run as ``python -m deckgen.site.build --out output/site`` from deckgen's own checkout, in the
virtual environment ``make`` keeps: the site's Python packages are the versions installed there,
so a class set made in the browser is byte for byte the one ``deckgen build`` makes with them.

What goes in (all of it fetched from the npm registry and PyPI, nothing from a CDN at run time):

- ``pyodide/``: Pyodide (:data:`PYODIDE`), from the npm registry's ``pyodide`` package;
- ``vendor/harfbuzzjs/``: HarfBuzz compiled for the web (:data:`HARFBUZZJS`), which shapes the
  flash cards' text where the command line uses uharfbuzz;
- ``wheels/``: deckgen as a wheel (pure Python: its compiled parts are optional), and every
  package it needs in the browser: pure wheels from PyPI, or, for the few with optional compiled
  speed-ups (:data:`STRIPPED`), the installed package without them;
- the start page, its script, the web worker and the service worker (``files/``), and
  ``site.json``, the list of every file with its size and SHA-256, which the service worker
  keeps for offline use.

Packages the browser does without are left out (:data:`NOT_IN_BROWSER`, each with the reason).
The same checkout and packages make the same folder, byte for byte.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from importlib import metadata, resources
from pathlib import Path
from typing import Any

from deckgen.i18n import N_
from deckgen.locks import Held, let_go, take_folder

#: The npm packages the site takes, pinned.
PYODIDE = "pyodide@314.0.8"
HARFBUZZJS = "harfbuzzjs@1.6.4"
#: Pyodide's files the page loads (the package also has consoles and type declarations).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
HARFBUZZJS_FILES = ("dist/index.mjs", "dist/harfbuzz.js", "dist/harfbuzz.wasm")
#: Distributions deckgen needs on a computer but not in the browser, and why.
NOT_IN_BROWSER = {
    "pillow": "compiled; a stand-in refuses raster pictures (deckgen/inbrowser/standins/PIL)",
    "rl-accel": "reportlab's optional C speed-ups; reportlab writes the same bytes without them",
    "uharfbuzz": "compiled; harfbuzzjs shapes text in the browser",
    "icu4py": "compiled; line breaks come from deckgen.inbrowser's fallback",
    "zstandard": "compiled; new-style Anki packages are refused in the browser",
    "redis": "a school server's job store",
    "rq": "a school server's job queue",
    "croniter": "rq's",
    "python-dateutil": "rq's",
    "tzdata": "rq's",
    "uvicorn": "the web server: in the browser the service worker stands in for it",
    "h11": "uvicorn's",
}
#: Distributions with compiled speed-ups they run without: shipped from the installed files,
#: without the compiled ones.
STRIPPED = ("markupsafe",)
#: Distributions the browser takes at other versions than the computer's, or only there: the
#: last pure-Python python-bidi (deckgen uses its algorithm module, the same code in 0.4.2 and
#: later; later releases import their compiled part first), with six, which it needs; uniseg,
#: the line and word breaks of deckgen.inbrowser.breaks.
BROWSER_PINNED = {"python-bidi": "0.4.2", "six": "1.17.0", "uniseg": "0.10.1"}
#: Folders of a wheel the browser never reads (uniseg's documentation is 8 MB of its 8.2).
UNREAD = ("uniseg/docs/",)
#: Suffixes of compiled files, left out of a stripped package.
COMPILED = (".so", ".pyd", ".dylib")
#: The environment markers of Pyodide, for the requirements of each package.
MARKERS = {
    "extra": "",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "python_version": "3.14",
    "python_full_version": "3.14.2",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
}
#: A fixed date for the files inside archives the build makes (as SOURCE_DATE_EPOCH says).
EPOCH = 1704067200
ZIP_DATE = (2024, 1, 1, 0, 0, 0)


#: What the start page says while deckgen loads, in every language the page speaks (``{size}``:
#: megabytes the first visit loads).
SHELL_WORDS = {
    "title": N_("deckgen: print a classroom set"),
    "loading": N_("Loading deckgen…"),
    "python": N_("Loading Python…"),
    "packages": N_("Loading deckgen and its parts…"),
    "page": N_("Starting the page…"),
    "about": N_(
        "deckgen runs in this browser: nothing you choose or upload leaves this computer. The first visit "
        "loads it (about {size} MB); after that it opens from this computer, offline too."
    ),
    "busy": N_("deckgen is working… (a class check takes seconds here, a design can take minutes)"),
    "noWorker": N_(
        "deckgen needs a browser that can keep a site for offline use (a service worker): a recent Chrome, "
        "Edge, Firefox or Safari, with the site served over https or from this computer (localhost)."
    ),
    "failed": N_("deckgen could not start in this browser:"),
}


def shell_words(size_mb: str) -> dict[str, dict[str, str]]:
    """:data:`SHELL_WORDS` in each language, for the start page to choose from."""
    from deckgen.i18n import LANGUAGES, _, speaking

    said: dict[str, dict[str, str]] = {}
    for language in LANGUAGES:
        with speaking(language):
            said[language] = {key: _(words).replace("{size}", size_mb) for key, words in SHELL_WORDS.items()}
    return said


class SiteError(Exception):
    """One line saying why the site could not be made."""


def _key(name: str) -> str:
    return name.lower().replace("_", "-").replace(".", "-")


def needed() -> dict[str, str]:
    """The distributions deckgen needs in the browser, by name, at the versions installed here."""
    from packaging.requirements import Requirement

    found: dict[str, str] = {}

    def walk(name: str) -> None:
        key = _key(name)
        if key in found or key in NOT_IN_BROWSER:
            return
        dist = metadata.distribution(name)
        found[key] = dist.version
        for line in dist.requires or []:
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate(MARKERS):
                walk(requirement.name)

    walk("deckgen-classroom")
    found.pop("deckgen-classroom")
    found.update(BROWSER_PINNED)
    return dict(sorted(found.items()))


def _run(words: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
    done = subprocess.run(words, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise SiteError(f"{' '.join(words[:4])}…: {said[-1] if said else f'exit status {done.returncode}'}")


def npm_package(spec: str, cache: Path) -> Path:
    """The npm package ``spec`` unpacked (``npm pack``, which checks the registry's checksum), kept in ``cache``.

    Unpacked beside its place, then moved there whole: two builds at once (the tests run side by
    side) never see half a package."""
    folder = cache / spec.replace("@", "-")
    if not (folder / "package" / "package.json").exists():
        if shutil.which("npm") is None:
            raise SiteError("npm is needed to fetch Pyodide and harfbuzzjs: install Node.js and npm")
        cache.mkdir(parents=True, exist_ok=True)
        scratch = Path(tempfile.mkdtemp(prefix=".npm-", dir=cache))
        try:
            _run(["npm", "pack", spec, "--silent"], cwd=scratch)
            (archive,) = scratch.glob("*.tgz")
            with tarfile.open(archive) as packed:
                packed.extractall(scratch, filter="data")
            try:
                scratch.rename(folder)
            except OSError:  # made meanwhile by another build: that one is as good
                pass
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    return folder / "package"


def _cached_wheel(name: str, version: str, cache: Path) -> Path | None:
    from packaging.utils import canonicalize_name, parse_wheel_filename
    from packaging.version import Version

    for path in sorted(cache.glob("*.whl")):
        found, found_version, _, _ = parse_wheel_filename(path.name)
        if found == canonicalize_name(name) and found_version == Version(version):
            return path
    return None


def pure_wheel(name: str, version: str, cache: Path) -> Path:
    """The pure-Python wheel of ``name==version`` from PyPI, kept in ``cache``."""
    found = _cached_wheel(name, version, cache)
    if found is None:
        _run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:"]
            + ["--platform", "any", "--python-version", "3.14", "--implementation", "py", "--abi", "none"]
            + ["--dest", str(cache), f"{name}=={version}"]
        )
        found = _cached_wheel(name, version, cache)
    if found is None:
        raise SiteError(f"no pure-Python wheel of {name} {version} on the package index")
    return found


def _copy_wheel(wheel: Path, folder: Path) -> None:
    """Copy a wheel into the site, without the folders the browser never reads (:data:`UNREAD`)."""
    with zipfile.ZipFile(wheel) as source:
        names = source.namelist()
        if not any(name.startswith(UNREAD) for name in names):
            shutil.copyfile(wheel, folder / wheel.name)
            return
        kept = [(name, source.read(name)) for name in names if not name.startswith(UNREAD)]
    _write_zip(folder / wheel.name, kept)


def stripped_wheel(name: str, out: Path) -> Path:
    """A wheel of the installed ``name`` without its compiled files (its pure fallbacks run instead)."""
    dist = metadata.distribution(name)
    normal = dist.metadata["Name"].replace("-", "_")
    wheel = out / f"{normal}-{dist.version}-py3-none-any.whl"
    files = sorted(
        f
        for f in dist.files or []
        if not str(f).endswith(COMPILED) and "__pycache__" not in f.parts and not str(f).startswith("..")
    )
    _write_zip(wheel, [(str(f), Path(str(dist.locate_file(f))).read_bytes()) for f in files])
    return wheel


def deckgen_wheel(repo: Path, out: Path) -> Path:
    """deckgen as a pure-Python wheel (``DECKGEN_PURE``: the compiled parts are left out)."""
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "DECKGEN_PURE": "1", "SOURCE_DATE_EPOCH": str(EPOCH)}
        _run(
            [sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", scratch, "."],
            cwd=repo,
            env=env,
        )
        (made,) = Path(scratch).glob("*.whl")
        # Rewritten with fixed dates and order, so the same checkout gives the same bytes.
        with zipfile.ZipFile(made) as source:
            entries = [
                (info.filename, source.read(info)) for info in sorted(source.infolist(), key=lambda i: i.filename)
            ]
        target = out / made.name
        _write_zip(target, entries)
    return target


def standin_archive(repo: Path, out: Path) -> Path:
    """The Pillow stand-in as a zip of its ``PIL`` folder, unpacked into the browser's site-packages
    (it is in the checkout only: never installed on a computer)."""
    folder = repo / "deckgen" / "inbrowser" / "standins" / "PIL"
    entries = sorted((f"PIL/{item.name}", item.read_bytes()) for item in folder.glob("*.py"))
    target = out / "pil-standin.zip"
    _write_zip(target, entries)
    return target


def _write_zip(path: Path, entries: list[tuple[str, bytes]]) -> None:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as archive:
        for name, data in sorted(entries):
            info = zipfile.ZipInfo(name, ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            archive.writestr(info, data)


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def build_site(out: Path, repo: Path, cache: Path) -> dict[str, Any]:
    """Write the site into ``out`` (replaced whole, through a new folder beside it); its listing."""
    cache.mkdir(parents=True, exist_ok=True)
    handle = _one_build_at_a_time(cache)
    try:
        return _build_site(out, repo, cache)
    finally:
        let_go(handle)


def _one_build_at_a_time(cache: Path) -> int:
    """A lock on the cache, waited for: two builds at once would download into it side by side,
    and build deckgen's wheel in one checkout side by side (setuptools' build folder is shared)."""
    import time

    said = False
    while True:
        try:
            return take_folder(cache)
        except Held:
            if not said:
                print(f"waiting for another site build using {cache}…", file=sys.stderr)
                said = True
            time.sleep(0.5)


def _build_site(out: Path, repo: Path, cache: Path) -> dict[str, Any]:
    staging = Path(tempfile.mkdtemp(prefix=".site-", dir=out.parent))
    try:
        pyodide = npm_package(PYODIDE, cache)
        harfbuzz = npm_package(HARFBUZZJS, cache)
        (staging / "pyodide").mkdir()
        for name in PYODIDE_FILES:
            shutil.copyfile(pyodide / name, staging / "pyodide" / name)
        (staging / "vendor" / "harfbuzzjs").mkdir(parents=True)
        for name in HARFBUZZJS_FILES:
            shutil.copyfile(harfbuzz / name, staging / "vendor" / "harfbuzzjs" / Path(name).name)
        wheels = staging / "wheels"
        wheels.mkdir()
        packages = needed()
        for name, version in packages.items():
            if name in STRIPPED:
                stripped_wheel(name, wheels)
            else:
                _copy_wheel(pure_wheel(name, version, cache), wheels)
        own = deckgen_wheel(repo, wheels)
        standin = standin_archive(repo, wheels)
        (staging / "text.mjs").write_bytes((resources.files("deckgen.inbrowser") / "text.mjs").read_bytes())
        files_dir = resources.files("deckgen.site") / "files"
        for item in sorted(files_dir.iterdir(), key=lambda i: i.name):
            if item.is_file() and item.name not in ("sw.js", "index.html"):
                (staging / item.name).write_bytes(item.read_bytes())
        # The start page says how much the first visit loads (the rest of the site, as sent).
        first_visit = f"{sizes(staging)[1] / 1e6:.0f}"
        words = json.dumps(shell_words(first_visit), ensure_ascii=False, sort_keys=True).replace("</", "<\\/")
        start = (files_dir / "index.html").read_text(encoding="utf-8")
        start = start.replace("@SIZE@", first_visit).replace("@WORDS@", words)
        (staging / "index.html").write_text(start, encoding="utf-8")
        listing = _listing(staging, own.name, standin.name, packages)
        (staging / "site.json").write_text(json.dumps(listing, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        sw = (files_dir / "sw.js").read_text(encoding="utf-8").replace("@VERSION@", str(listing["version"]))
        (staging / "sw.js").write_text(sw, encoding="utf-8")
        if out.exists():
            shutil.rmtree(out)
        staging.rename(out)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return listing


def _listing(site: Path, own: str, standin: str, packages: dict[str, str]) -> dict[str, Any]:
    """What the site holds: every file (size and SHA-256), the wheels in the order they are
    unpacked, and a version that changes with any file (the service worker's cache name)."""
    files: list[dict[str, Any]] = []
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        data = path.read_bytes()
        files.append({"path": path.relative_to(site).as_posix(), "size": len(data), "sha256": _digest(data)})
    version = _digest(json.dumps(files, sort_keys=True).encode())[:16]
    unpacked = sorted(f["path"] for f in files if str(f["path"]).startswith("wheels/"))
    return {
        "version": version,
        "deckgen": own,
        "standin": f"wheels/{standin}",
        "wheels": [p for p in unpacked if p.endswith(".whl")],
        "packages": packages,
        "pyodide": PYODIDE.split("@")[1],
        "harfbuzzjs": HARFBUZZJS.split("@")[1],
        "files": files,
    }


def sizes(site: Path) -> tuple[int, int]:
    """The site's bytes as stored, and as sent compressed (gzip -9 each file, as a web server would)."""
    raw = packed = 0
    for path in site.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            raw += len(data)
            packed += min(len(data), len(gzip.compress(data, 9, mtime=0)))
    return raw, packed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m deckgen.site.build", description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("output/site"), help="the folder to write (replaced)")
    parser.add_argument("--cache", type=Path, default=Path("build/site-cache"), help="downloads kept between builds")
    args = parser.parse_args(argv)
    repo = Path(__file__).resolve().parents[2]
    if not (repo / "pyproject.toml").exists():
        print("deckgen site: error: run it from deckgen's own checkout (make site)", file=sys.stderr)
        return 1
    args.out.parent.mkdir(parents=True, exist_ok=True)
    try:
        listing = build_site(args.out.absolute(), repo, args.cache.absolute())
    except SiteError as error:
        print(f"deckgen site: error: {error}", file=sys.stderr)
        return 1
    except (OSError, zipfile.BadZipFile) as error:  # a download cut short, a full disk
        print(f"deckgen site: error: {error}; run make site again", file=sys.stderr)
        return 1
    raw, packed = sizes(args.out)
    count = len(listing["files"])
    print(f"wrote {args.out}: {count} files, {raw / 1e6:.1f} MB ({packed / 1e6:.1f} MB as sent compressed)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
