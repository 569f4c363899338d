"""The page as the static site runs it (``ServeConfig(in_browser=True, run_here=...)``), asked here
the way the browser's web worker asks it: :class:`deckgen.site.bridge.Bridge` on an asyncio loop, each
request a task of its own. Every answer comes with no thread started and no child process (as
in the browser, which has neither): the page, its summary, its SVG previews (the sheet's size
in mm; PNG refused), the class check, uploads checked in this process (a refusal in one line),
and downloads byte for byte the command line's. Served under a path (``root_path``), every
address the page writes carries it, and the page is otherwise the same; the Guard still tells
the page's own requests from another site's; the page may be framed by its own site only."""

from __future__ import annotations

import asyncio
import contextvars
import io
import json
import os
import re
import shlex
import subprocess
import sys
import threading
import xml.etree.ElementTree as ET
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from pypdf import PdfReader
from starlette.testclient import TestClient

from deckgen.browser import run_here
from deckgen.serve.app import ServeConfig, create_app
from deckgen.serve.queue import SHOWN_FIRST
from deckgen.site.bridge import Bridge
from deckgen.units import CARD_SIZES
from tests.serve.test_serve import multipart, parse

#: The path the static site serves the page under (its frame's: ``app/`` and a tab's name).
ROOT = "/deckgen/app/abc"
FORM = "application/x-www-form-urlencoded"
WORDS = b"front,back\ncat,chat\ndog,chien\nhouse,maison\nschool,\xc3\xa9cole\nthe big tree,le grand arbre\n"
PRESET = {"game": "cleariosity", "preset": "times-2-9", "lang": "de", "paper": "a4"}
SVG = "{http://www.w3.org/2000/svg}"

#: What the preset build makes: its cards and its own teacher pack.
PRESET_FILES_MADE = ["cleariosity-times-2-9-teacher-pack.pdf", "cleariosity-times-2-9.pdf"]


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")

    def json(self) -> Any:
        return json.loads(self.body)


@contextmanager
def nothing_started(started: list[str]) -> Iterator[None]:
    """Any thread or process started meanwhile is listed in ``started`` (and fails where it starts).
    The computer's core count is the browser's (one): a build runs its pieces in this process."""

    def thread(self: threading.Thread, *args: object, **kwargs: object) -> None:
        started.append(f"thread {self.name}")
        raise RuntimeError("can't start new thread")

    def process(self: subprocess.Popen[bytes], args: object, *rest: object, **kwargs: object) -> None:
        started.append(f"process {args!r}")
        raise OSError("no child processes in a browser")

    def fork() -> int:
        started.append("fork")
        raise OSError("no child processes in a browser")

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(threading.Thread, "start", thread)
        patch.setattr(subprocess.Popen, "__init__", process)
        patch.setattr(os, "fork", fork)
        patch.setattr(os, "cpu_count", lambda: 1)
        # Uploads are checked in this process where deckgen runs in a browser (upload_check).
        patch.setattr("deckgen.serve.upload_check.IN_BROWSER", True)
        yield


