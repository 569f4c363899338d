"""Property-based attack on the command line: random deck files, profiles and options.

Whatever comes in, the CLI (run in-process) ends with exit status 0, 1 or 2, prints at most
one ``deckgen: error:`` line and never a traceback, writes nothing outside ``--out``, and
leaves ``--out`` either holding a complete new build or exactly as it was. The suite runs a
few dozen examples; ``make fuzz`` runs many more (FUZZ_EXAMPLES).
"""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deckgen import profiles as printing_profiles
from deckgen.cli import main
from deckgen.games.cleariosity.spec.deckfile import CLEARIOSITY_FILE
from deckgen.outdir import MANIFEST
from tests.gamekit import GAMES

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "50"))
#: The suite's run is the same every time; `make fuzz` explores afresh.
FIXED = "FUZZ_EXAMPLES" not in os.environ
SHIPPED_LINES = [line for line in CLEARIOSITY_FILE.read_text(encoding="utf-8").splitlines() if "grid =" in line]

text = st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12)
ids = st.one_of(st.from_regex(r"[A-Z][A-Z0-9]{0,5}", fullmatch=True), text)
grids = st.one_of(
    st.sampled_from([line.split('grid = "')[1].split('"')[0] for line in SHIPPED_LINES]),
    st.lists(st.sampled_from(list("0123456789.") + ["٣", "３", "x"]), min_size=9, max_size=9).map(
        lambda marks: " / ".join(" ".join(marks[r * 3 : r * 3 + 3]) for r in range(3))
    ),
    text,
)
tiers = st.one_of(st.sampled_from(["green", "yellow", "purple", "orange"]), text)


@st.composite
def deck_files(draw: st.DrawFn) -> str:
    """The shipped deck, the shipped deck with one card changed, or a small deck of anything."""
    shipped = CLEARIOSITY_FILE.read_text(encoding="utf-8")
    kind = draw(st.sampled_from(["shipped", "one-changed", "random"]))
    if kind == "shipped":
        return shipped
    card = draw(st.tuples(ids, tiers, grids))
    line = "  {{ id = {}, tier = {}, grid = {} }},".format(*(json.dumps(v) for v in card))
    if kind == "one-changed":
        lines = shipped.splitlines()
        at = draw(st.sampled_from([n for n, text in enumerate(lines) if "grid =" in text]))
        return "\n".join([*lines[:at], line, *lines[at + 1 :]]) + "\n"
    cards = draw(st.lists(st.tuples(ids, tiers, grids), min_size=0, max_size=8))
    lines = ["  {{ id = {}, tier = {}, grid = {} }},".format(*(json.dumps(v) for v in c)) for c in cards]
    return 'name = "fuzz"\ngame = "cleariosity"\nstandard = false\ncards = [\n' + "\n".join(lines) + "\n]\n"


@st.composite
def sheets(draw: st.DrawFn) -> str:
    """A flash-card spreadsheet: the usual columns or odd ones, and rows of anything."""
    header = draw(st.sampled_from(["front,back", "id,front,back,count,colour", "front", "question;answer", ""]))
    cells = st.one_of(st.sampled_from(["7 × 8", "56", "√49", "α", "一", "", "0", "red", "T01", '"']), text)
    rows = draw(st.lists(st.lists(cells, min_size=0, max_size=5), max_size=6))
    return "\n".join([header, *(",".join(row) for row in rows)]) + "\n"


#: Which file each game reads: a TOML deck file, a spreadsheet, or none (the shipped deck).
DECK_FILES = {"cleariosity": "deck.toml", "flashcards": "deck.csv"}


profile_values = st.one_of(
    st.booleans(),
    st.integers(-5, 500),
    st.sampled_from(["letter", "a4", "poker", "5mm", "3x5in", "none", "crop", ""]),
    text,
)
profile_keys = st.sampled_from(
    ["deck", "paper", "margin", "card_size", "media", "layout", "marks", "bleed", "mirror", "duplex", "registration"]
    + ["sets", "kerf", "engrave", "guide", "frame", "colour"]
)


def toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(value)  # a TOML basic string: JSON's escapes are TOML's


