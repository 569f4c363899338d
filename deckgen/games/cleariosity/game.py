"""Cleariosity Numbers as deckgen sees it: the :class:`~deckgen.games.base.Game` of this package.

The solver, the simulator and the pack's answer keys are imported inside the methods that
use them, so listing the games (``deckgen --help``) loads none of them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.errors import Code, DeckgenError
from deckgen.games.base import Game, GameOptions, Outlook, Stack, Verdict, VerifyRequest
from deckgen.games.cleariosity.spec.presets import PRESET_FILES, TEMPLATES
from deckgen.games.cleariosity.spec.titles import GAME_NAME, preset_title, preset_words, usual_signs
from deckgen.i18n import N_, _, first_upper, language
from deckgen.maths_signs import SIGNS, signs_from
from deckgen.options import Option, given_flag, given_text
from deckgen.pack_sections import PackSection

if TYPE_CHECKING:
    from deckgen.games.cleariosity.core.model import Deck
    from deckgen.layout.faces import CardFaces

GRID_TICKS = Option(
    "grid_ticks",
    "flag",
    N_("Faint ticks at the grid corners of Cleariosity cards."),
    negatable=False,
    label=N_("Grid ticks"),
)
#: The page's first preset choice: the standard deck, which no preset name stands for there.
STANDARD_LABEL = N_("standard: the 60-card deck, + − × ÷")
PRESET = Option(
    "preset",
    "choice",
    N_("Cleariosity only: a preset deck to use instead of the standard one; its files carry its name."),
    choices=tuple(PRESET_FILES),
    label=N_("Preset"),
    in_profiles=False,
    commands=("build", "verify", "export"),
    picks_game=True,
)
SPEC = Option(
    "spec",
    "text",
    "Cleariosity only: the deck spec to judge by, a preset's name (standard) or a spec file.",
    metavar="SPEC",
    in_profiles=False,
    commands=("verify",),
)


@dataclass(frozen=True)
class CleariosityOptions:
    """Cleariosity's own options (:data:`PRESET`, :data:`SPEC`, the signs, :data:`GRID_TICKS`),
    read from the values given by name."""

    preset: str | None = None
    spec: str | None = None
    signs: str | None = None
    grid_ticks: bool = False

    @classmethod
    def of(cls, values: GameOptions) -> CleariosityOptions:
        return cls(
            given_text(values, "preset"),
            given_text(values, "spec"),
            given_text(values, "signs"),
            given_flag(values, "grid_ticks"),
        )


class CleariosityGame(Game["Deck"]):
    def __init__(self) -> None:
        super().__init__(
            key="cleariosity",
            name=GAME_NAME,
            stem="cleariosity-numbers",
            summary="clear cards stacked into equations",
            default_file=TEMPLATES / "cleariosity-numbers.toml",
            print_defaults={"card_size": "poker", "media": "transparency", "duplex": "none"},
            options=(GRID_TICKS, PRESET, SPEC, SIGNS),
            clear_cards=True,
            designs_from=N_("a deck spec (.toml) to design a deck from"),
            ids_described="G01 to G24, Y01 to Y12, P01 to P12 and O01 to O12 for Cleariosity Numbers",
            cmyk={
                "#1E9E3A": (0.80, 0.00, 0.95, 0.05),  # green tier
                "#F2B800": (0.00, 0.25, 1.00, 0.00),  # yellow tier
                "#7A3FA8": (0.60, 0.80, 0.00, 0.00),  # purple tier
                "#F26B0F": (0.00, 0.65, 1.00, 0.00),  # orange tier
            },
            commands_module="deckgen.games.cleariosity.commands",
            commands=("design", "show"),
            checks="no card is an equation on its own, each tier can be cleared completely (a partition "
            "is printed as proof), the new colour teaches its operation, every card is in enough groups, "
            "few groups are trivial, simulated games collect enough cards and leave no card game after game, "
            "little play falls outside the level's facts, digits and cells are used evenly, and no two cards "
            "are alike",
            printed_on="transparency film",
        )

    def load(self, path: Path | None, options: GameOptions) -> Deck:
        from deckgen.games.cleariosity.spec.deckfile import load_cleariosity

        own = CleariosityOptions.of(options)
        preset = own.preset
        if preset and path is not None:
            raise DeckgenError(
                _("--preset {preset} and --file {file} both name a deck; give one of them").format(
                    preset=preset, file=path
                ),
                code=Code.BAD_VALUE,
                option="preset",
            )
        from dataclasses import replace

        deck = load_cleariosity(PRESET_FILES[preset] if preset else self.deck_file(path))
        return replace(deck, signs=signs_from(own.signs))

    def output_stem(self, options: GameOptions) -> str:
        """``cleariosity-times-2-4`` for the preset times-2-4 (the standard deck keeps ``cleariosity-numbers``)."""
        preset = CleariosityOptions.of(options).preset
        return f"cleariosity-{preset}" if preset and preset != "standard" else self.stem

    def output_stems(self) -> Sequence[str]:
        return tuple(dict.fromkeys(self.output_stem({"preset": preset}) for preset in PRESET_FILES))

    def deck_source(self, path: Path | None, options: GameOptions) -> Path | None:
        preset = CleariosityOptions.of(options).preset
        return PRESET_FILES[preset] if preset and path is None else super().deck_source(path, options)

    def card_count(self, deck: Deck) -> int:
        return len(deck.cards)

    def faces(self, deck: Deck, card: tuple[float, float], options: GameOptions, laser: bool = False) -> CardFaces:
        from deckgen.games.cleariosity.output.faces import CleariosityGeometry, cleariosity_front
        from deckgen.games.grid_geometry import set_label
        from deckgen.layout.faces import CardFaces, set_word

        geometry = CleariosityGeometry(*card)
        ticks = CleariosityOptions.of(options).grid_ticks
        return CardFaces(
            ids=[c.id for c in deck.cards],
            fronts=[cleariosity_front(c, geometry, ticks, deck.signs) for c in deck.cards],
            backs=None,
            label=partial(set_label, geometry=geometry, word=set_word()),
        )

    def verify(self, deck: Deck, source: str, request: VerifyRequest) -> Verdict:
        from deckgen.games.cleariosity.criteria.lines import STANDARD_CRITERIA
        from deckgen.games.cleariosity.output.report import cleariosity_text
        from deckgen.games.cleariosity.spec.deck_spec import engine_criteria
        from deckgen.games.cleariosity.spec.reading import load_spec
        from deckgen.games.cleariosity.verify.verdict import verify_deck

        # Without a spec (given, or named by the deck file), any deck is judged by the standard
        # thresholds (a hand-made deck may have other card counts); with one, it must be the spec's.
        given = CleariosityOptions.of(request.options).spec
        if given is not None and not given.strip():
            load_spec(given)  # says the spec is empty, rather than judging by another
        given = given or deck.spec
        criteria = engine_criteria(load_spec(given), deck) if given else STANDARD_CRITERIA
        report = verify_deck(
            deck, request.games, request.seed, workers=request.workers, progress=request.progress, criteria=criteria
        )
        failures = report.failures()
        if not failures:
            return Verdict(cleariosity_text(report, source), report.to_json(), None)
        from deckgen.games.cleariosity.criteria.registry import where_name
        from deckgen.i18n import _

        named = ", ".join(f"{where_name(where)} {number}" for where, number in failures)

        def failure_at(place: str) -> str:
            return _("the deck fails criteria ({criteria}); see {report}").format(criteria=named, report=place)

        return Verdict(
            cleariosity_text(report, source), report.to_json(), failure_at(_("the report above")), failure_at
        )

    def export(self, deck: Deck, fmt: str) -> str:
        from deckgen.games.cleariosity.output.export import cleariosity_csv, cleariosity_json

        return cleariosity_json(deck) if fmt == "json" else cleariosity_csv(deck)

    def pack_sections(self, deck: Deck, card: tuple[float, float], text_width: float) -> list[PackSection]:
        from deckgen.games.cleariosity.output.pack import answer_keys, rules

        return [PackSection("rules", rules(deck)), PackSection("keys", answer_keys(deck, card))]

    def doc_pictures(self) -> dict[str, bytes]:
        from deckgen.games.cleariosity.docs_images import docs_images

        return docs_images()

    def files_named(self, path: Path) -> list[str]:
        from deckgen.deckfile import read_toml

        named = read_toml(path).get("spec")
        return [named] if isinstance(named, str) else []

    def choice_label(self, option: str, value: str) -> str:
        """A preset as "times-2-4: the 2, 3 and 4 tables, 2 × 2 to 4 × 4 only", from its spec's title;
        in another language, its title alone ("Die Reihen 2, 3 und 4, nur 2 · 2 bis 4 · 4"): the
        preset's name is an English word of the command line. Signs as the language's schools write them."""
        if option == PRESET.name and not value:
            return usual_signs(_(STANDARD_LABEL))
        if option != PRESET.name or value not in PRESET_FILES:
            return super().choice_label(option, value)
        if value == "standard":
            return ""  # the page's first choice (nothing chosen) is the standard deck already
        title = preset_words(value)
        if language() != "en":
            return first_upper(title) if title else value
        if title.startswith(value):  # "starter (0-5, + and -)"
            return title
        return f"{value}: {title}" if title else value

    def deck_title(self, deck: Deck, options: GameOptions) -> str:
        """The standard deck as "Cleariosity Numbers", a preset by its title, in the language spoken."""
        preset = CleariosityOptions.of(options).preset
        if not preset or preset == "standard" or preset not in PRESET_FILES:
            return _(self.name)
        return usual_signs(_(preset_title(preset))) or preset

    def design_command(self, path: Path) -> list[str] | None:
        from deckgen.deckfile import read_toml
        from deckgen.games.cleariosity.spec.deck_spec import designable
        from deckgen.games.cleariosity.spec.reading import load_spec

        data = read_toml(path)
        if "spec_version" not in data and ("cards" in data or "game" in data or not data):
            return None  # a deck (an empty file is read as one, and told what a deck file starts with)
        designable(load_spec(str(path)))  # one line naming the key and the fix, as design --spec says it
        return ["design", "--spec", path.name, "--seed", "1", "--out", f"{path.stem}-deck.toml"]

    def sample_stack(self, deck: Deck) -> Stack | None:
        from deckgen.games.cleariosity.output.pictures import sample_stack

        return sample_stack(deck)

    def outlook(self, deck: Deck, report: Mapping[str, Any]) -> tuple[str, list[Outlook]]:
        from deckgen.games.cleariosity.output.outlook import outlook

        return outlook(deck, report)

    def ids_of(self, deck: Deck) -> str:
        """The deck's own id ranges, colour by colour: "G01 to G24 (green) and Y01 to Y12 (yellow)
        for ...": the letter is the colour's English initial, which no other language shares (in
        German, G is both grün and gelb), so each range names its colour."""
        from deckgen.i18n import _, joined

        spans = [
            _("{low} to {high} ({colour})").format(low=own[0].id, high=own[-1].id, colour=_(tier.name))
            for tier in deck.present()
            if (own := deck.colour_cards(tier))
        ]
        return _("{ids} for {deck}").format(ids=joined(spans), deck=self.name)

    def packing_detail(self, deck: Deck) -> str:
        from deckgen.glossary import colour_word
        from deckgen.i18n import _, number

        # "24 vertes, 12 jaunes": each colour agreeing with the cards it counts.
        said = []
        for tier in deck.present():
            cards = len(deck.colour_cards(tier))
            name = colour_word(tier.name, "card", several=cards != 1)
            said.append(_("{count} {name}").format(count=number(cards), name=name))
        counts = ", ".join(said)
        return _("A Cleariosity Numbers set has {counts} cards.").format(counts=counts)
