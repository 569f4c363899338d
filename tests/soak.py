"""Soak tests of the output folder: builds stopped at random moments, and builds stopped as
their files move in.

Run by ``make fuzz``.

- **Killed at any moment.** 200 builds (``SOAK_ROUNDS``) into one folder, alternating one and
  two classroom sets so that consecutive builds write different sets; each is sent SIGKILL or
  SIGTERM at a random moment of its run. Then one clean build. The folder must then hold
  exactly that build's whole set (compared file by file with the same build into a fresh
  folder), nothing hidden but the manifest, and no deckgen process may be left.
- **Stopped as the files move in.** 300 builds (``SOAK_MOVE_ROUNDS``) of every format onto a
  folder holding a PDF-only build, each sent SIGSTOP, SIGTERM and SIGCONT the moment ``png/``
  appears in it (the move into place has begun). Each must end as stopped (status 143) with
  the folder exactly as it was, every file and hidden entry alike, or, had the stop come only
  once every file was in place, as finished (status 0) with the whole new set: never stopped
  with the folder changed, never killed by the signal itself.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import random
import select
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROUNDS = int(os.environ.get("SOAK_ROUNDS", "200"))
MOVE_ROUNDS = int(os.environ.get("SOAK_MOVE_ROUNDS", "300"))
SEED = int(os.environ.get("SOAK_SEED", "1"))


def args(out: Path, sets: int) -> list[str]:
    return [sys.executable, "-m", "deckgen", "build", "--game", "cleariosity", "--format", "pdf",
            "--format", "png", "--dpi", "72", "--sets", str(sets), "--out", str(out)]  # fmt: skip


def files(out: Path) -> dict[str, str]:
    return {
        str(path.relative_to(out)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(out.rglob("*"))
        if path.is_file() and not any(part.startswith(".") for part in path.relative_to(out).parts)
    }


#: A build of every format with small cards (about 200 files), and the PDF-only build of the
#: same cards that is in the folder before it.
EVERY_FORMAT = ["build", "--format", "all", "--dpi", "72", "--card-size", "62x92mm"]
PDF_ONLY = ["build", "--format", "pdf", "--card-size", "62x92mm"]


def deckgen(*words: str) -> list[str]:
    return [sys.executable, "-m", "deckgen", *words]


def everything(out: Path) -> dict[str, str]:
    """Every entry under ``out``, hidden ones too: a file's SHA-256, or what else it is."""
    found = {}
    for path in sorted(out.rglob("*")):
        kind = "link" if path.is_symlink() else "folder" if path.is_dir() else None
        found[str(path.relative_to(out))] = kind or hashlib.sha256(path.read_bytes()).hexdigest()
    return found


@dataclass(frozen=True)
class MoveFolders:
    """The folder a stopped build starts from (a PDF-only build), and what it and the
    unstopped build of every format hold."""

    before: Path
    as_it_was: dict[str, str]
    finished: dict[str, str]


def move_folders(work: Path) -> MoveFolders:
    before, finished = work / "pdf-only", work / "every-format"
    subprocess.run(deckgen(*PDF_ONLY, "--out", str(before)), check=True, capture_output=True)
    shutil.copytree(before, finished)
    subprocess.run(deckgen(*EVERY_FORMAT, "--out", str(finished)), check=True, capture_output=True)
    return MoveFolders(before, everything(before), everything(finished))


