"""The laser bed: the settings a build accepts (with a one-line message for each it refuses),
and the grid of cards a bed holds."""

from __future__ import annotations

from deckgen.errors import Code, DeckgenError
from deckgen.i18n import _, decimal_g
from deckgen.layout.sheets import Grid, impose
from deckgen.printing import LaserSettings

#: The widest kerf accepted: real beams burn 0.05 to 0.5 mm.
MAX_KERF = 2.0


def check_settings(settings: LaserSettings, card: tuple[float, float]) -> None:
    w, h = card
    if settings.kerf < 0:
        raise DeckgenError(
            _("--kerf must not be negative; measure your laser's kerf (often 0.1-0.2 mm) or use 0"),
            code=Code.BAD_VALUE,
            option="kerf",
        )
    if settings.kerf > MAX_KERF:
        raise DeckgenError(
            _("--kerf {kerf} mm: a laser burns away 0.05 to 0.5 mm; use at most {most} mm, e.g. 0.15mm").format(
                kerf=decimal_g(settings.kerf), most=decimal_g(MAX_KERF)
            ),
            code=Code.BAD_VALUE,
            option="kerf",
        )
    if settings.corner_radius < 0 or settings.corner_radius > min(w, h) / 2:
        raise DeckgenError(
            _("--corner-radius {radius} mm: use 0 to {most} mm").format(
                radius=decimal_g(settings.corner_radius), most=decimal_g(min(w, h) / 2)
            ),
            code=Code.BAD_VALUE,
            option="corner_radius",
        )
    if settings.registration and (settings.corner_radius or not settings.common_line):
        # Printed cards touch: a card's own outline would cut each edge it shares with the next
        # a second time (double burns, charred edges).
        option, flag = (
            ("corner_radius", "corner-radius") if settings.corner_radius else ("common_line", "no-common-line")
        )
        raise DeckgenError(
            _(
                "--{option} cannot be used with --registration: printed cards touch, so each shared edge would "
                "be cut twice; cut square corners along common lines"
            ).format(option=flag),
            code=Code.BAD_VALUE,
            option=option,
        )
    if settings.registration and settings.kerf:
        raise DeckgenError(
            _("--kerf cannot be used with --registration: printed cards touch; leave the kerf to the cutter"),
            code=Code.BAD_VALUE,
            option="kerf",
        )


def laser_grid(settings: LaserSettings, card: tuple[float, float]) -> Grid:
    """Cards on the bed: touching (kerf apart) for common-line cuts, else at least 1 mm and 2 x kerf apart."""
    w, h = card
    if settings.common_line and settings.corner_radius == 0:
        gap = settings.kerf
    else:
        gap = max(2 * settings.kerf, 1.0) + settings.kerf
    bed_w, bed_h = settings.bed
    try:
        return impose(bed_w, bed_h, w, h, settings.margin, gap)
    except DeckgenError:
        raise DeckgenError(
            _(
                "a {width} x {height} mm card does not fit on a {bed_width} x {bed_height} mm bed with {margin} mm "
                "margins; choose a larger --bed or a smaller --margin"
            ).format(
                width=decimal_g(w),
                height=decimal_g(h),
                bed_width=decimal_g(bed_w),
                bed_height=decimal_g(bed_h),
                margin=decimal_g(settings.margin),
            )
        ) from None
