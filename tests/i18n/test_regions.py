"""The class's country: the paper its schools print on and the signs they write follow it, on
the command line (--region, DECKGEN_REGION, and --lang alone for the language's home country)
and on the page (from the browser's Accept-Language, with a chooser); a paper or signs given
outright win; the teacher pack says which paper its sheets are made for."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest

from deckgen.build import BuildRequest, prepare
from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.i18n import _, speaking
from deckgen.pack_text import NAMED_PAPER, PAPER_FOR
from deckgen.regions import COUNTRIES, country_from_accept_language, read_region, usual_paper, usual_signs
from deckgen.units import PAPER_SIZES
from tests.servekit import Server, request, start_server

A4, LETTER = PAPER_SIZES["a4"], PAPER_SIZES["letter"]


def paper_of(**request: object) -> tuple[float, float]:
    job = prepare(BuildRequest(games=("treenex",), pack=False, **request), plan_lasers=False)  # type: ignore[arg-type]
    return job.decks["treenex"].settings.paper


@pytest.mark.parametrize(
    ("language", "region", "paper"),
    [
        ("en", None, LETTER),
        ("de", None, A4),
        ("fr", None, A4),
        ("es", None, A4),
        ("fr", "CA", LETTER),
        ("es", "MX", LETTER),
        ("en", "CA", LETTER),
        ("en", "GB", A4),
        ("en", "DE", A4),
        ("de", "US", LETTER),
    ],
)
def test_the_paper_follows_the_country(language: str, region: str | None, paper: tuple[float, float]) -> None:
    assert paper_of(language=language, region=region) == paper


def test_a_paper_given_outright_wins_over_the_country() -> None:
    assert paper_of(language="de", options={"paper": "letter"}) == LETTER
    assert paper_of(language="en", region="CA", options={"paper": "a4"}) == A4


@pytest.mark.parametrize(
    ("language", "country", "signs"),
    [
        ("en", "US", "×÷"),
        ("de", "DE", "·:"),
        ("de", "AT", "·:"),
        ("fr", "FR", "×:"),
        ("fr", "CA", "×÷"),  # Quebec's primary programme lists × and ÷
        ("es", "ES", "×:"),
        ("es", "MX", "×÷"),
        ("en", "CA", "×÷"),
    ],
)
def test_the_signs_follow_the_country_and_the_language(language: str, country: str, signs: str) -> None:
    assert usual_signs(language, country) == signs


@pytest.mark.parametrize(
    ("text", "read"),
    [("DE", (None, "DE")), ("fr-CA", ("fr", "CA")), ("es_mx", ("es", "MX")), (" ca ", (None, "CA"))],
)
def test_a_region_is_a_country_or_a_language_and_a_country(text: str, read: tuple[str | None, str]) -> None:
    assert read_region(text) == read


def test_the_uk_is_read_as_gb() -> None:
    assert read_region("uk") == (None, "GB") and read_region("en-UK") == ("en", "GB")


@pytest.mark.parametrize("text", ["en", "fr-XX", "EU", "zz"])
def test_two_letters_that_name_no_country_are_refused_not_printed_on_a4(text: str) -> None:
    """``--region en`` (a language, meant for the United States) used to print on A4."""
    with pytest.raises(DeckgenError) as refused:
        read_region(text)
    assert repr(text) in str(refused.value) and text[-2:].upper() in str(refused.value)


def test_the_countries_are_the_cldr_territories_without_groupings_and_private_codes() -> None:
    from babel import Locale  # a test requirement (make translations)

    territories = {code for code in Locale("en").territories if len(code) == 2 and code.isalpha()}
    assert COUNTRIES == territories - {"EU", "EZ", "UN", "QO", "XA", "XB", "ZZ"}
    assert {"US", "CA", "MX", "DE", "AT", "CH", "FR", "BE", "ES", "GB", "XK"} <= COUNTRIES


def test_a_region_that_is_no_country_is_one_line_in_the_language(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--region", "Deutschland", "--lang", "de"]) == 2
    (line,) = capsys.readouterr().err.strip().splitlines()
    with speaking("de"):
        variable = _("(or the environment variable {name})").format(name="'DECKGEN_REGION'")
        assert _("Invalid value for {option}: {message}").format(option=f"'--region' {variable}", message="") in line
    assert "Deutschland" in line and "fr-CA" in line


def cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("DECKGEN_LANG", "DECKGEN_REGION")}
    return subprocess.run(
        [sys.executable, "-m", "deckgen", *args], capture_output=True, text=True, env={**environment, **(env or {})}
    )


def pdf_field(pdf: Path, field: str) -> str:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return next(line.split(":", 1)[1].strip() for line in info.splitlines() if line.startswith(field + ":"))


def text_of(pdf: Path) -> str:
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout


def test_build_in_german_alone_prints_on_a4_and_the_pack_says_so(tmp_path: Path) -> None:
    done = cli("build", "--game", "treenex", "--lang", "de", "--out", str(tmp_path))
    assert done.returncode == 0, done.stderr
    assert "(A4)" in pdf_field(tmp_path / "treenex.pdf", "Page size")
    assert "(A4)" in pdf_field(tmp_path / "teacher-pack.pdf", "Page size")
    assert pdf_field(tmp_path / "treenex.pdf", "Keywords") == "deckgen build --lang de --format pdf --game treenex"
    pack = " ".join(text_of(tmp_path / "teacher-pack.pdf").split())
    with speaking("de"):
        named = _(NAMED_PAPER).format(name="A4", size="210 × 297 mm")
        said = _(PAPER_FOR)
    assert said.format(paper=named) in pack and "made for" not in pack


def test_a_region_with_its_language_speaks_it_prints_on_its_paper_with_its_signs(tmp_path: Path) -> None:
    """--region fr-CA (or DECKGEN_REGION=fr-CA): a French pack, on Letter, with × and ÷, as Quebec's schools write."""
    quebec = tmp_path / "quebec"
    done = cli("build", "--game", "cleariosity", "--region", "fr-CA", "--out", str(quebec))
    assert done.returncode == 0, done.stderr
    assert "(letter)" in pdf_field(quebec / "cleariosity-numbers.pdf", "Page size")
    keywords = pdf_field(quebec / "cleariosity-numbers.pdf", "Keywords")
    assert keywords == "deckgen build --lang fr --region CA --format pdf --game cleariosity"
    pack = text_of(quebec / "teacher-pack.pdf")
    with speaking("fr"):
        assert pack.startswith(_("Teacher pack")) and _("US Letter") in pack
    assert "÷" in pack
    france = tmp_path / "france"
    assert cli("build", "--game", "cleariosity", "--lang", "fr", "--out", str(france)).returncode == 0
    assert "÷" not in text_of(france / "teacher-pack.pdf")
    assert "(A4)" in pdf_field(france / "cleariosity-numbers.pdf", "Page size")
    # Set once in the environment, the same files; --lang and --paper given win.
    told = tmp_path / "told"
    done = cli("build", "--game", "cleariosity", "--out", str(told), env={"DECKGEN_REGION": "fr-CA"})
    assert done.returncode == 0, done.stderr
    assert (told / "cleariosity-numbers.pdf").read_bytes() == (quebec / "cleariosity-numbers.pdf").read_bytes()
    english = tmp_path / "english"
    done = cli(
        "build",
        "--game",
        "treenex",
        "--lang",
        "en",
        "--paper",
        "a4",
        "--out",
        str(english),
        env={"DECKGEN_REGION": "fr-CA"},
    )
    assert done.returncode == 0, done.stderr
    assert "(A4)" in pdf_field(english / "treenex.pdf", "Page size") and "Teacher pack" in text_of(
        english / "teacher-pack.pdf"
    )


