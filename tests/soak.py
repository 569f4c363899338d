"""Soak test of the output folder: many builds into one folder, each killed at a random moment.

Run by ``make fuzz``. 200 builds (``SOAK_ROUNDS``) into one folder, alternating one and two
classroom sets so that consecutive builds write different sets; each is sent SIGKILL or
SIGTERM at a random moment of its run. Then one clean build. The folder must then hold
exactly that build's whole set (compared file by file with the same build into a fresh
folder), nothing hidden but the manifest, and no deckgen process may be left.
"""

from __future__ import annotations

import hashlib
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROUNDS = int(os.environ.get("SOAK_ROUNDS", "200"))
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


def main() -> int:
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
