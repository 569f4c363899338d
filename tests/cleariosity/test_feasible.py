"""Design refuses, before any search, a spec that arithmetic alone rules out."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.spec.deck_spec import SPECS, designable
from deckgen.games.cleariosity.spec.reading import load_spec

HEAD = 'spec_version = 1\nname = "test"\n'


def tier(name: str, cards: int, adds: str, extra: str = "") -> str:
    return f'\n[[tiers]]\nname = "{name}"\ncolour = "{name}"\ncards = {cards}\nadds = [{adds}]\n{extra}'


#: Each spec, and what its refusal must say.
RULED_OUT = {
    "focus": (
        HEAD + 'numbers = "2-81"\nfactors = "2-9"\n' + tier("green", 12, '"x"', 'focus = ["x tables 2-9"]\n'),
        r"each of at least 64 facts must come up 0\.1 times a game, 6\.4 in all, and a game of its 12 cards "
        r"holds at most 6 collections \[criterion 16\] \(and 1 more: criterion 18\)",
    ),
    "practice": (
        HEAD + 'numbers = "0-9"\n' + tier("green", 12, '"+"') + tier("yellow", 6, '"-"', "min_practice = 12\n"),
        r"at yellow, games must practise − 12 times a game, and a game of its 18 cards holds at most 9 collections "
        r"\[criterion 10\]$",
    ),
    "no-teaching": (
        HEAD + 'numbers = "0-9"\n' + tier("green", 24, '"+"') + tier("purple", 12, '"x"', 'factors = "2-2"\n'),
        r"the purple cards can teach at most 0 different × facts that need that sign alone",
    ),
    "cells": (
        HEAD + 'numbers = "0-9"\n\n[criteria]\nmin_digit_use = 30\n' + tier("green", 24, '"+"'),
        r"the 10 numbers must be printed \d+ times in all, and the deck's cards print only 72 numbers: use fewer "
        r"numbers or more cards \[criterion 11\]",
    ),
    "teaching": (
        HEAD
        + 'numbers = "0-9"\n'
        + tier("green", 24, '"+"')
        + tier("purple", 12, '"x"', 'tables = "2"\ntimes = "2-3"\n'),
        r"the purple cards can teach at most 2 different × facts that need that sign alone \(these numbers and "
        r"tables have 2, and 12 cards make at most 6 groups\), and the level asks 3 \[criterion 3\]",
    ),
    "commonest": (
        HEAD + 'numbers = "2-7"\ntables = "2"\ntimes = "2-3"\n' + tier("green", 12, '"x"'),
        r"at green, the 3 × facts share the practice, so the commonest is at least 33% of it, and the line is 30%",
    ),
    "beginners": (
        HEAD + 'numbers = "0-9"\n' + tier("green", 9, '"+"'),
        r"beginners take two cards at a time, so of 9 cards they collect at most 8 \(88.9%\), and the line is 90%",
    ),
    "needing": (
        HEAD + 'numbers = "0-9"\n' + tier("green", 24, '"+"') + tier("yellow", 12, '"-"', "min_needing_new = 20\n"),
        r"at yellow, games must collect 20 stacks a game that read only with −, and a game of its 36 cards holds "
        r"at most 18 collections \[criterion 15\]",
    ),
    "pairs": (
        HEAD + 'numbers = "0-9"\n\n[criteria]\nmin_pairs = 1000\n' + tier("green", 24, '"+"'),
        r"every card must be in 1000 two-card groups, and with 24 cards in play a card is in at most 184 "
        r"\(one a line and operation with each other card\) \[criterion 5\]",
    ),
    "groups": (
        HEAD + 'numbers = "0-9"\n\n[criteria]\nmin_groups = 100000\n' + tier("green", 24, '"+"'),
        r"every card must be in 100000 groups, and with 24 cards in play a card is in at most 2208 "
        r"\(one a line and operation with each other card or two\) \[criterion 4\]",
    ),
    "facts": (
        HEAD + 'numbers = "0-9"\n' + tier("green", 24, '"+"', "min_facts = 99\n"),
        r"the green tier must cover 99 facts and its numbers allow only \d+ \[criterion 7\]",
    ),
}


@pytest.mark.parametrize("name", sorted(RULED_OUT))
def test_a_spec_arithmetic_rules_out_is_refused_in_one_line_naming_the_criterion(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text, message = RULED_OUT[name]
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DeckgenError, match=r"no deck can meet this spec: .*" + message):
        designable(load_spec(path))
    assert main(["design", "--seed", "1", "--spec", str(path), "--out", str(tmp_path / "d.toml")]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and err.startswith("deckgen: error: ") and "Designing" not in err
    assert not (tmp_path / "d.toml").exists()


@pytest.mark.parametrize("preset", sorted(path.stem for path in SPECS.glob("*.toml")))
def test_every_preset_is_one_arithmetic_allows(preset: str) -> None:
    assert designable(load_spec(preset)).tiers


def test_a_spec_whose_facts_a_deck_may_hold_fewer_of_is_not_refused_for_them(tmp_path: Path) -> None:
    """With min_facts lowered to 4, a deck may hold 4 of the 64 facts, and verify judges criterion
    16 on the facts it holds: 4 at 0.1 a game fit a game of 12 cards, so there is no refusal."""
    path = tmp_path / "few.toml"
    path.write_text(
        HEAD + 'numbers = "2-81"\nfactors = "2-9"\n' + tier("green", 12, '"x"', "min_facts = 4\n"), encoding="utf-8"
    )
    assert designable(load_spec(path)).tiers[0].min_facts == 4


def test_focus_facts_read_from_the_same_numbers_count_once(tmp_path: Path) -> None:
    """2 + 2 = 4 and 2 × 2 = 4 are one stack: collected together, they ask one collection a game."""
    from deckgen.games.cleariosity.spec.deck_spec import spec_tiers
    from deckgen.games.cleariosity.spec.feasible import ruled_out

    focus = 'focus = ["2+2", "2x2", "4-2", "4/2"]\n'
    path = tmp_path / "same.toml"
    path.write_text(HEAD + 'numbers = "0-9"\n' + tier("green", 24, '"+", "-", "x", "/"', focus), encoding="utf-8")
    spec = load_spec(path)
    criteria = spec.criteria_for()
    tiny = [2]  # a game of 2 cards holds one collection: the two stacks' 2 x 0.5 fit
    assert not [r for r in ruled_out(spec_tiers(spec), tiny, criteria) if "criterion 18" in r]


def test_a_spec_of_more_cards_than_a_deck_may_hold_is_refused_before_any_search(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """verify and build refuse a deck file of more than 240 cards; design refuses the spec at once
    rather than search for minutes past its time limit."""
    path = tmp_path / "big.toml"
    ops = {"green": '"+"', "yellow": '"-"', "purple": '"x"'}
    path.write_text(HEAD + 'numbers = "0-9"\n' + "".join(tier(colour, 99, op) for colour, op in ops.items()))
    with pytest.raises(DeckgenError, match="its tiers hold 297 cards; a Cleariosity deck has at most 240"):
        designable(load_spec(path))
    assert main(["design", "--seed", "1", "--spec", str(path), "--out", str(tmp_path / "d.toml")]) == 1
    assert "at most 240" in capsys.readouterr().err and not (tmp_path / "d.toml").exists()


def test_the_recorded_command_quotes_a_spec_name_with_a_space() -> None:
    import shlex

    from deckgen.games.cleariosity.commands import _made_by

    made_by = _made_by(1, 60000, 0, 400, "my spec.toml")
    assert shlex.split(made_by)[-2:] == ["--spec", "my spec.toml"]
