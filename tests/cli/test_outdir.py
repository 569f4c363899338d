"""The output folder holds one whole set, whatever happens: kills at each stage of the move,
two builds at once, a user's own files beside deckgen's.

Kills and races are made exact with ``DECKGEN_TEST_STOP_AT``: the build stops itself
(SIGSTOP) at a named stage, the test kills it or starts another build, then looks.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.outdir import JOURNAL, MANIFEST
from tests.soak import move_folders, moves, stop_as_files_move_in

DECKGEN = [sys.executable, "-m", "deckgen"]


def files(out: Path) -> dict[str, str]:
    """Every visible file under ``out`` and its hash (hidden bookkeeping and staging left out)."""
    found = {}
    for path in sorted(out.rglob("*")):
        relative = path.relative_to(out)
        if path.is_file() and not any(part.startswith(".") for part in relative.parts):
            found[str(relative)] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def hidden(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith("."))


def build_args(out: Path, sets: int) -> list[str]:
    return ["build", "--game", "cleariosity", "--format", "pdf", "--format", "png", "--dpi", "72",
            "--sets", str(sets), "--no-pack", "--out", str(out)]  # fmt: skip


def stopped_build(out: Path, sets: int, stage: str) -> subprocess.Popen[bytes]:
    """A build that stops itself at ``stage``; returns once it has stopped."""
    env = {**os.environ, "DECKGEN_TEST_STOP_AT": stage}
    process = subprocess.Popen([*DECKGEN, *build_args(out, sets)], env=env, stderr=subprocess.DEVNULL,
                               stdout=subprocess.DEVNULL)  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        state = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        if state == "T":
            return process
        assert process.poll() is None, f"the build ended before {stage}"
        time.sleep(0.02)
    raise AssertionError(f"the build never reached {stage}")


def kill(process: subprocess.Popen[bytes]) -> None:
    process.send_signal(signal.SIGKILL)
    process.wait()


@pytest.fixture
def two_sets(tmp_path: Path) -> tuple[Path, dict[str, str], dict[str, str]]:
    """A folder holding a one-set build, and what a one-set and a two-set build each hold."""
    other = tmp_path / "reference"
    assert main(build_args(other, 2)) == 0
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    return out, files(out), files(other)


@pytest.mark.parametrize(("stage", "whole"), [("before-move", "old"), ("mid-move", "old"), ("after-move", "new")])
def test_a_build_killed_during_its_move_leaves_a_whole_set_for_the_next_run(
    two_sets: tuple[Path, dict[str, str], dict[str, str]], stage: str, whole: str, tmp_path: Path
) -> None:
    out, old, new = two_sets
    kill(stopped_build(out, 2, stage))
    assert JOURNAL in hidden(out)
    # The next run first makes the folder whole: stopped just after staging its own files, it
    # has already put back (or finished) the killed build's set and removed its debris.
    second = stopped_build(out, 1, "staged")
    assert files(out) == (old if whole == "old" else new)
    assert JOURNAL not in hidden(out)
    assert len([name for name in hidden(out) if name.startswith(".deckgen-build-")]) == 1  # its own staging
    kill(second)
    assert main(build_args(out, 1)) == 0
    assert files(out) == old
    assert hidden(out) == [MANIFEST]


def test_a_second_build_into_a_busy_folder_is_refused(
    two_sets: tuple[Path, dict[str, str], dict[str, str]], capsys: pytest.CaptureFixture[str]
) -> None:
    out, _, new = two_sets
    first = stopped_build(out, 2, "mid-move")
    try:
        assert main(build_args(out, 1)) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "another deckgen build is writing into this folder" in err[-1]
    finally:
        first.send_signal(signal.SIGCONT)
        assert first.wait(timeout=60) == 0
    assert files(out) == new
    assert hidden(out) == [MANIFEST]


def test_a_rebuild_keeps_the_users_own_pictures(tmp_path: Path) -> None:
    """Files named like cards are not deckgen's to remove: only what its manifest lists is."""
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    mine = {name: b"\x89PNG mine" for name in ("COVER.png", "LOGO.png", "NOTES.png", "G99.png")}
    for name, data in mine.items():
        (out / "png" / name).write_bytes(data)
    assert main(build_args(out, 1)) == 0
    for name, data in mine.items():
        assert (out / "png" / name).read_bytes() == data


