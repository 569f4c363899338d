"""The Cleariosity Numbers pages of the teacher pack: the rules, and an answer key per level.

Each answer key shows one way to collect every card of its level (the exact-cover solver's
partition), as pictures of the stacked cards drawn from the printed card faces.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from deckgen.games.cleariosity.analysis.tier_report import analyse_tier, teaching_partition
from deckgen.games.cleariosity.core.groups import find_groups, raw_card
from deckgen.games.cleariosity.core.model import TABLE_OPS, Card, Deck, Tier, within_tables
from deckgen.games.cleariosity.core.rules import describe
from deckgen.games.cleariosity.output import pack_text as words
from deckgen.games.cleariosity.output.faces import CleariosityGeometry
from deckgen.games.cleariosity.output.pictures import stack_picture
from deckgen.games.cleariosity.spec.reading import load_spec
from deckgen.games.grid import LINE_NAMES
from deckgen.glossary import colour_word
from deckgen.i18n import N_, _, counted, either, first_upper, joined, number
from deckgen.layout.faces import TURNED_DIGITS, reads_differently_turned
from deckgen.maths_signs import Signs
from deckgen.pack_blocks import (
    Block,
    Bullets,
    Heading,
    Numbered,
    PageBreak,
    Picture,
    Pictures,
    Table,
    Text,
    Together,
)

#: Answer-key pictures: four to a row, each column this wide (mm): room for the longest
#: caption ("diagonal from bottom left") on one line.
PICTURES_PER_ROW = 4
PICTURE_COLUMN = 44.0


#: The colours a spec may give its levels: a level named after its colour is named in the pack's language.
COLOUR_WORDS = (N_("green"), N_("yellow"), N_("purple"), N_("orange"), N_("blue"), N_("red"))

#: Cards in play past which a level counts as larger in the co-operative variant (4 cards may
#: be left), and past which as larger still (6: the 96 cards of the times tables to 9 × 9 leave
#: about 6 in simulated play, as the standard deck's 48 and 60 leave about 4).
LARGER_LEVEL = 36
LARGEST_LEVEL = 72


def rules(deck: Deck) -> list[Block]:
    """The rules as this deck plays them: its card count, its levels and their operations."""
    # Levels of more than 36 cards leave more on the table (measured: purple and orange of the
    # standard deck, 48 and 60 cards), so the co-operative game allows them more.
    marks = signs_note(deck) + tables_note(deck)
    first = colour_name(deck.present()[0])
    variants = [_(words.CLEARIOSITY_LEVEL_UP).format(first=first)] if len(levels(deck)) > 1 else []
    variants += [_(text).format(larger=larger_levels(deck)) for text in words.CLEARIOSITY_VARIANTS]
    return [
        Heading(words.CLEARIOSITY_TITLE),
        *preset_line(deck),
        Text(
            _(words.CLEARIOSITY_INTRO).format(
                players=players_text(deck),
                cards=number(len(deck.cards)),
                numbers=numbers_text(deck),
                mark=_(words.CLEARIOSITY_MARK_EXPLAINED) if marks else _(words.CLEARIOSITY_MARK),
            )
        ),
        Table([(_("Level"), _("Cards"), _("Operations")), *levels(deck)], [52.0, 25.0, 93.0]),
        *marks,
        Heading(_("How to play"), 2),
        Numbered([(_(head), _(rule)) for head, rule in words.CLEARIOSITY_RULES]),
        Heading(_("What counts as an equation"), 2),
        Bullets(equation_rules(deck) + underline_note(deck)),
        Heading(_("Variations"), 2),
        Bullets(variants),
        Together(
            [
                Heading(_("Levels and players"), 2),
                Text(_(words.CLEARIOSITY_PLAYERS_INTRO)),
                Table(turn_ups(deck), [60.0, *[35.0] * len(deck_players(deck))]),
            ]
        ),
    ]


def preset_line(deck: Deck) -> list[Block]:
    """For a preset's deck, which deck this is, under the game's name: its keys fit it alone, and
    two presets' packs printed together must not be mixed up."""
    from deckgen.games.cleariosity.spec.presets import PRESET_FILES
    from deckgen.games.cleariosity.spec.titles import preset_words

    if deck.spec not in PRESET_FILES or deck.spec == "standard":
        return []
    title = preset_words(deck.spec)
    return [Text(_("This deck: {title} (the preset {preset}).").format(title=title or deck.spec, preset=deck.spec))]


