"""Careless and hostile input: every mistake one line, nothing destroyed, signals clean."""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.spec.deckfile import CLEARIOSITY_FILE

ROOT = Path(__file__).resolve().parents[2]


def one_line_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("deckgen: error: ") and "\n" not in err, err
    return err


# -- where --out points ------------------------------------------------------------------


def test_out_through_a_symlink_replaces_its_target_and_keeps_the_link(tmp_path: Path) -> None:
    target = tmp_path / "real.json"
    target.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert main(["export", "--out", str(link)]) == 0
    assert link.is_symlink() and target.read_text().startswith("{")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_out_to_a_fifo_is_written_through_not_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    reader = subprocess.Popen(["cat", str(fifo)], stdout=subprocess.PIPE)
    assert main(["export", "--format", "csv", "--out", str(fifo)]) == 0
    received = reader.communicate(timeout=10)[0].decode()
    assert received.startswith("id,tier,row,col,value")
    assert fifo.exists() and not fifo.is_file()


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root (CI runs as root)")
def test_out_to_a_device_is_written_through_not_replaced(tmp_path: Path) -> None:
    """As root, a device given as --out (here a private copy of /dev/null) must stay a device."""
    device = tmp_path / "null"
    os.mknod(device, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    assert main(["export", "--out", str(device)]) == 0
    assert stat.S_ISCHR(os.stat(device).st_mode)


def test_standard_output_on_a_full_disk_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [sys.executable, "-m", "deckgen", "export"], stdout=full, stderr=subprocess.PIPE, text=True, check=False
        )
    assert result.returncode == 1
    assert result.stderr.strip() == "deckgen: error: cannot write to standard output (No space left on device)"


