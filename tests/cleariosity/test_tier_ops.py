"""Tiers that add several operations at once, or none and only add cards: read from a spec,
judged by verify, designed, printed and explained in the teacher pack."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import cli
from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.analysis.facts import tier_facts
from deckgen.games.cleariosity.criteria.lines import op_facts
from deckgen.games.cleariosity.output.faces import CleariosityGeometry, tier_mark
from deckgen.games.cleariosity.output.pack import signs_note
from deckgen.games.cleariosity.spec.deck_spec import spec_tiers
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.cleariosity.spec.reading import load_spec
from deckgen.glyphs import GLYPHS
from deckgen.layout.primitives import Stroke
from deckgen.units import CARD_SIZES

#: The 2, 3 and 4 tables: multiplying and dividing brought in together, then a colour of more cards.
TOGETHER = """spec_version = 1
name = "together"
numbers = "2-16"
factors = "2-4"

[[tiers]]
name = "green"
colour = "green"
cards = 24
adds = ["x", "/"]

[[tiers]]
name = "blue"
colour = "blue"
cards = 12
adds = []
"""


@pytest.fixture
def spec_file(tmp_path: Path) -> Path:
    path = tmp_path / "together.toml"
    path.write_text(TOGETHER, encoding="utf-8")
    return path


def test_a_tier_holds_every_operation_it_adds_and_a_tier_may_add_none(spec_file: Path) -> None:
    green, blue = spec_tiers(load_spec(str(spec_file)))
    assert (green.adds, green.ops(), green.sign) == (("*", "/"), ("*", "/"), "*/")
    # A tier of more cards plays every operation in play, practises every fact, and prints
    # its letter: the signs in play would be green's.
    assert (blue.adds, blue.ops(), blue.practised(), blue.sign) == ((), ("*", "/"), ("*", "/"), "B")
    tables = (2, 3, 4)
    numbers = tuple(sorted({2, 3, 4, 6, 8, 9, 12, 16}))
    both = op_facts("*", numbers, tables) + op_facts("/", numbers, tables)
    assert list(tier_facts(green, numbers)) == both and len(both) == 18
    assert list(tier_facts(blue, numbers)) == both
    assert green.teaches((3, 4, 12), "*") and green.teaches((12, 4, 3), "/")
    assert not green.teaches((2, 8, 16), "*")  # outside the tables
    assert blue.teaches((3, 4, 12), "*") and not blue.covers((3, 4, 12), "*")


def test_the_criteria_ask_for_both_operations_and_nothing_new_of_a_tier_of_more_cards(spec_file: Path) -> None:
    criteria = load_spec(str(spec_file)).criteria_for()
    green, blue = criteria.tiers
    # Every × and every ÷ fact; 24 cards share 1.5 two-card groups each among 18 facts: 2 a fact.
    assert green.min_facts == 18 and green.min_fact_pairs == 2
    assert (blue.min_facts, blue.min_practice, blue.min_needing_new, blue.min_fact_pairs) == (0, 0.0, 0.0, 0)
    assert blue.min_distinct_facts == 0


def test_the_sign_beside_the_dot_shows_both_operations_or_the_tiers_letter(spec_file: Path) -> None:
    green, blue = spec_tiers(load_spec(str(spec_file)))
    geometry = CleariosityGeometry(*CARD_SIZES["poker"])
    for tier, characters in ((green, "*/"), (blue, "B")):
        strokes = [s for s in tier_mark(tier, geometry) if isinstance(s, Stroke)]
        assert len(strokes) == sum(len(GLYPHS[c].strokes) for c in characters)
    # The card id starts right of the wider mark.
    assert geometry.id_start(green.sign)[0] > geometry.id_start("*")[0]


def test_a_first_tier_that_adds_nothing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "empty.toml"
    path.write_text(TOGETHER.replace('adds = ["x", "/"]', "adds = []"), encoding="utf-8")
    with pytest.raises(DeckgenError, match=r"tiers\[0\]\.adds is empty; the first tier must add an operation"):
        load_spec(str(path))


def test_design_and_verify_follow_a_spec_of_several_and_of_no_operations(spec_file: Path, tmp_path: Path) -> None:
    """A short design of the spec writes a deck of its tiers (the same bytes twice); verify
    judges green by both operations' facts and the blue tier by none of its own, and the report
    and the pack say so."""
    made = []
    for run in ("a", "b"):
        out = tmp_path / f"deck-{run}.toml"
        command = ["design", "--spec", str(spec_file), "--seed", "2", "--iterations", "3000", "--attempts", "1"]
        command.append("--keep-failed")
        result = CliRunner().invoke(cli, [*command, "--out", str(out)])
        assert out.exists(), result.output  # --keep-failed: written even where the short search misses a criterion
        made.append(out.read_bytes())
    assert made[0] == made[1]
    deck = load_cleariosity(tmp_path / "deck-a.toml")
    assert [(t.name, t.adds) for t in deck.tiers] == [("green", ("*", "/")), ("blue", ())]
    assert {c.tier.name for c in deck.cards[:24]} == {"green"} and {c.tier.name for c in deck.cards[24:]} == {"blue"}
    result = CliRunner().invoke(cli, ["verify", "--file", str(tmp_path / "deck-a.toml"), "--games", "200", "--json"])
    report = json.loads(result.output)
    green, blue = report["tiers"]["green"], report["tiers"]["blue"]
    assert (green["new_ops"], green["new_op"], blue["new_ops"], blue["new_op"]) == (["*", "/"], "", [], "")
    assert green["facts"]["of"] == 18 and blue["facts"]["of"] == 18
    # The teaching split of green reads with × or ÷ alone, of blue with any fact in play.
    assert all(("×" in g["fact"]) != ("÷" in g["fact"]) for g in green["teaching_split"])
    text = CliRunner().invoke(cli, ["verify", "--file", str(tmp_path / "deck-a.toml"), "--games", "200"]).output
    assert "green: students multiply and divide about" in text
    assert "blue: students multiply and divide (no new operation, more cards) about" in text
    note = signs_note(deck)
    assert len(note) == 1
    said = note[0].text
    assert "× ÷ on the green dot: green brings in multiplying and dividing together." in said
    assert "B (for blue) on the blue dot: blue adds more cards for the operations so far, and no new operation." in said


def test_a_deck_of_one_operation_a_colour_has_no_signs_note() -> None:
    assert signs_note(load_cleariosity()) == []


def test_only_a_deck_that_divides_says_division_must_come_out_exact() -> None:
    from deckgen.games.cleariosity.output.pack import equation_rules
    from deckgen.games.cleariosity.spec.deck_spec import SPECS

    assert any("A division must leave no remainder." in rule for rule in equation_rules(load_cleariosity()))
    starter = load_cleariosity(SPECS.parent / "cleariosity-starter.toml")
    assert not any("Division" in rule for rule in equation_rules(starter))


def test_a_fact_is_named_with_an_operation_under_which_it_holds() -> None:
    from deckgen.games.cleariosity.core.model import make_tiers

    green, blue = make_tiers([("green", ("+", "-"), "green"), ("blue", (), "blue")])
    assert (green.reading((2, 3, 5)), green.reading((4, 3, 1)), blue.reading((4, 3, 1))) == ("+", "-", "-")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('adds = ["x", "/"]', 'adds = ["x", "x"]'), "tiers[0].adds lists 'x' twice; list each operation once"),
        (('adds = ["x", "/"]', 'adds = ["x", "×"]'), "tiers[0].adds lists 'x' twice; list each operation once"),
        (
            ('name = "blue"\ncolour = "blue"', 'name = "xtra"\ncolour = "blue"'),
            "an X there reads as a times sign; give it a name that starts with another letter",
        ),
        (
            ("cards = 12\nadds = []", 'cards = 12\nadds = []\nfocus = ["2x8"]'),
            "is outside the tables in play at tier 'blue' (tables 2-4); change the fact\n",
        ),
    ],
)
def test_mistakes_in_several_or_no_operations_get_one_line(
    tmp_path: Path, change: tuple[str, str], message: str
) -> None:
    path = tmp_path / "spec.toml"
    path.write_text(TOGETHER.replace(*change).replace('numbers = "2-16"', 'numbers = "2-18"'), encoding="utf-8")
    with pytest.raises(DeckgenError) as raised:
        load_spec(str(path))
    said = str(raised.value) + "\n"
    assert message in said and said.count("\n") == 1, said


def test_plus_may_not_come_back_with_tables(tmp_path: Path) -> None:
    path = tmp_path / "spec.toml"
    text = TOGETHER.replace('adds = ["x", "/"]', 'adds = ["+", "x"]').replace(
        "cards = 12\nadds = []", 'cards = 12\nadds = ["+", "/"]\nfactors = "2-3"'
    )
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckgenError, match=r"tiers\[1\]\.adds '\+' is already in play"):
        load_spec(str(path))


def test_criterion_16_is_of_times_and_divide_facts_only(tmp_path: Path) -> None:
    from deckgen.games.cleariosity.criteria.registry import criteria_text

    path = tmp_path / "spec.toml"
    path.write_text(TOGETHER.replace('adds = ["x", "/"]', 'adds = ["+", "x"]'), encoding="utf-8")
    spec = load_spec(str(path))
    assert "every × fact in at least 3 two-card groups" in criteria_text(spec.criteria_for(), spec_tiers(spec))[16]


def test_a_level_is_all_four_colours_only_in_a_deck_of_four() -> None:
    from deckgen.games.cleariosity.core.model import Deck, make_tiers
    from deckgen.games.cleariosity.output.pack import levels

    standard = load_cleariosity()
    assert levels(standard)[-1][0] == "All four colours"
    tiers = make_tiers([(t.name, t.adds, t.colour) for t in standard.tiers] + [("blue", (), "blue")])
    extra = [replace(card, tier=tiers[card.tier.rank]) for card in standard.cards]
    extra += [replace(card, id=f"B{n:02}", tier=tiers[4]) for n, card in enumerate(standard.cards[:3], 1)]
    rows = levels(Deck("five", tuple(extra), tiers=tiers))
    assert rows[3][0] == "Green, yellow, purple and orange" and rows[4][0].startswith("Green, yellow")


def test_a_designed_deck_names_its_spec_from_its_own_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.games.cleariosity.spec.deckfile import spec_beside, spec_from

    (tmp_path / "specs").mkdir()
    monkeypatch.chdir(tmp_path / "specs")
    named = spec_from(tmp_path / "out" / "deck.toml", "my.toml")
    assert named == "../specs/my.toml"
    assert Path(spec_beside(tmp_path / "out" / "deck.toml", named)).resolve() == tmp_path / "specs" / "my.toml"
    assert spec_from(tmp_path / "deck.toml", "times-2-4") == "times-2-4"  # a preset's name stays


def test_numbers_are_named_by_an_operation_the_tier_practises_them_with() -> None:
    """(2, 2, 4) holds with + and ×; where × is only for the 3 and 4 tables, + is the fact."""
    from deckgen.games.cleariosity.analysis.tier_report import spoken
    from deckgen.games.cleariosity.core.model import make_tiers

    tiers = make_tiers(
        [("green", "*", "green"), ("yellow", "+", "yellow"), ("blue", (), "blue")], [(3, 4), (), ()], ["3-4", "", ""]
    )
    assert spoken(tiers[2], (2, 2, 4)) == "2 + 2 = 4"
    assert spoken(tiers[0], (3, 4, 12)) == "3 × 4 = 12"
    plus_times = make_tiers([("green", ("+", "*"), "green")])[0]
    assert spoken(plus_times, (2, 2, 4)) == "2 + 2 = 4"  # one line of numbers, one name


STARTER_MIXED = """spec_version = 1
name = "starter-mixed"
numbers = "0-5"

