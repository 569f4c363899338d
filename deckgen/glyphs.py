"""The one glyph source: single-stroke shapes for digits, operation signs and label letters.

Every backend draws these same centre-lines with round caps and joins: the PDF as paths,
the SVG as paths (a laser can score them directly), the PNG as thick lines. So a card looks
the same on film, on acrylic and on screen, and no backend depends on a font.

Glyph coordinates are in *em*: x from 0 to the glyph's width, y from 0 (baseline) up to 1
(cap height). A glyph drawn at size ``s`` mm with stroke ``STROKE * s`` covers, with its
round caps, a box ``STROKE * s / 2`` larger than its centre-lines on every side.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

Point = tuple[float, float]

#: Stroke width as a share of the glyph size.
STROKE = 0.14
#: Space between glyphs, as a share of the size (on top of the stroke width).
TRACKING = 0.12
#: Radius of a dot (as in ÷) as a share of the size.
DOT = 0.1


@dataclass(frozen=True)
class Glyph:
    """Centre-lines of one character: open or closed polylines, and round dots."""

    width: float
    strokes: tuple[tuple[Point, ...], ...]
    dots: tuple[Point, ...] = ()


#: The largest distance, in mm, between a drawn curve and the polyline that stands for it:
#: half a 600 dpi printer's dot, so no chord ever shows.
FLATNESS_MM = 0.02


def arc_steps(radius: float, sweep: float, tolerance: float) -> int:
    """The fewest equal chords along an arc of ``radius`` sweeping ``sweep`` radians that stay within
    ``tolerance`` of it (any unit, the same for both)."""
    if radius <= tolerance:
        return 1
    per_chord = 2 * math.acos(1 - tolerance / radius)
    return max(1, math.ceil(abs(sweep) / per_chord))


def _arc(
    cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 24, tolerance: float = 0.0
) -> list[Point]:
    """Points on an elliptical arc from ``start`` to ``end`` degrees (counter-clockwise if end > start).

    At least ``steps`` chords, and more where the glyphs are drawn large enough for those to
    show: ``tolerance`` is the flatness in em the arc must keep (0: the glyphs' own chords).
    """
    digits = 4
    if tolerance > 0:
        steps = max(steps, arc_steps(max(rx, ry), math.radians(end - start), tolerance))
        digits = 7  # 0.0001 em of a large glyph would be more than the flatness
    points = []
    for k in range(steps + 1):
        angle = math.radians(start + (end - start) * k / steps)
        points.append((round(cx + rx * math.cos(angle), digits), round(cy + ry * math.sin(angle), digits)))
    return points


def _glyphs(tolerance: float = 0.0) -> dict[str, Glyph]:
    """Every glyph, its curves built to ``tolerance`` em (a parameter, never a module global: the
    page lays out text in several threads at once, each at its own size)."""

    def arc(cx: float, cy: float, rx: float, ry: float, start: float, end: float, steps: int = 24) -> list[Point]:
        return _arc(cx, cy, rx, ry, start, end, steps, tolerance)

    g: dict[str, Glyph] = {}
    g["0"] = Glyph(0.6, (tuple(arc(0.3, 0.5, 0.3, 0.5, 90, 450, 48)),))
    g["1"] = Glyph(0.6, (((0.1, 0.78), (0.34, 1.0), (0.34, 0.0)), ((0.1, 0.0), (0.58, 0.0))))
    g["2"] = Glyph(0.6, (tuple(arc(0.3, 0.71, 0.29, 0.29, 165, -35)) + ((0.02, 0.0), (0.6, 0.0)),))
    g["3"] = Glyph(
        0.6,
        (tuple(arc(0.3, 0.74, 0.26, 0.26, 150, -90, 18) + arc(0.3, 0.24, 0.3, 0.24, 90, -150, 24)[1:]),),
    )
    g["4"] = Glyph(0.62, (((0.46, 0.0), (0.46, 1.0), (0.0, 0.3), (0.62, 0.3)),))
    g["5"] = Glyph(0.6, (((0.56, 1.0), (0.1, 1.0), (0.08, 0.55)) + tuple(arc(0.3, 0.32, 0.3, 0.32, 135, -145)),))
    # 6 and 9: the stem is a curve that meets the loop tangentially at its side, one stroke,
    # so it never pokes into the loop; the 9 is the 6 turned half round.
    g["6"] = Glyph(0.6, (tuple(arc(0.6, 0.3, 0.6, 0.7, 100, 180, 12) + arc(0.3, 0.3, 0.3, 0.3, 180, 540, 40)[1:]),))
    g["7"] = Glyph(0.6, (((0.0, 1.0), (0.6, 1.0), (0.2, 0.0)),))
    g["8"] = Glyph(
        0.6,
        (tuple(arc(0.3, 0.77, 0.24, 0.23, -90, 270, 36)), tuple(arc(0.3, 0.27, 0.3, 0.27, 90, 450, 40))),
    )
    g["9"] = Glyph(0.6, (tuple(arc(0.3, 0.7, 0.3, 0.3, 0, 360, 40) + arc(0.0, 0.7, 0.6, 0.7, 0, -80, 12)[1:]),))
    g["+"] = Glyph(0.7, (((0.05, 0.45), (0.65, 0.45)), ((0.35, 0.15), (0.35, 0.75))))
    g["-"] = Glyph(0.7, (((0.05, 0.45), (0.65, 0.45)),))
    g["*"] = Glyph(0.6, (((0.05, 0.2), (0.55, 0.7)), ((0.05, 0.7), (0.55, 0.2))))
    g["/"] = Glyph(0.7, (((0.05, 0.45), (0.65, 0.45)),), dots=((0.35, 0.78), (0.35, 0.12)))
    # Times and divide as German and French schools write them (see deckgen/maths_signs.py).
    g["·"] = Glyph(0.4, (), dots=((0.2, 0.45),))
    g[":"] = Glyph(0.4, (), dots=((0.2, 0.75), (0.2, 0.15)))
    g["="] = Glyph(0.7, (((0.05, 0.3), (0.65, 0.3)), ((0.05, 0.62), (0.65, 0.62))))
    g[" "] = Glyph(0.35, ())
    g["E"] = Glyph(0.52, (((0.52, 1.0), (0.0, 1.0), (0.0, 0.0), (0.52, 0.0)), ((0.0, 0.5), (0.42, 0.5))))
    g["N"] = Glyph(0.62, (((0.0, 0.0), (0.0, 1.0), (0.62, 0.0), (0.62, 1.0)),))
    g["R"] = Glyph(
        0.58,
        (
            ((0.0, 0.0), (0.0, 1.0), (0.3, 1.0)) + tuple(arc(0.3, 0.75, 0.25, 0.25, 90, -90, 16)) + ((0.0, 0.5),),
            ((0.3, 0.5), (0.58, 0.0)),
        ),
    )
    g["S"] = Glyph(
        0.58,
        (tuple(arc(0.29, 0.74, 0.27, 0.26, 20, 270, 24) + arc(0.29, 0.26, 0.29, 0.24, 90, -160, 24)),),
    )
    g["T"] = Glyph(0.6, (((0.0, 1.0), (0.6, 1.0)), ((0.3, 1.0), (0.3, 0.0))))
    g["X"] = Glyph(0.6, (((0.0, 0.0), (0.6, 1.0)), ((0.0, 1.0), (0.6, 0.0))))
    g["A"] = Glyph(0.64, (((0.0, 0.0), (0.32, 1.0), (0.64, 0.0)), ((0.11, 0.34), (0.53, 0.34))))
    g["B"] = Glyph(
        0.56,
        (
            ((0.28, 0.54), (0.0, 0.54), (0.0, 1.0), (0.28, 1.0)) + tuple(arc(0.28, 0.77, 0.23, 0.23, 90, -90, 12)),
            ((0.0, 0.54), (0.0, 0.0), (0.3, 0.0)) + tuple(arc(0.3, 0.27, 0.26, 0.27, -90, 90, 12)),
        ),
    )
    g["C"] = Glyph(0.6, (tuple(arc(0.32, 0.5, 0.32, 0.5, 45, 315, 30)),))
    g["G"] = Glyph(0.62, (tuple(arc(0.32, 0.5, 0.32, 0.5, 45, 345, 32)) + ((0.62, 0.45), (0.38, 0.45)),))
    g["K"] = Glyph(0.56, (((0.0, 0.0), (0.0, 1.0)), ((0.56, 1.0), (0.0, 0.38)), ((0.2, 0.6), (0.56, 0.0))))
    g["O"] = Glyph(0.74, (tuple(arc(0.37, 0.5, 0.37, 0.5, 90, 450, 48)),))
    g["P"] = Glyph(
        0.54,
        (((0.0, 0.0), (0.0, 1.0), (0.27, 1.0)) + tuple(arc(0.27, 0.74, 0.27, 0.26, 90, -90, 14)) + ((0.0, 0.48),),),
    )
    g["Y"] = Glyph(0.62, (((0.0, 1.0), (0.31, 0.5), (0.62, 1.0)), ((0.31, 0.5), (0.31, 0.0))))
    g["D"] = Glyph(
        0.58, (((0.0, 0.0), (0.0, 1.0), (0.22, 1.0)) + tuple(arc(0.22, 0.5, 0.36, 0.5, 90, -90, 24)) + ((0.0, 0.0),),)
    )
    g["F"] = Glyph(0.5, (((0.5, 1.0), (0.0, 1.0), (0.0, 0.0)), ((0.0, 0.52), (0.4, 0.52))))
    g["H"] = Glyph(0.6, (((0.0, 0.0), (0.0, 1.0)), ((0.6, 0.0), (0.6, 1.0)), ((0.0, 0.5), (0.6, 0.5))))
    g["I"] = Glyph(0.3, (((0.15, 0.0), (0.15, 1.0)), ((0.0, 1.0), (0.3, 1.0)), ((0.0, 0.0), (0.3, 0.0))))
    g["J"] = Glyph(0.5, (((0.5, 1.0), (0.5, 0.26)) + tuple(arc(0.25, 0.26, 0.25, 0.26, 0, -160, 16)[1:]),))
    g["L"] = Glyph(0.5, (((0.0, 1.0), (0.0, 0.0), (0.5, 0.0)),))
    g["M"] = Glyph(0.72, (((0.0, 0.0), (0.0, 1.0), (0.36, 0.3), (0.72, 1.0), (0.72, 0.0)),))
    g["Q"] = Glyph(0.74, (tuple(arc(0.37, 0.5, 0.37, 0.5, 90, 450, 48)), ((0.44, 0.22), (0.74, -0.02))))
    g["U"] = Glyph(0.6, (((0.0, 1.0), (0.0, 0.3)) + tuple(arc(0.3, 0.3, 0.3, 0.3, 180, 360, 20)[1:]) + ((0.6, 1.0),),))
    g["V"] = Glyph(0.62, (((0.0, 1.0), (0.31, 0.0), (0.62, 1.0)),))
    g["W"] = Glyph(0.84, (((0.0, 1.0), (0.21, 0.0), (0.42, 0.7), (0.63, 0.0), (0.84, 1.0)),))
    g["Z"] = Glyph(0.56, (((0.0, 1.0), (0.56, 1.0), (0.0, 0.0), (0.56, 0.0)),))
    # The umlauts of the words printed in German ("RÜCKSEITE"): the letter with two dots above it.
    for plain, marked in (("A", "Ä"), ("O", "Ö"), ("U", "Ü")):
        base = g[plain]
        middle = base.width / 2
        g[marked] = Glyph(base.width, base.strokes, (*base.dots, (middle - 0.16, 1.22), (middle + 0.16, 1.22)))
    _lower_case(g, arc)
    return g


#: Height of the lower-case letters without ascenders (x, a, n), in em: large, as in books for
#: early readers.
X_HEIGHT = 0.66
#: How far descenders (g, p, y) reach below the baseline, in em.
DESCENDER = 0.3


def _lower_case(g: dict[str, Glyph], arc: Callable[..., list[Point]]) -> None:
    """The lower-case letters of the word games, as a child is taught to write them: a and g
    with one storey, l with a tail, t and f crossed at the x-height; and the accented letters
    of Spanish, French and German (an accent, two dots or a tilde over the letter)."""
    xh, down = X_HEIGHT, -DESCENDER
    half = xh / 2

    def bowl(cx: float) -> tuple[Point, ...]:
        return tuple(arc(cx, half, 0.28, half, 90, 450, 40))

    def arch(x: float, radius: float) -> tuple[Point, ...]:
        """A shoulder from a stem at ``x`` over to the right and down to the baseline (n, m, h)."""
        return tuple(arc(x + radius, xh - radius, radius, radius, 180, 0, 16)) + ((x + 2 * radius, 0.0),)

    g["a"] = Glyph(0.56, (bowl(0.28), ((0.56, xh), (0.56, 0.0))))
    g["b"] = Glyph(0.56, (bowl(0.28), ((0.0, 1.0), (0.0, 0.0))))
    g["c"] = Glyph(0.54, (tuple(arc(0.3, half, 0.3, half, 45, 315, 30)),))
    g["d"] = Glyph(0.56, (bowl(0.28), ((0.56, 1.0), (0.56, 0.0))))
    g["e"] = Glyph(0.58, (((0.01, half), (0.58, half)) + tuple(arc(0.29, half, 0.29, half, 0, 320, 36))[1:],))
    g["f"] = Glyph(0.46, (tuple(arc(0.38, 0.84, 0.2, 0.16, 20, 180, 14)) + ((0.18, 0.0),), ((0.0, xh), (0.4, xh))))
    g["g"] = Glyph(
        0.56,
        (bowl(0.28), ((0.56, xh), (0.56, down + 0.2)) + tuple(arc(0.28, down + 0.2, 0.28, 0.2, 0, -160, 16))[1:]),
    )
    g["h"] = Glyph(0.54, (((0.0, 1.0), (0.0, 0.0)), arch(0.0, 0.27)))
    g["i"] = Glyph(0.2, (((0.1, xh), (0.1, 0.0)),), dots=((0.1, xh + 0.22),))
    g["j"] = Glyph(
        0.34,
        (((0.3, xh), (0.3, down + 0.16)) + tuple(arc(0.12, down + 0.16, 0.18, 0.16, 0, -170, 12))[1:],),
        dots=((0.3, xh + 0.22),),
    )
    g["k"] = Glyph(0.5, (((0.0, 1.0), (0.0, 0.0)), ((0.48, xh), (0.0, 0.24)), ((0.17, 0.38), (0.5, 0.0))))
    g["l"] = Glyph(0.3, (((0.05, 1.0), (0.05, 0.14)) + tuple(arc(0.19, 0.14, 0.14, 0.14, 180, 300, 10))[1:],))
    g["m"] = Glyph(0.8, (((0.0, xh), (0.0, 0.0)), arch(0.0, 0.2), arch(0.4, 0.2)))
    g["n"] = Glyph(0.54, (((0.0, xh), (0.0, 0.0)), arch(0.0, 0.27)))
    g["o"] = Glyph(0.6, (tuple(arc(0.3, half, 0.3, half, 90, 450, 40)),))
    g["p"] = Glyph(0.56, (bowl(0.28), ((0.0, xh), (0.0, down))))
    g["q"] = Glyph(0.56, (bowl(0.28), ((0.56, xh), (0.56, down))))
    g["r"] = Glyph(0.4, (((0.0, xh), (0.0, 0.0)), tuple(arc(0.26, xh - 0.26, 0.26, 0.26, 180, 50, 12))))
    g["s"] = Glyph(
        0.48,
        (
            tuple(
                arc(0.24, xh * 0.74, 0.23, xh * 0.26, 20, 270, 20) + arc(0.24, xh * 0.26, 0.24, xh * 0.24, 90, -160, 20)
            ),
        ),
    )
    g["t"] = Glyph(
        0.44,
        (((0.16, 0.92), (0.16, 0.14)) + tuple(arc(0.32, 0.14, 0.16, 0.14, 180, 300, 10))[1:], ((0.0, xh), (0.4, xh))),
    )
    g["u"] = Glyph(
        0.54,
        (((0.0, xh), (0.0, 0.27)) + tuple(arc(0.27, 0.27, 0.27, 0.27, 180, 360, 16))[1:], ((0.54, xh), (0.54, 0.0))),
    )
    g["v"] = Glyph(0.56, (((0.0, xh), (0.28, 0.0), (0.56, xh)),))
    g["w"] = Glyph(0.8, (((0.0, xh), (0.2, 0.0), (0.4, xh * 0.8), (0.6, 0.0), (0.8, xh)),))
    g["x"] = Glyph(0.52, (((0.0, 0.0), (0.52, xh)), ((0.0, xh), (0.52, 0.0))))
    g["y"] = Glyph(0.56, (((0.0, xh), (0.28, 0.0)), ((0.56, xh), (0.28, 0.0), (0.14, down))))
    g["z"] = Glyph(0.5, (((0.0, xh), (0.5, xh), (0.0, 0.0), (0.5, 0.0)),))
    g["ß"] = Glyph(
        0.54,
        (
            ((0.0, 0.0), (0.0, 0.76))
            + tuple(arc(0.23, 0.76, 0.23, 0.24, 180, -40, 14))[1:]
            + ((0.16, 0.5),)
            + tuple(arc(0.26, 0.26, 0.28, 0.24, 90, -125, 16)),
        ),
    )
    # Accents over a letter: the acute rising to the right, two dots, a tilde.
    ticks = {"á": "a", "é": "e", "í": "ı", "ó": "o", "ú": "u"}
    g["ı"] = Glyph(0.2, (((0.1, xh), (0.1, 0.0)),))
    for marked, plain in ticks.items():
        base, middle = g[plain], g[plain].width / 2
        g[marked] = Glyph(
            base.width, (*base.strokes, ((middle - 0.06, xh + 0.14), (middle + 0.12, xh + 0.34))), base.dots
        )
    for marked, plain in (("ä", "a"), ("ö", "o"), ("ü", "u")):
        base, middle = g[plain], g[plain].width / 2
        g[marked] = Glyph(base.width, base.strokes, (*base.dots, (middle - 0.15, xh + 0.2), (middle + 0.15, xh + 0.2)))
    base = g["n"]
    wave = tuple((0.04 + 0.46 * t / 8, xh + 0.2 + 0.07 * math.sin(math.pi * t / 4)) for t in range(9))
    g["ñ"] = Glyph(base.width, (*base.strokes, wave))


GLYPHS: dict[str, Glyph] = _glyphs()


@cache
def _table(scale: int) -> dict[str, Glyph]:
    return _glyphs(FLATNESS_MM / scale)


def glyph_table(size: float | None) -> dict[str, Glyph]:
    """The glyphs for text ``size`` mm tall, every curve within :data:`FLATNESS_MM` of its arc.

    Sizes are taken in powers of two (a 40 mm digit is built as for 64 mm), so the few large
    sizes of a deck share one table; small text keeps the glyphs' own chords, already finer.
    """
    if size is None or size <= 0:
        return GLYPHS
    return _table(2 ** max(0, math.ceil(math.log2(size))))


def text_width(text: str) -> float:
    """Width of ``text`` in em, centre-line to centre-line (add ``STROKE`` for the ink)."""
    if not text:
        return 0.0
    return sum(glyph(ch).width for ch in text) + TRACKING * (len(text) - 1) + STROKE * (len(text) - 1)


def centre_line_bounds(text: str) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) of the centre-lines of ``text`` in em, as laid out by :func:`layout_text`."""
    strokes, dots = layout_text(text)
    points = [p for line in strokes for p in line] + dots
    if not points:
        return 0.0, 0.0, 0.0, 0.0
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return min(xs), min(ys), max(xs), max(ys)


def glyph(character: str) -> Glyph:
    try:
        return GLYPHS[character]
    except KeyError:
        raise ValueError(f"no stroke glyph for {character!r}") from None


def layout_text(text: str, size: float | None = None) -> tuple[list[tuple[Point, ...]], list[Point]]:
    """Strokes and dots of ``text`` in em, first glyph's left edge at x = 0, baseline y = 0;
    ``size``: the size it is drawn at (mm), for curves flat enough at that size."""
    strokes: list[tuple[Point, ...]] = []
    dots: list[Point] = []
    x = 0.0
    table = glyph_table(size)
    for ch in text:
        glyph(ch)  # unknown characters are named here
        shape = table[ch]
        strokes += [tuple((x + px, py) for px, py in line) for line in shape.strokes]
        dots += [(x + px, py) for px, py in shape.dots]
        x += shape.width + TRACKING + STROKE
    return strokes, dots
