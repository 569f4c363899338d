"""Options, each defined once: name, kind, allowed values, default and help.

The command line makes its click options from these definitions, and print profiles are
checked against the same ones, so a value is spelled, checked and explained the same way
whether it was typed as ``--kerf 0.2mm`` or written as ``kerf = "0.2mm"`` in a profile.
This module knows nothing of click.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.i18n import N_, _
from deckgen.units import parse_length, parse_offset

#: What a value may be: text, a length with a unit, a size (named or WxH), an offset (DX,DY),
#: one of ``choices``, a flag (true/false), or a whole number from ``low`` to ``high``.
KINDS = ("text", "length", "size", "offset", "choice", "flag", "number")

#: Option values by name, as the user gave them: typed on the command line or the page
#: (``None``: not given) or written in a print profile. Text, numbers, flags, or a tuple for
#: an option given more than once; each layer reads the names it owns and checks the values
#: (print and laser options become :class:`~deckgen.printing.PrintSettings` and
#: :class:`~deckgen.printing.LaserSettings`, a game's own go to the game).
OptionValues = Mapping[str, object]


@dataclass(frozen=True)
class Option:
    """One option of deckgen: ``name`` is its key in profiles; the flag is ``--name`` with dashes."""

    name: str
    kind: str
    help: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    #: A flag shown as ``--name/--no-name`` (``False``: a plain ``--name`` switch).
    negatable: bool = True
    metavar: str | None = None
    #: May be set in a print profile.
    in_profiles: bool = True
    #: For a size: the named sizes it takes ("paper" or "card", see :mod:`deckgen.units`).
    sizes: str = "paper"
    #: The commands that take it (a game's options: ``build``, and ``verify`` and ``export`` for
    #: those that change the deck itself).
    commands: tuple[str, ...] = ("build",)
    #: May be given more than once (``--front Hanzi --front Pinyin``): its value is a tuple.
    multiple: bool = False
    #: Shown on the web page (a file on the computer that runs the page, such as a font, is not).
    on_page: bool = True
    #: The kinds of file it shapes, for a game's option that shapes only some (``("svg",)``: the
    #: laser files); empty: every kind. Typed for a build that makes none of them, it is refused,
    #: and the page shows it only where the choices make one of them.
    formats: tuple[str, ...] = ()
    #: How the page names it (marked for translation); "": made from its name.
    label: str = ""
    #: It chooses the deck of the games that take it (a preset), so given without ``--game`` the
    #: build makes only those games' decks.
    picks_game: bool = False
    #: Its values name columns of the deck file by their headings: the page offers the headings
    #: of the file uploaded, to tick (in the file's order).
    columns: bool = False
    #: Its value is a file of one of these kinds (``.ttf``): the page takes it as an upload.
    upload: tuple[str, ...] = ()
    #: Where it is not given, its value is the one the class's schools usually use, from the
    #: language and the class's country (:mod:`deckgen.regions`): the signs for times and divide.
    regional_default: Callable[[str, str], object] | None = None
    #: A laser file's line it adds is scored or engraved: with ``--engrave none`` it would add
    #: nothing, so a flag given then is refused.
    engraved: bool = False

    @property
    def flag(self) -> str:
        return "--" + self.name.replace("_", "-")


#: The kinds written as text with units, read by :func:`read_text`.
MEASURES = ("length", "size", "offset")
#: How a message names a size option's value ("paper 'a5x': ..."), in the language spoken.
SIZE_WORDS = {"paper": N_("paper"), "card_size": N_("card size"), "bed": N_("bed")}


def read_text(option: Option, text: str) -> Any:
    """A length (mm), a size ((w, h) mm) or an offset ((dx, dy) mm) as written.

    The one reading of these, wherever the value was written: the command line checks a
    flag with it as it is typed, profiles are checked with it on load, and the settings are
    worked out with it. Lengths are never negative (margins, bleed, kerf, corners).
    """
    from deckgen.units import CARD_SIZES, PAPER_SIZES, parse_size

    if option.kind == "length":
        if text.strip().startswith("-"):
            raise DeckgenError(_("{text}: must not be negative").format(text=text.strip()))
        return parse_length(text)
    if option.kind == "offset":
        return parse_offset(text)
    if option.kind == "size":
        sizes = CARD_SIZES if option.sizes == "card" else PAPER_SIZES
        what = SIZE_WORDS.get(option.name)
        return parse_size(text, sizes, _(what) if what else option.name.replace("_", " "))
    raise ValueError(f"{option.name} is not a length, size or offset")


def read_number(text: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high`` as typed: the digits 0-9 and nothing else (spaces
    around it aside). The one reading of a number typed on the command line or the page, so
    both take ``2`` and both refuse ``２``, ``٢``, ``+2`` or ``2_0``, which Python's ``int()``
    would read as 2 or 20."""
    digits = text.strip()
    if digits.isascii() and digits.isdigit():
        significant = digits.lstrip("0") or "0"
        if len(significant) <= len(str(high)) and low <= int(significant) <= high:
            return int(significant)
    shown = digits if len(digits) <= 40 else digits[:37] + "..."
    raise DeckgenError(
        _("{value}: write a whole number from {low} to {high}, in the digits 0-9").format(
            value=repr(shown), low=low, high=high
        )
    )


