"""deckgen serve over plain HTTP: every control labelled, requests from elsewhere refused, wrong
values named beside their field, uploads checked, downloads the same bytes as the command line,
settings recorded in every PDF, and a load of previews and builds that leaves nothing behind."""

from __future__ import annotations

import io
import json
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time
import zipfile
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import pytest
from pypdf import PdfReader

from deckgen.games import games
from deckgen.games.cleariosity.game import PRESET_FILES
from tests.servekit import Server, load, request, start_server

DATA = Path(__file__).parents[1] / "data"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Server:
    tmp = tmp_path_factory.mktemp("serve")
    started = start_server(tmp)
    yield started
    said = started.stop()
    assert "stopped" in said
    assert "error on" not in said, said
    assert started.process.returncode == 0
    assert not list(tmp.glob("deckgen-serve-*")), "the server left its temporary folder behind"


def own(server: Server) -> dict[str, str]:
    return {"Origin": server.url.rstrip("/")}


class Controls(HTMLParser):
    """Form controls, the labels that name them, and the text of elements by id."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, str | None]] = []
        self.labelled: set[str] = set()
        self.in_label = 0
        self.texts: dict[str, str] = {}
        self._open: list[str | None] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "label":
            self.in_label += 1
            if a.get("for"):
                self.labelled.add(a["for"] or "")
        if tag in ("input", "select", "textarea") and a.get("type") != "hidden":
            self.controls.append({**a, "tag": tag, "wrapped": "yes" if self.in_label else None})
        if tag not in ("input", "br", "img", "meta", "link"):
            self._open.append(a.get("id"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self.in_label -= 1
        if tag not in ("input", "br", "img", "meta", "link") and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for element in self._open:
            if element:
                self.texts[element] = self.texts.get(element, "") + data


def parse(html: str) -> Controls:
    parser = Controls()
    parser.feed(html)
    return parser


@pytest.mark.parametrize("key", list(games()))
def test_every_control_has_a_label(server: Server, key: str) -> None:
    answer = request(server.url + "?" + urlencode({"game": key}))
    assert answer.status == 200
    page = parse(answer.text)
    assert len(page.controls) > 10
    for control in page.controls:
        assert control["wrapped"] or control.get("id") in page.labelled, f"unlabelled control {control}"
    assert "Content-Security-Policy" in answer.headers


def test_requests_from_elsewhere_are_refused(server: Server) -> None:
    port = server.port
    assert request(server.url, headers={"Host": f"attacker.example:{port}"}).status == 403
    body = b"game=cleariosity"
    assert request(server.url + "download", body, {"Origin": "http://attacker.example"}).status == 403
    assert request(server.url + "download", body).status == 403  # a form must say where it came from
    assert request(server.url + "download", body, {"Referer": "http://attacker.example/page"}).status == 403
    assert request(server.url + "nothing-here").status == 404
    assert request(server.url + "static/../server.py").status == 404


def test_wrong_values_are_named_beside_their_field(server: Server) -> None:
    html = request(server.url + "?game=cleariosity&sets=0&kerf=-2mm&margin=lots").text
    page = parse(html)
    assert "1 to 200" in page.texts["sets-error"]
    assert 'id="sets" name="sets" min="1" max="200" value="0"' in html  # shown back as given
    assert "negative" in page.texts["kerf-error"]
    assert page.texts["margin-error"].strip()
    # A value that is right but does nothing for this print job: the build's own one line, at its field.
    page = parse(request(server.url + "?game=treenex&mirror=on").text)
    assert "--mirror does nothing here" in page.texts["mirror-error"]
    assert "--mirror does nothing here" in page.texts["problem"]
    # Clear cards are offered film only: another material is named as wrong, and film is used.
    page = parse(request(server.url + "?game=cleariosity&material=cardstock").text)
    assert "choose one from the list" in page.texts["material-error"]
    assert "choose one from the list" in page.texts["problem"]


def multipart(fields: dict[str, str], name: str, filename: str, data: bytes) -> tuple[bytes, str]:
    boundary = "deckgen-test-boundary"
    parts = []
    for key, value in fields.items():
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{key}"\r\n\r\n{value}\r\n'.encode())
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n".encode()
        + data
        + b"\r\n"
    )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def upload(server: Server, game: str, filename: str, data: bytes) -> tuple[int, str, str]:
    body, kind = multipart({"game": game, "sets": "2"}, "deck_file", filename, data)
    answer = request(server.url + "upload", body, {**own(server), "Content-Type": kind})
    return answer.status, answer.headers.get("Location", ""), answer.text


def test_uploads_are_checked_as_the_command_line_checks_files(server: Server, tmp_path: Path) -> None:
    # A deck naming a spec that is not there: the command line's own message, beside the field.
    broken = (DATA / "two-digit-deck.toml").read_text().replace("two-digit-spec.toml", "no-such-spec.toml")
    status, _, html = upload(server, "cleariosity", "my deck.toml", broken.encode())
    assert status == 400
    message = parse(html).texts["deck_file-error"]
    assert "no-such-spec.toml" in message and str(tmp_path.root) + "tmp" not in message
    assert "deckgen-serve" not in message, "a message named a folder on the server"
    status, _, html = upload(server, "cleariosity", "deck.toml", b"cards = [ {")
    assert status == 400 and parse(html).texts["deck_file-error"].strip()
    status, _, html = upload(server, "cleariosity", "deck.pdf", b"%PDF")
    assert status == 400 and "deck file" in parse(html).texts["deck_file-error"]
    status, _, html = upload(server, "cleariosity", "big.toml", b"#" * 2_500_000)
    assert status == 413


def test_a_good_upload_is_used_and_recorded_by_its_file_name(server: Server, tmp_path: Path) -> None:
    deck = (Path(__file__).parents[2] / "templates" / "cleariosity" / "cleariosity-numbers.toml").read_text()
    status, location, _ = upload(server, "cleariosity", "../secret/tables.toml", deck.encode())
    assert status == 303, location
    assert "upload=" in location
    page = parse(request(server.url + location.lstrip("/")).text)
    assert "--file tables.toml" in page.texts["command"]
    assert "60 cards" in page.texts["counts"]
    sheet = request(server.url + "preview/sheet.png?" + location.split("?", 1)[1])
    assert sheet.status == 200 and sheet.body.startswith(b"\x89PNG")


def build_with_cli(words: list[str], out: Path) -> dict[str, bytes]:
    subprocess.run([sys.executable, "-m", "deckgen", "build", *words, "--out", str(out)], check=True)
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_downloads_are_the_files_the_command_line_makes(server: Server, tmp_path: Path) -> None:
    settings = {"game": "treenex", "sets": "3", "paper": "a4", "material": "paper", "sides": "fold"}
    page = parse(request(server.url + "?" + urlencode(settings)).text)
    command = page.texts["command"].strip()
    assert command == "deckgen build --format pdf --game treenex --paper a4 --media paper --sets 3 --duplex fold"
    answer = request(server.url + "download", urlencode(settings).encode(), own(server))
    assert answer.status == 200
    assert answer.headers["Content-Type"] == "application/zip"
    with zipfile.ZipFile(io.BytesIO(answer.body)) as bundle:
        downloaded = {name: bundle.read(name) for name in bundle.namelist()}
    made = build_with_cli(shlex.split(command)[2:], tmp_path / "cli")
    made = {name: data for name, data in made.items() if not name.startswith(".")}
    assert sorted(downloaded) == sorted(made) == ["teacher-pack.pdf", "treenex.pdf"]
    for name, data in made.items():
        assert downloaded[name] == data, f"{name} differs from the command line's"
        assert PdfReader(io.BytesIO(data)).metadata["/Keywords"] == command


def test_a_pdfs_recorded_command_makes_it_again(tmp_path: Path) -> None:
    first = build_with_cli(["--game", "cleariosity", "--sets", "2", "--paper", "a4", "--grid-ticks"], tmp_path / "a")
    recorded = PdfReader(io.BytesIO(first["cleariosity-numbers.pdf"])).metadata["/Keywords"]
    assert recorded == "deckgen build --format pdf --game cleariosity --paper a4 --sets 2 --grid-ticks"
    again = build_with_cli(shlex.split(recorded)[2:], tmp_path / "b")
    for name in ("cleariosity-numbers.pdf", "teacher-pack.pdf"):
        assert again[name] == first[name]
        assert PdfReader(io.BytesIO(again[name])).metadata["/Keywords"] == recorded


def test_calibration_sheet_download(server: Server) -> None:
    answer = request(server.url + "calibration", b"game=treenex&paper=a4", own(server))
    assert answer.status == 200 and answer.body.startswith(b"%PDF")
    assert 'filename="calibration.pdf"' in answer.headers["Content-Disposition"]


def test_load_previews_and_builds_at_once(tmp_path: Path) -> None:
    """20 previews and 5 builds at once all complete; memory stays bounded; no folder is left."""
    server = start_server(tmp_path)
    try:
        request(server.url + "preview/sheet.png?game=cleariosity")
        before = server.rss_kb()
        answers = load(server, first_sets=1)
        assert [a.status for a in answers] == [200] * 25
        assert all(a.body.startswith(b"\x89PNG") for a in answers[:20])
        assert all(a.body.startswith(b"PK") for a in answers[20:])
        grown = server.rss_kb() - before
        assert grown < 200_000, f"the server grew by {grown} kB"
        root = next(tmp_path.glob("deckgen-serve-*"))
        # Each job's folder goes once its file is sent (a moment after the browser has it all).
        for _ in range(50):
            if not list(root.glob("job-*")):
                break
            time.sleep(0.1)
        assert not list(root.glob("job-*")), "a job's folder was left behind"
    finally:
        said = server.stop()
    assert "stopped" in said
    assert "error" not in said, said
    assert not list(tmp_path.glob("deckgen-serve-*"))


def test_a_spec_upload_designs_a_deck_while_the_page_waits(server: Server) -> None:
    """An uploaded deck spec is designed as `deckgen design --spec FILE --seed 1` designs it: the
    page waits (refreshing itself), then uses the deck, which has the shipped preset's cards."""
    root = Path(__file__).parents[2] / "templates"
    spec = (root / "cleariosity" / "specs" / "pairs.toml").read_bytes()
    status, location, _ = upload(server, "cleariosity", "our pairs.toml", spec)
    assert status == 303 and "design=" in location
    waiting = request(server.url + location.lstrip("/"))
    assert waiting.status == 200
    assert 'http-equiv="refresh"' in waiting.text and "our-pairs.toml" in waiting.text
    deadline = time.monotonic() + 120
    while True:
        answer = request(server.url + location.lstrip("/"))
        if answer.status == 303:
            location = answer.headers["Location"]
            break
        assert time.monotonic() < deadline, "the design took longer than 2 minutes"
        time.sleep(1)
    assert "upload=" in location and "design=" not in location
    page = parse(request(server.url + location.lstrip("/")).text)
    assert "2 sets of 30 cards" in page.texts["counts"]
    designed = request(
        server.url + "download",
        urlencode({"game": "cleariosity", "upload": location.split("upload=")[1], "pack": "0"}).encode(),
        own(server),
    )
    assert designed.status == 200 and designed.body.startswith(b"%PDF")
    shipped = build_with_cli(["--game", "cleariosity", "--preset", "pairs", "--no-pack"], Path(tempfile.mkdtemp()))

    # The same cards as the shipped preset: the PDFs differ only in the command they record.
    def text(pdf: bytes) -> list[str]:
        return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]

    assert text(designed.body) == text(shipped["cleariosity-pairs.pdf"])  # a preset's PDF carries its name