def test_calibrate_and_show_follow_the_country(tmp_path: Path) -> None:
    assert cli("calibrate", "--lang", "de", "--out", str(tmp_path / "de.pdf")).returncode == 0
    assert "(A4)" in pdf_field(tmp_path / "de.pdf", "Page size")
    assert cli("calibrate", "--region", "fr-CA", "--out", str(tmp_path / "ca.pdf")).returncode == 0
    assert "(letter)" in pdf_field(tmp_path / "ca.pdf", "Page size")
    france = cli("show", "G23", "O02", "--lang", "fr", "--out", str(tmp_path / "fr.png"))
    quebec = cli("show", "G23", "O02", "--region", "fr-CA", "--out", str(tmp_path / "ca.png"))
    assert france.stdout.startswith("6 : 2 = 3") and quebec.stdout.startswith("6 ÷ 2 = 3"), (france, quebec)


@pytest.mark.parametrize(
    ("header", "language", "country"),
    [
        ("fr-CA,fr;q=0.9,en;q=0.8", "fr", "CA"),
        ("en-US,en;q=0.9,fr-CA;q=0.5", "fr", "CA"),
        ("de", "de", None),
        ("de-AT,de;q=0.9", "de", "AT"),
        ("zh-Hant-TW", "zh", "TW"),
        ("en-GB", "de", None),
        ("es-419,es;q=0.9", "es", None),
        ("de-XA,de;q=0.9", "de", None),
        ("en-UK", "en", "GB"),
    ],
)
def test_the_browsers_country_is_that_of_the_pages_language(header: str, language: str, country: str | None) -> None:
    assert country_from_accept_language(header, language) == country


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Server:
    started = start_server(tmp_path_factory.mktemp("regions"), environment={"DECKGEN_REGION": "fr-CA"})
    yield started  # type: ignore[misc]
    started.stop()


