"""The Unicode bidirectional algorithm for one line of text: each character's level, and the
order things are seen in.

Hebrew and Arabic read right to left, numbers and Latin words inside them left to right. The
flash-card layout draws a line's letters in the order this gives, and the PDF backend writes
the invisible text over them in the order text extractors expect; both must agree on the
levels, so both take them from here (``python-bidi``'s implementation of rules P2 to I2).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TypeVar

from bidi import algorithm as uba

#: Bidirectional classes that make a text need the algorithm (anything else reads left to right).
RIGHT_TO_LEFT_CLASSES = frozenset({"R", "AL", "AN", "RLE", "RLO", "RLI"})

Item = TypeVar("Item")


def bidi_levels(text: str, base: int | None = None) -> tuple[int, list[int]]:
    """The paragraph's base level and each character's resolved level (rules P2 to I2).

    ``base``: the paragraph's level (0 left to right, 1 right to left) when the text is a line
    of a longer paragraph; by default it is found from the text itself (its first strong letter).
    """
    if not any(unicodedata.bidirectional(c) in RIGHT_TO_LEFT_CLASSES for c in text):
        if not base:
            return 0, [0] * len(text)
    storage = uba.get_empty_storage()
    found = uba.get_base_level(text) if base is None else base
    storage["base_level"] = found
    storage["base_dir"] = ("L", "R")[found]
    uba.get_embedding_levels(text, storage)
    chars = list(storage["chars"])
    uba.explicit_embed_and_overrides(storage)
    uba.resolve_weak_types(storage)
    uba.resolve_neutral_types(storage, False)
    uba.resolve_implicit_levels(storage, False)
    # Characters that rule X9 takes out (joiners, embedding marks) keep the level before them.
    kept = {id(c) for c in storage["chars"]}
    levels: list[int] = []
    for char in chars:
        levels.append(char["level"] if id(char) in kept or not levels else levels[-1])
    return found, levels


def visual_order(items: Sequence[Item], levels: Sequence[int]) -> list[Item]:
    """Items in drawing order by rule L2: from the highest level down to the lowest odd one,
    reverse every run of items at that level or higher."""
    order = list(range(len(items)))
    if not levels:
        return []
    highest = max(levels)
    odd = [level for level in levels if level % 2]
    if odd:
        for level in range(highest, min(odd) - 1, -1):
            i = 0
            while i < len(order):
                if levels[order[i]] >= level:
                    j = i
                    while j < len(order) and levels[order[j]] >= level:
                        j += 1
                    order[i:j] = reversed(order[i:j])
                    i = j
                else:
                    i += 1
    return [items[i] for i in order]
