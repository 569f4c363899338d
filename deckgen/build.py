"""The main job: print-ready files for the chosen decks, plus the teacher pack.

This module turns a build request into files. It knows which plan goes with which deck and
which backend makes which format; the layout and the drawing live elsewhere.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from collections.abc import Callable, Sequence
from contextlib import closing
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic

from deckgen.errors import Code, DeckgenError
from deckgen.fileio import write_atomic
from deckgen.games import cmyk_palette, default_games, owner_of_picture
from deckgen.games import game as find_game
from deckgen.games.base import DeckT, Game, GameOptions
from deckgen.i18n import N_, _, counted, first_upper, joined, speaking
from deckgen.i18n import number as written
from deckgen.layout.calibration import CalibrationSheet, fits_calibration
from deckgen.layout.decks import backs_printed, check_card_size, deck_plan, sheet_grid, sheets_each_way
from deckgen.layout.faces import BACK_WORD, CardFaces, Face, printed_word
from deckgen.layout.laser.bed import check_settings
from deckgen.layout.laser.plan import LaserCard, LaserPlan, plan_laser
from deckgen.layout.laser.sheet import lay_out_sheet
from deckgen.layout.pictures import contact_sheet
from deckgen.layout.primitives import Primitive
from deckgen.layout.sheets import SheetPlan
from deckgen.option_use import refuse_idle_options, refuse_unengraved
from deckgen.options import OptionValues
from deckgen.outdir import STAGING_PREFIX, Busy, commit, locked, pause_for_tests, recover
from deckgen.packing import CALIBRATION_PDF, PackingEntry
from deckgen.print_choices import Duplex, Engrave, SetSheets
from deckgen.print_options import MEDIA_NAMES
from deckgen.printing import LaserSettings, PrintSettings, card_noun, resolve, resolve_laser
from deckgen.profiles import profile
from deckgen.regions import HOME_COUNTRY, country_for, usual_paper
from deckgen.replacements import replacement_stem, wanted_ids
from deckgen.signals import waiting
from deckgen.units import PAPER_SIZES, mm_to_pt
from deckgen.workers import default_workers, run_tasks

if TYPE_CHECKING:
    from deckgen.render.colours import CmykInk

# Each backend (reportlab, svgwrite, Pillow) is imported where its files are written, so a
# build loads only the libraries of the formats it makes.

Progress = Callable[[int], None]

PACK_PDF = "teacher-pack.pdf"


@dataclass
class BuildRequest:
    """What the user asked for; option values of ``None`` mean "not given".

    ``options`` holds print and laser options, and games' own options (``values``,
    ``grid_ticks`` …), which go to the games that have them. ``files`` gives, per game (by
    key), a deck file to read instead of the game's own.
    """

    games: tuple[str, ...] = field(default_factory=default_games)
    out: Path = Path("output")
    profile: str | None = None
    options: OptionValues = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    pack: bool = True
    formats: tuple[str, ...] = ("pdf",)
    dpi: int = 300
    #: The language of the teacher pack (a key of :data:`~deckgen.i18n.LANGUAGES`); it also sets
    #: the signs printed for times and divide where ``signs`` is not given.
    language: str = "en"
    #: The class's country (``CA``; ``None``: the language's home country, see :mod:`deckgen.regions`):
    #: the paper where ``paper`` is not given, and with the language the signs.
    region: str | None = None

    @property
    def country(self) -> str:
        return country_for(self.language, self.region)

    @property
    def only(self) -> str | None:
        """``--only``: the ids of the replacement cards to print (``None``: every card)."""
        value = self.options.get("only")
        return None if value is None else str(value)

    @property
    def only_set(self) -> int | None:
        """``--only-set``: the one classroom set whose sheets to print (``None``: every set)."""
        value = self.options.get("only_set")
        return value if isinstance(value, int) else None

    @property
    def command(self) -> str:
        """The ``deckgen build`` command that makes this build again, recorded in every PDF."""
        from deckgen.record import build_command, build_words

        words = build_words(
            self.games,
            self.options,
            profile=self.profile,
            files=self.files,
            formats=self.formats,
            pack=self.pack,
            dpi=self.dpi if self.dpi != 300 else None,
            language=self.language,
            region=self.region,
        )
        return build_command(words)


@dataclass
class DeckJob(Generic[DeckT]):
    """One game's part of a build: its deck, its print settings, its pages and its laser plan."""

    game: Game[DeckT]
    deck: DeckT
    settings: PrintSettings
    #: The game's own options (print and laser ones are in ``settings`` and the build's laser plan).
    options: GameOptions
    #: The cards as drawn, for sheets and previews alike (laser files leave out printed frames).
    faces: CardFaces
    plan: SheetPlan
    laser: LaserPlan | None = None
    #: Replacement cards: which it prints, by card id and set number (``None``: every card).
    keep: Callable[[str, int], bool] | None = None

    @property
    def cards(self) -> int:
        return self.game.card_count(self.deck)

    @property
    def backs_folded(self) -> bool:
        """Each card's back is printed beside it, to fold over (cards with backs, ``--duplex fold``)."""
        return self.game.has_backs and self.settings.folded

    @property
    def backs_two_sided(self) -> bool:
        """Each card's back is printed on the sheet's other side (cards with backs, long- or short-edge duplex)."""
        return self.game.has_backs and self.settings.two_sided