class Page:
    """The started page and a way to ask it, as the service worker and the web worker do."""

    def __init__(self, runner: asyncio.Runner, bridge: Bridge) -> None:
        self.runner = runner
        self.bridge = bridge
        #: Each request runs as the browser runs it: a task of its own, in a fresh context.
        self.context = contextvars.copy_context()

    def ask(
        self,
        method: str,
        path: str,
        query: str | dict[str, str] = "",
        *,
        root: str = ROOT,
        body: bytes | dict[str, str] = b"",
        kind: str = "",
        accept: str = "",
        same_origin: bool = True,
        navigate: bool | None = None,
    ) -> Answer:
        if isinstance(query, dict):
            query = urlencode(query)
        if isinstance(body, dict):
            body, kind = urlencode(body).encode(), FORM
        headers = [("content-type", kind)] if kind else []
        headers += [("accept", accept)] if accept else []
        headers.append(("accept-language", "en-US,en"))
        if navigate is None:
            navigate = path == "/" or method == "POST"
        started: list[str] = []
        # The threads alive before: one an earlier test left may end meanwhile, but none may be added.
        threads = set(threading.enumerate())
        with nothing_started(started):
            asked = self.bridge.answer(method, root, path, query, headers, body, same_origin, navigate)
            status, answered, data = self.runner.run(asked, context=self.context.copy())
        assert started == [], f"{method} {path} started {started}"
        assert set(threading.enumerate()) <= threads, f"{method} {path} left a thread running"
        return Answer(status, {name.lower(): value for name, value in answered}, data)

    def idle(self, seconds: float) -> None:
        """Let the page's event loop run ``seconds`` between requests (a job waiting its moment
        runs then, in this process, with no thread or process started either)."""
        started: list[str] = []
        with nothing_started(started):
            self.runner.run(asyncio.sleep(seconds), context=self.context.copy())
        assert started == [], f"the jobs run between requests started {started}"


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Page]:
    folder = tmp_path_factory.mktemp("in-browser")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("tempfile.tempdir", str(folder))
        with asyncio.Runner() as runner:
            bridge = Bridge("en", run_here)
            started: list[str] = []
            with nothing_started(started):
                runner.run(bridge.start())
            assert started == [], f"the page's start started {started}"
            yield Page(runner, bridge)
        # The runner cancelled the lifespan: the store's folder went with it.
        assert not list(folder.glob("deckgen-serve-*")), "the page left its folder behind"


