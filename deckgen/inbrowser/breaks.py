"""Line and word breaks without ICU, for :mod:`deckgen.games.flashcards.breaks` in a browser.

``icu4py`` (ICU compiled, with its dictionaries) cannot be installed on Pyodide. In its place:

- the places a line may break are Unicode's line-breaking rules (UAX #14) as ``uniseg``
  applies them, and word boundaries are UAX #29's, also from ``uniseg``. For text with spaces
  between words (Latin, Greek, Cyrillic, Hebrew, Arabic, Devanagari …) they are ICU's: the
  flash-card tests compare them with ``icu4py`` on every message deckgen has in four languages;
- between two characters of a script written without spaces (Thai, Lao, Khmer, Myanmar,
  Chinese, Japanese), words are where the browser's own ICU finds them (``Intl.Segmenter``,
  whose dictionaries are ICU's too). Thai, Lao, Khmer and Myanmar lines break at those words, as
  ICU breaks them. Without ``Intl.Segmenter`` (outside a browser) those scripts have no word
  boundaries but UAX #29's.

What may still differ from the command line: the browser's ICU is its own version, so a word its
dictionary splits otherwise moves a break; and Japanese is not cut into phrases (ICU's
``ja@lw=phrase`` has no browser counterpart), so its lines break between any two words.

The classes answer as ``icu4py.breakers``' do: ``segments()`` gives (start, end) pairs in UTF-16
code units.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from uniseg.linebreak import LineBreak, line_break
from uniseg.linebreak import line_break_boundaries as _line_boundaries
from uniseg.wordbreak import word_boundaries as _word_boundaries

from deckgen.writing_systems import written_without_spaces


def _utf16_offsets(text: str) -> list[int]:
    """The UTF-16 offset of each Python index of ``text`` (and of its end)."""
    offsets = [0]
    for char in text:
        offsets.append(offsets[-1] + (2 if ord(char) > 0xFFFF else 1))
    return offsets


def _segments(ends: set[int], text: str) -> Iterator[tuple[int, int]]:
    """Segments ending at ``ends`` (Python indices), in UTF-16 units, as ICU gives them."""
    offsets = _utf16_offsets(text)
    start = 0
    for end in sorted(e for e in ends if 0 < e <= len(text)):
        yield offsets[start], offsets[end]
        start = end


def _without_spaces(char: str) -> bool:
    return written_without_spaces(char)


def _is_dictionary_letter(char: str) -> bool:
    """Whether ``char`` is of the scripts whose words only a dictionary finds (UAX #14's class SA)."""
    return line_break(char) == LineBreak.SA


@lru_cache(maxsize=1024)
def dictionary_words(text: str, locale: str) -> frozenset[int] | None:
    """Word ends (Python indices) of ``text`` by the browser's ICU (``Intl.Segmenter``), or ``None``
    where there is no browser."""
    try:
        import js  # type: ignore[import-not-found]
        from pyodide.ffi import to_js  # type: ignore[import-not-found]
    except ImportError:
        return None
    segmenter_class = getattr(getattr(js, "Intl", None), "Segmenter", None)
    if segmenter_class is None:
        return None
    options = to_js({"granularity": "word"}, dict_converter=js.Object.fromEntries)
    segmenter = segmenter_class.new(locale, options)
    utf16 = _utf16_offsets(text)
    index = {offset: number for number, offset in enumerate(utf16)}
    return frozenset(index[int(piece.index)] for piece in segmenter.segment(text) if int(piece.index) in index)


def word_ends(text: str, locale: str) -> set[int]:
    """Word boundaries of ``text`` (Python indices, neither 0 nor its end excluded): UAX #29's, and
    the browser's dictionary words between two characters of a script written without spaces."""
    found = set(_word_boundaries(text)) - {0}
    dictionary = dictionary_words(text, locale)
    if dictionary is None:
        return found
    inside = {p for p in range(1, len(text)) if _without_spaces(text[p - 1]) or _without_spaces(text[p])}
    return (found - inside) | (dictionary & inside) | {len(text)}


def line_ends(text: str, locale: str) -> set[int]:
    """Where a line of ``text`` may break (Python indices, its end included): UAX #14's places,
    and between two letters of Thai, Lao, Khmer or Myanmar, the dictionary's word boundaries."""
    found = set(_line_boundaries(text)) - {0}
    dictionary = dictionary_words(text, locale)
    if dictionary:
        found |= {
            p
            for p in dictionary
            if 0 < p < len(text) and _is_dictionary_letter(text[p - 1]) and _is_dictionary_letter(text[p])
        }
    return found


class LineBreaker:
    """Where a line may break, as ``icu4py.breakers.LineBreaker`` answers (see the module)."""

    def __init__(self, text: str, locale: str) -> None:
        self.text = text
        self.locale = locale.split("@")[0]

    def segments(self) -> Iterator[tuple[int, int]]:
        return _segments(line_ends(self.text, self.locale), self.text)


class WordBreaker:
    """Word boundaries, as ``icu4py.breakers.WordBreaker`` answers (see the module)."""

    def __init__(self, text: str, locale: str) -> None:
        self.text = text
        self.locale = locale.split("@")[0]

    def segments(self) -> Iterator[tuple[int, int]]:
        return _segments(word_ends(self.text, self.locale), self.text)
