"""What a teacher chooses on the page, in a teacher's words, and the build options it means.

The page asks how many sets, which paper, which printer, what the cards go on, one- or
two-sided and how they are cut; :meth:`PageChoices.build_options` maps those onto the same
options ``deckgen build`` takes, so what the page makes is what the command line makes with
the options it shows. Every option defined for ``build`` can also be set directly, under
"All options"; a value set there wins over the mapped one. All of it lives in the page's
address (its query string), so a bookmark or a shared link brings the same settings back.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.games import default_games, games
from deckgen.games.base import Game
from deckgen.i18n import LANGUAGES, N_, _, language, speak
from deckgen.option_use import format_reason
from deckgen.options import MEASURES, Option, read_number, read_text
from deckgen.print_choices import Media
from deckgen.print_options import LASER_OPTIONS, MAX_SETS, PRINT_OPTIONS, SHARED_DEFAULTS
from deckgen.regions import country_for, country_from_accept_language, known_country, live_in, usual_paper

#: Printers, as a teacher names them. A print shop takes one card a page with bleed, in CMYK.
PRINTERS = {
    "inkjet": N_("Home or school inkjet"),
    "laser": N_("Office laser printer"),
    "shop": N_("Print shop"),
}
#: What the cards go on, and the media option each is.
MATERIALS = {
    Media.TRANSPARENCY: N_("Transparency film"),
    Media.CARDSTOCK: N_("Card stock"),
    Media.PAPER: N_("Plain paper"),
}
#: For cards with backs: printed two-sided, or both sides on one side and folded.
SIDES = {
    "two-sided": N_("Two-sided (the printer turns the sheet)"),
    "fold": N_("One-sided: each back beside its card, folded behind it"),
}
CUTTING = {
    "hand": N_("By hand (scissors or a paper trimmer)"),
    "laser": N_("On a laser cutter (adds the laser files)"),
}
PAPERS = ("letter", "a4", "legal", "tabloid", "a3")
#: What the print-shop choice sets (as the print-shop profile does).
PRINT_SHOP = {"layout": "single", "bleed": "3mm", "color": "cmyk", "marks": "none"}
#: Options the teacher's choices set; under "All options" they may be set directly instead.
MAPPED = ("sets", "paper", "media", "duplex", "layout", "bleed", "color", "marks")
#: How the page labels its own fields, for messages.
FIELD_LABELS = {
    "sets": N_("Classroom sets"),
    "paper": N_("Paper"),
    "printer": N_("Printer"),
    "material": N_("Print the cards on"),
    "sides": N_("Backs of the cards"),
    "cutting": N_("Cutting"),
    "game": N_("Game"),
}
#: Options the page asks for under their own names (not repeated under "All options").
ASKED = ("sets", "paper")


#: The page's field for each option its choices set (a refusal of the option is shown there).
FIELD_OF = {"media": "material", "duplex": "sides", "layout": "printer", "bleed": "printer", "color": "printer"}


def chooses_deck(option: Option) -> bool:
    """A game's option that chooses the deck itself (a preset): ``export`` takes it too. The
    columns a file's sides are read from, and a font, go with the file instead."""
    return "export" in option.commands and not option.columns and not option.upload


def materials_for(game: Game) -> dict[str, str]:
    """What this game's cards may be printed on (see :meth:`~deckgen.games.base.Game.prints_on`)."""
    return {key: name for key, name in MATERIALS.items() if game.prints_on(key)}


def build_options_of(game: Game) -> list[Option]:
    """Every option of ``deckgen build`` for this game: print, laser, then the game's own."""
    own = [option for option in game.options if "build" in option.commands and option.on_page]
    return [*(o for o in PRINT_OPTIONS if o.on_page), *LASER_OPTIONS, *own]


def field_label(game: Game, name: str) -> str:
    """How the page names a field in a message (marked for translation): its own label, or the
    option's (a file chosen for an option, ``font_file``, by the option's)."""
    if name in FIELD_LABELS:
        return FIELD_LABELS[name]
    option = {o.name: o for o in build_options_of(game)}.get(name.removesuffix("_file"))
    return option.label if option is not None and option.label else name.replace("_", " ").capitalize()


