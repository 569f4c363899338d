"""deckgen as a user installs it (make test-install, run by CI): the wheel built from this
checkout, installed into a fresh virtual environment outside it, used from another folder.

Builds the wheel (``pip wheel``), makes a virtual environment in a temporary folder, installs the
wheel there with its dependencies, and from an empty folder elsewhere runs ``deckgen --version``,
``deckgen build``, ``deckgen verify``, a flash-card build and ``deckgen serve`` answering one
request. Exits non-zero, naming the step, if any of them fails.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
import urllib.request
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def step(what: str, command: list[str], cwd: Path) -> str:
    print(f"install check: {what}", flush=True)
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=900, check=False)
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
        serve(deckgen, work)
        print("install check: the installed wheel works from another folder", flush=True)


def serve(deckgen: str, work: Path) -> None:
    """``deckgen serve`` from the installed wheel answers a request for its page."""
    print("install check: deckgen serve", flush=True)
    server = subprocess.Popen(
        [deckgen, "serve", "--no-browser"], cwd=work, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    try:
        assert server.stderr is not None
        line = server.stderr.readline()
        address = line.rsplit(" ", 1)[-1].strip()
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(address, timeout=10) as answer:  # this machine's own server
                    page = answer.read().decode("utf-8")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        if "deckgen" not in page or "<form" not in page:
            sys.exit(f"install check: the page at {address} is not deckgen's")
    finally:
        server.terminate()
        server.wait(timeout=20)


if __name__ == "__main__":
    main()