def test_a_broken_spec_upload_is_one_line_beside_the_field(server: Server) -> None:
    bad = b'spec_version = 1\nname = "x"\nnumbers = "0-9"\n[[tiers]]\nname = "green"\ncolour = "green"\ncards = 12\n'
    status, _, html = upload(server, "cleariosity", "x.toml", bad)
    assert status == 400
    message = parse(html).texts["deck_file-error"]
    assert "x.toml" in message and "adds" in message and "\n" not in message.strip()


def test_requests_that_would_tie_up_the_server_are_refused_or_kept_small(server: Server) -> None:
    # Another site's page asking for a picture (an <img> there): refused before any work.
    url = server.url + "preview/card.png?game=treenex&layout=single&card_size=1000x1000mm"
    assert request(url, headers={"Sec-Fetch-Site": "cross-site"}).status == 403
    # The page's own request for a huge card: a picture of the usual size, not gigabytes.
    answer = request(url, headers={"Sec-Fetch-Site": "same-origin"})
    assert answer.status == 200
    from PIL import Image

    assert max(Image.open(io.BytesIO(answer.body)).size) <= 600
    # Forms without a length, or shorter than they said: refused at once, the thread freed.
    import socket

    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(
            f"POST /download HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nOrigin: {server.url.rstrip('/')}\r\n"
            "Transfer-Encoding: chunked\r\n\r\nc\r\ngame=treenex\r\n0\r\n\r\n".encode()
        )
        assert raw.recv(100).startswith(b"HTTP/1.1 411")
    assert request(server.url + "static/" + "a" * 300 + ".css").status == 404