def direct_options(game: Game) -> list[Option]:
    """The options that may be set directly on the page (all but those it asks for by name)."""
    return [option for option in build_options_of(game) if option.name not in ASKED]


def default_of(game: Game, name: str) -> Any:
    return game.print_defaults.get(name, SHARED_DEFAULTS.get(name))


@dataclass
class PageChoices:
    """Everything the page's form holds: the game, the teacher's choices and any option set directly."""

    game: str
    sets: int = 1
    paper: str = "letter"
    printer: str = "inkjet"
    material: str = ""
    sides: str = "two-sided"
    cutting: str = "hand"
    pictures: bool = False
    #: The teacher pack (rules, answer keys, packing list, printing guide) comes with the cards.
    pack: bool = True
    #: The uploaded deck file's id (see :mod:`deckgen.serve.uploads`), or "".
    upload: str = ""
    #: A deck being designed from an uploaded spec (its id), or "".
    design: str = ""
    #: Options set directly, by name, as typed (text; "" is not given).
    direct: dict[str, str] = field(default_factory=dict)
    #: Options given several values (the columns ticked for a side of the card), in order.
    listed: dict[str, tuple[str, ...]] = field(default_factory=dict)
    #: Options whose value is a file uploaded (a font), by name: the upload's id.
    attached: dict[str, str] = field(default_factory=dict)
    #: Filled in by the server for the page: the uploaded deck file's column headings, and the
    #: names of the files attached (by option name).
    headings: list[str] = field(default_factory=list)
    attached_names: dict[str, str] = field(default_factory=dict)
    #: What is wrong with a value, by form field name.
    errors: dict[str, str] = field(default_factory=dict)
    #: Why a file just uploaded was refused (the deck in use stays as it was), or "", and the
    #: field it was chosen in (``deck_file``, or an attached file's ``font_file``).
    refused: str = ""
    refused_field: str = "deck_file"
    #: The number of sets as typed, when it is not one (shown back in its box, beside the message).
    sets_typed: str = ""
    #: A design that found no deck and may search again (its id; see :mod:`deckgen.serve.designs`), or "".
    search_again: str = ""
    #: The page's language as chosen on it ("": the browser's), and the language it speaks
    #: (the chosen one, else the browser's first that deckgen speaks, else English).
    lang: str = ""
    speaks: str = "en"
    #: The class's country as chosen on the page ("": the browser's), and the country the page
    #: prints for: the chosen one, else the one the browser names with the page's language
    #: (``fr-CA``), else ``serve --region``, else the language's home (see :mod:`deckgen.regions`).
    region: str = ""
    country: str = "US"

    @property
    def usual_paper(self) -> str:
        """The paper the page starts with: the one the class's country prints on (A4, or Letter)."""
        return usual_paper(self.country)

    @property
    def game_obj(self) -> Game:
        return games()[self.game]

    @classmethod
    def from_query(
        cls, query: Mapping[str, list[str]], accept_language: str = "", server_region: str | None = None
    ) -> PageChoices:
        """The choices in a page address (unknown fields are ignored; wrong values are noted, not
        raised); ``accept_language``: the browser's header, which may name the visitor's country;
        ``server_region``: ``serve --region``, for a browser that names none."""

        def one(name: str, default: str = "") -> str:
            values = query.get(name)
            return values[-1].strip() if values else default

        key = one("game", default_games()[0])
        choices = cls(game=key if key in games() else default_games()[0])
        lang = one("lang")
        choices.lang = lang if lang in LANGUAGES else ""
        choices.speaks = choices.lang or language()
        speak(choices.speaks)  # the page answers in the language chosen on it, else the browser's
        region = one("region").upper()
        choices.region = known_country(region) if len(region) == 2 else ""
        browser = country_from_accept_language(accept_language, choices.speaks, server_region)
        choices.country = country_for(choices.speaks, choices.region or browser)
        live_in(choices.country)  # the preview reads a file as the class's country writes it
        if key not in games():
            choices.errors["game"] = _("no game called {name}; choose one from the list").format(
                name=repr(shorten(key))
            )
        game = choices.game_obj
        sets = one("sets", "1")
        refusal = _number_error(sets, 1, MAX_SETS)
        if refusal is None:
            choices.sets = int(sets)
        else:
            choices.errors["sets"] = refusal
            choices.sets_typed = shorten(sets)
        choices.paper = _pick(one("paper", choices.usual_paper), PAPERS, "paper", choices.errors)
        choices.printer = _pick(one("printer", "inkjet"), tuple(PRINTERS), "printer", choices.errors)
        material = one("material", default_of(game, "media"))
        allowed = tuple(materials_for(game))
        choices.material = _pick(material, allowed, "material", choices.errors, default_of(game, "media"))
        choices.sides = _pick(one("sides", "two-sided"), tuple(SIDES), "sides", choices.errors)
        choices.cutting = _pick(one("cutting", "hand"), tuple(CUTTING), "cutting", choices.errors)
        choices.pictures = one("pictures") in ("1", "on", "true")
        choices.pack = one("pack", "1") not in ("0", "off", "false")
        upload = one("upload")
        choices.upload = upload if upload.isalnum() and len(upload) <= 64 else ""
        design = one("design")
        choices.design = design if design.isalnum() and len(design) <= 64 else ""
        for option in direct_options(game):
            if option.upload:
                given = one(option.name)
                if given.isalnum() and len(given) <= 64:
                    choices.attached[option.name] = given
                continue
            if option.multiple:
                values = tuple(dict.fromkeys(v.strip() for v in query.get(option.name, []) if v.strip()))
                if any(len(value) > LONGEST for value in values) or len(values) > MOST_LISTED:
                    choices.errors[option.name] = _("{value}: far too long for this option").format(
                        value=repr(shorten(" ".join(values)))
                    )
                elif values:
                    choices.listed[option.name] = values
                continue
            text = one(option.name)
            if len(text) > LONGEST:
                choices.errors[option.name] = _("{value}: far too long for this option").format(
                    value=repr(shorten(text))
                )
            elif text:
                choices.direct[option.name] = text
                error = check_text(option, text)
                if error:
                    choices.errors[option.name] = error
        replacing = [name for name in ("only", "only_set") if name in choices.direct]
        if replacing and choices.formats != ("pdf",):
            choices.errors[replacing[0]] = _(
                "replacement cards are printed on sheets only: choose cutting by hand, and untick the pictures"
            )
        return choices

    def query(self) -> list[tuple[str, str]]:
        """The choices as the page address holds them (only what differs from the defaults)."""
        game = self.game_obj
        pairs = [("game", self.game)]
        if self.sets != 1:
            pairs.append(("sets", str(self.sets)))
        if self.paper != self.usual_paper:
            pairs.append(("paper", self.paper))
        if self.printer != "inkjet":
            pairs.append(("printer", self.printer))
        if self.material != default_of(game, "media"):
            pairs.append(("material", self.material))
        if self.sides != "two-sided":
            pairs.append(("sides", self.sides))
        if self.cutting != "hand":
            pairs.append(("cutting", self.cutting))
        if self.pictures:
            pairs.append(("pictures", "1"))
        if not self.pack:
            pairs.append(("pack", "0"))
        if self.upload:
            pairs.append(("upload", self.upload))
        if self.design:
            pairs.append(("design", self.design))
        if self.upload:  # the columns ticked are the uploaded file's
            pairs += [(name, value) for name, values in self.listed.items() for value in values]
        pairs += list(self.attached.items())
        if self.lang:
            pairs.append(("lang", self.lang))
        if self.region:
            pairs.append(("region", self.region))
        pairs += [(name, value) for name, value in self.direct.items()]
        return pairs

    @property
    def formats(self) -> tuple[str, ...]:
        made = ["pdf"]
        if self.cutting == "laser":
            made.append("svg")
        if self.pictures:
            made.append("png")
        return tuple(made)

    def build_options(self, attached: Mapping[str, str] | None = None) -> dict[str, object]:
        """The ``deckgen build`` options these choices mean; only those that differ from the game's
        defaults. ``attached``: the files uploaded for options (a font), as the build names them."""
        game = self.game_obj
        options: dict[str, object] = {}
        if self.sets != 1:
            options["sets"] = self.sets
        shop = self.printer == "shop"
        if shop:
            options.update(PRINT_SHOP)
        elif self.paper != self.usual_paper:
            options["paper"] = self.paper
        if self.material != default_of(game, "media"):
            options["media"] = self.material
        if game.has_backs and self.material != Media.TRANSPARENCY:
            duplex = "fold" if self.sides == "fold" and not shop else "long-edge"
            if duplex != default_of(game, "duplex"):
                options["duplex"] = duplex
        for option in direct_options(game):
            text = self.direct.get(option.name)
            if self.upload and chooses_deck(option):
                continue  # the uploaded deck is the deck
            if text and option.name not in self.errors and format_reason(option.name, self.formats) is None:
                # An option for files not being made (a laser option while cutting by hand) waits,
                # kept in the address, until they are made again.
                options[option.name] = typed_value(option, text)
        if self.upload:  # columns of the file uploaded (the shipped deck has its own)
            options.update({name: values for name, values in self.listed.items() if name not in self.errors})
        options.update({name: value for name, value in (attached or {}).items() if name in self.attached})
        return options

    @property
    def printed_by_shop(self) -> bool:
        return self.printer == "shop" and "layout" not in self.direct

    @property
    def backs_chosen(self) -> bool:
        """Whether the teacher chooses how backs are printed: cards with backs, not on film, not for a shop."""
        return self.game_obj.has_backs and self.material != Media.TRANSPARENCY and not self.printed_by_shop

    @property
    def two_sided(self) -> bool:
        """Backs printed on the other side of the sheet (what the calibration sheet is for)."""
        return self.backs_chosen and self.sides == "two-sided"

    def command_words(self, upload: Path | None = None, attached: Mapping[str, Path] | None = None) -> list[str]:
        """The arguments of the ``deckgen build`` command these choices run (less ``--out``), as
        its PDFs record it (:mod:`deckgen.record`); ``upload``: the deck file, and ``attached``:
        the files uploaded for options (a font), each named by its file name."""
        from deckgen.record import build_words

        files = {self.game: upload} if upload is not None else None
        return build_words(
            (self.game,),
            self.build_options({name: path.name for name, path in (attached or {}).items()}),
            files=files,
            formats=self.formats,
            pack=self.pack,
            language=self.speaks,
            region=self.country,
        )

    def command(self, upload: Path | None = None, attached: Mapping[str, Path] | None = None) -> str:
        """The whole ``deckgen build`` command, as the page shows it and the PDFs record it."""
        from deckgen.record import build_command

        return build_command(self.command_words(upload, attached))


