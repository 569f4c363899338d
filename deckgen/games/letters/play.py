"""Simulated classes for Cleariosity Letters: each level played by 2, 3 and 4 players, in full
view and as beginners who see only two-card stacks, with the games every stacking game plays
(:mod:`deckgen.games.play.simulate`).

What a teacher asks of a level, and the lines a deck must meet (as the numbers game's criteria
7 to 9, 12, 14 and 18, for words):

- a class collects most of the cards (``min_collected`` of them on average, ``min_collected_first``
  at the first level, where every class starts with few tiles), and no card is left
  on the table game after game (``max_stranded`` of full-view games, ``max_stranded_beginner``
  of beginners' games);
- the level's own new words come up (``min_new_per_game`` collections a game);
- many different words: no word more than ``max_top_word`` of the collections (more where fewer
  words are in play, scaled as the numbers game scales its commonest equation: see
  :meth:`PlayedLevel.top_line`), and in ten games
  in a row a class meets ``min_words_in_ten`` different words or more (fewer where the level has
  fewer: then three quarters of those its groups spell);
- a teacher's own words each collected ``min_focus_per_game`` times a game at their level, or a
  share of that where she gives more words than the level's cards can bring up so often (see
  :meth:`PlayedLevel.focus_line`).

The values are :data:`LINES`; design checks its decks against the stricter :data:`DESIGN_LINES`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from deckgen.games.letters.cards import LetterCard
from deckgen.games.letters.groups import Tiles, level_groups
from deckgen.games.letters.words import Word, WordList, with_words
from deckgen.games.play.simulate import PRACTISES, simulate
from deckgen.i18n import _, decimal, decimal_g, percent

PLAYERS = (2, 3, 4)
#: The words in play at which the commonest word's line is ``max_top_word`` itself: the 55
#: additions of the numbers game's standard green tier, whose commonest may be 10 %.
REFERENCE_WORDS = 55
#: Cards in a collection, on average (two-card groups far outnumber three-card ones in play).
CARDS_PER_COLLECTION = 2.5
#: The commonest word's line never passes this, however few the words.
TOP_WORD_CEILING = 0.5


@dataclass(frozen=True)
class PlayLines:
    """The lines a level's games must meet."""

    min_collected: float = 0.92
    min_collected_first: float = 0.91
    max_stranded: float = 0.15
    max_stranded_beginner: float = 0.20
    min_new_per_game: float = 1.0
    max_top_word: float = 0.10
    min_words_in_ten: float = 30
    min_focus_per_game: float = 0.5


#: The lines a teacher's check reads.
LINES = PlayLines()
#: The lines design holds its own checks to: each clear of the teacher's by about what a fresh
#: draw of games moves the figure, so that a deck design accepts passes a check at any seed
#: (one whose figure sits on the line would pass design's games and fail some of the teacher's).
DESIGN_LINES = PlayLines(0.93, 0.92, 0.13, 0.18, 1.1, 0.09, 32, 0.6)