def summary(server: Server, header: str, **query: str) -> dict[str, object]:
    answer = request(
        server.url + "summary?" + urlencode({"game": "cleariosity", **query}), headers={"Accept-Language": header}
    )
    return json.loads(answer.body)  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("header", "command", "paper"),
    [
        ("fr-CA,fr;q=0.9", "deckgen build --lang fr --region CA --format pdf --game cleariosity", "letter"),
        ("es-MX,es;q=0.9", "deckgen build --lang es --region MX --format pdf --game cleariosity", "letter"),
        ("de-DE,de;q=0.9", "deckgen build --lang de --format pdf --game cleariosity", "a4"),
        ("en-GB,en;q=0.9", "deckgen build --region GB --format pdf --game cleariosity", "a4"),
        ("en-US", "deckgen build --format pdf --game cleariosity", "letter"),
    ],
)
def test_the_page_starts_on_the_paper_and_signs_of_the_browsers_country(
    server: Server, header: str, command: str, paper: str
) -> None:
    """The server's own DECKGEN_REGION (fr-CA here) is for browsers that name no country; each
    of these names one, and the page's command (which the download runs) names it where needed."""
    assert summary(server, header)["command"] == command
    page = request(server.url + "?game=cleariosity", headers={"Accept-Language": header}).text
    assert f'<option value="{paper}" selected>' in page
    country = header[3:5]
    assert f'<option value="{country}" selected>' in page  # the chooser shows it
    assert usual_paper(country) == paper


def test_the_country_chosen_on_the_page_wins_and_its_download_is_the_command_lines(
    server: Server, tmp_path: Path
) -> None:
    from tests.serve.test_serve import build_with_cli, own

    said = summary(server, "de-DE", region="CA", pack="0")
    assert said["command"] == "deckgen build --lang de --region CA --format pdf --game cleariosity --no-pack"
    assert "region=CA" in str(said["query"])
    form = urlencode({"game": "cleariosity", "region": "CA", "pack": "0"}).encode()
    answer = request(server.url + "download", form, {**own(server), "Accept-Language": "de-DE"})
    made = build_with_cli(
        ["--lang", "de", "--region", "CA", "--format", "pdf", "--game", "cleariosity", "--no-pack"], tmp_path
    )
    assert answer.body == made["cleariosity-numbers.pdf"]
    # A region on the page's address that names no country is not taken.
    assert "--region" not in str(summary(server, "de-DE", region="XX")["command"])
    # A browser naming no country: the server's --region (DECKGEN_REGION here), named in the command.
    assert summary(server, "fr")["command"] == "deckgen build --lang fr --region CA --format pdf --game cleariosity"


def test_the_signs_the_page_offers_first_are_the_countrys(server: Server) -> None:
    quebec = request(server.url + "?game=cleariosity", headers={"Accept-Language": "fr-CA"}).text
    france = request(server.url + "?game=cleariosity", headers={"Accept-Language": "fr-FR"}).text
    with speaking("fr"):
        usual = _("As schools write them ({country}): {signs}")
        assert usual.format(country=_("Canada"), signs="× ÷") in quebec
        assert usual.format(country=_("France"), signs="× :") in france