def test_uploads_name_no_place_on_the_server(server: Server) -> None:
    treenex = (Path(__file__).parents[2] / "templates" / "treenex" / "treenex.toml").read_bytes()
    status, _, html = upload(server, "cleariosity", "numbers.toml", treenex)
    assert status == 400 and "a deck for Treenex" in parse(html).texts["deck_file-error"]
    for spec in ("/etc/passwd", "../../pyproject.toml"):
        deck = (Path(__file__).parents[2] / "templates" / "cleariosity" / "cleariosity-pairs.toml").read_text()
        deck = deck.replace('spec = "pairs"', f'spec = "{spec}"')
        status, _, html = upload(server, "cleariosity", "pairs.toml", deck.encode())
        message = parse(html).texts["deck_file-error"]
        assert status == 400 and "names the file" in message and spec in message
    # A kept deck asked for under another game, or one no longer kept: said, and never built as another deck.
    good = (Path(__file__).parents[2] / "templates" / "cleariosity" / "cleariosity-pairs.toml").read_bytes()
    status, location, _ = upload(server, "cleariosity", "pairs.toml", good)
    assert status == 303
    kept = location.split("upload=")[1]
    page = request(server.url + f"?game=treenex&upload={kept}").text
    assert "for Cleariosity Numbers" in parse(page).texts["problem"] and "deckgen-serve" not in page
    lost = request(server.url + "download", b"game=treenex&sets=4&upload=abcdef0123456789abcdef01", own(server))
    assert lost.status == 400 and "no longer kept" in lost.text
    assert 'href="/?game=treenex&amp;sets=4' in lost.text  # back to the page, settings kept
    summary = json.loads(request(server.url + "summary?game=treenex&upload=abcdef0123456789abcdef01").text)
    assert "no longer kept" in summary["problem"]