@dataclass
class BuildJob:
    """Plans ready to draw: one per game, plus what the teacher pack needs to know."""

    request: BuildRequest
    decks: dict[str, DeckJob[Any]]

    @property
    def laser(self) -> dict[str, LaserPlan]:
        return {key: d.laser for key, d in self.decks.items() if d.laser is not None}

    def file_stem(self, deck: DeckJob[Any]) -> str:
        """The name a deck's PDF starts with: the game's (a preset's), and for replacement cards,
        which ones (see :mod:`deckgen.replacements`), so they never replace the class set's file."""
        request = self.request
        return replacement_stem(deck.game.output_stem(deck.options), request.only, request.only_set)

    @property
    def pack_file(self) -> str:
        """The teacher pack's file name; a replacement build's is named after its cards."""
        return _companion(PACK_PDF, [self.file_stem(d) for d in self.decks.values()], self.request)

    @property
    def calibration_file(self) -> str:
        """The calibration sheet's file name; a replacement build's is named after its cards."""
        return _companion(CALIBRATION_PDF, [self.file_stem(d) for d in self.decks.values()], self.request)

    @property
    def pages(self) -> int:
        """Units of work for the progress bar: PDF pages, the pack, laser sheets."""
        pages = 0
        if "pdf" in self.request.formats:
            pages += sum(len(d.plan.pages) for d in self.decks.values()) + (1 if self.request.pack else 0)
        pages += sum(plan.files for plan in self.laser.values())
        if "png" in self.request.formats:
            pages += sum(len(png_faces(d)) + 1 for d in self.decks.values())
        return pages


def replacing(request: BuildRequest) -> bool:
    """Whether the build prints replacement cards (``--only``, ``--only-set``) rather than whole sets."""
    return request.only is not None or request.only_set is not None


def _companion(name: str, stems: Sequence[str], request: BuildRequest) -> str:
    """The file name of the pack or calibration sheet (``name``) beside decks whose PDFs are named
    ``stems``: a replacement build's starts with its deck's name (it prints one deck), and so does
    the pack of one deck named other than its game (a preset's), whose keys fit that deck alone:
    two presets built into one folder keep both packs."""
    if replacing(request) and stems:
        return f"{stems[0]}-{name}"
    if name == PACK_PDF and len(stems) == len(request.games) == 1 and stems[0] != find_game(request.games[0]).stem:
        return f"{stems[0]}-{name}"
    return name


def prepare(request: BuildRequest, plan_lasers: bool = True) -> BuildJob:
    """Load decks and settings and compute every page; nothing is written yet.

    ``plan_lasers=False`` checks the laser options but lays out no laser sheets (a preview of
    the printed sheets needs none)."""
    chosen = profile(request.profile) if request.profile else None
    if "png" in request.formats:
        from deckgen.inbrowser import pillow_missing

        if pillow_missing():
            raise DeckgenError(
                _(
                    "--format png: pictures of the cards need Pillow, which deckgen in a browser does not have; "
                    "make PDF (or SVG) files here, or PNG pictures with deckgen on a computer"
                )
            )
    out = request.out
    if out.exists() and not out.is_dir():
        raise DeckgenError(_("--out {out}: this is a file, not a folder; choose a folder").format(out=out))
    _check_places(request)
    resolved = {}
    for key in request.games:
        game = find_game(key)
        settings = resolve(game, chosen, request.options, request.profile, usual_paper(request.country))
        # Laser options are checked on every build, so a mistyped --kerf is caught even
        # before anyone asks for the SVGs.
        laser_settings = resolve_laser(chosen, request.options, settings, request.profile)
        check_settings(laser_settings, settings.card)
        resolved[key] = (game, settings, laser_settings)
    for game, settings, laser_settings in resolved.values():
        if game.backs_differ and laser_settings.engrave == Engrave.NONE and "svg" in request.formats:
            # The back sheets would be empty: every answer lost, as with --duplex none on paper.
            raise DeckgenError(
                _(
                    "--engrave none: each {noun} carries its own back (the answer), which the laser engraves; "
                    "use --engrave score or fill"
                ).format(noun=card_noun(game)),
                code=Code.BAD_VALUE,
                option="engrave",
            )
        if game.has_backs and settings.folded and settings.registration and "svg" in request.formats:
            raise DeckgenError(
                _(
                    "--registration with --duplex fold: the printed sheet holds each card with its back beside it, "
                    "which the laser files do not cut as pairs; print-and-cut cards with backs on --duplex "
                    "long-edge, or leave out --format svg"
                )
            )
    refuse_unengraved(request.options, [laser for _game, _settings, laser in resolved.values()], request.formats)
    # Values are checked first (a wrong one is named as such), then what they would do.
    refuse_idle_options(
        request.options, [(game, settings) for game, settings, _laser in resolved.values()], request.formats
    )
    decks: dict[str, DeckJob[Any]] = {}
    for key, (game, settings, laser_settings) in resolved.items():
        options = _game_options(game, chosen, request.options, request.language, request.country)
        decks[key] = _deck_job(game, request.files.get(key), options, settings, laser_settings, request, plan_lasers)
    if request.options.get("set_sheets") == SetSheets.SHARED and "pdf" in request.formats:
        each = [sheets_each_way(d.settings, d.cards, d.backs_folded) for d in decks.values()]
        if all(e["shared"] == e["separate"] for e in each):
            raise DeckgenError(
                _(
                    "--set-sheets does nothing here: every set already fills its last sheet, so sharing saves "
                    "no sheet; leave it out"
                )
            )
    return BuildJob(request, decks)


