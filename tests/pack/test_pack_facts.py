"""The teacher pack states what its own build made, in every language deckgen speaks.

Builds the pack for every print profile and for several one-game builds, in each language, reads
it back with pdfplumber, and checks each fact it states against the settings the build resolved:
card sizes, media, cutting, backs and calibration, sets, values. The expected words are not
copied from the pack: each sentence is found by its message id (the English the code marks for
translation), translated with the language's catalogue, and its fields are worked out from the
build's settings.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from babel.messages.pofile import read_po

from deckgen import pack_text as words
from deckgen.build import BuildRequest, DeckJob, prepare, reprint_command, run
from deckgen.games import game, games
from deckgen.i18n import LANGUAGES, USUAL_SIGNS, _, counted, decimal_g, number, speaking
from deckgen.maths_signs import Signs, signs_from
from deckgen.print_options import MEDIA_NAMES
from deckgen.profiles import load_profiles
from tests.gamekit import GAMES

#: The catalogue template: every message id the code marks for translation.
CATALOGUE = Path(__file__).parents[2] / "deckgen" / "locale" / "deckgen.pot"

#: A game with a ``values`` option (a deck of numbered cards whose range the teacher picks).
RANGED = next((key for key in GAMES if any(o.name == "values" for o in game(key).options)), None)
#: A game with backs, to fold.
BACKED = next(key for key in GAMES if game(key).has_backs)

BUILDS: dict[str, tuple[str | None, tuple[str, ...] | None, dict[str, Any]]] = {
    **{f"profile {name}": (name, None, {}) for name in load_profiles()},
    **{f"--deck {key}": (None, (key,), {}) for key in GAMES},
    "--duplex fold": (None, (BACKED,), {"duplex": "fold", "sets": 2}),
    # Each game at a print shop: the shop's sentences name that game's cards.
    **{f"profile print-shop --deck {key}": ("print-shop", (key,), {}) for key in GAMES},
}
if RANGED is not None:
    BUILDS["--values 10-19"] = (None, (RANGED,), {"values": "10-19", "copies": 3})

#: The sentences that tell how to cut along printed marks or lines.
CUT_ALONG_MARKS = (words.CUT_CROP, words.CUT_CROP_GAP, words.CUT_LINES, words.CUT_LINES_GAP)
#: The sentences on card stock: sheets at school, one card a page at school, at a print shop.
CARD_STOCK = (words.CARDSTOCK_SHEETS, words.CARDSTOCK_SINGLE, words.CARDSTOCK_SHOP)


def _build(
    tmp_path: Path, profile: str | None, keys: tuple[str, ...] | None, options: dict[str, Any], language: str = "en"
) -> Any:
    request = BuildRequest(out=tmp_path, profile=profile, options=options, language=language)
    if keys is not None:
        request.games = keys
    elif profile is not None and "deck" in load_profiles()[profile]:
        request.games = (load_profiles()[profile]["deck"],)
    job = prepare(request)
    run(job)
    with pdfplumber.open(tmp_path / "teacher-pack.pdf") as pdf:
        pages = [page.extract_text() or "" for page in pdf.pages]
    return job, pages


def _flat(text: str) -> str:
    """Every run of white space (no-break spaces and line ends too) as one space."""
    return " ".join(text.split())


def said(sentence: str, text: str, signs: Signs | None = None, **fields: str) -> bool:
    """Whether ``text`` (flattened) holds ``sentence``, a message id, in the language being spoken:
    its translation (its expressions in ``signs``, for a rule) with ``fields`` filled in, and of
    the fields not given, every piece between them. Markup (bold, italic) is taken out, as the
    PDF's text has none."""
    translated = re.sub(r"</?[a-z]+>", "", _(sentence) if signs is None else signs.written(_(sentence)))
    for name, value in fields.items():
        translated = translated.replace("{" + name + "}", value)
    return all(_flat(piece) in text for piece in re.split(r"\{\w+\}", translated) if piece.strip())


def said_any(sentences: Iterable[str], text: str) -> bool:
    return any(said(sentence, text) for sentence in sentences)


def section(pages: list[str], heading: str, following: str | None = None) -> str:
    """The pack's text (flattened) from the line that is ``heading`` to the line that is
    ``following`` (or the end); a heading stands on a line of its own."""
    lines = [_flat(line) for page in pages for line in page.splitlines()]
    start = lines.index(_flat(heading))
    end = lines.index(_flat(following), start) if following is not None else len(lines)
    return " ".join(lines[start:end])


def has_heading(pages: list[str], heading: str) -> bool:
    return any(_flat(line) == _flat(heading) for page in pages for line in page.splitlines())


