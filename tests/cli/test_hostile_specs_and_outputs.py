"""Hostile input, round three: specs from anywhere, an --out that is an input, spreadsheet
formulas in exports, and error lines a person can read."""

from __future__ import annotations

import csv
import io
import time
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.errors import one_line

ROOT = Path(__file__).resolve().parents[2]
STARTER_SPEC = ROOT / "templates" / "cleariosity" / "specs" / "starter.toml"


def one_line_error(capsys: pytest.CaptureFixture[str], longest: int = 600) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("deckgen: error: ") and "\n" not in err, err[:2000]
    assert "Traceback" not in err and len(err) <= longest, err[:2000]
    return err


def test_design_refuses_to_write_over_its_own_spec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "mine.toml"
    spec.write_bytes(STARTER_SPEC.read_bytes())
    started = time.monotonic()
    assert main(["design", "--seed", "1", "--spec", str(spec), "--out", str(spec)]) == 1
    assert time.monotonic() - started < 20  # refused before the search, not after it
    assert "input file" in one_line_error(capsys)
    assert spec.read_bytes() == STARTER_SPEC.read_bytes()
    # The same file under another name (a link to it) is the same file.
    link = tmp_path / "deck.toml"
    link.symlink_to(spec)
    assert main(["design", "--seed", "1", "--spec", str(spec), "--out", str(link)]) == 1
    one_line_error(capsys)
    assert spec.read_bytes() == STARTER_SPEC.read_bytes()


