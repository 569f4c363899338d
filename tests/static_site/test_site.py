"""The static site (``make site``) in Debian's Chromium, driven by Playwright, with no network but
a local static server: the page runs in the browser (Pyodide), its previews are drawn, and its
downloads are byte for byte the command line's, for a preset in German on A4 and for flash
cards from an uploaded CSV file; and all of it again with the server stopped (offline)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Request, sync_playwright

from tests.servekit import CHROMIUM, CHROMIUM_ARGS
from tests.sitekit import (
    StaticServer,
    build_site,
    command_line,
    download,
    files_of,
    offline_ready,
    open_site,
    wait_for_preview,
    watch,
)

pytestmark = pytest.mark.skipif(not Path(CHROMIUM).exists(), reason="Debian's chromium is not installed")

PRESET = "?game=cleariosity&preset=times-2-9&lang=de&paper=a4"
PRESET_COMMAND = "--preset times-2-9 --lang de --paper a4"
WORDS = "front,back\ncat,chat\ndog,chien\nhouse,maison\nschool,école\nthe big tree,le grand arbre\n"

#: What the preset build makes: its cards and its own teacher pack.
PRESET_FILES_MADE = ["cleariosity-times-2-9-teacher-pack.pdf", "cleariosity-times-2-9.pdf"]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_site(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(accept_downloads=True, locale="en-US")
    said = watch(made)
    yield made
    made.close()
    print("\n".join(said[-60:]))  # pytest shows it when the test failed


def _only_local(context: BrowserContext, server: StaticServer) -> list[str]:
    """Every request the browser makes, but for the local server's (the list stays empty)."""
    elsewhere: list[str] = []

    def seen(request: Request) -> None:
        if not request.url.startswith((server.url, "data:", "blob:")):
            elsewhere.append(request.url)

    context.on("request", seen)
    return elsewhere


def test_a_preset_in_german_on_a4_downloads_the_command_lines_files(
    site: Path, context: BrowserContext, tmp_path: Path
) -> None:
    server = StaticServer(site)
    try:
        elsewhere = _only_local(context, server)
        page, _ = open_site(context, server.url + PRESET)
        frame = page.frame_locator("#page")
        assert frame.locator("html").get_attribute("lang") == "de"
        assert "--preset times-2-9" in (frame.locator("#command").text_content() or "")
        got, _ = download(page, tmp_path)
        made, _ = command_line(PRESET_COMMAND, tmp_path / "cli")
        downloaded = files_of(got)
        assert sorted(downloaded) == sorted(made) == PRESET_FILES_MADE
        for name, data in made.items():
            assert downloaded[name] == data, f"{name} from the browser differs from the command line's"
        # A setting changed on the page: the preview follows, drawn again as SVG.
        frame.locator("#sets").fill("3")
        wait_for_preview(page, wanted="sets=3")
        assert "3 Sätze" in (frame.locator("#counts").text_content() or "")
        # The start page's own address follows, so a bookmark keeps the settings.
        page.wait_for_function("() => location.search.includes('sets=3')", timeout=10_000)
        assert elsewhere == []
    finally:
        server.stop()


def test_flash_cards_from_an_uploaded_csv_are_the_command_lines(
    site: Path, context: BrowserContext, tmp_path: Path
) -> None:
    words = tmp_path / "words.csv"
    words.write_text(WORDS, encoding="utf-8")
    server = StaticServer(site)
    try:
        page, _ = open_site(context, server.url + "?game=flashcards")
        frame = page.frame_locator("#page")
        frame.get_by_label("Your own deck").set_input_files(str(words))
        frame.get_by_role("button", name="Upload", exact=True).click()
        frame.locator("#deck-in-use").filter(has_text="words.csv").wait_for(timeout=120_000)
        wait_for_preview(page)
        command = frame.locator("#command").text_content() or ""
        assert command == "deckgen build --format pdf --game flashcards --file words.csv"
        got, _ = download(page, tmp_path / "browser")
        made, _ = command_line(command.removeprefix("deckgen build "), tmp_path / "cli", cwd=tmp_path)
        downloaded = files_of(got)
        assert sorted(downloaded) == sorted(made) and "flashcards.pdf" in made
        for name, data in made.items():
            assert downloaded[name] == data, f"{name} from the browser differs from the command line's"
    finally:
        server.stop()


def test_after_the_first_visit_the_site_works_with_its_server_stopped(
    site: Path, context: BrowserContext, tmp_path: Path
) -> None:
    server = StaticServer(site)
    try:
        first, _ = open_site(context, server.url + PRESET)
        offline_ready(first)
    finally:
        server.stop()
    first.close()
    # The server is gone: everything comes from the service worker's cache now.
    page, _ = open_site(context, server.url + PRESET)
    got, _ = download(page, tmp_path)
    made, _ = command_line(PRESET_COMMAND, tmp_path / "cli")
    downloaded = files_of(got)
    assert sorted(downloaded) == sorted(made)
    for name, data in made.items():
        assert downloaded[name] == data, f"{name} made offline differs from the command line's"
