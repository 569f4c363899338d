"""A stand-in for Pillow in deckgen's static site, where Pillow (a compiled package) is not shipped.

reportlab imports ``from PIL import Image`` when it loads, even to write a PDF without raster
pictures, and checks ``isinstance(x, PIL.Image.Image)``: this package lets it load and answer
those checks. Anything that would really use Pillow (opening, making or drawing a raster
picture) raises :class:`PillowMissing`, an ImportError of one line, which deckgen turns into a
line for the teacher (PNG and JPEG pictures need the command line; the page uses SVG).

The site builder copies this folder into the browser's site-packages. It is never installed on a
computer, where the real Pillow is a dependency.
"""

__version__ = "0+deckgen.standin"

#: How code can tell this stand-in from Pillow.
STANDIN = True

MESSAGE = "PNG and JPEG pictures need Pillow, which deckgen in the browser does not have"


class PillowMissing(ImportError):
    """Pillow was needed: a raster picture was opened, made or drawn."""


def missing(what: str) -> PillowMissing:
    """The error for using ``what`` (``PIL.Image.open`` …)."""
    return PillowMissing(f"{MESSAGE} ({what})", name="PIL")


def module_getattr(module: str, name: str) -> object:
    """A stand-in module's missing attribute: Python's own look-ups (dunder names) get the usual
    AttributeError, so ``hasattr``, ``copy`` and ``pickle`` behave; any other name is Pillow's."""
    if name.startswith("__") and name.endswith("__"):
        raise AttributeError(f"module {module!r} has no attribute {name!r}")
    raise missing(f"{module}.{name}")
