"""The page's routes through Starlette's TestClient (no sockets): every address answers, the job
addresses a script uses, the access token, allowed hosts, the limits on a client's jobs, the
health check, and results that have expired."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl

import pytest
from starlette.testclient import TestClient

from deckgen.serve.app import ServeConfig, create_app

HOST = "testserver"
OWN = {"Origin": f"http://{HOST}"}
JSON = {**OWN, "Accept": "application/json"}
SMALL = {"game": "treenex", "sets": "1"}


def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, **settings: Any) -> TestClient:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    settings.setdefault("allowed_hosts", (HOST,))
    config = ServeConfig(**settings)
    return TestClient(create_app(config), base_url=f"http://{HOST}", follow_redirects=False)


@pytest.fixture
def page(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    with client(tmp_path, monkeypatch) as started:
        yield started
    assert not list(tmp_path.glob("deckgen-serve-*")), "the app left its folder behind"


def finished(page: TestClient, job: str, seconds: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        state = page.get(f"/jobs/{job}").json()
        if state["state"] not in ("queued", "running"):
            return state
        assert time.monotonic() < deadline, state
        time.sleep(0.2)


def test_every_address_answers(page: TestClient) -> None:
    answer = page.get("/?game=treenex")
    assert answer.status_code == 200 and answer.headers["content-type"].startswith("text/html")
    assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    for which in ("sheet", "card", "stack"):
        picture = page.get(f"/preview/{which}.png?game=cleariosity")
        assert picture.status_code == 200 and picture.content.startswith(b"\x89PNG"), which
    assert page.get("/summary?game=treenex").json()["counts"]
    assert page.get("/static/page.js").status_code == 200
    assert page.get("/static/server.py").status_code == 404
    assert page.get("/nothing").status_code == 404
    assert page.post("/", data=SMALL, headers=OWN).status_code == 405
    check = page.get("/check?game=treenex&fragment=1")
    assert check.status_code == 200 and "class" in check.text
    health = page.get("/healthz")
    assert health.status_code == 200
    assert health.json() == {"status": "ok", "queue": "embedded", "workers": 3}


def test_a_script_submits_polls_and_fetches_the_file_a_form_gets(page: TestClient) -> None:
    form = page.post("/download", data=SMALL, headers=OWN)
    assert form.status_code == 200 and form.headers["content-disposition"] == 'attachment; filename="treenex.zip"'
    started = page.post("/download", data=SMALL, headers=JSON)
    assert started.status_code == 202
    links = started.json()
    assert links["state"] == f"/jobs/{links['job']}" and links["file"] == f"/jobs/{links['job']}/file"
    state = finished(page, links["job"])
    assert state["state"] == "done" and state["name"] == "treenex.zip" and state["size"] == len(form.content)
    fetched = page.get(links["file"])
    assert fetched.status_code == 200 and fetched.content == form.content
    assert page.get(links["file"]).content == form.content  # kept for an hour, not handed out once
    assert page.get("/jobs/0123456789abcdef01234567").json()["state"] == "expired"
    assert page.get("/jobs/../../etc/passwd").status_code == 404


def test_a_result_past_its_time_is_said_to_have_expired(page: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.serve import tasks

    monkeypatch.setattr(tasks, "RESULT_TTL", 1)
    job = page.post("/download", data=SMALL, headers=JSON).json()["job"]
    assert finished(page, job)["state"] == "done"
    time.sleep(1.2)
    assert page.get(f"/jobs/{job}").json()["state"] == "expired"
    gone = page.get(f"/jobs/{job}/file")
    assert gone.status_code == 410 and "no longer kept" in gone.text


def test_a_job_is_cancelled_wherever_it_waits(page: TestClient) -> None:
    jobs = [page.post("/download", data={"game": "cleariosity", "sets": "40"}, headers=JSON).json() for _ in range(4)]
    for job in jobs:
        assert page.post(f"/jobs/{job['job']}/cancel", headers=OWN).status_code == 202
    states = [finished(page, job["job"]) for job in jobs]
    assert {state["state"] for state in states} <= {"cancelled", "done"}
    assert sum(state["state"] == "cancelled" for state in states) >= 2  # the queued ones, at least
    assert page.get(f"{jobs[-1]['file']}").status_code in (400, 200)


def test_a_job_whose_worker_stopped_is_said_to_have_failed(page: TestClient) -> None:
    from deckgen.serve import tasks
    from deckgen.serve.store import put_json

    store = page.app.state.service.store  # type: ignore[attr-defined]
    state = {"kind": "build", "args": [], "state": "running", "beat": time.time() - 60, "language": "en"}
    put_json(store, tasks.JOB + "feedfacefeedfacefeedface", state, 60)
    said = page.get("/jobs/feedfacefeedfacefeedface").json()
    assert said["state"] == "failed" and "stopped before it finished" in said["message"]
    # Not the teacher's fault: a server's answer (503, "Something went wrong"), not 400.
    answer = page.get("/jobs/feedfacefeedfacefeedface/file")
    assert answer.status_code == 503 and "Something went wrong" in answer.text


def test_the_access_token(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with client(tmp_path, monkeypatch, token="s3cret") as page:
        refused = page.get("/?game=treenex")
        assert refused.status_code == 401 and "access link" in refused.text
        assert page.get("/healthz").status_code == 200  # a monitor needs no token
        assert page.get("/?game=treenex&token=wrong").status_code == 401
        opened = page.get("/?game=treenex&token=s3cret")
        assert opened.status_code == 303 and opened.headers["location"] == "/?game=treenex"
        assert "HttpOnly" in opened.headers["set-cookie"] and "SameSite=Lax" in opened.headers["set-cookie"]
        # The school's own link must not send a browser to another site (//evil.example is one).
        for path in ("//evil.example/", "/%2F%2Fevil.example", "/%5C%5Cevil.example", "///evil.example"):
            page.cookies.clear()
            moved = page.get(f"http://testserver{path}?token=s3cret")
            assert moved.status_code == 303
            location = moved.headers["location"]
            assert location.startswith("/") and not location.startswith(("//", "/\\")), (path, location)
        assert page.get("/?game=treenex").status_code == 200  # the cookie, kept by the client
        page.cookies.clear()
        assert page.get("/summary?game=treenex").status_code == 401
        bearer = {"Authorization": "Bearer s3cret"}
        assert page.get("/summary?game=treenex", headers=bearer).status_code == 200
        assert page.post("/download", data=SMALL, headers={**JSON, **bearer}).status_code == 202
        # A script sends the token and no Origin, as docs/school.md says; without the token, refused.
        script = {"Accept": "application/json"}
        assert page.post("/download", data=SMALL, headers={**script, **bearer}).status_code == 202
        wrong = {**script, "Authorization": "Bearer guess"}
        assert page.post("/download", data=SMALL, headers=wrong).status_code == 403  # and says which page: none


def test_allowed_hosts_and_their_origins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Behind a reverse proxy: the name browsers use is answered, by HTTPS too; any other is refused."""
    proxy = "deckgen.school.example"
    app = client(tmp_path, monkeypatch, allowed_hosts=(proxy,)).app
    with TestClient(app, base_url=f"https://{proxy}", follow_redirects=False) as page:
        assert page.get("/?game=treenex").status_code == 200
        origin = {"Origin": f"https://{proxy}", "Accept": "application/json"}
        assert page.post("/download", data=SMALL, headers=origin).status_code == 202
        elsewhere = {**origin, "Origin": "https://evil.example"}
        assert page.post("/download", data=SMALL, headers=elsewhere).status_code == 403
        assert page.get("/?game=treenex", headers={"Host": "evil.example"}).status_code == 403


