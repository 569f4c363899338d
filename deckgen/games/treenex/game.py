"""Treenex as deckgen sees it: the :class:`~deckgen.games.base.Game` of this package."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.games.base import Game, GameOptions, Verdict, VerifyRequest
from deckgen.i18n import N_
from deckgen.maths_signs import SIGNS
from deckgen.options import Option, given_flag, given_number, given_text
from deckgen.pack_sections import PackSection
from deckgen.resources import data_folder

if TYPE_CHECKING:
    from deckgen.games.treenex.model import TreenexDeck
    from deckgen.layout.faces import CardFaces

DECK_COMMANDS = ("build", "verify", "export")
VALUES = Option(
    "values",
    "text",
    N_("Treenex only: card values, e.g. 10-19 (default 0-9)."),
    metavar="LO-HI",
    label=N_("Values"),
    in_profiles=False,
    commands=DECK_COMMANDS,
)
COPIES = Option(
    "copies",
    "number",
    N_("Treenex only: copies of each value (default 4)."),
    label=N_("Copies"),
    low=1,
    high=100,
    in_profiles=False,
    commands=DECK_COMMANDS,
)
FRAME = Option(
    "frame",
    "flag",
    N_("SVG: score the thin frame printed inside Treenex cards (off: a cutting error shows against it). [off]"),
    formats=("svg",),
    label=N_("Frame"),
    engraved=True,
)


@dataclass(frozen=True)
class TreenexOptions:
    """Treenex's own options (:data:`VALUES`, :data:`COPIES`, the signs, :data:`FRAME`), read
    from the values given by name."""

    values: str | None = None
    copies: int | None = None
    signs: str | None = None
    frame: bool = False

    @classmethod
    def of(cls, values: GameOptions) -> TreenexOptions:
        return cls(
            given_text(values, "values"),
            given_number(values, "copies"),
            given_text(values, "signs"),
            given_flag(values, "frame"),
        )


class TreenexGame(Game["TreenexDeck"]):
    def __init__(self) -> None:
        super().__init__(
            key="treenex",
            name="Treenex",
            stem="treenex",
            summary="numbered cards for a × b + c and (a + b) × c",
            default_file=data_folder("deckgen.games.treenex.templates") / "treenex.toml",
            print_defaults={"card_size": "index-3x5", "media": "cardstock", "duplex": "long-edge"},
            options=(VALUES, COPIES, FRAME, SIGNS),
            has_backs=True,
            shared_back=True,
            generated_ids=re.compile(r"T[0-9]+"),
            ids_described="T01 and up for Treenex",
            id_examples="T05, T31",
            checks="how many hands the deck deals for 2, 3 and 4 players, and the range of scores",
            printed_on="card stock, with long-edge duplex backs",
            cmyk={
                "#1F5FA8": (0.90, 0.55, 0.00, 0.05),  # Treenex blue
                "#9AA7B8": (0.00, 0.00, 0.00, 0.35),  # Treenex frame: a neutral grey, K alone
            },
        )

    def load(self, path: Path | None, options: GameOptions) -> TreenexDeck:
        from dataclasses import replace

        from deckgen.games.treenex.deckfile import load_treenex
        from deckgen.games.treenex.model import with_overrides
        from deckgen.maths_signs import signs_from

        own = TreenexOptions.of(options)
        deck = with_overrides(load_treenex(self.deck_file(path)), own.values, own.copies)
        return replace(deck, signs=signs_from(own.signs))

    def card_count(self, deck: TreenexDeck) -> int:
        return len(deck.cards)

    def check_printable(self, deck: TreenexDeck) -> None:
        """A deck too small for a game of 2 is not printed (verify still reports on it)."""
        from deckgen.games.treenex.model import check_playable

        check_playable(deck)

    def ids_of(self, deck: TreenexDeck) -> str:
        from deckgen.games.treenex.model import card_ids
        from deckgen.i18n import _

        ids = card_ids(deck)
        return _("{ids} for {deck}").format(ids=_("{low} to {high}").format(low=ids[0], high=ids[-1]), deck=self.name)

    def faces(
        self, deck: TreenexDeck, card: tuple[float, float], options: GameOptions, laser: bool = False
    ) -> CardFaces:
        from deckgen.games.treenex.faces import TreenexGeometry, treenex_back, treenex_front, treenex_label
        from deckgen.games.treenex.model import card_ids
        from deckgen.layout.faces import CardFaces, set_word

        geometry = TreenexGeometry(*card)
        ids = card_ids(deck)
        frame = TreenexOptions.of(options).frame if laser else True
        back = treenex_back(geometry)
        return CardFaces(
            ids=ids,
            fronts=[treenex_front(v, geometry, i, frame) for i, v in zip(ids, deck.cards, strict=True)],
            backs=[back] * len(ids),
            label=partial(treenex_label, geometry=geometry, word=set_word()),
        )

    def verify(self, deck: TreenexDeck, source: str, request: VerifyRequest) -> Verdict:
        from deckgen.games.treenex.model import PLAYER_COUNTS, player_counts
        from deckgen.games.treenex.report import treenex_json_report, treenex_text
        from deckgen.i18n import _, either

        short = [str(players) for players in PLAYER_COUNTS if players not in player_counts(deck)]

        def failure_at(place: str) -> str:
            return _("the Treenex deck is too small for a full game of {players} players (see {place})").format(
                players=either(short), place=place
            )

        if not short:
            return Verdict(treenex_text(deck), treenex_json_report(deck), None)
        return Verdict(treenex_text(deck), treenex_json_report(deck), failure_at(_("the table above")), failure_at)

    def export(self, deck: TreenexDeck, fmt: str) -> str:
        from deckgen.games.treenex.export import treenex_csv, treenex_json

        return treenex_json(deck) if fmt == "json" else treenex_csv(deck)

    def pack_sections(self, deck: TreenexDeck, card: tuple[float, float], text_width: float) -> list[PackSection]:
        from deckgen.games.treenex.pack import rules, score_sheet

        return [PackSection("rules", rules(deck)), PackSection("sheet", score_sheet(deck))]

    def packing_detail(self, deck: TreenexDeck) -> str:
        from deckgen.i18n import _, number

        return _("A Treenex set has {cards} cards: values {low} to {high}, {copies} of each.").format(
            cards=number(len(deck.cards)), low=deck.low, high=deck.high, copies=deck.copies
        )
