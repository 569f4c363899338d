"""Deck specs: validation (one line per error, naming file and key), round trip, defaults."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.analysis.facts import tier_facts
from deckgen.games.cleariosity.core import standard
from deckgen.games.cleariosity.core.model import STANDARD_TIERS
from deckgen.games.cleariosity.criteria.lines import STANDARD_CRITERIA, op_facts
from deckgen.games.cleariosity.game import TEMPLATES
from deckgen.games.cleariosity.output.report import cleariosity_text
from deckgen.games.cleariosity.spec.deck_spec import SPECS, dump_spec, parse_focus, spec_tiers
from deckgen.games.cleariosity.spec.reading import load_spec, read_spec

STANDARD_TEXT = (SPECS / "standard.toml").read_text(encoding="utf-8")


def spec_with(text: str, tmp_path: Path) -> Path:
    path = tmp_path / "my-spec.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_standard_spec_gives_the_standard_thresholds() -> None:
    """Designing or verifying from the standard spec judges by exactly today's numbers."""
    spec = load_spec("standard")
    criteria = spec.criteria_for()
    assert [t.name for t in spec.tiers] == [t.name for t in STANDARD_TIERS]
    assert {t: spec.tiers[t.rank].cards for t in STANDARD_TIERS} == standard.STANDARD_COUNTS
    assert spec.operations(3) == tuple(t.adds[0] for t in STANDARD_TIERS)
    assert criteria.players == standard.PLAYER_COUNTS
    assert (criteria.min_groups, criteria.min_pairs, criteria.trivial_share) == (
        standard.MIN_GROUPS,
        standard.MIN_PAIRS,
        standard.TRIVIAL_SHARE,
    )
    assert (criteria.max_stranded, criteria.min_beginner, criteria.min_teaching_facts) == (
        standard.MAX_STRANDED,
        standard.MIN_BEGINNER,
        standard.MIN_TEACHING_FACTS,
    )
    assert criteria.max_top_new == standard.MAX_TOP_NEW
    assert all(t.max_top_equation == standard.MAX_TOP_EQUATION for t in criteria.tiers)
    assert all(t.max_repeats == standard.MAX_REPEATS for t in criteria.tiers)
    assert criteria == STANDARD_CRITERIA  # what verify judges by without a spec
    assert (criteria.min_digit_use, criteria.min_zero_use, criteria.min_cell_use) == (
        standard.MIN_DIGIT_USE,
        standard.MIN_ZERO_USE,
        standard.MIN_CELL_USE,
    )
    for tier in STANDARD_TIERS:
        mine = criteria.tiers[tier.rank]
        assert mine.min_facts == standard.MIN_FACTS[tier]
        assert mine.max_fact_share == standard.MAX_FACT_SHARE.get(tier, 1.0)
        assert mine.min_collected == standard.MIN_COLLECTED[tier]
        assert mine.min_practice == standard.MIN_PRACTICE.get(tier, 0.0)
        assert mine.min_needing_new == standard.MIN_NEEDING_NEW.get(tier, 0.0)
        rare = tier in standard.RARE_FACT_TIERS
        assert mine.min_fact_pairs == (standard.MIN_FACT_PAIRS if rare else 0)
        assert mine.min_fact_per_game == (standard.MIN_FACT_PER_GAME if rare else 0.0)
        assert mine.min_distinct_facts == standard.MIN_DISTINCT_FACTS.get(tier, 0)


def test_facts_of_an_operation_match_the_standard_tiers_facts() -> None:
    for tier in STANDARD_TIERS:
        assert op_facts(tier.adds[0], range(10)) == list(tier_facts(tier))


def test_a_spec_reads_back_from_what_it_writes(tmp_path: Path) -> None:
    text = """
spec_version = 1
name = "times"
title = "Times tables"
numbers = "0-81"
players = [4, 2]

[[tiers]]
name = "green"
cards = 20
adds = ["x"]
focus = ["x tables 2-3", "2x5=10"]

[[tiers]]
name = "blue"
colour = "blue"
cards = 12
adds = ["÷"]
focus = "42/6"
min_collected = 0.9

[[tiers]]
name = "red"
colour = "red"
cards = 6
adds = []

[criteria]
max_stranded = 0.2
min_groups = 5
"""
    spec = load_spec(spec_with(text, tmp_path))
    assert spec.players == (2, 4)
    assert spec.operations(2) == ("*", "/")
    again = read_spec(tomllib.loads(dump_spec(spec)), spec.source)
    assert again == spec
    assert dump_spec(again) == dump_spec(spec)
    criteria = spec.criteria_for()
    assert criteria.max_stranded == 0.2 and criteria.min_groups == 5
    assert criteria.tiers[1].min_collected == 0.9
    assert criteria.tiers[2].min_facts == 0  # a tier that only adds cards brings no new facts
    assert (42, "/", 6, 7) in spec.focus_facts(1)
    focus = spec.focus_facts(0)
    assert focus[:3] == ((2, "*", 2, 4), (2, "*", 3, 6), (3, "*", 2, 6)) and (2, "*", 5, 10) in focus


def test_focus_entries_name_the_facts_they_mean() -> None:
    numbers = range(0, 82)
    assert parse_focus("7x8=56", numbers, "s", "f") == [(7, "*", 8, 56)]
    assert parse_focus("6 × 7", numbers, "s", "f") == [(6, "*", 7, 42)]
    assert parse_focus("42/6", numbers, "s", "f") == [(42, "/", 6, 7)]
    assert parse_focus("8 - 3", range(10), "s", "f") == [(8, "-", 3, 5)]
    tables = parse_focus("x tables 6-8", numbers, "s", "f")
    assert (6, "*", 7, 42) in tables and (7, "*", 6, 42) in tables and (8, "*", 9, 72) in tables
    assert all(a in (6, 7, 8) or b in (6, 7, 8) for a, _, b, _ in tables)
    assert all(a * b == c and 2 <= a <= 9 and 2 <= b <= 9 for a, _, b, c in tables)
    assert len(tables) == 8 * 8 - 5 * 5  # ordered factor pairs from 2-9 with a 6, 7 or 8 among them
    assert len(tables) == len(set(tables))
    divisions = parse_focus("÷ tables 7", numbers, "s", "f")
    assert (56, "/", 7, 8) in divisions and (56, "/", 8, 7) in divisions


