"""A workbook cell as the text its spreadsheet shows: the value under the cell's number format.

A workbook stores 50 % as 0.5 and 1 March 2024 as a date; the teacher saw "50%" and
"01/03/2024" when she typed them, and that is what belongs on the card. This module applies
the formats teachers use (General, fixed decimals, thousands, percentages, currency and other
text around a number, dates and times written with numbers) with the decimal mark and thousands
separator of the language being spoken, as her spreadsheet program in that language shows them.
A format it cannot show faithfully (fractions, scientific notation, month or day names) is
refused by the caller in one line, never printed as some other text.
"""

from __future__ import annotations

import datetime
import re
from decimal import ROUND_HALF_UP, Decimal

from deckgen import i18n
from deckgen.i18n import N_, _
from deckgen.regions import class_country

#: What a spreadsheet shows for TRUE and FALSE, translated as a spreadsheet program in the
#: language writes them (WAHR, VRAI, VERDADERO).
TRUE, FALSE = N_("TRUE"), N_("FALSE")

#: Significant digits a General cell shows (a column of the usual width shows 0.333333333).
GENERAL_DIGITS = 10


class UnshownFormat(ValueError):
    """A number format this module does not show as the spreadsheet does (its text says which)."""


def cell_text(value: object, number_format: str = "General") -> str:
    """The text a cell holding ``value`` under ``number_format`` shows; raises
    :class:`UnshownFormat` for a format it cannot show faithfully."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return _(TRUE) if value else _(FALSE)
    if isinstance(value, str):
        return value
    if isinstance(value, (datetime.datetime, datetime.date, datetime.time)):
        return _date_text(value, number_format)
    if isinstance(value, datetime.timedelta):
        raise UnshownFormat(number_format)
    if isinstance(value, (int, float)):
        return _number_text(value, number_format)
    return str(value)


def _sections(number_format: str) -> list[str]:
    """The ``;``-separated sections of a format, quotes and escapes kept whole."""
    sections, current, quoted, escaped = [], "", False, False
    for ch in number_format:
        if escaped:
            current, escaped = current + ch, False
        elif ch == "\\":
            current, escaped = current + ch, True
        elif ch == '"':
            current, quoted = current + ch, not quoted
        elif ch == ";" and not quoted:
            sections.append(current)
            current = ""
        else:
            current += ch
    return [*sections, current]


_BRACKETS = re.compile(r"\[([^\]]*)\]")


def _without_brackets(section: str) -> str:
    """A section without its [Red] colours and [$-409] locales; a [$€-407] currency keeps its symbol."""

    def symbol(match: re.Match[str]) -> str:
        inside = match.group(1)
        if inside.startswith("$"):
            return '"' + inside[1:].split("-")[0] + '"'
        if re.fullmatch(r"[hms]+", inside.lower()):
            raise UnshownFormat(section)  # elapsed time ([h]:mm)
        if inside[:1] in "<>=":
            raise UnshownFormat(section)  # conditions
        return ""

    return _BRACKETS.sub(symbol, section)


def _tokens(section: str) -> list[tuple[str, str]]:
    """A section as (kind, text) tokens: ``lit`` literal text, ``code`` a format character."""
    tokens: list[tuple[str, str]] = []
    i = 0
    while i < len(section):
        ch = section[i]
        if ch == '"':
            end = section.find('"', i + 1)
            end = len(section) if end < 0 else end
            tokens.append(("lit", section[i + 1 : end]))
            i = end + 1
        elif ch == "\\" and i + 1 < len(section):
            tokens.append(("lit", section[i + 1]))
            i += 2
        elif ch == "_" and i + 1 < len(section):
            tokens.append(("lit", " "))  # room the width of the next character: a space
            i += 2
        elif ch == "*" and i + 1 < len(section):
            i += 2  # a fill to the column's width: nothing on a card
        else:
            tokens.append(("code", ch))
            i += 1
    return tokens


def _number_text(value: float, number_format: str) -> str:
    sections = _sections(number_format or "General")
    if len(sections) > 1 and value < 0:
        section, value, sign = sections[1], -value, ""
    elif len(sections) > 2 and value == 0:
        section, sign = sections[2], ""
    else:
        section, sign = sections[0], "-" if value < 0 else ""
        value = abs(value)
    section = _without_brackets(section)
    if section.strip().lower() in ("general", ""):
        return sign + _general(value)
    if section.strip() == "@":
        return sign + _general(value)
    tokens = _tokens(section)
    codes = "".join(text for kind, text in tokens if kind == "code")
    if any(c in codes for c in "?/") or "e+" in codes.lower() or "e-" in codes.lower():
        raise UnshownFormat(number_format)
    if any(c in codes.lower() for c in "ymdhs"):
        raise UnshownFormat(number_format)  # a date format on a plain number
    value *= 100 ** codes.count("%")
    digits = re.search(r"[0#]([0#,]*)(\.([0#]*))?", codes)
    if digits is None:  # text alone, such as "n/a"
        return "".join(text for kind, text in tokens if kind == "lit") or sign + _general(value)
    integer_part = codes[digits.start() : digits.end()].split(".")[0]
    places = len(digits.group(3) or "")
    digits_end = len(integer_part.rstrip(","))
    value /= 1000 ** (len(integer_part) - digits_end)  # trailing commas each divide by a thousand
    grouped = "," in integer_part[:digits_end]
    least_whole = integer_part.count("0")
    # Halves round away from zero, as a spreadsheet rounds (2.5 under "0" shows 3).
    rounded = Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-places), ROUND_HALF_UP)
    shown = f"{rounded:,.{places}f}" if grouped else f"{rounded:.{places}f}"
    whole, _dot, fraction = shown.partition(".")
    # Decimal places written # are shown only where they are not a trailing zero.
    fraction = fraction[: max((digits.group(3) or "").count("0"), len(fraction.rstrip("0")))]
    if whole.replace(",", "") == "0" and least_whole == 0:
        whole = ""
    elif least_whole > 1:
        whole = whole.rjust(least_whole + whole.count(","), "0")
    whole = whole.replace(",", i18n.THOUSANDS[i18n.language()])
    mark = "." if i18n.language() == "en" else ","
    number = whole + (mark + fraction if places else "")
    # The number stands where its digits stand among the literal text around it.
    out, placed = [], False
    for kind, text in tokens:
        if kind == "lit":
            out.append(text)
        elif text in "0#,.":
            if not placed:
                out.append(number)
                placed = True
        elif text != "%":
            out.append(text)
        else:
            out.append("%" if i18n.language() == "en" else "\u00a0%")
    return sign + "".join(out)


def _general(value: float) -> str:
    """A number as a General cell shows it: whole numbers whole, others to ten significant digits."""
    mark = "." if i18n.language() == "en" else ","
    if float(value).is_integer() and abs(value) < 10**11:
        return str(int(value))
    shown = f"{value:.{GENERAL_DIGITS}g}"
    if "e" in shown:
        mantissa, exponent = shown.split("e")
        mantissa = f"{float(mantissa):.5g}"
        shown = f"{mantissa}E{exponent[0]}{exponent[1:].lstrip('0').rjust(2, '0')}"
    return shown.replace(".", mark)


#: Excel's own date formats, which it shows as the computer's short date: built-in format 14
#: (read from the file as "mm-dd-yy") and 22 ("m/d/yy h:mm"). What a date typed into a cell gets.
SHORT_DATE_FORMATS = {"mm-dd-yy": "", "m/d/yy h:mm": " h:mm"}
#: The short date of each language's countries, as their spreadsheets show it (CLDR's order
#: and separator, with the year in full as Excel writes it) ...
SHORT_DATES = {"en": "dd/mm/yyyy", "de": "dd.mm.yyyy", "fr": "dd/mm/yyyy", "es": "dd/mm/yyyy"}
#: ... and the countries that write it otherwise.
COUNTRY_SHORT_DATES = {
    ("en", "AS"): "m/d/yyyy",
    ("en", "BI"): "m/d/yyyy",
    ("en", "CA"): "yyyy-mm-dd",
    ("en", "CH"): "dd.mm.yyyy",
    ("en", "GU"): "m/d/yyyy",
    ("en", "JP"): "yyyy/mm/dd",
    ("en", "MH"): "m/d/yyyy",
    ("en", "MP"): "m/d/yyyy",
    ("en", "MV"): "d-m-yyyy",
    ("en", "PH"): "m/d/yyyy",
    ("en", "PR"): "m/d/yyyy",
    ("en", "SE"): "yyyy-mm-dd",
    ("en", "UM"): "m/d/yyyy",
    ("en", "US"): "m/d/yyyy",
    ("en", "VI"): "m/d/yyyy",
    ("en", "ZA"): "yyyy/mm/dd",
    ("es", "CL"): "dd-mm-yyyy",
    ("es", "PA"): "mm/dd/yyyy",
    ("es", "PR"): "mm/dd/yyyy",
    ("fr", "CA"): "yyyy-mm-dd",
    ("fr", "CH"): "dd.mm.yyyy",
}


def short_date() -> str:
    """The short date of the class's language and country (``--lang``, ``--region``)."""
    spoken = i18n.language()
    return COUNTRY_SHORT_DATES.get((spoken, class_country()), SHORT_DATES[spoken])


