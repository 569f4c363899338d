"""Tiers that add several operations at once, or none and only add cards: read from a spec,
judged by verify, designed, printed and explained in the teacher pack."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import cli
from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.criteria import op_facts
from deckgen.games.cleariosity.deckfile import load_cleariosity
from deckgen.games.cleariosity.faces import CleariosityGeometry, tier_mark
from deckgen.games.cleariosity.facts import tier_facts
from deckgen.games.cleariosity.pack import signs_note
from deckgen.games.cleariosity.spec import load_spec, spec_tiers
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
    assert green.min_facts == 18 and green.min_fact_pairs == 3  # every × and every ÷ fact
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
        result = CliRunner().invoke(cli, [*command, "--out", str(out)])
        assert out.exists(), result.output  # written even where the short search misses a criterion
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
    assert "blue: students use the facts of every operation in play about" in text
    note = signs_note(deck)
    assert len(note) == 1
    said = note[0].text
    assert "× ÷ on the green dot: green brings in multiplying and dividing together." in said
    assert "B on the blue dot: blue adds more cards for the operations so far, and no new one." in said


def test_a_deck_of_one_operation_a_colour_has_no_signs_note() -> None:
    assert signs_note(load_cleariosity()) == []
