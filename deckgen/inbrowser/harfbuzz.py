"""The part of ``uharfbuzz`` the flash cards use, over HarfBuzz compiled to WebAssembly.

In a browser deckgen runs on Pyodide, where ``uharfbuzz`` (a compiled package) cannot be
installed. The page loads ``harfbuzzjs`` (the same HarfBuzz, built for the web) with
``deckgen/inbrowser/text.mjs``, which sets ``globalThis.deckgenHarfBuzz``; this module gives
:mod:`deckgen.games.flashcards.fonts` the classes and calls it knows from ``uharfbuzz``
(``Blob``, ``Face``, ``Font``, ``Buffer``, ``shape``), and nothing more.

The numbers are HarfBuzz's own: glyph ids, advances and offsets are integers, and outline points
are HarfBuzz's 32-bit floats, handed over as a ``Float32Array`` and read back as the same floats
``uharfbuzz`` gives (never through text). What harfbuzzjs does not build in, HarfBuzz's
synthetic bold and ``hb_face_count``, is refused (:class:`Unavailable`) or read from the file
itself (a collection's face count is in its header).
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Iterable
from typing import Any, NamedTuple

#: The version of the JavaScript contract this module reads (``CONTRACT`` in text.mjs).
CONTRACT = 1
#: Drawing operations, as text.mjs codes them.
_MOVE, _LINE, _QUAD, _CUBIC, _CLOSE = range(5)
#: What HarfBuzz puts in place of a code point that is no character (a lone surrogate).
_REPLACEMENT = 0xFFFD


class Unavailable(ImportError):
    """What the browser's HarfBuzz cannot do (no such part in harfbuzzjs, or none loaded)."""


def _bridge() -> Any:
    """The JavaScript side, ``globalThis.deckgenHarfBuzz``, as ``text.mjs`` set it."""
    try:
        import js  # type: ignore[import-not-found]  # Pyodide's window onto JavaScript
    except ImportError:
        raise Unavailable("no JavaScript here: deckgen.inbrowser.harfbuzz runs only in a browser (Pyodide)") from None
    bridge = getattr(js, "deckgenHarfBuzz", None)
    if bridge is None:
        raise Unavailable("HarfBuzz is not loaded: the page must run loadTextParts() of deckgen/inbrowser/text.mjs")
    if int(bridge.contract) != CONTRACT:
        raise Unavailable(f"text.mjs speaks contract {bridge.contract}, this deckgen reads {CONTRACT}")
    return bridge


def _to_js(value: Any) -> Any:
    from pyodide.ffi import to_js  # type: ignore[import-not-found]

    return to_js(value)


def _ints(typed: Any) -> array[int]:
    """A JavaScript Int32Array (or Uint32Array) as Python integers, copied once."""
    return array("i", typed.to_bytes())


def _floats(typed: Any) -> array[float]:
    """A JavaScript Float32Array as Python floats: each the same number, widened exactly."""
    return array("f", typed.to_bytes())


def harfbuzz_version() -> str:
    """The HarfBuzz version the page loaded."""
    return str(_bridge().version)


def version_string() -> str:
    return harfbuzz_version()


class Blob:
    """A font file's bytes (HarfBuzz copies them when a face is made)."""

    def __init__(self, data: bytes) -> None:
        self.data = bytes(data)


class AxisInfo(NamedTuple):
    tag: str


class Face:
    """One face of a font file (``index`` in a collection)."""

    def __init__(self, blob: Blob, index: int = 0) -> None:
        self._blob = blob
        self._index = index
        self._js = _bridge().face(_to_js(blob.data), index)
        self.upem: int = int(_bridge().upem(self._js))
        self._unicodes: set[int] | None = None

    @property
    def unicodes(self) -> set[int]:
        """The code points the face maps to glyphs."""
        if self._unicodes is None:
            typed = _bridge().unicodes(self._js)
            self._unicodes = set(array("I", typed.to_bytes()))
        return set(self._unicodes)

    @property
    def axis_infos(self) -> list[AxisInfo]:
        return [AxisInfo(str(tag)) for tag in _bridge().axisTags(self._js)]

    @property
    def count(self) -> int:
        """How many faces the blob's file holds (as ``hb_face_count``: a collection's header says;
        any other font is one face)."""
        return face_count(self._blob.data)


def face_count(data: bytes) -> int:
    """The faces of a font file: a TrueType/OpenType collection's (``ttcf``) header says how many,
    any other file that is a font holds one, and anything else none."""
    if data[:4] == b"ttcf" and len(data) >= 12:
        return int(struct.unpack(">I", data[8:12])[0])
    if data[:4] in (b"\x00\x01\x00\x00", b"OTTO", b"true", b"typ1"):
        return 1
    return 0