def test_a_stale_file_the_user_edited_is_kept(tmp_path: Path) -> None:
    """Pictures of cards an earlier build made and this one does not are removed, unless changed."""
    out = tmp_path / "out"
    sheet = tmp_path / "cards.csv"
    sheet.write_text("front,back\n7 × 8,56\n6 × 7,42\n9 × 9,81\n", encoding="utf-8")
    args = ["build", "--format", "png", "--dpi", "72", "--no-pack", "--out", str(out), "--file", str(sheet)]
    assert main(args) == 0
    png = out / "png"
    (png / "flashcards-F03.png").write_bytes(b"\x89PNG changed by hand")
    sheet.write_text("front,back\n7 × 8,56\n", encoding="utf-8")  # F02 and F03 are gone
    assert main(args) == 0
    left = sorted(p.name for p in png.iterdir())
    assert left == ["flashcards-F01-back.png", "flashcards-F01.png", "flashcards-F03.png", "flashcards-contact.png"]


def test_a_linked_sub_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    photos = tmp_path / "photos"
    photos.mkdir()
    (photos / "SCAN1.png").write_bytes(b"scan")
    out = tmp_path / "out"
    out.mkdir()
    (out / "png").symlink_to(photos)
    assert main(build_args(out, 1)) == 1
    assert "is a link to another folder" in capsys.readouterr().err
    assert sorted(p.name for p in photos.iterdir()) == ["SCAN1.png"]


def test_staging_left_by_a_kill_is_removed_by_the_next_build(tmp_path: Path) -> None:
    out = tmp_path / "out"
    kill(stopped_build(out, 1, "staged"))
    assert any(name.startswith(".deckgen-build-") for name in hidden(out))
    assert main(build_args(out, 1)) == 0
    assert hidden(out) == [MANIFEST]


def test_a_build_stopped_during_its_move_leaves_no_new_folder(tmp_path: Path) -> None:
    """SIGTERM half-way through the move: the files go back, and the png/ folder it made goes too."""
    out = tmp_path / "out"
    assert main(["build", "--game", "cleariosity", "--no-pack", "--out", str(out)]) == 0
    before = files(out)
    process = stopped_build(out, 1, "mid-move")  # this one also makes PNGs: a new png/ folder
    assert (out / "png").is_dir()
    process.send_signal(signal.SIGTERM)
    process.send_signal(signal.SIGCONT)
    assert process.wait(timeout=60) == 128 + signal.SIGTERM
    assert files(out) == before
    assert not (out / "png").exists()
    assert hidden(out) == [MANIFEST]


def test_a_build_stopped_before_its_move_leaves_no_journal_to_act_on(tmp_path: Path) -> None:
    """SIGTERM just before the move: everything is as it was, so a file the user puts there next
    is never taken for one of the stopped build's."""
    out = tmp_path / "out"
    assert main(["build", "--game", "cleariosity", "--no-pack", "--out", str(out)]) == 0
    before = files(out)
    process = stopped_build(out, 1, "before-move")
    process.send_signal(signal.SIGTERM)
    process.send_signal(signal.SIGCONT)
    assert process.wait(timeout=60) == 128 + signal.SIGTERM
    assert files(out) == before and hidden(out) == [MANIFEST]
    (out / "png").mkdir()
    (out / "png" / "G20.png").write_bytes(b"my own picture")
    assert main(["build", "--game", "cleariosity", "--no-pack", "--out", str(out)]) == 0
    assert (out / "png" / "G20.png").read_bytes() == b"my own picture"


def test_a_signal_after_the_move_still_finishes_the_build(
    two_sets: tuple[Path, dict[str, str], dict[str, str]],
) -> None:
    """Once every file is in place the build is done: a stop then changes nothing, and the
    build ends as finished (status 0), never as stopped with the folder changed."""
    out, _, new = two_sets
    process = stopped_build(out, 2, "after-move")
    process.send_signal(signal.SIGTERM)
    process.send_signal(signal.SIGCONT)
    assert process.wait(timeout=60) == 0
    assert files(out) == new and hidden(out) == [MANIFEST]


