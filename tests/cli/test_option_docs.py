"""The documentation's option tables and the commands' own options cannot disagree: every option
a command takes is in its page's table, every flag in a table is the command's, and a table that
lists an option's choices lists exactly those the command accepts (the choices --help shows)."""

from __future__ import annotations

import re
from pathlib import Path

import click
import pytest

from deckgen.cli import cli

DOCS = Path(__file__).resolve().parents[2] / "docs"
#: Each command and the pages whose option tables document it (a table under a heading that
#: names another command, "## … `deckgen calibrate`", documents that one).
PAGES = {
    "build": ("printing.md", "laser.md"),
    "verify": ("verify.md",),
    "export": ("formats.md",),
    "serve": ("teachers.md",),
    "calibrate": ("printing.md",),
}
FLAG = re.compile(r"--[a-z][a-z0-9-]*")
HEADING_COMMAND = re.compile(r"^#+ .*`deckgen ([a-z]+)")


def rows(page: str, command: str) -> list[str]:
    """The first cells of the rows (``| `--paper letter\\|a4` | … |``) of the page's option
    tables that document ``command``."""
    found, current = [], None
    for line in (DOCS / page).read_text(encoding="utf-8").splitlines():
        heading = HEADING_COMMAND.match(line)
        if line.startswith("#"):
            current = heading.group(1) if heading else None
        elif (
            line.startswith("| `--") and (current or next(c for c, pages in PAGES.items() if page in pages)) == command
        ):
            found.append(line.split(" | ")[0].removeprefix("| "))
    return found


def options(command: str) -> dict[str, click.Parameter]:
    found: dict[str, click.Parameter] = {}
    for param in cli.commands[command].params:  # type: ignore[attr-defined]
        if isinstance(param, click.Option):
            for flag in (*param.opts, *param.secondary_opts):
                found[flag] = param
    return found


@pytest.mark.parametrize("command", list(PAGES))
def test_every_option_is_documented_and_every_documented_flag_is_an_option(command: str) -> None:
    taken = options(command)
    cells = [cell for page in PAGES[command] for cell in rows(page, command)]
    documented = {flag for cell in cells for flag in FLAG.findall(cell)}
    assert documented - set(taken) == set(), f"{command}: documented, not taken"
    missing = {param.opts[0] for param in taken.values() if not documented & {*param.opts, *param.secondary_opts}}
    assert missing - {"--help"} == set(), f"{command}: taken, not documented in {PAGES[command]}"


@pytest.mark.parametrize("command", list(PAGES))
def test_a_tables_choices_are_the_commands(command: str) -> None:
    taken = options(command)
    for page in PAGES[command]:
        for cell in rows(page, command):
            for flag, listed in re.findall(r"`(--[a-z0-9-]+) ([^`\s]+\\\|[^`\s]*)`", cell):
                kind = taken[flag].type
                if not isinstance(kind, click.Choice):
                    continue  # a size or a length: named values listed, and WxH or a number with a unit

                written = set(listed.split("\\|"))
                choices = set(map(str, kind.choices))
                # A row may add what the option also reads (a size written WxH), never leave one out.
                assert choices <= written, f"{page}: {flag} lists {sorted(written)}, --help {sorted(choices)}"
