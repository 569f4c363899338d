from PIL import MESSAGE, PillowMissing


class Image:  # reportlab only checks isinstance(x, Image.Image)
    def __init__(self, *args: object, **kwargs: object) -> None:
        raise PillowMissing(MESSAGE)


def open(*args: object, **kwargs: object) -> Image:
    raise PillowMissing(MESSAGE)


def new(*args: object, **kwargs: object) -> Image:
    raise PillowMissing(MESSAGE)


def __getattr__(name: str) -> object:
    raise PillowMissing(f"{MESSAGE} (PIL.Image.{name})")
