"""Verify's verdict as a teacher means it: no two cards alike (unless a spec allows it), practice
counted per fact as a teacher counts one, play outside the level's facts shown and bounded, and
the card-left line held for beginners too."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.analysis.tier_report import DeckReport, alike_cards
from deckgen.games.cleariosity.core.model import Card, Deck
from deckgen.games.cleariosity.criteria.lines import (
    STANDARD_CRITERIA,
    default_tier_criteria,
    op_facts,
    rare_fact_line,
    teacher_fact,
    teacher_facts,
)
from deckgen.games.cleariosity.criteria.registry import BY_NUMBER, fact_pair_ops, of_operations
from deckgen.games.cleariosity.design.score import ALIKE_WEIGHT, alike_terms
from deckgen.games.cleariosity.design.search import DeckSearch
from deckgen.games.cleariosity.design.settings import DesignSettings
from deckgen.games.cleariosity.game import PRESET_FILES
from deckgen.games.cleariosity.output.report import cleariosity_text
from deckgen.games.cleariosity.spec.deck_spec import STANDARD_SPEC, engine_criteria
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.cleariosity.spec.reading import load_spec, read_spec
from deckgen.games.cleariosity.verify.verdict import verify_deck
from deckgen.i18n import LANGUAGES, percent, speaking

#: The criteria's numbers, read from the registry by what they judge.
ALIKE = next(c.number for c in BY_NUMBER.values() if "duplicates" in c.lines)
OUTSIDE = next(c.number for c in BY_NUMBER.values() if "max_outside_share" in c.lines)
RARE = next(c.number for c in BY_NUMBER.values() if "min_fact_per_game" in c.lines)


def _shipped() -> list[tuple[str, Deck, Any]]:
    """Every shipped deck (the standard one and each preset, from the game's registry of presets)
    with the spec it was designed for."""
    found = []
    for preset, path in PRESET_FILES.items():
        deck = load_cleariosity(path)
        found.append((preset, deck, load_spec(deck.spec or STANDARD_SPEC)))
    return found


@pytest.mark.parametrize(("preset", "deck", "spec"), _shipped(), ids=list(PRESET_FILES))
def test_no_shipped_deck_holds_two_cards_alike_unless_its_spec_allows_it(preset: str, deck: Deck, spec: Any) -> None:
    assert spec.duplicates or not alike_cards(deck), f"{preset}: {alike_cards(deck)}"


def _with_alike(deck: Deck, copy: str, onto: str) -> Deck:
    """``deck`` with card ``onto`` carrying the numbers of ``copy`` in the same cells."""
    source = deck.card(copy)
    cards = tuple(Card(card.id, card.tier, source.cells) if card.id == onto else card for card in deck.cards)
    return replace(deck, cards=cards)


def test_two_cards_alike_fail_and_are_named_in_every_language() -> None:
    deck = _with_alike(load_cleariosity(), "G05", "G10")
    assert alike_cards(deck) == [("G05", "G10")]
    report = verify_deck(deck, games=0, seed=1)
    assert ("deck", ALIKE) in report.failures()
    assert report.to_json()["alike"] == [["G05", "G10"]]
    english = cleariosity_text(report, "deck")
    assert "G05 and G10 carry the same numbers in the same cells" in english
    said = {}
    for language in LANGUAGES:
        with speaking(language):
            text = cleariosity_text(report, "deck")
        line = next(line for line in text.splitlines() if "G05" in line and "G10" in line)
        said[language] = line
    assert len(set(said.values())) == len(LANGUAGES), said


def test_cards_with_the_same_numbers_and_another_dot_are_not_alike() -> None:
    deck = load_cleariosity()
    green, yellow = deck.cards[0], next(card for card in deck.cards if card.tier.rank == 1)
    told_apart = replace(
        deck, cards=tuple(Card(c.id, c.tier, green.cells) if c.id == yellow.id else c for c in deck.cards)
    )
    assert alike_cards(told_apart) == []
    assert ("deck", ALIKE) not in verify_deck(told_apart, games=0, seed=1).failures()


SPEC = """spec_version = 1
name = "alike"
numbers = "0-9"
{extra}

[[tiers]]
name = "green"
colour = "green"
cards = 24
adds = ["+"]
"""


def test_a_spec_may_allow_cards_alike() -> None:
    allowing = read_spec(_toml(SPEC.format(extra="duplicates = true")), "alike.toml")
    assert allowing.duplicates and allowing.criteria_for().duplicates
    assert not read_spec(_toml(SPEC.format(extra="")), "alike.toml").criteria_for().duplicates
    deck = _with_alike(load_cleariosity(), "G05", "G10")
    green = replace(deck, cards=tuple(card for card in deck.cards if card.tier.rank == 0))
    report = verify_deck(green, games=0, seed=1, criteria=engine_criteria(allowing, green))
    assert ("deck", ALIKE) not in report.failures()
    assert "G05 and G10 carry the same numbers in the same cells (the spec allows it)" in cleariosity_text(report, "d")


@pytest.mark.parametrize("given", ['"yes"', "1"])
def test_duplicates_must_be_true_or_false(given: str) -> None:
    with pytest.raises(DeckgenError, match=r"alike.toml: duplicates must be true or false"):
        read_spec(_toml(SPEC.format(extra=f"duplicates = {given}")), "alike.toml")


def _toml(text: str) -> dict[str, Any]:
    import tomllib

    return tomllib.loads(text)


def test_design_s_score_costs_cards_alike_unless_allowed() -> None:
    """A card made to look like another of its colour costs ALIKE_WEIGHT, counted as the search
    moves (and taken back when the move is undone); a card of another colour costs nothing."""
    search = DeckSearch(3, DesignSettings(iterations=10, feedback_every=0))
    assert search.index.alike == 0
    before = alike_terms(search, 1.0)
    green, yellow = search.index.colour_rank.index(0), search.index.colour_rank.index(1)
    copy = next(card for card in range(green + 1, len(search.cells)) if search.index.colour_rank[card] == 0)
    saved = dict(search.cells[copy])
    search.cells[copy].clear()
    search.cells[copy].update(search.cells[green])
    changed = search.index.refresh([copy])
    assert search.index.alike == 1 and alike_terms(search, 1.0) == 1.0 + ALIKE_WEIGHT == before + ALIKE_WEIGHT
    allowed = SimpleNamespace(alike=search.index.alike, criteria=replace(STANDARD_CRITERIA, duplicates=True))
    assert alike_terms(allowed, 1.0) == 1.0
    search._undo([copy], [(copy, saved)], None, changed)
    assert search.index.alike == 0
    other = dict(search.cells[yellow])
    search.cells[yellow].clear()
    search.cells[yellow].update(search.cells[green])  # the same cells under another dot
    search.index.refresh([yellow])
    assert search.index.alike == 0 and other != search.cells[yellow]


def test_a_teacher_counts_a_fact_and_its_turnaround_as_one() -> None:
    assert teacher_fact((5, 9, 45), "*") == teacher_fact((9, 5, 45), "*")
    assert teacher_fact((45, 9, 5), "/") == teacher_fact((45, 5, 9), "/")
    assert teacher_fact((3, 5, 8), "+") == teacher_fact((5, 3, 8), "+")
    assert teacher_fact((8, 3, 5), "-") == teacher_fact((8, 5, 3), "-")
    assert teacher_fact((6, 6, 36), "*") != teacher_fact((4, 9, 36), "*")
    # The standard deck's six products are four facts: 2 × 2, 2 × 3, 2 × 4, 3 × 3.
    assert teacher_facts("*", op_facts("*", range(10))) == 4
    # The 2-9 tables: 64 products, 36 facts; the line is set per fact.
    tables = op_facts("*", range(2, 82), range(2, 10))
    assert len(tables) == 64 and teacher_facts("*", tables) == 36
    tier = default_tier_criteria(("*",), range(2, 82), first=False, facts={"*": 64}, families={"*": 36})
    assert tier.min_fact_per_game == rare_fact_line(3.0, 36)


@pytest.fixture(scope="module")
def times_report() -> DeckReport:
    deck = load_cleariosity(PRESET_FILES["times-2-9"])
    return verify_deck(deck, games=300, seed=3, criteria=engine_criteria(load_spec(deck.spec), deck))


def test_the_rarest_fact_is_counted_per_teacher_s_fact(times_report: DeckReport) -> None:
    for tier in times_report.tiers:
        _, _, kinds = tier.equations
        judged = of_operations(kinds, fact_pair_ops(tier.tier))
        families = tier.fact_families(judged)
        # Each fact's equations are its orders (or its two divisions): never more than two.
        assert all(1 <= len(members) <= 2 for _name, members in families)
        assert any(len(members) == 2 for _name, members in families)
        stats = tier.full(3)
        per_fact = {name: sum(stats.equation_counts[i] for i in members) / stats.games for name, members in families}
        rarest = min(per_fact.values())
        figures = [f for f in tier.figures()[RARE] if f.players == 3 and f.name == "a fact's collections a game"]
        assert figures and figures[0].item in per_fact
        assert tier.variety(3).rarest == (min(per_fact, key=lambda n: (per_fact[n], list(per_fact).index(n))), rarest)


def test_collections_outside_the_level_s_facts_are_shown_and_judged(times_report: DeckReport) -> None:
    data = times_report.to_json()
    green = times_report.tiers[0]
    _, names, _ = green.equations
    outside = [names[i] for i in green.outside_equations]
    # The green level practises 2 × 2 to 5 × 5: 10 × 2 = 20 and a later level's 6 × 3 = 18 lie outside it.
    assert outside and all(
        not green.tier.covers(values, op) for values, op in [green.equation_values[i] for i in green.outside_equations]
    )
    for tier in times_report.tiers:
        shares = data["tiers"][tier.tier.name]["outside_collected"]
        assert set(shares) == {"2", "3", "4"}
        figures = data["tiers"][tier.tier.name]["criteria"][str(OUTSIDE)]["figures"]
        assert [f["players"] for f in figures] == [2, 3, 4]
        for figure in figures:
            assert figure["value"] == shares[str(figure["players"])]
            assert figure["line"] == times_report.criteria.max_outside_share
    assert any(v > 0 for t in data["tiers"].values() for v in t["outside_collected"].values())
    # The standard deck's levels bring in every fact of their operation: nothing lies outside.
    standard = verify_deck(load_cleariosity(), games=200, seed=1)
    assert all(t.outside_share(p) == 0 for t in standard.tiers for p in t.full_view)


def test_the_card_beginners_leave_most_is_shown(times_report: DeckReport) -> None:
    data = times_report.to_json()
    for tier in times_report.tiers:
        shown = data["tiers"][tier.tier.name]["stranded_beginner"]
        assert set(shown) == {"2", "3", "4"}
        for players, left in shown.items():
            shares = tier.begin(int(players)).stranded()
            assert left["share"] == round(max(shares), 4)
            assert shares[[card.id for card in tier.cards].index(left["card"])] == max(shares)
    text = cleariosity_text(times_report, "deck")
    line = next(line for line in text.splitlines() if line.startswith("Beginners' games, the card most often left"))
    green = times_report.tiers[0]
    card, share = green.stranded(3, "beginner")
    assert f"{card} {share:.1%}" in line


BEGINNERS = next(c.number for c in BY_NUMBER.values() if "max_stranded_beginner" in c.lines)


def test_the_card_beginners_leave_most_is_judged_by_its_own_line(times_report: DeckReport) -> None:
    criteria = times_report.criteria
    worst = max(
        share for tier in times_report.tiers for p in tier.beginner for _, share in [tier.stranded(p, "beginner")]
    )
    for line, fails in ((worst / 2, True), (min(1.0, worst * 2), False)):
        judged = verify_deck(
            times_report.deck, games=300, seed=3, criteria=replace(criteria, max_stranded_beginner=line)
        )
        failing = [tier.tier.name for tier in judged.tiers if BEGINNERS in tier.failures()]
        assert bool(failing) == fails, (line, failing)
        figures = [f for tier in judged.tiers for f in tier.figures()[BEGINNERS] if f.line == line]
        # One figure per tier and player count: the card nearest the line.
        assert len(figures) == len(judged.tiers) * len(criteria.players)
    words = BY_NUMBER[BEGINNERS].words(criteria, [])
    assert percent(criteria.max_stranded_beginner) in words


def test_design_feedback_steers_the_cards_beginners_leave() -> None:
    """The feedback games include beginners' games: with criterion 9's card line at 0 every card
    is near it and gets two notches a round (and the round misses 9); past 1 none does."""
    from deckgen.games.cleariosity.design.search import DeckSearch, DesignGoal

    quiet = DesignSettings(iterations=10, strand_alarm=1.0)
    for line, notches in ((0.0, 2), (1.5, 0)):
        criteria = replace(STANDARD_CRITERIA, max_stranded=1.5, max_stranded_beginner=line)
        search = DeckSearch(1, quiet, DesignGoal(criteria=criteria))
        search.feedback()
        assert set(search.boost) == {notches}, line
        report_misses = [m for m, _, _ in search.judged]
        assert report_misses[0] >= (1 if line == 0.0 else 0)


def test_design_aims_at_the_equations_verify_counts_outside_the_level() -> None:
    from deckgen.games.cleariosity.analysis.tier_report import analyse_tier
    from deckgen.games.cleariosity.design.search import DeckSearch, DesignGoal
    from deckgen.games.cleariosity.design.settings import DesignSettings
    from deckgen.games.cleariosity.spec.deck_spec import designable, spec_tiers

    spec = load_spec("times-2-4")
    criteria = designable(spec)
    goal = DesignGoal(tuple(t.cards for t in spec.tiers), criteria, tiers=spec_tiers(spec))
    search = DeckSearch(1, DesignSettings(iterations=10), goal)
    deck = search.deck()
    base = search.index.base
    for number, tier in enumerate(goal.tiers):
        report = analyse_tier(deck, tier, criteria)
        counted = {
            (a * base + b) * base + c
            for (a, b, c), _op in map(report.equation_values.__getitem__, report.outside_equations)
        }
        assert counted and counted <= set(search.outside_codes[number])
    # A deck whose levels bring in every fact of their operations has nothing outside them.
    assert all(not codes for codes in DeckSearch(1, DesignSettings(iterations=10)).outside_codes)
