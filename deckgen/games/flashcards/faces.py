"""Flash-card faces: the front's text large and bold, the back's text, a colour band, the id.

The text is set from the font's outlines (:mod:`deckgen.games.flashcards.text`), as large
as the card allows and never below :data:`MIN_TEXT` mm cap height; ids and set labels use
deckgen's stroke font, like every other game's. Faces are made once per card and size.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from deckgen.errors import DeckgenError
from deckgen.games.flashcards.card_pictures import picture_primitives
from deckgen.games.flashcards.fonts import FontChain, MissingGlyph, chain_for
from deckgen.games.flashcards.model import SIDE_NAMES, FlashCard, FlashDeck
from deckgen.games.flashcards.text import TextDoesNotFit, lay_out_text
from deckgen.glyphs import text_width
from deckgen.i18n import _, decimal_g
from deckgen.layout.faces import ID_COLOUR, Face, TextLine, frame_inset
from deckgen.layout.primitives import BLACK, Box, Primitive, text

#: The smallest text (cap height, mm) set on a card: about 10 pt type, read at arm's length.
MIN_TEXT = 2.5
#: The largest text: a single short word is set this big at most.
MAX_TEXT = 14.0
FRAME = "#9AA7B8"


@dataclass(frozen=True)
class FlashGeometry:
    """Where things sit on a flash card of a given size (mm)."""

    width: float
    height: float

    @property
    def inset(self) -> float:
        return frame_inset(self.width, self.height)

    @property
    def band(self) -> float:
        """Height of the colour band along the top."""
        return max(2.0, 0.04 * self.height)

    @property
    def label_size(self) -> float:
        """Cap height of the card id and the set label."""
        return min(2.2, 0.03 * self.height)

    @property
    def label_baseline(self) -> float:
        return self.height - self.inset - 0.6

    @property
    def text_box(self) -> tuple[float, float, float, float]:
        """Where the text goes: inside the frame, clear of the band above and the id below, centred."""
        reserve = self.inset / 2 + max(self.band, self.label_size) + 4.5
        side = self.inset + 4.0
        return side, reserve, self.width - 2 * side, self.height - 2 * reserve

    @property
    def max_text(self) -> float:
        return min(MAX_TEXT, 0.16 * self.height)


#: Characters named one by one in the line about undrawable ones; past this, "and N more".
SHOWN_CHARACTERS = 8


def deck_fonts(deck: FlashDeck) -> FontChain:
    """The fonts a deck's cards are drawn with: the user's, the shipped ones, and this
    computer's for what those lack (see :func:`~deckgen.games.flashcards.fonts.chain_for`)."""
    text = tuple(part for card in deck.cards for part in (card.front, card.back))
    return chain_for(text, deck.fonts, deck.script_forms)


def undrawable(cards: Sequence[FlashCard], chain: FontChain) -> str:
    """Every character of these cards that no font of ``chain`` can draw, each with its rows, in one
    line ("'汉' (U+6C49) in rows 2, 5; '字' (U+5B57) in row 2"), or "" when every one can be drawn.

    Said all at once, so the person writing the cards fixes the sheet in one go, not one
    character a build."""
    rows: dict[str, list[int]] = {}
    unit = cards[0].unit if cards else "row"
    for card in cards:
        # The bold chain has the same faces as the regular one, so one look covers both sides.
        for char in chain.missing(card.front + card.back):
            seen = rows.setdefault(char, [])
            if card.row not in seen:
                seen.append(card.row)
    if not rows:
        return ""
    parts = []
    for char, where in list(rows.items())[:SHOWN_CHARACTERS]:
        numbers = ", ".join(str(row) for row in where[:6])
        if len(where) > 6:
            numbers = _("{rows} and {count} more").format(rows=numbers, count=len(where) - 6)
        if unit == "note":
            place = _("{char} ({code}) in note {rows}") if len(where) == 1 else _("{char} ({code}) in notes {rows}")
        else:
            place = _("{char} ({code}) in row {rows}") if len(where) == 1 else _("{char} ({code}) in rows {rows}")
        parts.append(place.format(char=repr(char), code=f"U+{ord(char):04X}", rows=numbers))
    more = len(rows) - SHOWN_CHARACTERS
    named = "; ".join(parts)
    if more > 0:
        named = _("{characters}; and {count} more").format(characters=named, count=more)
    count = len(rows)
    if count == 1:
        line = _("{count} character no card font can draw: {characters}; {fix}, or write it another way")
    else:
        line = _("{count} characters no card font can draw: {characters}; {fix}, or write them another way")
    return line.format(count=count, characters=named, fix=_fix(rows))


