"""Print settings: each game's defaults, named profiles from ``templates/profiles.toml``, and
the user's options, merged in that order and validated once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.deckfile import TEMPLATES, read_toml
from deckgen.errors import DeckgenError
from deckgen.options import MEASURES, Option, by_name, check_value, origin, read_text
from deckgen.print_options import (
    ENGRAVE,
    LASER_DEFAULTS,
    LASER_OPTIONS,
    MAX_SETS,
    PRINT_OPTIONS,
    SHARED_DEFAULTS,
)
from deckgen.units import MAX_LENGTH_MM, PAPER_SIZES, parse_size

if TYPE_CHECKING:
    from deckgen.games.base import Game

PROFILES_FILE = TEMPLATES / "profiles.toml"
BEDS_FILE = TEMPLATES / "beds.toml"
DEFAULT_BED = "bed-600x400"


@dataclass(frozen=True)
class PrintSettings:
    """How one deck is printed. Lengths in mm."""

    paper: tuple[float, float]
    margin: float
    card: tuple[float, float]
    media: str
    layout: str
    marks: str
    bleed: float
    mirror: bool
    duplex: str
    registration: bool
    sets: int
    #: Misplacement of the backs read off the calibration sheet (mm, x right, y down, seen from the front).
    back_offset: tuple[float, float] = (0.0, 0.0)
    #: "rgb" for screens and office printers, "cmyk" for print shops.
    color: str = "rgb"
    #: "separate": each set starts on a new sheet; "shared": sets follow on, the fewest sheets.
    set_sheets: str = "separate"


def profile_options() -> dict[str, Option]:
    """Every key a profile may hold: print and laser options, the games' own, and which game."""
    from deckgen.games import games

    options = [
        Option("description", "text", "What the profile is for."),
        Option("deck", "choice", "The game the profile prints.", choices=tuple(games())),
        *PRINT_OPTIONS,
        *LASER_OPTIONS,
    ]
    options += [option for game in games().values() for option in game.options if option.in_profiles]
    return by_name(options)


def load_profiles(path: Path = PROFILES_FILE) -> dict[str, dict[str, Any]]:
    """Print profiles, each checked on load: known keys, and values of the right type."""
    data = read_toml(path, "print profile file")
    for name, profile in data.items():
        if not isinstance(profile, dict):
            raise DeckgenError(f"{path}: {name} must be a [section] of options")
        known = profile_options()
        unknown = sorted(set(profile) - set(known))
        if unknown:
            allowed = ", ".join(sorted(known))
            raise DeckgenError(f"{path}: profile {name}: unknown key {unknown[0]!r}; allowed keys are {allowed}")
        for key, value in profile.items():
            check_value(known[key], value, f"{path}: profile {name}")
    return data


def profile(name: str, path: Path = PROFILES_FILE) -> dict[str, Any]:
    profiles = load_profiles(path)
    if name not in profiles:
        raise DeckgenError(
            f"unknown profile {name!r}; choose one of {', '.join(profiles)} (see templates/profiles.toml)"
        )
    return profiles[name]


@dataclass(frozen=True)
class LaserSettings:
    """How a deck is cut on a laser. Lengths in mm."""

    bed: tuple[float, float]
    margin: float
    kerf: float
    corner_radius: float
    common_line: bool
    engrave: str  # score | fill | none
    registration: bool
    #: The bed outline as a guide path (off by default: colour-sorting software may cut it).
    guide: bool = False


class Merged(dict[str, Any]):
    """Option values merged from defaults, a profile and the command line, remembering where each came from."""

    def __init__(self, defaults: dict[str, Any], profile_name: str | None) -> None:
        super().__init__(defaults)
        self.profile_name = profile_name or "chosen"
        self.sources: dict[str, str] = {}

    def take(self, values: dict[str, Any], from_profile: bool) -> None:
        for key, value in values.items():
            if key in self and (value is not None or from_profile):
                self[key] = value
                self.sources[key] = origin(key, self.profile_name if from_profile else None)

    def where(self, key: str) -> str:
        """``--paper``, ``profile shop: paper``, or ``paper`` for a default."""
        return self.sources.get(key, key)

    def read(self, option: Option) -> Any:
        """The value of a length, size or offset option, read; a mistake names where it was written."""
        try:
            return read_text(option, str(self[option.name]))
        except DeckgenError as error:
            raise DeckgenError(f"{self.where(option.name)}: {error}") from None


