"""A stand-in for Pillow in the browser when Pyodide's own Pillow (from its CDN) is not there.

reportlab imports `from PIL import Image` when it loads, even for PDFs without raster pictures;
this lets it load. Anything that would really use Pillow refuses in one clear line.
"""

__version__ = "0+deckgen-stub"
STUB = True


class PillowMissing(ImportError):
    pass


MESSAGE = "raster pictures (PNG/JPEG) need Pillow, which this offline page does not have"
