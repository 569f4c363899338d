"""Print settings: each game's defaults, named profiles from ``templates/profiles.toml``, and
the user's options, merged in that order and validated once.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.deckfile import TEMPLATES, read_toml
from deckgen.errors import Code, DeckgenError
from deckgen.i18n import N_, _, decimal_g
from deckgen.options import MEASURES, Option, OptionValues, by_name, origin, read_text
from deckgen.print_choices import Colour, Duplex, Engrave, Layout, Marks, Media, SetSheets
from deckgen.print_options import (
    DEFAULT_PAPER,
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

BEDS_FILE = TEMPLATES / "beds.toml"
DEFAULT_BED = "bed-600x400"


@dataclass(frozen=True)
class PrintSettings:
    """How one deck is printed. Lengths in mm.

    The choices are members of :mod:`deckgen.print_choices`, made from their text once, by
    :func:`resolve`; the properties below answer what the rest of the code asks of them.
    """

    paper: tuple[float, float]
    margin: float
    card: tuple[float, float]
    media: Media
    layout: Layout
    marks: Marks
    bleed: float
    mirror: bool
    duplex: Duplex
    registration: bool
    sets: int
    #: Misplacement of the backs read off the calibration sheet (mm, x right, y down, seen from the front).
    back_offset: tuple[float, float] = (0.0, 0.0)
    #: RGB for screens and office printers, CMYK for print shops.
    color: Colour = Colour.RGB
    #: Separate: each set starts on a new sheet; shared: sets follow on, the fewest sheets.
    set_sheets: SetSheets = SetSheets.SEPARATE

    @property
    def single(self) -> bool:
        """One card a page, at card size (and bleed)."""
        return self.layout == Layout.SINGLE

    @property
    def on_sheets(self) -> bool:
        """As many cards as fit on each page."""
        return self.layout == Layout.SHEET

    @property
    def print_shop(self) -> bool:
        """One card a page with bleed: files for a print shop to print and trim, not for the printer at school."""
        return self.single and self.bleed > 0

    @property
    def on_film(self) -> bool:
        """Printed on transparency film."""
        return self.media == Media.TRANSPARENCY

    @property
    def folded(self) -> bool:
        """Each back is printed beside its card, to fold behind it (for cards that have backs)."""
        return self.duplex == Duplex.FOLD

    @property
    def two_sided(self) -> bool:
        """The backs are printed on the other side of the sheet (for cards that have backs)."""
        return self.duplex.two_sided

    @property
    def backs_printed(self) -> bool:
        """Backs are printed at all, on the other side or folded over (for cards that have backs)."""
        return self.duplex != Duplex.NONE

    @property
    def cmyk(self) -> bool:
        """The PDF's colours are CMYK, for a print shop."""
        return self.color == Colour.CMYK

    @property
    def sets_share_sheets(self) -> bool:
        """Several sets follow on from one another on the same sheets."""
        return self.set_sheets == SetSheets.SHARED and self.sets > 1


@dataclass(frozen=True)
class LaserSettings:
    """How a deck is cut on a laser. Lengths in mm."""

    bed: tuple[float, float]
    margin: float
    kerf: float
    corner_radius: float
    common_line: bool
    engrave: Engrave
    registration: bool
    #: The bed outline as a guide path (off by default: colour-sorting software may cut it).
    guide: bool = False

    @property
    def filled(self) -> bool:
        """Numbers are engraved as filled shapes (raster engraving), which makes far larger files."""
        return self.engrave == Engrave.FILL