def _size(deck: DeckJob) -> str:
    """The size a teacher checks: a card's, or a card with its back beside it when folded."""
    w, h = deck.settings.card
    if deck.game.has_backs and deck.settings.duplex == "fold":
        w *= 2
    return f"{decimal_g(w)} × {decimal_g(h)} mm"


@pytest.mark.parametrize("language", list(LANGUAGES))
@pytest.mark.parametrize("name", list(BUILDS))
def test_the_pack_states_what_the_build_made(tmp_path: Path, name: str, language: str) -> None:
    profile, keys, options = BUILDS[name]
    job, pages = _build(tmp_path, profile, keys, options, language)
    with speaking(language):
        _check_pack(job, pages, calibration=(tmp_path / "calibration.pdf").exists())
    whole = _flat("\n".join(pages))
    # No command-line words in what a teacher reads, but the command of each deck that prints a
    # lost card again (set apart under its heading: the one thing to type).
    for key in job.decks:
        command = reprint_command(job, key)
        assert whole.count(command) == 1, command
        whole = whole.replace(command, "")
    assert not re.search(r"--\w", whole) and "deckgen" not in whole
    if language == "en":
        # Cards are named once: "the flash cards", never "the Flash cards cards".
        assert "cards cards" not in whole.lower()


def _check_pack(job: Any, pages: list[str], calibration: bool) -> None:
    """Each fact of the pack, in the language being spoken."""
    whole = _flat("\n".join(pages))
    guide = section(pages, _("Printing guide"))
    decks = list(job.decks.values())
    # The pack is about the games built, and only those.
    for key, other in games().items():
        assert (_(other.name) in whole) == (key in job.decks), key
    for deck in decks:
        settings = deck.settings
        # Packing list: cards per set and media, for every deck.
        assert f"{_(deck.game.name)} {number(deck.cards)} " in whole
        assert _(MEDIA_NAMES[settings.media]) in whole
        # The size a teacher checks with a ruler is the card's own.
        assert _size(deck) in guide
    film = any(d.settings.media == "transparency" for d in decks)
    shop = [d for d in decks if d.settings.layout == "single" and d.settings.bleed]
    home = [d for d in decks if d not in shop]
    home_film = any(d.settings.media == "transparency" for d in home)
    # Tips for printing film at school.
    assert has_heading(pages, _("Transparency film")) == home_film
    assert all(said(tip, guide) for tip in words.FILM_TIPS) == home_film
    assert said(words.SHOP_FILM, guide) == any(d.settings.media == "transparency" for d in shop)
    assert said(words.SHOP_SEND, guide) == bool(shop)
    assert said(words.ACTUAL_SIZE, guide) == bool(home)
    assert said(words.STORE_FILM, guide) == film
    stacked = any(d.game.clear_cards for d in home)
    assert said(words.SCALED_STACKED, guide) == stacked
    assert said(words.SCALED_CUT, guide) == (bool(home) and not stacked)
    assert said_any(CARD_STOCK, guide) == any(d.settings.media == "cardstock" for d in decks)
    # Cutting follows the layout and the marks.
    cutting = section(pages, _("Cutting"), _("Sorting and storing"))
    sheets = [d for d in decks if d.settings.layout == "sheet"]
    singles = [d for d in decks if d.settings.layout == "single"]
    assert said(words.NOTHING_TO_CUT, cutting) == any(not d.settings.bleed for d in singles)
    assert said(words.TRIM_BLEED, cutting) == any(d.settings.bleed for d in singles)
    marked = [d for d in sheets if d.settings.marks != "none" and d.settings.duplex != "fold"]
    assert said_any(CUT_ALONG_MARKS, cutting) == bool(marked)
    assert said(words.CUT_MARKS_ON_EDGE, cutting) == any(d.settings.marks == "crop" for d in marked)
    if not sheets:
        assert not said_any((*CUT_ALONG_MARKS, words.CUT_PAIRS, words.CUT_NO_MARKS, words.CUT_SCISSORS), cutting)
    folded = [d for d in decks if d.game.has_backs and d.settings.duplex == "fold"]
    assert said(words.CUT_PAIRS, cutting) == bool(folded)
    assert has_heading(pages, _("Backs folded over")) == bool(folded)
    # Backs: two-sided printing says how to check and how to put them right.
    two_sided = [d for d in decks if any(p.side == "back" for p in d.plan.pages)]
    assert has_heading(pages, _("Backs: two-sided printing")) == bool(two_sided)
    home_sheets = [d for d in two_sided if d.settings.layout == "sheet"]
    assert calibration == bool(home_sheets)
    assert said(words.CALIBRATE_SHEET, guide, file="calibration.pdf") == calibration
    if two_sided and not all(d.settings.bleed for d in two_sided):
        assert said_any((words.CALIBRATE_SHEET, words.CALIBRATE_BY_HAND), guide)
    for deck in two_sided:
        edge = _(words.EDGES[deck.settings.duplex])
        sentence = words.DUPLEX_SHOP if deck in shop else words.DUPLEX_HOW
        assert said(sentence, guide, deck=_(deck.game.name), edge=edge), deck.game.name
    # Sets and colours.
    sets = decks[0].settings.sets
    assert counted("Packing list: {count} classroom set", "Packing list: {count} classroom sets", sets) in whole
    assert said(words.SORT_SETS, guide) == (sets > 1)
    assert said(words.SORT_ONE_SET, guide) == (sets == 1)
    assert said(words.SHOP_CMYK, guide) == any(d.settings.color == "cmyk" for d in decks)
    # A lost card: how to print it again, with the deck's first id (and set 1) as the example.
    assert has_heading(pages, _(words.REPRINT_HEADING))
    for deck in decks:
        first = deck.faces.ids[0]
        if deck.settings.sets > 1:
            assert said(words.REPRINT_SETS, guide, id=first, number=number(1)), deck.game.name
        else:
            assert said(words.REPRINT, guide, id=first), deck.game.name