class Addresses(HTMLParser):
    """Every address an HTML answer writes (links, pictures, forms, the check's fragment), and
    the page's root as ``<html data-root>`` says it."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.root: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("href", "src", "action", "data-src") and value is not None:
                self.found.append(value)
            if tag == "html" and name == "data-root":
                self.root = value


def addresses(answer: Answer) -> Addresses:
    assert answer.headers["content-type"].startswith("text/html"), answer.headers
    found = Addresses()
    found.feed(answer.text)
    return found


def upload(page: Page, game: str, name: str, data: bytes, root: str = ROOT) -> Answer:
    body, kind = multipart({"game": game}, "deck_file", name, data)
    return page.ask("POST", "/upload", body=body, kind=kind, root=root)


def files_of(answer: Answer) -> dict[str, bytes]:
    """A download's files by name: a ZIP's, or the one file."""
    if answer.headers["content-type"] != "application/zip":
        name = re.search(r'filename="([^"]+)"', answer.headers["content-disposition"])
        assert name is not None
        return {name.group(1): answer.body}
    with zipfile.ZipFile(io.BytesIO(answer.body)) as bundle:
        return {name: bundle.read(name) for name in bundle.namelist()}


def command_line(command: str, out: Path, cwd: Path | None = None) -> dict[str, bytes]:
    """``deckgen build`` as the page shows it, run on this computer: its files by name."""
    words = shlex.split(command)
    assert words[:2] == ["deckgen", "build"], command
    environment = {k: v for k, v in os.environ.items() if k not in ("DECKGEN_LANG", "DECKGEN_REGION")}
    done = subprocess.run(
        [sys.executable, "-m", "deckgen", "build", *words[2:], "--out", str(out)],
        cwd=cwd,
        capture_output=True,
        text=True,
        env=environment,
    )
    assert done.returncode == 0, done.stderr
    return {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.is_file() and not p.name.startswith(".")}


# -- the page in one thread ---------------------------------------------------------------


def test_the_page_its_summary_and_the_class_check_answer_with_no_thread_or_process(page: Page) -> None:
    shown = page.ask("GET", "/", {"game": "treenex"})
    assert shown.status == 200 and shown.headers["content-type"].startswith("text/html")
    assert 'data-pictures="svg"' in shown.text
    pictures = [a for a in addresses(shown).found if "/preview/" in a]
    assert pictures and all(".svg?" in a for a in pictures), pictures
    summary = page.ask("GET", "/summary", {"game": "treenex"}).json()
    assert summary["command"] == "deckgen build --format pdf --game treenex"
    assert summary["counts"].startswith("1 set of 40 cards")
    check = page.ask("GET", "/check", {"game": "treenex", "fragment": "1"})
    assert check.status == 200 and "<html" not in check.text
    assert 'class="pass"' in check.text, check.text
    assert page.ask("GET", "/healthz").json() == {"status": "ok", "queue": "embedded", "workers": 1}


@pytest.mark.parametrize(
    ("query", "size"),
    [
        ({"game": "treenex"}, (215.9, 279.4)),  # Letter, the usual paper in the United States
        ({"game": "treenex", "paper": "a4"}, (210, 297)),
        ({"game": "cleariosity", "lang": "de"}, (210, 297)),  # A4, as --lang de implies
    ],
)
def test_the_sheet_preview_is_an_svg_the_size_of_the_sheet(
    page: Page, query: dict[str, str], size: tuple[float, float]
) -> None:
    answer = page.ask("GET", "/preview/sheet.svg", query)
    assert answer.status == 200 and answer.headers["content-type"].startswith("image/svg+xml")
    svg = ET.fromstring(answer.body)
    assert svg.tag == f"{SVG}svg"
    width, height = size
    assert [float(n) for n in svg.attrib["viewBox"].split()] == [0, 0, width, height]
    assert (svg.attrib["width"], svg.attrib["height"]) == (f"{width:g}mm", f"{height:g}mm")
    assert len(svg) > 10, "the sheet has its cards drawn"


def test_card_back_and_stack_previews_are_svg_and_png_previews_are_refused(page: Page) -> None:
    for which, query in (
        ("card", {"game": "cleariosity"}),
        ("card", {"game": "cleariosity", "card_size": "bridge"}),
        ("back", {"game": "flashcards"}),
        ("stack", {"game": "cleariosity"}),
    ):
        answer = page.ask("GET", f"/preview/{which}.svg", query)
        assert answer.status == 200 and answer.headers["content-type"].startswith("image/svg+xml"), which
        box = [float(n) for n in ET.fromstring(answer.body).attrib["viewBox"].split()]
        assert box[:2] == [0, 0] and box[2] > 30 and box[3] > 30, (which, box)
        if which == "card":  # the card's own size, in mm
            assert box[2:] == pytest.approx(CARD_SIZES[query.get("card_size", "poker")]), query
    assert page.ask("GET", "/preview/back.svg", {"game": "cleariosity"}).status == 404  # no backs
    for which in ("sheet", "card", "stack"):
        refused = page.ask("GET", f"/preview/{which}.png", {"game": "cleariosity"})
        assert refused.status == 404 and not refused.body.startswith(b"\x89PNG"), which


def test_a_preset_in_german_on_a4_downloads_the_command_lines_files(page: Page, tmp_path: Path) -> None:
    command = page.ask("GET", "/summary", PRESET).json()["command"]
    # A4 is what --lang de implies: the page leaves it out, as the recorded command does.
    assert command == "deckgen build --lang de --format pdf --game cleariosity --preset times-2-9"
    assert parse(page.ask("GET", "/", PRESET).text).texts["command"].strip() == command
    answer = page.ask("POST", "/download", body=PRESET)
    assert answer.status == 200, answer.text
    downloaded = files_of(answer)
    made = command_line(command, tmp_path / "cli")
    assert sorted(downloaded) == sorted(made) == PRESET_FILES_MADE
    for name, data in made.items():
        assert downloaded[name] == data, f"{name} from the page differs from the command line's"
        assert PdfReader(io.BytesIO(data)).metadata["/Keywords"] == command


def test_flash_cards_from_an_uploaded_csv_are_the_command_lines(page: Page, tmp_path: Path) -> None:
    kept = upload(page, "flashcards", "words.csv", WORDS)
    assert kept.status == 303, kept.text
    location = kept.headers["location"]
    assert location.startswith(ROOT + "/?") and "upload=" in location
    settings = location.partition("?")[2]
    shown = parse(page.ask("GET", "/", settings).text)
    command = shown.texts["command"].strip()
    assert command == "deckgen build --format pdf --game flashcards --file words.csv"
    assert "words.csv" in shown.texts["deck-in-use"]
    answer = page.ask("POST", "/download", body=settings.encode(), kind=FORM)
    assert answer.status == 200, answer.text
    (tmp_path / "words.csv").write_bytes(WORDS)
    made = command_line(command, tmp_path / "cli", cwd=tmp_path)
    downloaded = files_of(answer)
    assert sorted(downloaded) == sorted(made) and "flashcards.pdf" in made
    for name, data in made.items():
        assert downloaded[name] == data, f"{name} from the page differs from the command line's"


@pytest.mark.parametrize(
    ("name", "data", "said"),
    [
        ("quote.csv", b'front,back\n"cat,chat\n', "quote.csv: row 2: a quote"),
        ("binary.csv", b"\x00\x01\xff\xfe", "binary.csv: not UTF-8 text"),
        ("empty.csv", b"", "empty.csv: no cards"),
    ],
)
def test_a_malformed_csv_is_refused_in_one_line(page: Page, name: str, data: bytes, said: str) -> None:
    answer = upload(page, "flashcards", name, data)
    assert answer.status == 400
    shown = parse(answer.text).texts
    line = shown["deck_file-error"]  # beside the field, as the command line says it
    assert line.startswith(said) and "\n" not in line, line
    assert line in shown["refused"]
    assert "Traceback" not in answer.text


def test_an_upload_of_more_than_a_megabyte_is_read_with_no_thread(page: Page) -> None:
    """Starlette writes a file of a form past 1 MB to disk in a thread: in a browser, a file up
    to the page's limit (2 MB) stays in memory instead."""
    rows = b"".join(b"word %d,mot %d,%s\n" % (n, n, b"x" * 120_000) for n in range(12))
    data = b"front,back,notes\n" + rows
    assert 1_200_000 < len(data) < 2_000_000
    answer = upload(page, "flashcards", "long notes.csv", data)
    assert answer.status == 303, answer.text
    assert "upload=" in answer.headers["location"]
    # A form python-multipart refuses (more files than the page sends) is the page's one line.
    parts = [multipart({}, f"file{n}", f"{n}.csv", WORDS)[0].rpartition(b"--deckgen")[0] for n in range(20)]
    body = b"".join(parts) + b"--deckgen-test-boundary--\r\n"
    kind = "multipart/form-data; boundary=deckgen-test-boundary"
    broken = page.ask("POST", "/upload", body=body, kind=kind)
    assert broken.status == 400 and "the form arrived broken" in broken.text