def colour_name(tier: Tier) -> str:
    """A level's name as the pack says it: a colour in the pack's language, else as the spec wrote it."""
    return _(tier.name)


def deck_players(deck: Deck) -> tuple[int, ...]:
    """The player counts the deck is for: its spec's, or :data:`PLAYERS` for a deck without one."""
    return load_spec(deck.spec).players if deck.spec else PLAYERS


def underline_note(deck: Deck) -> list[str]:
    """The line on underlined numbers, for a deck that prints any (16 is underlined: 91 turned)."""
    marked = sorted(
        {c.value for card in deck.cards for c in card.cells if c.value >= 10 and reads_differently_turned(c.value)}
    )
    if not marked:
        return []
    turned = "".join(TURNED_DIGITS[ch] for ch in reversed(str(marked[0])))
    return [_(words.CLEARIOSITY_UNDERLINE).format(example=marked[0], turned=turned)]


def larger_levels(deck: Deck) -> str:
    """The co-operative variant's allowance at the levels with more cards, in words ("" for none):
    4 cards past 36 in play, 6 past 72."""
    allowances = []
    for tier in deck.present():
        cards = len(deck.tier_cards(tier))
        if cards > LARGER_LEVEL:
            allowances.append((colour_name(tier), 6 if cards > LARGEST_LEVEL else 4))
    if not allowances:
        return ""
    if all(count == 4 for _level, count in allowances):
        return _(words.CLEARIOSITY_LARGER_LEVELS).format(levels=joined([level for level, _count in allowances]))
    said = [_(words.CLEARIOSITY_ALLOWANCE).format(count=count, level=level) for level, count in allowances]
    return _(words.CLEARIOSITY_LARGER_ALLOWANCES).format(allowances=joined(said))


def tables_note(deck: Deck) -> list[Block]:
    """For a deck whose colours bring in tables of their own: what the small numbers beside a
    card's sign mean (the first such colour's, as an example). For a deck of tables: an equation
    outside the first level's tables that its cards make, which counts all the same, said as the
    level really is: outside "the 2, 5 and 10 times tables", or not among "2 × 2 to 5 × 5" (where
    2 × 8 = 16 is outside the level, though in the 2 table). Empty for other decks."""
    said = []
    marked = [tier for tier in deck.present() if tier.label]
    if marked:
        tier = marked[0]
        said.append(
            _(words.CLEARIOSITY_TABLES_MARK).format(
                mark=f"{table_signs(tier, deck.signs)}\u00a0{tier.label}",  # one mark: never broken over lines
                colour=colour_name(tier),
                tables=" ".join(tables_words([tier], deck)),
            )
        )
    tabled = [tier for tier in deck.present() if tier.factors and set(tier.adds) & set(TABLE_OPS)]
    if tabled:
        said += outside_sentence(deck, tabled[0])
    return [Text(" ".join(said))] if said else []


def outside_sentence(deck: Deck, tier: Tier) -> list[str]:
    """That an equation outside the tables of ``tier``'s level counts too, with one its cards
    make as the example, and the level's tables in the words that are true of them."""
    outside = outside_tables(deck, tier)
    if not outside:
        return []
    tiers = level_table_tiers(tier)
    school = school_tables(tiers)
    if school:
        return [_(words.CLEARIOSITY_TABLES_OUTSIDE).format(tables=school, outside=outside, colour=colour_name(tier))]
    facts = " ".join(tables_words(tiers, deck))
    return [_(words.CLEARIOSITY_FACTS_OUTSIDE).format(facts=facts, outside=outside, colour=colour_name(tier))]


def level_table_tiers(tier: Tier) -> list[Tier]:
    """The tiers whose tables are in play at ``tier``'s level (those that add × or ÷ with tables)."""
    return [t for t in tier.tiers() if t.factors and set(t.adds) & set(TABLE_OPS)]