def test_verify_refuses_a_report_over_its_spec(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = tmp_path / "mine.toml"
    spec.write_bytes(STARTER_SPEC.read_bytes())
    args = ["verify", "--preset", "starter", "--games", "0", "--spec", str(spec), "--out", str(spec)]
    assert main(args) == 1
    one_line_error(capsys)
    assert spec.read_bytes() == STARTER_SPEC.read_bytes()


def _hostile_specs() -> dict[str, str]:
    good = STARTER_SPEC.read_text(encoding="utf-8")
    return {
        "arrays 5,000 deep": good + "deep = " + "[" * 5000 + "]" * 5000 + "\n",
        "inline tables 3,000 deep": good + "deep = " + "{a = " * 3000 + "1" + "}" * 3000 + "\n",
        "a 5,000-digit integer": good + "big = " + "9" * 5000 + "\n",
        "a million-letter name": good.replace('name = "starter"', 'name = "' + "a" * 1_000_000 + '"', 1),
        "a million-letter title": good.replace(
            'title = "Cleariosity Numbers: starter (0-5, + and -)"', 'title = "' + "b" * 1_000_000 + '"', 1
        ),
        "30 MB": good + "# " + "x" * 30_000_000 + "\n",
    }


@pytest.mark.parametrize("case", sorted(_hostile_specs()))
@pytest.mark.parametrize("command", ["design", "verify"])
def test_a_hostile_spec_is_one_short_line(
    case: str, command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    spec = tmp_path / "hostile.toml"
    spec.write_text(_hostile_specs()[case], encoding="utf-8")
    if command == "design":
        args = ["design", "--seed", "1", "--spec", str(spec), "--out", str(tmp_path / "deck.toml")]
    else:
        args = ["verify", "--preset", "starter", "--games", "0", "--spec", str(spec)]
    assert main(args) == 1
    one_line_error(capsys)
    assert not (tmp_path / "deck.toml").exists()


def test_a_long_value_quoted_back_is_cut_to_a_readable_line() -> None:
    quoted = "x" * 1_000_000
    line = one_line(f"spec.toml: unknown key {quoted!r}; a spec has name, title")
    assert len(line) < 400 and line.startswith("spec.toml: unknown key 'xxx") and line.endswith("name, title")
    assert "more characters" in line
    assert one_line("two\nlines") == "two lines"
    short = "--out out/sheets/deck.pdf: cannot write in out/sheets; choose a folder you may write to"
    assert one_line(short) == short


FORMULAS = ["=cmd|' /C calc'!A0", "+1+1", "@SUM(A1)", "-2+3", "\t=1+1", '=HYPERLINK("http://x")']


def test_a_csv_export_never_carries_a_formula(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sheet = tmp_path / "cards.csv"
    rows = [["front", "back"], *[[text, "fine"] for text in FORMULAS], ["plain", "=1"]]
    with sheet.open("w", encoding="utf-8", newline="") as stream:
        csv.writer(stream).writerows(rows)
    capsys.readouterr()
    out = tmp_path / "export.csv"
    assert main(["export", "--file", str(sheet), "--format", "csv", "--out", str(out)]) == 0
    written = list(csv.DictReader(io.StringIO(out.read_text(encoding="utf-8"))))
    for row in written:
        for key in ("id", "front", "back", "colour"):
            assert not row[key].startswith(("=", "+", "-", "@", "\t", "\r")), row
    assert [row["front"] for row in written[:-1]] == ["'" + text.strip() for text in FORMULAS]
    assert written[-1]["front"] == "plain" and written[-1]["back"] == "'=1"
    # deckgen reads its own export back as the same cards.
    again = tmp_path / "again.csv"
    assert main(["export", "--file", str(out), "--format", "csv", "--out", str(again)]) == 0
    assert again.read_bytes() == out.read_bytes()
    as_json = tmp_path / "cards.json"
    assert main(["export", "--file", str(out), "--format", "json", "--out", str(as_json)]) == 0
    import json

    fronts = [card["front"] for card in json.loads(as_json.read_text(encoding="utf-8"))["cards"]]
    assert fronts == [text.strip() for text in FORMULAS] + ["plain"]


def test_glyph_tables_built_in_many_threads_at_once_are_those_built_alone() -> None:
    """The page lays out previews in several threads; a table of one size must never be built
    with another's flatness (nor with none) because two were built at the same moment."""
    import sys
    import threading

    from deckgen import glyphs

    scales = [2**k for k in range(1, 9)]
    glyphs._table.cache_clear()
    alone = {scale: glyphs._table(scale) for scale in scales}
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # let the threads take turns as often as they can
    try:
        for _ in range(5):
            glyphs._table.cache_clear()
            found: dict[int, dict[str, glyphs.Glyph]] = {}
            start = threading.Barrier(len(scales))

            def build(scale: int, start: threading.Barrier, found: dict[int, dict[str, glyphs.Glyph]]) -> None:
                start.wait()
                found[scale] = glyphs._table(scale)

            threads = [threading.Thread(target=build, args=(scale, start, found)) for scale in scales]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert found == alone
    finally:
        sys.setswitchinterval(switch)
        glyphs._table.cache_clear()


def _module_globals_assigned_after_import(path: Path, root: Path = ROOT) -> list[str]:
    """Where a file assigns a module-level variable from inside a function (``global``), or an
    attribute of a module it imports (``glyphs.X = …``)."""
    import ast

    tree = ast.parse(path.read_text(encoding="utf-8"))
    modules = {
        (alias.asname or alias.name).split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    modules |= {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("deckgen")
        for alias in node.names
        if alias.name[:1].islower()
        and (ROOT / "deckgen" / Path(*(node.module or "").split(".")[1:]) / f"{alias.name}.py").exists()
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Global):
            found.append(f"{path.relative_to(root)}:{node.lineno}: global {', '.join(node.names)}")
        targets = (
            node.targets
            if isinstance(node, ast.Assign)
            else [node.target]
            if isinstance(node, ast.AugAssign | ast.AnnAssign)
            else []
        )
        for target in targets:
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id in modules:
                found.append(f"{path.relative_to(root)}:{node.lineno}: {target.value.id}.{target.attr} = …")
    return found


#: The one exception, with its reason: a worker process's own set-up, run once and first in a
#: new process that no other thread shares (the pool's initializer).
WORKER_SET_UP = "deckgen/workers.py"


def test_no_module_variable_is_assigned_after_import() -> None:
    found = []
    for path in sorted((ROOT / "deckgen").rglob("*.py")):
        found += _module_globals_assigned_after_import(path)
    allowed = [line for line in found if line.startswith(WORKER_SET_UP) and ": global _queue, _tasks" in line]
    assert len(allowed) == 1 and "initializer=quiet_worker" in (ROOT / WORKER_SET_UP).read_text(encoding="utf-8")
    assert [line for line in found if line not in allowed] == []


def test_the_module_variable_check_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import os\nfrom deckgen import glyphs\nX = 0\n\n\ndef f() -> None:\n    global X\n"
                      "    X = 1\n    glyphs.FLATNESS_MM = 2\n    os.sep = '/'\n", encoding="utf-8")  # fmt: skip
    found = _module_globals_assigned_after_import(sample, tmp_path)
    assert [line.split(": ", 1)[1] for line in found] == ["global X", "glyphs.FLATNESS_MM = …", "os.sep = …"]