# -- served under a path -------------------------------------------------------------------


def requests_of_every_kind(page: Page, root: str) -> list[tuple[str, Answer]]:
    """The page's answers that write addresses: pages, messages, redirects, a job's links."""
    kept = upload(page, "flashcards", "words.csv", WORDS, root=root)
    assert kept.status == 303
    settings = kept.headers["location"].partition("?")[2]
    too_large, kind = multipart({"game": "flashcards"}, "deck_file", "big.csv", b"x" * 2_200_000)
    asked = [
        ("the page", page.ask("GET", "/", {"game": "cleariosity"}, root=root)),
        ("the page with a file", page.ask("GET", "/", settings, root=root)),
        ("a lost file", page.ask("GET", "/", {"game": "flashcards", "upload": "0" * 24}, root=root)),
        ("the check's page", page.ask("GET", "/check", {"game": "treenex"}, root=root)),
        ("the check's fragment", page.ask("GET", "/check", {"game": "treenex", "fragment": "1"}, root=root)),
        ("an upload", kept),
        ("a refused upload", upload(page, "flashcards", "empty.csv", b"", root=root)),
        ("a file too large", page.ask("POST", "/upload", body=too_large, kind=kind, root=root)),
        ("an upload without its file", page.ask("POST", "/upload", body=b"x", kind="text/plain", root=root)),
        ("an upload's address again", page.ask("GET", "/upload", {"game": "treenex"}, root=root)),
        ("a wrong setting", page.ask("POST", "/download", body={"game": "treenex", "sets": "0"}, root=root)),
        ("a lost job", page.ask("GET", "/jobs/0123456789abcdef01234567/file", root=root)),
        ("a cancelled design", page.ask("POST", "/design-cancel", body={"game": "cleariosity"}, root=root)),
        ("a lost design", page.ask("POST", "/design-again", body={"game": "cleariosity", "design": "0"}, root=root)),
    ]
    job = page.ask("POST", "/download", body={"game": "treenex"}, accept="application/json", root=root)
    assert job.status == 202
    return [*asked, ("a job", job)]