def _date_text(value: datetime.date | datetime.time, number_format: str) -> str:
    """A date or time under a format of numbers (dd/mm/yyyy, h:mm, yyyy-mm-dd hh:mm:ss)."""
    if number_format in SHORT_DATE_FORMATS:  # the computer's own short date, not these letters
        number_format = short_date() + SHORT_DATE_FORMATS[number_format]
    section = _without_brackets(_sections(number_format or "General")[0])
    if section.strip().lower() in ("general", ""):
        section = "hh:mm:ss" if isinstance(value, datetime.time) else "yyyy-mm-dd"
    twelve = "am/pm" in section.lower()
    section = re.sub("am/pm", AM_PM, section, flags=re.IGNORECASE)
    day = value if isinstance(value, datetime.date) else None
    clock = (
        value.time() if isinstance(value, datetime.datetime) else value if isinstance(value, datetime.time) else None
    )
    # Runs of one code letter (yyyy, mm, d), and literal text between them.
    runs: list[tuple[str, str]] = []
    for kind, text in _tokens(section):
        if kind == "code" and runs and runs[-1][0] == "code" and runs[-1][1][-1].lower() == text.lower():
            runs[-1] = ("code", runs[-1][1] + text)
        else:
            runs.append((kind, text))
    letters = [text[0].lower() if kind == "code" and text[0].lower() in "ymdhs" else "" for kind, text in runs]
    out = []
    for index, (kind, text) in enumerate(runs):
        letter = letters[index]
        if kind == "lit" or not letter:
            out.append(_am_pm(clock) if text == AM_PM else text)
            continue
        before = [other for other in letters[:index] if other]
        after = [other for other in letters[index + 1 :] if other]
        minutes = letter == "m" and (before[-1:] == ["h"] or after[:1] == ["s"])
        out.append(_date_part(letter, len(text), day, clock, minutes, twelve, number_format))
    return "".join(out)


#: Stands for AM/PM in a date format while it is read.
AM_PM = "\x01"


def _am_pm(clock: datetime.time | None) -> str:
    return "AM" if clock is None or clock.hour < 12 else "PM"


def _date_part(
    letter: str,
    run: int,
    day: datetime.date | None,
    clock: datetime.time | None,
    minutes: bool,
    twelve: bool,
    number_format: str,
) -> str:
    """One run of a date format (``yyyy``, ``mm``, ``d``, ``hh``), shown in numbers."""
    if letter in "hs" or minutes:
        clock = clock or datetime.time(0, 0)
        number = {"h": clock.hour, "s": clock.second, "m": clock.minute}[letter]
        if letter == "h" and twelve:
            number = number % 12 or 12
        return f"{number:0{min(run, 2)}d}"
    if day is None or (letter in "md" and run > 2):
        raise UnshownFormat(number_format)  # a date part of a time, or month and day names
    if letter == "y":
        return f"{day.year % 100:02d}" if run <= 2 else f"{day.year:04d}"
    number = day.month if letter == "m" else day.day
    return f"{number:0{run}d}"
