"""Verdicts that hold: play figures carry standard errors, figures near their lines are decided by
confirmation runs, and every criterion is declared once, in the registry."""

from __future__ import annotations

import ast
import dataclasses
import io
import math
import re
import tokenize
from pathlib import Path

import pytest

from deckgen.games.cleariosity.analysis.tier_report import JSON_SCHEMA
from deckgen.games.cleariosity.core.model import STANDARD_TIERS
from deckgen.games.cleariosity.criteria.lines import STANDARD_CRITERIA, Criteria
from deckgen.games.cleariosity.criteria.registry import BY_NUMBER, REGISTRY, readme_table
from deckgen.games.cleariosity.play.figures import (
    CONFIDENT_Z,
    CONFIRM_ROUNDS,
    DESIGN_Z,
    MARGIN,
    Figure,
    confirm_games,
    measured,
    standard_error,
)
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.cleariosity.verify.verdict import confirm, verify_deck
from deckgen.games.play.simulate import BATCHES, simulate

ROOT = Path(__file__).parents[2]


def test_the_rule_decides_a_play_figure_by_its_distance_from_the_line_in_standard_errors() -> None:
    at_least = dict(criterion=8, name="cards collected", line=0.92, at_least=True, players=3, games=2000)
    assert Figure(value=0.95, stderr=0.005, **at_least).decided() is True  # 6 s.e. above
    assert Figure(value=0.89, stderr=0.005, **at_least).decided() is False  # 6 s.e. below
    assert Figure(value=0.93, stderr=0.005, **at_least).decided() is None  # 2 s.e.: a confirmation run decides
    confirmed = dict(at_least, confirmed=True)
    assert Figure(value=0.92 + 2.4 * 0.002, stderr=0.002, **confirmed).decided() is True
    assert Figure(value=0.92 + 2.2 * 0.002, stderr=0.002, **confirmed).decided() is False  # right side, < 99 %
    # design asks 1.5 times the distance before it ships a deck
    assert (
        Figure(value=0.92 + 3 * 0.002, stderr=0.002, **confirmed, confident_z=DESIGN_Z).decided() is False
    )  # 3 < 3.49
    assert Figure(value=0.92 + 3.6 * 0.002, stderr=0.002, **confirmed, confident_z=DESIGN_Z).decided() is True
    # A confirmation round with a larger one to come decides only a figure beyond the margin.
    early = dict(confirmed, last_round=False)
    assert Figure(value=0.92 + 2.4 * 0.002, stderr=0.002, **early).decided() is None
    assert Figure(value=0.92 + 3.1 * 0.002, stderr=0.002, **early).decided() is True
    assert Figure(value=0.92 - 3.1 * 0.002, stderr=0.002, **early).decided() is False
    assert Figure(value=0.92 + 3.1 * 0.002, stderr=0.002, **early, confident_z=DESIGN_Z).decided() is None
    at_most = dict(criterion=8, name="left", line=0.15, at_least=False, players=3, games=2000)
    assert Figure(value=0.10, stderr=0.01, **at_most).decided() is True
    assert Figure(value=0.17, stderr=0.01, **at_most).decided() is None
    exact = Figure(criterion=4, name="fewest groups", value=6, line=6, at_least=True)
    assert exact.decided() is True and not exact.from_play  # the deck alone decides: no standard error


def test_batch_standard_errors_match_the_binomial_ones() -> None:
    """A card's share of games left on the table is a binomial share: the spread over the
    batches must give its standard error (within the noise of 40 batches)."""
    deck = load_cleariosity()
    report = verify_deck(deck, games=0, seed=1)
    green = report.tiers[0]
    masks = [g.mask for g in green.groups]
    stats = simulate(len(green.cards), masks, [0] * len(masks), 3, 4000, "batch-test")
    assert len(stats.batches) == BATCHES and sum(b.games for b in stats.batches) == 4000
    for card, share in enumerate(stats.stranded()):
        if share < 0.05:
            continue
        batch_error = standard_error([b.stranded()[card] for b in stats.batches])
        binomial = math.sqrt(share * (1 - share) / 4000)
        assert 0.6 < batch_error / binomial < 1.4


