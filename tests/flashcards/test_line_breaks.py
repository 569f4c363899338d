"""Lines of card text break where Unicode's line-breaking rules allow, between words: Thai, Chinese
and Japanese words found by ICU's dictionaries, Japanese between phrases, a bracketed phrase kept
whole; inside a word only when the word alone is too wide.

The words each line may end after are written out here by hand, not asked of ICU.
"""

from __future__ import annotations

import subprocess
from itertools import accumulate
from pathlib import Path

import pytest

from deckgen.cli import main
from deckgen.games.flashcards.breaks import BETWEEN_WORDS, break_ranks
from deckgen.games.flashcards.fonts import chain_for
from deckgen.games.flashcards.text import TextDoesNotFit, lay_out_text

THAI = "ฉันชอบเรียนภาษาไทยที่โรงเรียนทุกวันกับเพื่อนของฉัน"
#: "I like to study Thai at school every day with my friend", word by word.
THAI_WORDS = ("ฉัน", "ชอบ", "เรียน", "ภาษา", "ไทย", "ที่", "โรงเรียน", "ทุก", "วัน", "กับ", "เพื่อน", "ของ", "ฉัน")
CHINESE = "我喜欢学习中文。"
CHINESE_WORDS = ("我", "喜欢", "学习", "中文。")


def lines(text: str, width: float, size: float | None = 5.0, bold: bool = False) -> list[str]:
    """The lines ``text`` is set in, in a box ``width`` mm wide, at ``size`` mm capitals (or as
    large as fits, from 8 mm down)."""
    largest, smallest = (size, size) if size else (8.0, 2.5)
    found = lay_out_text(
        text, (0.0, 0.0, width, 300.0), max_size=largest, min_size=smallest, chain=chain_for([text]), bold=bold
    )
    return [line.text for line in found.lines]


def ends(words: tuple[str, ...]) -> set[int]:
    """Where each word ends, counted in characters from the start of the text."""
    return set(accumulate(len(word) for word in words))


def line_ends(found: list[str]) -> set[int]:
    return set(accumulate(len(line) for line in found))


def test_japanese_breaks_between_phrases() -> None:
    assert lines("日本語を勉強します。", 45) == ["日本語を", "勉強します。"]
    assert lines("日本語を勉強します。", 60) == ["日本語を", "勉強します。"]


@pytest.mark.parametrize("width", [20, 25, 30, 35, 40, 45])
@pytest.mark.parametrize("size", [5.0, None])
def test_chinese_breaks_between_words(width: float, size: float | None) -> None:
    found = lines(CHINESE, width, size)
    assert "".join(found) == CHINESE and len(found) > 1
    assert line_ends(found) <= ends(CHINESE_WORDS), found


def test_a_chinese_word_too_wide_for_the_card_is_broken_between_its_characters() -> None:
    # 学习 (to study) is one word; at 5 mm a line 10 mm wide holds one of its characters only.
    assert lines("学习", 10) == ["学", "习"]
    # Given room to shrink, the word is set whole, smaller.
    assert lines("学习", 10, size=None) == ["学习"]


def test_a_bracketed_phrase_is_kept_on_one_line() -> None:
    assert lines("to eat (a meal)", 35) == ["to eat", "(a meal)"]
    assert lines("to eat (a meal)", 45) == ["to eat", "(a meal)"]
    # Too wide for a line of its own, it breaks like any other words.
    assert lines("to eat (a meal)", 20) == ["to eat", "(a", "meal)"]


@pytest.mark.parametrize("width", [25, 35, 45, 60, 85])
def test_a_thai_sentence_wraps_between_words(width: float) -> None:
    found = lines(THAI, width)
    assert "".join(found) == THAI and len(found) > 1
    assert line_ends(found) <= ends(THAI_WORDS), found


def test_a_thai_sentence_prints_on_a_card(tmp_path: Path) -> None:
    sheet = tmp_path / "thai.csv"
    sheet.write_text(f"front,back\n{THAI},I like to study Thai at school every day with my friend\n", "utf-8")
    assert main(["build", "--file", str(sheet), "--no-pack", "--out", str(tmp_path / "out")]) == 0
    text = subprocess.run(
        ["pdftotext", str(tmp_path / "out" / "flashcards.pdf"), "-"], capture_output=True, text=True, check=True
    ).stdout
    thai = [line for line in text.splitlines() if line and line[0] in "".join(THAI_WORDS)]
    assert "".join(thai) == THAI and len(thai) > 1
    assert line_ends(thai) <= ends(THAI_WORDS), thai


def test_a_korean_word_is_not_broken_between_its_syllables() -> None:
    for width in (40, 45, 50):
        found = lines("한국어를 공부합니다", width)
        assert found == ["한국어를", "공부합니다"], found


def test_no_break_spaces_and_closing_marks_keep_to_their_words() -> None:
    for width in range(30, 60, 5):
        for line in lines("Bonjour\u00a0! Ça va ? Il fait 100\u00a0km.", width):
            assert not line.startswith(("!", "?", "km")), line
            assert not line.endswith(("100", "Bonjour")), line


def test_a_word_too_wide_even_at_the_smallest_size_is_refused() -> None:
    with pytest.raises(TextDoesNotFit, match="the word 'hippopotamus' is too wide"):
        lay_out_text("a hippopotamus", (0.0, 0.0, 20.0, 100.0), max_size=5.0, min_size=5.0)


def test_places_are_counted_in_characters_whatever_their_size_in_utf_16() -> None:
    # 𠮷 (U+20BB7) is two UTF-16 units, which ICU counts in; the break before "to" is at
    # character 4 of the text.
    assert break_ranks("𠮷野家 to eat", "ja").get(4) == BETWEEN_WORDS
    # A lone surrogate is refused when the text is shaped; finding breaks does not fail on it.
    assert break_ranks("a\ud800 b", "und") == {3: BETWEEN_WORDS}