def outside_level(values: tuple[int, int, int], op: str, tier: Tier) -> bool:
    """Whether ``a op b = c`` (× or ÷) is outside every table in play at ``tier``'s level."""
    return not any(within_tables(values, op, t.factors) for t in level_table_tiers(tier) if op in t.adds)


def outside_tables(deck: Deck, tier: Tier) -> str:
    """An equation of the tier's own operation that its level's cards make outside the tables in
    play at the level ("4 × 20 = 80"), the first in the order groups are found; "" where there is none."""
    cards = deck.tier_cards(tier)
    for group in find_groups([raw_card(card) for card in cards], tier.ops()):
        for op in group.ops:
            if op in tier.adds and op in TABLE_OPS and outside_level(group.values, op, tier):
                a, b, c = group.values
                return f"{a} {deck.signs.of(op)} {b} = {c}"
    return ""


def table_signs(tier: Tier, signs: Signs) -> str:
    """The signs of the operations a tier's own tables are of (× and ÷; + and − have none)."""
    return " ".join(signs.of(op) for op in tier.adds if op in TABLE_OPS)


def equation_rules(deck: Deck) -> list[str]:
    """What counts as an equation: the forms it takes with this deck's operations, in the class's
    signs ("X + Y = Z or X − Y = Z"), and that a division must leave no remainder where the deck divides."""
    divides = any("/" in tier.adds for tier in deck.present())
    exact = _(words.CLEARIOSITY_EXACT) if divides else ""
    operations = dict.fromkeys(op for tier in deck.present() for op in tier.adds)
    forms = either([f"X {deck.signs.of(op)} Y = Z" for op in operations])
    return [_(rule).format(exact=exact, forms=forms) for rule in words.CLEARIOSITY_EQUATION]


def signs_note(deck: Deck) -> list[Block]:
    """For a deck with a colour that brings in several operations, or none (its dot then shows
    its letter): what the marks beside its dot mean. Empty for one operation a colour."""
    meanings = []
    for tier in deck.present():
        name, colour = colour_name(tier), colour_word(tier.colour, "dot")  # "la pastille violette"
        if not tier.adds:
            meanings.append(_(words.CLEARIOSITY_SIGNS_NONE).format(letter=tier.sign, name=name, colour=colour))
        elif len(tier.adds) > 1:
            signs = " ".join(deck.signs.of(op) for op in tier.adds)
            doing = _("{operations} together").format(
                operations=joined([_(words.OPERATION_WORDS[op]) for op in tier.adds])
            )
            if tier.label:
                doing = _("{doing}, for the {signs} tables {tables}").format(
                    doing=doing, signs=table_signs(tier, deck.signs), tables=tier.label
                )
            meanings.append(
                _(words.CLEARIOSITY_SIGNS_SEVERAL).format(signs=signs, name=name, colour=colour, doing=doing)
            )
    return [Text(_(words.CLEARIOSITY_SIGNS).format(meanings=" ".join(meanings)))] if meanings else []


def numbers_text(deck: Deck) -> str:
    """The numbers the cards carry, in words: "0 to 9", or "2, 3, 4, 6, 8, 9, 12 and 16"."""
    printed = sorted({cell.value for card in deck.cards for cell in card.cells})
    if printed == list(range(printed[0], printed[-1] + 1)) or len(printed) > 12:
        return _("{low} to {high}").format(low=printed[0], high=printed[-1])
    return joined([str(n) for n in printed])


def players_text(deck: Deck) -> str:
    """Who the deck is for, in words: "2 to 4 players", "2 players"."""
    counts = deck_players(deck)
    if len(counts) == 1:
        return counted("{count} player", "{count} players", counts[0])
    if list(counts) == list(range(counts[0], counts[-1] + 1)):
        return _("{low} to {high} players").format(low=counts[0], high=counts[-1])
    return _("{counts} players").format(counts=joined([str(n) for n in counts]))