@pytest.fixture(scope="module")
def on_the_line() -> tuple:
    """The shipped deck judged by a line set right on green's first-run collection at 3 players."""
    deck = load_cleariosity()
    first = verify_deck(deck, games=400, seed=5, workers=2, criteria=THREE_PLAYERS)
    collected = first.tiers[0].full_view[3].collected_share
    return first, verify_deck(deck, games=400, seed=5, workers=2, criteria=green_collects(collected)), collected


#: The standard thresholds, played by 3 players only (one set of games a tier and play model).
THREE_PLAYERS = dataclasses.replace(STANDARD_CRITERIA, players=(3,))


def green_collects(line: float) -> Criteria:
    """:data:`THREE_PLAYERS` with green's collection line (criterion 8) moved to ``line``."""
    tiers = (dataclasses.replace(STANDARD_CRITERIA.tiers[0], min_collected=line), *STANDARD_CRITERIA.tiers[1:])
    return dataclasses.replace(THREE_PLAYERS, tiers=tiers)


def test_a_figure_on_its_line_is_decided_by_a_confirmation_run(on_the_line: tuple) -> None:
    _, again, line = on_the_line
    green = again.tiers[0]
    rounds = green.rounds[("full", 3)]
    assert 3 in green.confirmed and green.confirmed[3].games == confirm_games(400, rounds)
    assert confirm_games(400) == 10_000 and confirm_games(400, 2) == 40_000
    figure = next(f for f in green.figures()[8] if f.name == "cards collected" and f.players == 3)
    assert figure.confirmed and figure.games == confirm_games(400, rounds) and figure.line == line
    assert figure.value == green.confirmed[3].collected_share  # read from the confirmation run
    assert figure.value != green.full_view[3].collected_share
    # The confirmation run's own seed: not the first run's games again.
    distance = (figure.value - line) / figure.stderr
    passes = distance >= CONFIDENT_Z if rounds == CONFIRM_ROUNDS else distance > MARGIN
    assert (8 not in green.failures()) == passes
    assert rounds == CONFIRM_ROUNDS or abs(distance) > MARGIN  # a round within the margin is played again
    data = again.to_json()
    assert data["schema"] == JSON_SCHEMA
    judged = [f for f in data["tiers"]["green"]["criteria"]["8"]["figures"] if f["figure"] == "cards collected"]
    row = next(f for f in judged if f["players"] == 3)
    assert row["confirmed"] is True and row["games"] == figure.games and row["line"] == round(line, 4)
    assert data["tiers"]["green"]["confirm_rounds"]["full_view"] == {"3": rounds}
    assert set(row) >= {"value", "line", "stderr", "sense", "passed"}


def test_the_confirmation_run_overrules_the_first_run(on_the_line: tuple) -> None:
    """Set the line two first-run standard errors below green's figure: the first run alone
    would pass it, but it is near enough to be played again, and the five-fold run decides."""
    first, _, _ = on_the_line
    deck = load_cleariosity()
    value, error = measured(first.tiers[0].full_view[3], lambda stats: stats.collected_share)  # the first run's
    line = value - 2 * error
    green = verify_deck(deck, games=400, seed=5, workers=2, criteria=green_collects(line)).tiers[0]
    assert 3 in green.confirmed
    figure = next(f for f in green.figures()[8] if f.name == "cards collected")
    assert figure.confirmed and figure.value == green.confirmed[3].collected_share != value
    assert figure.decided() is not None and (8 in green.failures()) == (figure.decided() is False)
    # Two standard errors above: near too, and no run of these games brings it up to the line.
    green = verify_deck(deck, games=400, seed=5, workers=2, criteria=green_collects(value + 2 * error)).tiers[0]
    assert 3 in green.confirmed and 8 in green.failures()