class Merged(dict[str, object]):
    """Option values merged from defaults, a profile and the command line, remembering where each came from."""

    def __init__(self, defaults: OptionValues, profile_name: str | None) -> None:
        super().__init__(defaults)
        self.profile_name = profile_name or "chosen"
        self.sources: dict[str, str] = {}
        #: The options whose value was typed as that option (``--kerf``), not taken from a profile.
        self.typed: set[str] = set()

    def take(self, values: OptionValues, from_profile: bool) -> None:
        for key, value in values.items():
            if key in self and (value is not None or from_profile):
                self[key] = value
                self.sources[key] = origin(key, self.profile_name if from_profile else None)
                if from_profile:
                    self.typed.discard(key)
                else:
                    self.typed.add(key)

    def option(self, key: str) -> str | None:
        """``key`` when its value was typed as that option, for an error about it (else ``None``)."""
        return key if key in self.typed else None

    def where(self, key: str) -> str:
        """``--paper``, ``profile shop: paper``, or ``paper`` for a default."""
        return self.sources.get(key, key)

    def read(self, option: Option) -> Any:
        """The value of a length, size or offset option, read; a mistake names where it was written."""
        try:
            return read_text(option, str(self[option.name]))
        except DeckgenError as error:
            raise DeckgenError(
                _("{where}: {error}").format(where=self.where(option.name), error=error),
                code=Code.BAD_VALUE,
                option=self.option(option.name),
            ) from None


def card_noun(game: Game[Any]) -> str:
    """One of the game's cards, as a refusal names it ("flash card", "Treenex card")."""
    return _(game.card_noun) if game.card_noun else _("{deck} card").format(deck=_(game.name))


