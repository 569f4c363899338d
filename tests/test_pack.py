"""The teacher pack: rules, score sheet, answer keys and packing list, read back as text."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from deckgen.build import BuildRequest, prepare, run
from deckgen.deckfile import load_cleariosity
from deckgen.model import Tier
from deckgen.rules import describe
from deckgen.verify import analyse_tier


@pytest.fixture(scope="module")
def pack_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    out = tmp_path_factory.mktemp("pack")
    run(prepare(BuildRequest(out=out, options={"sets": 12})))
    reader = PdfReader(out / "teacher-pack.pdf")
    return "\n".join(page.extract_text() for page in reader.pages)


def test_rules_of_both_games_with_variants(pack_text: str) -> None:
    for heading in ("Cleariosity Numbers", "Treenex", "How to play", "Variations", "What counts as an equation"):
        assert heading in pack_text
    assert "Low score wins, or middle score wins" in pack_text
    assert "(a − b) × c" in pack_text
    assert "10 to 19" in pack_text


def test_score_sheet(pack_text: str) -> None:
    assert "Treenex score sheet" in pack_text
    for player in range(1, 5):
        assert f"Player {player}: expression" in pack_text


def test_answer_key_for_every_tier_lists_its_perfect_clear(pack_text: str) -> None:
    deck = load_cleariosity()
    flat = " ".join(pack_text.split())
    for tier in Tier:
        assert f"Answer key: {tier.colour} level" in pack_text
        for group in analyse_tier(deck, tier).perfect_clear.groups or ():
            assert describe(group.values, group.ops[0]) in flat


def test_packing_list_counts_the_sets(pack_text: str) -> None:
    assert "Packing list: 12 classroom sets" in pack_text
    flat = " ".join(pack_text.split())
    assert "Cleariosity Numbers 60 7 84" in flat  # 7 sheets a set, 84 for 12 sets
    assert "Treenex 40 10 120" in flat
    assert "24 green, 12 yellow, 12 purple, 12 orange" in flat
    assert "inkjet printers only" in flat