def test_builds_stopped_as_their_files_move_in_leave_the_folder_as_it_was(tmp_path: Path) -> None:
    """The soak of ``make fuzz`` (tests/soak.py), short: SIGSTOP, SIGTERM, SIGCONT as the files
    move in. Stopped at the first and the last step of the move, the folder is exactly as it
    was; stopped as png/ appears, or a little later, the build ends either as stopped with the
    folder as it was or, the stop having come once every file was in place, as finished with
    the whole new set: never stopped with the folder changed, never killed by the signal."""
    folders = move_folders(tmp_path)
    for delay in (0.0, 0.01, 0.03):
        assert stop_as_files_move_in(folders, tmp_path / "out", delay=delay) in (None, "finished")
    for at_step in (0, moves(folders)):
        assert stop_as_files_move_in(folders, tmp_path / "out", at_step=at_step) is None


def test_a_file_of_the_users_where_deckgen_would_write_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    assert main(["build", "--game", "treenex", "--no-pack", "--out", str(out)]) == 0
    (out / "png").mkdir()
    (out / "png" / "T05.png").write_bytes(b"my own T05")
    args = ["build", "--game", "treenex", "--format", "png", "--dpi", "72", "--no-pack", "--out", str(out)]
    assert main(args) == 1
    assert "T05.png was not written by deckgen" in capsys.readouterr().err
    assert (out / "png" / "T05.png").read_bytes() == b"my own T05"


