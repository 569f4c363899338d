"""The Cleariosity Letters pages of the teacher pack: the rules, the words of each level, and an
answer key per level.

Every word the pack lists is one this deck's cards spell (found by stacking its cards, not taken
from the word list), so a class can make each of them.
"""

from __future__ import annotations

from deckgen.games.grid import LINE_NAMES
from deckgen.games.letters import pack_text as words_of
from deckgen.games.letters.deckfile import LettersDeck
from deckgen.games.letters.groups import level_groups
from deckgen.games.letters.pictures import deck_geometry, stack_picture, teaching_partition
from deckgen.games.letters.verify import deck_focus, deck_words, words_in_play
from deckgen.games.letters.words import WordList
from deckgen.i18n import _, joined, language, number
from deckgen.pack_blocks import Block, Bullets, Heading, Numbered, PageBreak, Picture, Pictures, Table, Text, Together

#: Answer-key pictures: four to a row, each column this wide (mm).
PICTURES_PER_ROW = 4
PICTURE_COLUMN = 44.0
#: The level colours as the pack names them.
COLOUR_WORDS = ("green", "yellow", "purple", "orange", "blue", "red")


def levels_in(deck: LettersDeck) -> list[int]:
    return sorted({card.level for card in deck.cards})


def level_name(rank: int) -> str:
    """ "Level 2 (yellow)"."""
    return _("Level {number} ({colour})").format(number=rank + 1, colour=_(COLOUR_WORDS[rank % len(COLOUR_WORDS)]))


def level_tiles(deck: LettersDeck, words: WordList, rank: int) -> list[str]:
    """The tiles new at level ``rank`` that its cards carry, in the word list's order (a tile of the
    level's list that no card of the level shows is not named: the pack says what the cards hold)."""
    shown = {tile for card in deck.cards if card.level == rank for tile in card.tiles.values()}
    return [tile for tile in words.levels[rank].tiles if tile in shown]


def language_in_text(words: WordList) -> str:
    """The words' language as a sentence names it: "English", "Deutsch"; in French and Spanish,
    where a language's name is not written with a capital, "français", "español"."""
    return words.name.lower() if language() in ("fr", "es") else words.name


def grapheme_example(deck: LettersDeck, words: WordList) -> str:
    """A tile of two or more letters the deck's cards carry (``sh``), for the rules; else the
    word list's first."""
    shown = {tile for card in deck.cards for tile in card.tiles.values()}
    longer = [tile for level in words.levels for tile in level.tiles if len(tile) > 1]
    return next((tile for tile in longer if tile in shown), longer[0] if longer else "ch")