@dataclass(frozen=True)
class PlayedLevel:
    """One level played by one number of players: the figures of its games."""

    level: str
    players: int
    games: int
    collected: float
    #: The card full-view games leave most often, and in what share of them; beginners' likewise.
    stranded: tuple[str, float]
    stranded_beginner: tuple[str, float]
    new_per_game: float
    top_word: tuple[str, float]
    words_in_ten: float
    words_line: float
    #: Each of a teacher's words at this level, and its collections a game.
    focus: tuple[tuple[str, float], ...]
    #: Every card in play's share of games left on the table, full view and beginners' (deck order).
    left: tuple[float, ...] = ()
    left_beginner: tuple[float, ...] = ()
    #: The level's place (0: the first), and the words in play there (its own and earlier levels').
    rank: int = 0
    words_in_play: int = 100
    #: Each word collected, as its tiles, and its share of the collections.
    shares: tuple[tuple[Tiles, float], ...] = ()
    #: The cards new at this level (``None``: not counted, and a teacher's words held to the full line).
    own_cards: int | None = None

    def focus_line(self, lines: PlayLines = LINES) -> float:
        """How often each of a teacher's words at this level must be collected a game:
        ``min_focus_per_game``, or less where her words outnumber what the level's own cards can
        bring up that often. A card new at the level takes part in about one collection a game,
        of about :data:`CARDS_PER_COLLECTION` cards; half those collections may spell her words,
        the rest the level's other words."""
        if not self.focus or self.own_cards is None:
            return lines.min_focus_per_game
        room = 0.5 * self.own_cards / CARDS_PER_COLLECTION / len(self.focus)
        return lines.min_focus_per_game * min(1.0, room / LINES.min_focus_per_game)

    def collected_line(self, lines: PlayLines = LINES) -> float:
        return lines.min_collected_first if self.rank == 0 else lines.min_collected

    def top_line(self, lines: PlayLines = LINES) -> float:
        """The commonest word's line: ``max_top_word`` where :data:`REFERENCE_WORDS` words or more
        are in play; where fewer, as much more as there are fewer words (a word of nine comes up
        more often than one of fifty-five in the same collections), at most one half. The numbers
        game scales its commonest equation the same way from its standard green tier."""
        scale = max(1.0, REFERENCE_WORDS / self.words_in_play)
        ceiling = TOP_WORD_CEILING * lines.max_top_word / LINES.max_top_word
        return min(ceiling, lines.max_top_word * scale)

    def failures(self, lines: PlayLines = LINES) -> list[str]:
        """Each line the level's games miss, in words (in the language spoken)."""
        at = _("{name}, {players} players").format(name=self.level, players=self.players)
        said = []
        collected = self.collected_line(lines)
        if self.collected < collected:
            said.append(
                _("{at}: a class collects {share} of the cards (at least {line})").format(
                    at=at, share=percent(self.collected, 1), line=percent(collected)
                )
            )
        if self.stranded[1] > lines.max_stranded:
            card, share = self.stranded
            said.append(
                _("{at}: {card} is left on the table in {share} of games (at most {line})").format(
                    at=at, card=card, share=percent(share, 1), line=percent(lines.max_stranded)
                )
            )
        if self.stranded_beginner[1] > lines.max_stranded_beginner:
            card, share = self.stranded_beginner
            said.append(
                _("{at}: beginners leave {card} in {share} of their games (at most {line})").format(
                    at=at, card=card, share=percent(share, 1), line=percent(lines.max_stranded_beginner)
                )
            )
        if self.new_per_game < lines.min_new_per_game:
            said.append(
                _("{at}: the level's new words come up {times} times a game (at least {line})").format(
                    at=at, times=decimal(self.new_per_game, 2), line=decimal_g(lines.min_new_per_game)
                )
            )
        top = self.top_line(lines)
        if self.top_word[1] > top:
            word, share = self.top_word
            said.append(
                _("{at}: {word} is {share} of the collections (at most {line})").format(
                    at=at, word=word, share=percent(share, 1), line=percent(top)
                )
            )
        words_line = self.words_line * lines.min_words_in_ten / LINES.min_words_in_ten
        if self.words_in_ten < words_line:
            said.append(
                _("{at}: {count} different words in ten games (at least {line})").format(
                    at=at, count=decimal(self.words_in_ten, 1), line=decimal(words_line, 0)
                )
            )
        focus_line = self.focus_line(lines)
        for word, per_game in self.focus:
            if per_game < focus_line:
                said.append(
                    _("{at}: {word} is collected {times} times a game (a teacher's word: at least {line})").format(
                        at=at, word=word, times=decimal(per_game, 2), line=decimal(focus_line, 2)
                    )
                )
        return said


def play_levels(
    cards: Sequence[LetterCard],
    words: WordList,
    games: int,
    seed: int | str,
    focus: Sequence[tuple[Word, int]] = (),
) -> list[PlayedLevel]:
    """Every level of the deck played ``games`` times at each player count (seeds of their own
    per level and player count, so one figure never depends on another's games)."""
    words = with_words(words, focus)
    played = []
    for rank in range(max(card.level for card in cards) + 1):
        in_play = [card for card in cards if card.level <= rank]
        groups = level_groups(cards, words, rank)
        own = {word.tiles for word in words.levels[rank].words}
        texts = sorted({group.tiles for group in groups})
        number_of = {tiles: number for number, tiles in enumerate(texts)}
        masks = [group.mask for group in groups]
        flags = [PRACTISES if group.tiles in own else 0 for group in groups]
        equations = [number_of[group.tiles] for group in groups]
        pairs = [index for index, group in enumerate(groups) if group.pair]
        focus_here = [word for word, at in focus if at == rank]
        words_line = min(LINES.min_words_in_ten, 0.75 * len(texts))
        for players in PLAYERS:
            stream = f"letters:{seed}:{rank}:{players}"
            full = simulate(len(in_play), masks, flags, players, games, stream, equations)
            beginners = simulate(
                len(in_play), [masks[i] for i in pairs], [flags[i] for i in pairs], players, games, f"{stream}:beginner"
            )
            stranded, stranded_beginner = full.stranded(), beginners.stranded()
            worst = max(range(len(in_play)), key=lambda i: (stranded[i], -i))
            worst_beginner = max(range(len(in_play)), key=lambda i: (stranded_beginner[i], -i))
            shares = full.equation_shares()
            top = max(range(len(shares)), key=lambda i: (shares[i], -i)) if shares else 0
            collected = full.equation_counts
            played.append(
                PlayedLevel(
                    words.levels[rank].name,
                    players,
                    games,
                    full.collected_share,
                    (in_play[worst].id, stranded[worst]),
                    (in_play[worst_beginner].id, stranded_beginner[worst_beginner]),
                    full.practice_per_game,
                    ("".join(texts[top]) if texts else "", shares[top] if shares else 0.0),
                    full.window_distinct[0] / full.windows if full.windows else 0.0,
                    words_line,
                    tuple(
                        (word.text, collected[number_of[word.tiles]] / games if word.tiles in number_of else 0.0)
                        for word in focus_here
                    ),
                    tuple(stranded),
                    tuple(stranded_beginner),
                    rank,
                    len(words.words_to(rank)),
                    tuple(zip(texts, shares, strict=True)),
                    sum(1 for card in cards if card.level == rank),
                )
            )
    return played
