"""A spec whose design finds no deck: the page says so in a teacher's words (no command-line
advice) and offers another search, from the next seed, in one press."""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.serve.test_serve import own, parse, upload
from tests.servekit import request, start_server

SPEC = (Path(__file__).parents[2] / "templates" / "cleariosity" / "specs" / "pairs.toml").read_bytes()
#: A spec whose design at the page's seed takes several attempts (13 s on a 2-core machine where
#: the pairs spec's first attempt passes in 2 s), so that the page is seen while it searches.
SLOW_SPEC = (Path(__file__).parents[2] / "templates" / "cleariosity" / "specs" / "times-6-8.toml").read_bytes()


def _wait(server: object, location: str) -> str:
    """The page once the design at ``location`` has ended (its HTML)."""
    deadline = time.monotonic() + 120
    while True:
        answer = request(server.url + location.lstrip("/"))  # type: ignore[attr-defined]
        if 'http-equiv="refresh"' not in answer.text:
            return answer.text
        assert time.monotonic() < deadline, "the design took longer than 2 minutes"
        time.sleep(0.5)


def test_a_design_that_finds_no_deck_offers_another_search(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DECKGEN_TEST_DESIGN_ITERATIONS", "100")  # a search far too short to pass
    server = start_server(tmp_path)
    try:
        status, location, _ = upload(server, "cleariosity", "ours.toml", SPEC)
        assert status == 303 and "design=" in location
        design = re.search(r"design=([^&]+)", location).group(1)  # type: ignore[union-attr]
        html = _wait(server, location)
        said = parse(html).texts["deck_file-error"]
        assert "no designed deck passes every criterion" in said and "[criterion" in said
        assert "--seed" not in said and "--iterations" not in said and "try another search" in said
        assert 'action="/design-again"' in html and "Try another search" in html
        form = {"game": "cleariosity", "sets": "2", "design": design}
        # Another site cannot start one.
        elsewhere = request(server.url + "design-again", urlencode(form).encode(), {"Origin": "http://evil.example"})
        assert elsewhere.status == 403
        again = request(server.url + "design-again", urlencode(form).encode(), own(server))
        assert again.status == 303 and f"design={design}" in again.headers["Location"]
        waiting = request(server.url + again.headers["Location"].lstrip("/"))
        assert 'http-equiv="refresh"' in waiting.text or "Try another search" in waiting.text
        html = _wait(server, again.headers["Location"])
        said = parse(html).texts["deck_file-error"]
        assert "ours.toml (search 2 of 5)" in said and "no designed deck passes every criterion" in said
        # An id the server does not know: one line beside the field, nothing started.
        lost = request(server.url + "design-again", urlencode({**form, "design": "nope"}).encode(), own(server))
        assert lost.status == 400 and "upload it again" in parse(lost.text).texts["deck_file-error"]
    finally:
        said = server.stop()
    assert "stopped" in said
    assert not list(tmp_path.glob("deckgen-serve-*"))


def test_another_search_runs_the_same_command_from_the_next_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.serve.designs import _with_seed

    monkeypatch.delenv("DECKGEN_TEST_DESIGN_ITERATIONS", raising=False)
    command = ["design", "--spec", "ours.toml", "--seed", "1", "--out", "ours-deck.toml"]
    assert _with_seed(command, 2) == [
        "design", "--spec", "ours.toml", "--seed", "2", "--out", "ours-deck.toml", "--progress-file", "progress.json",
        "--time-limit", "300",
    ]  # fmt: skip
    assert command[4] == "1"  # the kept command is not changed


def test_a_design_ends_itself_at_its_time_limit_before_the_page_stops_its_job() -> None:
    """The design's own limit ends it first, with its own words (how many attempts, what the last
    deck missed); the job is stopped only past that, and the queue's backstop later still."""
    from deckgen.games.cleariosity.design.settings import TIME_LIMIT
    from deckgen.serve import queue_redis, tasks

    assert tasks.DESIGN_LIMIT == TIME_LIMIT  # the page searches as long as the command line does
    assert tasks.DESIGN_LIMIT < tasks.DESIGN_LIMIT + tasks.DESIGN_GRACE < queue_redis.JOB_TIMEOUT["designs"]


def test_cancel_ends_a_design_and_its_processes(tmp_path: Path) -> None:
    from tests.serve.test_serve_processes import descendants

    server = start_server(tmp_path)
    try:
        status, location, _ = upload(server, "cleariosity", "ours.toml", SPEC)
        assert status == 303
        waiting = request(server.url + location.lstrip("/"))
        assert 'action="/design-cancel"' in waiting.text and ">Cancel</button>" in waiting.text
        deadline = time.monotonic() + 30
        while len(descendants(server.process.pid)) < 2:  # the design's command and its workers
            assert time.monotonic() < deadline, "the design never started"
            time.sleep(0.1)
        form = {"game": "cleariosity", "sets": "2", "design": re.search(r"design=([^&]+)", location).group(1)}  # type: ignore[union-attr]
        assert (
            request(server.url + "design-cancel", urlencode(form).encode(), {"Origin": "http://x.example"}).status
            == 403
        )
        cancelled = request(server.url + "design-cancel", urlencode(form).encode(), own(server))
        assert cancelled.status == 303
        deadline = time.monotonic() + 10
        while descendants(server.process.pid):
            assert time.monotonic() < deadline, f"the design outlived its Cancel: {descendants(server.process.pid)}"
            time.sleep(0.1)
        html = request(server.url + cancelled.headers["Location"].lstrip("/")).text
        assert "you cancelled the design" in parse(html).texts["deck_file-error"]
        assert "Try another search" in html and 'http-equiv="refresh"' not in html
    finally:
        server.stop()


@pytest.mark.skipif(not Path("/usr/bin/chromium").exists(), reason="Debian's chromium is not installed")
def test_in_a_browser_a_spec_is_designed_with_its_progress_and_can_be_cancelled(tmp_path: Path) -> None:
    """Upload a spec with the page's own form, see the design under way (and its seconds), press Cancel."""
    from playwright.sync_api import expect, sync_playwright

    from tests.servekit import CHROMIUM, CHROMIUM_ARGS

    spec = tmp_path / "ours.toml"
    spec.write_bytes(SLOW_SPEC)
    server = start_server(tmp_path)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                tab = browser.new_page()
                tab.goto(server.url + "?game=cleariosity")
                tab.set_input_files("#deck_file", str(spec))
                tab.get_by_role("button", name="Upload", exact=True).click()
                expect(tab.get_by_role("status")).to_contain_text("designing a deck from your spec")
                expect(tab.get_by_role("status")).to_contain_text("ours.toml")
                # The page refreshes itself: the stage shows once the design has written one.
                expect(tab.locator("#design-stage")).to_contain_text(
                    re.compile("Searching for a deck|Playing the deck of attempt"), timeout=15_000
                )
                expect(tab.locator("#design-progress")).to_be_visible()
                tab.get_by_role("button", name="Cancel").click()
                expect(tab.locator("#deck_file-error")).to_contain_text("you cancelled the design")
                expect(tab.get_by_role("button", name="Try another search")).to_be_visible()
            finally:
                browser.close()
    finally:
        server.stop()


def test_design_keeps_its_stage_in_a_progress_file(tmp_path: Path) -> None:
    import json

    from deckgen.cli import main

    progress = tmp_path / "progress.json"
    args = ["design", "--seed", "1", "--spec", "starter", "--iterations", "300", "--attempts", "1"]
    main([*args, "--out", str(tmp_path / "deck.toml"), "--progress-file", str(progress)])
    stage = json.loads(progress.read_text(encoding="utf-8"))
    seconds = stage.pop("seconds")
    assert stage == {"stage": "done", "attempt": 1, "done": 1.0, "limit": 300}  # the last stage: over
    assert isinstance(seconds, int) and 0 <= seconds <= 300
    assert not list(tmp_path.glob("*.tmp"))


def test_a_progress_file_is_never_the_spec_nor_the_deck_file(tmp_path: Path) -> None:
    import shutil

    from deckgen.cli import main

    spec = tmp_path / "mine.toml"
    shutil.copy(Path(__file__).parents[2] / "templates" / "cleariosity" / "specs" / "starter.toml", spec)
    kept = spec.read_bytes()
    deck = tmp_path / "deck.toml"
    deck.write_text("precious", encoding="utf-8")
    (tmp_path / "folder").mkdir()
    (tmp_path / "link.json").symlink_to(spec)
    for progress in (spec, deck, tmp_path / "link.json", tmp_path / "folder"):
        args = ["design", "--seed", "1", "--spec", str(spec), "--out", str(deck), "--progress-file", str(progress)]
        assert main(args) in (1, 2)  # refused before any work (2: click's own check of a folder)
    assert spec.read_bytes() == kept and deck.read_text(encoding="utf-8") == "precious"


def test_a_second_press_of_try_another_search_keeps_the_search_under_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DECKGEN_TEST_DESIGN_ITERATIONS", "100")
    server = start_server(tmp_path)
    try:
        _, location, _ = upload(server, "cleariosity", "ours.toml", SPEC)
        _wait(server, location)
        form = urlencode({"game": "cleariosity", "design": re.search(r"design=([^&]+)", location).group(1)}).encode()  # type: ignore[union-attr]
        first = request(server.url + "design-again", form, own(server))
        second = request(server.url + "design-again", form, own(server))
        assert first.status == 303 and second.status in (303,), second.text[:300]
        html = _wait(server, second.headers["Location"])
        assert "(search 2 of 5)" in parse(html).texts["deck_file-error"]  # one search, not two
    finally:
        server.stop()


def test_a_command_past_its_time_limit_is_ended_with_its_workers(tmp_path: Path) -> None:
    import os

    from deckgen.errors import DeckgenError
    from deckgen.serve.jobs import run_command
    from tests.serve.test_serve_processes import descendants

    with pytest.raises(DeckgenError, match="took longer than 0 minutes and was stopped; try less"):
        run_command(["design", "--seed", "1", "--spec", "starter", "--out", "x.toml"], tmp_path, 1.0, "try less")
    # Ended at its limit (a design of the preset takes 15 s), not left running: no process remains.
    assert not descendants(os.getpid()) and not (tmp_path / "x.toml").exists()


RULED_OUT_SPEC = (Path(__file__).parents[1] / "data" / "ruled-out-spec.toml").read_bytes()


def test_a_spec_no_deck_can_meet_offers_no_other_search(tmp_path: Path) -> None:
    """Counting shows no deck can pass: the upload is refused at once (no search starts), the
    page says why at the field, and offers no other seed."""
    server = start_server(tmp_path)
    try:
        status, _, html = upload(server, "cleariosity", "hopeless.toml", RULED_OUT_SPEC)
        assert status == 400
        said = parse(html).texts["deck_file-error"]
        assert "no deck can meet this spec" in said and "[criterion 16]" in said
        assert "Try another search" not in html and 'action="/design-again"' not in html
    finally:
        server.stop()


def test_a_design_that_finds_no_deck_says_so_in_the_pages_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Started from a German page, the design speaks German, and its failure gives the page's
    advice in German, with no command-line words."""
    from deckgen.i18n import _, speaking
    from deckgen.serve.designs import PAGE_ADVICE
    from tests.serve.test_serve import multipart

    monkeypatch.setenv("DECKGEN_TEST_DESIGN_ITERATIONS", "100")  # a search far too short to pass
    server = start_server(tmp_path)
    try:
        body, kind = multipart({"game": "cleariosity", "sets": "2"}, "deck_file", "unser.toml", SPEC)
        german = {"Accept-Language": "de-DE,de;q=0.9"}
        answer = request(server.url + "upload", body, {**own(server), **german, "Content-Type": kind})
        assert answer.status == 303
        said = parse(_wait(server, answer.headers["Location"])).texts["deck_file-error"]
    finally:
        server.stop()
    with speaking("de"):
        advice, english = _(PAGE_ADVICE), PAGE_ADVICE
    assert advice != english and advice in said and english not in said
    assert "--seed" not in said and "--iterations" not in said and "[Kriterium" in said