@pytest.mark.parametrize("root", [ROOT, ""])
def test_every_address_the_page_writes_starts_with_its_root(page: Page, root: str) -> None:
    for what, answer in requests_of_every_kind(page, root):
        written: list[str] = []
        if answer.headers.get("content-type", "").startswith("text/html"):
            found = addresses(answer)
            written += found.found
            if "<html" in answer.text:  # a whole page (the check's fragment goes into one)
                assert found.root == (root or None), what
        if "location" in answer.headers:
            assert answer.status == 303, what
            written.append(answer.headers["location"])
        if what == "a job":
            links = answer.json()
            written += [links["state"], links["file"]]
            page.idle(SHOWN_FIRST + 0.5)  # the job runs a moment after its request is answered
            assert page.ask("GET", links["state"].removeprefix(root), root=root).json()["state"] == "done"
        assert written or what == "the check's fragment", f"{what}: no address written"
        for address in written:
            assert address.startswith(root + "/"), f"{what} writes {address!r}"
            assert not address.startswith(root + "//"), f"{what} writes {address!r}"


def test_under_a_path_the_page_is_the_same_but_for_its_addresses(page: Page) -> None:
    """The same requests with and without a root: the answers differ only by the root written in
    front of each address (the plain page is as it was before pages had roots)."""
    kept = upload(page, "flashcards", "words.csv", WORDS, root="")
    settings = kept.headers["location"].partition("?")[2]
    for path, query in [
        ("/", {"game": "cleariosity", "sets": "3"}),
        ("/", settings),
        ("/", {"game": "treenex", "kerf": "-2mm"}),
        ("/check", {"game": "treenex"}),
        ("/summary", {"game": "cleariosity", "lang": "de"}),
        ("/preview/sheet.svg", {"game": "treenex"}),
    ]:
        plain = page.ask("GET", path, query, root="")
        rooted = page.ask("GET", path, query, root=ROOT)
        assert rooted.status == plain.status == 200, path
        assert ROOT.encode() not in plain.body
        unrooted = rooted.body.replace(f' data-root="{ROOT}"'.encode(), b"").replace(ROOT.encode(), b"")
        assert unrooted == plain.body, f"{path}?{query}: more differs than the root"
        assert rooted.headers == {**plain.headers, "content-length": str(len(rooted.body))}


def test_the_guard_takes_the_pages_own_requests_under_a_path_and_refuses_another_sites(page: Page) -> None:
    own = page.ask("POST", "/download", body={"game": "treenex"}, accept="application/json")
    assert own.status == 202
    for method, path, body in [
        ("POST", "/download", {"game": "treenex"}),
        ("POST", "/design-cancel", {"game": "cleariosity"}),
        ("GET", "/preview/sheet.svg", {}),
        ("GET", "/summary", {}),
    ]:
        query = "game=treenex" if method == "GET" else ""
        refused = page.ask(method, path, query, body=body, same_origin=False, navigate=False)
        assert refused.status == 403 and "another site" in refused.text, (method, path)
    # A link from another site opens the page itself, and nothing else.
    assert page.ask("GET", "/", {"game": "treenex"}, same_origin=False, navigate=True).status == 200