def _deck_job(
    game: Game[DeckT],
    path: Path | None,
    options: GameOptions,
    settings: PrintSettings,
    laser_settings: LaserSettings,
    request: BuildRequest,
    plan_lasers: bool,
) -> DeckJob[DeckT]:
    """One game's deck read (from ``path``, else its own), checked against the build's limits,
    drawn and laid out on sheets (and on laser sheets if ``plan_lasers``). Generic in the game's
    deck, so the type checker holds each method of the game to the deck its ``load`` returned."""
    deck = game.load(path, options)
    game.check_printable(deck)
    cards = game.card_count(deck)
    if cards * settings.sets > MAX_CARDS_A_BUILD:
        raise DeckgenError(
            _(
                "{sets} sets of {cards} {phrase} make {total} cards; one build makes at most {most} of a deck "
                "(it keeps every page in memory): build fewer sets at a time"
            ).format(
                sets=written(settings.sets),
                cards=written(cards),
                phrase=_cards_phrase(game),
                total=written(cards * settings.sets),
                most=written(MAX_CARDS_A_BUILD),
            )
        )
    fill = laser_settings.filled
    laser_cap = MAX_LASER_FILL_CARDS if fill else MAX_LASER_CARDS
    if "svg" in request.formats and cards * settings.sets > laser_cap:
        if fill:
            too_many = _(
                "{sets} sets of {cards} cards make {total} cards to cut; laser files are made for at most "
                "{most} cards of a deck at a time with --engrave fill: build fewer sets at a time"
            )
        else:
            too_many = _(
                "{sets} sets of {cards} cards make {total} cards to cut; laser files are made for at most "
                "{most} cards of a deck at a time: build fewer sets at a time"
            )
        raise DeckgenError(
            too_many.format(
                sets=written(settings.sets),
                cards=written(cards),
                total=written(cards * settings.sets),
                most=written(laser_cap),
            )
        )
    with speaking(request.language):  # the set labels' word ("SATZ 3") is the build's language's
        faces = game.faces(deck, settings.card, options)
    keep = replacement_cards(request, game, faces.ids, settings.sets)
    if "pdf" in request.formats or settings.registration:
        plan = deck_plan(game.deck_name(deck), game.name, faces, settings, game.min_card, keep)
    else:
        # Nothing is printed: the paper does not bound the card (a laser bed may be far larger).
        check_card_size(settings.card, game.min_card, game.name)
        plan = SheetPlan(game.deck_name(deck), {}, [])
    job: DeckJob[DeckT] = DeckJob(game, deck, settings, options, faces, plan, keep=keep)
    if "svg" in request.formats and plan_lasers:
        paper_grid = sheet_grid(settings) if settings.registration else None
        with speaking(request.language):
            drawn = game.faces(deck, settings.card, options, laser=True)
        # Backs of their own are engraved on back sheets; print-and-cut stock has them printed.
        engraved_backs = game.backs_differ and paper_grid is None
        backs = list(drawn.backs or []) * settings.sets if engraved_backs else None
        job.laser = plan_laser(laser_cards(drawn, settings.sets), settings.card, laser_settings, paper_grid, backs)
    return job


def _cards_phrase(game: Game) -> str:
    """A game's cards in a sentence, in the language spoken: "Treenex cards", "Flash cards"."""
    if game.name.lower().endswith("cards"):
        return _(game.name)
    return _("{game} cards").format(game=_(game.name))


def _check_places(request: BuildRequest) -> None:
    """Before any drawing: a file where the build puts a folder (``svg``, ``png``), or a folder
    where it puts a file (a deck's PDF, the pack), stops it at once rather than after the work.
    The same is checked again just before the move, for anything that changed meanwhile."""
    out = request.out
    folders = [name for name in ("svg", "png") if name in request.formats]
    only, only_set = request.only, request.only_set
    stems = [replacement_stem(find_game(key).output_stem(request.options), only, only_set) for key in request.games]
    files = [f"{stem}.pdf" for stem in stems] if "pdf" in request.formats else []
    if "pdf" in request.formats and request.pack:
        files += [_companion(PACK_PDF, stems, request), _companion(CALIBRATION_PDF, stems, request)]
    for folder in folders:
        place = out / folder
        if place.exists() and not place.is_dir():
            raise DeckgenError(
                _("--out {out}: {place} is a file, where a folder goes; move it away").format(out=out, place=place)
            )
    for file in files:
        place = out / file
        if place.is_dir() and not place.is_symlink():
            raise DeckgenError(
                _("--out {out}: {place} is a folder, where a file goes; move it away").format(out=out, place=place)
            )


def _game_options(
    game: Game,
    chosen: OptionValues | None,
    given: OptionValues,
    language: str = "en",
    country: str = HOME_COUNTRY["en"],
) -> GameOptions:
    """The game's own options: set by the profile (``frame = true``), then as typed (``--no-frame``).
    An option set by neither whose usual value depends on the class (the signs for times and
    divide: German schools write ``·`` and ``:``) takes the one the class's schools use, from
    the ``language`` and the class's ``country``."""
    names = {option.name for option in game.options}
    from_profile = {key: value for key, value in (chosen or {}).items() if key in names}
    options = {**from_profile, **{key: value for key, value in given.items() if key in names and value is not None}}
    for option in game.options:
        if option.regional_default is not None and not options.get(option.name):
            options[option.name] = option.regional_default(language, country)
    return options