def _fix(rows: dict[str, list[int]]) -> str:
    """How to get a font for the characters missing: the package that has one, or the user's own."""
    from deckgen.games.flashcards.system_fonts import language_of

    if language_of(rows) != "und":
        return _(
            "install a Chinese, Japanese and Korean font (on Debian or Ubuntu: apt install fonts-noto-cjk) or name a "
            "font that has them with --font yourfont.ttf"
        )
    if any(0x1F000 <= ord(c) <= 0x1FAFF or 0x2600 <= ord(c) <= 0x27BF for c in rows):
        return _(
            "colour emoji cannot be printed as outlines; leave them out, or name a font that has them with --font "
            "yourfont.ttf"
        )
    if len(rows) > 1:
        return _("name a font that has them with --font yourfont.ttf")
    return _("name a font that has it with --font yourfont.ttf")


#: The share of the text box's height a picture takes when the side has text too (the text goes below).
PICTURE_SHARE = 0.58
#: The gap between a picture and its text (mm).
PICTURE_GAP = 2.0


def _share(box: tuple[float, float, float, float], with_text: bool) -> tuple[tuple[float, float, float, float], ...]:
    """The picture's box and the text's: the whole box for a picture alone, else the picture above."""
    x, y, width, height = box
    if not with_text:
        return box, box
    top = height * PICTURE_SHARE
    return (x, y, width, top), (x, y + top + PICTURE_GAP, width, height - top - PICTURE_GAP)


def text_box(card: FlashCard, side: str, geometry: FlashGeometry) -> tuple[float, float, float, float]:
    """Where a side's text goes: the whole text box, or below the side's picture."""
    picture = card.front_picture if side == "front" else card.back_picture
    if picture is None:
        return geometry.text_box
    words = card.front if side == "front" else card.back
    return _share(geometry.text_box, bool(words.strip()))[1]


def front(card: FlashCard, geometry: FlashGeometry, frame: bool = True, chain: FontChain | None = None) -> Face:
    return _side(card, geometry, "front", frame, chain or chain_for((card.front, card.back)))


def back(card: FlashCard, geometry: FlashGeometry, frame: bool = True, chain: FontChain | None = None) -> Face:
    return _side(card, geometry, "back", frame, chain or chain_for((card.front, card.back)))


def label(number: int, geometry: FlashGeometry, word: str = "SET") -> Face:
    """'SET n' (``word``: the language's "SET") at the bottom right, on the line of the card id."""
    shapes = text(
        f"{word} {number}",
        geometry.width - geometry.inset - 0.6,
        geometry.label_baseline,
        geometry.label_size,
        ID_COLOUR,
        anchor="right",
    )
    return Face(f"flash-label-{number}", geometry.width, geometry.height, tuple(shapes))


@lru_cache(maxsize=4096)
def _side(card: FlashCard, geometry: FlashGeometry, side: str, frame: bool, chain: FontChain) -> Face:
    """One side of a card. ``frame``: the printed frame (left out on laser files, like Treenex's)."""
    w, h, inset = geometry.width, geometry.height, geometry.inset
    shapes: list[Primitive] = []
    if frame:
        shapes.append(Box(inset / 2, inset / 2, w - inset, h - inset, card.colour or FRAME, None, 0.3))
    if card.colour:
        shapes.append(Box(inset / 2, inset / 2, w - inset, geometry.band, None, card.colour))
    words = card.front if side == "front" else card.back
    box = geometry.text_box
    if box[2] < 2 * MIN_TEXT or box[3] < 2 * MIN_TEXT:
        raise DeckgenError(
            _(
                "a {width} x {height} mm card leaves no room for text inside its frame; choose a larger --card-size"
            ).format(width=decimal_g(w), height=decimal_g(h))
        )
    picture = card.front_picture if side == "front" else card.back_picture
    if picture is not None:
        shapes += picture_primitives(picture, _share(box, bool(words.strip()))[0])
    box = text_box(card, side, geometry)
    try:
        setting = lay_out_text(
            words,
            box,
            max_size=geometry.max_text,
            min_size=MIN_TEXT,
            colour=BLACK,
            bold=side == "front",
            chain=chain,
        )
    except TextDoesNotFit as error:
        raise DeckgenError(
            _(
                "{where}, {side}: {error} (the card is {width} x {height} mm; a larger --card-size gives the text more "
                "room)"
            ).format(where=card.where, side=_(SIDE_NAMES[side]), error=error, width=decimal_g(w), height=decimal_g(h))
        ) from None
    except MissingGlyph as error:
        raise DeckgenError(
            _("{where}, {side}: {error}; write it another way or leave it out").format(
                where=card.where, side=_(SIDE_NAMES[side]), error=error
            )
        ) from None
    shapes += setting.shapes
    shapes += text(card.id, inset + 0.6, geometry.label_baseline, geometry.label_size, ID_COLOUR)
    id_width = text_width(card.id) * geometry.label_size
    layer = (*setting.lines, TextLine(card.id, inset + 0.6, geometry.label_baseline, id_width, geometry.label_size))
    suffix = "" if side == "front" else "-back"
    key = f"flash-{card.id}{suffix}" + ("" if frame else "-unframed")
    return Face(key, w, h, tuple(shapes), layer)