# -- card ids -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card_id", "message"),
    [
        ("../../G05", "use 1 to 6 capital letters and digits"),
        ("/tmp/G05", "use 1 to 6 capital letters and digits"),
        ("g05", "use 1 to 6 capital letters and digits"),
        ("G<05", "use 1 to 6 capital letters and digits"),
        ("G</b>05", "use 1 to 6 capital letters and digits"),
        ("G\\u000005", "use 1 to 6 capital letters and digits"),
        ("G\\u0663", "use 1 to 6 capital letters and digits"),
        ("T01", "ids like T01 name Treenex cards"),
    ],
)
def test_card_ids_every_backend_can_draw_and_name(
    card_id: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = CLEARIOSITY_FILE.read_text(encoding="utf-8").replace('id = "G05"', f'id = "{card_id}"')
    deck = tmp_path / "deck.toml"
    deck.write_text(text, encoding="utf-8")
    assert main(["build", "--format", "png", "--file", str(deck), "--out", str(tmp_path / "out")]) == 1
    error = one_line_error(capsys)
    assert "card #5" in error and message in error
    assert not (tmp_path / "out").exists()


def test_a_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    deck = tmp_path / "bom.toml"
    deck.write_bytes(b"\xef\xbb\xbf" + CLEARIOSITY_FILE.read_bytes())
    assert main(["export", "--file", str(deck), "--out", str(tmp_path / "x.json")]) == 0


@pytest.mark.parametrize("digit", ["\\u0663", "\\uff13", "\\u00b3"])
def test_digits_of_other_scripts_are_not_read_as_numbers(
    digit: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = CLEARIOSITY_FILE.read_text(encoding="utf-8")
    first = text.index('grid = "') + len('grid = "')
    position = next(i for i in range(first, first + 30) if text[i].isdigit())
    deck = tmp_path / "digits.toml"
    deck.write_text(text[:position] + digit + text[position + 1 :], encoding="utf-8")
    assert main(["verify", "--file", str(deck), "--games", "0"]) == 1
    assert "each mark must be a number 0-99" in one_line_error(capsys)


# -- options and profiles -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message", "status"),
    [
        (["verify", "--deck", "treenex", "--values", "\\u00b9-\\u00b3"], "write the lowest and highest card value", 1),
        (["verify", "--deck", "treenex", "--values", "\\u0663-9"], "write the lowest and highest card value", 1),
        (["verify", "--deck", "treenex", "--values", ""], "write the lowest and highest card value", 1),
        # Lengths and sizes are checked where they are typed, like choices: a mistyped command line.
        (["build", "--paper", "1" * 400 + "x5mm", "--no-pack"], "use one of letter", 2),
        (["build", "--paper", "100000x100000mm", "--no-pack"], "200 inches", 2),
        (["build", "--kerf", "63mm", "--no-pack"], "use at most 2 mm", 1),
        (["build", "--margin", "1e400mm", "--no-pack"], "write a number with a unit", 2),
    ],
)
def test_bad_options_are_one_line(
    args: list[str], message: str, status: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main([*args, "--out", str(tmp_path / "out")] if args[0] == "build" else args)
    assert code == status
    assert message in one_line_error(capsys)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('mirror = "false"', "mirror = 'false': write true or false, without quotes"),
        ('registration = "no"', "registration = 'no': write true or false"),
        ('deck = "poker"', "deck = 'poker': use one of 'cleariosity', 'letters', 'treenex'"),
        ("sets = 0", "sets = 0: a whole number from 1 to 200"),
        ("margin = 5", "margin = 5: write it in quotes"),
        ('bleed = "3 furlongs"', "unknown unit"),
    ],
)
def test_profiles_are_checked_on_load(
    line: str, message: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text(f'[mine]\ndescription = "test"\n{line}\n', encoding="utf-8")
    monkeypatch.setattr("deckgen.profiles.PROFILES_FILE", profiles)
    monkeypatch.setattr("deckgen.profiles.profile.__defaults__", (profiles,))
    assert main(["build", "--profile", "mine", "--out", str(tmp_path / "out")]) == 1
    error = one_line_error(capsys)
    assert f"{profiles}: profile mine: " in error and message in error


def test_bed_files_are_checked_on_load(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    beds = tmp_path / "beds.toml"
    beds.write_text("[small]\nsize = 300\n", encoding="utf-8")
    monkeypatch.setattr("deckgen.printing.load_beds.__defaults__", (beds,))
    assert main(["build", "--format", "svg", "--bed-profile", "small", "--out", str(tmp_path / "out")]) == 1
    assert "bed small: size = 300: write it in quotes" in one_line_error(capsys)


def test_without_games_nothing_claims_play_was_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--games", "0"]) == 0
    out = capsys.readouterr().out
    assert "All criteria pass" not in out
    assert (
        "Criteria 8, 9, 10, 12, 13, 14, 15, 17, 20 (simulated play), and the play part of 6, 16, were not checked"
        in out
    )
    assert "play was not simulated" in out


# -- signals ------------------------------------------------------------------------------


def run_and_signal(args: list[str], folder: Path, signum: int, delay: float) -> subprocess.CompletedProcess[str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "deckgen", *args],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(delay)
    process.send_signal(signum)
    _, err = process.communicate(timeout=60)
    return subprocess.CompletedProcess(args, process.returncode, "", err)


@pytest.mark.parametrize(("signum", "status"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
@pytest.mark.parametrize("delay", [0.2, 1.0])
def test_a_signal_stops_with_one_line_and_no_temporary_files(
    signum: int, status: int, delay: float, tmp_path: Path
) -> None:
    result = run_and_signal(["build", "--sets", "40", "--format", "all", "--out", "kit"], tmp_path, signum, delay)
    if result.returncode == 0:
        pytest.skip("the build finished before the signal arrived")
    assert result.returncode == status
    assert result.stderr.strip().splitlines()[-1].startswith("deckgen: stopped")
    assert "Traceback" not in result.stderr
    assert not list(tmp_path.rglob("*.tmp"))


# -- bounded work -------------------------------------------------------------------------


def test_a_hopeless_split_stops_at_its_budget() -> None:
    """31 cards and only two-card groups: no split exists, and proving it would take for ever."""
    from deckgen.games.cleariosity.core.groups import Group
    from deckgen.games.cleariosity.core.partition import find_partition

    groups = [Group((i, j), "row0", (1, 1, 2), ("+",)) for i in range(31) for j in range(i + 1, 31)]
    result = find_partition(range(31), groups, budget=20_000)
    assert not result.found and not result.exhausted  # "none found within the search budget"


def test_the_largest_decks_are_refused_with_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--deck", "treenex", "--values", "0-999"]) == 1
    assert "make 4,000 cards; a Treenex deck has at most 1,000" in one_line_error(capsys)
    text = CLEARIOSITY_FILE.read_text(encoding="utf-8")
    head, cards = text.split("cards = [", 1)
    rows = [line for line in cards.splitlines() if line.strip().startswith("{")]
    many = [
        row.replace(row[row.index('id = "') : row.index('", tier')], f'id = "C{n:04d}')
        for n, row in enumerate(rows * 5)
    ]
    deck = tmp_path / "big.toml"
    deck.write_text(head.replace("standard = true", "standard = false") + "cards = [\n" + "\n".join(many) + "\n]\n")
    assert main(["verify", "--file", str(deck), "--games", "0"]) == 1
    assert "300 cards; a Cleariosity deck has at most 240" in one_line_error(capsys)


def test_a_build_of_too_many_cards_is_refused_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["build", "--deck", "treenex", "--values", "0-249", "--copies", "4", "--sets", "51"]
    assert main([*args, "--out", str(tmp_path / "out")]) == 1
    assert "51 sets of 1,000 Treenex cards make 51,000 cards" in one_line_error(capsys)
    assert not (tmp_path / "out").exists()


def test_simulated_games_are_bounded(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--games", "100001"]) == 2
    assert "0<=x<=100000" in capsys.readouterr().err


# -- whole-or-nothing builds ----------------------------------------------------------------


def snapshot(folder: Path) -> dict[str, bytes]:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_a_build_that_fails_part_way_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    assert main(["build", "--format", "all", "--dpi", "72", "--out", str(out)]) == 0
    before = snapshot(out)

    def broken(*_args: object, **_kwargs: object) -> bytes:
        raise OSError(28, "No space left on device")

    # The teacher pack comes last: by then every other file of the new build has been written.
    # Its pieces run in this process, where the broken writer is seen (spawned workers would not see it).
    monkeypatch.setattr("deckgen.render.pack_pdf.teacher_pack_pdf", broken)
    monkeypatch.setattr("deckgen.build.default_workers", lambda: 1)
    with pytest.raises(OSError):
        from deckgen.build import BuildRequest, prepare, run

        run(prepare(BuildRequest(out=out, formats=("pdf", "svg", "png"), dpi=72, options={"sets": 2})))
    assert snapshot(out) == before
    # Nothing hidden but the record of what deckgen wrote there (see deckgen/outdir.py).
    assert [p.name for p in out.iterdir() if p.name.startswith(".")] == [".deckgen-manifest.json"]


def test_a_rebuild_removes_its_own_stale_files_and_nothing_else(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = ["build", "--format", "svg", "--format", "png", "--dpi", "72", "--deck", "cleariosity", "--out", str(out)]
    assert main([*args, "--sets", "3"]) == 0
    many = sorted(p.name for p in (out / "svg").glob("*.svg"))
    (out / "svg" / "my-notes.svg").write_text("<svg/>")
    (out / "png" / "photo.png").write_bytes(b"not ours")
    assert main([*args, "--sets", "1"]) == 0
    index = json.loads((out / "svg" / "index.json").read_text())
    listed = sorted(sheet["file"] for sheet in index["sheets"])
    ours = sorted(p.name for p in (out / "svg").glob("*-sheet-*.svg"))
    assert ours == listed and len(ours) < len(many)
    assert (out / "svg" / "my-notes.svg").exists() and (out / "png" / "photo.png").exists()


def test_more_hostile_files_and_links(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    nested = tmp_path / "nested.toml"
    nested.write_text("x = " + "[" * 600 + "]" * 600 + "\n")
    assert main(["export", "--file", str(nested)]) == 1
    assert "nested too deeply" in one_line_error(capsys)
    huge = tmp_path / "huge.toml"
    huge.write_text(CLEARIOSITY_FILE.read_text(encoding="utf-8") + "# " + "x" * 1_100_000 + "\n")
    assert main(["export", "--file", str(huge)]) == 1
    assert "is at most 1,000,000 bytes" in one_line_error(capsys)
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    assert main(["export", "--out", str(tmp_path / "loop1")]) == 1
    assert "cannot follow the link" in one_line_error(capsys)
    assert (tmp_path / "loop1").is_symlink()
    args = ["build", "--deck", "cleariosity", "--layout", "single", "--card-size", "5080x5080mm", "--bleed", "10mm"]
    assert main([*args, "--out", str(tmp_path / "o")]) == 1
    assert "more than 200 inches" in one_line_error(capsys)


def test_a_deck_with_too_many_groups_to_simulate_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # 240 cards of three zeros each: 0 + 0 = 0 on every line makes hundreds of thousands of groups.
    from itertools import combinations

    from deckgen.games.grid import LINE_POSITIONS

    lines = {frozenset(cells) for cells in LINE_POSITIONS.values()}
    grids = []
    for cells in combinations(range(9), 3):
        if frozenset(cells) not in lines:  # three zeros in a line would be an equation on their own
            marks = ["0" if p in cells else "." for p in range(9)]
            grids.append(" / ".join(" ".join(marks[r * 3 : r * 3 + 3]) for r in range(3)))
    tiers = ["green"] * 96 + ["yellow"] * 48 + ["purple"] * 48 + ["orange"] * 48
    rows = [f'  {{ id = "C{n:03d}", tier = "{t}", grid = "{grids[n % len(grids)]}" }},' for n, t in enumerate(tiers)]
    deck = tmp_path / "zeros.toml"
    deck.write_text('name = "zeros"\ngame = "cleariosity"\nstandard = false\ncards = [\n' + "\n".join(rows) + "\n]\n")
    assert main(["verify", "--file", str(deck), "--games", "10"]) == 1
    assert "simulated play takes at most 150,000 a level" in one_line_error(capsys)


def test_stopping_a_long_simulation_ends_its_workers_at_once(tmp_path: Path) -> None:
    result = run_and_signal(["verify", "--games", "100000"], tmp_path, signal.SIGTERM, 2.0)
    assert result.returncode == 143
    assert result.stderr.strip() == "deckgen: stopped (terminated)"


@pytest.mark.parametrize("source", ["/dev/zero", "pipe"])
def test_an_endless_input_is_read_only_up_to_the_limit(
    source: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A device or a pipe has no size on disk: the limit counts the bytes read."""
    path = Path(source)
    if source == "pipe":
        path = tmp_path / "endless"
        os.mkfifo(path)
        writer = subprocess.Popen(["sh", "-c", f"yes > {path}"], stderr=subprocess.DEVNULL)
    try:
        assert main(["verify", "--deck", "treenex", "--file", str(path)]) == 1
    finally:
        if source == "pipe":
            writer.kill()
            writer.wait()
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "more than 1,000,000 bytes" in err[0]


def test_a_number_of_thousands_of_digits_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "huge.toml"
    deck.write_text('game = "treenex"\nname = "x"\nvalues = "0-9"\ncopies = ' + "1" * 5000 + "\n", encoding="utf-8")
    assert main(["verify", "--deck", "treenex", "--file", str(deck)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "has thousands of digits" in err[0]


def test_output_paths_are_checked_before_the_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """design and verify would search or play for minutes first: the --out folder is checked at once."""
    import deckgen.games.cleariosity.design.search
    import deckgen.games.cleariosity.verify.verdict

    def work(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the work began before --out was checked")

    monkeypatch.setattr(deckgen.games.cleariosity.design.search, "design_deck", work)
    monkeypatch.setattr(deckgen.games.cleariosity.verify.verdict, "verify_deck", work)
    missing = tmp_path / "no-such-folder" / "deck.toml"
    assert main(["design", "--seed", "3", "--out", str(missing)]) == 1
    assert main(["verify", "--out", str(missing)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all("does not exist" in line for line in err)


def test_an_output_that_is_an_input_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "my.toml"
    deck.write_text('game = "treenex"\nname = "mine"\nvalues = "0-9"\ncopies = 4\n', encoding="utf-8")
    before = deck.read_bytes()
    assert main(["export", "--file", str(deck), "--format", "json", "--out", str(deck)]) == 1
    assert "is the input file" in capsys.readouterr().err
    assert deck.read_bytes() == before


def test_a_closed_standard_output_is_an_error() -> None:
    result = subprocess.run(
        ["sh", "-c", f"'{sys.executable}' -m deckgen export --format csv >&-"], capture_output=True, text=True
    )
    assert result.returncode == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "standard output is closed" in lines[0]


def test_a_console_that_cannot_print_signs_gets_ascii() -> None:
    """A Windows console or a cp1252 redirect: "−" and "×" come out as "-" and "x", not a traceback."""
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    result = subprocess.run([sys.executable, "-m", "deckgen", "verify", "--games", "0"], capture_output=True, env=env)
    assert b"Traceback" not in result.stderr, result.stderr[-300:]
    assert result.returncode == 0
    assert b"+ -" in result.stdout and "−".encode() not in result.stdout


def test_an_empty_profile_name_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["build", "--profile", "", "--out", str(tmp_path / "out")]) == 1
    assert "--profile is empty" in capsys.readouterr().err


def test_a_long_file_name_that_fits_is_written(tmp_path: Path) -> None:
    """A 250-character name is legal; the hidden temporary name beside it must be too."""
    out = tmp_path / ("a" * 245 + ".json")
    assert main(["export", "--format", "json", "--out", str(out)]) == 0
    assert out.exists() and [p.name for p in tmp_path.iterdir()] == [out.name]


def test_a_fold_too_wide_names_the_pair(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["build", "--game", "treenex", "--duplex", "fold", "--card-size", "200x50mm", "--out", str(tmp_path)]
    assert main(args) == 1
    assert "a 400 x 50 mm pair, which does not fit" in capsys.readouterr().err


def test_a_write_error_names_the_users_path_not_the_staging_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import deckgen.build

    monkeypatch.setattr(deckgen.build, "write_atomic", _disk_full)
    out = tmp_path / "out"
    assert main(["build", "--game", "treenex", "--no-pack", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{out}/treenex.pdf: cannot write it" in err and ".deckgen-build-" not in err


def test_fold_over_backs_are_not_sent_to_a_cutter(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The laser file cuts single cards: with fold-over pairs on the sheet it would cut through the folds."""
    args = ["build", "--game", "treenex", "--duplex", "fold", "--registration", "--format", "pdf", "--format", "svg"]
    assert main([*args, "--out", str(tmp_path / "out")]) == 1
    assert "--registration with --duplex fold" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_failed_calibration_sheet_leaves_no_new_folders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import deckgen.fileio

    monkeypatch.setattr(deckgen.fileio, "write_atomic", _disk_full)
    assert main(["calibrate", "--out", str(tmp_path / "new" / "sub" / "cal.pdf")]) == 1
    assert list(tmp_path.iterdir()) == []


def _disk_full(path: Path, data: bytes) -> None:
    """Stands in for write_atomic on a full disk: the one-line error it gives there."""
    raise DeckgenError(f"{path}: cannot write it (No space left on device); choose another path")


def test_an_empty_deck_file_is_told_what_a_deck_file_starts_with(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not "game = None", nor (on the page) a spec's missing spec_version: the line a deck file lacks."""
    from deckgen.serve.upload_check import verdict

    empty = tmp_path / "deck.toml"
    empty.write_bytes(b"")
    assert main(["verify", "--file", str(empty)]) == 1
    said = capsys.readouterr().err.strip().splitlines()
    assert len(said) == 1 and "no game = … line; a deck file names its game" in said[0] and "None" not in said[0]
    refused = str(verdict("cleariosity", empty).get("refused"))
    assert 'no game = … line; a deck file of this kind starts with game = "cleariosity"' in refused
