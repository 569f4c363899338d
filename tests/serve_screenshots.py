"""Pictures of the deckgen serve page for the README (``make docs``): desktop and tablet width.

Run from the repository: starts ``deckgen serve``, opens it in Debian's Chromium, waits for the
class check, and writes docs/serve-desktop.png and docs/serve-tablet.png.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.servekit import CHROMIUM, CHROMIUM_ARGS, start_server

SETTINGS = "?game=cleariosity&preset=times-2-4&sets=30&paper=a4"
#: (file, viewport width, height, whole page)
SHOTS = (("serve-desktop.png", 1280, 1000, True), ("serve-tablet.png", 768, 1024, False))


def main(folder: Path) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        server = start_server(Path(tmp))
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                for name, width, height, whole in SHOTS:
                    page = browser.new_page(viewport={"width": width, "height": height})
                    page.goto(server.url + SETTINGS)
                    page.wait_for_selector("#check .pass, #check .problem", timeout=60_000)
                    page.wait_for_function("[...document.images].every(i => i.complete && i.naturalWidth > 0)")
                    page.screenshot(path=str(folder / name), full_page=whole)
                    print(f"wrote {folder / name}")
                    page.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs"))