def tables_words(tiers: list[Tier], deck: Deck) -> list[str]:
    """The times tables of these tiers (each with tables of its own) as a teacher says them.

    Tables that run from the same first fact, each holding the one before (2 × 2 to 5 × 5, then
    to 7 × 7), are said once, as the largest: "2 × 2 to 7 × 7" for a level of both. Tables as a
    class learns them (each × 2 to × 9) are said in school words: "the 2, 5 and 10 times
    tables". Other tables are said as the cards mark them ("× 6-9")."""
    square = [t.factors for t in tiers if t.factors.rows == t.factors.times and _runs(t.factors.rows)]
    if (
        tiers
        and len(square) == len(tiers)
        and all(
            set(inner.rows) <= set(outer.rows) and inner.rows[0] == outer.rows[0] for inner, outer in pairwise(square)
        )
    ):
        low, high = square[-1].rows[0], square[-1].rows[-1]
        times = deck.signs.of("*")
        return [_("{low} to {high}").format(low=f"{low} {times} {low}", high=f"{high} {times} {high}")]
    school = school_tables(tiers)
    if school:
        return [school]
    return [f"{table_signs(t, deck.signs)} {t.label}" for t in tiers]


def school_tables(tiers: Sequence[Tier]) -> str:
    """The tables of these tiers as a teacher names them, where they are times tables a class
    learns (rows, each times the same run, not both factors from one range): "the 2, 5 and 10
    times tables", "the 7 times table", "the whole times table, from 2 to 10"; "" otherwise."""
    tables = [t.factors for t in tiers if t.factors]
    if not tables or any(t.rows == t.times for t in tables) or len({t.times for t in tables}) != 1:
        return ""
    return tables_said(sorted({row for t in tables for row in t.rows}))


def tables_said(rows: Sequence[int]) -> str:
    """Times tables by their rows, in the pack's language: "the 6 times table", "the 2, 5 and 10
    times tables", "the 6 to 9 times tables", and every one from 2 (to 9 or past) as the whole
    times table a primary school teaches ("das kleine Einmaleins")."""
    if len(rows) == 1:
        return _(words.TIMES_TABLE).format(table=rows[0])
    if _runs(tuple(rows)) and len(rows) > 2:
        if rows[0] == 2 and rows[-1] >= 9:
            return _(words.TIMES_TABLES_ALL).format(low=rows[0], high=rows[-1])
        return _(words.TIMES_TABLES_RUN).format(low=rows[0], high=rows[-1])
    return _(words.TIMES_TABLES).format(tables=joined([str(row) for row in rows]))


def _runs(numbers: tuple[int, ...]) -> bool:
    """Whether the numbers run without a gap, lowest first (6, 7, 8)."""
    return bool(numbers) and list(numbers) == list(range(numbers[0], numbers[0] + len(numbers)))


def levels(deck: Deck) -> list[tuple[str, str, str]]:
    """Each level of this deck: the colours in play, their cards, and the operations in words."""
    present = list(deck.present())
    rows = []
    for tier in present:
        colours = [colour_name(t) for t in tier.tiers() if t in present]
        name = _("All four colours") if len(colours) == len(present) == 4 else first_upper(joined(colours))
        ops = tier.ops()
        signs = signs_said(deck, ops)
        doing = operations_words(ops)
        school = school_tables(level_table_tiers(tier))
        tables = tables_words([t for t in tier.tiers() if t.label], deck)
        if school:
            doing = _("{doing}: {tables}").format(doing=doing, tables=school)
        elif tables:
            doing = _("{doing}, tables {tables}").format(doing=doing, tables=", ".join(tables))
        cards = counted("{count} card", "{count} cards", len(deck.tier_cards(tier)))
        rows.append((name, cards, f"{doing} ({signs})"))
    return rows


def operations_words(ops: Sequence[str]) -> str:
    """A level's operations in words: "adding and subtracting", "all four operations"."""
    return _("all four operations") if len(ops) == 4 else joined([_(words.OPERATION_WORDS[op]) for op in ops])


def operations_said(deck: Deck, tier: Tier) -> str:
    """A level's operations in words with their signs, "dividing (:)": a sign alone after a
    colon ("Rechenarten: :.") reads as a misprint."""
    ops = tier.ops()
    return f"{operations_words(ops)} ({signs_said(deck, ops)})"


