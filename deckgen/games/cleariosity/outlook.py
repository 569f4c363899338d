"""What a class can expect at each level of a Cleariosity deck, read from a verify report.

The web page shows this in place of the report's tables: one sentence a level, a small chart
(cards collected, what beginners collect, the card most often left), how often play practises
the level's new facts, and what falls short, in a teacher's words. It reads the report's JSON
only, so the page shows exactly what ``deckgen verify --json`` found.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from deckgen.games.base import Outlook
from deckgen.games.cleariosity.model import Deck, Tier

#: The group size shown when the deck is played by several (verify's own "what a class can expect").
USUAL_PLAYERS = 3
NOUNS = {"+": "adding", "-": "subtracting", "*": "multiplying", "/": "dividing"}


def _joined(words: Iterable[str]) -> str:
    return " and ".join(words)


def practising(tier: Tier) -> str:
    """What a level's practice stacks practise, in words."""
    if not tier.adds:
        return "the facts of every operation in play"
    return f"{_joined(NOUNS[op] for op in tier.adds)} with the facts this level brings in"


def players_shown(report: Mapping[str, Any]) -> int | None:
    """3 players if the deck is played by 3, else the most it is played by (``None``: no play)."""
    counts = {int(p) for data in report.get("tiers", {}).values() for p in data.get("play", {})}
    if not counts:
        return None
    return USUAL_PLAYERS if USUAL_PLAYERS in counts else max(counts)


def outlook(deck: Deck, report: Mapping[str, Any]) -> tuple[str, list[Outlook]]:
    """What the figures are, and one :class:`Outlook` a level with simulated play."""
    players = players_shown(report)
    if players is None:
        return "", []
    tiers = report.get("tiers", {})
    key = str(players)
    found: list[Outlook] = []
    for tier in deck.present():
        data = tiers.get(tier.name)
        if not data or key not in data.get("play", {}):
            continue
        collected = float(data["play"][key])
        beginners = float(data.get("beginner", {}).get(key, 0.0))
        practice = float(data.get("practice", {}).get(key, 0.0))
        stranded = data.get("stranded", {}).get(key, {})
        cards = int(data["cards"])
        left = round((1 - collected) * cards)
        sentence = (
            f"Students collect {collected:.0%} of the {cards} cards in play (about {left} left on the table). "
            f"A game gives each group about {practice:.1f} stacks that practise {practising(tier)}."
        )
        bars: list[tuple[str, float | None, str]] = [
            ("Cards collected", collected, f"{collected:.0%}"),
            ("Cards beginners collect", beginners, f"{beginners:.0%}"),
            (f"Stacks practising {_joined(NOUNS[op] for op in tier.practised())}, a game", None, f"{practice:.1f}"),
        ]
        if stranded:
            share = float(stranded["value"])
            most = float(stranded["line"])
            bars.append(
                (f"Card most often left: {stranded['card']}", share, f"{share:.0%} of games (fair: {most:.0%} at most)")
            )
        failed = data.get("failed") or []
        warning = "Falls short: " + "; ".join(failed) if failed else None
        found.append(Outlook(tier.name, tier.dot, sentence, bars, warning))
    about = (
        f"From {int(report.get('games', 0)):,} simulated games a level, {players} players each. Beginners are "
        "players who only spot stacks of two cards. The card most often left is the one still on the table at "
        "the end in the most games: a level is fair when no card is left in more than a set share of games."
    )
    return about, found
