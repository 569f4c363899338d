"""Exports, and an independent re-count of the verify figures from the JSON export alone.

The re-count below does not import the rules engine: it stacks every pair and triple of
exported cards on every line, cell by cell, as a person checking the deck would.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations

import pytest

from deckgen.games.cleariosity.output.export import cleariosity_csv, cleariosity_json
from deckgen.games.cleariosity.spec.deckfile import load_cleariosity
from deckgen.games.cleariosity.verify.verdict import verify_deck
from deckgen.games.treenex.export import treenex_csv, treenex_json
from deckgen.games.treenex.model import TreenexDeck

READING = {
    "row0": [(0, 0), (0, 1), (0, 2)],
    "row1": [(1, 0), (1, 1), (1, 2)],
    "row2": [(2, 0), (2, 1), (2, 2)],
    "col0": [(0, 0), (1, 0), (2, 0)],
    "col1": [(0, 1), (1, 1), (2, 1)],
    "col2": [(0, 2), (1, 2), (2, 2)],
    "diag": [(0, 0), (1, 1), (2, 2)],
    "anti": [(2, 0), (1, 1), (0, 2)],
}
TIER_ORDER = ["green", "yellow", "purple", "orange"]


def holds(a: int, b: int, c: int, ops: str) -> list[str]:
    found = []
    if "+" in ops and a + b == c:
        found.append("+")
    if "-" in ops and a - b == c:
        found.append("-")
    if "*" in ops and a * b == c:
        found.append("*")
    if "/" in ops and b != 0 and a == b * c:
        found.append("/")
    return found


def reading_is_trivial(a: int, b: int, op: str) -> bool:
    return (
        a == 0 or b == 0 or (op == "*" and 1 in (a, b)) or (op == "/" and (b == 1 or a == b)) or (op == "-" and a == b)
    )


@dataclass
class Recount:
    groups: int = 0
    trivial: int = 0
    practising: int = 0
    per_card: list[int] = field(default_factory=list)
    pairs_per_card: list[int] = field(default_factory=list)
    facts: Counter[tuple[int, int, int]] = field(default_factory=Counter)


def recount(cards: list[dict[tuple[int, int], int]], ops: str) -> Recount:
    """Every figure of a tier by brute force: the tier's new operation is the last of ``ops``."""
    new_op = ops[-1]
    found_here = Recount(per_card=[0] * len(cards), pairs_per_card=[0] * len(cards))
    # Per line, keep only cards touching it (a card off the line can never be in its group).
    for line in READING.values():
        touching = [i for i, card in enumerate(cards) if any(cell in card for cell in line)]
        for size in (2, 3):
            for members in combinations(touching, size):
                values = []
                givers = set()
                for cell in line:
                    here = [i for i in members if cell in cards[i]]
                    if len(here) != 1:
                        break
                    givers.add(here[0])
                    values.append(cards[here[0]][cell])
                else:
                    if len(givers) != size:
                        continue
                    readings = holds(*values, ops)
                    if not readings:
                        continue
                    found_here.groups += 1
                    for i in members:
                        found_here.per_card[i] += 1
                        if size == 2:
                            found_here.pairs_per_card[i] += 1
                    a, b, c = values
                    if all(reading_is_trivial(a, b, op) for op in readings):
                        found_here.trivial += 1
                    if new_op in readings and not reading_is_trivial(a, b, new_op):
                        found_here.practising += 1
                        found_here.facts[a, b, c] += 1
    return found_here


