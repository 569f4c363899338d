"""A preset's title as a teacher reads it: the title its spec gives, in the language spoken and
the signs its schools write. Read by the game (the page's choices) and by the teacher pack
(which deck a pack is for), so it lives under both."""

from __future__ import annotations

from functools import cache

from deckgen.errors import DeckgenError
from deckgen.games.cleariosity.spec.presets import PRESET_FILES
from deckgen.i18n import USUAL_SIGNS, _, language
from deckgen.maths_signs import signs_from

#: The game's name, as titles start with it.
GAME_NAME = "Cleariosity Numbers"


def usual_signs(text: str) -> str:
    """``text`` (written with × and ÷) in the signs the language's schools write."""
    return signs_from(USUAL_SIGNS.get(language(), USUAL_SIGNS["en"])).written(text)


def preset_words(preset: str) -> str:
    """A preset's title in the language being spoken (the catalogue holds every shipped title),
    less the game's name before it: "the 2, 3 and 4 tables, 2 × 2 to 4 × 4 only"."""
    title = usual_signs(_(preset_title(preset)))
    return title.removeprefix(GAME_NAME).lstrip(": \u00a0")


@cache
def preset_title(preset: str) -> str:
    """The title of a preset's spec ("" if it has none): read once, as shipped files do not change."""
    from deckgen.deckfile import read_toml
    from deckgen.games.cleariosity.spec.deck_spec import spec_path

    named = read_toml(PRESET_FILES[preset]).get("spec") or preset
    try:
        return str(read_toml(spec_path(str(named))).get("title", ""))
    except DeckgenError:
        return ""
