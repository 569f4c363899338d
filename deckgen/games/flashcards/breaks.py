"""Where a line of card text may break, and how good a place each is.

Lines break where Unicode's line-breaking rules (UAX #14) allow it, as ICU applies them (through
``icu4py``, which bundles ICU with its dictionaries): after a space but never before ``!`` or a
closing bracket, never at a no-break space, and, in the languages written without spaces between
words, between words that ICU's dictionaries find: Thai (``ภาษา|ไทย``), Chinese (``我|喜欢|学习``)
and Japanese, which ICU cuts into phrases (``日本語を|勉強します。``). UAX #14 also lets Chinese and
Japanese break between any two characters, Korean between syllables, and any text after a
hyphen or a slash; those places are kept for when nothing better is there.

Each place is ranked, the lower the better (see :data:`BETWEEN_WORDS`, :data:`INSIDE_PHRASE`
and :data:`INSIDE_WORD`); the wrapping in :mod:`deckgen.games.flashcards.text` breaks a line at
the best place it can. The same text and language always give the same places: ICU's rules and
dictionaries come with the package, not from the computer. In a browser, where icu4py cannot be
installed, :mod:`deckgen.inbrowser.breaks` stands in (ICU's places for text with spaces between
words; see there for Thai, Chinese and Japanese).
"""

from __future__ import annotations

from functools import lru_cache

from deckgen.writing_systems import written_without_spaces

try:
    from icu4py.breakers import LineBreaker, WordBreaker
except ImportError:  # in a browser (Pyodide): UAX #14 and #29, and the browser's dictionaries
    from deckgen.inbrowser.breaks import LineBreaker, WordBreaker  # type: ignore[assignment]

#: A break between words: after a space, or where a dictionary puts a word boundary in text
#: written without spaces (Thai, Chinese), or between phrases in Japanese.
BETWEEN_WORDS = 0
#: A break between two words with no space between them inside one unit: after a hyphen or a
#: slash (``well-|known``), or between two words of one Japanese phrase (``日本語|を``). Taken
#: when no break between words is on the line.
INSIDE_PHRASE = 1
#: A break inside a word, which Unicode allows (a Chinese word's two characters, a Korean word's
#: syllables): taken only when a word is too wide for the card by itself.
INSIDE_WORD = 2

#: The ICU locale for each language the fonts are told (see :func:`deckgen.games.flashcards.system_fonts.language_of`).
_LOCALES = {"ja": "ja", "zh": "zh", "ko": "ko"}
#: ICU's Japanese phrase breaking (ICU 73 and later).
_JAPANESE_PHRASES = "ja@lw=phrase"


def break_ranks(text: str, language: str) -> dict[int, int]:
    """Each place ``text`` may break (an index into it, neither 0 nor its end) with its rank.

    ``language`` is a BCP 47 tag (``ja``, ``zh-cn``, ``und`` …): Japanese is broken into phrases.
    """
    return dict(_break_ranks(text, language.split("-")[0].lower()))


@lru_cache(maxsize=8192)
def _break_ranks(text: str, language: str) -> tuple[tuple[int, int], ...]:
    if len(text) < 2:
        return ()
    locale = _LOCALES.get(language, "en")
    index = _python_indices(text)
    # A lone surrogate (which no font draws, and is refused when the text is shaped) cannot be
    # handed to ICU: it stands in as U+FFFD, one UTF-16 unit as it is.
    known = "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)
    allowed = _ends(LineBreaker(known, locale), index)
    words = _ends(WordBreaker(known, locale), index)
    phrases = _ends(LineBreaker(known, _JAPANESE_PHRASES), index) if language == "ja" else None
    ranks = []
    for place in sorted(allowed):
        if not 0 < place < len(text):
            continue
        before, after = text[place - 1], text[place]
        if before.isspace():
            rank = BETWEEN_WORDS
        elif place not in words:
            rank = INSIDE_WORD
        elif not (written_without_spaces(before) or written_without_spaces(after)):
            rank = INSIDE_PHRASE  # a hyphen, a slash
        elif phrases is not None:
            rank = BETWEEN_WORDS if place in phrases else INSIDE_PHRASE
        else:
            rank = BETWEEN_WORDS
        ranks.append((place, rank))
    return tuple(ranks)


def _python_indices(text: str) -> dict[int, int]:
    """Python index of each UTF-16 offset that starts a character (ICU counts in UTF-16 units)."""
    found = {}
    offset = 0
    for number, char in enumerate(text):
        found[offset] = number
        offset += 2 if ord(char) > 0xFFFF else 1
    found[offset] = len(text)
    return found


def _ends(breaker: LineBreaker | WordBreaker, index: dict[int, int]) -> set[int]:
    return {index[end] for _, end in breaker.segments() if end in index}
