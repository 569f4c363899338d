"""``PIL.Image`` of the stand-in (see the package): the names reportlab and deckgen look up when
they load, none of which opens a picture."""

from __future__ import annotations

from PIL import missing, module_getattr


class DecompressionBombWarning(RuntimeWarning):
    """Named by code that guards against huge pictures; never raised here."""


class DecompressionBombError(Exception):
    """Named by code that guards against huge pictures; never raised here."""


class Image:
    """The class reportlab's ``isinstance`` checks name; no picture is ever one."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        raise missing("PIL.Image.Image")


# Pillow's name, shadowing the built-in as Pillow does.
def open(fp: object, mode: str = "r", formats: object = None) -> Image:
    raise missing("PIL.Image.open")


def new(mode: str, size: object, color: object = 0) -> Image:
    raise missing("PIL.Image.new")


def frombytes(mode: str, size: object, data: object, *args: object) -> Image:
    raise missing("PIL.Image.frombytes")


def __getattr__(name: str) -> object:
    return module_getattr(__name__, name)
