"""The static site for the tests and the benchmark: built once (``make site``'s builder), served
from a folder by a plain static web server on localhost, and opened in Debian's Chromium."""

from __future__ import annotations

import functools
import http.server
import shlex
import subprocess
import sys
import threading
import time
import zipfile
from pathlib import Path
from typing import ClassVar

from playwright.sync_api import BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

REPO = Path(__file__).resolve().parents[1]
#: Downloads (Pyodide, harfbuzzjs, wheels) kept between builds, as ``make site`` keeps them.
CACHE = REPO / "build" / "site-cache"


def build_site(out: Path) -> Path:
    """The site, written into ``out`` as ``make site`` writes it."""
    made = subprocess.run(
        [sys.executable, "-m", "deckgen.site.build", "--out", str(out), "--cache", str(CACHE)],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, f"make site failed: {made.stderr[-3000:]}"
    return out


class Quiet(http.server.SimpleHTTPRequestHandler):
    """A static server's handler that keeps its log to itself (and serves .mjs and .wasm rightly)."""

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
    }

    def end_headers(self) -> None:
        # Nothing kept by the browser's own HTTP cache: offline, the site must come from its
        # service worker's cache alone.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        return None


class StaticServer:
    """A folder served on 127.0.0.1 at a free port, as any static host serves the site."""

    def __init__(self, folder: Path) -> None:
        handler = functools.partial(Quiet, directory=str(folder))
        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join(timeout=10)


#: The page's preview drawn: the sheet, an SVG the browser has loaded (whose address has the
#: text given, if any: the settings it was drawn for).
PREVIEW_DRAWN = """(wanted) => {
  const frame = document.getElementById('page');
  const sheet = frame && frame.contentDocument && frame.contentDocument.getElementById('sheet');
  const pictures = sheet && sheet.closest('.pictures');
  return Boolean(sheet && sheet.src.includes('.svg') && sheet.src.includes(wanted || '') && sheet.complete
    && sheet.naturalWidth > 0 && !(pictures && pictures.classList.contains('busy')));
}"""


def watch(context: BrowserContext) -> list[str]:
    """What the browser says while the test runs (console lines, failed requests), to show when it fails."""
    said: list[str] = []
    context.on("console", lambda message: said.append(f"console {message.type}: {message.text[:300]}"))
    context.on("weberror", lambda error: said.append(f"error: {error.error}"))
    context.on("requestfailed", lambda request: said.append(f"failed: {request.url[:160]} {request.failure}"))
    return said


def open_site(context: BrowserContext, url: str, timeout: float = 180_000) -> tuple[Page, float]:
    """A new tab of ``context`` at ``url`` (the site's start page, with the page's settings), once
    its first preview is drawn; and the seconds that took."""
    page = context.new_page()
    started = time.monotonic()
    page.goto(url)
    wait_for_preview(page, timeout)
    return page, time.monotonic() - started


def wait_for_preview(page: Page, timeout: float = 180_000, wanted: str = "") -> None:
    try:
        page.wait_for_function(PREVIEW_DRAWN, arg=wanted, timeout=timeout)
    except PlaywrightError as error:
        shown = page.evaluate(
            """() => {
              const frame = document.getElementById('page');
              const inner = frame && frame.contentDocument && frame.contentDocument.body;
              return [document.getElementById('step')?.textContent, frame?.getAttribute('src'),
                      inner ? inner.innerText.slice(0, 300) : null];
            }"""
        )
        raise AssertionError(f"no preview within {timeout / 1000:.0f} s; the start page shows {shown}") from error


def offline_ready(page: Page, timeout: float = 120_000) -> None:
    """Wait until the service worker has kept every file of the site (the site works offline)."""
    page.wait_for_function(
        """async () => {
          const listing = await (await fetch('site.json')).json();
          const names = await caches.keys();
          const cache = names.find((name) => name === 'deckgen-' + listing.version);
          if (!cache || !navigator.serviceWorker.controller) return false;
          const kept = new Set((await (await caches.open(cache)).keys()).map((request) => request.url));
          const wanted = ['./', 'site.json', ...listing.files.map((file) => file.path)];
          return wanted.every((path) => kept.has(new URL(path, location.href).href));
        }""",
        timeout=timeout,
        polling=500,
    )


def download(page: Page, out: Path, timeout: float = 300_000) -> tuple[Path, float]:
    """Press the page's "Download the files" and save what comes; the file, and the seconds it took."""
    frame = page.frame_locator("#page")
    started = time.monotonic()
    with page.expect_download(timeout=timeout) as info:
        frame.locator("#download button").click()
    made = info.value
    target = out / made.suggested_filename
    made.save_as(target)
    return target, time.monotonic() - started


def files_of(path: Path) -> dict[str, bytes]:
    """A download's files by name: a ZIP's, or the one PDF."""
    if path.suffix == ".zip":
        with zipfile.ZipFile(path) as bundle:
            return {name: bundle.read(name) for name in bundle.namelist()}
    return {path.name: path.read_bytes()}


def command_line(words: str, out: Path, cwd: Path | None = None) -> tuple[dict[str, bytes], float]:
    """``deckgen build WORDS --out OUT`` on this computer: its files by name, and the seconds it took."""
    started = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "deckgen", "build", *shlex.split(words), "--out", str(out)],
        check=True,
        cwd=cwd,
        capture_output=True,
    )
    took = time.monotonic() - started
    made = sorted(p for p in out.rglob("*") if p.is_file() and not p.relative_to(out).as_posix().startswith("."))
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in made}, took
