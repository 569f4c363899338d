"""What every game gives deckgen: the one interface that build, the CLI, the pack and the tests use.

A game is one package under ``deckgen/games/`` (or a package elsewhere, registered through
the ``deckgen.games`` entry point) whose ``GAME`` is an instance of a :class:`Game`
subclass. Everything that is that game's lives there: its deck model and deck file, its card
faces, its print defaults and options, its file names and id pattern, its palette, its
verify report and exports, and what it adds to the teacher pack. Code outside the game's
package asks the game, and never names it.

Games are created when the registry is first read, before any command runs, so a game's
package ``__init__`` holds only its :class:`Game` object: the heavy work (solvers, fonts,
spreadsheets) is imported inside its methods.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from deckgen.errors import DeckgenError
from deckgen.i18n import N_, _
from deckgen.options import Option, OptionValues

# A game's part of the teacher pack: part of the interface games are written against (see below).
from deckgen.pack_sections import PackSection
from deckgen.print_choices import Media

if TYPE_CHECKING:
    from deckgen.layout.faces import CardFaces


class NamedDeck(Protocol):
    """What deckgen itself reads of any game's deck: its name (file metadata, the packing list).
    The rest of a deck is its game's business."""

    @property
    def name(self) -> str: ...


#: A game's deck, as its own package models it: each game is a ``Game[ItsDeck]``, so the type
#: checker follows a deck from :meth:`DeckSource.load` to every method given it.
DeckT = TypeVar("DeckT", bound=NamedDeck)
#: The same, in a protocol that only takes decks (never gives one back).
DeckIn = TypeVar("DeckIn", bound=NamedDeck, contravariant=True)
#: Any game's deck, where code holds decks of several games at once (the registry, a build).
Deck = Any
#: A game's own option values, by option name (see :attr:`Game.options`): the game reads them.
GameOptions = Mapping[str, object]
Progress = Callable[[int, int], None]


class ColumnsNotFound(DeckgenError):
    """A deck file whose columns for a side of the card are not found by their headings. The
    message names the command line's options (``--front``); the page, which has its own fields
    for them (options with ``columns``), asks which of the file's columns to use instead."""


@dataclass(frozen=True)
class Verdict:
    """A verify run: the report as text and as JSON, and why the deck fails (``None``: it passes).

    ``failure`` points at "the report above"; ``failure_at``, when the failure points at the
    report, says it again naming another place for it (the file the report was written to)."""

    text: str
    data: Mapping[str, Any]
    failure: str | None
    failure_at: Callable[[str], str] | None = None


@dataclass(frozen=True)
class Outlook:
    """What a class can expect at one level of a deck, from a verify report, for the web page.

    ``bars``: (what, share from 0 to 1 or ``None`` for a figure that is not a share, as
    written) for a small chart; ``warning``: what falls short at this level, in a teacher's
    words (``None``: nothing).
    """

    name: str
    colour: str
    sentence: str
    bars: Sequence[tuple[str, float | None, str]]
    warning: str | None = None


@dataclass(frozen=True)
class Stack:
    """Cards stacked as players stack them, drawn at card size, and what the stack reads."""

    shapes: Sequence[Any]
    width: float
    height: float
    reads: str


@dataclass(frozen=True)
class VerifyRequest:
    """How hard to check: simulated games per case, their seed, worker processes, progress."""

    games: int
    seed: int
    workers: int = 1
    progress: Progress | None = None
    #: The game's own options given to ``verify`` (see :attr:`Game.options`).
    options: Mapping[str, Any] = field(default_factory=dict)