def replacement_cards(
    request: BuildRequest, game: Game, ids: Sequence[str], sets: int
) -> Callable[[str, int], bool] | None:
    """Which cards ``--only`` and ``--only-set`` keep (by id and set number), or ``None``: every card.

    Checked here, against the deck as read: an id it does not have, a set past ``--sets``, more
    than one deck, or a format other than PDF (replacements are printed sheets) is one line.
    """
    only, only_set = request.only, request.only_set
    if only is None and only_set is None:
        return None
    flag = "--only" if only is not None else "--only-set"
    named = "only" if only is not None else "only_set"
    if set(request.formats) != {"pdf"}:
        raise DeckgenError(
            _("{flag} prints replacement cards on sheets: use it with --format pdf alone").format(flag=flag),
            code=Code.BAD_VALUE,
            option=named,
        )
    if len(request.games) > 1:
        raise DeckgenError(
            _("{flag} reprints cards of one deck: choose it with --game").format(flag=flag),
            code=Code.BAD_VALUE,
            option=named,
        )
    wanted: set[str] | None = None
    if only is not None:
        wanted = wanted_ids(only)
        if not wanted:
            raise DeckgenError(
                _("--only: name the cards to print by their ids, e.g. --only G05,Y11"),
                code=Code.BAD_VALUE,
                option="only",
            )
        unknown = sorted(wanted - set(ids))
        if unknown:
            shown = ", ".join(ids) if len(ids) <= 6 else f"{ids[0]}, {ids[1]} … {ids[-1]}"
            raise DeckgenError(
                _("--only {ids}: no such card in the {game} deck (its cards are {shown})").format(
                    ids=",".join(unknown), game=_(game.name), shown=shown
                ),
                code=Code.BAD_VALUE,
                option="only",
            )
    if only_set is not None and only_set > sets:
        raise DeckgenError(
            _(
                "--only-set {number}: this build makes {sets}; give the --sets the classroom sets were made "
                "with (at least {number})"
            ).format(number=only_set, sets=counted("{count} set", "{count} sets", sets)),
            code=Code.BAD_VALUE,
            option="only_set",
        )

    def keep(card_id: str, number: int) -> bool:
        return (wanted is None or card_id in wanted) and (only_set is None or number == only_set)

    return keep


def reprint_command(job: BuildJob, key: str) -> str:
    """The command that prints one lost card of a deck again, as the teacher pack gives it.

    It is the build's own command for this deck's PDF — the language, signs, preset, paper, card
    size and deck file that shape the card — with ``--only`` and the deck's first id, and, for
    several sets, ``--only-set 1``: the pack says to put the lost card's id and set number in their
    place. Left out: what the reprint would refuse as doing nothing (laser and picture options, a
    game's option for another game of the build, a print option this deck does not use)."""
    from deckgen.games import game_options
    from deckgen.option_use import format_reason, idle_reason
    from deckgen.record import build_command, build_words

    request, deck = job.request, job.decks[key]
    own = {option.name for option in deck.game.options}
    others = {option.name for option in game_options("build")} - own
    each_way = sheets_each_way(deck.settings, deck.cards, deck.backs_folded)
    options: dict[str, object] = {}
    for name, value in request.options.items():
        if value is None or name in ("only", "only_set") or name in others or format_reason(name, ("pdf",)):
            continue
        if idle_reason(name, value, deck.game, deck.settings):
            continue
        if name == "set_sheets" and each_way["shared"] == each_way["separate"]:
            continue  # this deck fills every sheet either way: the option would be refused as doing nothing
        options[name] = value
    files = {key: request.files[key]} if key in request.files else None
    words = build_words((key,), options, profile=request.profile, files=files, pack=None, language=request.language)
    # Last, where the teacher puts the lost card's id and set number in.
    words += ["--only", deck.faces.ids[0], *(["--only-set", "1"] if deck.settings.sets > 1 else [])]
    return build_command(words)


def laser_notes(job: BuildJob) -> list[str]:
    """What the laser files leave out: raster pictures (a laser follows outlines; SVG pictures are outlines)."""
    from deckgen.layout.primitives import Picture

    notes = []
    for deck in job.decks.values():
        if deck.laser is None:
            continue
        faces = [*deck.faces.fronts, *(deck.faces.backs or ())]
        count = sum(1 for face in faces if any(isinstance(p, Picture) for p in face.primitives))
        if count:
            notes.append(
                _(
                    "{game}: the laser files leave out the PNG and JPEG pictures of {sides} (a laser follows "
                    "outlines); SVG pictures are engraved"
                ).format(game=_(deck.game.name), sides=counted("{count} card side", "{count} card sides", count))
            )
    return notes


def laser_cards(faces: CardFaces, sets: int) -> list[LaserCard]:
    """Every card of every set in order: (name for the index, face, set label or None)."""
    pairs = list(zip(faces.ids, faces.fronts, strict=True))
    if sets == 1:
        return [(card_id, face, None) for card_id, face in pairs]
    cards: list[LaserCard] = []
    for number in range(1, sets + 1):
        label = faces.label(number)
        cards += [(f"{card_id} set {number}", face, label) for card_id, face in pairs]
    return cards