def resolve(
    game: Game, chosen_profile: dict[str, Any] | None, options: dict[str, Any], profile_name: str | None = None
) -> PrintSettings:
    """The game's defaults, then the profile, then the options the user typed (``None`` = not given).

    Messages name where a wrong value came from: the flag, or the profile and its key.
    """
    merged = Merged({**SHARED_DEFAULTS, **game.print_defaults}, profile_name)
    merged.take(chosen_profile or {}, from_profile=True)
    merged.take(options, from_profile=False)
    where = merged.where
    parsed = {option.name: merged.read(option) for option in PRINT_OPTIONS if option.kind in MEASURES}
    paper, card, margin, bleed = parsed["paper"], parsed["card_size"], parsed["margin"], parsed["bleed"]
    for option in PRINT_OPTIONS:
        if option.kind == "choice" and merged[option.name] not in option.choices:
            raise DeckgenError(f"{where(option.name)} {merged[option.name]!r}: use one of {', '.join(option.choices)}")
    sets = merged["sets"]
    if not isinstance(sets, int) or isinstance(sets, bool) or not 1 <= sets <= MAX_SETS:
        raise DeckgenError(f"{where('sets')} {sets!r}: a classroom kit has 1 to {MAX_SETS} sets")
    if not game.prints_on(merged["media"]) and game.clear_cards:
        raise DeckgenError(
            f"{where('media')} {merged['media']}: {game.name} cards are stacked and read through one another, "
            f"so they print on transparency film; {_instead(where('media'))}, or choose another game with --game"
        )
    noun = game.card_noun or f"{game.name} card"
    if not game.prints_on(merged["media"]) and game.backs_differ:
        raise DeckgenError(
            f"{where('media')} {merged['media']}: each {noun} carries its own back (the answer), and film is "
            "see-through, so a back cannot be printed on it and would be lost; print them on --media cardstock "
            "or paper"
        )
    if game.backs_differ and merged["duplex"] == "none":
        raise DeckgenError(
            f"{where('duplex')} none: each {noun} carries its own back (the answer), "
            "and with no backs printed it would be lost; use --duplex long-edge (a one-sided printer: print the odd "
            "pages, turn the stack over, print the even ones) or --duplex fold (each back beside its card)"
        )
    if merged["media"] == "transparency" and game.has_backs and merged["duplex"] != "none":
        if "duplex" in merged.sources:
            raise DeckgenError(
                f"{where('duplex')} {merged['duplex']}: transparency film is see-through, so a back printed on it "
                f"would show through its card; {_instead(where('duplex'))}, or print {game.name} on --media cardstock"
            )
        merged["duplex"] = "none"  # the game's default: film cards are printed on one side
    if merged["duplex"] == "fold" and merged["layout"] == "single":
        raise DeckgenError(
            f"{where('duplex')} fold prints each back beside its card, on sheets of cards, and the layout is "
            f"one card a page ({where('layout')} single); choose --layout sheet, or another --duplex"
        )
    if merged["registration"] and merged["layout"] == "single":
        raise DeckgenError(
            f"{where('registration')} needs {where('layout')} sheet: the marks go around a sheet of cards"
        )
    if merged["layout"] == "single" and max(card) + 2 * bleed > MAX_LENGTH_MM:
        raise DeckgenError(
            f"{where('card_size')}: card size with bleed is more than 200 inches, the largest page a PDF can have"
        )
    if bleed > 10:
        raise DeckgenError(f"{where('bleed')} {bleed:g} mm: use at most 10 mm (3 mm is usual)")
    if merged["layout"] == "single" and not bleed and margin > min(card) / 4:
        raise DeckgenError(
            f"{where('margin')} {margin:g} mm: on one-card pages the art keeps that far inside the card's edge, "
            f"which leaves too little of a {card[0]:g} x {card[1]:g} mm card; use a smaller margin"
        )
    if margin > min(paper) / 3:
        raise DeckgenError(f"{where('margin')} {margin:g} mm leaves too little of the page; use a smaller margin")
    return PrintSettings(
        paper=paper,
        margin=margin,
        card=card,
        media=str(merged["media"]),
        layout=str(merged["layout"]),
        marks=str(merged["marks"]),
        bleed=bleed,
        # Mirroring is for printing on the back of film: card stock in the same kit stays the right way round.
        mirror=bool(merged["mirror"]) and merged["media"] == "transparency",
        duplex=str(merged["duplex"]),
        registration=bool(merged["registration"]),
        sets=sets,
        back_offset=parsed["back_offset"],
        color=str(merged["color"]),
        set_sheets=str(merged["set_sheets"]),
    )


