"""Benchmarks (run by `make bench`, never by the test suite).

Prints wall-clock figures for the goals in the README and exits non-zero when one is missed:

- `deckgen verify` on the shipped deck with its defaults: at most 3 s;
- `deckgen design` from a fresh seed to a passing deck: at most 5 minutes;
- the shipped deck is reproduced byte for byte by the command recorded in its `made_by`.
"""

from __future__ import annotations

import shlex
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DECK = ROOT / "templates" / "cleariosity-numbers.toml"
DECKGEN = [sys.executable, "-m", "deckgen"]
FRESH_SEED = 2


def timed(args: list[str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    result = subprocess.run(DECKGEN + args, capture_output=True, text=True, cwd=ROOT, check=False)
    return time.perf_counter() - start, result


def main() -> int:
    failed = []

    runs = [timed(["verify"]) for _ in range(3)]
    walls = [wall for wall, _ in runs]
    print(
        f"verify (shipped deck, 4 tiers x 3 player counts x 2,000 games): "
        f"median {statistics.median(walls):.2f} s, best {min(walls):.2f} s (goal <= 3 s)"
    )
    if runs[0][1].returncode != 0:
        failed.append("verify did not pass on the shipped deck")
    if statistics.median(walls) > 3:
        failed.append("verify slower than 3 s")

    made_by = tomllib.loads(DECK.read_text(encoding="utf-8"))["made_by"]
    with tempfile.TemporaryDirectory() as folder:
        again = Path(folder) / "again.toml"
        args = [*shlex.split(made_by)[1:], "--out", str(again)]
        wall, result = timed(args)
        same = result.returncode == 0 and again.read_bytes() == DECK.read_bytes()
        print(f"reproduce shipped deck ({made_by}): {wall:.1f} s, byte-identical: {'yes' if same else 'NO'}")
        if not same:
            failed.append("the shipped deck is not reproduced by its made_by command")

        fresh = Path(folder) / "fresh.toml"
        wall, result = timed(["design", "--seed", str(FRESH_SEED), "--out", str(fresh)])
        outcome = result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "no output"
        print(f"design from a fresh seed ({FRESH_SEED}): {wall:.1f} s (goal <= 300 s): {outcome}")
        if result.returncode != 0:
            failed.append("design from a fresh seed did not pass")
        if wall > 300:
            failed.append("design slower than 5 minutes")

    for line in failed:
        print(f"MISSED: {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