def test_one_client_may_not_take_every_worker(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with client(tmp_path, monkeypatch, jobs_per_client=2) as page:
        big = {"game": "cleariosity", "sets": "60"}
        first = [page.post("/download", data=big, headers=JSON) for _ in range(2)]
        assert [answer.status_code for answer in first] == [202, 202]
        third = page.post("/download", data=big, headers=JSON)
        assert third.status_code == 429 and "2 jobs under way" in third.json()["error"]
        assert third.json()["status"] == 429  # a script asking for JSON gets JSON, not the page
        assert third.headers["Retry-After"] == "60"  # when to ask again, as a busy server says
        in_browser = page.post("/download", data=big, headers=OWN)
        assert in_browser.status_code == 429 and in_browser.headers["content-type"].startswith("text/html")
        for answer in first:
            page.post(f"/jobs/{answer.json()['job']}/cancel", headers=OWN)
            finished(page, answer.json()["job"])
        assert page.post("/download", data=SMALL, headers=JSON).status_code == 202  # ended jobs count no more


def test_a_body_past_the_limit_is_refused_before_it_is_read(page: TestClient) -> None:
    from deckgen.serve.security import MAX_BODY

    answer = page.post("/upload", content=b"x" * (MAX_BODY + 1), headers={**OWN, "Content-Type": "multipart/form-data"})
    assert answer.status_code == 413 and "File too large" in answer.text
    assert "content-security-policy" in answer.headers


def test_a_design_counts_in_its_clients_share(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    spec = (Path(__file__).parents[2] / "templates" / "cleariosity" / "specs" / "pairs.toml").read_bytes()
    with client(tmp_path, monkeypatch, jobs_per_client=1) as page:
        files = {"deck_file": ("ours.toml", spec)}
        first = page.post("/upload", data={"game": "cleariosity"}, files=files, headers=OWN)
        assert first.status_code == 303 and "design=" in first.headers["location"]
        busy = page.post("/download", data=SMALL, headers=JSON)
        assert busy.status_code == 429 and "1 job under way" in busy.json()["error"]
        refused = page.post("/download", data={**SMALL, "sets": "many"}, headers=JSON)
        assert refused.status_code == 400 and refused.json()["status"] == 400 and refused.json()["error"]
        page.post("/design-cancel", data=dict(parse_qsl(first.headers["location"][2:])), headers=OWN)


def test_checks_waiting_for_their_turn_hold_no_thread_and_the_page_goes_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forty-odd class checks waiting for a job worker used to hold every thread of the web
    worker, so that nothing, not even /healthz, was answered until one ran. They now wait on the
    event loop; one still queued after QUEUE_WAIT is given up, 503 busy."""
    import threading

    from deckgen.serve import views

    monkeypatch.setattr(views, "QUEUE_WAIT", 6.0)
    with client(tmp_path, monkeypatch) as page:
        page.app.state.service.queue.submit = lambda job_id, lane: None  # type: ignore[attr-defined]
        answers: list[int] = []

        def check() -> None:
            answers.append(page.get("/check?game=treenex&fragment=1").status_code)

        waiting = [threading.Thread(target=check) for _ in range(45)]
        for thread in waiting:
            thread.start()
        time.sleep(1.5)
        started = time.monotonic()
        assert page.get("/healthz").status_code == 200
        assert page.get("/summary?game=treenex").status_code == 200
        assert time.monotonic() - started < 3.0 and not answers  # answered while every check still waits
        for thread in waiting:
            thread.join(30)
        assert answers == [503] * 45


def test_the_pages_own_checks_never_use_up_a_teachers_share_of_the_workers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two checks the page started by itself (the teacher changed the deck twice) used to make
    her download 429, 'you have 2 jobs under way'. Checks have their own share; a newer check
    takes the place of the oldest still waiting."""
    from deckgen.serve import tasks, views

    with client(tmp_path, monkeypatch, jobs_per_client=2) as page:
        svc = page.app.state.service  # type: ignore[attr-defined]
        svc.queue.submit = lambda job_id, lane: None  # nothing runs: every job stays queued
        first, second = (views.submit(svc, "check", ["--game", "treenex"], None, "teacher") for _ in range(2))
        build = views.submit(svc, "build", ["--game", "treenex"], None, "teacher")
        third = views.submit(svc, "check", ["--game", "treenex"], None, "teacher")
        states = {job: tasks.state_of(svc.store, job).state for job in (first, second, build, third)}  # type: ignore[union-attr]
        assert states == {first: "cancelled", second: "queued", build: "queued", third: "queued"}
        views.submit(svc, "design", ["--seed", "1"], None, "teacher")
        with pytest.raises(views.TooMany, match="2 jobs under way"):
            views.submit(svc, "build", ["--game", "treenex"], None, "teacher")


def test_the_class_checks_line_is_in_the_pages_language(page: TestClient) -> None:
    """A deck that falls short was said to in English on the German page."""
    from html import unescape

    from deckgen.i18n import _, speaking

    answer = page.get("/check?game=treenex&lang=de&copies=3&fragment=1")
    assert answer.status_code == 200
    with speaking("de"):
        said = _("the Treenex deck is too small for a full game of {players} players")
    assert said.format(players="4") in unescape(answer.text)


def test_the_class_checks_line_names_no_file_and_no_criterion_number(page: TestClient) -> None:
    """The page's check said "see the report in report.json" (a file the teacher never sees)
    and, for Cleariosity, named criteria by number. It now says what falls short in words."""
    from html import unescape

    answer = unescape(page.get("/check?game=treenex&copies=3&fragment=1").text)
    assert "The deck falls short: the Treenex deck is too small for a full game of 4 players." in answer
    assert "report.json" not in answer and "(see" not in answer


def test_the_check_headline_points_at_each_levels_shortfall_or_lists_the_reports() -> None:
    from deckgen.games.base import Outlook
    from deckgen.serve.views import shortfall

    level = Outlook("green", "#2e7d32", "", [], "Falls short: at most 10% of collections repeat")
    failing = "the deck fails criteria (green 14); see the report in report.json"
    assert shortfall({}, [level], failing) == "what each level lacks is named below"
    lines = {"failures": ["level 1: G03 is left", "level 2: Y01 is left", "the word sat", "the word cat"]}
    assert shortfall(lines, [], failing) == "level 1: G03 is left; level 2: Y01 is left; the word sat; 1 more"
    assert shortfall({}, [], failing) == "the deck fails criteria (green 14); see deckgen verify"


def test_a_refused_file_names_no_empty_deck_when_no_preview_is_shown() -> None:
    """A refused upload said "The preview below is still of ." when the deck before it could not
    be shown either."""
    from deckgen.serve import page
    from deckgen.serve.choices import PageChoices

    choices = PageChoices.from_query({"game": ["flashcards"]})
    choices.refused = "words.xls: save it as .csv or .xlsx"
    shown = page.preview_section(choices, "", "", "the deck file cannot be read", None)
    assert "Your new file was not used: words.xls: save it as .csv or .xlsx." in shown
    assert "still of" not in shown
    shown = page.preview_section(choices, "", "", None, None, deck_named="your file words.csv")
    assert "The preview below is still of your file words.csv." in shown


def test_the_replacement_field_shows_ids_of_the_game_chosen(page: TestClient) -> None:
    """Every game's page showed Cleariosity's ids (G05, Y11) as the example of cards to reprint."""
    from html import unescape

    for game, examples in (("treenex", "T05, T31"), ("flashcards", "F05, F11"), ("cleariosity", "G05, Y11")):
        shown = unescape(page.get(f"/?game={game}").text)
        assert f"Cards, by the id printed on them ({examples})" in shown
        assert f'placeholder="{examples}"' in shown
