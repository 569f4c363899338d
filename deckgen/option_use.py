"""Options that would do nothing: a typed option no deck of the build uses is refused.

``--mirror`` on card stock or ``--back-offset`` for cards without backs change no file, and a
user who typed them expects them to. Rather than ignore such an option, the build stops
with one line that says why it does nothing and what to do instead. An option that at
least one deck of the build uses is fine: a build of two games may carry an option meant
for one of them (``--mirror`` for the film deck of a film-and-card-stock kit).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from deckgen.errors import Code, DeckgenError
from deckgen.i18n import N_, _, joined
from deckgen.options import OptionValues, origin
from deckgen.print_choices import Duplex, Engrave, Marks, SetSheets
from deckgen.print_options import LASER_OPTIONS, MEDIA_NAMES

#: Print options that only shape the printed sheets.
PRINT_ONLY = ("mirror", "color", "marks", "layout", "set_sheets", "back_offset", "duplex", "bleed", "media")
#: Every laser option.
LASER_ONLY = tuple(option.name for option in LASER_OPTIONS)

if TYPE_CHECKING:
    from deckgen.games.base import Game
    from deckgen.printing import LaserSettings, PrintSettings


def idle_reason(name: str, value: object, game: Game, settings: PrintSettings) -> str | None:
    """Why the option ``name`` typed as ``value`` does nothing for this deck (``None``: it does something)."""
    single = settings.single
    if name == "mirror" and value and not settings.on_film:
        return _(
            "it prints the sheets mirror-image for the back of transparency film, and {game} is printed on "
            "{media}; leave it out, or add --media transparency"
        ).format(game=_(game.name), media=_(MEDIA_NAMES[settings.media]))
    if name == "duplex" and value != Duplex.NONE and not game.has_backs:
        return _("{game} cards have no backs, so nothing is printed on the other side; leave it out").format(
            game=_(game.name)
        )
    if name == "back_offset" and isinstance(value, Iterable) and tuple(value) != (0.0, 0.0):
        return _back_offset_idle(game, settings)
    if name == "set_sheets" and value == SetSheets.SHARED and (settings.sets == 1 or single):
        if single:
            return _("with --layout single each card is its own page, so sets never share a sheet; leave it out")
        return _("with one set there is nothing to share; leave it out, or print more --sets")
    if name == "paper" and single:
        return _("with --layout single each card is its own page, so there is no sheet to size; leave it out")
    if name == "margin" and single and settings.bleed:
        return _(
            "with --layout single and a bleed each card is its own page, trimmed by a print shop, so art "
            "keeps 3 mm inside the trim whatever the margin; leave it out"
        )
    if name == "marks" and value != Marks.NONE and single:
        return _(
            "with --layout single each card is its own page and its edges are the cut, so there is nothing to mark"
        )
    return None


def _back_offset_idle(game: Game, settings: PrintSettings) -> str | None:
    if not game.has_backs:
        return _("{game} cards have no backs to move; leave it out").format(game=_(game.name))
    if settings.on_film:
        return _("cards on transparency film are printed on one side, so there are no backs to move; leave it out")
    if not settings.backs_printed:
        return _("with --duplex none no backs are printed; leave it out, or choose --duplex long-edge or short-edge")
    if settings.folded:
        return _(
            "with --duplex fold each back is printed beside its card and folded behind it, so it cannot "
            "land off; leave it out"
        )
    return None


#: The files each option shapes (any option not named shapes every format). Print options shape
#: the PDF sheets; the laser options, the SVG sheets; the paper and margin also the SVG page of a
#: print-and-cut build; the sets, the laser sheets too.
FORMATS_SHAPED: dict[str, frozenset[str]] = {
    **{name: frozenset({"pdf"}) for name in PRINT_ONLY},
    "paper": frozenset({"pdf", "svg"}),
    "margin": frozenset({"pdf", "svg"}),
    "sets": frozenset({"pdf", "svg"}),
    "registration": frozenset({"pdf", "svg"}),
    **{name: frozenset({"svg"}) for name in LASER_ONLY},
    "dpi": frozenset({"png"}),
    "pack": frozenset({"pdf"}),
}
FORMAT_NAMES = {
    "pdf": N_("the printed sheets (PDF)"),
    "svg": N_("the laser files (SVG)"),
    "png": N_("the PNG pictures"),
}


def format_reason(name: str, formats: Sequence[str]) -> str | None:
    """Why an option does nothing for the formats being made (``None``: it shapes one of them)."""
    shaped = FORMATS_SHAPED.get(name) or _game_option_formats(name)
    if shaped is None or shaped & set(formats):
        return None
    wanted = sorted(shaped)[0]
    return _("it shapes {files}, and this build makes {formats} only; leave it out, or add --format {wanted}").format(
        files=joined([_(FORMAT_NAMES[f]) for f in sorted(shaped)]), formats=", ".join(sorted(formats)), wanted=wanted
    )


def _game_option_formats(name: str) -> frozenset[str] | None:
    """The files a game's own option shapes, where it says (a laser-only option of one game)."""
    from deckgen.games import game_options

    for option in game_options("build"):
        if option.name == name and option.formats:
            return frozenset(option.formats)
    return None


def refuse_idle_options(
    typed: OptionValues, decks: Sequence[tuple[Game, PrintSettings]], formats: Sequence[str] = ("pdf",)
) -> None:
    """Stop the build at the first typed option that the formats made, or every deck, would ignore."""
    for name, value in typed.items():
        if value is None:
            continue
        reason = format_reason(name, formats)
        if reason:
            raise DeckgenError(
                _("{option} does nothing here: {reason}").format(option=origin(name), reason=reason),
                code=Code.OPTION_NOT_HERE,
                option=name,
            )
        reasons = [idle_reason(name, value, game, settings) for game, settings in decks]
        if decks and all(reasons):
            raise DeckgenError(
                _("{option} does nothing here: {reason}").format(option=origin(name), reason=reasons[0]),
                code=Code.OPTION_NOT_HERE,
                option=name,
            )


def refuse_unengraved(typed: OptionValues, lasers: Sequence[LaserSettings], formats: Sequence[str]) -> None:
    """A game's flag that adds a scored or engraved line (``--frame``), given with ``--engrave
    none``, which scores and engraves nothing: it would be dropped without a word."""
    from deckgen.games import game_options

    if "svg" not in formats or not lasers or any(laser.engrave != Engrave.NONE for laser in lasers):
        return
    for option in game_options("build"):
        if option.engraved and typed.get(option.name):
            said = _("{option} adds a line the laser scores, and --engrave none scores nothing; leave out one of them")
            raise DeckgenError(said.format(option=option.flag), code=Code.OPTION_NOT_HERE, option=option.name)