@cache
def message_ids() -> tuple[str, ...]:
    """Every message id of the catalogue template (singular and plural forms)."""
    with CATALOGUE.open("rb") as stream:
        template = read_po(stream)
    found: list[str] = []
    for message in template:
        found += [message.id] if isinstance(message.id, str) else list(message.id)
    return tuple(found)


def messages_with(*fields: str) -> list[str]:
    """The message ids whose fields are these (``{low}``, ``{high}``, ``{copies}``)."""
    return [m for m in message_ids() if set(re.findall(r"\{(\w+)\}", m)) == set(fields)]


def message_with(*fields: str) -> str:
    """The one message id whose fields are these."""
    (found,) = messages_with(*fields)
    return found


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_rules_state_the_range_the_deck_was_built_with(tmp_path: Path, language: str) -> None:
    assert RANGED is not None, "a registered game takes a range of values"
    job, pages = _build(tmp_path, None, (RANGED,), {"values": "10-19", "copies": 3}, language)
    whole = _flat("\n".join(pages))
    deck = job.decks[RANGED]
    assert deck.cards == 10 * 3
    # The rules' sentence on the deck's cards (one for each number of players a deck may serve).
    intros = messages_with("low", "high", "copies")
    signs = signs_from(USUAL_SIGNS[language])  # a rule's expressions, in the signs of the class
    with speaking(language):
        assert sum(said(intro, whole, signs, low="10", high="19", copies=_("three")) for intro in intros) == 1
        assert not any(said(intro, whole, signs, low="0", high="9") for intro in intros)
        assert not any(said(intro, whole, signs, low="10", high="19", copies=_("four")) for intro in intros)


@pytest.mark.parametrize(("set_sheets", "language"), [("separate", "en"), ("shared", "en"), ("shared", "de")])
def test_the_packing_list_gives_the_sheets_of_both_ways_of_placing_sets(
    tmp_path: Path, set_sheets: str, language: str
) -> None:
    """Each count the packing list states is the page count of a real build that way."""
    key = next(k for k in GAMES if game(k).clear_cards)
    counts = {}
    for way in ("separate", "shared"):
        out = tmp_path / way
        job = prepare(BuildRequest(games=(key,), out=out, options={"sets": 7, "set_sheets": way}, pack=False))
        counts[way] = sum(1 for page in job.decks[key].plan.pages if page.side == "front")
    assert counts["shared"] < counts["separate"]
    job, pages = _build(tmp_path / "pack", None, (key,), {"sets": 7, "set_sheets": set_sheets}, language)
    whole = _flat("\n".join(pages))
    with speaking(language):
        film, name = _(MEDIA_NAMES["transparency"]), _(game(key).name)
        both = {"separate": number(counts["separate"]), "shared": number(counts["shared"])}
        assert said(message_with("deck", "separate", "media", "shared", "chosen"), whole, deck=name, media=film, **both)
        assert f"{name} {number(job.decks[key].cards)} " in whole
        assert f" {number(counts[set_sheets])} {film}" in whole  # the table's "Sheets in all"
    # Every card of every set is still labelled with its set.
    labels = [p for page in job.decks[key].plan.pages for p in page.placements if "label" in p.face]
    assert len(labels) == 7 * job.decks[key].cards