def test_a_figure_a_confirmation_round_leaves_on_its_line_is_played_again_with_more_games() -> None:
    """Set the line on what the first confirmation round measures: that round cannot decide it
    (it sits 0 standard errors from the line), so a second round, four times as large and with
    its own seed, is played, and so on until one is clear of the margin or the last decides."""
    deck = load_cleariosity()
    probe = verify_deck(deck, games=400, seed=5, workers=2, criteria=THREE_PLAYERS).tiers[0]
    confirm([(probe, "full", 3)], 400, 5, workers=2, round=1)  # what round 1 plays at seed 5
    line = probe.confirmed[3].collected_share
    green = verify_deck(deck, games=400, seed=5, workers=2, criteria=green_collects(line)).tiers[0]
    rounds = green.rounds[("full", 3)]
    assert rounds >= 2  # round 1 landed on the line, so it was played again
    figure = next(f for f in green.figures()[8] if f.name == "cards collected" and f.players == 3)
    assert figure.games == confirm_games(400, rounds) and figure.value != line  # a new run's figure
    assert figure.decided() is not None
    assert rounds == CONFIRM_ROUNDS or abs(figure.distance()) > MARGIN


def test_every_criterion_is_declared_once_numbered_in_order() -> None:
    numbers = [c.number for c in REGISTRY]
    assert numbers == list(range(1, len(REGISTRY) + 1))
    assert len(BY_NUMBER) == len(REGISTRY)
    for criterion in REGISTRY:
        assert criterion.decided_by in ("deck", "play", "deck and play")
        assert (criterion.tier_figures is None) != (criterion.deck_figures is None)
        for field in criterion.lines:  # each line names a threshold the spec can set
            assert hasattr(STANDARD_CRITERIA, field) or hasattr(STANDARD_CRITERIA.tiers[0], field)


#: Where a criterion's number could be written by hand instead of taken from the registry.
_LITERAL = re.compile(
    r"criteri(?:on|a)\s+\d"  # "criterion 8", "criteria 8-10" in words
    r"|append\(\s*\d+\s*\)"  # failed.append(8)
    r"|[!=]=\s*1[0-8]\b"  # n != 18
    r"|PLAY_CRITERIA\s*=\s*\(\s*\d"  # a list of numbers of its own
    r"|BY_NUMBER\[\s*\d"  # a criterion looked up by a number written here
    r"|\(\s*\"deck\"\s*,\s*\d+\s*\)"  # ("deck", 11)
)


@pytest.mark.parametrize(
    "module",
    ["verify/verdict", "analysis/tier_report", "output/report", "design/search", "commands", "output/outlook"],
)
def test_no_criterion_number_is_written_outside_the_registry(module: str) -> None:
    text = _code_of((ROOT / "deckgen" / "games" / "cleariosity" / f"{module}.py").read_text(encoding="utf-8"))
    found = [match.group(0) for match in _LITERAL.finditer(text)]
    assert found == [], f"{module}.py names criteria by number: {found}"


