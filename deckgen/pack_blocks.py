"""The teacher pack as data: headings, paragraphs, lists, tables and card pictures.

Games describe their pages of the pack (rules, score sheets, answer keys) with these
blocks; the pack renderer (:mod:`deckgen.render.pack_pdf`) lays them out. So a game needs
no typesetting code, and the pack's look is decided in one place. Text may carry the
simple markup ``<b>``, ``<i>`` and ``<br/>``. Lengths are in millimetres.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from deckgen.layout.faces import TextLine
from deckgen.layout.primitives import Primitive


@dataclass(frozen=True)
class Heading:
    text: str
    level: int = 1


@dataclass(frozen=True)
class Text:
    """A paragraph of body text."""

    text: str


@dataclass(frozen=True)
class Command:
    """A command to type, as written (no markup): set apart, and never hyphenated."""

    text: str


@dataclass(frozen=True)
class Bullets:
    items: Sequence[str]


@dataclass(frozen=True)
class Numbered:
    """Numbered steps, each a bold head and its text."""

    items: Sequence[tuple[str, str]]


@dataclass(frozen=True)
class Table:
    """A table of text cells.

    ``widths`` in mm; ``None`` columns share what is left of the text width equally.
    ``style`` is ``plain`` (a header row, thin grid) or ``form`` (a sheet to fill in: the
    ``shaded`` cells tinted, ``spans`` merged, rows ``row_heights`` mm tall).
    """

    rows: Sequence[Sequence[str]]
    widths: Sequence[float | None]
    style: str = "plain"
    row_heights: Sequence[float] | None = None
    spans: Sequence[tuple[tuple[int, int], tuple[int, int]]] = ()
    shaded: Sequence[tuple[tuple[int, int], tuple[int, int], str]] = ()


@dataclass(frozen=True)
class Picture:
    """Shapes drawn ``width`` × ``height`` mm, shown at ``scale``, with a caption under them."""

    shapes: Sequence[Primitive]
    width: float
    height: float
    scale: float
    caption: str


@dataclass(frozen=True)
class Pictures:
    """Pictures in rows of ``per_row``, each column ``column`` mm wide."""

    pictures: Sequence[Picture]
    per_row: int
    column: float


@dataclass(frozen=True)
class PageBreak:
    pass


@dataclass(frozen=True)
class Space:
    height: float


@dataclass(frozen=True)
class Together:
    """Blocks kept on one page when they fit (a heading with what it introduces); longer than a
    page, they flow on."""

    blocks: Sequence[Block]


@dataclass(frozen=True)
class Drawing:
    """Shapes drawn ``width`` × ``height`` mm at full size, with their text as text (an invisible
    layer, as on flash cards): text set from the card fonts, in any script, such as the
    flash-card answer list."""

    shapes: Sequence[Primitive]
    width: float
    height: float
    text: Sequence[TextLine] = ()


Block = Heading | Text | Command | Bullets | Numbered | Table | Pictures | Drawing | PageBreak | Space | Together


@dataclass(frozen=True)
class Pack:
    """The blocks of a whole pack and its title, ready to lay out."""

    title: str
    blocks: Sequence[Block] = field(default_factory=tuple)
