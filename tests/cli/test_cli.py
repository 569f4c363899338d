"""The command line through click's CliRunner, and its one-line errors through main()."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import cli, main

COMMANDS = ["build", "show", "verify", "design", "export", "calibrate"]


@pytest.mark.parametrize("command", [[], *[[c] for c in COMMANDS]])
def test_every_help_works(command: list[str]) -> None:
    result = CliRunner().invoke(cli, [*command, "--help"])
    assert result.exit_code == 0
    assert "Usage:" in result.output


def test_verify_table_and_exit_status() -> None:
    result = CliRunner().invoke(cli, ["verify"])
    assert result.exit_code == 0, result.output
    assert "green" in result.output and "orange" in result.output
    assert "Perfect clear, green tier:" in result.output
    assert "All criteria pass in every tier." in result.output


def test_verify_json() -> None:
    result = CliRunner().invoke(cli, ["verify", "--json", "--seed", "4"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["passed"] is True
    assert data["tiers"]["yellow"]["cards"] == 36


def test_verify_treenex_variant() -> None:
    result = CliRunner().invoke(cli, ["verify", "--deck", "treenex", "--values", "10-19", "--copies", "4", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["values"] == [10, 19]
    assert data["hands"] == {"2": 8, "3": 5, "4": 4}


def test_export_json_to_file(tmp_path: Path) -> None:
    out = tmp_path / "deck.json"
    result = CliRunner().invoke(cli, ["export", "--deck", "cleariosity", "--format", "json", "--out", str(out)])
    assert result.exit_code == 0
    assert json.loads(out.read_text())["name"] == "cleariosity-numbers"
    assert [p.name for p in tmp_path.iterdir()] == ["deck.json"]


def test_export_is_byte_identical_between_runs() -> None:
    first = CliRunner().invoke(cli, ["export", "--format", "csv"]).output
    assert first == CliRunner().invoke(cli, ["export", "--format", "csv"]).output


def test_design_writes_the_deck_and_reports(tmp_path: Path) -> None:
    out = tmp_path / "new.toml"
    args = ["design", "--seed", "3", "--iterations", "120", "--attempts", "2", "--games", "20", "--out", str(out)]
    assert main(args) == 1 and not out.exists()  # 120 steps are far too few: nothing is shipped
    args.insert(1, "--keep-failed")
    code = main(args)
    text = out.read_text()
    assert 'made_by = "deckgen design --seed 3 --iterations 120 --attempts 2 --games 20"' in text
    assert code == 1  # 120 steps are far too few for a deck that plays well
    again = tmp_path / "again.toml"
    main([*args[:-1], str(again)])
    assert again.read_text() == text


def test_design_stops_at_its_time_limit_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Attempts go on until the time limit, which ends them with one line and no deck file."""
    out = tmp_path / "new.toml"
    args = ["design", "--seed", "3", "--iterations", "1000000", "--time-limit", "1", "--out", str(out)]
    assert main(args) == 1 and not out.exists()
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == (
        "deckgen: error: no attempt finished its search within --time-limit 1 s; no deck written; "
        "give it more time, e.g. --time-limit 300"
    )


def test_design_time_limit_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["design", "--seed", "1", "--time-limit", "0"]) == 2
    assert "--time-limit" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("args", "message", "status"),
    [
        (["verify", "--file", "missing.toml"], "missing.toml: no such file", 1),
        (["verify", "--games", "-1"], "Invalid value for '--games'", 2),
        (["verify", "--deck", "poker"], "Invalid value for '--game' / '--deck'", 2),
        (["verify", "--values", "10-19"], "--values applies to Treenex only; choose that game with --game treenex", 1),
        (["verify", "--deck", "treenex", "--values", "19-10"], "must not be larger", 1),
        (["verify", "--deck", "treenex", "--copies", "1"], "too small for a full game", 1),
        (["export", "--out", "no/such/dir/x.json"], "does not exist", 1),
        (["design"], "Missing option '--seed'", 2),
        (["frobnicate"], "No such command", 2),
    ],
)
def test_bad_input_gets_one_line_and_an_exit_status(
    args: list[str], message: str, status: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == status
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("deckgen: error: ")
    assert message in lines[0]
    assert "Traceback" not in err


def test_broken_deck_file_through_the_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'name = "m"\ngame = "cleariosity"\ncards = [ { id = "A1", tier = "red", grid = "1 2 3 / . . . / . . ." } ]\n'
    )
    assert main(["verify", "--file", str(path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err == f"deckgen: error: {path}: card A1: unknown tier 'red'; use one of green, yellow, purple, orange"


def test_failing_deck_exits_1_naming_the_criteria(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "small.toml"
    path.write_text(
        'name = "small"\ngame = "cleariosity"\ncards = [\n'
        '  { id = "G01", tier = "green", grid = "3 . . / 1 . . / 1 . ." },\n'
        '  { id = "G02", tier = "green", grid = ". 4 . / . 2 . / . 2 ." },\n'
        '  { id = "G03", tier = "green", grid = ". . 7 / . . 1 / . . 1" },\n]\n'
    )
    assert main(["verify", "--file", str(path), "--games", "10"]) == 1
    captured = capsys.readouterr()
    assert "FAILED green: criterion 4" in captured.out
    # G02 reads 4 − 2 = 2 down its own middle column; the one group, 3 + 4 = 7, is no split with
    # three facts and no pair for beginners; three cards cannot balance 180 numbers.
    assert captured.err.strip() == (
        "deckgen: error: the deck fails criteria (green 1, green 3, green 4, green 5, green 7, green 9,"
        " green 12, green 13, green 17, deck 11); see the report above"
    )


def test_python_dash_m_runs_the_cli() -> None:
    result = subprocess.run([sys.executable, "-m", "deckgen", "--help"], capture_output=True, text=True, check=False)
    assert result.returncode == 0
    assert "verify" in result.stdout


@pytest.mark.parametrize(
    "args",
    [
        ["verify", "--preset", "pairs", "--json", "--games", "60"],
        ["export", "--format", "json"],
        ["design", "--seed", "9", "--iterations", "60", "--attempts", "2", "--games", "0", "--keep-failed"],
    ],
)
def test_outputs_are_byte_identical_across_processes(args: list[str]) -> None:
    """Same inputs give the same bytes, whatever Python's per-process hash seed."""
    outputs = []
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run([sys.executable, "-m", "deckgen", *args], capture_output=True, env=env, check=False)
        outputs.append(result.stdout)
    assert outputs[0] and outputs[0] == outputs[1]
