"""The flash-card fonts: a chain of faces, shaped with HarfBuzz and drawn from their outlines.

Flash-card text is drawn from the fonts' own outlines (see :class:`deckgen.layout.primitives.Shape`),
so every backend draws the same letters and no font has to be embedded or installed where the
file is printed. Each character is drawn by the first face of a :class:`FontChain` that has it:

1. the fonts the user names (``--font FILE``), so that a font chosen is used wherever it can be;
2. Atkinson Hyperlegible (the Braille Institute's face, drawn so that letters easily confused,
   such as I l 1 and O 0, look different), which has Latin and the maths signs;
3. Noto Sans for Greek, Cyrillic and the rest of Latin; Noto Sans Arabic, Heebo (Hebrew),
   Noto Sans Devanagari and Noto Sans Thai, all shipped as Python packages;
4. fonts found on the computer for what is still missing, Chinese, Japanese and Korean above
   all (:mod:`deckgen.games.flashcards.system_fonts`).

Text is shaped by HarfBuzz run by run (:mod:`deckgen.games.flashcards.shaping`), so Arabic
letters join, Devanagari vowel signs and conjuncts take their places and the fonts' kerning
applies. Fronts are bold: a variable font is read at weight 700, a font with no bold is
emboldened by HarfBuzz.

All measures here are in font units, y up, as in the font; :mod:`deckgen.games.flashcards.text`
scales them to millimetres. Everything is cached, so a deck that repeats letters pays for each
glyph once.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path

from fontTools.ttLib import TTFont

try:
    import uharfbuzz as hb
except ImportError:  # in a browser (Pyodide): the same HarfBuzz, compiled to WebAssembly
    from deckgen.inbrowser import harfbuzz as hb

from deckgen.games.flashcards.outlines import Contour, FlatteningPen

# The largest distance, in mm, between a curve in the font and the polygon that stands for it:
# one flatness for every curve deckgen draws.
from deckgen.glyphs import FLATNESS_MM
from deckgen.i18n import _, number

#: Flattening tolerances are powers of two font units between these exponents (see :func:`tolerance_exponent`).
_MIN_EXPONENT = -6
_MAX_EXPONENT = 6

#: How much HarfBuzz thickens a font that has no bold of its own, in ems (its usual amount).
SYNTHETIC_BOLD = 0.02

#: The largest font file read (the largest fonts, collections of every Chinese, Japanese and
#: Korean face, are some 120 MB).
MAX_FONT_BYTES = 250_000_000

#: Characters that never need a glyph of their own: they join, break or steer the text.
INVISIBLE = frozenset(" \n\r\t\u200b\u200c\u200d\u200e\u200f\u2060\ufeff")


class MissingGlyph(ValueError):
    """A character that no face of the chain can draw."""


@dataclass(frozen=True, eq=False)
class Glyph:
    """One glyph of a face: its id and where its ink lies.

    Each face makes one ``Glyph`` per glyph id and keeps it, so glyphs compare by identity.
    """

    face: FontFace
    gid: int
    #: How far the glyph moves the pen on its own (font units), before shaping adjusts it.
    advance: float
    #: The ink's (x_min, y_min, x_max, y_max) in font units, y up; ``None`` for a glyph with no ink (a space).
    bounds: tuple[float, float, float, float] | None


@dataclass(frozen=True)
class ShapedGlyph:
    """A glyph as HarfBuzz placed it in a run: its advance and offset (font units)."""

    glyph: Glyph
    advance: float
    dx: float
    dy: float


class FontFace:
    """One font (one face of a collection) at one weight, with its glyphs and outlines cached.

    ``variations`` picks an instance of a variable font (``{"wght": 700}``); ``embolden`` asks
    HarfBuzz to thicken the outlines (for a bold side in a font that has no bold).
    """

    def __init__(
        self,
        key: str,
        data: bytes,
        index: int = 0,
        variations: dict[str, float] | None = None,
        embolden: bool = False,
    ) -> None:
        self.key = key
        self.hb_face = hb.Face(hb.Blob(data), index)
        self.hb_font = hb.Font(self.hb_face)
        if variations:
            self.hb_font.set_variations(variations)
        if embolden:
            self.hb_font.synthetic_bold = (SYNTHETIC_BOLD, SYNTHETIC_BOLD, False)
        self.codepoints: frozenset[int] = frozenset(self.hb_face.unicodes)
        self.units_per_em: int = self.hb_face.upem
        self._glyphs: dict[int, Glyph] = {}
        self._outlines: dict[tuple[int, int], tuple[Contour, ...]] = {}
        self.cap_height: float = self._cap_height(data, index)

    def __repr__(self) -> str:
        return f"FontFace({self.key!r})"

    def _cap_height(self, data: bytes, index: int) -> float:
        """The height of a capital, from OS/2, or else measured on 'H', or else 0.7 em."""
        font = TTFont(BytesIO(data), fontNumber=index, lazy=True)
        cap = getattr(font["OS/2"], "sCapHeight", 0) if "OS/2" in font else 0
        if cap > 0:
            return float(cap)
        if ord("H") in self.codepoints:
            bounds = self.glyph(self.hb_font.get_nominal_glyph(ord("H")) or 0).bounds
            if bounds is not None:
                return float(bounds[3])
        return 0.7 * self.units_per_em

    def has(self, char: str) -> bool:
        return ord(char) in self.codepoints

    def glyph(self, gid: int) -> Glyph:
        """The glyph with this id (made once, then kept)."""
        found = self._glyphs.get(gid)
        if found is None:
            extents = self.hb_font.get_glyph_extents(gid)
            bounds = None
            if extents is not None and extents.width != 0 and extents.height != 0:
                x0 = float(extents.x_bearing)
                y1 = float(extents.y_bearing)
                bounds = (x0, y1 + float(extents.height), x0 + float(extents.width), y1)
            found = Glyph(self, gid, float(self.hb_font.get_glyph_h_advance(gid)), bounds)
            self._glyphs[gid] = found
        return found

    def shape(self, text: str, rtl: bool, language: str) -> tuple[ShapedGlyph, ...]:
        """The glyphs HarfBuzz sets ``text`` with, left to right as they are drawn.

        ``rtl``: the run reads right to left (its glyphs still come out in drawing order).
        ``language`` is fixed by the caller, never the computer's own, so the same text gives
        the same glyphs everywhere.
        """
        buffer = hb.Buffer()
        buffer.add_str(text)
        buffer.direction = "rtl" if rtl else "ltr"
        buffer.language = language
        buffer.guess_segment_properties()
        hb.shape(self.hb_font, buffer, {})
        return tuple(
            ShapedGlyph(self.glyph(info.codepoint), float(pos.x_advance), float(pos.x_offset), float(pos.y_offset))
            for info, pos in zip(buffer.glyph_infos, buffer.glyph_positions, strict=True)
        )

    def outline(self, gid: int, exponent: int) -> tuple[Contour, ...]:
        """A glyph's contours as polygons in font units, flattened to within ``2 ** exponent`` units.

        Each contour keeps the way the font turns it, so that the outline filled by the non-zero
        rule, as the font means it, leaves its holes clear and its overlaps filled. A glyph
        without ink has none.
        """
        key = (gid, exponent)
        found = self._outlines.get(key)
        if found is None:
            found = self._flatten(gid, 2.0**exponent)
            self._outlines[key] = found
        return found

    def _flatten(self, gid: int, tolerance: float) -> tuple[Contour, ...]:
        pen = FlatteningPen(tolerance)
        self.hb_font.draw_glyph_with_pen(gid, pen)
        return tuple(pen.contours)


def tolerance_exponent(mm_per_unit: float) -> int:
    """The flattening tolerance, as a power of two font units, that keeps the error within :data:`FLATNESS_MM`.

    Rounding down to a power of two means that sizes close together share their cached outlines
    while the error stays between half of :data:`FLATNESS_MM` and all of it.
    """
    exponent = math.floor(math.log2(FLATNESS_MM / mm_per_unit))
    return max(_MIN_EXPONENT, min(_MAX_EXPONENT, exponent))


# --- the shipped fonts --------------------------------------------------------------------------


@dataclass(frozen=True)
class FontSource:
    """Where a face comes from: a file (and its index in a collection), and how to make it bold.

    ``bold_path``: a separate bold file; else, for a variable font (``variable``, or one found to
    have a weight axis), weight 700; else the bold side is emboldened by HarfBuzz.
    """

    key: str
    path: Path
    index: int = 0
    bold_path: Path | None = None
    bold_index: int = 0
    variable: bool = False

    def face(self, bold: bool) -> FontFace:
        return _load(self, bool(bold))


@cache
def _load(source: FontSource, bold: bool) -> FontFace:
    if bold and source.bold_path is not None:
        return FontFace(f"{source.key}-bold", source.bold_path.read_bytes(), source.bold_index)
    data = source.path.read_bytes()
    if not bold:
        return FontFace(source.key, data, source.index)
    if source.variable or _has_weight_axis(data, source.index):
        return FontFace(f"{source.key}-bold", data, source.index, variations={"wght": 700.0})
    try:
        return FontFace(f"{source.key}-bolder", data, source.index, embolden=True)
    except ImportError:  # the browser's HarfBuzz has no synthetic bold (deckgen.inbrowser.harfbuzz)
        from deckgen.errors import DeckgenError

        raise DeckgenError(
            _(
                "{font}: the font has no bold for the fronts, and deckgen in the browser cannot make one; choose "
                "a font with a bold (or a variable weight), or use deckgen on a computer"
            ).format(font=source.path.name)
        ) from None


def _has_weight_axis(data: bytes, index: int) -> bool:
    face = hb.Face(hb.Blob(data), index)
    return any(axis.tag == "wght" for axis in face.axis_infos)


def _package_file(package: str, name: str) -> Path:
    module = __import__(package)
    return Path(module.ROOT) / "files" / name


@cache
def shipped_sources() -> tuple[FontSource, ...]:
    """The fonts that come with deckgen (as Python packages), in the order they are tried."""
    atkinson = "fontpkg_atkinson_hyperlegible"
    return (
        FontSource(
            "atkinson",
            _package_file(atkinson, "AtkinsonHyperlegible-Regular.ttf"),
            bold_path=_package_file(atkinson, "AtkinsonHyperlegible-Bold.ttf"),
        ),
        FontSource("noto", _package_file("fontpkg_noto_sans", "NotoSans[wdth,wght].ttf"), variable=True),
        FontSource(
            "noto-arabic", _package_file("fontpkg_noto_sans_arabic", "NotoSansArabic[wdth,wght].ttf"), variable=True
        ),
        FontSource("heebo", _package_file("fontpkg_heebo", "Heebo[wght].ttf"), variable=True),
        FontSource(
            "noto-devanagari",
            _package_file("fontpkg_noto_sans_devanagari", "NotoSansDevanagari[wdth,wght].ttf"),
            variable=True,
        ),
        FontSource("noto-thai", _package_file("fontpkg_noto_sans_thai", "NotoSansThai[wdth,wght].ttf"), variable=True),
    )


def primary_face(bold: bool = False) -> FontFace:
    """Atkinson Hyperlegible, Regular or Bold: the card font, whose ems space the lines."""
    return shipped_sources()[0].face(bold)


def fallback_face(bold: bool = False) -> FontFace:
    """Noto Sans, Regular (the variable font's default) or Bold (wght 700): Greek, Cyrillic, more Latin."""
    return shipped_sources()[1].face(bold)


# --- the chain ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class FontChain:
    """The faces a deck's text is drawn with, in the order they are tried, at one weight.

    ``language`` (a BCP 47 tag such as ``zh-cn``, or ``und``) is what HarfBuzz is told the text
    is, for the fonts whose letters differ between languages.
    """

    sources: tuple[FontSource, ...]
    bold: bool = False
    language: str = "und"

    @property
    def faces(self) -> tuple[FontFace, ...]:
        return _faces(self)

    @property
    def primary(self) -> FontFace:
        """The card font (Atkinson Hyperlegible), whose ems space the lines whatever the text."""
        return primary_face(self.bold)

    def face_for(self, char: str) -> FontFace | None:
        """The first face that has ``char``, or ``None``."""
        return _face_for(self, char)

    def glyph_for(self, char: str) -> Glyph:
        """The glyph a face of the chain draws ``char`` with, on its own (not shaped).

        Raises :class:`MissingGlyph` naming the character if no face has it.
        """
        if len(char) != 1:
            raise ValueError(f"glyph_for takes one character, not {char!r}")
        if unicodedata.category(char) == "Cc":
            raise MissingGlyph(control_character(char))
        face = self.face_for(char)
        if face is None:
            raise MissingGlyph(in_no_font(char))
        return face.glyph(face.hb_font.get_nominal_glyph(ord(char)) or 0)

    def missing(self, chars: Iterable[str]) -> list[str]:
        """The characters among ``chars`` (in their order) that no face of the chain has."""
        return [c for c in dict.fromkeys(chars) if c not in INVISIBLE and self.face_for(c) is None]

    def bolder(self) -> FontChain:
        return FontChain(self.sources, True, self.language)


def control_character(char: str) -> str:
    """What is wrong with a control character on a card."""
    return _("{char} ({code}) is a control character, which a card cannot show").format(
        char=repr(char), code=f"U+{ord(char):04X}"
    )


def in_no_font(char: str) -> str:
    """What is wrong with a character no face of the chain draws."""
    return _("{char} ({code}) is in none of the card fonts").format(char=repr(char), code=f"U+{ord(char):04X}")


@cache
def _faces(chain: FontChain) -> tuple[FontFace, ...]:
    return tuple(source.face(chain.bold) for source in chain.sources)


@cache
def _face_for(chain: FontChain, char: str) -> FontFace | None:
    code = ord(char)
    for face in chain.faces:
        if code in face.codepoints:
            return face
    return None


def user_font(path: Path) -> Path:
    """A font file the user named, checked: it exists and HarfBuzz reads a face with letters in it.

    A refusal names it as the command line gave it (``--font PATH: …``); its cause names the
    file alone (``PATH: …``), as the page, which takes the font as an upload, says it."""
    from deckgen.errors import Code, DeckgenError

    def refused(message: str, **values: object) -> DeckgenError:
        return DeckgenError(
            message.format(where=f"--font {path}", **values),
            code=Code.BAD_VALUE,
            option="font",
            cause=message.format(where=str(path), **values),
        )

    if not str(path).strip() or str(path) == ".":
        raise DeckgenError(
            _("--font: give the path of a .ttf, .otf or .ttc font file"), code=Code.BAD_VALUE, option="font"
        )
    if path.is_dir():
        raise refused(_("{where}: a folder; give the path of a .ttf, .otf or .ttc font file in it"))
    if not path.is_file():
        raise refused(_("{where}: no such file; give the path of a .ttf, .otf or .ttc font file"))
    size = path.stat().st_size
    if size > MAX_FONT_BYTES:  # checked before reading: a file of gigabytes is no font, and fills the memory
        raise refused(
            _("{where}: {size} bytes, far more than a font file; give a .ttf, .otf or .ttc font file"),
            size=number(size),
        )
    try:
        data = path.read_bytes()
        face = hb.Face(hb.Blob(data), 0)
        letters = len(face.unicodes)
    except (OSError, ValueError) as error:
        raise refused(
            _("{where}: cannot read it ({error}); give a .ttf, .otf or .ttc font file"), error=error
        ) from None
    if letters == 0 or face.upem <= 0:
        raise refused(_("{where}: not a font file deckgen can read; give a .ttf, .otf or .ttc font file"))
    if not _draws_letters(face):
        raise refused(_("{where}: its letters cannot be read (the file may be cut short or damaged); get it again"))
    return path.resolve()


def _draws_letters(face: hb.Face) -> bool:
    """Whether the font draws the letters its map promises: nine in ten of some 60 of them, taken
    from all through its map, have outlines (a file cut short loses the later ones)."""
    font = hb.Font(face)
    letters = [code for code in sorted(face.unicodes) if chr(code).isalnum()]
    wanted = letters[:: max(1, len(letters) // 60)]
    drawn = 0
    for code in wanted:
        gid = font.get_nominal_glyph(code)
        pen = FlatteningPen(1.0)
        try:
            if gid:
                font.draw_glyph_with_pen(gid, pen)
        except Exception:  # a damaged glyph table
            return False
        drawn += bool(pen.contours)
    return drawn >= 0.9 * len(wanted)


def user_source(path: Path) -> FontSource:
    """A font file the user names, as a source (a collection's first face)."""
    return FontSource(f"user-{path.stem}", path)


def default_chain(bold: bool = False) -> FontChain:
    """The shipped fonts alone."""
    return FontChain(shipped_sources(), bool(bold))


def glyph_for(char: str, bold: bool = False) -> Glyph:
    """The glyph the shipped fonts draw ``char`` with (see :meth:`FontChain.glyph_for`)."""
    return default_chain(bold).glyph_for(char)


#: The forms Han characters may be drawn in (``--script-forms``), each with the language the
#: fonts are told: fontconfig picks the face of a font for it (Noto Sans CJK's JP, SC, TC or KR
#: face), and HarfBuzz the letters' local forms (the font's ``locl`` feature).
SCRIPT_FORMS = {"ja": "ja", "zh-Hans": "zh-cn", "zh-Hant": "zh-tw", "ko": "ko"}


def chain_for(text: Sequence[str], user_fonts: Sequence[Path] = (), script_forms: str | None = None) -> FontChain:
    """The (regular) chain for a deck whose text is ``text``: the user's fonts, the shipped ones,
    then fonts of this computer for what those lack (none looked for when nothing is missing).
    :meth:`FontChain.bolder` gives the same chain for the bold side.

    ``script_forms`` (a key of :data:`SCRIPT_FORMS`) says which forms Han characters take; by
    default the text says it (kana: Japanese, hangul: Korean, else simplified Chinese). The
    user's fonts come first whatever the forms: a font named is the font used."""
    from deckgen.games.flashcards.system_fonts import language_of, system_sources

    chars = frozenset(c for part in text for c in part if c not in INVISIBLE)
    language = SCRIPT_FORMS[script_forms] if script_forms else language_of(chars)
    base = FontChain((*(user_source(p) for p in user_fonts), *shipped_sources()), False, language)
    missing = sorted(base.missing(chars))
    if not missing:
        return base
    found = system_sources(tuple(missing), language)
    return FontChain((*base.sources, *found), False, language) if found else base
