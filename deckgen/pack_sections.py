"""A game's part of the teacher pack: blocks (:mod:`deckgen.pack_blocks`) and where they go.
Kept apart from the blocks, so that listing the games loads no layout code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckgen.pack_blocks import Block


@dataclass(frozen=True)
class PackSection:
    """What a game adds to the teacher pack, as blocks the pack renderer lays out.

    ``kind`` places it: ``rules`` (the rules pages, one after the other), ``sheet`` (a page
    to copy, such as a score sheet) or ``keys`` (answer keys, near the end).
    """

    kind: str
    blocks: Sequence[Block]
