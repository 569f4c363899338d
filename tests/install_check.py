"""deckgen as a user installs it (make test-install, run by CI): the wheel built from this
checkout, installed into a fresh virtual environment outside it, used from another folder.

Builds the wheel (``pip wheel``), makes a virtual environment in a temporary folder, installs the
wheel there with its dependencies, and from an empty folder elsewhere runs ``deckgen --version``,
``deckgen build``, ``deckgen verify``, a flash-card build and ``deckgen serve`` answering one
request; then a build and a page request from ``pipx install`` of the checkout. Last, with the
package uninstalled (its dependencies kept), runs deckgen from the wheel file itself on
``PYTHONPATH`` (a zip, as zipimport reads it): a preset's build, a verify, a flash-card build and
the page's style sheet, all data read through importlib.resources. Exits non-zero, naming the
step, if any of them fails.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def step(what: str, command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    print(f"install check: {what}", flush=True)
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900, check=False, env=env)
    if done.returncode != 0:
        sys.exit(f"install check: {what} failed ({done.returncode}):\n{done.stdout[-2000:]}{done.stderr[-2000:]}")
    return done.stdout + done.stderr


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="deckgen-install-") as folder:
        tmp = Path(folder)
        python = sys.executable
        step(
            "build the wheel",
            [python, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", str(tmp / "wheel"), str(ROOT)],
            tmp,
        )
        (wheel,) = (tmp / "wheel").glob("deckgen_classroom-*.whl")
        venv.create(tmp / "env", with_pip=True)
        bin_dir = tmp / "env" / ("Scripts" if sys.platform == "win32" else "bin")
        step(
            "install it in a fresh virtual environment",
            [str(bin_dir / "python"), "-m", "pip", "install", "--quiet", str(wheel)],
            tmp,
        )
        deckgen = str(bin_dir / "deckgen")
        work = tmp / "elsewhere"
        work.mkdir()
        print(step("deckgen --version", [deckgen, "--version"], work).strip())
        step("deckgen build", [deckgen, "build", "--out", "out"], work)
        assert (work / "out" / "cleariosity-numbers.pdf").is_file() and (work / "out" / "teacher-pack.pdf").is_file()
        step("deckgen verify", [deckgen, "verify", "--games", "200"], work)
        step("deckgen build --game flashcards", [deckgen, "build", "--game", "flashcards", "--out", "flash"], work)
        assert (work / "flash" / "flashcards.pdf").is_file()
        serve([deckgen], work)
        print("install check: the installed wheel works from another folder", flush=True)
        with_pipx(tmp / "pipx")
        from_zip(str(bin_dir / "python"), wheel, tmp / "zipped")


def with_pipx(folder: Path) -> None:
    """``pipx install`` of this checkout, as a teacher installs a tool: pipx in a virtual
    environment of its own, its home and command folder in ``folder``."""
    tool = folder / "tool"
    venv.create(tool, with_pip=True)
    tool_bin = tool / ("Scripts" if sys.platform == "win32" else "bin")
    step("install pipx", [str(tool_bin / "python"), "-m", "pip", "install", "--quiet", "pipx"], folder)
    env = {**os.environ, "PIPX_HOME": str(folder / "home"), "PIPX_BIN_DIR": str(folder / "bin")}
    env["PIPX_MAN_DIR"] = str(folder / "man")
    step("pipx install .", [str(tool_bin / "python"), "-m", "pipx", "install", str(ROOT)], folder, env)
    work = folder / "elsewhere"
    work.mkdir()
    deckgen = str(folder / "bin" / "deckgen")
    step("deckgen build, installed by pipx", [deckgen, "build", "--deck", "treenex", "--out", "out"], work)
    assert (work / "out" / "treenex.pdf").is_file()
    serve([deckgen], work)
    print("install check: pipx install . gives a working deckgen and deckgen serve", flush=True)


def from_zip(python: str, wheel: Path, work: Path) -> None:
    """deckgen run from its wheel as a zip on ``PYTHONPATH``: nothing of it on disk but the zip."""
    step(
        "uninstall the package, keep what it needs",
        [python, "-m", "pip", "uninstall", "--quiet", "-y", "deckgen-classroom"],
        work.parent,
    )
    work.mkdir()
    env = {**os.environ, "PYTHONPATH": str(wheel)}
    where = step("deckgen from the zip", [python, "-c", "import deckgen; print(deckgen.__file__)"], work, env)
    if not where.strip().startswith(str(wheel)):
        sys.exit(f"install check: deckgen was not imported from the wheel but from {where.strip()}")
    deckgen = [python, "-m", "deckgen"]
    step(
        "build a preset from the zip",
        [*deckgen, "build", "--deck", "cleariosity", "--preset", "times-2-4", "--out", "out"],
        work,
        env,
    )
    assert (work / "out" / "cleariosity-times-2-4.pdf").is_file()
    step(
        "verify a spec from the zip",
        [*deckgen, "verify", "--deck", "cleariosity", "--spec", "pairs", "--preset", "pairs", "--games", "200"],
        work,
        env,
    )
    step("flash cards from the zip", [*deckgen, "build", "--game", "flashcards", "--out", "flash"], work, env)
    assert (work / "flash" / "flashcards.pdf").is_file()
    german = "from deckgen.i18n import _, speaking\nwith speaking('de'):\n    print(_('Preview'))"
    if step("a translation from the zip", [python, "-c", german], work, env).strip() != "Vorschau":
        sys.exit("install check: the German catalogue was not found in the wheel")
    serve(deckgen, work, env, "static/page.css")
    serve(deckgen, work, env)  # the page itself: its templates read from the zip
    print("install check: deckgen runs from its wheel as a zip", flush=True)


def serve(deckgen: list[str], work: Path, env: dict[str, str] | None = None, path: str = "") -> None:
    """``deckgen serve`` answers a request for its page (or for ``path`` on it)."""
    print(f"install check: deckgen serve /{path}", flush=True)
    server = subprocess.Popen(
        [*deckgen, "serve", "--no-browser"],
        cwd=work,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        address = line.rsplit(" ", 1)[-1].strip()
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(address + path, timeout=10) as answer:  # this machine's own server
                    page = answer.read().decode("utf-8")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        if path:
            if "{" not in page:
                sys.exit(f"install check: {address}{path} is not a style sheet")
        elif "deckgen" not in page or "<form" not in page:
            sys.exit(f"install check: the page at {address} is not deckgen's")
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