@st.composite
def commands(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(["build", "verify", "export", "show"]))
    options: list[str] = []
    if command == "build":
        options += ["--format", draw(st.sampled_from(["pdf", "svg", "png"])), "--no-pack", "--dpi", "72"]
        for name, values in (
            ("--paper", st.one_of(st.sampled_from(["letter", "a4", "8.5x11in", "1" * 40 + "x5mm"]), text)),
            ("--margin", st.one_of(st.sampled_from(["5mm", "0", "-3mm", "90mm"]), text)),
            ("--card-size", st.one_of(st.sampled_from(["poker", "square", "20x30mm", "300x300mm"]), text)),
            ("--kerf", st.one_of(st.sampled_from(["0.15mm", "63mm", "-1mm"]), text)),
            ("--values", st.one_of(st.sampled_from(["0-9", "10-19", "9-0", "", "0-999"]), text)),
        ):
            if draw(st.booleans()):
                options += [name, draw(values)]
        options += ["--deck", draw(st.sampled_from([*GAMES, "all"]))]
    elif command == "verify":
        options += ["--games", str(draw(st.integers(0, 40)))]
        if draw(st.booleans()):
            options += ["--deck", "treenex", "--values", draw(st.one_of(st.sampled_from(["0-9", "5-5", "²-³"]), text))]
        else:
            options += ["--deck", draw(st.sampled_from(GAMES))]
    elif command == "export":
        options += ["--format", draw(st.sampled_from(["json", "csv"])), "--deck", draw(st.sampled_from(GAMES))]
    else:
        options += draw(st.lists(st.one_of(st.sampled_from(["G01", "G13", "Y02", "O12"]), text), max_size=4))
    return [command, *options]


def files_outside(root: Path, out: Path) -> set[str]:
    return {str(p) for p in root.rglob("*") if out not in p.parents and p != out}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=FIXED)
@given(
    deck=deck_files(),
    sheet=sheets(),
    command=commands(),
    profile=st.dictionaries(profile_keys, profile_values, max_size=4),
)
def test_any_input_is_a_clean_success_or_one_line(
    deck: str, sheet: str, command: list[str], profile: dict[str, object], tmp_path_factory: pytest.TempPathFactory
) -> None:
    root = tmp_path_factory.mktemp("fuzz")
    (root / "deck.toml").write_text(deck, encoding="utf-8")
    (root / "deck.csv").write_text(sheet, encoding="utf-8")
    out = root / "out"
    (out / "svg").mkdir(parents=True)
    (out / "svg" / "keep.txt").write_text("a file of the user's")
    args = [*command]
    chosen = args[args.index("--deck") + 1] if "--deck" in args else "cleariosity"
    deck_file = DECK_FILES.get(chosen if chosen != "all" else "cleariosity")
    if deck_file is not None:
        args += ["--file", str(root / deck_file)]
    if command[0] == "build":
        args += ["--out", str(out)]
    elif command[0] in ("verify", "export"):
        args += ["--out", str(out / "report.txt")]
    else:
        args += ["--out", str(out / "stack.png")]
    use_profile = command[0] == "build" and bool(profile)
    profiles = root / "profiles.toml"
    if use_profile:
        profiles.write_text("[fuzz]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in profile.items()))
        args += ["--profile", "fuzz"]
    before_outside = files_outside(root, out)
    before = {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}

    err = io.StringIO()
    with (
        contextlib.redirect_stderr(err),
        contextlib.redirect_stdout(io.StringIO()),
        # The command line and the build both read profiles through this one function.
        mock.patch.object(printing_profiles.profile, "__defaults__", (profiles,)),
    ):
        code = main(args)
    errors = [line for line in err.getvalue().splitlines() if line.startswith("deckgen: error:")]
    assert "Traceback" not in err.getvalue()
    assert code in (0, 1, 2), (args, err.getvalue())
    if code:
        assert len(errors) == 1, (args, err.getvalue())
    assert files_outside(root, out) == before_outside, "something was written outside --out"
    after = {str(p.relative_to(out)): p.read_bytes() for p in out.rglob("*") if p.is_file()}
    assert after["svg/keep.txt"] == before["svg/keep.txt"]
    if code:
        # A check that fails still writes its report (that is its answer); nothing else may change.
        checked = any(
            word in errors[0] for word in ("fails criteria", "too small for a full game", "do not fit", "of its lines")
        )
        allowed = {"report.txt"} if checked and command[0] == "verify" else set()
        assert {k: v for k, v in after.items() if k not in allowed} == before, "a failed command changed --out"
    # The manifest of what a build wrote is the one hidden file a finished build leaves.
    hidden = [p for p in out.rglob("*") if p.name.startswith(".") and not (p.name == MANIFEST and p.parent == out)]
    assert not hidden, "temporary files left behind"