#: The start every broken spec below shares.
H = 'spec_version = 1\nname = "a"\n'
#: A one-tier spec up to its tier's operations, numbers 0-9 and 0-60.
G9 = H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncards=9\n'
G60 = G9.replace('"0-9"', '"0-60"')

BROKEN = [
    ("", "spec_version is missing"),
    ("spec_version = 2", "spec_version 2 is not one this deckgen reads"),
    ('spec_version = 1\nname = "My Deck"', "name must be lower-case"),
    (H + 'colour = "red"', "unknown key 'colour'"),
    ('spec_version = 1\nname = "a"', "numbers is missing"),
    (H + 'numbers = "7-9"', "holds at least six numbers"),
    (H + 'numbers = "0-81"\nfactors = "1-9"', "factors run from 2 up"),
    (H + 'numbers = "0-81"\nfactors = "two"', "factors = 'two' is not a range"),
    (H + 'numbers = "0-100"', "ends between 5 and 99"),
    (H + 'numbers = "ten"', "is not a range"),
    (H + 'numbers = "0-9"', "tiers is missing"),
    (
        H + 'numbers = "0-9"\nplayers = [1, 2]\n[[tiers]]\nname="g"\ncards=5\nadds=["+"]',
        "players must be",
    ),
    (H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncards=2\nadds=["+"]', "cards must be"),
    (G9 + 'adds=["^"]', "adds must list"),
    (G9 + "adds=[]", "first tier must add"),
    (
        G9 + 'adds=["+"]\n[[tiers]]\nname="yellow"\ncards=9\nadds=["+"]',
        "'+' is already in play",
    ),
    (
        G9 + 'adds=["+"]\n[[tiers]]\nname="grey"\ncards=9\nadds=["-"]',
        "starts with the same letter",
    ),
    (
        H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncolour="teal"\ncards=9\nadds=["+"]',
        "colour 'teal' is not a colour deckgen prints",
    ),
    (
        G9 + 'adds=["+"]\nfocus=["7x8"]',
        "uses 56, outside the spec's numbers",
    ),
    (
        G60 + 'adds=["+"]\nfocus=["7x8"]',
        "needs 'x', which is not in play",
    ),
    (
        G60 + 'adds=["x"]\nfocus=["7x8=54"]',
        "is wrong (7 x 8 = 56)",
    ),
    (
        G60 + 'adds=["/"]\nfocus=["43/6"]',
        "is not a whole-number fact",
    ),
    (
        G60 + 'adds=["x"]\nfocus=["lots"]',
        "cannot read 'lots'",
    ),
    (
        G9 + 'adds=["+"]\nmin_colected = 0.9',
        "unknown key tiers[0].min_colected",
    ),
    (
        G9 + 'adds=["+"]\n[criteria]\nmin_groups = 4.5',
        "criteria.min_groups must be a whole number",
    ),
    (
        G9 + 'adds=["+"]\n[criteria]\nmax_stranded = "low"',
        "criteria.max_stranded must be a number",
    ),
    ("spec_version = 1\nname = [", "not a valid spec file"),
    (
        H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncards=12\nadds=[["+"]]',
        "adds must list operations",
    ),
    (
        H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncolour=["green"]\ncards=12\nadds=["+"]',
        "add colour =",
    ),
    (
        H + 'numbers = "0-9"\n[[tiers]]\nname="alpha"\ncards=12\nadds=["+"]',
        "has no colour and its name 'alpha'",
    ),
    (
        H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncards=24\nadds=["+"]\nmin_collected = nan',
        "must be a number 0 or more, not nan",
    ),
    (
        H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncards=24\nadds=["+"]\nmin_collected = 1.5',
        "is a share of 0 to 1",
    ),
    (
        H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncolur="green"\ncards=24\nadds=["+"]',
        "unknown key tiers[0].colur; known ones: name, colour",
    ),
    (H + 'numbers = "\u0660-\u0669"\n', "is not a range"),
    (
        H + 'numbers = "2-20"\nfactors = "8-9"\n[[tiers]]\nname="green"\ncards=12\nadds=["x"]',
        'the tables 8-9 reach 9 x 9 = 81, past numbers 2-20; write numbers = "2-81"',
    ),
    (
        H + 'numbers = "2-81"\nfactors = "2-9"\n[[tiers]]\nname="green"\ncards=12\nadds=["x"]\n'
        '[[tiers]]\nname="yellow"\ncards=12\nadds=["x"]\nfactors="3-4"',
        "tiers[1] adds 'x' with factors 3-4 but brings in no fact",
    ),
    (
        H + 'numbers = "2-81"\nfactors = "2-4"\n[[tiers]]\nname="green"\ncards=12\nadds=["x"]\nfocus=["7x8=56"]',
        "7x8=56 is not a fact of the spec's tables 2-4 (it uses 7, which no fact of them has); "
        "pick one of their facts or widen 'factors'",
    ),
    (
        H + 'numbers = "2-81"\n[[tiers]]\nname="green"\ncards=12\nadds=["x"]\nfactors="2-4"\nfocus=["2x6"]',
        "2 x 6 = 12 is outside the tables in play at tier 'green'",
    ),
    (
        H + 'numbers = "0-9"\n[[tiers]]\nname="green"\ncards=12\nadds=["+"]\nfactors="2-4"',
        "only a tier that adds x or / has tables",
    ),
]


@pytest.mark.parametrize(("text", "message"), BROKEN)
def test_a_broken_spec_gets_one_line_naming_the_file_and_the_fix(tmp_path: Path, text: str, message: str) -> None:
    path = spec_with(text, tmp_path)
    with pytest.raises(DeckgenError) as raised:
        load_spec(path)
    said = str(raised.value)
    assert message in said
    assert said.startswith(str(path)) and "\n" not in said


def test_a_missing_spec_names_the_presets(tmp_path: Path) -> None:
    with pytest.raises(DeckgenError, match=r"presets: .*standard"):
        load_spec("no-such-preset")
    with pytest.raises(DeckgenError, match="no such spec file"):
        load_spec(tmp_path / "none.toml")


def test_operation_signs_a_teacher_types_are_all_understood(tmp_path: Path) -> None:
    body = STANDARD_TEXT.replace('adds = ["-"]', 'adds = ["−"]').replace('adds = ["x"]', 'adds = ["×"]')
    body = body.replace('adds = ["/"]', 'adds = ["÷"]')
    assert load_spec(spec_with(body, tmp_path)).operations(3) == ("+", "-", "*", "/")


def test_verify_judges_by_the_specs_thresholds_and_players(tmp_path: Path) -> None:
    """The shipped deck passes under the standard spec and fails a stricter stranding line."""
    from click.testing import CliRunner

    from deckgen.cli import cli

    standard_run = CliRunner().invoke(cli, ["verify", "--spec", "standard", "--games", "300", "--json"])
    plain_run = CliRunner().invoke(cli, ["verify", "--games", "300", "--json"])
    assert standard_run.exit_code == 0 and standard_run.output == plain_run.output
    strict = STANDARD_TEXT.replace("players = [2, 3, 4]", "players = [2]") + "\n[criteria]\nmax_stranded = 0.02\n"
    result = CliRunner().invoke(cli, ["verify", "--spec", str(spec_with(strict, tmp_path)), "--games", "300"])
    assert result.exit_code == 1
    assert "Simulated play, 2 players:" in result.output
    assert "no card left in more than 2% of games" in result.output


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('adds = ["-"]', "adds = []"), "the deck has yellow cards and the spec no yellow tier with that sign"),
        (("cards = 24", "cards = 20"), "the deck has 24 green cards and the spec asks for 20"),
        (
            ('name = "purple"\ncolour = "purple"', 'name = "blue"\ncolour = "blue"'),
            "the deck has purple cards and the spec no purple tier",
        ),
    ],
)
def test_a_spec_the_deck_does_not_match_gets_one_line(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    from click.testing import CliRunner

    from deckgen.cli import cli

    spec = spec_with(STANDARD_TEXT.replace(*change), tmp_path)
    for command in (
        ["verify", "--games", "0"],
        ["design", "--seed", "1", "--iterations", "1", "--out", str(tmp_path / "d.toml")],
    ):
        if command[0] == "design" and "cards and the spec no" in message:
            continue  # a blue tier in purple's place, or a yellow that adds none, is a spec design can follow
        result = CliRunner().invoke(cli, [*command, "--spec", str(spec)])
        if command[0] == "design" and "cards" in change[0]:
            message = "card count must be a multiple of 3"
        said = str(result.exception)
        assert isinstance(result.exception, DeckgenError) and message in said and "\n" not in said, said
        assert not (tmp_path / "d.toml").exists()


def test_design_aims_at_focus_facts(tmp_path: Path) -> None:
    """A focus fact is laid in a teaching triple and pushed to more two-card groups than verify
    asks: the same search without the focus line leaves them in fewer."""
    from dataclasses import replace

    from deckgen.games.cleariosity.design.search import DeckSearch, DesignGoal
    from deckgen.games.cleariosity.design.settings import DesignSettings

    starter = (SPECS / "starter.toml").read_text(encoding="utf-8")
    focused = spec_with(starter.replace('adds = ["-"]', 'adds = ["-"]\nfocus = ["5-3", "4-3"]'), tmp_path)
    settings = replace(DesignSettings(), iterations=12000, feedback_every=0)
    pairs = {}
    for name, spec in (("focus", load_spec(focused)), ("plain", load_spec("starter"))):
        goal = DesignGoal((24, 12), spec.criteria_for(), name="starter", spec="starter", tiers=spec_tiers(spec))
        search = DeckSearch(3, settings, goal)
        if name == "focus":  # the search starts with a teaching triple on each focus fact
            starts = [fact for (tier, _, _), fact in zip(search.triples, search.triple_fact, strict=True) if tier.rank]
            assert {(5, 3, 2), (4, 3, 1)} <= set(starts)
        search.anneal(settings.iterations, None, 0, settings.iterations)
        codes = [
            (5 * search.index.base + 3) * search.index.base + 2,
            (4 * search.index.base + 3) * search.index.base + 1,
        ]
        pairs[name] = [search.index.stats[1].pair_facts[code] for code in codes]
    assert min(pairs["focus"]) >= 4, pairs  # verify asks 3
    assert sum(pairs["focus"]) > sum(pairs["plain"]), pairs


def test_a_trivial_focus_fact_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DeckgenError, match="5x1 is trivial"):
        parse_focus("5x1", range(10), "s", "f")


