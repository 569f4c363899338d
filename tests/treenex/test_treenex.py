"""Treenex arithmetic and deck sizes."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games.treenex.model import (
    TreenexDeck,
    cards_per_hand,
    combine_first,
    expression_text,
    hands_in_deck,
    multiply_first,
    parse_value_range,
    score_range,
)
from deckgen.games.treenex.report import treenex_text
from deckgen.i18n import _, speaking


def test_expressions_follow_the_order_of_operations() -> None:
    assert multiply_first(3, 4, 5) == 17
    assert combine_first(3, 4, 5) == 35
    assert multiply_first(3, 4, 5, subtract=True) == 7
    assert combine_first(3, 4, 5, subtract=True) == -5
    assert expression_text(3, 4, 5, multiply=True) == "3 × 4 + 5"
    assert expression_text(3, 4, 5, multiply=False) == "(3 + 4) × 5"
    assert expression_text(3, 4, 5, multiply=False, subtract=True) == "(3 − 4) × 5"


def test_standard_deck_hands() -> None:
    deck = TreenexDeck("treenex", 0, 9, 4)
    assert len(deck.cards) == 40
    assert [cards_per_hand(p) for p in (2, 3, 4)] == [5, 7, 9]
    assert [hands_in_deck(deck, p) for p in (2, 3, 4)] == [8, 5, 4]
    assert score_range(deck) == (0, 162)


def test_teen_deck_scores() -> None:
    deck = TreenexDeck("teens", 10, 19, 4)
    assert score_range(deck) == (10 * 10 + 10, (19 + 19) * 19)


@pytest.mark.parametrize("text", ["9-0", "a-b", "5", "1-2-3", "0-1000"])
def test_bad_value_ranges(text: str) -> None:
    with pytest.raises(DeckgenError):
        parse_value_range(text)


def test_value_range() -> None:
    assert parse_value_range("10-19") == (10, 19)


@pytest.mark.parametrize(("low", "high"), [(0, 9), (10, 19), (3, 5), (0, 2), (5, 12)])
@pytest.mark.parametrize("copies", [1, 2, 3])
@pytest.mark.parametrize("subtract", [False, True])
def test_score_range_is_that_of_every_hand_of_three_different_cards(
    low: int, high: int, copies: int, subtract: bool
) -> None:
    """a, b and c are three cards dealt from the deck: with one 9, 9 × 9 + 9 is no hand."""
    deck = TreenexDeck("t", low, high, copies)
    cards = [value for value in range(low, high + 1) for _ in range(copies)]
    if len(cards) < 3:
        pytest.fail("a deck of fewer than three cards deals no hand")
    every = [
        rule(cards[i], cards[j], cards[k], subtract)
        for rule in (multiply_first, combine_first)
        for i in range(len(cards))
        for j in range(len(cards))
        for k in range(len(cards))
        if len({i, j, k}) == 3
    ]
    assert score_range(deck, subtract) == (min(every), max(every))


def test_score_range_of_the_widest_values_is_immediate() -> None:
    # (998 + 997) × 999 beats 999 × 998 + 997, and one card of each value is not dealt twice.
    assert score_range(TreenexDeck("t", 0, 999, 1)) == (0, (998 + 997) * 999)
    assert score_range(TreenexDeck("t", 0, 999, 3)) == (0, 2 * 999 * 999)


def test_a_deck_too_small_for_two_players_is_not_printed_and_the_rules_name_who_can_play(tmp_path: Path) -> None:
    """Three cards used to print with rules "for 2 to 4 players"; 20 cards deal a game to 2 only."""
    assert main(["build", "--game", "treenex", "--values", "0-2", "--copies", "1", "--out", str(tmp_path / "x")]) == 1
    assert not (tmp_path / "x").exists()
    said = {2: "A game for 2 players with", 3: "A game for 2 or 3 players with", 4: "A game for 2 to 4 players with"}
    for copies, players in [(2, 2), (3, 3), (4, 4)]:
        out = tmp_path / str(copies)
        assert main(["build", "--game", "treenex", "--copies", str(copies), "--out", str(out), "--format", "pdf"]) == 0
        text = " ".join(PdfReader(out / "teacher-pack.pdf").pages[0].extract_text().split())
        assert said[players] in text, text[:200]
        assert all(said[other] not in text for other in said if other != players)


@pytest.mark.parametrize("language", ["en", "de", "fr", "es"])
def test_the_report_is_in_the_language_spoken_with_its_columns_in_line(language: str) -> None:
    deck = TreenexDeck("treenex", 0, 9, 4)
    with speaking(language):
        lines = treenex_text(deck).splitlines()
        headings = [_("players"), _("cards a hand"), _("hands in deck"), _("hands a game"), _("result")]
        passed = _("pass")
    header = lines[2]
    ends = [header.index(heading) + len(heading) for heading in headings[:4]]
    assert header.rstrip().endswith(headings[4])
    for line, players in zip(lines[3:6], (2, 3, 4), strict=True):
        assert line.startswith(str(players)) and line.endswith(passed)
        # Every figure ends under the end of its heading (the first column starts under its own).
        figures = [str(cards_per_hand(players)), str(hands_in_deck(deck, players))]
        for figure, end in zip(figures, ends[1:3], strict=True):
            assert line[end - len(figure) : end] == figure, (line, figure)
    if language != "en":
        assert "players" not in header and "Scores for" not in lines[-2]


def test_verify_names_the_players_a_small_deck_fails_in_the_language_and_where_the_report_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The line used to be English whatever --lang, and said "the table above" of a report
    written to --out."""
    assert main(["verify", "--deck", "treenex", "--copies", "3", "--lang", "de"]) == 1
    line = capsys.readouterr().err.strip().splitlines()[-1]
    with speaking("de"):
        said = _("the Treenex deck is too small for a full game of {players} players (see {place})")
        assert said.format(players="4", place=_("the table above")) in line
    report = tmp_path / "report.txt"
    assert main(["verify", "--deck", "treenex", "--copies", "1", "--out", str(report)]) == 1
    line = capsys.readouterr().err.strip().splitlines()[-1]
    assert line.endswith(f"a full game of 2, 3 or 4 players (see the report in {report})")


def test_frame_with_engrave_none_is_refused_not_dropped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """--frame scores a frame inside each card; with --engrave none (nothing scored) the SVGs
    came out without it, and nothing was said."""
    out = tmp_path / "out"
    words = ["build", "--game", "treenex", "--format", "svg", "--engrave", "none", "--out", str(out)]
    assert main([*words, "--frame"]) == 1
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert line == (
        "deckgen: error: --frame adds a line the laser scores, and --engrave none scores nothing; leave out one of them"
    )
    assert not out.exists()
    assert main(words) == 0