class DeckSource(Protocol[DeckT]):
    """Where a game's deck comes from and what it is called: what build, the CLI and the page's
    uploads ask before anything is drawn."""

    def load(self, path: Path | None, options: GameOptions) -> DeckT:
        """The deck from ``path`` (or the default), with the game's options applied."""
        ...

    def card_count(self, deck: DeckT) -> int: ...

    def deck_name(self, deck: DeckT) -> str: ...

    def deck_title(self, deck: DeckT, options: GameOptions) -> str: ...

    def notes(self, deck: DeckT) -> list[str]: ...

    def check_printable(self, deck: DeckT) -> None:
        """Raise :class:`~deckgen.errors.DeckgenError` (one line: what, where, how to fix) for a
        deck that must never be printed as it stands; ``verify`` still reads such a deck."""
        ...

    def deck_source(self, path: Path | None, options: GameOptions) -> Path | None: ...

    def output_stem(self, options: GameOptions) -> str: ...


class Drawable(Protocol[DeckIn]):
    """A game whose cards deckgen draws: the faces build lays out for every format (PDF, SVG,
    PNG, laser), and the pictures of previews and the README."""

    def faces(self, deck: DeckIn, card: tuple[float, float], options: GameOptions, laser: bool = False) -> CardFaces:
        """Every card's faces at this card size; ``laser``: as cut on a laser (no printed frames)."""
        ...

    def sample_stack(self, deck: DeckIn) -> Stack | None: ...

    def picture_stem(self, card_id: str) -> str: ...

    def doc_pictures(self) -> dict[str, bytes]: ...


class Checkable(Protocol[DeckIn]):
    """A game whose decks ``verify`` proves and ``export`` writes out as data."""

    def verify(self, deck: DeckIn, source: str, request: VerifyRequest) -> Verdict: ...

    def export(self, deck: DeckIn, fmt: str) -> str: ...


class Teaching(Protocol[DeckIn]):
    """What a game adds to the teacher pack: its own pages, and its lines in the packing list
    and the printing guide."""

    def pack_sections(self, deck: DeckIn, card: tuple[float, float], text_width: float) -> list[PackSection]: ...

    def packing_detail(self, deck: DeckIn) -> str: ...

    def ids_of(self, deck: DeckIn) -> str: ...


class PagePreview(Protocol[DeckIn]):
    """What the web page shows of a game before and after a build: the class's outlook from a
    verify report, choice labels, the columns of an uploaded file, a spec to design from."""

    def outlook(self, deck: DeckIn, report: Mapping[str, Any]) -> tuple[str, list[Outlook]]: ...

    def choice_label(self, option: str, value: str) -> str: ...

    def file_columns(self, path: Path) -> list[str]: ...

    def files_named(self, path: Path) -> list[str]: ...

    def design_command(self, path: Path) -> list[str] | None: ...