def _instead(where: str) -> str:
    """What to do about a value that cannot be used: leave out a flag, or choose another profile."""
    return "leave it out" if where.startswith("--") else "choose another --profile"


def load_beds(path: Path = BEDS_FILE) -> dict[str, tuple[float, float]]:
    """Laser beds, each checked on load: a size with a unit, an optional description, nothing else."""
    data = read_toml(path, "laser bed file")
    beds = {}
    for name, entry in data.items():
        if not isinstance(entry, dict) or "size" not in entry:
            raise DeckgenError(f'{path}: bed {name} needs a size, e.g. size = "600x400mm"')
        unknown = sorted(set(entry) - {"size", "description"})
        if unknown:
            raise DeckgenError(f"{path}: bed {name}: unknown key {unknown[0]!r}; a bed has a size and a description")
        for key in ("size", "description"):
            if key in entry and not isinstance(entry[key], str):
                raise DeckgenError(f"{path}: bed {name}: {key} = {entry[key]!r}: write it in quotes")
        try:
            beds[name] = parse_size(entry["size"], PAPER_SIZES, "bed size")
        except DeckgenError as error:
            raise DeckgenError(f"{path}: bed {name}: {error}") from None
    return beds


def resolve_laser(
    chosen_profile: dict[str, Any] | None,
    options: dict[str, Any],
    paper: PrintSettings,
    profile_name: str | None = None,
) -> LaserSettings:
    """Laser settings: defaults, then the profile, then the options typed."""
    merged = Merged(LASER_DEFAULTS, profile_name)
    merged.take(chosen_profile or {}, from_profile=True)
    merged.take(options, from_profile=False)
    if merged["engrave"] not in ENGRAVE:
        raise DeckgenError(f"{merged.where('engrave')} {merged['engrave']!r}: use one of {', '.join(ENGRAVE)}")
    laser = by_name(LASER_OPTIONS)
    if merged["bed"]:
        bed = merged.read(laser["bed"])
    elif merged["bed_profile"]:
        beds = load_beds()
        if merged["bed_profile"] not in beds:
            known = ", ".join(beds)
            raise DeckgenError(
                f"unknown bed profile {merged['bed_profile']!r}; choose one of {known} (templates/beds.toml)"
            )
        bed = beds[merged["bed_profile"]]
    elif paper.registration:
        bed = paper.paper  # print-and-cut: the artboard is the printed page
    else:
        bed = load_beds()[DEFAULT_BED]
    if paper.registration and bed != paper.paper:
        raise DeckgenError("with --registration the laser file must match the printed page; leave out --bed")
    return LaserSettings(
        bed=bed,
        margin=paper.margin,
        kerf=merged.read(laser["kerf"]),
        corner_radius=merged.read(laser["corner_radius"]),
        common_line=bool(merged["common_line"]),
        engrave=str(merged["engrave"]),
        registration=paper.registration,
        guide=bool(merged["guide"]),
    )