def packing_entries(job: BuildJob) -> tuple[int, list[PackingEntry]]:
    """Each deck's line of the packing list, and the number of sets the files hold. For replacement
    cards, the figures are theirs: the cards of each set reprinted, the sets they are for, the
    sheets they take (see :func:`replacement_figures`)."""
    entries = []
    sets = 1
    for key, deck in job.decks.items():
        settings, plan = deck.settings, deck.plan
        sets = settings.sets
        fronts = sum(1 for page in plan.pages if page.side == "front")
        backs = sum(1 for page in plan.pages if page.side == "back")
        folded = deck.backs_folded
        shared = settings.sets_share_sheets
        media = _(MEDIA_NAMES[settings.media])
        sides = _("two-sided") if backs else _("one side")
        if settings.single:
            media = _("{media}, one card a page").format(media=media)
        cards, detail, each_way = deck.cards, deck.game.packing_detail(deck.deck), None
        per_set = None if shared else fronts // settings.sets
        replacement = ""
        if deck.keep is None:
            each_way = sheets_each_way(settings, deck.cards, folded)
        else:
            sets, cards, replacement = replacement_figures(deck, deck.keep, job.request.only_set)
            detail = ""
            # Replacement cards of several sets share sheets, unless backs keep them where a full build puts them.
            in_place = backs_printed(deck.faces, settings) and not shared
            per_set = fronts if sets == 1 else fronts // sets if in_place else None
        entries.append(
            PackingEntry(
                _(deck.game.name),
                cards,
                per_set,
                fronts,
                sides,
                media,
                detail,
                settings,
                ids=deck.game.ids_of(deck.deck),
                card_noun=_(deck.game.card_noun),
                clear_cards=deck.game.clear_cards,
                two_sided=backs > 0,
                folded=folded,
                sheets_each_way=each_way,
                replacement=replacement,
                reprint=reprint_command(job, key),
                reprint_id=deck.faces.ids[0],
                deck_file=job.request.files[key].name if key in job.request.files else "",
            )
        )
    return sets, entries


def replacement_figures(
    deck: DeckJob[Any], keep: Callable[[str, int], bool], only_set: int | None
) -> tuple[int, int, str]:
    """(sets reprinted, cards of each, a sentence saying which) for replacement cards.

    ``--only`` reprints the same cards of every set, ``--only-set`` one set's: each set reprinted
    has as many cards as the next."""
    ids, sets = deck.faces.ids, deck.settings.sets
    printed = {number: [card_id for card_id in ids if keep(card_id, number)] for number in range(1, sets + 1)}
    printed = {number: kept for number, kept in printed.items() if kept}
    first, kept = next(iter(printed.items()))
    total = counted("{count} card", "{count} cards", sum(len(k) for k in printed.values()))
    named = joined(list(dict.fromkeys(kept)))
    if only_set is not None and len(kept) == len(ids):
        which = _("the cards of set {number}, {total} in all").format(number=written(first), total=total)
    elif only_set is not None:
        which = _("{ids} of set {number}, {total} in all").format(ids=named, number=written(first), total=total)
    elif len(printed) > 1:
        which = _("{ids} of each of the {sets} sets, {total} in all").format(
            ids=named, sets=written(len(printed)), total=total
        )
    else:
        which = _("{ids}, {total} in all").format(ids=named, total=total)
    return len(printed), len(kept), _("These sheets hold replacement cards only: {which}.").format(which=which)


#: The most cards of one deck a build lays out (sets × cards): keeps peak memory under 300 MB.
MAX_CARDS_A_BUILD = 50_000
#: The most cards of a deck in one laser build. Sheets are made one at a time, but past
#: these the files run to hundreds of megabytes (engraved fills far more than score lines),
#: more than laser software opens comfortably: build fewer sets at a time.
MAX_LASER_CARDS = 5_000
MAX_LASER_FILL_CARDS = 800


def make_folder(out: Path, sub: str = "") -> Path:
    """The output folder (or a sub-folder of it), created if needed."""
    folder = out / sub if sub else out
    if folder.is_symlink() and not folder.exists():
        raise DeckgenError(
            _(
                "--out {out}: a link that leads to no folder (to itself, or to a folder that is gone); remove it, "
                "or choose another --out"
            ).format(out=folder)
        )
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise DeckgenError(
            _("--out {out}: cannot create the folder {folder} ({reason}); choose another").format(
                out=out, folder=folder, reason=error.strerror
            )
        ) from None
    return folder


#: A piece of a build: work that makes a file's contents (run in a worker process, see
#: :func:`deckgen.workers.run_tasks`), and what then writes it here; it returns the paths written.
Piece = tuple[Callable[[], Any], Callable[[Any], list[Path]]]


@dataclass(frozen=True)
class LaserSheetFigures:
    """What index.json says of one laser sheet, worked out where the sheet is laid out."""

    bed_mm: tuple[float, float]
    cards: list[str]
    cut_length_mm: float
    travel_mm: float
    #: The back sheet of a bed, engraved first on the other side of the stock.
    back: bool = False

    def index_line(self, file: str, deck: str) -> dict[str, object]:
        """The sheet's line of index.json, its keys in the order the file has always had."""
        side = {"side": "back"} if self.back else {}
        return {
            "file": file,
            "deck": deck,
            **side,
            "bed_mm": list(self.bed_mm),
            "cards": self.cards,
            "cut_length_mm": self.cut_length_mm,
            "travel_mm": self.travel_mm,
        }


#: A laser sheet made by a worker: its SVG file, and what index.json says of it.
SheetMade = tuple[bytes, LaserSheetFigures]
#: The lines of index.json, one per laser sheet, in the order the sheets were written.
LaserIndex = list[dict[str, object]]


