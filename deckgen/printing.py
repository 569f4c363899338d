"""Print settings: per-deck defaults, named profiles from ``templates/profiles.toml``, and the
user's options, merged in that order and validated once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckgen.deckfile import TEMPLATES, read_toml
from deckgen.errors import DeckgenError
from deckgen.layout.laser import LaserSettings
from deckgen.units import CARD_SIZES, MAX_LENGTH_MM, PAPER_SIZES, parse_length, parse_offset, parse_size

PROFILES_FILE = TEMPLATES / "profiles.toml"
BEDS_FILE = TEMPLATES / "beds.toml"
DEFAULT_BED = "bed-600x400"
ENGRAVE = ("score", "fill", "none")

MEDIA = ("transparency", "cardstock", "paper")
LAYOUTS = ("sheet", "single")
MARKS = ("crop", "lines", "none")
DUPLEX = ("long-edge", "short-edge", "fold", "none")
MAX_SETS = 200

#: What each deck is printed on when nothing else is said.
DECK_DEFAULTS: dict[str, dict[str, Any]] = {
    "cleariosity": {
        "paper": "letter",
        "margin": "5mm",
        "card_size": "poker",
        "media": "transparency",
        "layout": "sheet",
        "marks": "crop",
        "bleed": "0mm",
        "mirror": False,
        "duplex": "none",
        "registration": False,
        "sets": 1,
        "back_offset": "0mm,0mm",
        "color": "rgb",
    },
    "treenex": {
        "paper": "letter",
        "margin": "5mm",
        "card_size": "index-3x5",
        "media": "cardstock",
        "layout": "sheet",
        "marks": "crop",
        "bleed": "0mm",
        "mirror": False,
        "duplex": "long-edge",
        "registration": False,
        "sets": 1,
        "back_offset": "0mm,0mm",
        "color": "rgb",
    },
}
LASER_DEFAULTS: dict[str, Any] = {
    "bed": None,
    "bed_profile": None,
    "kerf": "0mm",
    "corner_radius": "0mm",
    "common_line": True,
    "engrave": "score",
    "guide": False,
    "frame": False,
}
PROFILE_KEYS = {"description", "deck", *DECK_DEFAULTS["cleariosity"], *LASER_DEFAULTS}


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
    grid_ticks: bool = False
    #: Misplacement of the backs read off the calibration sheet (mm, x right, y down, seen from the front).
    back_offset: tuple[float, float] = (0.0, 0.0)
    #: "rgb" for screens and office printers, "cmyk" for print shops.
    color: str = "rgb"


#: What each profile key holds: "text" (a string), "length" (a string with a unit), "size"
#: (a named size or WxH with a unit), "flag" (true or false), "sets" (a whole number), or the
#: tuple of values allowed.
PROFILE_TYPES: dict[str, object] = {
    "description": "text",
    "deck": ("cleariosity", "treenex"),
    "paper": "size",
    "margin": "length",
    "card_size": "size",
    "media": MEDIA,
    "layout": LAYOUTS,
    "marks": MARKS,
    "bleed": "length",
    "mirror": "flag",
    "duplex": DUPLEX,
    "registration": "flag",
    "sets": "sets",
    "back_offset": "offset",
    "color": ("rgb", "cmyk"),
    "bed": "size",
    "bed_profile": "text",
    "kerf": "length",
    "corner_radius": "length",
    "common_line": "flag",
    "engrave": ENGRAVE,
    "guide": "flag",
    "frame": "flag",
}


def _check_profile_value(where: str, key: str, value: object) -> None:
    """One line naming the file, the profile and the key when a value has the wrong type."""
    kind = PROFILE_TYPES[key]
    if isinstance(kind, tuple):
        if value not in kind:
            raise DeckgenError(f"{where}: {key} = {value!r}: use one of {', '.join(repr(k) for k in kind)}")
        return
    if kind == "flag" and not isinstance(value, bool):
        raise DeckgenError(f"{where}: {key} = {value!r}: write true or false, without quotes")
    if kind == "sets" and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= MAX_SETS):
        raise DeckgenError(f"{where}: {key} = {value!r}: a whole number from 1 to {MAX_SETS}, without quotes")
    if kind in ("text", "length", "size", "offset") and not isinstance(value, str):
        example = {"text": '"…"', "length": '"5mm"', "size": '"letter" or "210x297mm"', "offset": '"0.5mm,-1mm"'}[kind]
        raise DeckgenError(f"{where}: {key} = {value!r}: write it in quotes, e.g. {key} = {example}")
    if kind in ("length", "offset"):
        try:
            parse_offset(str(value)) if kind == "offset" else parse_length(str(value))
        except DeckgenError as error:
            raise DeckgenError(f"{where}: {key}: {error}") from None


def load_profiles(path: Path = PROFILES_FILE) -> dict[str, dict[str, Any]]:
    """Print profiles, each checked on load: known keys, and values of the right type."""
    data = read_toml(path, "print profile file")
    for name, profile in data.items():
        if not isinstance(profile, dict):
            raise DeckgenError(f"{path}: {name} must be a [section] of options")
        unknown = sorted(set(profile) - PROFILE_KEYS)
        if unknown:
            allowed = ", ".join(sorted(PROFILE_KEYS))
            raise DeckgenError(f"{path}: profile {name}: unknown key {unknown[0]!r}; allowed keys are {allowed}")
        for key, value in profile.items():
            _check_profile_value(f"{path}: profile {name}", key, value)
    return data


def profile(name: str, path: Path = PROFILES_FILE) -> dict[str, Any]:
    profiles = load_profiles(path)
    if name not in profiles:
        raise DeckgenError(
            f"unknown profile {name!r}; choose one of {', '.join(profiles)} (see templates/profiles.toml)"
        )
    return profiles[name]


def resolve(
    deck: str, chosen_profile: dict[str, Any] | None, options: dict[str, Any], where: str = ""
) -> PrintSettings:
    """Deck defaults, then the profile, then the options the user typed (``None`` = not given)."""
    merged = dict(DECK_DEFAULTS[deck])
    for key, value in (chosen_profile or {}).items():
        if key in merged:
            merged[key] = value
    grid_ticks = bool(options.get("grid_ticks", False))
    for key, value in options.items():
        if value is not None and key in merged:
            merged[key] = value
    prefix = where
    try:
        paper = parse_size(str(merged["paper"]), PAPER_SIZES, "paper")
        card = parse_size(str(merged["card_size"]), CARD_SIZES, "card size")
        margin = parse_length(str(merged["margin"]))
        bleed = parse_length(str(merged["bleed"]))
        back_offset = parse_offset(str(merged["back_offset"]))
    except DeckgenError as error:
        raise DeckgenError(prefix + str(error)) from None
    for key, allowed in (
        ("media", MEDIA),
        ("layout", LAYOUTS),
        ("marks", MARKS),
        ("duplex", DUPLEX),
        ("color", ("rgb", "cmyk")),
    ):
        if merged[key] not in allowed:
            raise DeckgenError(f"{prefix}{key} {merged[key]!r}: use one of {', '.join(allowed)}")
    sets = merged["sets"]
    if not isinstance(sets, int) or isinstance(sets, bool) or not 1 <= sets <= MAX_SETS:
        raise DeckgenError(f"{prefix}sets {sets!r}: a classroom kit has 1 to {MAX_SETS} sets")
    if merged["duplex"] == "fold" and merged["layout"] == "single":
        raise DeckgenError(f"{prefix}--duplex fold needs --layout sheet: each back is printed beside its card")
    if merged["registration"] and merged["layout"] == "single":
        raise DeckgenError(f"{prefix}--registration needs --layout sheet: the marks go around a sheet of cards")
    if merged["layout"] == "single" and max(card) + 2 * bleed > MAX_LENGTH_MM:
        raise DeckgenError(f"{prefix}card size with bleed is more than 200 inches, the largest page a PDF can have")
    if bleed > 10:
        raise DeckgenError(f"{prefix}bleed {bleed:g} mm: use at most 10 mm (3 mm is usual)")
    if margin > min(paper) / 3:
        raise DeckgenError(f"{prefix}margin {margin:g} mm leaves too little of the page; use a smaller --margin")
    return PrintSettings(
        paper=paper,
        margin=margin,
        card=card,
        media=str(merged["media"]),
        layout=str(merged["layout"]),
        marks=str(merged["marks"]),
        bleed=bleed,
        mirror=bool(merged["mirror"]),
        duplex=str(merged["duplex"]),
        registration=bool(merged["registration"]),
        sets=sets,
        grid_ticks=grid_ticks,
        back_offset=back_offset,
        color=str(merged["color"]),
    )


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


def _length(name: str, text: str) -> float:
    if str(text).strip().startswith("-"):
        raise DeckgenError(f"--{name.replace('_', '-')} {text}: must not be negative")
    try:
        return parse_length(str(text))
    except DeckgenError as error:
        raise DeckgenError(f"--{name.replace('_', '-')}: {error}") from None


def resolve_laser(
    chosen_profile: dict[str, Any] | None, options: dict[str, Any], paper: PrintSettings
) -> LaserSettings:
    """Laser settings: defaults, then the profile, then the options typed."""
    merged = dict(LASER_DEFAULTS)
    for key, value in (chosen_profile or {}).items():
        if key in merged:
            merged[key] = value
    for key, value in options.items():
        if value is not None and key in merged:
            merged[key] = value
    if merged["engrave"] not in ENGRAVE:
        raise DeckgenError(f"engrave {merged['engrave']!r}: use one of {', '.join(ENGRAVE)}")
    if merged["bed"]:
        bed = parse_size(str(merged["bed"]), PAPER_SIZES, "bed")
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
        kerf=_length("kerf", merged["kerf"]),
        corner_radius=_length("corner_radius", merged["corner_radius"]),
        common_line=bool(merged["common_line"]),
        engrave=str(merged["engrave"]),
        registration=paper.registration,
        guide=bool(merged["guide"]),
        frame=bool(merged["frame"]),
    )