def test_a_linked_manifest_is_never_written_through(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious", encoding="utf-8")
    out = tmp_path / "out"
    out.mkdir()
    (out / MANIFEST).symlink_to(victim)
    assert main(["build", "--game", "treenex", "--no-pack", "--out", str(out)]) == 0
    assert victim.read_text(encoding="utf-8") == "precious"
    assert not (out / MANIFEST).is_symlink()


def test_a_build_refused_for_a_busy_folder_leaves_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The refused build may have made --out itself a moment before the other took it: it stays."""
    import deckgen.build
    from deckgen.outdir import Busy

    @contextmanager
    def busy(out: Path) -> Iterator[None]:
        raise Busy(f"--out {out}: another deckgen build is writing into this folder")
        yield

    monkeypatch.setattr(deckgen.build, "locked", busy)
    out = tmp_path / "new"
    assert main(["build", "--game", "treenex", "--no-pack", "--out", str(out)]) == 1
    assert out.is_dir()


def test_half_written_bookkeeping_is_removed_by_the_next_build(tmp_path: Path) -> None:
    """A kill while the journal or the manifest is being written leaves its temporary file."""
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    (out / f"{JOURNAL}.4242.tmp").write_text("{", encoding="utf-8")
    (out / f"{MANIFEST}.4243.tmp").write_text("{", encoding="utf-8")
    assert main(build_args(out, 1)) == 0
    assert hidden(out) == [MANIFEST]


def test_records_that_point_outside_the_folder_are_ignored(tmp_path: Path) -> None:
    """A manifest or journal edited to name files outside --out never reaches them."""
    import json

    outside = tmp_path / "precious.png"
    outside.write_bytes(b"keep me")
    digest = hashlib.sha256(b"keep me").hexdigest()
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    manifest["files"]["png/../../precious.png"] = digest
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    journal = {"steps": [{"target": "../precious.png", "staged": "x", "aside": None, "had_old": False,
                          "hash": digest}], "moved": False}  # fmt: skip
    (out / JOURNAL).write_text(json.dumps(journal), encoding="utf-8")
    assert main(build_args(out, 1)) == 0
    assert outside.read_bytes() == b"keep me"


def test_a_folder_in_the_way_is_found_before_any_drawing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file named svg where the laser sheets go is reported at once, not after the rendering."""
    import deckgen.build

    def draw(*_args: object) -> None:
        raise AssertionError("the build drew its files before finding the file in the way")

    monkeypatch.setattr(deckgen.build, "_write_all", draw)
    out = tmp_path / "out"
    out.mkdir()
    (out / "svg").write_text("not a folder", encoding="utf-8")
    assert main(["build", "--format", "all", "--dpi", "72", "--out", str(out)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "is a file, where a folder goes" in err[0]
    (out / "svg").unlink()
    (out / "treenex.pdf").mkdir()
    assert main(["build", "--no-pack", "--out", str(out)]) == 1
    assert "is a folder, where a file goes" in capsys.readouterr().err


@pytest.fixture
def linked_out(tmp_path: Path) -> tuple[Path, Path, str]:
    """A built folder holding ``link``, a link to a folder outside it with ``victim.txt`` in it
    (as an output folder received from someone else can), and the victim's hash."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.txt").write_bytes(b"keep me")
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    (out / "link").symlink_to(outside)
    return out, outside, hashlib.sha256(b"keep me").hexdigest()


def _plant_journal(out: Path, **journal: object) -> None:
    import json

    (out / JOURNAL).write_text(json.dumps({"staging": "x", "made_folders": [], "stale": {}, "manifest": {},
                                           **journal}), encoding="utf-8")  # fmt: skip


def test_a_planted_journal_cannot_overwrite_through_a_link(linked_out: tuple[Path, Path, str]) -> None:
    """Undoing a move whose target lies through a link would replace the file outside --out."""
    out, outside, digest = linked_out
    (out / "evil.txt").write_bytes(b"planted")
    step = {"target": "link/victim.txt", "staged": "x", "aside": "evil.txt", "had_old": True, "hash": digest}
    _plant_journal(out, steps=[step], moved=False)
    assert main(build_args(out, 1)) == 0
    assert (outside / "victim.txt").read_bytes() == b"keep me"
    assert not (out / JOURNAL).exists()


def test_a_planted_journal_cannot_delete_through_a_link(linked_out: tuple[Path, Path, str]) -> None:
    """Neither a finished move's stale files nor an undone move's new ones are removed through a link."""
    out, outside, digest = linked_out
    _plant_journal(out, steps=[], stale={"link/victim.txt": digest}, moved=True)
    assert main(build_args(out, 1)) == 0
    assert (outside / "victim.txt").read_bytes() == b"keep me"
    step = {"target": "link/victim.txt", "staged": "gone", "aside": None, "had_old": False, "hash": digest}
    _plant_journal(out, steps=[step], moved=False)
    assert main(build_args(out, 1)) == 0
    assert (outside / "victim.txt").read_bytes() == b"keep me"
    (outside / "empty").mkdir()
    _plant_journal(out, steps=[], made_folders=["link/empty"], moved=False)
    assert main(build_args(out, 1)) == 0
    assert (outside / "empty").is_dir()


def test_a_planted_staging_link_cannot_move_a_file_in_from_outside(linked_out: tuple[Path, Path, str]) -> None:
    """An ``aside`` file reached through a link is not moved into --out (nor away from its place)."""
    out, outside, digest = linked_out
    step = {"target": "mine.txt", "staged": "x", "aside": "link/victim.txt", "had_old": True, "hash": digest}
    _plant_journal(out, steps=[step], moved=False)
    assert main(build_args(out, 1)) == 0
    assert (outside / "victim.txt").read_bytes() == b"keep me" and not (out / "mine.txt").exists()


def test_a_planted_manifest_cannot_delete_through_a_link(tmp_path: Path) -> None:
    """A laser build removes the stale sheets its manifest lists; never one through a link in ``svg``."""
    import json

    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.svg").write_bytes(b"keep me")
    out = tmp_path / "out"
    args = ["build", "--game", "cleariosity", "--format", "svg", "--no-pack", "--out", str(out)]
    assert main(args) == 0
    (out / "svg" / "link").symlink_to(outside)
    manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
    manifest["files"]["svg/link/victim.svg"] = hashlib.sha256(b"keep me").hexdigest()
    (out / MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    assert main(args) == 0
    assert (outside / "victim.svg").read_bytes() == b"keep me"


@pytest.mark.parametrize("name", [JOURNAL, MANIFEST])
def test_deeply_nested_bookkeeping_does_not_jam_the_folder(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A journal or manifest nested 100,000 deep is not deckgen's: it is ignored, and builds go on."""
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    (out / name).write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    assert main(build_args(out, 1)) == 0
    assert main(build_args(out, 1)) == 0
    assert "Traceback" not in capsys.readouterr().err


def test_a_journal_whose_own_move_makes_a_link_cannot_write_through_it(linked_out: tuple[Path, Path, str]) -> None:
    """Undone last step first, a planted link moved into place as ``a`` would make the next
    step's ``a/victim.txt`` reach outside: each move is checked again just before it is made."""
    out, outside, digest = linked_out
    (out / "L").symlink_to(outside.resolve())  # an absolute link: it reaches outside from anywhere
    (out / "planted").write_bytes(b"planted")
    steps = [
        {"target": "a/victim.txt", "staged": "nope1", "aside": "planted", "had_old": True, "hash": "0"},
        {"target": "a", "staged": "nope2", "aside": "L", "had_old": True, "hash": "0"},
    ]
    _plant_journal(out, steps=steps, moved=False)
    assert main(build_args(out, 1)) == 0
    assert (outside / "victim.txt").read_bytes() == b"keep me"
    steps[0] = {"target": "a/victim.txt", "staged": "nope1", "aside": None, "had_old": False, "hash": digest}
    _plant_journal(out, steps=steps, moved=False)
    assert main(build_args(out, 1)) == 0
    assert (outside / "victim.txt").read_bytes() == b"keep me"


def test_planted_links_at_the_bookkeeping_temporary_names_are_never_written_through(
    linked_out: tuple[Path, Path, str],
) -> None:
    out, outside, _ = linked_out
    _plant_journal(out, steps=[], manifest={"pwned": "1"}, moved=True)
    for number in range(400):  # this process's id (the build runs here) and the next ones
        (out / f"{MANIFEST}.{os.getpid() + number}.tmp").symlink_to(outside / "victim.txt")
        (out / f"{JOURNAL}.{os.getpid() + number}.tmp").symlink_to(outside / "victim.txt")
    assert main(build_args(out, 1)) == 0
    assert (outside / "victim.txt").read_bytes() == b"keep me"
    assert not list(out.glob("*.tmp"))


@pytest.mark.parametrize("record", ["[" * 100_000, "{not json", '{"files": 5}'])
def test_an_unreadable_record_does_not_stop_a_build_that_writes_other_files(tmp_path: Path, record: str) -> None:
    """A record that cannot be read is no record: a build with other settings still writes."""
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    (out / MANIFEST).write_text(record, encoding="utf-8")
    assert main(build_args(out, 2)) == 0
    assert main(build_args(out, 1)) == 0


@pytest.mark.parametrize(
    "step",
    [
        {"target": ".", "staged": "nope", "aside": "planted", "had_old": True, "hash": "0"},
        {"target": "treenex.pdf", "staged": "nope", "aside": "folder", "had_old": True, "hash": "0"},
        {"target": "nothere/x", "staged": "nope", "aside": "planted", "had_old": True, "hash": "0"},
    ],
)
def test_a_journal_step_that_cannot_be_made_does_not_jam_the_folder(tmp_path: Path, step: dict[str, object]) -> None:
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    (out / "planted").write_bytes(b"planted")
    (out / "folder").mkdir()
    _plant_journal(out, steps=[step], moved=False)
    assert main(build_args(out, 1)) == 0
    assert main(build_args(out, 1)) == 0
    assert not (out / JOURNAL).exists()


def test_a_folder_where_the_record_goes_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(build_args(out, 1)) == 0
    (out / MANIFEST).unlink()
    (out / MANIFEST).mkdir()
    capsys.readouterr()
    assert main(build_args(out, 1)) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("deckgen: error: ") and "is a folder, where deckgen keeps its record" in err


def test_a_relative_out_folder_builds_whatever_form_mkdtemp_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python 3.12 and later answer ``tempfile.mkdtemp(dir="files")`` with an absolute path (3.11
    with a relative one): ``deckgen build --out files``, as the page's jobs run it, works either way."""
    import tempfile

    from deckgen.entry import main

    made = tempfile.mkdtemp

    def absolute(*args: object, **kwargs: object) -> str:
        return str(Path(made(*args, **kwargs)).absolute())  # type: ignore[call-overload]

    monkeypatch.setattr(tempfile, "mkdtemp", absolute)
    monkeypatch.chdir(tmp_path)
    assert main(["build", "--game", "treenex", "--no-pack", "--out", "files"]) == 0
    assert (tmp_path / "files" / "treenex.pdf").exists()