def test_focus_facts_are_judged_by_their_pairs_collections_and_share(tmp_path: Path) -> None:
    """Criterion 18 on the shipped deck: 2 x 3 and 3 x 2 at purple.

    They are in 6 and 8 two-card groups (counted here from the groups themselves) and come up
    0.47-0.67 times a game, but together they are under a third of the multiplications
    collected: under the default 50 % line the tier fails, under a 25 % line (and 0.4 a game) it passes.
    """
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.games.cleariosity.verify.verdict import verify_deck

    text = STANDARD_TEXT.replace('adds = ["x"]', 'adds = ["x"]\nfocus = ["2x3", "3 × 2 = 6"]')
    deck = load_cleariosity()
    strict = load_spec(spec_with(text, tmp_path)).criteria_for()
    report = verify_deck(deck, games=300, seed=1, workers=2, criteria=strict)
    purple = report.tiers[2]
    for values in ((2, 3, 6), (3, 2, 6)):
        pairs = sum(1 for g in purple.groups if g.values == values and g.pair and "*" in g.ops)
        assert pairs >= 3
        for players in (2, 3, 4):
            _, counted, per_game = next(f for f in purple.focus(players).facts if f[0].startswith(f"{values[0]} ×"))
            assert counted == pairs and per_game >= 0.4
    assert all(purple.focus(p).share < 0.5 for p in (2, 3, 4))
    assert ("purple", 18) in report.failures()
    assert "Focus facts (3 players):" in cleariosity_text(report, "deck")
    assert report.to_json()["tiers"]["purple"]["focus"]["3"]["facts"][0]["equation"] == "2 × 3 = 6"

    # 2 x 3 comes up 0.47 times a game, under the default 0.5: a line of 0.4 lets the share decide.
    looser = 'min_focus_share = 0.25\nmin_focus_per_game = 0.4\nfocus = ["2x3"'
    relaxed = load_spec(spec_with(text.replace('focus = ["2x3"', looser), tmp_path))
    report = verify_deck(deck, games=300, seed=1, workers=2, criteria=relaxed.criteria_for())
    assert ("purple", 18) not in report.failures()
    assert all(number != 18 for _, number in report.failures())


