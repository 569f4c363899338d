"""Languages: the page in English, Spanish, French and German, with gettext catalogues.

Strings are written in English in the code, marked with :func:`_` (translated where they are
used) or :func:`N_` (kept as written, translated later, for texts defined at import time).
Babel extracts them into ``deckgen/locale/deckgen.pot`` and compiles each language's ``.po``
into the ``.mo`` read here (``make translations``); a string with no translation stays English.

The language is a context variable, so each of the page's requests (each in its own thread)
speaks its own visitor's language: :func:`speaking` sets it for a block of code.
"""

from __future__ import annotations

import gettext
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import resources

#: The languages deckgen speaks, each named in itself.
LANGUAGES = {"en": "English", "es": "Español", "fr": "Français", "de": "Deutsch"}
#: The signs for times and divide a country's primary schools usually write: German schools
#: ``7 · 8`` and ``56 : 8``, French and Spanish ones ``7 × 8`` and ``56 : 8``.
USUAL_SIGNS = {"en": "×÷", "es": "×:", "fr": "×:", "de": "·:"}
DOMAIN = "deckgen"
#: The environment variable that sets --lang for every command (a teacher sets it once).
LANGUAGE_VARIABLE = "DECKGEN_LANG"

_language: ContextVar[str] = ContextVar("deckgen_language", default="en")


@cache
def catalogue(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English: none, the strings as written)."""
    if language == "en" or language not in LANGUAGES:
        return gettext.NullTranslations()
    compiled = resources.files("deckgen.locale").joinpath(language, "LC_MESSAGES", f"{DOMAIN}.mo")
    with compiled.open("rb") as stream:
        return gettext.GNUTranslations(stream)


def _(message: str) -> str:
    """``message`` in the language being spoken (as written, where it has no translation; the
    empty string stays empty, where gettext would give the catalogue's header)."""
    return catalogue(_language.get()).gettext(message) if message else message


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count`` in the language being spoken, its fields not yet
    filled (for a sentence with fields besides the count; :func:`counted` fills the count alone)."""
    return catalogue(_language.get()).ngettext(singular, plural, count)


def counted(singular: str, plural: str, count: int) -> str:
    """``count`` things in the language being spoken: the singular or plural form (each with a
    ``{count}`` placeholder, as ``"{count} sheet"``), the number written as the language writes it."""
    return ngettext(singular, plural, count).format(count=number(count))


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; :func:`_` translates it where used."""
    return message


#: How each language writes a thousands separator (1,000; 1.000; 1 000 with a narrow space).
THOUSANDS = {"en": ",", "es": ".", "fr": "\u202f", "de": "."}


def number(count: int) -> str:
    """A whole number as the language being spoken writes it (1,234; 1.234; 1 234)."""
    return f"{count:,}".replace(",", THOUSANDS[_language.get()])


def percent(share: float, places: int = 0) -> str:
    """A share as a percentage, whole or to ``places`` decimals, as the language being spoken
    writes it (92%, 92 %; 92.2%, 92,2 %)."""
    shown = f"{share:.{places}%}"
    if places and _language.get() != "en":
        shown = shown.replace(".", ",")
    return shown if _language.get() == "en" else shown.replace("%", "\u00a0%")


def decimal(value: float, places: int = 1) -> str:
    """A number to one decimal place (or ``places``), with the language's decimal mark (9.0; 9,0)."""
    shown = f"{value:.{places}f}"
    return shown if _language.get() == "en" else shown.replace(".", ",")


def decimal_g(value: float) -> str:
    """A measure as short as it goes (3, 0.5, 63.5), with the language's decimal mark (0,5)."""
    shown = f"{value:g}"
    return shown if _language.get() == "en" else shown.replace(".", ",")


def joined(items: Sequence[str]) -> str:
    """ "A", "A and B", "A, B and C", in the language being spoken."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])


def first_upper(text: str) -> str:
    """``text`` with its first letter a capital (and the rest as they are: "Grün und Gelb")."""
    return text[:1].upper() + text[1:]


def either(items: Sequence[str]) -> str:
    """ "A", "A or B", "A, B or C", in the language being spoken."""
    if len(items) < 2:
        return "".join(items)
    return _("{items} or {last}").format(items=", ".join(items[:-1]), last=items[-1])


def language() -> str:
    """The language being spoken."""
    return _language.get()


@contextmanager
def speaking(chosen: str) -> Iterator[None]:
    """Speak ``chosen`` (a key of :data:`LANGUAGES`) inside the block."""
    token = _language.set(chosen if chosen in LANGUAGES else "en")
    try:
        yield
    finally:
        _language.reset(token)


def speak(chosen: str) -> None:
    """Speak ``chosen`` from here on in this thread (a request of the page, which serves one
    request at a time in its thread: each sets it first)."""
    _language.set(chosen if chosen in LANGUAGES else "en")


def accept_language_tags(header: str) -> list[str]:
    """The language tags of a browser's Accept-Language header (``de-DE,de;q=0.9,en;q=0.8``),
    most wanted first (by their ``q``, then in the order written), leaving out those it refuses
    (``q=0``); at most the first 20 are read."""
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(header.split(",")[:20]):
        tag, _sep, weight = part.strip().partition(";")
        quality = 1.0
        if weight.strip().startswith("q="):
            try:
                quality = float(weight.strip()[2:])
            except ValueError:
                quality = 0.0
        if quality > 0 and tag.strip():
            ranked.append((-quality, order, tag.strip()))
    return [tag for _quality, _order, tag in sorted(ranked)]


def from_accept_language(header: str, fallback: str = "en") -> str:
    """The visitor's language from a browser's Accept-Language header (``de-DE,de;q=0.9,en;q=0.8``):
    the one it prefers most of those deckgen speaks, else ``fallback`` (``serve --lang``)."""
    for tag in accept_language_tags(header):
        base = tag.lower().split("-")[0]
        if base in LANGUAGES:
            return base
    return fallback if fallback in LANGUAGES else "en"
