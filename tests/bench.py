"""Benchmarks (run by `make bench`, never by the test suite).

Prints wall-clock figures for the goals in the README and exits non-zero when one is missed:

- `deckgen verify` on the shipped deck with its defaults: at most 3 s;
- `deckgen design` from a fresh seed to a passing deck: at most 5 minutes;
- the shipped deck is reproduced byte for byte by the command recorded in its `made_by`;
- `deckgen build --sets 30` (1,800 Cleariosity + 1,200 Treenex cards + teacher pack): at most
  2 s wall, 3 MB of PDF and 200 MB peak memory; each extra set adds at most 30 KB;
- `deckgen build --format svg --sets 30` (1,800 Cleariosity cards): at most 2 s, and no sheet's
  cut or score travel longer than vpype's `linesort` on the same sheet (Treenex sheets too);
- 60 Cleariosity card PNGs at 300 dpi: at most 3 s.
"""

from __future__ import annotations

import json
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


MEASURE_BUILD = """
import resource, sys, time
from deckgen.cli import main
start = time.perf_counter()
code = main(["build", "--sets", sys.argv[1], "--out", sys.argv[2]])
wall = time.perf_counter() - start
print(code, wall, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def measure_build(sets: int, folder: Path) -> tuple[float, int, float]:
    """(wall seconds inside the process, bytes of PDF written, peak MB) for a classroom kit."""
    out = folder / f"kit-{sets}"
    result = subprocess.run(
        [sys.executable, "-c", MEASURE_BUILD, str(sets), str(out)], capture_output=True, text=True, cwd=ROOT, check=True
    )
    code, wall, peak_kb = result.stdout.split()[-3:]
    if code != "0":
        raise SystemExit(f"build --sets {sets} failed: {result.stderr}")
    size = sum(p.stat().st_size for p in out.glob("*.pdf"))
    return float(wall), size, int(peak_kb) / 1024


def bench_build(failed: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        wall, size, peak = measure_build(30, Path(folder))
        total = time.perf_counter() - start
        _, size_31, _ = measure_build(31, Path(folder))
    extra = (size_31 - size) / 1024
    print(
        f"build --sets 30 (1,800 Cleariosity + 1,200 Treenex cards + teacher pack): {wall:.2f} s in the process, "
        f"{total:.2f} s with start-up (goal <= 2 s), {size / 1e6:.2f} MB of PDF (goal <= 3 MB), "
        f"peak {peak:.0f} MB (goal <= 200 MB), one more set adds {extra:.1f} KB (goal <= 30 KB)"
    )
    if total > 2:
        failed.append("build of 30 sets slower than 2 s")
    if size > 3e6:
        failed.append("30-set kit larger than 3 MB")
    if peak > 200:
        failed.append("30-set kit peak memory above 200 MB")
    if extra > 30:
        failed.append("an extra set adds more than 30 KB")


VPYPE_TRAVEL = """
import json, sys
import vpype_cli
result = {}
for path in sys.argv[1:]:
    travel = {}
    for label, extra in (("ours", ""), ("linesort", " linesort")):
        doc = vpype_cli.execute(f"read '{path}'{extra}")
        for role in ("cut", "score"):
            found = [lc for lc in doc.layers.values() if str(lc.property("vp_name")).startswith(role)]
            # vpype works in CSS pixels
            travel[f"{role} {label}"] = found[0].pen_up_length()[0] * 25.4 / 96 if found else 0.0
    result[path] = travel
print(json.dumps(result))
"""
BENCH_VENV = ROOT / ".venv-bench"


def bench_svg(failed: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "laser"
        wall, result = timed(["build", "--format", "svg", "--deck", "cleariosity", "--sets", "30", "--out", str(out)])
        if result.returncode != 0:
            failed.append(f"svg build failed: {result.stderr.strip()}")
            return
        treenex_out = Path(folder) / "treenex"
        treenex = timed(["build", "--format", "svg", "--deck", "treenex", "--sets", "5", "--out", str(treenex_out)])[1]
        if treenex.returncode != 0:
            failed.append(f"treenex svg build failed: {treenex.stderr.strip()}")
            return
        sheets = sorted((out / "svg").glob("*.svg"))
        treenex_sheets = sorted((treenex_out / "svg").glob("*.svg"))
        print(
            f"build --format svg --sets 30 (1,800 Cleariosity cards, {len(sheets)} sheets): {wall:.2f} s (goal <= 2 s)"
        )
        if wall > 2:
            failed.append("svg build of 30 sets slower than 2 s")
        vpype_python = BENCH_VENV / "bin" / "python"
        if not vpype_python.exists():
            failed.append("vpype is not installed in .venv-bench (run make bench)")
            return
        measured = subprocess.run(
            [str(vpype_python), "-c", VPYPE_TRAVEL, *map(str, sheets + treenex_sheets)],
            capture_output=True,
            text=True,
            check=True,
        )
        travel = json.loads(measured.stdout)
    for deck, paths in (("Cleariosity, 30 sets", sheets), ("Treenex, 5 sets", treenex_sheets)):
        for role in ("cut", "score"):
            per_sheet = [travel[str(p)] for p in paths]
            ours = sum(t[f"{role} ours"] for t in per_sheet)
            vpype = sum(t[f"{role} linesort"] for t in per_sheet)
            worst = max(t[f"{role} ours"] - t[f"{role} linesort"] for t in per_sheet)
            print(
                f"{role} travel between paths, {deck} ({len(paths)} sheets): deckgen {ours:,.1f} mm, "
                f"vpype linesort {vpype:,.1f} mm (per sheet: deckgen minus vpype at most {worst:+.1f} mm)"
            )
            if worst > 0.1:
                failed.append(f"a {deck} sheet's {role} travel is longer than vpype linesort's")


def bench_png(failed: list[str]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        args = ["build", "--format", "png", "--deck", "cleariosity", "--dpi", "300", "--out", folder]
        wall, result = timed(args)
        cards = len(list((Path(folder) / "png").glob("[GYPO][0-9][0-9].png")))
    print(f"build --format png --dpi 300 ({cards} Cleariosity cards and the contact sheet): {wall:.2f} s (goal <= 3 s)")
    if result.returncode != 0 or cards != 60:
        failed.append("png build failed")
    elif wall > 3:
        failed.append("60 card PNGs at 300 dpi slower than 3 s")


def main() -> int:
    failed: list[str] = []
    bench_build(failed)
    bench_svg(failed)
    bench_png(failed)

    runs = [timed(["verify"]) for _ in range(3)]
    walls = [wall for wall, _ in runs]
    print(
        f"verify (shipped deck, 4 tiers x 3 player counts x 2 play models x 2,000 games): "
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
        print(f"design from a fresh seed ({FRESH_SEED}): {wall:.1f} s (goal <= 300 s, aim <= 120 s): {outcome}")
        if result.returncode != 0:
            failed.append("design from a fresh seed did not pass")
        if wall > 300:
            failed.append("design slower than 5 minutes")

    for line in failed:
        print(f"MISSED: {line}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
