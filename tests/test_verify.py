"""Verification of the shipped deck, its certificates re-checked with the plain rules."""

from __future__ import annotations

import dataclasses

import pytest

from deckgen.deckfile import load_cleariosity
from deckgen.model import Card, Deck, Tier
from deckgen.rules import group_ops
from deckgen.verify import DeckReport, verify_deck
from tests.conftest import card


@pytest.fixture(scope="module")
def shipped() -> Deck:
    return load_cleariosity()


@pytest.fixture(scope="module")
def report(shipped: Deck) -> DeckReport:
    return verify_deck(shipped, games=2000, seed=1, workers=2)


def test_shipped_deck_passes_every_criterion(report: DeckReport) -> None:
    assert report.failures() == []
    for tier in report.tiers:
        assert tier.min_participation >= 6
        assert tier.trivial_share <= 0.25
        assert min(tier.play.values()) >= 0.88
    assert min(report.balance.digits.values()) >= 10
    assert min(report.balance.cells.values()) >= 14


def test_perfect_clear_certificates_hold_cell_by_cell(shipped: Deck, report: DeckReport) -> None:
    for tier_report in report.tiers:
        tier = tier_report.tier
        cards = {c.id: c for c in shipped.tier_cards(tier)}
        certificate = tier_report.certificate()
        used = [card_id for group in certificate for card_id in group["cards"]]
        assert sorted(used) == sorted(cards), f"{tier.colour}: not a partition"
        for group in certificate:
            members = [cards[card_id] for card_id in group["cards"]]
            assert 2 <= len(members) <= 3
            assert group_ops(members, group["line"], tier.ops()), f"{tier.colour}: {group} is no equation"


def test_teaching_partitions_use_only_the_new_operation(shipped: Deck, report: DeckReport) -> None:
    for tier_report in report.tiers:
        tier = tier_report.tier
        groups = tier_report.teaching.groups
        assert groups is not None
        colour = {c.id for c in shipped.colour_cards(tier)}
        used = sorted(tier_report.cards[i].id for g in groups for i in g.cards)
        assert used == sorted(colour)
        for group in groups:
            members = [tier_report.cards[i] for i in group.cards]
            assert group_ops(members, group.line) == (tier.op,)


def test_json_report_shape(report: DeckReport) -> None:
    data = report.to_json()
    assert data["deck"] == "cleariosity-numbers"
    assert data["passed"] is True
    assert list(data["tiers"]) == ["green", "yellow", "purple", "orange"]
    green = data["tiers"]["green"]
    for key in ("cards", "ops", "groups", "min_participation", "trivial_share", "perfect_clear", "play", "passed"):
        assert key in green
    assert green["ops"] == ["+"]
    assert data["tiers"]["orange"]["ops"] == ["+", "-", "*", "/"]
    assert set(green["play"]) == {"2", "3", "4"}
    assert {"cards", "line"} == set(green["perfect_clear"][0])


def replace_card(deck: Deck, card_id: str, new: Card) -> Deck:
    cards = tuple(new if c.id == card_id else c for c in deck.cards)
    return dataclasses.replace(deck, cards=cards)


def test_a_card_that_is_an_equation_by_itself_fails_criterion_1(shipped: Deck) -> None:
    broken = replace_card(shipped, "G01", card("3 4 7 / . . . / . . .", "G01"))
    failures = verify_deck(broken, games=0, seed=1).failures()
    assert ("green", 1) in failures


def test_a_card_without_partners_fails_richness_and_clear() -> None:
    # A, B and C read 3 + 4 = 7 along row 0; D's nines can only pair with zeros, and there are none.
    grids = ["3 . . / 1 . . / 1 . .", ". 4 . / . 2 . / . 2 .", ". . 7 / . . 1 / . . 1", "9 9 . / 9 . . / . . ."]
    cards = tuple(Card(f"G0{i}", Tier.GREEN, card(grid).cells) for i, grid in enumerate(grids, start=1))
    report = verify_deck(Deck("lonely", cards), games=0, seed=1)
    assert report.tiers[0].participation == [1, 1, 1, 0]
    assert ("green", 2) in report.failures()
    assert ("green", 4) in report.failures()
    assert report.tiers[0].perfect_clear.exhausted


def test_too_few_of_a_digit_fails_balance(shipped: Deck) -> None:
    sevens = [c.id for c in shipped.cards if any(cell.value == 7 for cell in c.cells)]
    cards = tuple(
        dataclasses.replace(
            c, cells=tuple(dataclasses.replace(x, value=8 if x.value == 7 else x.value) for x in c.cells)
        )
        if c.id in sevens
        else c
        for c in shipped.cards
    )
    report = verify_deck(dataclasses.replace(shipped, cards=cards), games=0, seed=1)
    assert ("deck", 7) in report.failures()


def test_trivial_heavy_deck_fails_criterion_5() -> None:
    # Zeros everywhere: 0 + 0 = 0 on every line, all trivial.
    cards = tuple(
        Card(f"G{i:02d}", Tier.GREEN, card(grid).cells)
        for i, grid in enumerate(["0 . . / . 0 . / . . 1", ". 0 . / 1 . . / . . 0", ". . 0 / . 1 0 / . . ."], start=1)
    )
    report = verify_deck(Deck("zeros", cards), games=0, seed=1)
    assert ("green", 5) in report.failures()


def test_verify_is_deterministic_for_a_seed(shipped: Deck) -> None:
    first = verify_deck(shipped, games=100, seed=5).to_json()
    assert first == verify_deck(shipped, games=100, seed=5, workers=2).to_json()
    assert first != verify_deck(shipped, games=100, seed=6).to_json()