def test_criterion_11_scales_with_the_specs_numbers_and_cards(tmp_path: Path) -> None:
    """Numbers 0-5 on 36 cards: each number 18 times on average, as in the standard deck, each
    cell 12 times (standard: 20), so the lines are 14 and 8 for numbers, 8 for cells."""
    text = STANDARD_TEXT.replace('numbers = "0-9"', 'numbers = "0-5"')
    text = text[: text.index('[[tiers]]\nname = "purple"')]
    criteria = load_spec(spec_with(text, tmp_path)).criteria_for()
    assert (criteria.high, criteria.min_digit_use, criteria.min_zero_use, criteria.min_cell_use) == (5, 14, 8, 8)
    assert [t.min_facts for t in criteria.tiers] == [8, 7]  # of the 10 + and 10 - facts up to 5


def test_cards_with_numbers_outside_the_spec_fail_criterion_11(tmp_path: Path) -> None:
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.games.cleariosity.verify.verdict import verify_deck

    spec = load_spec(spec_with(STANDARD_TEXT.replace('numbers = "0-9"', 'numbers = "0-7"'), tmp_path))
    deck = load_cleariosity()
    report = verify_deck(deck, games=0, seed=1, criteria=spec.criteria_for())
    above = [card.id for card in deck.cards if any(cell.value > 7 for cell in card.cells)]
    assert report.balance.outside == tuple(above) and above
    assert ("deck", 11) in report.failures()
    assert "outside the spec: " + ", ".join(above) in cleariosity_text(report, "deck")


STARTER = Path(__file__).resolve().parents[2] / "templates" / "cleariosity" / "cleariosity-starter.toml"
PAIRS = STARTER.with_name("cleariosity-pairs.toml")


def test_the_two_player_preset_passes_every_criterion_of_its_spec_and_says_who_it_is_for() -> None:
    from deckgen.games.cleariosity.output.pack import rules, turn_ups
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.games.cleariosity.verify.verdict import verify_deck
    from deckgen.pack_blocks import Text

    deck = load_cleariosity(PAIRS)
    criteria = load_spec(deck.spec).criteria_for()
    assert deck.spec == "pairs" and criteria.players == (2,)
    report = verify_deck(deck, games=2000, seed=1, workers=2, criteria=criteria)
    assert report.failures() == [] and list(report.tiers[0].full_view) == [2]
    said = [block.text for block in rules(deck) if isinstance(block, Text)]
    assert said[0] == "This deck: two players, adding (30 cards) (the preset pairs)."
    assert said[1].startswith("A game for 2 players with 30 clear cards.")
    assert turn_ups(deck) == [("Turn-ups per player", "2 players"), ("Green level (30 cards)", "15")]


def test_the_starter_preset_passes_every_criterion_of_its_spec() -> None:
    """The shipped starter deck (numbers 0-5, + then -) names its spec, and verify judges by it."""
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.games.cleariosity.verify.verdict import verify_deck

    deck = load_cleariosity(STARTER)
    assert deck.spec == "starter"
    assert [len(deck.colour_cards(t)) for t in STANDARD_TIERS] == [24, 12, 0, 0]
    assert max(cell.value for card in deck.cards for cell in card.cells) == 5
    criteria = load_spec(deck.spec).criteria_for()
    report = verify_deck(deck, games=2000, seed=1, workers=2, criteria=criteria)
    assert report.failures() == []
    # What the spec changed: 5/6 and 2/3 of the 10 facts each operation has up to 5, and the
    # lines on the commonest equation and on repeats scaled by the equations the numbers allow.
    assert [t.min_facts for t in criteria.tiers] == [8, 7]
    assert [len(t.facts) for t in report.tiers] == [10, 10]
    assert [round(t.max_repeats, 3) for t in criteria.tiers] == [round(0.1 * 55 / 21, 3), round(0.1 * 110 / 42, 3)]
    assert all(t.variety(3).repeats > 0.10 for t in report.tiers)  # more than the standard deck's line allows


def test_the_times_2_4_preset_passes_every_criterion_of_its_spec_with_two_digit_numbers() -> None:
    """The 2, 3 and 4 times tables: x (green) then / (yellow), on cards carrying the factors and
    their products (12 and 16 have two digits), every fact of both operations covered."""
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.games.cleariosity.verify.verdict import verify_deck

    deck = load_cleariosity(TEMPLATES / "cleariosity-times-2-4.toml")
    assert deck.spec == "times-2-4"
    assert [(t.name, t.adds) for t in deck.tiers] == [("green", ("*",)), ("yellow", ("/",))]
    printed = {cell.value for card in deck.cards for cell in card.cells}
    assert printed == {2, 3, 4, 6, 8, 9, 12, 16}
    criteria = load_spec(deck.spec).criteria_for()
    report = verify_deck(deck, games=2000, seed=1, workers=2, criteria=criteria)
    assert report.failures() == []
    assert [(t.facts_covered, len(t.facts)) for t in report.tiers] == [(9, 9), (9, 9)]


def test_the_times_6_8_preset_passes_with_every_fact_a_focus_fact() -> None:
    """The 6, 7 and 8 tables, x then /: all 9 facts of each tier are focus facts, and play meets
    criterion 18 (each in at least 3 two-card groups, 0.5 times a game)."""
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.games.cleariosity.verify.verdict import verify_deck

    deck = load_cleariosity(TEMPLATES / "cleariosity-times-6-8.toml")
    spec = load_spec(deck.spec)
    assert [len(spec.focus_facts(n)) for n in range(2)] == [9, 9]
    assert {cell.value for card in deck.cards for cell in card.cells} == {6, 7, 8, 36, 42, 48, 49, 56, 64}
    report = verify_deck(deck, games=2000, seed=1, workers=2, criteria=spec.criteria_for())
    assert report.failures() == []
    for tier in report.tiers:
        focus = tier.focus(3)
        assert len(focus.facts) == 9 and all(pairs >= 3 and per_game >= 0.5 for _, pairs, per_game in focus.facts)


def test_verify_finds_the_spec_a_deck_file_names() -> None:
    from click.testing import CliRunner

    from deckgen.cli import cli

    named = CliRunner().invoke(cli, ["verify", "--file", str(STARTER), "--games", "300", "--json"])
    given = CliRunner().invoke(cli, ["verify", "--file", str(STARTER), "--games", "300", "--json", "--spec", "starter"])
    standard = CliRunner().invoke(
        cli, ["verify", "--file", str(STARTER), "--games", "300", "--json", "--spec", "standard"]
    )
    assert named.exit_code == 0 and named.output == given.output
    assert standard.exit_code != 0  # judged by the standard deck's spec it has the wrong counts


