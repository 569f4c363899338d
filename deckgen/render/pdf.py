"""PDF backend (reportlab): draws a :class:`~deckgen.layout.sheets.SheetPlan`.

Each card face becomes one Form XObject, drawn once and placed wherever the plan puts it,
so a 30-set classroom kit stays small. Millimetres become points only here. The canvas is
``invariant`` so the same plan always gives the same bytes.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Iterable

from reportlab.pdfgen.canvas import Canvas

from deckgen.layout.primitives import PRINTED_ROLES, Box, Disc, Picture, Primitive, Shape, Stroke
from deckgen.layout.sheets import SheetPlan
from deckgen.print_choices import Duplex
from deckgen.render.colours import CmykInk, colour
from deckgen.render.fonts import register_fonts
from deckgen.render.text_layer import draw_text_layer, layer_font
from deckgen.units import mm_to_pt

#: Roles the printed sheet shows. ``cut`` outlines are for blades, not ink.


def new_canvas(buffer: io.BytesIO, title: str, subject: str = "", keywords: str = "") -> Canvas:
    """A canvas whose bytes depend only on what is drawn; ``keywords``: the command that made the file."""
    regular, _ = register_fonts()
    canvas = Canvas(buffer, invariant=1, pageCompression=1, initialFontName=regular)
    canvas.setTitle(title)
    canvas.setSubject(subject or title)
    canvas.setAuthor("deckgen")
    canvas.setCreator("deckgen")
    canvas.setProducer("deckgen")
    if keywords:
        canvas.setKeywords(keywords)
    return canvas


def draw_primitives(
    canvas: Canvas,
    shapes: Iterable[Primitive],
    height: float,
    cmyk: CmykInk | None = None,
    glyphs: set[str] | None = None,
    pictures: dict[int, str] | None = None,
) -> None:
    """Draw shapes given in mm with y down, in a frame ``height`` mm tall whose origin is its bottom-left.

    ``glyphs``: letters already defined as forms (see :func:`define_glyphs`), placed rather than
    drawn; ``pictures``: the same for pictures (see :func:`define_pictures`).
    """
    k = mm_to_pt(1.0)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    letters_in: str | None = None  # the fill colour letters last set, while nothing else changed it
    for shape in shapes:
        if shape.role not in PRINTED_ROLES:
            continue
        if not isinstance(shape, Shape):
            letters_in = None
        if isinstance(shape, Stroke):
            canvas.setStrokeColor(colour(shape.colour, cmyk))
            canvas.setLineWidth(shape.width * k)
            path = canvas.beginPath()
            x, y = shape.points[0]
            path.moveTo(x * k, (height - y) * k)
            for x, y in shape.points[1:]:
                path.lineTo(x * k, (height - y) * k)
            if shape.closed:
                path.close()
            canvas.drawPath(path, stroke=1, fill=0)
        elif isinstance(shape, Shape):
            if shape.colour != letters_in:  # a line of letters sets its colour once
                canvas.setFillColor(colour(shape.colour, cmyk))
                letters_in = shape.colour
            if glyphs is not None and shape.glyph in glyphs:
                x, y = shape.origin
                canvas.addLiteral("q 1 0 0 1 %.3f %.3f cm" % (x * k, (height - y) * k))  # noqa: UP031
                canvas.doForm(_glyph_name(shape.glyph))
                canvas.addLiteral("Q")
            else:
                canvas.addLiteral(_outline_operators(shape, height, k))
        elif isinstance(shape, Disc):
            canvas.setFillColor(colour(shape.colour, cmyk))
            canvas.circle(shape.cx * k, (height - shape.cy) * k, shape.r * k, stroke=0, fill=1)
        elif isinstance(shape, Picture):
            if pictures is not None and id(shape.data) in pictures:
                place_picture(canvas, shape, pictures[id(shape.data)], height, k)
            else:
                draw_picture(canvas, shape, height, k)
        elif isinstance(shape, Box):
            if shape.fill:
                canvas.setFillColor(colour(shape.fill, cmyk))
            if shape.stroke:
                canvas.setStrokeColor(colour(shape.stroke, cmyk))
                canvas.setLineWidth(shape.width * k)
            canvas.rect(
                shape.x * k,
                (height - shape.y - shape.h) * k,
                shape.w * k,
                shape.h * k,
                stroke=1 if shape.stroke else 0,
                fill=1 if shape.fill else 0,
            )


def draw_picture(canvas: Canvas, picture: Picture, height: float, k: float) -> None:
    """A picture stretched over its box (flipped left-right if mirrored), transparency kept."""
    from reportlab.lib.utils import ImageReader

    canvas.saveState()
    x, y, w = picture.x * k, (height - picture.y - picture.h) * k, picture.w * k
    if picture.mirrored:
        canvas.translate(x + w, y)
        canvas.scale(-1, 1)
        x, y = 0, 0
    canvas.drawImage(ImageReader(io.BytesIO(picture.data)), x, y, w, picture.h * k, mask="auto")
    canvas.restoreState()


def define_pictures(canvas: Canvas, shapes: Iterable[Primitive], defined: dict[int, str]) -> None:
    """Define each picture among ``shapes`` not yet in ``defined`` (by its bytes) as a form one
    point square, once, to be placed and stretched wherever it is drawn (:func:`place_picture`).

    A picture on a hundred cards is then read and decoded once, not once a card: reportlab
    decodes a picture whole to tell whether it has seen it before, a second or more for a
    photo of 60 megapixels."""
    import hashlib

    from reportlab.lib.utils import ImageReader

    names = set(defined.values())
    for shape in shapes:
        if not isinstance(shape, Picture) or shape.role not in PRINTED_ROLES or id(shape.data) in defined:
            continue
        name = "P" + hashlib.sha256(shape.data).hexdigest()[:32]
        if name not in names:
            canvas.beginForm(name, 0, 0, 1, 1)
            canvas.drawImage(ImageReader(io.BytesIO(shape.data)), 0, 0, 1, 1, mask="auto")
            canvas.endForm()
            names.add(name)
        defined[id(shape.data)] = name


def place_picture(canvas: Canvas, picture: Picture, name: str, height: float, k: float) -> None:
    """A picture defined by :func:`define_pictures`, stretched over its box (flipped left-right if mirrored)."""
    x, y, w, h = picture.x * k, (height - picture.y - picture.h) * k, picture.w * k, picture.h * k
    if picture.mirrored:
        x, w = x + w, -w
    canvas.addLiteral("q %.4f 0 0 %.4f %.4f %.4f cm" % (w, h, x, y))  # noqa: UP031
    canvas.doForm(name)
    canvas.addLiteral("Q")


def define_glyphs(canvas: Canvas, shapes: Iterable[Primitive], defined: set[str]) -> None:
    """Define each letter outline among ``shapes`` not yet in ``defined`` as a form, once.

    Text set from a font repeats the same letters at the same size again and again: drawn once
    and placed, they make the file a fraction of the size and quick to write. A form's
    origin is the letter's origin; it takes the fill colour of where it is placed.
    """
    k = mm_to_pt(1.0)
    for shape in shapes:
        if not isinstance(shape, Shape) or shape.glyph is None or shape.glyph in defined:
            continue
        relative = Shape(shape.outline, fill_rule=shape.fill_rule)
        xs = [x for ring in relative.outline for x, _ in ring]
        ys = [y for ring in relative.outline for _, y in ring]
        canvas.beginForm(_glyph_name(shape.glyph), min(xs) * k - 1, -max(ys) * k - 1, max(xs) * k + 1, -min(ys) * k + 1)
        canvas.addLiteral(_outline_operators(relative, 0.0, k))
        canvas.endForm()
        defined.add(shape.glyph)


def _glyph_name(key: str) -> str:
    return "G" + "".join(ch if ch.isalnum() else "_" for ch in key)


def _outline_operators(shape: Shape, height: float, k: float) -> str:
    """A shape's contours as PDF path operators, filled by its rule: ``f`` for non-zero (a font's
    own rule, so that overlapping contours of a letter stay filled), ``f*`` for even-odd.

    Written out here rather than through reportlab's path object, point by point: a deck of
    text cards has hundreds of thousands of outline points, and this is four times faster.
    Coordinates are in points to a thousandth (0.0004 mm).
    """
    parts = []
    for ring in shape.contours:
        points = ["%.3f %.3f" % (x * k, (height - y) * k) for x, y in ring]  # noqa: UP031 (the fast way)
        parts.append(points[0] + " m " + " l ".join(points[1:]) + " l h")
    return " ".join(parts) + (" f*" if shape.fill_rule == "evenodd" else " f")


def render_plan(
    canvas: Canvas, plan: SheetPlan, progress: Callable[[int], None] | None = None, cmyk: CmykInk | None = None
) -> None:
    """Add the plan's pages to ``canvas`` (forms are defined the first time they are used).

    A face with text as text (flash cards) carries it as an invisible layer over its letters
    (see :mod:`deckgen.render.text_layer`)."""
    k = mm_to_pt(1.0)
    defined: set[str] = set()
    glyphs: set[str] = set()
    pictures: dict[int, str] = {}
    font = layer_font(line for face in plan.faces.values() for line in face.text)
    for page in plan.pages:
        canvas.setPageSize((page.width * k, page.height * k))
        if page.trim is not None:
            x, y, w, h = page.trim
            canvas.setTrimBox((x * k, (page.height - y - h) * k, (x + w) * k, (page.height - y) * k))
            canvas.setBleedBox((0, 0, page.width * k, page.height * k))
        for placement in page.placements:
            face = plan.faces[placement.face]
            name = _form_name(face.key)
            if name not in defined:
                define_glyphs(canvas, face.primitives, glyphs)
                define_pictures(canvas, face.primitives, pictures)
                canvas.beginForm(name, 0, 0, face.width * k, face.height * k)
                draw_primitives(canvas, face.primitives, face.height, cmyk, glyphs, pictures)
                if face.text and font is not None:
                    draw_text_layer(canvas, face.text, face.height, font)
                canvas.endForm()
                defined.add(name)
            canvas.saveState()
            canvas.translate(placement.x * k, (page.height - placement.y - face.height) * k)
            canvas.doForm(name)
            canvas.restoreState()
        draw_primitives(canvas, page.extras, page.height, cmyk)
        canvas.showPage()
        if progress is not None:
            progress(1)


def _form_name(key: str) -> str:
    return "F" + "".join(ch if ch.isalnum() else "_" for ch in key)


#: The print dialog's duplex setting for each way of placing backs (PDF ViewerPreferences).
DUPLEX_PREFERENCE = {Duplex.LONG_EDGE: "DuplexFlipLongEdge", Duplex.SHORT_EDGE: "DuplexFlipShortEdge"}


def ask_for_actual_size(canvas: Canvas, duplex: Duplex = Duplex.NONE) -> None:
    """Ask the print dialog to print at 100 % (no fit to page) and, for backs, to flip as planned."""
    canvas.setViewerPreference("PrintScaling", "None")
    canvas.setViewerPreference("Duplex", DUPLEX_PREFERENCE.get(duplex, "Simplex"))


def plan_to_pdf(
    plan: SheetPlan,
    title: str,
    progress: Callable[[int], None] | None = None,
    subject: str = "",
    duplex: Duplex = Duplex.NONE,
    cmyk: CmykInk | None = None,
    keywords: str = "",
) -> bytes:
    """The plan as PDF bytes; ``duplex`` is how its back pages were placed (none: one-sided);
    ``keywords``: the command that made it (see :mod:`deckgen.record`)."""
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, title, subject, keywords)
    has_backs = any(page.side == "back" for page in plan.pages)
    ask_for_actual_size(canvas, duplex if has_backs else Duplex.NONE)
    render_plan(canvas, plan, progress, cmyk)
    canvas.save()
    return buffer.getvalue()