def laser_pieces(job: BuildJob, progress: Progress | None, root: Path, index: LaserIndex) -> list[Piece]:
    """One SVG per bed sheet under out/svg/; each sheet's line of index.json goes into ``index``."""
    folder = make_folder(root, "svg")
    pieces: list[Piece] = []
    for deck, plan in job.laser.items():
        stem = job.decks[deck].game.output_stem(job.decks[deck].options)
        for number in range(plan.sheets):
            for back in plan.sides:
                side = "-back" if back else ""
                path = folder / f"{stem}-sheet-{number + 1:02d}{side}.svg"
                title = f"{stem} sheet {number + 1} of {plan.sheets}" + (", back (engrave first)" if back else "")

                def finish(made: SheetMade, path: Path = path, stem: str = stem) -> list[Path]:
                    svg, figures = made
                    write_atomic(path, svg)
                    index.append(figures.index_line(path.name, stem))
                    if progress is not None:
                        progress(1)
                    return [path]

                pieces.append((partial(_laser_sheet, plan, number, title, back), finish))
    return pieces


def _laser_sheet(plan: LaserPlan, number: int, title: str, back: bool = False) -> SheetMade:
    """A sheet (or its back sheet) laid out and written as SVG, with its line in index.json."""
    from deckgen.render.svg import sheet_to_svg

    sheet = lay_out_sheet(plan, number, back)
    figures = LaserSheetFigures(
        bed_mm=(round(sheet.width, 3), round(sheet.height, 3)),
        cards=sheet.cards,
        cut_length_mm=round(sheet.cut_length(), 1),
        travel_mm=round(sheet.travel(), 1),
        back=back,
    )
    return sheet_to_svg(sheet, title), figures


CONTACT_COLUMNS = 10
#: Contact sheets are previews of a whole deck: at most this resolution keeps them small.
CONTACT_DPI = 100
CONTACT_PIXELS = 40_000_000
Rgba = tuple[int, int, int, int]
WHITE = (255, 255, 255, 255)
CLEAR = (0, 0, 0, 0)


def png_faces(deck: DeckJob[Any]) -> list[tuple[str, str, Face]]:
    """(file stem, contact-sheet label, face) of every card image of a deck: fronts, then backs.

    A back all cards share is one picture (``<game>-back``, labelled BACK in the build's language);
    backs that differ are one picture per card, named after its front (``…-back``).
    """
    faces = deck.faces
    # Copies of a card share its id, and its picture.
    first = {card_id: index for index, card_id in reversed(list(enumerate(faces.ids)))}
    cards = sorted(first.values())
    name = deck.game.picture_stem
    back = printed_word(BACK_WORD)
    pictures = [(name(faces.ids[i]), faces.ids[i], faces.fronts[i]) for i in cards]
    if faces.backs:
        if deck.game.shared_back:
            pictures.append((f"{deck.game.stem}-back", back, faces.backs[0]))
        else:
            pictures += [(f"{name(faces.ids[i])}-back", f"{faces.ids[i]} {back}", faces.backs[i]) for i in cards]
    return pictures


def png_pieces(job: BuildJob, progress: Progress | None, root: Path) -> list[Piece]:
    """One PNG per card under out/png/ (clear cards on a clear background), and a contact sheet per deck.

    Every picture is drawn on its own (ids are printed, so every face differs, and a 1,200 dpi
    card is 86 MB while drawn).
    """
    folder = make_folder(root, "png")
    dpi = job.request.dpi
    pieces: list[Piece] = []
    for deck in job.decks.values():
        with speaking(job.request.language):  # the contact sheet's "BACK"
            faces = png_faces(deck)
        w, h = deck.settings.card
        clear = deck.game.clear_cards
        background = CLEAR if clear else WHITE
        labelled = [(label, face) for _stem, label, face in faces]
        shapes, sheet_w, sheet_h = contact_sheet(labelled, w, h, CONTACT_COLUMNS, outline=clear)
        # At most CONTACT_PIXELS pixels, so a 1,000-card deck's sheet stays small in memory too.
        area_in2 = (sheet_w / 25.4) * (sheet_h / 25.4)
        contact_dpi = max(1, min(dpi, CONTACT_DPI, int((CONTACT_PIXELS / area_in2) ** 0.5)))
        # The contact sheet first: it is the longest, and the cards fill in around it.
        pictures: list[tuple[str, Sequence[Primitive], float, float, int, Rgba]] = [
            (f"{deck.game.output_stem(deck.options)}-contact", shapes, sheet_w, sheet_h, contact_dpi, WHITE)
        ]
        pictures += [(stem, face.primitives, w, h, dpi, background) for stem, _label, face in faces]
        for stem, shapes_, width, height, picture_dpi, colour in pictures:
            path = folder / f"{stem}.png"
            pieces.append((partial(_png_of, shapes_, width, height, picture_dpi, colour), _writer(path, progress)))
    return pieces


def _png_of(shapes: Sequence[Primitive], width: float, height: float, dpi: int, background: Rgba) -> bytes:
    """One picture's PNG file: shapes drawn at a size (mm) and DPI on a background."""
    from deckgen.render.png import draw, png_bytes

    return png_bytes(draw(shapes, width, height, dpi, background), dpi)