def test_design_from_a_spec_is_deterministic_and_keeps_to_its_numbers_and_counts() -> None:
    from dataclasses import replace

    from deckgen.games.cleariosity.design.search import DesignGoal, search_attempt
    from deckgen.games.cleariosity.design.settings import DesignSettings

    spec = load_spec("starter")
    goal = DesignGoal((24, 12), spec.criteria_for(), name="starter", spec="starter", tiers=spec_tiers(spec))
    settings = replace(DesignSettings(), iterations=3000, feedback_every=1000, feedback_games=50)
    first = search_attempt(5, 1, settings, goal=goal)
    assert first == search_attempt(5, 1, settings, goal=goal)
    assert first != search_attempt(6, 1, settings, goal=goal)
    for deck in first:
        assert [len(deck.colour_cards(t)) for t in STANDARD_TIERS] == [24, 12, 0, 0]
        assert all(cell.value <= 5 for card in deck.cards for cell in card.cells)
        assert deck.spec == "starter" and deck.name == "starter"


def test_the_pack_describes_the_deck_that_was_built() -> None:
    """A starter deck's rules name its 36 cards and its two levels, and promise nothing of x or /."""
    from deckgen.games.cleariosity.output.pack import levels, rules
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.pack_blocks import Bullets, Text

    deck = load_cleariosity(STARTER)
    assert levels(deck) == [
        ("Green", "24 cards", "adding (+)"),
        ("Green and yellow", "36 cards", "adding and subtracting (+ −)"),
    ]
    blocks = rules(deck)
    text = " ".join(
        str(block.text) if isinstance(block, Text) else " ".join(map(str, block.items))
        for block in blocks
        if isinstance(block, Text | Bullets)
    )
    assert "36 clear cards" in text and "60" not in text
    assert "purple" not in text and "orange" not in text