def origin(option: Option | str, profile: str | None = None) -> str:
    """Where a value came from, as a message names it: ``--kerf`` or ``profile shop: kerf``."""
    name = option.name if isinstance(option, Option) else option
    if profile is not None:
        return _("profile {profile}: {name}").format(profile=profile, name=name)
    return "--" + name.replace("_", "-")


def check_value(option: Option, value: object, where: str) -> None:
    """One line naming ``where`` and the option when a profile value has the wrong type or form."""
    key = option.name
    if option.kind == "choice":
        if value not in option.choices:
            raise DeckgenError(
                _("{where}: {key} = {value}: use one of {choices}").format(
                    where=where, key=key, value=repr(value), choices=", ".join(repr(k) for k in option.choices)
                )
            )
        return
    if option.kind == "flag" and not isinstance(value, bool):
        raise DeckgenError(
            _("{where}: {key} = {value}: write true or false, without quotes").format(
                where=where, key=key, value=repr(value)
            )
        )
    if option.kind == "number" and (
        not isinstance(value, int) or isinstance(value, bool) or not option.low <= value <= option.high
    ):
        raise DeckgenError(
            _("{where}: {key} = {value}: a whole number from {low} to {high}, without quotes").format(
                where=where, key=key, value=repr(value), low=option.low, high=option.high
            )
        )
    if option.kind in ("text", "length", "size", "offset") and not isinstance(value, str):
        example = {"text": '"…"', "length": '"5mm"', "size": '"letter" or "210x297mm"', "offset": '"0.5mm,-1mm"'}[
            option.kind
        ]
        raise DeckgenError(
            _("{where}: {key} = {value}: write it in quotes, e.g. {key} = {example}").format(
                where=where, key=key, value=repr(value), example=example
            )
        )
    if option.kind in ("length", "offset"):
        try:
            read_text(option, str(value))
        except DeckgenError as error:
            raise DeckgenError(_("{where}: {key}: {error}").format(where=where, key=key, error=error)) from None


def by_name(options: tuple[Option, ...] | list[Option]) -> dict[str, Option]:
    return {option.name: option for option in options}


def defaults_given(values: OptionValues) -> dict[str, object]:
    """Only the options the user gave (click passes ``None`` for the rest)."""
    return {key: value for key, value in values.items() if value is not None}


# -- reading values into a layer's own typed options ------------------------------------------


def given_text(values: OptionValues, name: str) -> str | None:
    """The value of a text option (``None``: not given). A value of another type is deckgen's
    own fault (the command line and the page give text), so it raises :class:`TypeError`."""
    value = values.get(name)
    if value is None or isinstance(value, str):
        return value
    raise TypeError(f"option {name}: {value!r} is not text")


def given_number(values: OptionValues, name: str) -> int | None:
    """The value of a whole-number option (``None``: not given); see :func:`given_text`."""
    value = values.get(name)
    if value is None or (isinstance(value, int) and not isinstance(value, bool)):
        return value
    raise TypeError(f"option {name}: {value!r} is not a whole number")


def given_flag(values: OptionValues, name: str) -> bool:
    """Whether a flag is on (not given: off)."""
    return bool(values.get(name))


def given_texts(values: OptionValues, name: str) -> tuple[str, ...]:
    """The values of an option given any number of times (``--front Hanzi --front Pinyin``), or
    of one given once as text (the page's field): none when not given."""
    value = values.get(name)
    if not value:
        return ()
    if isinstance(value, str):
        return (value,)
    if isinstance(value, (tuple, list)) and all(isinstance(each, str) for each in value):
        return tuple(value)
    raise TypeError(f"option {name}: {value!r} is not text")
