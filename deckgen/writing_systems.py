"""What line breaking needs to know of the world's scripts, shared by the line breaks flash
cards use (ICU's, :mod:`deckgen.games.flashcards.breaks`) and those a browser uses instead
(:mod:`deckgen.inbrowser.breaks`)."""

from __future__ import annotations


def written_without_spaces(char: str) -> bool:
    """Whether ``char`` is of a script written without spaces between words: Thai, Lao, Khmer,
    Myanmar, Chinese and Japanese (their characters, kana and punctuation)."""
    code = ord(char)
    return (
        0x0E00 <= code <= 0x0EFF  # Thai, Lao
        or 0x1000 <= code <= 0x109F  # Myanmar
        or 0x1780 <= code <= 0x17FF  # Khmer
        or 0x2E80 <= code <= 0x303F  # radicals, CJK symbols and punctuation
        or 0x3040 <= code <= 0x30FF  # kana
        or 0x31F0 <= code <= 0x31FF
        or 0x3400 <= code <= 0x4DBF
        or 0x4E00 <= code <= 0x9FFF
        or 0xF900 <= code <= 0xFAFF
        or 0xFF00 <= code <= 0xFFEF  # full-width forms
        or 0x20000 <= code <= 0x3FFFF
    )