[[tiers]]
name = "green"
colour = "green"
cards = 24
adds = ["+", "-"]
focus = ["2+2=4"]

[[tiers]]
name = "blue"
colour = "blue"
cards = 12
adds = []
min_distinct_facts = 3
min_needing_new = 1.0
"""


def test_lines_a_spec_sets_on_a_tier_of_no_operation_judge_the_facts_in_play(tmp_path: Path) -> None:
    """Criteria 15 and 17 set on a tier that adds none count every fact in play, and a focus
    fact whose numbers read with two of the tier's operations is found under its name in play."""
    spec = tmp_path / "starter-mixed.toml"
    spec.write_text(STARTER_MIXED, encoding="utf-8")
    out = tmp_path / "deck.toml"
    command = ["design", "--spec", str(spec), "--seed", "1", "--iterations", "2000", "--attempts", "1", "--keep-failed"]
    CliRunner().invoke(cli, [*command, "--out", str(out)])
    result = CliRunner().invoke(cli, ["verify", "--file", str(out), "--games", "300", "--json"])
    report = json.loads(result.output)
    blue = report["tiers"]["blue"]
    assert not any(text.startswith(("games practise", "over 10 games")) for text in blue["failed"]), blue["failed"]
    assert blue["variety"]["3"]["needing_new_per_game"] >= 1.0
    green = report["tiers"]["green"]
    (focus,) = green["focus"]["3"]["facts"]
    deck = load_cleariosity(out)
    from deckgen.games.cleariosity.core.groups import find_groups, raw_card

    cards = [raw_card(c) for c in deck.tier_cards(deck.tiers[0])]
    pairs = sum(1 for g in find_groups(cards, ("+", "-")) if g.pair and g.values == (2, 2, 4))
    assert focus["equation"] == "2 + 2 = 4" and focus["pair_groups"] == pairs > 0


def test_criterion_16_set_on_a_subtracting_tier_names_subtraction() -> None:
    from dataclasses import replace as changed

    from deckgen.games.cleariosity.criteria.registry import criteria_text

    spec = load_spec("starter")
    criteria = spec.criteria_for()
    tiers = (criteria.tiers[0], changed(criteria.tiers[1], min_fact_pairs=3))
    text = criteria_text(changed(criteria, tiers=tiers), spec_tiers(spec))[16]
    assert "every − fact in at least 3 two-card groups" in text


def test_a_spec_named_without_its_ending_stays_a_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.games.cleariosity.spec.deckfile import spec_from

    monkeypatch.chdir(tmp_path)
    assert spec_from(tmp_path / "sp" / "deck.toml", "sp/myspec") == "./myspec"