def test_a_port_in_use_is_one_line(tmp_path: Path) -> None:
    import socket

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "deckgen", "serve", "--no-browser", "--port", str(port)],
            capture_output=True,
            text=True,
            timeout=60,
            env={**os.environ, "TMPDIR": str(tmp_path)},
        )
    assert result.returncode == 1
    assert result.stderr.count("\n") == 1 and "cannot listen there (Address already in use)" in result.stderr
    assert not list(tmp_path.iterdir()), "a refused start left a folder behind"


def test_the_preset_list_names_each_deck_once_and_the_page_sends_no_one_to_the_readme(server: Server) -> None:
    html = request(server.url + "?game=cleariosity").text
    listed = re.search(r'<fieldset class="radios" id="preset".*?</fieldset>', html, flags=re.S)
    assert listed is not None  # long titles: radio buttons, each title wrapping in the column
    labels = [label.strip() for label in re.findall(r'<input type="radio"[^>]*>([^<]*)</label>', listed.group(0))]
    assert [label.split(":")[0] for label in labels].count("standard") == 1, labels
    # Every preset deck once: standard (the first choice), then pairs, starter, the times tables ...
    assert len(labels) == len(PRESET_FILES) and len(labels) >= 6, labels
    assert "README" not in html


def test_replacement_cards_on_the_page_are_the_command_lines(server: Server, tmp_path: Path) -> None:
    """ "Print replacement cards": the ids typed are --only, the preview says how many cards are
    printed, and the download is the PDF the command it shows makes, byte for byte."""
    settings = {"game": "treenex", "sets": "2", "only": "T03, T17", "pack": "0"}
    summary = json.loads(request(server.url + "summary?" + urlencode(settings)).body)
    assert summary["counts"].startswith("Replacement cards: 4 cards on "), summary  # two cards, two sets
    command = summary["command"]
    assert command == "deckgen build --format pdf --game treenex --sets 2 --only 'T03, T17' --no-pack"
    html = request(server.url + "?" + urlencode(settings)).text
    assert '<details id="replacements" open>' in html and 'value="T03, T17"' in html
    answer = request(server.url + "download", urlencode(settings).encode(), own(server))
    assert answer.status == 200 and answer.headers["Content-Type"] == "application/pdf"
    # Named for the cards it holds, as on the command line: never like the class set's file.
    name = "treenex-replacements-T03-T17.pdf"
    assert answer.headers["Content-Disposition"] == f'attachment; filename="{name}"'
    made = build_with_cli(shlex.split(command)[2:], tmp_path / "cli")
    assert answer.body == made[name]
    wrong = json.loads(request(server.url + "summary?game=treenex&only=T99").body)
    assert "--only T99: no such card" in wrong["problem"]