def test_independent_recount_agrees_with_verify() -> None:
    deck = load_cleariosity()
    exported = json.loads(cleariosity_json(deck))
    report = verify_deck(deck, games=0, seed=1).to_json()
    all_facts = {
        "green": [(a, b, a + b) for a in range(1, 10) for b in range(1, 10) if a + b <= 9],
        "yellow": [(c, a, c - a) for c in range(10) for a in range(1, c)],
        "purple": [(2, 2, 4), (2, 3, 6), (3, 2, 6), (2, 4, 8), (4, 2, 8), (3, 3, 9)],
        "orange": [(4, 2, 2), (6, 2, 3), (6, 3, 2), (8, 2, 4), (8, 4, 2), (9, 3, 3)],
    }
    for depth, tier in enumerate(TIER_ORDER):
        in_play = [c for c in exported["cards"] if TIER_ORDER.index(c["tier"]) <= depth]
        cards = [{(x["row"], x["col"]): x["value"] for x in c["cells"]} for c in in_play]
        ops = "+-*/"[: depth + 1]
        found = recount(cards, ops)
        figures = report["tiers"][tier]
        assert figures["groups"] == found.groups, tier
        assert figures["min_participation"] == min(found.per_card), tier
        assert figures["trivial_share"] == pytest.approx(found.trivial / found.groups, abs=5e-5), tier
        assert figures["min_pairs"] == min(found.pairs_per_card), tier
        assert figures["pair_groups"] == sum(found.pairs_per_card) // 2, tier
        assert figures["practising_groups"] == found.practising, tier
        assert set(found.facts) <= set(all_facts[tier]), tier
        assert figures["facts"]["of"] == len(all_facts[tier]), tier
        assert figures["facts"]["covered"] == len(found.facts), tier
        largest = max(found.facts.values()) / found.practising
        assert figures["facts"]["largest_share"] == pytest.approx(largest, abs=5e-5), tier
        sign = {"+": "+", "-": "−", "*": "×", "/": "÷"}[ops[-1]]
        written = {f"{a} {sign} {b} = {c}": (a, b, c) for a, b, c in all_facts[tier]}
        assert [written[m] for m in figures["facts"]["missing"]] == [f for f in all_facts[tier] if f not in found.facts]
        assert found.facts[written[figures["facts"]["largest"]]] == max(found.facts.values()), tier
        check_teaching_split(exported, figures["teaching_split"], tier, ops)


def check_teaching_split(exported: dict, split: list[dict], tier: str, ops: str) -> None:
    """The split uses each card of the colour once, each group holds only with the new operation
    among the tier's operations and not trivially, and it uses at least 3 different facts."""
    by_id = {c["id"]: {(x["row"], x["col"]): x["value"] for x in c["cells"]} for c in exported["cards"]}
    colour = sorted(c["id"] for c in exported["cards"] if c["tier"] == tier)
    assert sorted(card for group in split for card in group["cards"]) == colour
    facts = set()
    for group in split:
        cells = [by_id[card] for card in group["cards"]]
        values = []
        for cell in READING[group["line"]]:
            here = [card for card in cells if cell in card]
            assert len(here) == 1
            values.append(here[0][cell])
        assert all(any(cell in card for cell in READING[group["line"]]) for card in cells)
        a, b, c = values
        assert holds(a, b, c, ops) == [ops[-1]], (tier, group)
        assert not reading_is_trivial(a, b, ops[-1])
        facts.add((a, b, c))
    assert len(facts) >= 3


def test_json_export_has_exactly_the_documented_shape() -> None:
    data = json.loads(cleariosity_json(load_cleariosity()))
    assert set(data) == {"name", "cards"}
    assert data["name"] == "cleariosity-numbers"
    assert len(data["cards"]) == 60
    first = data["cards"][0]
    assert set(first) == {"id", "tier", "cells"}
    assert first["id"] == "G01" and first["tier"] == "green"
    assert len(first["cells"]) == 3
    assert all(set(cell) == {"row", "col", "value"} for cell in first["cells"])


def test_csv_export_has_one_row_per_number() -> None:
    rows = list(csv.DictReader(io.StringIO(cleariosity_csv(load_cleariosity()))))
    assert len(rows) == 180
    assert set(rows[0]) == {"id", "tier", "row", "col", "value"}


def test_treenex_exports() -> None:
    deck = TreenexDeck("treenex", 10, 19, 2)
    data = json.loads(treenex_json(deck))
    assert [c["value"] for c in data["cards"]][:3] == [10, 10, 11]
    assert len(data["cards"]) == 20
    rows = list(csv.DictReader(io.StringIO(treenex_csv(deck))))
    assert rows[-1] == {"id": "T20", "value": "19"}