class FolderWatch:
    """What is made in a folder, as the system tells it (Linux inotify): the watcher wakes the
    moment an entry appears, where polling would lag behind or take a core from the build."""

    IN_CREATE, IN_MOVED_TO, IN_NONBLOCK = 0x100, 0x80, 0o4000

    def __init__(self, folder: Path) -> None:
        self.libc = ctypes.CDLL(None, use_errno=True)
        self.handle = self.libc.inotify_init1(self.IN_NONBLOCK)
        if (
            self.handle < 0
            or self.libc.inotify_add_watch(self.handle, os.fsencode(folder), self.IN_CREATE | self.IN_MOVED_TO) < 0
        ):
            raise OSError(ctypes.get_errno(), f"cannot watch {folder}")

    def __enter__(self) -> FolderWatch:
        return self

    def __exit__(self, *_: object) -> None:
        os.close(self.handle)

    def wait_for(self, name: str, process: subprocess.Popen[bytes], seconds: float = 120) -> None:
        """Return once ``name`` is made in the folder (or the process has ended)."""
        deadline = time.monotonic() + seconds
        while process.poll() is None and time.monotonic() < deadline:
            if not select.select([self.handle], [], [], 0.05)[0]:
                continue
            events = os.read(self.handle, 65536)
            while events:
                _, _, _, size = struct.unpack_from("iIII", events)
                made = events[16 : 16 + size].rstrip(b"\0").decode()
                events = events[16 + size :]
                if made == name:
                    return


def stop_as_files_move_in(
    folders: MoveFolders, out: Path, delay: float = 0.0, at_step: int | None = None
) -> str | None:
    """A build of every format onto a copy of the PDF-only folder at ``out``, sent SIGSTOP,
    SIGTERM and SIGCONT the moment ``out/png`` appears (``delay`` seconds later, if given), or,
    with ``at_step``, stopped by itself once that many files have moved in, then sent SIGTERM
    and SIGCONT. ``None`` if it ended as stopped with the folder as it was, ``"finished"`` if
    the stop came once every file was in place and the build finished, else what went wrong."""
    shutil.rmtree(out, ignore_errors=True)
    shutil.copytree(folders.before, out)
    env = {**os.environ, "DECKGEN_TEST_STOP_AT": f"move-{at_step}"} if at_step is not None else None
    with FolderWatch(out) as watch:
        process = subprocess.Popen(deckgen(*EVERY_FORMAT, "--out", str(out)), stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, start_new_session=True, env=env)  # fmt: skip
        if at_step is None:
            watch.wait_for("png", process)
    if at_step is not None:
        wait_until_stopped(process)
    elif delay:
        time.sleep(delay)
    for signum in (signal.SIGSTOP, signal.SIGTERM, signal.SIGCONT):
        process.send_signal(signum)
    _, errors = process.communicate(timeout=120)
    status, found = process.returncode, everything(out)
    last = errors.decode(errors="replace").strip().splitlines()[-1:]
    if status == 128 + signal.SIGTERM and found == folders.as_it_was and last == ["deckgen: stopped (terminated)"]:
        return None
    if status == 0 and found == folders.finished:
        return "finished"
    changed = sorted(set(found) ^ set(folders.as_it_was))
    changed += sorted(k for k in set(found) & set(folders.as_it_was) if found[k] != folders.as_it_was[k])
    return f"status {status}, {last}, changed {len(changed)}: {changed[:4]}"


def wait_until_stopped(process: subprocess.Popen[bytes], seconds: float = 120) -> None:
    """Return once ``process`` has stopped itself (SIGSTOP; see ``DECKGEN_TEST_STOP_AT``)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and process.poll() is None:
        if Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "T":
            return
        time.sleep(0.01)
    raise AssertionError("the build never stopped itself")


def moves(folders: MoveFolders) -> int:
    """How many files the build of every format moves into the folder."""
    return sum(1 for name in folders.finished if not name.startswith(".") and folders.finished[name] != "folder")


def sessions_alive(sessions: set[int]) -> list[int]:
    """Processes still running in any of the builds' sessions."""
    alive = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[0] != "Z" and int(fields[3]) in sessions:  # field 6 of stat: the session id
            alive.append(int(entry.name))
    return alive


