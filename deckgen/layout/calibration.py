"""The calibration sheet: where its rulers and offset scales go, in mm (y down).

Printed two-sided and held up to a window with the front facing you, each of two long lines
on the front crosses a staircase of short numbered lines printed on the back. Step n of the
staircase sits ``reading`` mm to the left of (above) the long line, so if the back lands e mm
to the right (lower) — as seen from the front — the step numbered e lies exactly on the long
line. The x and y numbers read there are what ``--back-offset`` takes, and
:func:`deckgen.layout.sheets.back_position` then draws the backs that far the other way.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.layout.sheets import seen_from_front
from deckgen.print_choices import Duplex
from deckgen.units import MAX_BACK_OFFSET, MM_PER_INCH

#: Readings run from -SCALE_RANGE to +SCALE_RANGE mm in SCALE_STEP steps, one step of the
#: staircase each, ROW mm apart so that every number has room.
SCALE_RANGE = MAX_BACK_OFFSET
SCALE_STEP = 0.5
ROW = 4.0
READINGS: tuple[float, ...] = tuple(
    k * SCALE_STEP for k in range(-round(SCALE_RANGE / SCALE_STEP), round(SCALE_RANGE / SCALE_STEP) + 1)
)


#: The smallest paper the sheet fits on (mm), upright: its instructions run to about 181 mm
#: across and its scales to about 236 mm down, inside 12 mm margins (letter and A4 both fit).
MIN_PAPER = (195.0, 255.0)


def fits_calibration(paper: tuple[float, float]) -> bool:
    return paper[0] >= MIN_PAPER[0] and paper[1] >= MIN_PAPER[1]


@dataclass(frozen=True)
class Tick:
    """One mark of a scale: a line from ``start`` to ``end`` and its reading (``None``: unlabelled)."""

    start: tuple[float, float]
    end: tuple[float, float]
    label: str | None


@dataclass(frozen=True)
class CalibrationSheet:
    width: float
    height: float
    duplex: Duplex
    margin: float = 12.0

    @property
    def x_scale_centre(self) -> tuple[float, float]:
        """Top of the front's long upright line (the X reading's zero)."""
        return self.width * 0.3, 152.0

    @property
    def y_scale_centre(self) -> tuple[float, float]:
        """Left end of the front's long level line (the Y reading's zero)."""
        return self.width * 0.5, 175.0

    def ruler_mm(self) -> list[Tick]:
        """A 100 mm ruler: a baseline and a tick every millimetre, numbered every centimetre."""
        x0, y = self.margin + 8, 52.0
        ticks = [Tick((x0, y), (x0 + 100.0, y), None)]
        for mm in range(101):
            length = 6.0 if mm % 10 == 0 else 4.0 if mm % 5 == 0 else 2.5
            ticks.append(Tick((x0 + mm, y), (x0 + mm, y - length), str(mm // 10) if mm % 10 == 0 else None))
        return ticks

    def ruler_inch(self) -> list[Tick]:
        """A 4 inch ruler: a tick every eighth of an inch, numbered every inch."""
        x0, y = self.margin + 8, 78.0
        inch = MM_PER_INCH
        ticks = [Tick((x0, y), (x0 + 4 * inch, y), None)]
        for eighth in range(33):
            x = x0 + eighth * inch / 8
            length = 6.0 if eighth % 8 == 0 else 4.0 if eighth % 4 == 0 else 2.5
            ticks.append(Tick((x, y), (x, y - length), str(eighth // 8) if eighth % 8 == 0 else None))
        return ticks

    def square(self) -> tuple[float, float, float]:
        """(x, y, side) of a 50 mm square to measure both ways."""
        return self.width - self.margin - 8 - 50.0, 34.0, 50.0

    def staircases(self) -> tuple[list[Tick], list[Tick], list[Tick], list[Tick]]:
        """The front's two long lines, and the back's two staircases, in *front* coordinates."""
        (xx, xy), (yx, yy) = self.x_scale_centre, self.y_scale_centre
        span = ROW * len(READINGS)
        front_x = [Tick((xx, xy), (xx, xy + span), None)]
        front_y = [Tick((yx, yy), (yx + span, yy), None)]
        back_x, back_y = [], []
        for n, reading in enumerate(READINGS):
            label = f"{reading:+g}" if reading else "0"
            x = xx - reading
            back_x.append(Tick((x, xy + ROW * n + 0.5), (x, xy + ROW * n + ROW - 0.5), label))
            y = yy - reading
            back_y.append(Tick((yx + ROW * n + 0.5, y), (yx + ROW * n + ROW - 0.5, y), label))
        return front_x, front_y, back_x, back_y

    def on_back(self, point: tuple[float, float]) -> tuple[float, float]:
        """Where to draw on the back page a point meant to show at ``point`` through the sheet."""
        return seen_from_front(self.width, self.height, point[0], point[1], self.duplex)
