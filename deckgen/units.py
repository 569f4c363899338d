"""Lengths: the one internal unit is the millimetre.

Everything in the core (card sizes, layout, marks) is in millimetres. Backends convert at
the very end — points for PDF (:func:`mm_to_pt`), pixels for PNG (:func:`mm_to_px`). Lengths
typed by users are parsed here, at the edge, with their unit.
"""

from __future__ import annotations

import re

from deckgen.errors import DeckgenError
from deckgen.i18n import _, decimal_g

MM_PER_INCH = 25.4
PT_PER_INCH = 72.0

#: How many millimetres one of each unit is.
UNITS: dict[str, float] = {
    "mm": 1.0,
    "cm": 10.0,
    "in": MM_PER_INCH,
    "pt": MM_PER_INCH / PT_PER_INCH,
}

#: Paper sizes, portrait, (width, height) in mm.
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "letter": (215.9, 279.4),
    "a4": (210.0, 297.0),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
    "a3": (297.0, 420.0),
}

#: Card sizes, portrait, (width, height) in mm.
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "square": (63.5, 63.5),
    "index-3x5": (76.2, 127.0),
}

#: A plain decimal number, ASCII digits only (a superscript or Arabic-Indic digit is not read as one),
#: with a decimal point or, as German, French and Spanish write it, a decimal comma (0,5mm).
_NUMBER = r"([0-9]{1,6}(?:[.,][0-9]{1,6})?|[.,][0-9]{1,6})"


def _number(text: str) -> float:
    """A number :data:`_NUMBER` matched, its decimal comma read as a point."""
    return float(text.replace(",", "."))


#: The largest length any option takes: PDF pages stop at 200 inches.
MAX_LENGTH_MM = 200 * MM_PER_INCH


def mm_to_pt(mm: float) -> float:
    return mm * PT_PER_INCH / MM_PER_INCH


def mm_to_px(mm: float, dpi: float) -> float:
    return mm * dpi / MM_PER_INCH


def parse_length(text: str) -> float:
    """``"3mm"``, ``"0.125in"``, ``"0"`` → millimetres.

    One rule for every length and size: a number takes a unit (only 0 may go without), so
    ``5`` is never read as 5 mm when 5 inches was meant, nor ``8.5x11`` as millimetres.
    """
    match = re.fullmatch(_NUMBER + r"\s*([a-z]*)", text.strip().lower())
    if not match:
        raise DeckgenError(
            _("length {text}: write a number with a unit, e.g. 3mm, 0.125in or 9pt").format(text=repr(text))
        )
    unit = match.group(2)
    if not unit:
        if _number(match.group(1)) == 0:
            return 0.0
        raise DeckgenError(
            _("length {text}: add a unit, e.g. {number}mm or {number}in").format(text=repr(text), number=text.strip())
        )
    if unit not in UNITS:
        raise DeckgenError(
            _("length {text}: unknown unit {unit}; use one of {units}").format(
                text=repr(text), unit=repr(unit), units=", ".join(UNITS)
            )
        )
    length = _number(match.group(1)) * UNITS[unit]
    if length > MAX_LENGTH_MM:
        raise DeckgenError(
            _("length {text}: more than 200 inches (5080 mm), the largest page a PDF can have").format(text=repr(text))
        )
    return length


#: The largest back offset the calibration sheet reads (mm, each way).
MAX_BACK_OFFSET = 5.0


def parse_offset(text: str) -> tuple[float, float]:
    """``"0.8mm,-1.5mm"`` → (0.8, -1.5) mm: a back offset read off the calibration sheet.

    DX and DY are apart by a semicolon, or by a comma that is not between two digits: a comma
    between digits is a decimal comma, so ``0,8mm;-1,5mm`` and ``0,8mm,-1,5mm`` read as the first.
    """
    parts = text.split(";") if ";" in text else re.split(r"(?<![0-9]),|,(?![0-9])", text)
    if len(parts) == 1 and re.fullmatch(r"\s*[+-]?[0-9]*[.,]?[0-9]+\s*[a-z]*\s*", text.lower()):
        if _number(re.sub(r"[^0-9.,]", "", text) or "0") == 0:
            return 0.0, 0.0  # nought, whichever way "0,0" is read
        raise DeckgenError(
            _("back offset {text}: give both DX and DY, e.g. {example}").format(
                text=repr(text), example=offset_example()
            )
        )
    if len(parts) != 2:
        raise DeckgenError(
            _("back offset {text}: write DX and DY with units, e.g. {example}").format(
                text=repr(text), example=offset_example()
            )
        )
    values = []
    for part in parts:
        part = part.strip()
        match = re.fullmatch(r"([+-]?)([^+-].*)", part)
        if not match:
            raise DeckgenError(
                _("back offset {text}: {part} has more than one sign; write e.g. -1mm or 1mm").format(
                    text=repr(text), part=repr(part)
                )
            )
        sign = -1.0 if match.group(1) == "-" else 1.0
        length = parse_length(match.group(2))
        if length > MAX_BACK_OFFSET:
            raise DeckgenError(
                _(
                    "back offset {text}: {part} is more than the {most} mm the calibration sheet measures; check "
                    "the reading, or the printer's paper guides"
                ).format(text=repr(text), part=part, most=decimal_g(MAX_BACK_OFFSET))
            )
        values.append(sign * length)
    return values[0], values[1]


def offset_example() -> str:
    """An offset as the language being spoken writes it: 0.5mm,-1mm, or with a decimal comma 0,5mm;-1mm."""
    half = decimal_g(0.5)
    return f"{half}mm;-1mm" if "," in half else f"{half}mm,-1mm"


def parse_size(text: str, named: dict[str, tuple[float, float]], what: str) -> tuple[float, float]:
    """A named size (``letter``) or ``WxH`` with a unit (``8.5x11in``, ``210x297mm``) → mm."""
    key = text.strip().lower()
    if key in named:
        return named[key]
    match = re.fullmatch(_NUMBER + r"\s*x\s*" + _NUMBER + r"\s*([a-z]*)", key)
    if not match:
        raise DeckgenError(
            _("{what} {text}: use one of {sizes} or WxH with a unit, e.g. 8.5x11in or 210x297mm").format(
                what=what, text=repr(text), sizes=", ".join(named)
            )
        )
    unit = match.group(3)
    if not unit:
        raise DeckgenError(
            _("{what} {text}: add a unit, e.g. {size}mm or {size}in").format(what=what, text=repr(text), size=text)
        )
    if unit not in UNITS:
        raise DeckgenError(
            _("{what} {text}: unknown unit {unit}; use one of {units}").format(
                what=what, text=repr(text), unit=repr(unit), units=", ".join(UNITS)
            )
        )
    width, height = _number(match.group(1)) * UNITS[unit], _number(match.group(2)) * UNITS[unit]
    if width <= 0 or height <= 0:
        raise DeckgenError(_("{what} {text}: width and height must be more than 0").format(what=what, text=repr(text)))
    if max(width, height) > MAX_LENGTH_MM:
        raise DeckgenError(
            _("{what} {text}: more than 200 inches (5080 mm) a side, the largest page a PDF can have").format(
                what=what, text=repr(text)
            )
        )
    return width, height
