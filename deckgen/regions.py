"""Where a class is: its country sets the paper its school prints on and the signs it writes.

The language alone does not: French is spoken in France, which prints on A4 and divides with
``:``, and in Quebec, which prints on US Letter and writes ``×`` and ``÷`` (the signs its
ministry's *Progression des apprentissages* lists for primary school); Spanish in Spain (A4,
``:``) and in Mexico (Letter, ``÷``). A region is a country's two-letter code (``CA``), or a
language and a country as browsers and computers write them (``fr-CA``). Given only a
language, a class is taken to be in that language's home country: ``en`` in the United States,
``es`` in Spain, ``fr`` in France, ``de`` in Germany. A paper or signs given outright win.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from deckgen.errors import DeckgenError
from deckgen.i18n import LANGUAGES, N_, USUAL_SIGNS, _, accept_language_tags, language

#: The environment variable that sets --region for every command.
REGION_VARIABLE = "DECKGEN_REGION"
#: The country a language's classes are taken to be in when no region is given.
HOME_COUNTRY = {"en": "US", "es": "ES", "fr": "FR", "de": "DE"}
#: The countries whose schools print on US Letter (the Unicode CLDR's paper sizes by
#: territory); every other country prints on A4.
LETTER_COUNTRIES = frozenset("BZ CA CL CO CR GT MX NI PA PH PR SV US VE".split())
#: Where a country's schools teaching in a language write other signs for times and divide
#: than the language's home country (:data:`~deckgen.i18n.USUAL_SIGNS`): Quebec's × and ÷, not
#: France's × and :, and Mexico's and the United States' Spanish-speaking classes' × and ÷.
COUNTRY_SIGNS = {("fr", "CA"): "×÷", ("es", "MX"): "×÷", ("es", "US"): "×÷"}
#: Every country and territory a region may name: the Unicode CLDR's territories of two letters
#: (as Babel lists them), without its groupings (EU, EZ, UN) and private-use codes (QO, XA, XB,
#: ZZ). A language written alone (``--region en``) is no country: it is refused in one line rather
#: than printed on the wrong paper.
COUNTRIES = frozenset(
    "AC AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO "
    "BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CP CQ CR CU CV CW CX CY CZ DE "
    "DG DJ DK DM DO DZ EA EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM "
    "GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU IC ID IE IL IM IN IO IQ IR IS IT JE JM JO JP "
    "KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK "
    "ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE "
    "PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM "
    "SN SO SR SS ST SV SX SY SZ TA TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US "
    "UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW".split()
)
#: Codes people write for a country whose code is another: the United Kingdom is GB.
COUNTRY_ALIASES = {"UK": "GB"}
#: The countries the page lists by name (a visitor from elsewhere sees their country's code).
NAMED_COUNTRIES = {
    "AR": N_("Argentina"),
    "AT": N_("Austria"),
    "AU": N_("Australia"),
    "BE": N_("Belgium"),
    "CA": N_("Canada"),
    "CH": N_("Switzerland"),
    "CL": N_("Chile"),
    "CO": N_("Colombia"),
    "DE": N_("Germany"),
    "ES": N_("Spain"),
    "FR": N_("France"),
    "GB": N_("United Kingdom"),
    "IE": N_("Ireland"),
    "LU": N_("Luxembourg"),
    "MX": N_("Mexico"),
    "NZ": N_("New Zealand"),
    "PE": N_("Peru"),
    "US": N_("United States"),
}

_REGION = re.compile(r"(?:(?P<language>[a-z]{2,3})[-_])?(?P<country>[a-z]{2})")


def read_region(text: str) -> tuple[str | None, str]:
    """The language (``None`` where not named, or not one deckgen speaks) and the country of a
    region as written: ``CA`` → (None, "CA"), ``fr-CA`` or ``fr_CA`` → ("fr", "CA")."""
    match = _REGION.fullmatch(text.strip().lower()) if text.isascii() else None
    if match is None:
        raise DeckgenError(
            _(
                "region {text}: write a country's two-letter code (DE, FR, CA, MX), or a language and a "
                "country (fr-CA, es-MX)"
            ).format(text=repr(text))
        )
    language = match.group("language")
    country = known_country(match.group("country"))
    if not country:
        raise DeckgenError(
            _(
                "region {text}: {country} is no country's code; write a country's two-letter code (DE, FR, "
                "CA, MX, GB), or a language and a country (fr-CA, es-MX)"
            ).format(text=repr(text), country=match.group("country").upper())
        )
    return (language if language in LANGUAGES else None), country


def known_country(code: str) -> str:
    """``code`` as a country deckgen knows (``uk`` → GB), or "" where it names none."""
    country = COUNTRY_ALIASES.get(code.upper(), code.upper())
    return country if country in COUNTRIES else ""


def country_for(language: str, region: str | None) -> str:
    """The class's country: the one given, else the language's home country."""
    return region or HOME_COUNTRY.get(language, HOME_COUNTRY["en"])


#: The class's country as ``--region`` or the page gave it (``None``: the language's home).
_region: ContextVar[str | None] = ContextVar("deckgen_region", default=None)


def live_in(region: str | None) -> None:
    """Take ``region`` as the class's country from here on (a command's ``--region``; a page's
    request, which sets it first as it sets the language)."""
    _region.set(region)


@contextmanager
def living_in(region: str | None) -> Iterator[None]:
    """Take ``region`` as the class's country inside the block."""
    token = _region.set(region)
    try:
        yield
    finally:
        _region.reset(token)


def class_country() -> str:
    """The class's country now: the one given to :func:`live_in`, else the language's home."""
    return country_for(language(), _region.get())


def usual_paper(country: str) -> str:
    """The paper a country's schools print on: ``letter`` or ``a4``."""
    return "letter" if country in LETTER_COUNTRIES else "a4"


def usual_signs(language: str, country: str) -> str:
    """The signs for times and divide a country's schools teaching in ``language`` write (``×÷``, ``·:`` …)."""
    return COUNTRY_SIGNS.get((language, country), USUAL_SIGNS.get(language, USUAL_SIGNS["en"]))


def country_name(country: str) -> str:
    """A country as the page names it, in the language being spoken (its code, if not listed)."""
    named = NAMED_COUNTRIES.get(country)
    return _(named) if named else country


def country_from_accept_language(header: str, language: str, fallback: str | None = None) -> str | None:
    """The visitor's country from a browser's Accept-Language header (``fr-CA,fr;q=0.9,en;q=0.8``):
    that of the first tag, by the browser's preference, in the page's ``language`` that names
    one; else ``fallback`` (``serve --region``), else ``None`` (the language's home)."""
    for tag in accept_language_tags(header):
        pieces = tag.replace("_", "-").split("-")
        # The country is the subtag of two letters after the language (a script, Hant, comes between).
        countries = [known_country(piece) for piece in pieces[1:] if len(piece) == 2 and known_country(piece)]
        if pieces[0].lower() == language and countries:
            return countries[0]
    return fallback
