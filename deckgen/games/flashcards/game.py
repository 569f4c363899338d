"""Flash cards as deckgen sees them: the :class:`~deckgen.games.base.Game` of this package.

A deck is a spreadsheet: each row a card with a front and a back (and optionally an id, a
number of copies and a colour). The text is set from Atkinson Hyperlegible's outlines, so
the PDF, the PNGs and the laser paths show the same letters with no font installed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.errors import Code, DeckgenError
from deckgen.games.base import Game, GameOptions, Verdict, VerifyRequest
from deckgen.i18n import N_, _
from deckgen.options import Option, given_text, given_texts
from deckgen.pack_sections import PackSection
from deckgen.resources import data_folder

if TYPE_CHECKING:
    from deckgen.games.flashcards.model import FlashDeck
    from deckgen.layout.faces import CardFaces

DECK_COMMANDS = ("build", "verify", "export")
FRONT = Option(
    "front",
    "text",
    "Flash cards only: the column that makes the front, by its heading in the sheet; repeat it for more "
    "lines (--front Hanzi --front Pinyin). [the column called front]",
    metavar="COLUMN",
    in_profiles=False,
    commands=DECK_COMMANDS,
    multiple=True,
    label=N_("Front of the card"),
    columns=True,
)
BACK = Option(
    "back",
    "text",
    "Flash cards only: the column that makes the back, by its heading; repeat it for more lines "
    "(--back Pinyin --back English). [the column called back]",
    metavar="COLUMN",
    in_profiles=False,
    commands=DECK_COMMANDS,
    multiple=True,
    label=N_("Back of the card"),
    columns=True,
)
FONT = Option(
    "font",
    "text",
    N_(
        "Flash cards only: a font file (.ttf, .otf, .ttc) to draw the card text with; characters it lacks come "
        "from deckgen's own fonts and this computer's."
    ),
    metavar="FILE",
    commands=DECK_COMMANDS,
    label=N_("Font of the card text"),
    upload=(".ttf", ".otf", ".ttc"),
)

SCRIPT_FORMS = Option(
    "script_forms",
    "choice",
    "Flash cards only: the forms Chinese characters (kanji, hanja) are drawn in: ja (Japanese), zh-Hans "
    "(simplified Chinese), zh-Hant (traditional Chinese) or ko (Korean). It picks the font's Japanese, "
    "Chinese or Korean face and the letters' local forms; a --font named is still the font used. "
    "[as the sheet says: ja with kana, ko with hangul, else zh-Hans]",
    choices=("ja", "zh-Hans", "zh-Hant", "ko"),
    commands=("build", "verify"),
    label=N_("Forms of Chinese characters"),
)
#: How the page lists each of the forms.
SCRIPT_FORMS_LABELS = {
    "": N_("As the sheet's own letters say"),
    "ja": N_("Japanese"),
    "zh-Hans": N_("Simplified Chinese"),
    "zh-Hant": N_("Traditional Chinese"),
    "ko": N_("Korean"),
}

#: A playing card turned on its side: eight to a letter or A4 sheet, and a card with its
#: back beside it (fold-over) still fits across the sheet.
CARD_SIZE = "88.9x63.5mm"


@dataclass(frozen=True)
class FlashOptions:
    """The flash cards' own options (:data:`FRONT`, :data:`BACK`, :data:`FONT`,
    :data:`SCRIPT_FORMS`), read from the values given by name."""

    #: Column headings of each side, as given (none: the deck's own).
    front: tuple[str, ...] = ()
    back: tuple[str, ...] = ()
    font: str | None = None
    script_forms: str | None = None

    @classmethod
    def of(cls, values: GameOptions) -> FlashOptions:
        return cls(
            given_texts(values, "front"),
            given_texts(values, "back"),
            given_text(values, "font"),
            given_text(values, "script_forms"),
        )


class FlashcardsGame(Game["FlashDeck"]):
    def __init__(self) -> None:
        super().__init__(
            key="flashcards",
            name=N_("Flash cards"),
            stem="flashcards",
            summary="a two-sided card for each row of a spreadsheet",
            default_file=data_folder("deckgen.games.flashcards.templates") / "flashcards-sample.csv",
            file_kind=N_("a spreadsheet (.csv or .xlsx) with front and back columns, or an Anki deck (.apkg)"),
            file_suffixes=(".csv", ".xlsx", ".apkg"),
            options=(FRONT, BACK, FONT, SCRIPT_FORMS),
            print_defaults={"card_size": CARD_SIZE, "media": "cardstock", "duplex": "long-edge"},
            built_by_default=False,
            has_backs=True,
            ids_described="F01 and up for flash cards",
            id_examples="F05, F11",
            card_noun=N_("flash card"),
            checks="every card has a front and a back, and each text fits its card at a readable size",
            printed_on="card stock, with long-edge duplex backs",
            cmyk={
                "#D62828": (0.00, 0.90, 0.85, 0.05),  # red
                "#D63384": (0.00, 0.85, 0.20, 0.00),  # pink
                "#8B5A2B": (0.00, 0.40, 0.70, 0.45),  # brown
                "#1E9E3A": (0.80, 0.00, 0.95, 0.05),  # green
                "#F2B800": (0.00, 0.25, 1.00, 0.00),  # yellow
                "#7A3FA8": (0.60, 0.80, 0.00, 0.00),  # purple
                "#F26B0F": (0.00, 0.65, 1.00, 0.00),  # orange
                "#1F5FA8": (0.90, 0.55, 0.00, 0.05),  # blue
                "#9AA7B8": (0.00, 0.00, 0.00, 0.35),  # frame: a neutral grey, K alone
            },
        )

    def load(self, path: Path | None, options: GameOptions) -> FlashDeck:
        from dataclasses import replace

        from deckgen.games.flashcards.fonts import user_font
        from deckgen.games.flashcards.sheet import load_sheet

        source = self.deck_file(path)
        own = FlashOptions.of(options)
        front, back = own.front, own.back
        if source.suffix.lower() == ".apkg":
            from deckgen.games.flashcards.anki import load_package

            if front or back:
                named = "front" if front else "back"
                raise DeckgenError(
                    _(
                        "{option} names a spreadsheet's columns; an Anki deck's cards are made as Anki shows them"
                    ).format(option="--" + named),
                    code=Code.OPTION_NOT_HERE,
                    option=named,
                )
            deck = load_package(source)
        else:
            deck = load_sheet(source, front, back)
        if own.font is not None:
            deck = replace(deck, fonts=(user_font(Path(own.font)),))
        return replace(deck, script_forms=own.script_forms) if own.script_forms else deck

    def choice_label(self, option: str, value: str) -> str:
        if option == "script_forms":
            return SCRIPT_FORMS_LABELS.get(value, value)
        return super().choice_label(option, value)

    def file_columns(self, path: Path) -> list[str]:
        from deckgen.games.flashcards.sheet import sheet_headings

        return sheet_headings(path) if path.suffix.lower() in (".csv", ".xlsx") else []

    def notes(self, deck: FlashDeck) -> list[str]:
        return [_("{path}: {message}").format(path=Path(deck.source).name, message=note) for note in deck.notes]

    def card_count(self, deck: FlashDeck) -> int:
        return len(deck.printed)

    def faces(self, deck: FlashDeck, card: tuple[float, float], options: GameOptions, laser: bool = False) -> CardFaces:
        from deckgen.games.flashcards.faces import FlashGeometry, back, deck_fonts, front, label, undrawable
        from deckgen.layout.faces import CardFaces, set_word

        geometry = FlashGeometry(*card)
        cards = deck.printed
        chain = deck_fonts(deck)
        missing = undrawable(cards, chain)
        if missing:
            raise DeckgenError(_("{path}: {message}").format(path=deck.source, message=missing))
        try:
            fronts = [front(c, geometry, frame=not laser, chain=chain) for c in cards]
            backs = [back(c, geometry, frame=not laser, chain=chain) for c in cards]
        except DeckgenError as error:
            raise DeckgenError(_("{path}: {message}").format(path=deck.source, message=error)) from None
        set_label = partial(label, geometry=geometry, word=set_word())
        return CardFaces(ids=[c.id for c in cards], fronts=fronts, backs=backs, label=set_label, back_label=set_label)

    def picture_stem(self, card_id: str) -> str:
        """``flashcards-V01``: ids come from the teacher's spreadsheet and may look like another
        game's, so the pictures carry the game's name and never share a file name."""
        return f"{self.stem}-{card_id}"

    def owns_picture(self, stem: str) -> bool:
        """Pictures named ``flashcards-ID``, ``flashcards-ID-back`` and the contact sheet."""
        from deckgen.deckfile import CARD_ID

        card = stem.removeprefix(f"{self.stem}-").removesuffix("-back")
        return stem.startswith(f"{self.stem}-") and (card == "contact" or CARD_ID.fullmatch(card) is not None)

    def verify(self, deck: FlashDeck, source: str, request: VerifyRequest) -> Verdict:
        from deckgen.games.flashcards.report import check

        return check(deck, self)

    def export(self, deck: FlashDeck, fmt: str) -> str:
        from deckgen.games.flashcards.export import flashcards_csv, flashcards_json

        return flashcards_json(deck) if fmt == "json" else flashcards_csv(deck)

    def pack_sections(self, deck: FlashDeck, card: tuple[float, float], text_width: float) -> list[PackSection]:
        from deckgen.games.flashcards.pack import answer_list, rules

        return [PackSection("rules", rules(deck)), PackSection("keys", answer_list(deck, text_width))]

    def ids_of(self, deck: FlashDeck) -> str:
        ids = [card.id for card in deck.cards]
        shown = ", ".join(ids) if len(ids) <= 4 else f"{ids[0]}, {ids[1]} … {ids[-1]}"
        return _("{ids} for flash cards").format(ids=shown)

    def packing_detail(self, deck: FlashDeck) -> str:
        from deckgen.i18n import number

        different = len(deck.cards)
        printed = len(deck.printed)
        file = Path(deck.source).name
        if different != printed:
            return _("A flash-card set has {printed} cards ({different} different), from {file}.").format(
                printed=number(printed), different=number(different), file=file
            )
        return _("A flash-card set has {printed} cards, from {file}.").format(printed=number(printed), file=file)

    def doc_pictures(self) -> dict[str, bytes]:
        from deckgen.games.flashcards.pictures import sample_picture

        return {"flashcards.png": sample_picture(self)}
