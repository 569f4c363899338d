"""What a class can expect at each level of a Cleariosity deck, read from a verify report.

The web page shows this in place of the report's tables: one sentence a level, a small chart
(cards collected, what beginners collect, practice of the new operation, the card most often
left) and what falls short, in a teacher's words. It reads the report's JSON only, so the page
shows exactly what ``deckgen verify --json`` found.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from deckgen.games.base import Outlook
from deckgen.games.cleariosity.model import Deck
from deckgen.games.cleariosity.verify import VERBS


def outlook(deck: Deck, report: Mapping[str, Any], players: int) -> list[Outlook]:
    """One :class:`Outlook` a level with simulated play for ``players`` (levels without it are left out)."""
    tiers = report.get("tiers", {})
    key = str(players)
    practice = {name: float(data.get("practice", {}).get(key, 0.0)) for name, data in tiers.items()}
    most = max(practice.values(), default=0.0) or 1.0
    found: list[Outlook] = []
    for tier in deck.present():
        data = tiers.get(tier.name)
        if not data or key not in data.get("play", {}):
            continue
        collected = float(data["play"][key])
        beginners = float(data.get("beginner", {}).get(key, 0.0))
        stranded = data.get("stranded", {}).get(key, {})
        cards = int(data["cards"])
        left = round((1 - collected) * cards)
        sentence = (
            f"Students {VERBS[tier.op]} about {practice[tier.name]:.1f} times a game and collect "
            f"{collected:.0%} of the {cards} cards (about {left} left on the table); beginners who only "
            f"take two-card stacks collect {beginners:.0%}."
        )
        bars = [
            ("Cards collected", collected, f"{collected:.0%}"),
            ("Beginners collect", beginners, f"{beginners:.0%}"),
            (f"Times students {VERBS[tier.op]}, a game", practice[tier.name] / most, f"{practice[tier.name]:.1f}"),
        ]
        if stranded:
            share = float(stranded["share"])
            bars.append((f"Most often left: {stranded['card']}", share, f"{share:.0%} of games"))
        failed = data.get("failed") or []
        warning = "Falls short: " + "; ".join(failed) if failed else None
        found.append(Outlook(tier.name, tier.dot, sentence, bars, warning))
    return found