def resolve(
    game: Game,
    chosen_profile: OptionValues | None,
    options: OptionValues,
    profile_name: str | None = None,
    usual_paper: str = DEFAULT_PAPER,
) -> PrintSettings:
    """The game's defaults, then the profile, then the options the user typed (``None`` = not given).
    ``usual_paper``: the paper the class's country prints on (:mod:`deckgen.regions`), where none is given.

    Messages name where a wrong value came from: the flag, or the profile and its key.
    """
    merged = Merged({**SHARED_DEFAULTS, "paper": usual_paper, **game.print_defaults}, profile_name)
    merged.take(chosen_profile or {}, from_profile=True)
    merged.take(options, from_profile=False)
    where = merged.where
    parsed = {option.name: merged.read(option) for option in PRINT_OPTIONS if option.kind in MEASURES}
    paper, card, margin, bleed = parsed["paper"], parsed["card_size"], parsed["margin"], parsed["bleed"]
    for option in PRINT_OPTIONS:
        if option.kind == "choice" and merged[option.name] not in option.choices:
            raise DeckgenError(
                _("{where} {value}: use one of {choices}").format(
                    where=where(option.name), value=repr(merged[option.name]), choices=", ".join(option.choices)
                ),
                code=Code.BAD_VALUE,
                option=merged.option(option.name),
            )
    # Checked against the choices above: from here on each is a member, not text.
    media, layout, duplex = Media(str(merged["media"])), Layout(str(merged["layout"])), Duplex(str(merged["duplex"]))
    sets = merged["sets"]
    if not isinstance(sets, int) or isinstance(sets, bool) or not 1 <= sets <= MAX_SETS:
        raise DeckgenError(
            _("{where} {value}: a classroom kit has 1 to {most} sets").format(
                where=where("sets"), value=repr(sets), most=MAX_SETS
            ),
            code=Code.BAD_VALUE,
            option=merged.option("sets"),
        )
    if not game.prints_on(media) and game.clear_cards:
        raise DeckgenError(
            _(
                "{where} {media}: {game} cards are stacked and read through one another, so they print on "
                "transparency film; {instead}, or choose another game with --game"
            ).format(where=where("media"), media=merged["media"], game=_(game.name), instead=_instead(where("media"))),
            code=Code.BAD_VALUE,
            option=merged.option("media"),
        )
    noun = card_noun(game)
    if not game.prints_on(media) and game.backs_differ:
        raise DeckgenError(
            _(
                "{where} {media}: each {noun} carries its own back (the answer), and film is see-through, so a "
                "back cannot be printed on it and would be lost; print them on --media cardstock or paper"
            ).format(where=where("media"), media=merged["media"], noun=noun),
            code=Code.BAD_VALUE,
            option=merged.option("media"),
        )
    if game.backs_differ and duplex == Duplex.NONE:
        raise DeckgenError(
            _(
                "{where} none: each {noun} carries its own back (the answer), and with no backs printed it would "
                "be lost; use --duplex long-edge (a one-sided printer: print the odd pages, turn the stack over, "
                "print the even ones) or --duplex fold (each back beside its card)"
            ).format(where=where("duplex"), noun=noun),
            code=Code.BAD_VALUE,
            option=merged.option("duplex"),
        )
    if media == Media.TRANSPARENCY and game.has_backs and duplex != Duplex.NONE:
        if "duplex" in merged.sources:
            raise DeckgenError(
                _(
                    "{where} {duplex}: transparency film is see-through, so a back printed on it would show "
                    "through its card; {instead}, or print {game} on --media cardstock"
                ).format(
                    where=where("duplex"),
                    duplex=merged["duplex"],
                    instead=_instead(where("duplex")),
                    game=_(game.name),
                ),
                code=Code.BAD_VALUE,
                option=merged.option("duplex"),
            )
        duplex = Duplex.NONE  # the game's default: film cards are printed on one side
    if duplex == Duplex.FOLD and layout == Layout.SINGLE:
        raise DeckgenError(
            _(
                "{where} fold prints each back beside its card, on sheets of cards, and the layout is one card "
                "a page ({layout} single); choose --layout sheet, or another --duplex"
            ).format(where=where("duplex"), layout=where("layout")),
            code=Code.BAD_VALUE,
            option=merged.option("duplex"),
        )
    if merged["registration"] and layout == Layout.SINGLE:
        raise DeckgenError(
            _("{where} needs {layout} sheet: the marks go around a sheet of cards").format(
                where=where("registration"), layout=where("layout")
            ),
            code=Code.BAD_VALUE,
            option=merged.option("registration"),
        )
    if layout == Layout.SINGLE and max(card) + 2 * bleed > MAX_LENGTH_MM:
        raise DeckgenError(
            _("{where}: card size with bleed is more than 200 inches, the largest page a PDF can have").format(
                where=where("card_size")
            ),
            code=Code.BAD_VALUE,
            option=merged.option("card_size"),
        )
    if bleed > 10:
        raise DeckgenError(
            _("{where} {bleed} mm: use at most 10 mm (3 mm is usual)").format(
                where=where("bleed"), bleed=decimal_g(bleed)
            ),
            code=Code.BAD_VALUE,
            option=merged.option("bleed"),
        )
    if layout == Layout.SINGLE and not bleed and margin > min(card) / 4:
        raise DeckgenError(
            _(
                "{where} {margin} mm: on one-card pages the art keeps that far inside the card's edge, which "
                "leaves too little of a {width} x {height} mm card; use a smaller margin"
            ).format(
                where=where("margin"), margin=decimal_g(margin), width=decimal_g(card[0]), height=decimal_g(card[1])
            ),
            code=Code.BAD_VALUE,
            option=merged.option("margin"),
        )
    if margin > min(paper) / 3:
        raise DeckgenError(
            _("{where} {margin} mm leaves too little of the page; use a smaller margin").format(
                where=where("margin"), margin=decimal_g(margin)
            ),
            code=Code.BAD_VALUE,
            option=merged.option("margin"),
        )
    return PrintSettings(
        paper=paper,
        margin=margin,
        card=card,
        media=media,
        layout=layout,
        marks=Marks(str(merged["marks"])),
        bleed=bleed,
        # Mirroring is for printing on the back of film: card stock in the same kit stays the right way round.
        mirror=bool(merged["mirror"]) and media == Media.TRANSPARENCY,
        duplex=duplex,
        registration=bool(merged["registration"]),
        sets=sets,
        back_offset=parsed["back_offset"],
        color=Colour(str(merged["color"])),
        set_sheets=SetSheets(str(merged["set_sheets"])),
    )