def signs_said(deck: Deck, ops: Sequence[str]) -> str:
    """The signs of ``ops`` as the deck prints them, "+ −", "· :"."""
    return " ".join(deck.signs.of(op) for op in ops)


#: Player counts the rules are written for.
PLAYERS = (2, 3, 4)


def turn_ups(deck: Deck) -> list[tuple[str, ...]]:
    """Cards each player turns up in a game, per level and number of players (this deck's counts)."""
    counts = deck_players(deck)
    rows: list[tuple[str, ...]] = [
        (_("Turn-ups per player"), *(counted("{count} player", "{count} players", n) for n in counts))
    ]
    for tier in deck.present():
        cards = len(deck.tier_cards(tier))
        if cards:
            level = first_upper(_("{name} level ({cards} cards)").format(name=colour_name(tier), cards=number(cards)))
            rows.append((level, *(str(cards // n) for n in counts)))
    return rows


def answer_keys(deck: Deck, card_size: tuple[float, float]) -> list[Block]:
    """The answer keys: each level's new cards, collected by equations of that level.

    The operations are cumulative, so a level's cards are collected by the keys of the levels
    before it plus its own: each key shows only the cards new at its level, and every card
    appears once. Should a colour have no way of its own to be collected, its level's key shows
    one way to collect the whole level instead.
    """
    geometry = CleariosityGeometry(*card_size)
    scale = min(0.42, 30.0 / geometry.width)
    levels = list(deck.present())
    if not levels:
        return []
    story: list[Block] = [
        PageBreak(),
        Heading(_("Answer keys")),
        Text(
            _(
                "Each level adds the cards of one colour. The key of a level shows one way to collect its new "
                "cards; with the keys of the levels before it, that collects every card in play. Each picture "
                "shows the cards of one equation stacked, with the line to read highlighted."
            )
        ),
    ]
    for tier in levels:
        own = deck.colour_cards(tier)
        ops = operations_said(deck, tier)
        in_play = len(deck.tier_cards(tier))
        found = teaching_partition(deck, tier)
        if found.groups:
            cards: Sequence[Card] = own
            groups = found.groups
            earlier = [colour_name(t) for t in tier.tiers() if t is not tier and deck.colour_cards(t)]
            if len(earlier) > 1:
                before = _("; the {levels} cards as in their keys").format(levels=joined(earlier))
            else:
                before = _("; the {levels} cards as in their key").format(levels=joined(earlier)) if earlier else ""
            intro = _(
                "{own} {name} cards, {in_play} in play. Operations: {ops}. "
                "Collect the {name} cards with these {groups} equations{before}."
            ).format(
                own=number(len(own)),
                name=colour_name(tier),
                in_play=number(in_play),
                ops=ops,
                groups=number(len(groups)),
                before=before,
            )
        else:
            report = analyse_tier(deck, tier)
            cards, groups = report.cards, report.perfect_clear.groups or ()
            intro = _(
                "{in_play} cards in play. Operations: {ops}. The {name} cards cannot be collected on "
                "their own, so this key collects every card of the level."
            ).format(in_play=number(in_play), ops=ops, name=colour_name(tier))
            if not groups:
                intro = _("{in_play} cards in play. No way to collect every card was found for this level.").format(
                    in_play=number(in_play)
                )
        heading = _("Answer key: {name} level").format(name=colour_name(tier))
        section: list[Block] = [Heading(heading, 2), Text(intro)]
        pictures = []
        for group in groups:
            stacked = [cards[i] for i in group.cards]
            line = _(LINE_NAMES[group.line]).replace(" ", "\u00a0")  # a caption line never breaks
            reads = describe(group.values, group.ops[0], deck.signs)
            caption = f"{', '.join(c.id for c in stacked)}<br/>{line}<br/><b>{reads}</b>"
            shapes = stack_picture(stacked, geometry, [group.line], signs=deck.signs)
            pictures.append(Picture(tuple(shapes), geometry.width, geometry.height, scale, caption))
        if pictures:
            section.append(Pictures(pictures, PICTURES_PER_ROW, PICTURE_COLUMN))
        story.append(Together(section))  # a level's heading on the page of its pictures
    return story