def _writer(path: Path, progress: Progress | None, units: int = 1) -> Callable[[bytes], list[Path]]:
    """What writes a piece's bytes to ``path`` and moves the progress bar on."""

    def finish(data: bytes) -> list[Path]:
        try:
            write_atomic(path, data)
        except DeckgenError as error:
            raise DeckgenError(_users_path(str(error), path)) from None
        if progress is not None:
            progress(units)
        return [path]

    return finish


def _users_path(message: str, path: Path) -> str:
    """A message about a staged file, naming the place the user will find it instead of the
    hidden staging folder (``out/.deckgen-build-x1y2/svg/a.svg`` → ``out/svg/a.svg``)."""
    for folder in path.parents:
        if folder.name.startswith(STAGING_PREFIX):
            return message.replace(str(folder), str(folder.parent))
    return message


#: How a deck's PDF is printed, for its Subject field: one card a page, folded backs, backs
#: printed two-sided (flipped on the long or the short edge), or one side.
SUBJECTS = {
    "single": N_("{cards} to print on {media} at actual size (100 %), one card a page"),
    "fold": N_(
        "{cards} to print on {media} at actual size (100 %), one-sided; cut out each card with its back along "
        "the marks, then fold the back behind it"
    ),
    "long-edge": N_(
        "{cards} to print on {media} at actual size (100 %), two-sided, flip on long edge, then cut along the marks"
    ),
    "short-edge": N_(
        "{cards} to print on {media} at actual size (100 %), two-sided, flip on short edge, then cut along the marks"
    ),
    "one side": N_("{cards} to print on {media} at actual size (100 %), then cut along the marks"),
}


def print_subject(deck: DeckJob[Any]) -> str:
    """What the PDF holds and how to print it, for its Subject field (a print dialog or a shop reads
    it), in the language spoken."""
    settings = deck.settings
    if settings.single:
        how = "single"
    elif deck.game.has_backs and settings.backs_printed:
        how = settings.duplex
    else:
        how = "one side"
    said = _(SUBJECTS[how]).format(cards=_cards_phrase(deck.game), media=_(MEDIA_NAMES[settings.media]))
    return first_upper(said)


def pack_page_size(papers: list[tuple[float, float]], usual: str = "letter") -> tuple[float, float]:
    """The teacher pack goes on the paper the sheets use (A4 or letter), else on the ``usual``
    paper of the class's country (``a4`` or ``letter``), in points."""
    paper = next((PAPER_SIZES[name] for name in ("a4", "letter") if PAPER_SIZES[name] in papers), PAPER_SIZES[usual])
    return mm_to_pt(paper[0]), mm_to_pt(paper[1])


def run(job: BuildJob, progress: Progress | None = None) -> list[Path]:
    """Draw and write every file of the job: all of them, or none.

    Everything is written into a hidden staging folder inside ``--out`` (the same file
    system), and only when all of it is there is it moved into place; the files it replaces
    are set aside first and put back if any move fails or the build is stopped. The files of
    earlier builds that this one no longer writes (an SVG sheet past the new count, the PNG
    of a card that is gone) are removed last. If anything fails, ``--out`` is as it was — a
    folder the build had to create is removed again.
    """
    missing = [folder for folder in [job.request.out, *job.request.out.parents] if not folder.exists()]
    try:
        # The steps that change --out outside the staging folder are each made whole, a stop
        # that comes meanwhile raised after them (see deckgen.signals): so a stop never leaves
        # half a recovery, a staging folder no one removes, or half of one removed.
        with waiting():
            out = make_folder(job.request.out)
        with locked(out):
            staging: Path | None = None
            try:
                with waiting():
                    recover(out)  # a build killed earlier: its move finished or undone, its debris gone
                    staging = _staging_folder(out)
                staged = _write_all(job, progress, staging)
                pause_for_tests("staged")
                return commit(out, staging, staged, partial(_owns, job))
            finally:
                if staging is not None:
                    with waiting():
                        shutil.rmtree(staging, ignore_errors=True)
    except Busy:
        raise  # the folder is another build's now: leave it be, even if this one made it
    except BaseException:
        with waiting():
            for folder in missing:  # innermost first; only folders this build made, and only if empty
                try:
                    folder.rmdir()
                except OSError:
                    break
        raise


def _staging_folder(out: Path) -> Path:
    """A new hidden folder inside ``out`` for the build's files until they move into place."""
    try:
        # In the form of ``out`` (relative stays relative): Python 3.12 and later give an
        # absolute path even for a relative ``dir``, which the files' places are then not inside.
        return out / Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out)).name
    except OSError as error:
        raise DeckgenError(
            _("--out {out}: cannot write in it ({reason}); choose another folder").format(
                out=out, reason=error.strerror
            )
        ) from None


def _write_all(job: BuildJob, progress: Progress | None, root: Path) -> list[Path]:
    """Every file of the job. Its pieces (a PDF, the teacher pack, an SVG sheet, a PNG) are
    made side by side, one per core, and written here in a fixed order: the files are the
    same as when made one after another."""
    pieces: list[Piece] = []
    laser_index: LaserIndex = []
    if "pdf" in job.request.formats:
        pieces += pdf_pieces(job, progress, root)
    if job.laser:
        pieces += laser_pieces(job, progress, root, laser_index)
    if "png" in job.request.formats:
        pieces += png_pieces(job, progress, root)
    workers = default_workers()
    written: list[Path] = []
    # Closed on the way out, whatever happens: a failed write or a stop ends the workers now.
    with closing(run_tasks([work for work, _finish in pieces], workers)) as results:
        for (_work, finish), result in zip(pieces, results, strict=True):
            written += finish(result)
    if job.laser:
        # Cards, cut length and travel of every sheet, for the person at the laser.
        index = root / "svg" / "index.json"
        write_atomic(index, json.dumps({"sheets": laser_index}, indent=2) + "\n")
        written.append(index)
    return written


