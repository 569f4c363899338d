"""Replacement cards (``--only``, ``--only-set``): the ids asked for, and the names of their files.

A reprint of a few lost cards is most often built into the folder of the class set itself (a
teacher reuses the command, and the docs' example has no ``--out``). Its files therefore carry
names of their own — ``cleariosity-numbers-replacements-G05-Y11.pdf`` beside
``cleariosity-numbers.pdf``, and the same for its teacher pack and calibration sheet — so a
replacement build never writes over, or removes, a file of the full build.
"""

from __future__ import annotations

import hashlib
import re

#: Ids named in a file name one by one; past this many, the first few, a count and a digest.
MOST_IDS_NAMED = 4
FIRST_IDS_NAMED = 3


def wanted_ids(only: object) -> set[str]:
    """The card ids an ``--only`` value names: apart by commas or spaces ("G05,Y11", "G05, y11",
    "G05 Y11"), as printed on the cards (capitals)."""
    return {part.upper() for part in re.split(r"[\s,]+", str(only)) if part}


def replacement_stem(stem: str, only: object, only_set: object) -> str:
    """The name (less its suffix) of a replacement build's files, from the full build's ``stem``
    (``None`` for an option not given); ``stem`` itself for a full build.

    ``--only G05,Y11`` → ``<stem>-replacements-G05-Y11``; ``--only-set 7`` → ``<stem>-replacements-set-7``;
    both → ``<stem>-replacements-set-7-G05``. Ids are sorted, so the order they were typed in
    does not matter. A long list stays a short name: its first ids, how many more, and a digest of
    them all, so two different lists never share a file (``…-G01-G02-G03-and-17-more-68e3cb``).
    """
    if only is None and only_set is None:
        return stem
    parts = [stem, "replacements"]
    if only_set is not None:
        parts += ["set", str(only_set)]
    if only is not None:
        # Ids are capital letters and digits (deckfile.CARD_ID); anything else never reaches a name.
        ids = sorted({re.sub(r"[^A-Z0-9]", "", card_id) for card_id in wanted_ids(only)} - {""})
        if len(ids) <= MOST_IDS_NAMED:
            parts += ids
        else:
            digest = hashlib.sha256(",".join(ids).encode("ascii")).hexdigest()[:6]
            parts += [*ids[:FIRST_IDS_NAMED], "and", str(len(ids) - FIRST_IDS_NAMED), "more", digest]
    return "-".join(parts)
