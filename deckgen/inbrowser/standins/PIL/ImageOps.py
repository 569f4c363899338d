"""``PIL.ImageOps`` of the stand-in (see the package): importable, so the modules that name it load;
any of its functions raises PillowMissing."""

from __future__ import annotations

from PIL import module_getattr


def __getattr__(name: str) -> object:
    return module_getattr(__name__, name)