def pdf_pieces(job: BuildJob, progress: Progress | None, root: Path) -> list[Piece]:
    """The teacher pack (first: it takes longest) and a PDF per deck."""
    pieces: list[Piece] = []
    # The calibration sheet goes with the teacher pack, whose printing guide explains it.
    calibration = calibration_sheet(job) if job.request.pack else None
    # A CMYK kit prints every page on K alone: the pack and the calibration sheet too.
    cmyk = any(d.settings.cmyk for d in job.decks.values())
    command = job.request.command
    if job.request.pack:
        pieces.append((teacher_pack(job, calibration is not None), _writer(root / job.pack_file, progress)))
    if calibration is not None:
        pieces.append(
            (
                partial(_calibration_pdf, calibration, cmyk, command, job.request.language),
                _writer(root / job.calibration_file, progress),
            )
        )
    for deck in job.decks.values():
        settings = deck.settings
        with speaking(job.request.language):  # a print dialog or a shop reads them: the build's language
            subject = print_subject(deck)
            title = first_upper(_cards_phrase(deck.game))
        work = partial(_deck_pdf, deck.plan, title, subject, settings.duplex, settings.cmyk, command)
        pieces.append((work, _writer(root / f"{job.file_stem(deck)}.pdf", progress, len(deck.plan.pages))))
    return pieces


def teacher_pack(job: BuildJob, calibration: bool) -> Callable[[], bytes]:
    """The work that sets the job's teacher pack (run in a worker); ``calibration``: the build
    writes the calibration sheet beside it (the pack names its file)."""
    sheets = [d.settings.paper for d in job.decks.values() if d.settings.on_sheets]
    with speaking(job.request.language):  # the entries' words are the pack's
        sets, entries = packing_entries(job)
    decks = [(key, d.deck, d.settings.card) for key, d in job.decks.items()]
    cmyk = any(d.settings.cmyk for d in job.decks.values())
    return partial(
        _pack_pdf,
        decks,
        sets,
        entries,
        pack_page_size(sheets, usual_paper(job.request.country)),
        cmyk,
        job.calibration_file if calibration else "",
        job.request.command,
        job.request.language,
    )


def calibration_sheet(job: BuildJob) -> CalibrationSheet | None:
    """The calibration sheet for the first deck whose backs are printed two-sided on sheets, on
    its paper and flipped its way (``None``: no such deck, or paper too small for the sheet)."""
    for deck in job.decks.values():
        settings = deck.settings
        if deck.backs_two_sided and settings.on_sheets and fits_calibration(settings.paper):
            return CalibrationSheet(settings.paper[0], settings.paper[1], settings.duplex)
    return None


def _cmyk_ink(cmyk: bool) -> CmykInk | None:
    """The games' print colours, for a file in CMYK (``--color cmyk``); ``None`` for RGB."""
    from deckgen.render.colours import CmykInk

    return CmykInk.of(cmyk_palette()) if cmyk else None


def _calibration_pdf(sheet: CalibrationSheet, cmyk: bool, command: str, language: str) -> bytes:
    """The calibration sheet, in the pack's language (a worker speaks only what it is told)."""
    from deckgen.render.calibration_pdf import calibration_pdf

    with speaking(language):
        return calibration_pdf(sheet, _cmyk_ink(cmyk), command)


def _deck_pdf(plan: SheetPlan, title: str, subject: str, duplex: Duplex, cmyk: bool, command: str) -> bytes:
    from deckgen.render.pdf import plan_to_pdf

    return plan_to_pdf(plan, title, None, subject, duplex, cmyk=_cmyk_ink(cmyk), keywords=command)


def _pack_pdf(
    decks: list[tuple[str, Any, tuple[float, float]]],
    sets: int,
    entries: list[PackingEntry],
    page_size: tuple[float, float],
    cmyk: bool = False,
    calibration: str = "",
    command: str = "",
    language: str = "en",
) -> bytes:
    """The teacher pack, in ``language``: each game's pages (worked out here, in a worker: answer
    keys take a solver), then the packing list and printing guide (``calibration``: the file name
    of the calibration sheet written beside it, if any)."""
    from deckgen.render.pack_pdf import teacher_pack_pdf, text_width

    with speaking(language):
        width = text_width(page_size)
        names, sections = [], []
        for key, deck, card in decks:
            game = find_game(key)
            names.append(_(game.name))  # a game named in words (flash cards) in the pack's language
            sections += game.pack_sections(deck, card, width)
        return teacher_pack_pdf(names, sections, sets, entries, page_size, _cmyk_ink(cmyk), calibration, command)


def _owns(job: BuildJob, relative: str) -> bool:
    """Whether a file an earlier build wrote (a path inside ``--out``) is this build's to replace:
    the laser sheets of a laser build, the pictures of the games a PNG build previews."""
    folder, _slash, name = relative.partition("/")
    if folder == "svg" and job.laser:
        return True
    if folder == "png" and "png" in job.request.formats and "/" not in name:
        return owner_of_picture(name, tuple(job.decks)) is not None
    return False
