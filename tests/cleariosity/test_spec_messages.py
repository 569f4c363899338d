"""Every check of a spec's shape says the same line it always has.

The shape of a spec (its keys, types and ranges) is declared in ``spec/schema.py`` and read by
cattrs; these are the lines the hand-written checks it replaced gave, one bad spec per check,
each taken as it was before (source ``my-spec.toml``), so that a teacher's message, its words and
its translations, stay the same.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.spec.reading import read_spec

#: Leave the key out.
DROP = object()
#: A valid spec: three tiers, the last with tables of its own.
BASE: dict[str, Any] = {
    "spec_version": 1,
    "name": "times",
    "numbers": "0-20",
    "tiers": [
        {"name": "green", "cards": 12, "adds": ["+"]},
        {"name": "yellow", "cards": 12, "adds": ["-"]},
        {"name": "purple", "cards": 12, "adds": ["x"], "factors": "2-4"},
    ],
}
#: One tier more than a deck may have.
SEVEN = [
    {"name": name, "cards": 3, "adds": ["+"] if number == 0 else []}
    for number, name in enumerate(["green", "yellow", "purple", "orange", "blue", "red", "pink"])
]


def patched(changes: dict[str, Any]) -> dict[str, Any]:
    """:data:`BASE` with each dotted key (``tiers.1.cards``) set, or left out (:data:`DROP`)."""
    data = copy.deepcopy(BASE)
    for path, value in changes.items():
        *parents, last = [int(step) if step.isdigit() else step for step in path.split(".")]
        where: Any = data
        for step in parents:
            where = where[step]
        if value is DROP:
            del where[last]
        else:
            where[last] = value
    return data


BAD_SPECS = [
    (
        "an unknown key",
        {"colour": "red"},
        (
            "unknown key 'colour'; a spec has criteria, duplicates, factors, name, numbers, "
            "numbers_per_card, players, spec_version, tables, tiers, times, title"
        ),
    ),
    (
        "the first of two unknown keys",
        {"size": 3, "colour": "red"},
        (
            "unknown key 'size'; a spec has criteria, duplicates, factors, name, numbers, "
            "numbers_per_card, players, spec_version, tables, tiers, times, title"
        ),
    ),
    (
        "spec_version left out",
        {"spec_version": DROP},
        "spec_version is missing; add spec_version = 1 at the top",
    ),
    (
        "spec_version 2",
        {"spec_version": 2},
        ("spec_version 2 is not one this deckgen reads (1); upgrade deckgen or write the spec in version 1"),
    ),
    (
        "spec_version true",
        {"spec_version": True},
        ("spec_version 'true' is not one this deckgen reads (1); upgrade deckgen or write the spec in version 1"),
    ),
    (
        "spec_version as text",
        {"spec_version": "1"},
        ("spec_version '1' is not one this deckgen reads (1); upgrade deckgen or write the spec in version 1"),
    ),
    (
        "name left out",
        {"name": DROP},
        'name must be lower-case letters, digits and dashes (at most 40), e.g. name = "times"',
    ),
    (
        "name in capitals",
        {"name": "Times"},
        'name must be lower-case letters, digits and dashes (at most 40), e.g. name = "times"',
    ),
    (
        "name a number",
        {"name": 5},
        'name must be lower-case letters, digits and dashes (at most 40), e.g. name = "times"',
    ),
    (
        "title a number",
        {"title": 5},
        "title must be text of at most 120 characters",
    ),
    (
        "title too long",
        {"title": "x" * 121},
        "title must be text of at most 120 characters",
    ),
    (
        "numbers left out",
        {"numbers": DROP},
        'numbers is missing; write numbers = "0-9" (lowest-highest, 0 to 99)',
    ),
    (
        "numbers a number",
        {"numbers": 20},
        'numbers is not text; write numbers = "0-9" (lowest-highest, 0 to 99)',
    ),
    (
        "numbers no range",
        {"numbers": "twenty"},
        "numbers = 'twenty' is not a range; write numbers = \"0-9\" (lowest-highest, 0 to 99)",
    ),
    (
        "numbers too few",
        {"numbers": "0-3"},
        (
            "numbers = '0-3': the range ends between 5 and 99 and holds at least six numbers; write "
            'numbers = "0-9" (lowest-highest, 0 to 99)'
        ),
    ),
    (
        "numbers past 99",
        {"numbers": "0-100"},
        (
            "numbers = '0-100': the range ends between 5 and 99 and holds at least six numbers; write "
            'numbers = "0-9" (lowest-highest, 0 to 99)'
        ),
    ),
    (
        "numbers_per_card 4",
        {"numbers_per_card": 4},
        "numbers_per_card must be 3 (three numbers in a 3 x 3 grid)",
    ),
    (
        "numbers_per_card as text",
        {"numbers_per_card": "3"},
        "numbers_per_card must be 3 (three numbers in a 3 x 3 grid)",
    ),
    (
        "players as text",
        {"players": "2"},
        "players must be a list of different counts from 2 to 6, e.g. [2, 3, 4]",
    ),
    (
        "players empty",
        {"players": []},
        "players must be a list of different counts from 2 to 6, e.g. [2, 3, 4]",
    ),
    (
        "players past 6",
        {"players": [2, 7]},
        "players must be a list of different counts from 2 to 6, e.g. [2, 3, 4]",
    ),
    (
        "players twice",
        {"players": [2, 2]},
        "players must be a list of different counts from 2 to 6, e.g. [2, 3, 4]",
    ),
    (
        "players true",
        {"players": [2, True]},
        "players must be a list of different counts from 2 to 6, e.g. [2, 3, 4]",
    ),
    (
        "tiers left out",
        {"tiers": DROP},
        "tiers is missing; add one [[tiers]] table per tier, in play order",
    ),
    (
        "tiers as text",
        {"tiers": "green"},
        "tiers is missing; add one [[tiers]] table per tier, in play order",
    ),
    (
        "tiers not tables",
        {"tiers": [1]},
        "tiers is missing; add one [[tiers]] table per tier, in play order",
    ),
    (
        "tiers empty",
        {"tiers": []},
        "tiers is missing; add one [[tiers]] table per tier, in play order",
    ),
    (
        "criteria not a table",
        {"criteria": 5},
        "criteria must be a table ([criteria]) of threshold = value lines",
    ),
    (
        "duplicates as text",
        {"duplicates": "yes"},
        (
            "duplicates must be true or false (true: two cards may be alike, the same colour and the "
            "same numbers in the same cells), not 'yes'"
        ),
    ),
    (
        "duplicates 1",
        {"duplicates": 1},
        (
            "duplicates must be true or false (true: two cards may be alike, the same colour and the "
            "same numbers in the same cells), not 1"
        ),
    ),
    (
        "a tier name in capitals",
        {"tiers.1.name": "Yellow"},
        'tiers[1].name must be a lower-case word (at most 40 letters), e.g. name = "green"',
    ),
    (
        "a tier name left out",
        {"tiers.1.name": DROP},
        'tiers[1].name must be a lower-case word (at most 40 letters), e.g. name = "green"',
    ),
    (
        "a tier name a number",
        {"tiers.1.name": 5},
        'tiers[1].name must be a lower-case word (at most 40 letters), e.g. name = "green"',
    ),
    (
        "seven tiers",
        {"tiers": SEVEN},
        "7 tiers; a deck has at most 6",
    ),
    (
        "a tier name twice",
        {"tiers.1.name": "green", "tiers.1.colour": "red"},
        "tiers[1].name 'green' is used twice; give each tier its own name",
    ),
    (
        "two tiers of one initial",
        {"tiers.1.name": "gold", "tiers.1.colour": "yellow"},
        ("tiers[1].name 'gold' starts with the same letter as another tier (card ids begin with it); rename one"),
    ),
    (
        "a colour deckgen does not print",
        {"tiers.1.colour": "teal"},
        (
            "tiers[1] colour 'teal' is not a colour deckgen prints; add colour = \"...\" with one of "
            "green, yellow, purple, orange, blue, red, pink, brown, grey"
        ),
    ),
    (
        "no colour and a name that is none",
        {"tiers.1.name": "sunny"},
        (
            "tiers[1] has no colour and its name 'sunny' is not a colour deckgen prints; add colour = "
            '"..." with one of green, yellow, purple, orange, blue, red, pink, brown, grey'
        ),
    ),
    (
        "a colour a number",
        {"tiers.1.colour": 5},
        (
            'tiers[1] colour 5 is not a colour deckgen prints; add colour = "..." with one of green, '
            "yellow, purple, orange, blue, red, pink, brown, grey"
        ),
    ),
    (
        "a colour twice",
        {"tiers.1.name": "sunny", "tiers.1.colour": "green"},
        "tiers[1].colour 'green' is used twice; give each tier its own colour",
    ),
    (
        "cards as text",
        {"tiers.1.cards": "12"},
        "tiers[1].cards must be a whole number from 3 to 99, e.g. cards = 12",
    ),
    (
        "cards too few",
        {"tiers.1.cards": 2},
        "tiers[1].cards must be a whole number from 3 to 99, e.g. cards = 12",
    ),
    (
        "cards left out",
        {"tiers.1.cards": DROP},
        "tiers[1].cards must be a whole number from 3 to 99, e.g. cards = 12",
    ),
    (
        "cards true",
        {"tiers.1.cards": True},
        "tiers[1].cards must be a whole number from 3 to 99, e.g. cards = 12",
    ),
    (
        "adds an unknown sign",
        {"tiers.1.adds": "q"},
        'tiers[1].adds must list operations from + - x /, e.g. adds = ["x"] (or [] for none)',
    ),
    (
        "adds a number",
        {"tiers.1.adds": 5},
        'tiers[1].adds must list operations from + - x /, e.g. adds = ["x"] (or [] for none)',
    ),
    (
        "adds a list with a number",
        {"tiers.1.adds": [1]},
        'tiers[1].adds must list operations from + - x /, e.g. adds = ["x"] (or [] for none)',
    ),
    (
        "adds one sign twice",
        {"tiers.1.adds": ["-", "-"]},
        "tiers[1].adds lists '-' twice; list each operation once",
    ),
    (
        "adds a sign already in play",
        {"tiers.1.adds": ["+"]},
        (
            "tiers[1].adds '+' is already in play; each operation is added once (x and / again only "
            'with other tables: factors = "6-9")'
        ),
    ),
    (
        "the first tier adds none",
        {"tiers.0.adds": []},
        "tiers[0].adds is empty; the first tier must add an operation",
    ),
    (
        "a tier adding none named with an x",
        {"tiers.1.name": "xtra", "tiers.1.colour": "red", "tiers.1.adds": []},
        (
            "tiers[1].name 'xtra': a tier that adds no operation prints its first letter beside the "
            "dot, and an X there reads as a times sign; give it a name that starts with another letter"
        ),
    ),
    (
        "focus a number",
        {"tiers.1.focus": 5},
        'tiers[1].focus must be a list such as ["7x8=56", "x tables 6-8"]',
    ),
    (
        "tables on a tier without x or /",
        {"tiers.1.factors": "2-5"},
        "tiers[1].factors: only a tier that adds x or / has tables; remove the line",
    ),
    (
        "times without tables",
        {"tiers.2.factors": DROP, "tiers.2.times": "2-9"},
        "tiers[2]: times = '2-9' without tables; add the tables, e.g. tables = \"6-8\"",
    ),
    (
        "an unknown tier threshold",
        {"tiers.1.most_fun": 3},
        (
            "unknown key tiers[1].most_fun; known ones: name, colour, cards, adds, focus, factors, "
            "max_fact_share, max_repeats, max_top_equation, min_collected, min_distinct_facts, "
            "min_fact_pairs, min_fact_per_game, min_facts, min_focus_pairs, min_focus_per_game, "
            "min_focus_share, min_needing_new, min_practice"
        ),
    ),
    (
        "a tier key named criteria",
        {"tiers.1.criteria": {"min_groups": 3}},
        (
            "unknown key tiers[1].criteria; known ones: name, colour, cards, adds, focus, factors, "
            "max_fact_share, max_repeats, max_top_equation, min_collected, min_distinct_facts, "
            "min_fact_pairs, min_fact_per_game, min_facts, min_focus_pairs, min_focus_per_game, "
            "min_focus_share, min_needing_new, min_practice"
        ),
    ),
    (
        "an unknown spec threshold",
        {"criteria": {"most_fun": 3}},
        (
            "unknown key criteria.most_fun; known ones: max_outside_share, max_stranded, "
            "max_stranded_beginner, max_top_new, min_beginner, min_cell_use, min_digit_use, min_groups, "
            "min_pairs, min_teaching_facts, min_zero_use, trivial_share"
        ),
    ),
    (
        "a threshold as text",
        {"criteria": {"min_groups": "3"}},
        "criteria.min_groups must be a number, not '3'",
    ),
]


def test_the_base_spec_is_valid() -> None:
    assert [tier.name for tier in read_spec(copy.deepcopy(BASE), "my-spec.toml").tiers] == ["green", "yellow", "purple"]


@pytest.mark.parametrize(("fault", "changes", "said"), BAD_SPECS, ids=[case[0] for case in BAD_SPECS])
def test_each_bad_spec_says_its_one_line(fault: str, changes: dict[str, Any], said: str) -> None:
    with pytest.raises(DeckgenError) as refused:
        read_spec(patched(changes), "my-spec.toml")
    assert str(refused.value) == f"my-spec.toml: {said}"


#: Specs with two faults: the line names the one a reader meets first, as it always has (a rule
#: between keys written before a refused key comes before that key's own line).
SEVERAL_FAULTS = [
    (
        "spec_version 2, no name",
        {"spec_version": 2, "name": DROP},
        "spec_version 2 is not one this deckgen reads (1); upgrade deckgen or write the spec in version 1",
    ),
    (
        "times without tables, players twice",
        {"times": "2-9", "players": [2, 2]},
        "times = '2-9' without tables; add the tables, e.g. tables = \"6-8\"",
    ),
    (
        "a colour twice, criteria not a table",
        {"tiers.1.name": "sunny", "tiers.1.colour": "green", "criteria": 5},
        "tiers[1].colour 'green' is used twice; give each tier its own colour",
    ),
    (
        "a sign already in play, duplicates as text",
        {"tiers.1.adds": ["+"], "duplicates": "yes"},
        "tiers[1].adds '+' is already in play; each operation is added once (x and / again only with other "
        'tables: factors = "6-9")',
    ),
    (
        "a tier name twice, cards as text",
        {"tiers.1.name": "green", "tiers.1.colour": "red", "tiers.1.cards": "12"},
        "tiers[1].name 'green' is used twice; give each tier its own name",
    ),
    (
        "no colour and a name that is none, adds a number",
        {"tiers.1.name": "sunny", "tiers.1.adds": 5},
        "tiers[1] has no colour and its name 'sunny' is not a colour deckgen prints; add colour = \"...\" with "
        "one of green, yellow, purple, orange, blue, red, pink, brown, grey",
    ),
    (
        "seven tiers, the seventh without cards",
        {"tiers": [*SEVEN[:6], {"name": "pink", "adds": []}]},
        "7 tiers; a deck has at most 6",
    ),
    (
        "a colour twice, focus a number",
        {"tiers.1.name": "sunny", "tiers.1.colour": "green", "tiers.1.focus": 5},
        "tiers[1].colour 'green' is used twice; give each tier its own colour",
    ),
]


@pytest.mark.parametrize(("faults", "changes", "said"), SEVERAL_FAULTS, ids=[case[0] for case in SEVERAL_FAULTS])
def test_of_several_faults_the_first_a_reader_meets_is_said(faults: str, changes: dict[str, Any], said: str) -> None:
    with pytest.raises(DeckgenError) as refused:
        read_spec(patched(changes), "my-spec.toml")
    assert str(refused.value) == f"my-spec.toml: {said}"