def _code_of(source: str) -> str:
    """The source without comments and docstrings (which may well speak of criterion 8)."""
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if (
            isinstance(body, list)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            for number in range(body[0].lineno - 1, body[0].end_lineno or body[0].lineno):
                lines[number] = ""
    kept = "\n".join(lines)
    comments = [t for t in tokenize.generate_tokens(io.StringIO(kept).readline) if t.type == tokenize.COMMENT]
    rows = kept.splitlines()
    for token in comments:
        row, column = token.start
        rows[row - 1] = rows[row - 1][:column]
    return "\n".join(rows)


def test_the_grep_for_criterion_numbers_finds_them() -> None:
    """The pattern above catches the ways a criterion number was written by hand before."""
    for written in (
        "failed.append(8)",
        "if n != 18",
        '"(--games 0 skips criteria 8-10)"',
        'failed.append(("deck", 11))',
        "BY_NUMBER[8].tier_figures(self)",
    ):
        assert _LITERAL.search(written), written


def test_the_readme_table_of_criteria_is_the_registry_s() -> None:
    page = (ROOT / "docs" / "criteria.md").read_text(encoding="utf-8")
    assert readme_table(STANDARD_CRITERIA, STANDARD_TIERS) in page


def test_verify_json_gives_every_judged_figure_beside_its_line() -> None:
    report = verify_deck(load_cleariosity(), games=300, seed=2, workers=2).to_json()
    assert report["schema"] == JSON_SCHEMA and report["rule"]["margin"] == MARGIN
    for tier in report["tiers"].values():
        assert set(tier["criteria"]) >= {"1", "2", "4", "8", "9", "12", "14"}
        for number, judged in tier["criteria"].items():
            assert judged["decided_by"] == BY_NUMBER[int(number)].decided_by
            for figure in judged["figures"]:
                assert figure["criterion"] == int(number)
                assert {"value", "line", "sense", "passed"} <= set(figure)
                assert ("stderr" in figure) == (figure["decided_by"] == "play")
            assert judged["passed"] == all(f["passed"] for f in judged["figures"])
        stranded = tier["stranded"]["3"]
        assert {"card", "value", "line", "stderr", "games", "confirmed"} <= set(stranded)
    assert report["balance"]["figures"][0]["criterion"] == 11


@pytest.mark.parametrize(
    ("preset", "seed"),
    [
        ("standard", 7),
        ("standard", 16),
        ("starter", 11),
        ("pairs", 4),
        ("times-6-8", 9),
        ("times-2-4", 13),
        ("times-2-5-10", 17),
        ("divide-2-5-10", 12),
        ("divide-3-4-8", 6),
    ],
)
def test_shipped_decks_pass_at_other_seeds(preset: str, seed: int) -> None:
    """A verdict that changed with the seed would be no verdict (the README lists seeds 1-20)."""
    from deckgen.games.cleariosity.game import PRESET_FILES
    from deckgen.games.cleariosity.spec.deck_spec import engine_criteria
    from deckgen.games.cleariosity.spec.reading import load_spec

    path = PRESET_FILES[preset]
    deck = load_cleariosity(path)
    criteria = engine_criteria(load_spec(deck.spec), deck) if deck.spec else STANDARD_CRITERIA
    report = verify_deck(deck, games=2000, seed=seed, workers=2, criteria=criteria)
    assert report.failures() == []


def test_design_checks_its_decks_only_with_seeds_verify_never_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Selecting a deck on the games a teacher's verify then reports would be the winner's curse."""
    import deckgen.games.cleariosity.verify.verdict as verify
    from deckgen.cli import main
    from deckgen.games.cleariosity.commands import CHECK_SEEDS

    seeds: list[object] = []
    asked: list[object] = []
    real = verify.verify_deck

    def recording(*args: object, **kwargs: object) -> object:
        seeds.append(args[2])
        asked.append(kwargs.get("confident_z"))
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(verify, "verify_deck", recording)
    out = tmp_path / "deck.toml"
    main(["design", "--seed", "4", "--iterations", "300", "--attempts", "2", "--games", "100", "--out", str(out)])
    assert seeds and set(seeds) <= set(CHECK_SEEDS)
    assert set(asked) == {DESIGN_Z}  # and asks more of a confirmed figure than verify does
    assert all(isinstance(seed, str) for seed in CHECK_SEEDS)  # verify --seed takes whole numbers only
    assert not out.exists()  # 300 steps make no passing deck, and a failing one is not written


def test_design_names_a_missed_criterion_in_a_teachers_words_with_its_number() -> None:
    from deckgen.games.cleariosity.criteria.registry import missed_in_words

    said = missed_in_words([("green", 8), ("yellow", 8), ("purple", 15), ("deck", 11)])
    assert said == (
        f"{BY_NUMBER[8].notice} at green and yellow [criterion 8]; "
        f"{BY_NUMBER[11].notice} at the whole deck [criterion 11]; "
        f"{BY_NUMBER[15].notice} at purple [criterion 15]"
    )
    assert "cards left on the table" in said


def test_a_design_that_finds_no_deck_says_what_it_missed_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from deckgen.cli import main

    out = tmp_path / "deck.toml"
    args = ["design", "--seed", "1", "--iterations", "200", "--attempts", "1", "--spec", "starter", "--out", str(out)]
    assert main(args) == 1
    err = capsys.readouterr().err.strip().splitlines()[-1]
    assert err.startswith("deckgen: error: after 1 attempt no designed deck passes every criterion")
    assert re.search(r" at [a-z ]+ \[criterion \d+\]", err) and not out.exists()
