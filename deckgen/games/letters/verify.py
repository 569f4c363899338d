"""``deckgen verify`` for a Cleariosity Letters deck: its counts, its blocklist check and its
simulated classes at a teacher's seed, as a report in words and as JSON.

The lines are :data:`.play.LINES` and those of :mod:`.report`; a deck made for a teacher's
words (its file lists them) is also held to bringing those words up.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deckgen.games.letters.deckfile import LettersDeck
from deckgen.games.letters.play import LINES, PlayedLevel, play_levels
from deckgen.games.letters.report import LettersReport, report_letters
from deckgen.games.letters.words import Word, WordList, load_words, split_word, with_words
from deckgen.i18n import _, counted, decimal, number, percent


@dataclass(frozen=True)
class LettersVerdict:
    """What a check of a deck found: the counts, the games, and every line missed."""

    deck: LettersDeck
    words: WordList
    report: LettersReport
    played: tuple[PlayedLevel, ...]
    games: int
    seed: int

    @property
    def failures(self) -> list[str]:
        return self.report.failures() + [line for level in self.played for line in level.failures(LINES)]


def deck_words(deck: LettersDeck) -> WordList:
    return load_words(deck.language)


def deck_focus(deck: LettersDeck, words: WordList) -> tuple[tuple[Word, int], ...]:
    """The teacher's words the deck lists, each as tiles and the level that spells it (the deck
    file's reader checked that each is spelled; design's decks take them as read)."""
    return tuple(placed for text in deck.focus if (placed := split_word(text, words)) is not None)


def words_in_play(deck: LettersDeck) -> WordList:
    """The deck's word list with the teacher's words it lists added at their levels."""
    words = deck_words(deck)
    return with_words(words, deck_focus(deck, words))


def verify_letters(deck: LettersDeck, games: int, seed: int, blocked: frozenset[str] | None = None) -> LettersVerdict:
    """Check ``deck`` with ``games`` simulated games per level, player count and play model."""
    from deckgen.games.letters.blocklist import blocked_words

    words = deck_words(deck)
    focus = deck_focus(deck, words)
    blocked = blocked_words(deck.language) if blocked is None else blocked
    report = report_letters(deck.cards, words, blocked, focus)
    played = tuple(play_levels(deck.cards, words, games, seed, focus)) if games else ()
    return LettersVerdict(deck, words, report, played, games, seed)


def verdict_text(verdict: LettersVerdict, source: str) -> str:
    """The report a teacher reads: each level's cards, groups and words, its simulated classes,
    the blocklist check, and whether the deck passes."""
    deck, report = verdict.deck, verdict.report
    lines = [
        _("Cleariosity Letters deck {source}: {cards} cards, words in {language}").format(
            source=source, cards=number(len(deck.cards)), language=verdict.words.name
        ),
        "",
    ]
    for rank, level in enumerate(report.levels):
        own = sum(1 for card in deck.cards if card.level == rank)
        lines.append(
            _("Level {number} ({tiles}): {own} new cards, {cards} in play").format(
                number=rank + 1, tiles=level.name, own=number(own), cards=number(level.cards)
            )
        )
        lines.append(
            "  "
            + _(
                "{groups} word groups ({pairs} of two cards) spell {words} different words; every card is in "
                "{fewest_pairs} two-card groups or more ({card} fewest)"
            ).format(
                groups=number(level.groups),
                pairs=number(level.pairs),
                words=number(level.words),
                fewest_pairs=number(level.fewest_pairs[1]),
                card=level.fewest_pairs[0],
            )
        )
        for played in (p for p in verdict.played if p.rank == rank):
            lines.append("  " + played_line(played))
    lines.append("")
    lines.append(first_upper_sentence(report.blocklist_line()))
    if deck.focus:
        paired = ", ".join(f"{word} {pairs}" for word, pairs in report.focus)
        lines.append(_("A teacher's words, with their two-card groups: {words}").format(words=paired))
    failures = verdict.failures
    lines.append("")
    if failures:
        lines.append(counted("The deck misses {count} line:", "The deck misses {count} lines:", len(failures)))
        lines += [f"  - {line}" for line in failures]
    else:
        games = _("{games} simulated games per level, player count and play model, seed {seed}").format(
            games=number(verdict.games), seed=verdict.seed
        )
        lines.append(_("The deck passes every check ({games}).").format(games=games))
    return "\n".join(lines) + "\n"


def played_line(played: PlayedLevel) -> str:
    """One player count's games at a level, in a line."""
    return _(
        "{players} players: {collected} of the cards collected; card left most {card} ({left}), by beginners "
        "{beginner_card} ({beginner_left}); new words {new} a game; commonest word {word} ({share}); "
        "{distinct} different words in ten games"
    ).format(
        players=played.players,
        collected=percent(played.collected, 1),
        card=played.stranded[0],
        left=percent(played.stranded[1], 1),
        beginner_card=played.stranded_beginner[0],
        beginner_left=percent(played.stranded_beginner[1], 1),
        new=decimal(played.new_per_game, 2),
        word=played.top_word[0],
        share=percent(played.top_word[1], 1),
        distinct=decimal(played.words_in_ten, 1),
    )


def first_upper_sentence(text: str) -> str:
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def verdict_json(verdict: LettersVerdict) -> dict[str, Any]:
    """The same figures as data (``verify --json``), in a fixed order."""
    report = verdict.report
    return {
        "game": "letters",
        "language": verdict.deck.language,
        "cards": len(verdict.deck.cards),
        "games": verdict.games,
        "seed": verdict.seed,
        "passed": not verdict.failures,
        "failures": verdict.failures,
        "levels": [
            {
                "level": rank + 1,
                "tiles": level.name,
                "cards_in_play": level.cards,
                "groups": level.groups,
                "pairs": level.pairs,
                "words": level.words,
                "fewest_pairs": list(level.fewest_pairs),
                "fewest_groups": list(level.fewest_groups),
                "play": [_played_json(p) for p in verdict.played if p.rank == rank],
            }
            for rank, level in enumerate(report.levels)
        ],
        "blocklist": {
            "lines_checked": report.blocked.lines,
            "stacks_checked": report.blocked.stacks,
            "found": [[list(line.cards), line.line, line.text] for line in report.blocked.found],
        },
        "focus": [list(item) for item in report.focus],
    }


def _played_json(played: PlayedLevel) -> dict[str, Any]:
    return {
        "players": played.players,
        "collected": round(played.collected, 4),
        "stranded": [played.stranded[0], round(played.stranded[1], 4)],
        "stranded_beginner": [played.stranded_beginner[0], round(played.stranded_beginner[1], 4)],
        "new_per_game": round(played.new_per_game, 4),
        "top_word": [played.top_word[0], round(played.top_word[1], 4)],
        "words_in_ten": round(played.words_in_ten, 2),
    }