def rules(deck: LettersDeck) -> list[Block]:
    """The rules as this deck plays them: its cards, its levels and their sounds."""
    words = deck_words(deck)
    rows = [(_("Level"), _("Cards"), _("New letters and sounds"))]
    for rank in levels_in(deck):
        own = sum(1 for card in deck.cards if card.level == rank)
        rows.append((level_name(rank), number(own), " ".join(level_tiles(deck, words, rank))))
    variants = [_(words_of.LETTERS_LEVEL_UP)] if len(rows) > 2 else []
    allowed = joined(
        [
            _("{count} at level {number}").format(
                count=number(sum(1 for card in deck.cards if card.level <= rank) // 10), number=rank + 1
            )
            for rank in levels_in(deck)
        ]
    )
    variants += [_(text).format(allowed=allowed) for text in words_of.LETTERS_VARIANTS]
    return [
        Heading(_(words_of.LETTERS_TITLE)),
        Text(_(words_of.LETTERS_INTRO).format(cards=number(len(deck.cards)), language=language_in_text(words))),
        Table(rows, [45.0, 20.0, None]),
        Heading(_("How to play"), 2),
        Numbered([(_(head), _(rule)) for head, rule in words_of.LETTERS_RULES]),
        Heading(_("What counts as a word"), 2),
        Bullets([_(rule).format(example=grapheme_example(deck, words)) for rule in words_of.LETTERS_WORD]),
        Heading(_("Variations"), 2),
        Bullets(variants),
    ]


def spelled_words(deck: LettersDeck, words: WordList, rank: int) -> list[str]:
    """The level's own new words that the cards in play at it spell, in the word list's order."""
    spelled = {group.tiles for group in level_groups(deck.cards, words, rank)}
    return [word.text for word in words.levels[rank].words if word.tiles in spelled]


def word_lists(deck: LettersDeck) -> list[Block]:
    """Each level's new words that the deck spells, and a teacher's own words where the deck has them."""
    words = words_in_play(deck)
    # A rules section of its own: the pack starts it on a new page.
    story: list[Block] = [Heading(_(words_of.LETTERS_WORDS_TITLE)), Text(_(words_of.LETTERS_WORDS_INTRO))]
    if deck.focus:
        from deckgen.games.letters.report import focus_pairs

        counted = focus_pairs(deck.cards, words, deck_focus(deck, words))
        said = ", ".join(f"{word} ({number(pairs)})" for word, pairs in counted)
        story.append(Text(_(words_of.LETTERS_FOCUS).format(words=said)))
    for rank in levels_in(deck):
        found = spelled_words(deck, words, rank)
        heading = _("{name}: {tiles}").format(name=level_name(rank), tiles=" ".join(level_tiles(deck, words, rank)))
        said = _("{count} words: {words}").format(count=number(len(found)), words=", ".join(found))
        story.append(Together([Heading(heading, 2), Text(said)]))
    return story


def answer_keys(deck: LettersDeck, card_size: tuple[float, float]) -> list[Block]:
    """Each level's new cards collected by words of that level (and earlier ones), as pictures."""
    words = words_in_play(deck)
    geometry = deck_geometry(deck, card_size)
    scale = min(0.42, 30.0 / geometry.width)
    story: list[Block] = [PageBreak(), Heading(_("Answer keys")), Text(_(words_of.LETTERS_KEYS_INTRO))]
    for rank in levels_in(deck):
        own = [card for card in deck.cards if card.level == rank]
        groups = teaching_partition(deck, words, rank)
        if groups:
            intro = _("{own} new cards, collected with these {groups} words.").format(
                own=number(len(own)), groups=number(len(groups))
            )
        else:
            intro = _("{own} new cards. No way to collect them on their own was found for this level.").format(
                own=number(len(own))
            )
        pictures = []
        for group in groups:
            stacked = [own[i] for i in group.cards]
            line = _(LINE_NAMES[group.line]).replace(" ", "\u00a0")
            caption = f"{', '.join(c.id for c in stacked)}<br/>{line}<br/><b>{''.join(group.tiles)}</b>"
            shapes = stack_picture(stacked, geometry, group.line)
            pictures.append(Picture(tuple(shapes), geometry.width, geometry.height, scale, caption))
        section: list[Block] = [Heading(_("Answer key: {name}").format(name=level_name(rank)), 2), Text(intro)]
        if pictures:
            section.append(Pictures(pictures, PICTURES_PER_ROW, PICTURE_COLUMN))
        story.append(Together(section))
    return story


def id_spans(deck: LettersDeck) -> str:
    """ "G01 to G24, Y01 to Y12 and …": each level's first and last id."""
    spans = []
    for rank in levels_in(deck):
        own = [card.id for card in deck.cards if card.level == rank]
        spans.append(_("{low} to {high}").format(low=own[0], high=own[-1]))
    return joined(spans)


def packing_detail(deck: LettersDeck) -> str:
    counts = ", ".join(
        _("{count} at level {number}").format(
            count=number(sum(1 for card in deck.cards if card.level == rank)), number=rank + 1
        )
        for rank in levels_in(deck)
    )
    return _("A Cleariosity Letters set has {cards} cards: {counts}.").format(
        cards=number(len(deck.cards)), counts=counts
    )