def test_a_preset_is_chosen_by_name_on_build_verify_and_export(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from deckgen.cli import cli

    exported = CliRunner().invoke(cli, ["export", "--preset", "starter", "--format", "csv"])
    from_file = CliRunner().invoke(cli, ["export", "--file", str(STARTER), "--format", "csv"])
    assert exported.exit_code == 0 and exported.output == from_file.output
    verified = CliRunner().invoke(cli, ["verify", "--preset", "pairs", "--games", "200"])
    assert verified.exit_code == 0 and "Simulated play, 2 players:" in verified.output
    built = CliRunner().invoke(
        cli, ["build", "--deck", "cleariosity", "--preset", "starter", "--no-pack", "--out", str(tmp_path)]
    )
    assert built.exit_code == 0, built.output
    standard = CliRunner().invoke(cli, ["build", "--deck", "cleariosity", "--no-pack", "--out", str(tmp_path / "s")])
    assert standard.exit_code == 0
    from pypdf import PdfReader

    files = (tmp_path / "cleariosity-starter.pdf", tmp_path / "s" / "cleariosity-numbers.pdf")  # a preset's own name
    pages = [len(PdfReader(path).pages) for path in files]
    assert pages[0] < pages[1]  # 36 cards, not 60
    both = CliRunner().invoke(cli, ["verify", "--preset", "pairs", "--file", str(STARTER)])
    assert isinstance(both.exception, DeckgenError) and "give one of them" in str(both.exception)


def test_a_failing_verify_with_out_says_where_the_report_is(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from deckgen.cli import cli

    strict = spec_with(STANDARD_TEXT + "\n[criteria]\nmax_stranded = 0.02\n", tmp_path)
    report = tmp_path / "report.txt"
    result = CliRunner().invoke(cli, ["verify", "--spec", str(strict), "--games", "200", "--out", str(report)])
    assert result.exit_code == 1
    assert f"see the report in {report}" in str(result.exception)
    assert "FAILED" in report.read_text(encoding="utf-8")


GAPPED_TABLES = """spec_version = 1
name = "gap"
numbers = "2-81"
factors = "2-9"

[[tiers]]
name = "green"
colour = "green"
cards = 24
adds = ["x"]
factors = "2-5"

[[tiers]]
name = "yellow"
colour = "yellow"
cards = 24
adds = ["x"]
factors = "6-9"
"""


def test_a_spec_whose_tiers_leave_facts_of_its_tables_out_is_refused_naming_them(tmp_path: Path) -> None:
    """Factors 2-9 with tiers of 2-5 and 6-9: 2 x 6 ... 5 x 9 (both ways) are in no tier."""
    with pytest.raises(DeckgenError) as raised:
        load_spec(spec_with(GAPPED_TABLES, tmp_path))
    said = str(raised.value)
    assert "32 facts of the tables 2-9 are in no tier" in said and "2 x 6, 2 x 7" in said
    # A third tier for the facts between the two tables' ranges covers them: then it loads.
    covered = GAPPED_TABLES.replace('factors = "6-9"', 'factors = "2-9"')
    spec = load_spec(spec_with(covered, tmp_path))
    assert spec.uncovered_facts() == []
    assert {f for n in (0, 1) for f in spec.new_facts(n, "*", tuple(spec.span))} == set(
        op_facts("*", tuple(spec.span), tuple(range(2, 10)))
    )


@pytest.mark.parametrize("path", sorted(SPECS.glob("*.toml")), ids=lambda p: p.stem)
def test_a_preset_title_says_exactly_which_facts_its_cards_hold(path: Path) -> None:
    """A title that says "the 6 times table" promises 6 x 2 ... 6 x 9; a preset of factors 6-8
    holds 6 x 6 to 8 x 8 only, and its title must say so."""
    spec = load_spec(path)
    extent = spec.facts_extent()
    if extent:
        assert extent in spec.title, f"{path.name}: the title does not say its facts ({extent})"
        tables = spec.table_range("*")
        assert tables is not None
        whole = tables.times_low <= 2 and tables.times_high >= 9  # each table from x 2 to x 9
        assert "times table" not in spec.title or whole  # "the 6 times table" is 6 x 2 ... 6 x 9
    else:
        assert "tables" not in spec.title


SIX_TIMES_TABLE = """spec_version = 1
name = "six"
title = "Cleariosity Numbers: the 6 times table, 6 × 2 to 6 × 9"
numbers = "2-54"
tables = "6"
times = "2-9"

[[tiers]]
name = "green"
colour = "green"
cards = 18
adds = ["x"]

[[tiers]]
name = "yellow"
colour = "yellow"
cards = 18
adds = ["/"]
"""


def test_tables_with_times_mean_a_teachers_times_table(tmp_path: Path) -> None:
    """``tables = "6"`` with ``times = "2-9"``: 6 x 2 ... 6 x 9 and 2 x 6 ... 9 x 6, and their
    divisions; ``factors = "6"`` would be 6 x 6 alone."""
    spec = load_spec(spec_with(SIX_TIMES_TABLE, tmp_path))
    products = {(a, b) for a, b, _ in spec.new_facts(0, "*", tuple(spec.span))}
    assert products == {(6, b) for b in range(2, 10)} | {(a, 6) for a in range(2, 10)}
    divisions = spec.new_facts(1, "/", tuple(spec.span))
    assert len(divisions) == 15 and (54, 9, 6) in divisions and (54, 6, 9) in divisions
    assert spec.numbers == (2, 3, 4, 5, 6, 7, 8, 9, 12, 18, 24, 30, 36, 42, 48, 54)
    assert spec.facts_extent() == "6 × 2 to 6 × 9" and spec.facts_extent() in spec.title
    assert read_spec(tomllib.loads(dump_spec(spec)), spec.source) == spec  # written back as read
    # times left out is 2-9; "1-12" reaches 6 x 12 = 72, past these numbers: refused, saying so.
    assert load_spec(spec_with(SIX_TIMES_TABLE.replace('times = "2-9"\n', ""), tmp_path)) == spec
    with pytest.raises(DeckgenError, match=r'reach 6 x 12 = 72, past numbers 2-54; write numbers = "2-72"'):
        load_spec(spec_with(SIX_TIMES_TABLE.replace('times = "2-9"', 'times = "1-12"'), tmp_path))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('tables = "6"', 'tables = "6"\nfactors = "2-9"'), "factors and tables both given"),
        (('tables = "6"\n', ""), "times = '2-9' without tables"),
        (('times = "2-9"', 'times = "2-13"'), "times = '2-13': times run from 1 up, to at most 12"),
        (('tables = "6"', 'tables = "six"'), "tables = 'six' is not a range"),
    ],
)
def test_badly_written_tables_are_one_line(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    with pytest.raises(DeckgenError, match=re.escape(message)):
        load_spec(spec_with(SIX_TIMES_TABLE.replace(*change), tmp_path))


EASY_TABLES = SIX_TIMES_TABLE.replace('tables = "6"', 'tables = "2,5,10"').replace('"2-54"', '"2-90"')


@pytest.mark.parametrize("written", ['"2,5,10"', '"10, 5, 2"', "[2, 5, 10]", "[10, 2, 5]"])
def test_a_list_of_tables_is_the_rows_a_class_learns_first(tmp_path: Path, written: str) -> None:
    """``tables = "2,5,10"``: the 2, 5 and 10 tables, each x 2 to x 9, both ways round, and no
    table between them (3 x 7 is not a fact of the deck); written back as read."""
    spec = load_spec(spec_with(EASY_TABLES.replace('"2,5,10"', written), tmp_path))
    assert spec.factors is not None and spec.factors.rows == (2, 5, 10)
    products = {(a, b) for a, b, _ in spec.new_facts(0, "*", tuple(spec.span))}
    wanted = {(t, b) for t in (2, 5, 10) for b in range(2, 10)} | {(a, t) for t in (2, 5, 10) for a in range(2, 10)}
    assert products == wanted and len(products) == 44
    assert (3, 7) not in products and (10, 9) in products and (9, 10) in products and (10, 10) not in products
    assert 21 not in spec.numbers and 90 in spec.numbers
    assert read_spec(tomllib.loads(dump_spec(spec)), spec.source) == spec
    assert 'tables = "2,5,10"' in dump_spec(spec)
    # A list without a gap is the range it runs over.
    assert (
        load_spec(spec_with(EASY_TABLES.replace('"2,5,10"', '"6,7,8"'), tmp_path)).factors
        == load_spec(spec_with(EASY_TABLES.replace('"2,5,10"', '"6-8"'), tmp_path)).factors
    )


@pytest.mark.parametrize(
    ("written", "message"),
    [
        ('"2,5,5"', "tables = '2,5,5' names the 5 table twice; name each table once"),
        ('"2,,5"', "tables = '2,,5': '' is not a table; write tables = \"6-8\""),
        ('[2, "x"]', "tables = [2, 'x']: 'x' is not a table"),
        ("[2, 95]", "tables = [2, 95]: the 95 table is outside 2 to 90"),
        ('"1,2,5"', "tables = '1,2,5': the 1 table is outside 2 to 90"),
        ("[]", "tables = [] names no table"),
    ],
)
def test_a_badly_written_list_of_tables_is_one_line(tmp_path: Path, written: str, message: str) -> None:
    with pytest.raises(DeckgenError) as raised:
        load_spec(spec_with(EASY_TABLES.replace('"2,5,10"', written), tmp_path))
    said = str(raised.value)
    assert message in said and "\n" not in said and said.startswith(str(tmp_path)), said


def test_tiers_of_tables_that_leave_a_table_out_are_refused(tmp_path: Path) -> None:
    """The 6, 7 and 8 tables for the deck, tiers of the 6 and the 7 only: the 8 table's facts are in no tier."""
    text = SIX_TIMES_TABLE.replace('tables = "6"', 'tables = "6-8"').replace('"2-54"', '"2-72"')
    text = text.replace('adds = ["x"]', 'adds = ["x"]\ntables = "6"').replace(
        'adds = ["/"]', 'adds = ["x"]\ntables = "7"'
    )
    with pytest.raises(DeckgenError) as raised:
        load_spec(spec_with(text, tmp_path))
    assert "facts of the tables 6-8 times 2-9 are in no tier" in str(raised.value)
    assert "8 x 2" in str(raised.value) or "2 x 8" in str(raised.value)


def test_criterion_16_scales_with_a_tiers_facts_and_keeps_the_standard_line() -> None:
    """0.3 a game for the standard deck's 4 facts a tier (6 equations: 2 × 3 and 3 × 2 are one
    fact), 60 % of an even share of 3 collections a game among a tier's facts as a teacher counts
    them otherwise, never under once in 10 games."""
    from deckgen.games.cleariosity.criteria.lines import STANDARD_CRITERIA, rare_fact_line

    assert [t.min_fact_per_game for t in STANDARD_CRITERIA.tiers] == [0.0, 0.0, 0.3, 0.3]
    assert [t.min_fact_per_game for t in load_spec("standard").criteria_for().tiers] == [0.0, 0.0, 0.3, 0.3]
    # The 6-8 tables: 9 products, 6 facts (6 × 7 and 7 × 6 one), so 60 % of 3 / 6 = 0.3.
    assert [t.min_fact_per_game for t in load_spec("times-6-8").criteria_for().tiers] == [0.3, 0.3]
    assert rare_fact_line(3.0, 6) == 0.3 and rare_fact_line(3.0, 4) == 0.3  # capped at the standard line
    assert rare_fact_line(3.0, 15) == 0.12 and rare_fact_line(3.0, 48) == 0.1  # floored: once in 10 games


def test_times_below_the_numbers_are_refused_not_dropped(tmp_path: Path) -> None:
    """numbers from 6 with the 6 table x 2 to x 9 would drop 6 x 2 ... 6 x 5 without a word."""
    with pytest.raises(DeckgenError, match=r"times 2-9 starts below numbers 6-54, so 6 x 2 would be left out"):
        load_spec(spec_with(SIX_TIMES_TABLE.replace('"2-54"', '"6-54"'), tmp_path))


def test_tables_on_a_tier_without_x_or_divide_name_the_key_given(tmp_path: Path) -> None:
    text = SIX_TIMES_TABLE.replace('adds = ["/"]', 'adds = ["+"]\ntables = "6"')
    with pytest.raises(DeckgenError, match=r"tiers\[1\]\.tables: only a tier that adds x or / has tables"):
        load_spec(spec_with(text, tmp_path))


def test_tables_past_the_largest_number_a_card_carries_ask_for_narrower_tables(tmp_path: Path) -> None:
    text = SIX_TIMES_TABLE.replace('tables = "6"', 'tables = "10"').replace('times = "2-9"', 'times = "10"')
    with pytest.raises(DeckgenError, match=r"the tables 10 reach 10 x 10 = 100, past 99, .*narrow the tables"):
        load_spec(spec_with(text.replace('"2-54"', '"0-99"'), tmp_path))


def test_a_tables_focus_follows_the_times_the_spec_writes(tmp_path: Path) -> None:
    """With times 2-12, "x tables 6" means 6 x 2 ... 6 x 12 (and back), not stop at x 9."""
    text = SIX_TIMES_TABLE.replace('times = "2-9"', 'times = "2-12"').replace('"2-54"', '"2-72"')
    spec = load_spec(spec_with(text.replace('adds = ["x"]', 'adds = ["x"]\nfocus = ["x tables 6"]'), tmp_path))
    focus = {(a, b) for a, _, b, _ in spec.focus_facts(0)}
    assert focus == {(6, b) for b in range(2, 13)} | {(a, 6) for a in range(2, 13)}


#: Nested tables: the 2 and 3 tables first, then up to the 4 table (4, 8, 12, 16 come in later).
NESTED_TABLES = """spec_version = 1
name = "nested"
numbers = "2-16"
factors = "2-4"

[[tiers]]
name = "green"
colour = "green"
cards = 12
adds = ["x"]
factors = "2-3"

[[tiers]]
name = "yellow"
colour = "yellow"
cards = 12
adds = ["x"]
factors = "2-4"
"""


def test_criterion_11_judges_each_number_from_the_tier_that_brings_it_in(tmp_path: Path) -> None:
    """A number first in play at a later tier can only fill that tier's cards and later ones, so
    its line is the deck's scaled to those cells; a card carrying it earlier fails, as a number
    a class cannot use there (the standard deck's numbers are all in play from green: unchanged)."""
    from deckgen.games.cleariosity.analysis.tier_report import balance
    from deckgen.games.cleariosity.core.model import Card, Cell, Deck

    assert STANDARD_CRITERIA.tier_numbers == () and load_spec("standard").criteria_for().tier_numbers == ()
    spec = load_spec(spec_with(NESTED_TABLES, tmp_path))
    criteria = spec.criteria_for()
    assert criteria.in_play(0) == (2, 3, 4, 6, 9) and 16 in criteria.in_play(1) and 16 not in criteria.in_play(0)
    # 72 cells over the 8 numbers: 9 each, 14/18 of it 7; 8, 12 and 16 have half the cells: 4.
    assert (criteria.min_digit_use, criteria.least_use(6), criteria.least_use(16)) == (7, 7, 4)
    assert criteria.later_lines() == [(1, 4)]
    green, yellow = spec_tiers(spec)
    early = Card("G01", green, (Cell(0, 0, 2), Cell(0, 1, 8), Cell(0, 2, 16)))
    late = Card("Y01", yellow, (Cell(0, 0, 2), Cell(0, 1, 8), Cell(0, 2, 16)))
    report = balance(Deck("nested", (early, late), tiers=(green, yellow)), criteria)
    assert report.outside == ("G01",)
    assert report.least(16) == 4 and report.least(2) == 7
    from deckgen.games.cleariosity.verify.verdict import verify_deck

    text = cleariosity_text(
        verify_deck(Deck("nested", (early, late), tiers=(green, yellow)), 0, 1, criteria=criteria), "deck"
    )
    assert "Cards with a number not yet in play at their tier: G01 (8, which yellow brings in)" in text
    from deckgen.games.cleariosity.criteria.registry import criteria_text

    assert "4 for 8, 12, 16, which yellow brings in;" in criteria_text(criteria, (green, yellow))[11]


def test_criterion_16s_two_card_groups_scale_with_a_tiers_cards_and_facts(tmp_path: Path) -> None:
    """1.5 two-card groups a new card, shared among the tier's new facts: the standard deck's
    12 purple cards and 6 facts give 3 as before; never above 3 or below 1."""
    from deckgen.games.cleariosity.criteria.lines import fact_pairs_line

    assert [t.min_fact_pairs for t in STANDARD_CRITERIA.tiers] == [0, 0, 3, 3]
    assert [t.min_fact_pairs for t in load_spec("standard").criteria_for().tiers] == [0, 0, 3, 3]
    assert [t.min_fact_pairs for t in load_spec("times-2-4").criteria_for().tiers] == [3, 3]
    assert (fact_pairs_line(12, 6), fact_pairs_line(24, 6), fact_pairs_line(18, 16), fact_pairs_line(18, 28)) == (
        3,
        3,
        2,
        1,
    )
    # The nested spec: 4 facts of the 2 and 3 tables on 12 cards, 5 new ones (with a 4) on 12: capped.
    assert [t.min_fact_pairs for t in load_spec(spec_with(NESTED_TABLES, tmp_path)).criteria_for().tiers] == [3, 3]


@pytest.mark.parametrize(
    ("focus", "message"),
    [
        (
            "5x9",
            r"5x9 is not a fact of the spec's tables 6 times 2-9 \(it uses 45, which no fact of them has\); "
            r"pick one of their facts or widen 'tables'",
        ),
        (
            "3x4",
            r"3 x 4 = 12 is outside the tables in play at tier 'green' \(tables 6 times 2-9\); change the fact "
            r"or the tier's tables",
        ),
    ],
)
def test_a_focus_fact_outside_the_tables_is_refused_naming_the_tables_the_spec_wrote(
    focus: str, message: str, tmp_path: Path
) -> None:
    """A focus fact of numbers the 6 table lacks (45), or of its numbers but not its facts (3 x 4),
    is refused with the tables as written, not the span of the numbers or a key the spec never used."""
    text = SIX_TIMES_TABLE.replace('adds = ["x"]\n', f'adds = ["x"]\nfocus = ["{focus}"]\n', 1)
    with pytest.raises(DeckgenError, match=message):
        load_spec(spec_with(text, tmp_path))


def _refusal(text: str, tmp_path: Path) -> str:
    with pytest.raises(DeckgenError) as raised:
        load_spec(spec_with(text, tmp_path))
    return str(raised.value)


def test_a_broken_spec_or_deck_file_is_refused_in_the_language_spoken(tmp_path: Path) -> None:
    """Refusals of a spec (a tier that adds nothing, facts of its tables in no tier, a bad range) and
    of a deck file (a bad grid) in German: each its message id translated, with its fields."""
    from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
    from deckgen.i18n import _, catalogue, speaking

    path = str(tmp_path / "my-spec.toml")
    no_adds = 'spec_version = 1\nname = "t"\nnumbers = "0-9"\n[[tiers]]\nname = "green"\ncards = 9\n'
    english = "{source}: {where}.adds is empty; the first tier must add an operation"
    not_a_range = "{source}: numbers = {value} is not a range; {fix}"
    fix = 'write numbers = "0-9" (lowest-highest, 0 to 99)'
    uncovered = (
        "{source}: {count} facts of the {tables} are in no tier ({shown} and {more} more); give a tier the "
        "tables that bring them in, or narrow the spec's tables"
    )
    shown = "2 x 6, 2 x 7, 2 x 8, 2 x 9, 3 x 6, 3 x 7"
    bad_grid = "{path}: card {card}: {problem}"
    rows = "the grid needs 3 rows of 3 marks separated by '/', e.g. \"5 . . / . 3 . / . . 8\""
    deck = tmp_path / "deck.toml"
    deck.write_text(
        'name = "d"\ngame = "cleariosity"\ncards = [\n  { id = "G01", tier = "green", grid = "5 . . / . 3 ." },\n]\n',
        encoding="utf-8",
    )
    # In English, as it has always been said.
    assert _refusal(no_adds, tmp_path) == english.format(source=path, where="tiers[0]")
    with speaking("de"):
        for msgid in (english, not_a_range, fix, uncovered, bad_grid, rows, "tables {rows}"):
            assert _(msgid) != msgid, f"no German for {msgid!r}: compile the catalogues"
        assert _refusal(no_adds, tmp_path) == _(english).format(source=path, where="tiers[0]")
        broken = no_adds.replace('"0-9"', '"nine"') + 'adds = ["+"]\n'
        assert _refusal(broken, tmp_path) == _(not_a_range).format(source=path, value="'nine'", fix=_(fix))
        plural = catalogue("de").ngettext(uncovered, uncovered, 32)
        tables = _("tables {rows}").format(rows="2-9")
        assert _refusal(GAPPED_TABLES, tmp_path) == plural.format(
            source=path, count=32, tables=tables, shown=shown, more=26
        )
        with pytest.raises(DeckgenError) as raised:
            load_cleariosity(deck)
        assert str(raised.value) == _(bad_grid).format(path=deck, card="G01", problem=_(rows))


def test_criterion_14_grows_with_what_even_play_repeats_and_keeps_the_standard_line(tmp_path: Path) -> None:
    """10 % at every standard tier (even play repeats less there than at green's 9.4 %); 10 % x
    the even-play share over 9.4 % where more cards in play meet fewer equations; never below
    the numbers' own scale."""
    from deckgen.games.cleariosity.criteria.lines import STANDARD_CRITERIA, equations, even_repeats

    assert [t.max_repeats for t in STANDARD_CRITERIA.tiers] == [0.1, 0.1, 0.1, 0.1]
    assert [t.max_repeats for t in load_spec("standard").criteria_for().tiers] == [0.1, 0.1, 0.1, 0.1]
    green = even_repeats(12, 55)
    assert round(green, 4) == 0.0942
    assert even_repeats(12, 55) > max(even_repeats(18, 110), even_repeats(24, 152), even_repeats(30, 184))
    # Every product of the 2-9 tables on 96 cards: 17 % of 48 collections repeat under even play.
    tables = STANDARD_TEXT.split("[[tiers]]")[0].replace('numbers = "0-9"', 'numbers = "2-81"\nfactors = "2-9"')
    tier = '[[tiers]]\nname = "{name}"\ncolour = "{name}"\ncards = {cards}\nadds = ["x"]\nfactors = "{factors}"\n'
    text = tables + "".join(
        tier.format(name=name, cards=cards, factors=factors)
        for name, cards, factors in (("green", 30, "2-5"), ("yellow", 30, "2-7"), ("purple", 36, "2-9"))
    )
    spec = load_spec(spec_with(text, tmp_path))
    lines = [t.max_repeats for t in spec.criteria_for().tiers]
    numbers = spec.numbers_at(2)
    assert equations(("*",), numbers) == 120
    assert round(even_repeats(48, 120), 3) == 0.173
    assert lines[2] == pytest.approx(0.1 * even_repeats(48, 120) / green)
    assert [round(line, 3) for line in lines] == [0.28, 0.215, 0.184]
    # The shipped times presets keep at least the line their numbers gave them.
    assert [round(t.max_repeats, 3) for t in load_spec("times-6-8").criteria_for().tiers] == [0.467, 0.426]
    assert all(t.max_repeats >= t.max_top_equation for t in load_spec("times-2-4").criteria_for().tiers)
