"""A spec whose design finds no deck: the page says so in a teacher's words (no command-line
advice) and offers another search, from the next seed, in one press."""

from __future__ import annotations

import re
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest

from tests.servekit import request, start_server
from tests.test_serve import own, parse, upload

SPEC = (Path(__file__).parent.parent / "templates" / "specs" / "pairs.toml").read_bytes()


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
    assert _with_seed(command, 2) == ["design", "--spec", "ours.toml", "--seed", "2", "--out", "ours-deck.toml"]
    assert command[4] == "1"  # the kept command is not changed