class GlyphExtents(NamedTuple):
    x_bearing: int
    y_bearing: int
    width: int
    height: int


class Font:
    """A face at its own size (units per em), optionally at a variable font's instance."""

    def __init__(self, face: Face) -> None:
        self.face = face
        self._js = _bridge().font(face._js)

    def set_variations(self, variations: dict[str, float]) -> None:
        tags = list(variations)
        _bridge().setVariations(self._js, _to_js(tags), _to_js([float(variations[t]) for t in tags]))

    @property
    def synthetic_bold(self) -> tuple[float, float, bool]:
        return (0.0, 0.0, True)

    @synthetic_bold.setter
    def synthetic_bold(self, value: tuple[float, float, bool]) -> None:
        raise Unavailable("HarfBuzz in the browser cannot embolden a font (harfbuzzjs has no synthetic bold)")

    def get_nominal_glyph(self, codepoint: int) -> int | None:
        gid = int(_bridge().nominalGlyph(self._js, codepoint))
        return None if gid < 0 else gid

    def get_glyph_h_advance(self, gid: int) -> int:
        return int(_bridge().hAdvance(self._js, gid))

    def get_glyph_extents(self, gid: int) -> GlyphExtents | None:
        typed = _bridge().extents(self._js, gid)
        if typed is None:
            return None
        x_bearing, y_bearing, width, height = _ints(typed)
        return GlyphExtents(x_bearing, y_bearing, width, height)

    def draw_glyph_with_pen(self, gid: int, pen: Any) -> None:
        """Draw a glyph's outline on a fontTools-style pen, as uharfbuzz calls it: ``moveTo``,
        ``lineTo``, ``qCurveTo`` (one off-curve point), ``curveTo``, ``closePath``."""
        drawn = _bridge().draw(self._js, gid)
        replay(bytes(drawn.ops.to_bytes()), _floats(drawn.xy), pen)


def replay(ops: bytes, xy: Iterable[float], pen: Any) -> None:
    """Draw ``ops`` (text.mjs's codes) with their points ``xy`` (x, y pairs) on ``pen``."""
    points = iter(xy)

    def point() -> tuple[float, float]:
        return (next(points), next(points))

    for op in ops:
        if op == _MOVE:
            pen.moveTo(point())
        elif op == _LINE:
            pen.lineTo(point())
        elif op == _QUAD:
            pen.qCurveTo(point(), point())
        elif op == _CUBIC:
            pen.curveTo(point(), point(), point())
        elif op == _CLOSE:
            pen.closePath()
        else:
            raise ValueError(f"unknown drawing operation {op}")


class GlyphInfo(NamedTuple):
    codepoint: int
    cluster: int


class GlyphPosition(NamedTuple):
    x_advance: int
    x_offset: int
    y_offset: int


class Buffer:
    """Text to shape, and after :func:`shape` its glyphs.

    Kept in Python until it is shaped: the whole run then goes to HarfBuzz in one call, as
    ``uharfbuzz`` would have built it (the text, then its direction and language, the rest
    guessed).
    """

    def __init__(self) -> None:
        self._codepoints: list[int] = []
        self.direction = ""
        self.language = ""
        self.glyph_infos: list[GlyphInfo] = []
        self.glyph_positions: list[GlyphPosition] = []

    def add_str(self, text: str) -> None:
        self._codepoints += [_REPLACEMENT if 0xD800 <= ord(c) <= 0xDFFF else ord(c) for c in text]

    def guess_segment_properties(self) -> None:
        """HarfBuzz guesses what is not set when the run is shaped (the script, above all)."""


def shape(font: Font, buffer: Buffer, features: dict[str, Any] | None = None) -> None:
    """Shape ``buffer`` with ``font``: its glyphs and their positions, left to right as drawn."""
    if features:
        raise Unavailable("deckgen's browser HarfBuzz shapes with the fonts' default features only")
    direction = buffer.direction.lower()
    if direction not in ("", "ltr", "rtl"):
        raise ValueError(f"direction {buffer.direction!r}: deckgen shapes left to right or right to left")
    codes = _to_js(array("I", buffer._codepoints))
    numbers = _ints(_bridge().shape(font._js, codes, direction, buffer.language))
    infos, positions = [], []
    for at in range(0, len(numbers), 5):
        gid, x_advance, x_offset, y_offset, cluster = numbers[at : at + 5]
        infos.append(GlyphInfo(gid, cluster))
        positions.append(GlyphPosition(x_advance, x_offset, y_offset))
    buffer.glyph_infos, buffer.glyph_positions = infos, positions
