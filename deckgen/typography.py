"""Spaces that must not break a line, as each language's typesetting puts them.

A measure is one thing on the page: "88,9 mm" broken into "88,9" at the end of a line and "mm"
at the start of the next reads as two. French also sets a narrow no-break space before ``;``,
``:``, ``!`` and ``?`` and inside « », so that the sign never starts a line. The translations
are written with ordinary spaces (as translators type them); these functions set the ties
where the text is typeset, so that every sentence gets them, the joined ones too.

Pure text in, text out: the typesetting backends decide how to draw the spaces.
"""

from __future__ import annotations

import re

NO_BREAK = "\u00a0"
NARROW_NO_BREAK = "\u202f"

#: Units written after a number: the space before them never breaks. ``X mm`` and ``Y mm`` are
#: measures too (the back offset read off the calibration sheet).
_UNIT = re.compile(r"(?<=[\dXY])[ \u202f](?=(?:mm|cm|in|pt|dpi|px|g/m²|lb|%)(?![\w/]))")
#: A French ``;`` ``:`` ``!`` or ``?`` after a word (a letter, a closing parenthesis or guillemet,
#: a per cent sign), with or without a space before it, and followed by a space or the end of the
#: text or a tag. A colon between two numbers or after an operation sign is a divide sign
#: ("56 : 8", "(+ − × :)") and stays as it is; ``&amp;`` and other entities are skipped whole.
_FRENCH_SIGN = re.compile(r"(&#?\w+;)|(?:(?<=[^\W\d_])|(?<=[)»%]))[ \u00a0\u202f]?([;:!?])(?=[\s<]|$)")
_FRENCH_OPEN = re.compile(r"«[ \u00a0\u202f]?")
_FRENCH_CLOSE = re.compile(r"[ \u00a0\u202f]?»")


def tie_units(text: str) -> str:
    """``text`` with a no-break space between every number and its unit ("88,9 mm", "100 %")."""
    return _UNIT.sub(NO_BREAK, text)


def french_spacing(text: str) -> str:
    """``text`` with the narrow no-break space French puts before ``; : ! ?`` and inside « »."""

    def sign(match: re.Match[str]) -> str:
        return match.group(1) or NARROW_NO_BREAK + match.group(2)

    text = _FRENCH_SIGN.sub(sign, text)
    text = _FRENCH_OPEN.sub("«" + NARROW_NO_BREAK, text)
    return _FRENCH_CLOSE.sub(NARROW_NO_BREAK + "»", text)


def typeset(text: str, language: str) -> str:
    """``text`` with the no-break spaces of ``language`` (a key of :data:`deckgen.i18n.LANGUAGES`)."""
    text = tie_units(text)
    return french_spacing(text) if language == "fr" else text
