"""Where the shipped decks are: the game's data package (``templates/cleariosity/``), the
standard deck's file and each preset's. Kept apart and light, so that listing the games reads
no deck."""

from __future__ import annotations

from deckgen.resources import data_folder

#: This game's data package (``templates/cleariosity/``).
TEMPLATES = data_folder("deckgen.games.cleariosity.templates")
#: The standard deck, as shipped.
CLEARIOSITY_FILE = TEMPLATES / "cleariosity-numbers.toml"
#: The preset decks shipped beside the standard one (``templates/cleariosity/cleariosity-NAME.toml``).
PRESET_FILES = {"standard": CLEARIOSITY_FILE} | {
    path.stem.removeprefix("cleariosity-"): path
    for path in sorted(TEMPLATES.glob("cleariosity-*.toml"))
    if path.name != "cleariosity-numbers.toml"
}
