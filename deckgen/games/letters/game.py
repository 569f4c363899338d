"""Cleariosity Letters as deckgen sees it: the :class:`~deckgen.games.base.Game` of this package.

The deck a build uses is the shipped deck of the language spoken (``--lang``): a Spanish class
gets Spanish words. The design search, the simulated games and the pack are imported inside the
methods that use them, so listing the games loads none of them.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.errors import DeckgenError
from deckgen.games.base import Game, GameOptions, Stack, Verdict, VerifyRequest
from deckgen.i18n import N_, _, language, number
from deckgen.pack_sections import PackSection
from deckgen.resources import data_folder

if TYPE_CHECKING:
    from deckgen.games.letters.deckfile import LettersDeck
    from deckgen.layout.faces import CardFaces

GAME_NAME = "Cleariosity Letters"
TEMPLATES = data_folder("deckgen.games.letters.templates")


def shipped_language() -> str:
    """The language of the words: the one spoken, or English where Letters has no words in it."""
    from deckgen.games.letters.words import LANGUAGES

    return language() if language() in LANGUAGES else "en"


def shipped_deck(words_language: str) -> Path:
    """The shipped deck of a language of the words (see :func:`shipped_language`)."""
    return TEMPLATES / f"letters-{words_language}.toml"


class LettersGame(Game["LettersDeck"]):
    def __init__(self) -> None:
        super().__init__(
            key="letters",
            name=GAME_NAME,
            stem="cleariosity-letters",
            summary="clear cards stacked into words",
            default_file=shipped_deck("en"),
            print_defaults={"card_size": "poker", "media": "transparency", "duplex": "none"},
            clear_cards=True,
            file_suffixes=(".toml", ".txt"),
            designs_from=N_("a word list (.txt), one word a line, to design a deck round"),
            # A reading game: a class's numbers decks are built without it (build --game letters).
            built_by_default=False,
            deck_follows_language=True,
            commands_module="deckgen.games.letters.commands",
            commands=("design",),
            ids_described="G01 to G24, Y01 to Y12, P01 to P12 and O01 to O12 for Cleariosity Letters",
            cmyk={
                "#1E9E3A": (0.80, 0.00, 0.95, 0.05),  # green level
                "#F2B800": (0.00, 0.25, 1.00, 0.00),  # yellow level
                "#7A3FA8": (0.60, 0.80, 0.00, 0.00),  # purple level
                "#F26B0F": (0.00, 0.65, 1.00, 0.00),  # orange level
                "#1F6FD1": (0.85, 0.45, 0.00, 0.00),  # blue level
            },
            checks="every level can be cleared, every card is in enough word groups, simulated classes collect "
            "enough cards, leave no card game after game and meet many different words, no card spells a word "
            "alone, no two cards are alike, and no stack of one to three cards spells a blocked word",
            printed_on="transparency film",
        )

    def deck_file(self, path: Path | None) -> Path:
        return path if path is not None else shipped_deck(shipped_language())

    def deck_source(self, path: Path | None, options: GameOptions) -> Path | None:
        return self.deck_file(path)

    def load(self, path: Path | None, options: GameOptions) -> LettersDeck:
        from deckgen.games.letters.deckfile import load_letters

        return load_letters(self.deck_file(path))

    def card_count(self, deck: LettersDeck) -> int:
        return len(deck.cards)

    def check_printable(self, deck: LettersDeck) -> None:
        """No deck whose stacks spell a blocked word is printed, whoever wrote the file: the first
        such line is named (``verify`` lists them all)."""
        from deckgen.games.grid import LINE_NAMES
        from deckgen.games.letters.blocklist import blocked_words, check_stacks

        found = check_stacks(deck.cards, blocked_words(deck.language)).found
        if found:
            line = found[0]
            raise DeckgenError(
                _(
                    "{deck}: the blocked word {word} reads on the {line} of {cards} ({count} such lines in all); "
                    "change those cards (deckgen verify lists every line)"
                ).format(
                    deck=deck.name,
                    cards=" + ".join(line.cards),
                    word=line.text,
                    line=_(LINE_NAMES[line.line]),
                    count=number(len(found)),
                )
            )

    def picture_stem(self, card_id: str) -> str:
        """``cleariosity-letters-G01``: the numbers game's cards are called G01 too, and pictures
        of every game share a folder."""
        return f"{self.stem}-{card_id}"

    def owns_picture(self, stem: str) -> bool:
        from deckgen.deckfile import CARD_ID

        card = stem.removeprefix(f"{self.stem}-")
        return stem.startswith(f"{self.stem}-") and (card == "contact" or CARD_ID.fullmatch(card) is not None)

    def faces(
        self, deck: LettersDeck, card: tuple[float, float], options: GameOptions, laser: bool = False
    ) -> CardFaces:
        from deckgen.games.grid_geometry import set_label
        from deckgen.games.letters.faces import letters_front
        from deckgen.games.letters.pictures import deck_geometry
        from deckgen.layout.faces import CardFaces, set_word

        geometry = deck_geometry(deck, card)
        return CardFaces(
            ids=[c.id for c in deck.cards],
            fronts=[letters_front(c, geometry) for c in deck.cards],
            backs=None,
            label=partial(set_label, geometry=geometry, word=set_word()),
        )

    def sample_stack(self, deck: LettersDeck) -> Stack | None:
        from deckgen.games.letters.pictures import sample_stack
        from deckgen.games.letters.verify import deck_words

        return sample_stack(deck, deck_words(deck))

    def design_command(self, path: Path) -> list[str] | None:
        """For a word list (``.txt``), the design of a deck round its words, in the language
        spoken (a word the levels cannot spell is refused here, in one line); ``None`` for a deck."""
        if path.suffix.lower() != ".txt":
            return None
        from deckgen.games.letters.words import load_words, read_spelling

        read_spelling(path, load_words(shipped_language()))
        return ["design", "--game", "letters", "--words", path.name, "--seed", "1", "--out", f"{path.stem}-deck.toml"]

    def doc_pictures(self) -> dict[str, bytes]:
        from deckgen.games.letters.docs_images import docs_images

        return docs_images()

    def verify(self, deck: LettersDeck, source: str, request: VerifyRequest) -> Verdict:
        from deckgen.games.letters.verify import verdict_json, verdict_text, verify_letters
        from deckgen.i18n import _

        verdict = verify_letters(deck, request.games, request.seed)
        failures = verdict.failures
        if not failures:
            return Verdict(verdict_text(verdict, source), verdict_json(verdict), None)

        def failure_at(place: str) -> str:
            return _("the deck misses {count} of its lines; see {report}").format(count=len(failures), report=place)

        return Verdict(
            verdict_text(verdict, source), verdict_json(verdict), failure_at(_("the report above")), failure_at
        )

    def export(self, deck: LettersDeck, fmt: str) -> str:
        from deckgen.games.letters.export import letters_csv, letters_json

        return letters_json(deck) if fmt == "json" else letters_csv(deck)

    def pack_sections(self, deck: LettersDeck, card: tuple[float, float], text_width: float) -> list[PackSection]:
        from deckgen.games.letters.pack import answer_keys, rules, word_lists

        return [
            PackSection("rules", rules(deck)),
            PackSection("rules", word_lists(deck)),
            PackSection("keys", answer_keys(deck, card)),
        ]

    def ids_of(self, deck: LettersDeck) -> str:
        from deckgen.games.letters.pack import id_spans
        from deckgen.i18n import _

        return _("{ids} for {deck}").format(ids=id_spans(deck), deck=self.name)

    def packing_detail(self, deck: LettersDeck) -> str:
        from deckgen.games.letters.pack import packing_detail

        return packing_detail(deck)