@pytest.mark.parametrize(
    ("header", "query", "words"),
    [
        ("de-DE,de;q=0.9,en;q=0.5", "", ["Vorschau", "Dateien herunterladen", "1 Satz zu 60 Karten"]),
        ("fr-FR,fr;q=0.9", "", ["Aperçu", "Télécharger les fichiers", "1 jeu de 60 cartes"]),
        ("es-ES,es;q=0.9", "", ["Vista previa", "Descargar los archivos", "1 juego de 60 cartas"]),
        ("de-DE,de;q=0.9", "&lang=en", ["Preview", "Download the files", "1 set of 60 cards"]),
        ("en-US", "&lang=de", ["Vorschau", "Karten drucken auf"]),
    ],
)
def test_the_page_speaks_the_visitors_language_and_builds_in_it(
    server: Server, header: str, query: str, words: list[str]
) -> None:
    """The browser's language, or the one chosen on the page (kept in the address); the command
    the page shows builds in that language (its pack, and the signs its schools write)."""
    answer = request(server.url + "?game=cleariosity" + query, headers={"Accept-Language": header})
    html = answer.text
    language = (query.removeprefix("&lang=") or header[:2]) if query else header[:2]
    assert f'<html lang="{language}">' in html
    for word in words:
        assert word in html, word
    command = parse(html).texts["command"]
    assert (f"--lang {language}" in command) == (language != "en") and "--signs" not in command
    # The paper the page starts with: the one schools of the language's home country print on,
    # A4 in Germany, France and Spain, Letter in the United States; --lang implies it.
    assert "--paper" not in command and "--region" not in command
    assert re.search(r'<option value="a4" selected>', html) or language == "en"
    assert '<select id="lang" name="lang">' in html


def test_a_german_pages_download_is_the_command_lines_german_deck(server: Server, tmp_path: Path) -> None:
    settings = {"game": "cleariosity", "pack": "0", "lang": "de"}
    summary = json.loads(request(server.url + "summary?" + urlencode(settings)).body)
    # In German, on A4 and with the signs German schools write: both come with --lang de.
    assert summary["command"] == "deckgen build --lang de --format pdf --game cleariosity --no-pack"
    answer = request(server.url + "download", urlencode(settings).encode(), own(server))
    made = build_with_cli(shlex.split(summary["command"])[2:], tmp_path / "cli")
    assert answer.body == made["cleariosity-numbers.pdf"]


def test_previews_follow_the_browsers_language_for_the_same_address(server: Server) -> None:
    """The same address from an English and a German browser: the stack's orange mark is ÷ for
    one and : for the other (a preview kept for one is not shown to the other)."""
    url = server.url + "preview/stack.png?game=cleariosity&sets=7"
    english = request(url, headers={"Accept-Language": "en"}).body
    german = request(url, headers={"Accept-Language": "de"}).body
    assert english != german
    assert request(url, headers={"Accept-Language": "en-GB"}).body == english


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_every_label_of_the_page_is_words_not_the_catalogues_header(server: Server, language: str) -> None:
    html = request(server.url + f"?game=treenex&lang={language}&cutting=laser").text
    assert "Project-Id-Version" not in html and "Content-Type: text/plain" not in html
    labels = re.findall(r"<label[^>]*>([^<]+)", html)
    assert len(labels) > 20 and all(label.strip() for label in labels)


