"""Every refusal in the language asked for: each option of each command (the games' own too)
given a value it refuses, or no value, each command an option or an argument it does not know,
an unknown command, a missing required option; and each field of the page given a value it
refuses, and another search asked for a design the page does not know.

Each refusal is said in English and in each translated language, and the translated line may
hold none of the English line's words (once the values typed, the options' names and the
choices quoted are taken out of both): a sentence left in English, or half of one, fails.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import click
import pytest

from deckgen.cli import MeasureType, cli, main
from deckgen.cli_options import RegionType
from deckgen.games import games
from deckgen.i18n import LANGUAGES, _, speaking
from deckgen.serve.choices import LONGEST, direct_options
from deckgen.units import CARD_SIZES, PAPER_SIZES
from tests.serve.test_serve import own, parse
from tests.servekit import Server, request, start_server

TRANSLATED = [key for key in LANGUAGES if key != "en"]
#: Words English shares with a translation, each a word of that language in its own right.
SHARED = {
    "de": {"in", "an", "option", "region", "laser"},
    "fr": {"option", "long", "variable", "pages", "laser"},
    "es": {"no", "use", "variable"},
}
#: Names typed as values, listed unquoted in a refusal (paper and card sizes), DX,DY of an
#: offset, and the kinds of file (PDF).
NAMES = {*PAPER_SIZES, *CARD_SIZES, "DX", "DY", "PDF", "SVG", "PNG"}


def words(line: str, typed: list[str]) -> set[str]:
    """The words of a refusal, less what was typed, the options named and the values quoted."""
    line = line.removeprefix("deckgen: error: ")
    for value in sorted([*typed, *NAMES], key=len, reverse=True):
        line = line.replace(value, " ")
    # Measures with their units (3mm, 0.125in) are the same in every language.
    line = re.sub(r"'[^']*'|\"[^\"]*\"|--[\w-]+|\bdeckgen\b|\d[\w.,]*", " ", line)
    return set(re.findall(r"[^\W\d_]{2,}", line.lower()))


def english_left(english: str, translated: str, language: str, typed: list[str]) -> set[str]:
    return (words(english, typed) & words(translated, typed)) - SHARED[language]


def commands() -> Iterator[tuple[str, click.Command]]:
    for name in sorted({*cli.commands, *cli.game_commands()}):
        command = cli.get_command(click.Context(cli), name)
        assert command is not None
        yield name, command


def bad_values(option: click.Option, folder: Path, file: Path) -> list[list[str]]:
    """The option given each kind of value it refuses, and given none."""
    flag = option.opts[0]
    if option.is_flag:
        return [[f"{flag}=maybe"]]
    kind = option.type
    values: list[str] = []
    if isinstance(kind, click.IntRange):
        values += [str(kind.min - 1)] if kind.min is not None else []
        values += [str(kind.max + 1)] if kind.max is not None else []
        values.append("abc")
    elif isinstance(kind, click.Choice | MeasureType | RegionType):
        values.append("nonsense")
    elif isinstance(kind, click.Path):
        values.append(str(folder) if not kind.dir_okay else str(file))
    return [[flag, value] for value in values] + [[flag]]


def refusals(folder: Path, file: Path) -> list[tuple[str, list[str]]]:
    """(the command, the words after ``--lang``) of every refusal, and the unknown command."""
    made: list[tuple[str, list[str]]] = [("", ["nonsense"])]
    for name, command in commands():
        made.append((name, ["--nonsense"]))
        if not any(isinstance(p, click.Argument) for p in command.params):
            made.append((name, ["extra"]))
        for param in command.params:
            if isinstance(param, click.Option) and param.name != "language":
                made += [(name, bad) for bad in bad_values(param, folder, file)]
        if any(p.required for p in command.params):
            made.append((name, []))
    return made


def said(command: str, language: str, typed: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    args = [command, "--lang", language, *typed] if command else [*typed, "--lang", language]
    status = main(args)
    lines = capsys.readouterr().err.strip().splitlines()
    assert status != 0 and len(lines) == 1, (args, lines)
    return lines[0]


def test_every_refusal_of_every_command_is_in_the_language_asked_for(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file = tmp_path / "a-file.txt"
    file.write_text("x")
    made = refusals(tmp_path, file)
    assert len(made) > 150
    for command, typed in made:
        english = said(command, "en", typed, capsys)
        for language in TRANSLATED:
            translated = said(command, language, typed, capsys)
            left = english_left(english, translated, language, [*typed, str(tmp_path)])
            assert not left, (command, typed, language, translated, left)
            with speaking(language):
                hint = _("(see '{command} --help')").format(command=f"deckgen {command}".strip())
            assert translated.endswith(hint) or "--help" not in english, (translated, hint)


def test_a_refusal_before_the_language_is_read_is_in_it_too(capsys: pytest.CaptureFixture[str]) -> None:
    """The language is known before click reads the line: from --lang anywhere on it, else from DECKGEN_LANG."""
    with speaking("de"):
        expected = _("Option {name!r} does not take a value.").format(name="--pack")
        hint = _("(see '{command} --help')").format(command="deckgen build")
    assert main(["build", "--pack=x", "--lang", "de"]) == 2
    assert capsys.readouterr().err.strip() == f"deckgen: error: {expected} {hint}"


def test_deckgen_alone_shows_what_it_can_do(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    said = capsys.readouterr().err
    assert said.startswith("Usage: deckgen") and "deckgen: error" not in said and "build" in said


def page_fields(key: str) -> list[dict[str, str]]:
    """Each field of the page for this game given a value it refuses."""
    bad = [
        {"sets": "abc"},
        {"sets": "0"},
        {"sets": "201"},
        {"paper": "nonsense"},
        {"printer": "nonsense"},
        {"material": "nonsense"},
        {"sides": "nonsense"},
        {"cutting": "nonsense"},
    ]
    for option in direct_options(games()[key]):
        if option.upload:
            continue  # an uploaded file's id, never typed
        if option.kind in ("choice", "flag"):
            bad.append({option.name: "nonsense"})
        elif option.kind == "number":
            bad += [{option.name: "abc"}, {option.name: str(option.low - 1)}]
        elif option.kind in ("length", "size", "offset"):
            bad.append({option.name: "nonsense"})
        bad.append({option.name: "x" * (LONGEST + 1)})
    return [{"game": key, **fields} for fields in bad]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    started = start_server(tmp_path_factory.mktemp("refusals"))
    yield started
    started.stop()


def page_refusals(server: Server, query: dict[str, str], language: str) -> dict[str, str]:
    """What the page says of a wrong field: beside each field (by name), and where the preview
    was, the line that stops the build (``problem``)."""
    answer = request(server.url + "summary?" + urlencode({**query, "lang": language}))
    said = json.loads(answer.body)
    return {**said["errors"], "problem": said["problem"]}


@pytest.mark.parametrize("key", [*games(), "nonsense"])
def test_every_refusal_beside_a_page_field_is_in_the_pages_language(server: Server, key: str) -> None:
    fields = page_fields(key) if key in games() else [{"game": key}]
    for query in fields:
        english = page_refusals(server, query, "en")
        assert len(english) > 1, query
        for language in TRANSLATED:
            translated = page_refusals(server, query, language)
            assert translated.keys() == english.keys()
            for field, message in translated.items():
                left = english_left(english[field], message, language, list(query.values()))
                assert not left, (query, language, message, left)


def test_another_search_for_a_design_the_page_does_not_know_is_in_its_language(server: Server) -> None:
    form = urlencode({"game": "cleariosity", "design": "nope"}).encode()
    lines = {}
    for language in LANGUAGES:
        answer = request(server.url + "design-again", form, {**own(server), "Accept-Language": language})
        assert answer.status == 400
        lines[language] = parse(answer.text).texts["deck_file-error"]
    for language in TRANSLATED:
        left = english_left(lines["en"], lines[language], language, [])
        assert not left, (language, lines[language], left)