#: The longest value any option takes (a card size, a range of Treenex values) is far shorter.
LONGEST = 200
#: The most values an option given several takes (columns ticked for a side of the card).
MOST_LISTED = 20


def shorten(text: str) -> str:
    """A value as a message quotes it: at most 40 characters."""
    return text if len(text) <= 40 else text[:37] + "..."


def _pick(value: str, allowed: tuple[str, ...], name: str, errors: dict[str, str], default: str = "") -> str:
    if value in allowed:
        return value
    errors[name] = _("{value}: choose one from the list").format(value=repr(shorten(value)))
    return default or allowed[0]


def check_text(option: Option, text: str) -> str | None:
    """What is wrong with a value given for an option on the page, in the language being spoken (``None``: fine)."""
    if option.kind == "choice" and text not in option.choices:  # the field is a list: one of it
        return _("{value}: choose one from the list").format(value=repr(shorten(text)))
    if option.kind == "flag" and text not in ("on", "off"):
        return _("{value}: choose {on} or {off}").format(value=repr(text), on=_("on"), off=_("off"))
    if option.kind == "number":
        return _number_error(text, option.low, option.high)
    if option.kind in MEASURES:
        try:
            read_text(option, text)
        except DeckgenError as error:
            return str(error)
    return None


def _number_error(text: str, low: int, high: int) -> str | None:
    """What is wrong with a number typed on the page, read as the command line reads it."""
    try:
        read_number(text, low, high)
    except DeckgenError as error:
        return str(error)
    return None


def typed_value(option: Option, text: str) -> Any:
    """A checked value as the command line would pass it (a flag as True/False, a number as int)."""
    if option.kind == "flag":
        return text == "on"
    if option.kind == "number":
        return int(text)
    return text