@dataclass
class Game(DeckSource[DeckT], Drawable[DeckT], Checkable[DeckT], Teaching[DeckT], PagePreview[DeckT], Generic[DeckT]):
    """A game deckgen makes decks for: the data every part of deckgen reads, and the methods of
    the five protocols above, each what one part of deckgen asks of a game.

    A game subclasses ``Game[ItsDeck]`` and fills in the data and the methods (those without a
    default raise :class:`NotImplementedError`); the type checker holds each game's methods to
    the protocols, for its own deck type.
    """

    #: Short name used on the command line and in profiles (``--game KEY``).
    key: str
    #: What people call the game (file metadata, packing list, messages).
    name: str
    #: File names of this game's outputs start with this.
    stem: str
    #: What the game is, in a few words for ``deckgen --help`` (about 45 characters).
    summary: str
    #: The deck used when no file is given (``None``: the user must give one).
    default_file: Path | None
    #: What ``--file`` takes, for messages and help, e.g. "a deck file (.toml)".
    file_kind: str = N_("a deck file (.toml)")
    #: What else an uploaded file may be: a description a deck is designed from (see
    #: :meth:`design_command`), e.g. "a deck spec (.toml) to design a deck from"; "" for none.
    designs_from: str = ""
    #: Endings of the files ``--file`` takes for this game.
    file_suffixes: Sequence[str] = (".toml",)
    #: Print settings of this game where they differ from the shared defaults.
    print_defaults: OptionValues = field(default_factory=dict)
    #: The game's own options (on ``build``, ``verify`` and ``export``, and in profiles).
    options: Sequence[Option] = ()
    #: Built when no game is chosen.
    built_by_default: bool = True
    #: The deck read without ``--file`` is the one of the language spoken (a word game's words),
    #: so ``--lang`` changes the deck, not only the words around it.
    deck_follows_language: bool = False
    #: Cards have printed backs, so ``--duplex`` applies.
    has_backs: bool = False
    #: Every card has the same back (one picture of it is enough).
    shared_back: bool = False
    #: Cards are clear (film): PNG previews keep a clear background and the contact sheet
    #: outlines each card.
    clear_cards: bool = False
    #: Smallest card (mm) the faces are drawn for.
    min_card: tuple[float, float] = (30.0, 40.0)
    #: Card ids this game makes up itself (``None``: ids come from the deck file). Another
    #: game's deck may not use them, as PNG files of all games share a folder.
    generated_ids: re.Pattern[str] | None = None
    #: What one card is called in a sentence ("Treenex card"); the name and "card" if empty.
    card_noun: str = ""
    #: How the ids look, for the printing guide (e.g. "T01 and up for Treenex").
    ids_described: str = ""
    #: Two ids as printed on this game's cards, for the page's field of cards to reprint.
    id_examples: str = "G05, Y11"
    #: Formats of ``deckgen export``.
    export_formats: Sequence[str] = ("json", "csv")
    #: Colours of the palette in CMYK (print shops): hex RGB → (c, m, y, k), 0 to 1.
    cmyk: Mapping[str, tuple[float, float, float, float]] = field(default_factory=dict)
    #: What ``deckgen verify`` checks for this game, in a sentence (for ``--help``).
    checks: str = ""
    #: What a default build prints this game on, for ``deckgen build --help``.
    printed_on: str = ""
    #: A module with extra click commands of this game (the CLI adds them), or ``None``, and
    #: the commands' names (each a click command of that name in the module).
    commands_module: str | None = None
    commands: Sequence[str] = ()

    # -- what the cards are printed on -------------------------------------------------------

    @property
    def backs_differ(self) -> bool:
        """Each card's back is its own (a flash card's answer), so a build must never drop them."""
        return self.has_backs and not self.shared_back

    def prints_on(self, media: Media) -> bool:
        """Whether the cards can be printed on ``media``: clear cards, stacked and read through,
        on film only; cards with their own backs never on film, which cannot carry a back."""
        if self.clear_cards:
            return media == Media.TRANSPARENCY
        return not (self.backs_differ and media == Media.TRANSPARENCY)

    # -- the deck -------------------------------------------------------------------------

    def load(self, path: Path | None, options: GameOptions) -> DeckT:
        """The deck from ``path`` (or the default), with the game's options applied."""
        raise NotImplementedError

    def card_count(self, deck: DeckT) -> int:
        raise NotImplementedError

    def deck_name(self, deck: DeckT) -> str:
        return deck.name

    def deck_title(self, deck: DeckT, options: GameOptions) -> str:
        """The deck shipped with the game as people call it, in the language spoken (the page's
        "Deck in use"): the game's name, or a preset's title."""
        return _(self.name)

    def output_stem(self, options: GameOptions) -> str:
        """The name the deck's PDF and laser sheets start with, for the game's own options (a
        preset's files carry its name, so two presets built into one folder keep both)."""
        return self.stem

    def notes(self, deck: DeckT) -> list[str]:
        """What a build or a check should tell the user about the deck as read (one line each),
        such as a spreadsheet's columns that were left out; nothing by default."""
        return []

    def check_printable(self, deck: DeckT) -> None:
        """Every deck that loads may be printed, by default."""

    def deck_file(self, path: Path | None) -> Path:
        """The file to read: the one given, else the game's own."""
        if path is not None:
            return path
        if self.default_file is None:
            raise DeckgenError(
                _("{game} has no deck of its own: give one with --file ({kind})").format(
                    game=_(self.name), kind=_(self.file_kind)
                )
            )
        return self.default_file

    def deck_source(self, path: Path | None, options: GameOptions) -> Path | None:
        """The file a deck is read from, as reports name it (a game's options may choose it)."""
        return path or self.default_file

    # -- drawing --------------------------------------------------------------------------

    def faces(self, deck: DeckT, card: tuple[float, float], options: GameOptions, laser: bool = False) -> CardFaces:
        """Every card's faces at this card size; ``laser``: as cut on a laser (no printed frames)."""
        raise NotImplementedError

    # -- checks, exports, the pack --------------------------------------------------------

    def verify(self, deck: DeckT, source: str, request: VerifyRequest) -> Verdict:
        raise NotImplementedError

    def export(self, deck: DeckT, fmt: str) -> str:
        raise NotImplementedError

    def pack_sections(self, deck: DeckT, card: tuple[float, float], text_width: float) -> list[PackSection]:
        """The game's pages of the teacher pack (``text_width``: mm between the margins)."""
        return []

    def design_command(self, path: Path) -> list[str] | None:
        """For a file that describes a deck to design (a deck spec) rather than a deck: the
        ``deckgen`` arguments that design one from it beside it (``--out`` names the new deck
        file); ``None`` for a deck file. A broken spec raises its one-line :class:`DeckgenError`."""
        return None

    def file_columns(self, path: Path) -> list[str]:
        """The headings of a deck file's columns, in order (a spreadsheet's first row), for the
        page to offer to the game's options with ``columns``; none for a file without columns."""
        return []

    def files_named(self, path: Path) -> list[str]:
        """Other files a deck file names (a spec), as written in it."""
        return []

    def choice_label(self, option: str, value: str) -> str:
        """How the page lists a value of one of the game's own choice options (a preset's title);
        ``""`` is the option left out."""
        return value or N_("(default)")

    def sample_stack(self, deck: DeckT) -> Stack | None:
        """A stack of this deck's cards making an equation, for previews (``None``: cards are not stacked)."""
        return None

    def outlook(self, deck: DeckT, report: Mapping[str, Any]) -> tuple[str, list[Outlook]]:
        """What a class can expect at each level, read from ``verify --json``: a line saying
        what the figures are (whose games, what the words mean) and one :class:`Outlook` a level.

        ``("", [])``: nothing to say (the page then shows only whether the deck passes)."""
        return "", []

    def ids_of(self, deck: DeckT) -> str:
        """How this deck's card ids look, for the printing guide's sorting tip."""
        return self.ids_described

    def packing_detail(self, deck: DeckT) -> str:
        """One sentence for the packing list: what a set of this deck holds."""
        return ""

    def doc_pictures(self) -> dict[str, bytes]:
        """PNG pictures of this game for the README (``make docs``): file name → bytes."""
        return {}

    def picture_stem(self, card_id: str) -> str:
        """The file name (less ``.png``) of a card's picture; its back's adds ``-back``."""
        return card_id

    @property
    def cards_phrase(self) -> str:
        """The game's cards in a title: "Treenex cards", "Flash cards"."""
        return self.name if self.name.lower().endswith("cards") else f"{self.name} cards"

    def output_stems(self) -> Sequence[str]:
        """Every name :meth:`output_stem` gives, whatever the game's options (each preset's)."""
        return (self.stem,)

    def owns_picture(self, stem: str) -> bool:
        """Whether a PNG named ``stem`` is one this game writes (its cards, back and contact sheets)."""
        if stem == f"{self.stem}-back" or stem in {f"{own}-contact" for own in self.output_stems()}:
            return True
        if self.generated_ids is not None:
            return self.generated_ids.fullmatch(stem) is not None
        from deckgen.deckfile import CARD_ID
        from deckgen.games import id_taken

        return CARD_ID.fullmatch(stem) is not None and id_taken(stem, self.key) is None