@pytest.fixture
def served(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    """``deckgen serve``'s page (not in a browser) behind a proxy that serves it under ROOT (with
    no warm-up in the background: the page's tests count threads)."""
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    monkeypatch.setattr("deckgen.serve.app._warm_up", lambda svc: None)
    app = create_app(ServeConfig(allowed_hosts=("school.example",), token="s3cret-token"))
    with TestClient(app, base_url="http://school.example", root_path=ROOT, follow_redirects=False) as client:
        yield client


def test_deckgen_serve_under_a_path(served: TestClient) -> None:
    bearer = {"Authorization": "Bearer s3cret-token"}
    opened = served.get(f"{ROOT}/?game=treenex&token=s3cret-token")
    assert opened.status_code == 303 and opened.headers["location"] == f"{ROOT}/?game=treenex"
    shown = served.get(f"{ROOT}/?game=treenex", headers=bearer)
    found = addresses(Answer(shown.status_code, {k.lower(): v for k, v in shown.headers.items()}, shown.content))
    assert found.root == ROOT and found.found
    assert all(a.startswith(ROOT + "/") for a in found.found), found.found
    assert any(a.startswith(f"{ROOT}/preview/sheet.png?") for a in found.found)
    picture = served.get(f"{ROOT}/preview/sheet.png?game=treenex", headers={**bearer, "Sec-Fetch-Site": "same-origin"})
    assert picture.status_code == 200 and picture.content.startswith(b"\x89PNG")
    # The page's own form passes the Guard (and is refused by the page for its setting, before any
    # build); another site's is refused by the Guard.
    own = {**bearer, "Origin": "http://school.example"}
    wrong = {"game": "treenex", "sets": "0"}
    said = served.post(f"{ROOT}/download", data=wrong, headers=own)
    assert said.status_code == 400 and f'href="{ROOT}/?' in said.text
    elsewhere = {**own, "Origin": "http://attacker.example"}
    refused = served.post(f"{ROOT}/download", data=wrong, headers=elsewhere)
    assert refused.status_code == 403 and "another site" in refused.text
    cross = {**bearer, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty"}
    assert served.get(f"{ROOT}/summary?game=treenex", headers=cross).status_code == 403


# -- framing ------------------------------------------------------------------------------


def test_in_a_browser_html_may_be_framed_by_its_own_site_only(page: Page) -> None:
    too_large, kind = multipart({"game": "flashcards"}, "deck_file", "big.csv", b"x" * 2_200_000)
    for answer in (
        page.ask("GET", "/", {"game": "treenex"}),
        page.ask("GET", "/check", {"game": "treenex"}),
        page.ask("POST", "/download", body={"game": "treenex", "sets": "0"}),  # a message
        page.ask("POST", "/upload", body=too_large, kind=kind),  # the Guard's own message
    ):
        assert answer.headers["content-type"].startswith("text/html")
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'self'" in policy and "'none'" not in policy
        assert answer.headers["x-frame-options"] == "SAMEORIGIN"
    picture = page.ask("GET", "/preview/sheet.svg", {"game": "treenex"})
    assert "x-frame-options" not in picture.headers and picture.headers["x-content-type-options"] == "nosniff"


def test_deckgen_serves_html_is_never_framed(served: TestClient) -> None:
    bearer = {"Authorization": "Bearer s3cret-token"}
    for answer in (
        served.get(f"{ROOT}/?game=treenex", headers=bearer),
        served.post(
            f"{ROOT}/download",
            data={"game": "treenex", "sets": "0"},
            headers={**bearer, "Origin": "http://school.example"},
        ),
    ):
        assert answer.headers["content-type"].startswith("text/html")
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
        assert answer.headers["x-frame-options"] == "DENY"
