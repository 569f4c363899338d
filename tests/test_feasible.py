"""Design refuses, before any search, a spec that arithmetic alone rules out."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.spec import SPECS, designable, load_spec

HEAD = 'spec_version = 1\nname = "test"\n'


def tier(name: str, cards: int, adds: str, extra: str = "") -> str:
    return f'\n[[tiers]]\nname = "{name}"\ncolour = "{name}"\ncards = {cards}\nadds = [{adds}]\n{extra}'


#: Each spec, and what its refusal must say.
RULED_OUT = {
    "focus": (
        HEAD + 'numbers = "2-81"\nfactors = "2-9"\n' + tier("green", 12, '"x"', 'focus = ["x tables 2-9"]\n'),
        r"each of 64 facts must come up 0\.1 times a game, 6\.4 in all, and a game of its 12 cards holds at most "
        r"6 collections \[criterion 16\] \(and 1 more reason\)",
    ),
    "practice": (
        HEAD + 'numbers = "0-9"\n' + tier("green", 12, '"+"') + tier("yellow", 6, '"-"', "min_practice = 12\n"),
        r"at yellow, play must practise 12 times a game, and a game of its 18 cards holds at most 9 collections "
        r"\[criterion 10\]$",
    ),
    "teaching": (
        HEAD + 'numbers = "0-9"\n' + tier("green", 24, '"+"') + tier("purple", 12, '"x"', 'factors = "2-2"\n'),
        r"the purple cards have no × fact of these numbers that needs that sign alone",
    ),
    "cells": (
        HEAD + 'numbers = "0-9"\n\n[criteria]\nmin_digit_use = 30\n' + tier("green", 24, '"+"'),
        r"the 10 numbers must be printed \d+ times in all, and the deck's cards print only 72 numbers: use fewer "
        r"numbers or more cards \[criterion 11\]",
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