def _instead(where: str) -> str:
    """What to do about a value that cannot be used: leave out a flag, or choose another profile."""
    return _("leave it out") if where.startswith("--") else _("choose another --profile")


def load_beds(path: Path = BEDS_FILE) -> dict[str, tuple[float, float]]:
    """Laser beds, each checked on load: a size with a unit, an optional description, nothing else."""
    data = read_toml(path, N_("laser bed file"))
    beds = {}
    for name, entry in data.items():
        if not isinstance(entry, dict) or "size" not in entry:
            raise DeckgenError(
                _('{path}: bed {name} needs a size, e.g. size = "600x400mm"').format(path=path, name=name)
            )
        unknown = sorted(set(entry) - {"size", "description"})
        if unknown:
            raise DeckgenError(
                _("{path}: bed {name}: unknown key {key}; a bed has a size and a description").format(
                    path=path, name=name, key=repr(unknown[0])
                )
            )
        for key in ("size", "description"):
            if key in entry and not isinstance(entry[key], str):
                raise DeckgenError(
                    _("{path}: bed {name}: {key} = {value}: write it in quotes").format(
                        path=path, name=name, key=key, value=repr(entry[key])
                    )
                )
        try:
            beds[name] = parse_size(entry["size"], PAPER_SIZES, _("bed size"))
        except DeckgenError as error:
            raise DeckgenError(_("{path}: bed {name}: {error}").format(path=path, name=name, error=error)) from None
    return beds


def resolve_laser(
    chosen_profile: OptionValues | None,
    options: OptionValues,
    paper: PrintSettings,
    profile_name: str | None = None,
) -> LaserSettings:
    """Laser settings: defaults, then the profile, then the options typed."""
    merged = Merged(LASER_DEFAULTS, profile_name)
    merged.take(chosen_profile or {}, from_profile=True)
    merged.take(options, from_profile=False)
    if merged["engrave"] not in ENGRAVE:
        raise DeckgenError(
            _("{where} {value}: use one of {choices}").format(
                where=merged.where("engrave"), value=repr(merged["engrave"]), choices=", ".join(ENGRAVE)
            ),
            code=Code.BAD_VALUE,
            option=merged.option("engrave"),
        )
    laser = by_name(LASER_OPTIONS)
    if merged["bed"] and merged["bed_profile"] and {"bed", "bed_profile"} <= merged.typed:
        raise DeckgenError(
            _("--bed and --bed-profile both name the laser bed; give one of them"),
            code=Code.BAD_VALUE,
            option="bed",
        )
    if merged["bed"]:
        bed = merged.read(laser["bed"])
    elif merged["bed_profile"]:
        beds = load_beds()
        if merged["bed_profile"] not in beds:
            known = ", ".join(beds)
            raise DeckgenError(
                _("unknown bed profile {name}; choose one of {known} (templates/beds.toml)").format(
                    name=repr(merged["bed_profile"]), known=known
                )
            )
        bed = beds[merged["bed_profile"]]
    elif paper.registration:
        bed = paper.paper  # print-and-cut: the artboard is the printed page
    else:
        bed = load_beds()[DEFAULT_BED]
    if paper.registration and bed != paper.paper:
        named = "--bed-profile" if merged["bed_profile"] and not merged["bed"] else "--bed"
        raise DeckgenError(
            _("with --registration the laser file must match the printed page; leave out {option}").format(option=named)
        )
    return LaserSettings(
        bed=bed,
        margin=paper.margin,
        kerf=merged.read(laser["kerf"]),
        corner_radius=merged.read(laser["corner_radius"]),
        common_line=bool(merged["common_line"]),
        engrave=Engrave(str(merged["engrave"])),
        registration=paper.registration,
        guide=bool(merged["guide"]),
    )