def soak_moves(work: Path, rounds: int = MOVE_ROUNDS, seed: int = SEED) -> list[str]:
    """The second soak (see the module's notes): its problems, none if it passed. Every other
    build stops itself once a random number of its files have moved in (from none, the moment
    ``png/`` appears, to all of them), so that every step of the move is stopped at, however
    quickly this process is woken: those must all leave the folder as it was."""
    rng = random.Random(seed)
    folders = move_folders(work)
    counts = {"stopped, the folder as it was": 0, "finished before the stop came": 0}
    problems = []
    began = time.monotonic()
    for round_number in range(rounds):
        at_step = rng.randint(0, moves(folders)) if round_number % 2 else None
        outcome = stop_as_files_move_in(folders, work / "moving", at_step=at_step)
        if outcome is None:
            counts["stopped, the folder as it was"] += 1
        elif outcome == "finished" and at_step is None:
            counts["finished before the stop came"] += 1
        else:
            problems.append(f"build {round_number + 1} (stopped at {at_step or 'png/'}): {outcome}")
    print(
        f"soak: {rounds} builds of every format stopped as their files moved in "
        f"({rounds - rounds // 2} as png/ appeared, {rounds // 2} at a random step of the move), in "
        f"{time.monotonic() - began:.0f} s: "
        + ", ".join(f"{n} {what}" for what, n in counts.items())
        + f", {len(problems)} wrong"
    )
    return problems


def main() -> int:
    work = Path(tempfile.mkdtemp(prefix="deckgen-soak-moves-"))
    try:
        problems = soak_moves(work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for problem in problems[:20]:
        print(f"soak FAILED: {problem}")
    return max(1 if problems else 0, soak_kills())


def soak_kills() -> int:
    rng = random.Random(SEED)
    work = Path(tempfile.mkdtemp(prefix="deckgen-soak-"))
    try:
        reference = {}
        for sets in (1, 2):
            started = time.monotonic()
            subprocess.run(args(work / f"reference-{sets}", sets), check=True, capture_output=True)
            reference[sets] = (files(work / f"reference-{sets}"), time.monotonic() - started)
        longest = max(seconds for _, seconds in reference.values())
        out = work / "out"
        sessions: set[int] = set()
        counts = {"SIGKILL": 0, "SIGTERM": 0, "finished first": 0}
        began = time.monotonic()
        for round_number in range(ROUNDS):
            sets = 1 + round_number % 2
            process = subprocess.Popen(
                args(out, sets), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
            )
            sessions.add(process.pid)
            time.sleep(rng.uniform(0, longest * 1.1))
            signum = rng.choice([signal.SIGKILL, signal.SIGTERM])
            if process.poll() is not None:
                counts["finished first"] += 1
            else:
                counts[signal.Signals(signum).name] += 1
                process.send_signal(signum)
            process.wait()
        subprocess.run(args(out, 1), check=True, capture_output=True)
        time.sleep(1.0)  # workers of killed builds notice within half a second
        expected, _ = reference[1]
        found = files(out)
        hidden = sorted(p.name for p in out.iterdir() if p.name.startswith("."))
        left = sessions_alive(sessions)
        print(
            f"soak: {ROUNDS} builds into one folder in {time.monotonic() - began:.0f} s, "
            f"{counts['SIGKILL']} sent SIGKILL, {counts['SIGTERM']} sent SIGTERM, "
            f"{counts['finished first']} finished before their signal; then one clean build"
        )
        print(
            f"soak: {len(found)} files, {'the whole set' if found == expected else 'NOT the whole set'}; "
            f"hidden entries {hidden}; processes left {len(left)}"
        )
        problems = []
        if found != expected:
            missing = sorted(set(expected) - set(found))
            extra = sorted(set(found) - set(expected))
            changed = sorted(k for k in set(found) & set(expected) if found[k] != expected[k])
            problems.append(f"files differ: missing {missing[:5]}, extra {extra[:5]}, changed {changed[:5]}")
        if hidden != [".deckgen-manifest.json"]:
            problems.append(f"debris: {hidden}")
        if left:
            problems.append(f"processes left: {left}")
            for pid in left:
                os.kill(pid, signal.SIGKILL)
        for problem in problems:
            print(f"soak FAILED: {problem}")
        return 1 if problems else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
