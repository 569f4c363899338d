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
from deckgen.games.cleariosity.core.model import Deck, Tier
from deckgen.i18n import N_, _, decimal, number, percent

#: The group size shown when the deck is played by several (verify's own "what a class can expect").
USUAL_PLAYERS = 3
NOUNS = {"+": N_("adding"), "-": N_("subtracting"), "*": N_("multiplying"), "/": N_("dividing")}
#: The standard colours' names, for the page to name them in its language.
COLOURS = (N_("green"), N_("yellow"), N_("purple"), N_("orange"))


def _joined(words: Iterable[str]) -> str:
    return _(" and ").join(_(word) for word in words)


def practising(tier: Tier) -> str:
    """What a level's practice stacks practise, in words."""
    if not tier.adds:
        return _("the facts of every operation in play")
    return _("{doing} with the facts this level brings in").format(doing=_joined(NOUNS[op] for op in tier.adds))


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
        sentence = _(
            "Students collect {collected} of the {cards} cards in play (about {left} left on the table). "
            "A game gives each group about {practice} stacks that practise {practising}."
        ).format(
            collected=percent(collected),
            cards=cards,
            left=left,
            practice=decimal(practice),
            practising=practising(tier),
        )
        doing = _joined(NOUNS[op] for op in tier.practised())
        bars: list[tuple[str, float | None, str]] = [
            (_("Cards collected"), collected, percent(collected)),
            (_("Cards beginners collect"), beginners, percent(beginners)),
            (_("Stacks practising {doing}, a game").format(doing=doing), None, decimal(practice)),
        ]
        if stranded:
            share = float(stranded["value"])
            most = float(stranded["line"])
            bars.append(
                (
                    _("Card most often left: {card}").format(card=stranded["card"]),
                    share,
                    _("{share} of games (fair: {most} at most)").format(share=percent(share), most=percent(most)),
                )
            )
        failed = data.get("failed") or []
        warning = _("Falls short: {what}").format(what="; ".join(failed)) if failed else None
        found.append(Outlook(tier.name, tier.dot, sentence, bars, warning))
    about = _(
        "From {games} simulated games a level, {players} players each. Beginners are players who only spot "
        "stacks of two cards. The card most often left is the one still on the table at the end in the most "
        "games: a level is fair when no card is left in more than a set share of games."
    ).format(games=number(int(report.get("games", 0))), players=players)
    return about, found
