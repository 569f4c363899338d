"""Card faces: what is drawn on one side of a card, in card millimetres (origin top-left of
the trim), and the small drawing helpers every game's faces share.

Each game draws its own faces (``deckgen/games/<game>/faces.py``); sheets, PNG previews and
laser files take them as :class:`Face` objects and never look inside.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from deckgen.glyphs import GLYPHS, STROKE, centre_line_bounds
from deckgen.i18n import N_, _
from deckgen.layout.primitives import BLACK, Box, Primitive, Stroke, text
from deckgen.print_choices import Media

#: The word a card's set number follows ("SET 3"), and the contact sheet's name for a back:
#: printed in the stroke font's capitals.
SET_WORD = N_("SET")
BACK_WORD = N_("BACK")


def printed_word(word: str) -> str:
    """A word printed in the stroke font (:data:`SET_WORD`, :data:`BACK_WORD`), in the language
    being spoken and in capitals ("SATZ", "JEU", "RÜCKSEITE"); as written in English where the
    stroke font lacks one of its letters."""
    said = _(word).upper()
    return said if said and all(letter in GLYPHS for letter in said) else word


def set_word() -> str:
    """The word before a card's set number in the language being spoken ("SATZ 3", "JEU 3", "JUEGO 3")."""
    return printed_word(SET_WORD)


DIGIT_COLOUR = BLACK
#: Card ids are printed small and dark grey: readable when sorting, quiet in play.
ID_COLOUR = "#333333"


@dataclass(frozen=True)
class TextLine:
    """A line of a face's text as text, where its letters are drawn (mm, y down).

    The letters themselves are drawn as outlines; this is what a PDF carries beside them as an
    invisible layer, so a viewer can find and copy the words and a screen reader can read them.
    ``text`` is in reading order; ``rtl``: the line reads right to left.
    """

    text: str
    x: float
    baseline: float
    width: float
    size: float
    rtl: bool = False

    def mirrored(self, width: float) -> TextLine:
        return replace(self, x=width - self.x - self.width)

    def scaled(self, factor: float, cx: float, cy: float) -> TextLine:
        return replace(
            self,
            x=cx + (self.x - cx) * factor,
            baseline=cy + (self.baseline - cy) * factor,
            width=self.width * factor,
            size=self.size * factor,
        )


@dataclass(frozen=True)
class Face:
    """One drawable side of a card (or an overlay such as a set label).

    ``text``: the face's words as text (see :class:`TextLine`); faces drawn only as marks have none.
    """

    key: str
    width: float
    height: float
    primitives: tuple[Primitive, ...]
    text: tuple[TextLine, ...] = ()


@dataclass(frozen=True)
class CardFaces:
    """Every card of a deck as it is drawn: ids, fronts, backs (if any) and the set label.

    ``backs`` has one face per card; cards that share a back share the face (same key), so
    each distinct back is drawn once in a PDF.
    """

    ids: Sequence[str]
    fronts: Sequence[Face]
    backs: Sequence[Face] | None
    label: Callable[[int], Face]
    #: The set label of the backs, where backs differ from card to card (so that the back
    #: pages of two sets cannot be mixed up); ``None``: backs carry no label.
    back_label: Callable[[int], Face] | None = None


def frame_inset(width: float, height: float) -> float:
    """How far inside the trim a card's printed frame and its corner marks sit (mm)."""
    return max(3.0, 0.05 * min(width, height))


def digit(value: int, cx: float, cy: float, size: float, colour: str = DIGIT_COLOUR) -> list[Primitive]:
    """A number whose drawn shape is centred on (cx, cy), at ``size`` mm cap height.

    Centred by the shape itself, not by its advance width, so a 1 sits as squarely in its
    cell as an 8 does.
    """
    x0, y0, x1, y1 = centre_line_bounds(str(value))
    left = cx - (x0 + x1) / 2 * size
    baseline = cy + (y0 + y1) / 2 * size
    return text(str(value), left, baseline, size, colour)


#: How digits read when a card is turned half round (those missing read as nothing).
TURNED_DIGITS = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}


def reads_differently_turned(value: int) -> bool:
    """A value that, turned half round, reads as another number: 6 and 9, 16 and 91, 68 and 89.

    Such values get a bar under them, as on playing cards and dice, so a corner index seen
    upside down is never taken for its twin.
    """
    written = str(value)
    if any(ch not in TURNED_DIGITS for ch in written):
        return False
    turned = "".join(TURNED_DIGITS[ch] for ch in reversed(written))
    return turned != written and not turned.startswith("0")


def underline(content: str, left: float, baseline: float, size: float, colour: str = BLACK) -> Stroke:
    """A bar under ``content`` as laid out by :func:`text` at ``left``, at the stroke's width."""
    x0, _, x1, _ = centre_line_bounds(content)
    y = baseline + 0.24 * size
    return Stroke(((left + x0 * size, y), (left + x1 * size, y)), STROKE * size, colour)


def for_media(face: Face, media: Media) -> Face:
    """Film gets no backgrounds: fills are dropped, outlines and ink stay."""
    if media != Media.TRANSPARENCY:
        return face
    shapes: list[Primitive] = [replace(s, fill=None) if isinstance(s, Box) and s.fill else s for s in face.primitives]
    return replace(face, primitives=tuple(shapes))
