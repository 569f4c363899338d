"""The page's own controls for what the command line does with --front, --back and --font: a
sheet whose columns are not called front and back is kept and its headings offered to tick
(the advice names those fields, not the command line's options), a font is uploaded beside
the deck; the downloads are the command line's files. And the back offset in the page's
language, with a decimal comma."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path
from urllib.parse import urlencode

import pytest

from deckgen.i18n import _, speaking
from tests.serve.test_serve import multipart, own, parse, upload
from tests.servekit import Server, request, start_server

HANZI = "Hanzi,Pinyin,English\n你好,nǐ hǎo,hello\n谢谢,xièxie,thank you\n学习,xuéxí,to study\n".encode()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Server:
    started = start_server(tmp_path_factory.mktemp("serve-columns"))
    yield started  # type: ignore[misc]
    started.stop()


def heebo() -> Path:
    from deckgen.games.flashcards.fonts import shipped_sources

    return next(source.path for source in shipped_sources() if source.key == "heebo")


def cli_build(words: list[str], folder: Path) -> dict[str, bytes]:
    """``deckgen build WORDS`` run in ``folder`` (where the files it names are), as the page runs it."""
    environment = {k: v for k, v in os.environ.items() if k not in ("DECKGEN_LANG", "DECKGEN_REGION")}
    done = subprocess.run(
        [sys.executable, "-m", "deckgen", "build", *words, "--out", "files"],
        cwd=folder,
        capture_output=True,
        text=True,
        env=environment,
    )
    assert done.returncode == 0, done.stderr
    out = folder / "files"
    return {p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}


def test_a_sheet_with_other_headings_is_kept_and_its_columns_ticked_on_the_page(server: Server, tmp_path: Path) -> None:
    status, location, _said = upload(server, "flashcards", "hanzi.csv", HANZI)
    assert status == 303, "a sheet whose sides are not found is kept, to choose its columns on the page"
    html = unescape(request(server.url + location.lstrip("/")).text)
    problem = parse(html).texts["problem"]
    assert "“Front of the card”" in problem and "“Back of the card”" in problem, problem
    assert "--front" not in problem and "'Hanzi', 'Pinyin', 'English'" in problem
    for side in ("front", "back"):
        for heading in ("Hanzi", "Pinyin", "English"):
            assert f'<input type="checkbox" name="{side}" value="{heading}">' in html
    # Ticked in the sheet's order: the command line's options, and its files.
    query = location.split("?", 1)[1] + "&" + urlencode([("front", "Hanzi"), ("back", "Pinyin"), ("back", "English")])
    summary = json.loads(request(server.url + "summary?" + query).body)
    assert "problem" not in summary, summary
    command = "deckgen build --format pdf --game flashcards --sets 2 --front Hanzi --back Pinyin --back English"
    assert summary["command"] == command + " --file hanzi.csv"
    assert "3 cards" in summary["counts"]
    page = unescape(request(server.url + "?" + query).text)
    assert '<input type="checkbox" name="back" value="English" checked>' in page
    settings = dict(
        item.split("=", 1) for item in summary["query"].split("&") if not item.startswith(("front", "back"))
    )
    form = urlencode([*settings.items(), ("front", "Hanzi"), ("back", "Pinyin"), ("back", "English"), ("pack", "0")])
    answer = request(server.url + "download", form.encode(), own(server))
    assert answer.status == 200, answer.text[:300]
    (tmp_path / "hanzi.csv").write_bytes(HANZI)
    words = command.split()[2:] + ["--no-pack", "--file", "hanzi.csv"]
    assert answer.body == cli_build(words, tmp_path)["flashcards.pdf"]
    # The shipped deck has its own columns: going back to it drops those ticked.
    shipped = [pair for pair in summary["query"].split("&") if not pair.startswith("upload=")]
    assert "--front" not in json.loads(request(server.url + "summary?" + "&".join(shipped)).body)["command"]


def test_a_font_is_uploaded_beside_the_deck_and_used_as_the_command_line_uses_it(
    server: Server, tmp_path: Path
) -> None:
    data = heebo().read_bytes()
    body, kind = multipart({"game": "flashcards", "pack": "0"}, "font_file", "heebo.ttf", data)
    answer = request(server.url + "upload", body, {**own(server), "Content-Type": kind})
    assert answer.status == 303, answer.text[:500]
    location = answer.headers["Location"]
    assert "font=" in location
    html = unescape(request(server.url + location.lstrip("/")).text)
    with speaking("en"):
        assert "Using your file <strong>heebo.ttf</strong>." in html
    summary = json.loads(request(server.url + "summary?" + location.split("?", 1)[1]).body)
    assert summary["command"].endswith("--font heebo.ttf --no-pack"), summary["command"]
    download = request(server.url + "download", location.split("?", 1)[1].encode(), own(server))
    assert download.status == 200, download.text[:300]
    shutil.copyfile(heebo(), tmp_path / "heebo.ttf")
    words = summary["command"].split()[2:]
    assert download.body == cli_build(words, tmp_path)["flashcards.pdf"]
    # Not a font: refused beside its field, in the page's words, the deck in use as it was.
    body, kind = multipart({"game": "flashcards"}, "font_file", "words.ttf", b"front,back\nkite,kite\n")
    refused = request(server.url + "upload", body, {**own(server), "Content-Type": kind, "Accept-Language": "de"})
    assert refused.status == 400
    said = parse(unescape(refused.text)).texts["font_file-error"]
    with speaking("de"):
        message = _("{where}: not a font file deckgen can read; give a .ttf, .otf or .ttc font file")
        assert said == message.format(where="words.ttf")


def test_the_back_offset_is_named_in_the_pages_language_and_takes_a_decimal_comma(server: Server) -> None:
    html = unescape(request(server.url + "?game=treenex&lang=de").text)
    assert '<label for="back_offset">Rückseiten-Versatz <code>--back-offset</code></label>' in html
    with speaking("de"):
        assert _("Back offset") == "Rückseiten-Versatz"
        assert "Rückseiten-Versatz" in html and "(zum Beispiel 0,5mm;-1mm)" in html
    for typed in ("0,5mm;-1mm", "0,5mm,-1mm", "0.5mm,-1mm"):
        summary = json.loads(
            request(server.url + "summary?" + urlencode({"game": "treenex", "back_offset": typed})).body
        )
        assert "back_offset" not in summary["errors"] and "problem" not in summary, summary
    refused = json.loads(request(server.url + "summary?game=treenex&lang=de&back_offset=0,5mm").body)
    with speaking("de"):
        said = _("back offset {text}: give both DX and DY, e.g. {example}").format(text="'0,5mm'", example="0,5mm;-1mm")
    assert refused["errors"]["back_offset"] == said


def test_every_option_under_all_options_is_named_in_the_pages_language(server: Server) -> None:
    import re

    for language in ("de", "fr", "es"):
        html = unescape(request(server.url + f"?game=treenex&cutting=laser&lang={language}").text)
        labels = dict(re.findall(r'<label for="(\w+)">([^<]+) <code>--', html))
        assert len(labels) > 15
        english = unescape(request(server.url + "?game=treenex&cutting=laser&lang=en").text)
        for name, label in re.findall(r'<label for="(\w+)">([^<]+) <code>--', english):
            assert labels[name] != label, (language, name, label)


def test_columns_ticked_for_another_file_are_dropped(server: Server) -> None:
    """Ticked for one sheet, then another sheet uploaded: only the headings the new one has stay."""
    status, location, _said = upload(server, "flashcards", "words.csv", b"front,back,Notes\nkite,Drachen,toy\n")
    assert status == 303
    query = location.split("?", 1)[1] + "&" + urlencode([("front", "Hanzi"), ("back", "Notes")])
    summary = json.loads(request(server.url + "summary?" + query).body)
    assert "problem" not in summary, summary
    assert summary["command"].endswith("--back Notes --file words.csv") and "Hanzi" not in summary["command"]