def test_replacement_cards_with_the_pack_ticked_come_with_the_pack(server: Server) -> None:
    settings = {"game": "treenex", "only": "T03"}
    summary = json.loads(request(server.url + "summary?" + urlencode(settings)).body)
    assert summary["command"].endswith("--only T03 --pack"), summary["command"]
    assert "teacher pack" in summary["download_what"]
    answer = request(server.url + "download", urlencode({**settings, "sets": "30"}).encode(), own(server))
    stem = "treenex-replacements-T03"
    assert answer.headers["Content-Disposition"] == f'attachment; filename="{stem}.zip"'
    with zipfile.ZipFile(io.BytesIO(answer.body)) as bundle:
        assert {f"{stem}.pdf", f"{stem}-teacher-pack.pdf", f"{stem}-calibration.pdf"} == set(bundle.namelist())


def test_a_laser_option_waits_while_cutting_by_hand(server: Server) -> None:
    """Set for laser files, then cutting by hand: the sheets are previewed as before (the option,
    kept in the address, is left out of the build until laser files are made again)."""
    by_hand = json.loads(request(server.url + "summary?game=treenex&frame=on&kerf=0.2mm").body)
    assert "problem" not in by_hand or not by_hand["problem"], by_hand
    assert "--frame" not in by_hand["command"] and "--kerf" not in by_hand["command"]
    by_laser = json.loads(request(server.url + "summary?game=treenex&frame=on&kerf=0.2mm&cutting=laser").body)
    assert "--frame" in by_laser["command"] and "--kerf 0.2mm" in by_laser["command"]


def test_the_card_preview_of_replacement_cards_is_the_first_card_printed(server: Server) -> None:
    first = request(server.url + "preview/card.png?game=cleariosity").body
    replaced = request(server.url + "preview/card.png?game=cleariosity&only=O11").body
    assert replaced != first
    again = request(server.url + "preview/card.png?game=cleariosity&only=O11,O12").body
    assert again == replaced  # O11 comes first on the sheets


@pytest.mark.parametrize("query", ["only=G05&cutting=laser", "only_set=1&pictures=1"])
def test_replacement_cards_with_other_files_are_said_at_the_field(server: Server, query: str) -> None:
    summary = json.loads(request(server.url + "summary?game=cleariosity&lang=de&" + query).body)
    field = query.split("=")[0]
    assert "Ersatzkarten werden nur auf Bögen gedruckt" in summary["errors"][field]


@pytest.mark.parametrize("typed", ["2_0", "+2", " ２", "-1"])
def test_a_set_number_is_plain_digits(server: Server, typed: str) -> None:
    summary = json.loads(
        request(server.url + "summary?" + urlencode({"game": "treenex", "sets": "30", "only_set": typed})).body
    )
    assert "only_set" in summary["errors"], summary


def test_letter_chosen_on_a_german_page_stays_letter(server: Server) -> None:
    summary = json.loads(request(server.url + "summary?game=treenex&lang=de&paper=letter").body)
    assert "paper=letter" in summary["query"] and "--paper letter" in summary["command"]
    english = json.loads(request(server.url + "summary?game=treenex&paper=a4").body)
    assert "paper=a4" in english["query"] and "--paper a4" in english["command"]


def test_a_file_name_in_the_teachers_language_is_kept_as_she_wrote_it(server: Server) -> None:
    """wörter.csv used to become w-rter.csv on the page, in the command and in the pack."""
    status, location, _ = upload(server, "flashcards", "wörter.csv", b"front,back\nHund,dog\n")
    assert status == 303, location
    page = parse(request(server.url + location.lstrip("/")).text)
    words = shlex.split(page.texts["command"])
    assert words[words.index("--file") + 1] == "wörter.csv"
    query = location.split("?", 1)[1]
    answer = request(server.url + "download", query.encode(), own(server))
    assert answer.status == 200
    with zipfile.ZipFile(io.BytesIO(answer.body)) as bundle:
        pdf = bundle.read("flashcards.pdf")
    recorded = shlex.split(PdfReader(io.BytesIO(pdf)).metadata["/Keywords"])
    assert recorded[recorded.index("--file") + 1] == "wörter.csv"
