"""A server too busy to take a build says so as the server's trouble: 503 with when to come back,
never a 400 that reads as the teacher's mistake."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.testclient import TestClient

from deckgen.errors import DeckgenError
from deckgen.serve.app import BUSY_RETRY, answering
from deckgen.serve.jobs import Busy


def _app(error: Exception) -> Starlette:
    async def view(request: Request) -> Response:
        raise error

    app = Starlette(routes=[Route("/download", answering(view), methods=["POST"])])
    app.state.in_browser = False
    return app


def test_busy_is_a_503_with_retry_after() -> None:
    with TestClient(_app(Busy("deckgen is busy with other builds; try again in a minute"))) as client:
        answer = client.post("/download")
    assert answer.status_code == 503 and answer.headers["Retry-After"] == str(BUSY_RETRY)
    assert "deckgen is busy with other builds" in answer.text and "Something went wrong" in answer.text


def test_a_refusal_of_the_teachers_choice_stays_a_400() -> None:
    with TestClient(_app(DeckgenError("--sets 0: give 1 or more"))) as client:
        answer = client.post("/download")
    assert answer.status_code == 400 and "Retry-After" not in answer.headers
    assert "--sets 0: give 1 or more" in answer.text


def test_an_upload_waits_for_a_free_check_and_says_busy_when_none_comes(tmp_path: object, monkeypatch: object) -> None:
    """Checks run a few at a time: with every slot taken for CHECK_WAIT, the upload is told the
    server is busy (503 through the page), not that its file is at fault."""

    from deckgen.serve import upload_check

    assert isinstance(tmp_path, Path) and isinstance(monkeypatch, pytest.MonkeyPatch)
    deck = tmp_path / "deck.toml"
    deck.write_text("", encoding="utf-8")
    monkeypatch.setattr(upload_check, "CHECK_WAIT", 0.2)
    taken = [upload_check._CHECKING.acquire(timeout=1) for _ in range(upload_check.CHECK_SLOTS)]
    try:
        assert all(taken)
        with pytest.raises(Busy, match="busy checking other files"):
            upload_check.check_upload("cleariosity", deck)
    finally:
        for _ in taken:
            upload_check._CHECKING.release()
