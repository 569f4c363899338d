"""The teacher pack states what its own build made.

Builds the pack for every print profile and for several one-game builds, reads it back with
pdfplumber, and checks each fact it states against the settings the build resolved: card
sizes, media, cutting, backs and calibration, sets, values. The expected words are not
copied from the pack: each is worked out from the build's settings.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from gamekit import GAMES

from deckgen.build import BuildRequest, DeckJob, prepare, run
from deckgen.games import game, games
from deckgen.print_options import MEDIA_NAMES
from deckgen.printing import load_profiles

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


def _build(tmp_path: Path, profile: str | None, keys: tuple[str, ...] | None, options: dict[str, Any]) -> Any:
    request = BuildRequest(out=tmp_path, profile=profile, options=options)
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
    return " ".join(text.split())


def _guide(pages: list[str]) -> str:
    whole = _flat("\n".join(pages))
    return whole[whole.index("Printing guide") :]


def _size(deck: DeckJob) -> str:
    """The size a teacher checks: a card's, or a card with its back beside it when folded."""
    w, h = deck.settings.card
    if deck.game.has_backs and deck.settings.duplex == "fold":
        w *= 2
    return f"{w:g} × {h:g} mm"


@pytest.mark.parametrize("name", list(BUILDS))
def test_the_pack_states_what_the_build_made(tmp_path: Path, name: str) -> None:
    profile, keys, options = BUILDS[name]
    job, pages = _build(tmp_path, profile, keys, options)
    whole = _flat("\n".join(pages))
    guide = _guide(pages)
    decks = list(job.decks.values())
    # The pack is about the games built, and only those.
    for key, other in games().items():
        built = key in job.decks
        assert (f"{other.name} card" in whole or f"{other.name}:" in whole or other.name in whole) == built, key
    for deck in decks:
        settings = deck.settings
        # Packing list: cards per set and media, for every deck.
        assert f"{deck.game.name} {deck.cards} " in whole
        assert MEDIA_NAMES[settings.media] in whole
        # The size a teacher checks with a ruler is the card's own.
        assert _size(deck) in guide
    film = any(d.settings.media == "transparency" for d in decks)
    shop = [d for d in decks if d.settings.layout == "single" and d.settings.bleed]
    home_film = any(d.settings.media == "transparency" and d not in shop for d in decks)
    assert ("Transparency film" in guide) == home_film  # tips for printing film at school
    assert ("on clear film" in guide) == any(d.settings.media == "transparency" for d in shop)
    assert ("These files are for a print shop" in guide) == bool(shop)
    assert ("In the print dialog choose Actual size" in guide) == (len(shop) < len(decks))
    assert ("Store film flat" in guide) == film
    stacked = any(d.game.clear_cards and d not in shop for d in decks)
    assert ("stacked cards no longer line up" in guide) == stacked
    assert ("card stock" in guide.lower()) == any(d.settings.media == "cardstock" for d in decks)
    # Cutting follows the layout and the marks.
    cutting = guide[guide.index("Cutting") : guide.index("Sorting and storing")]
    sheets = [d for d in decks if d.settings.layout == "sheet"]
    singles = [d for d in decks if d.settings.layout == "single"]
    assert ("nothing to cut" in cutting) == any(not d.settings.bleed for d in singles)
    assert ("bleed" in cutting) == any(d.settings.bleed for d in singles)
    marked = [d for d in sheets if d.settings.marks != "none" and d.settings.duplex != "fold"]
    assert ("along the marks" in cutting or "lines" in cutting) == bool(marked)
    if not sheets:
        assert "mark" not in cutting and "cut along" not in cutting.lower()
    folded = [d for d in decks if d.game.has_backs and d.settings.duplex == "fold"]
    assert ("never cut along the grey dashed line" in cutting) == bool(folded)
    # Backs: two-sided printing says how to check and how to put them right.
    two_sided = [d for d in decks if any(p.side == "back" for p in d.plan.pages)]
    assert ("Backs: two-sided printing" in guide) == bool(two_sided)
    calibration = (tmp_path / "calibration.pdf").exists()
    home_sheets = [d for d in two_sided if d.settings.layout == "sheet"]
    assert calibration == bool(home_sheets)
    assert ("calibration.pdf" in guide) == calibration
    if two_sided and not all(d.settings.bleed for d in two_sided):
        assert "back offset" in guide
    for deck in two_sided:
        edge = {"long-edge": "long", "short-edge": "short"}[deck.settings.duplex]
        assert f"{deck.game.name}: " in guide
        assert f"on its {edge} edge" in guide or f"turned on the {edge} edge" in guide
    # Sets and colours.
    sets = decks[0].settings.sets
    assert (f"Packing list: {sets} classroom set{'s' if sets > 1 else ''}") in whole
    assert ("set number" in guide) == (sets > 1)
    assert ("CMYK" in guide) == any(d.settings.color == "cmyk" for d in decks)
    # Cards are named once: "the flash cards", never "the Flash cards cards".
    assert "cards cards" not in whole.lower()
    # No command-line words in what a teacher reads.
    assert not re.search(r"--\w", whole)


def test_the_rules_state_the_range_the_deck_was_built_with(tmp_path: Path) -> None:
    assert RANGED is not None, "a registered game takes a range of values"
    job, pages = _build(tmp_path, None, (RANGED,), {"values": "10-19", "copies": 3})
    whole = _flat("\n".join(pages))
    deck = job.decks[RANGED]
    assert deck.cards == 10 * 3
    assert "10 to 19" in whole and "three of each" in whole
    assert "0 to 9" not in whole and "four of each" not in whole


@pytest.mark.parametrize("set_sheets", ["separate", "shared"])
def test_the_packing_list_gives_the_sheets_of_both_ways_of_placing_sets(tmp_path: Path, set_sheets: str) -> None:
    """Each count the packing list states is the page count of a real build that way."""
    key = next(k for k in GAMES if game(k).clear_cards)
    counts = {}
    for way in ("separate", "shared"):
        out = tmp_path / way
        job = prepare(BuildRequest(games=(key,), out=out, options={"sets": 7, "set_sheets": way}, pack=False))
        counts[way] = sum(1 for page in job.decks[key].plan.pages if page.side == "front")
    assert counts["shared"] < counts["separate"]
    job, pages = _build(tmp_path / "pack", None, (key,), {"sets": 7, "set_sheets": set_sheets})
    whole = _flat("\n".join(pages))
    assert f"{counts['separate']} sheets of transparency film when each set starts on a new sheet" in whole
    assert f"or {counts['shared']} when sets share sheets" in whole
    assert f"{game(key).name} {job.decks[key].cards} " in whole
    assert f" {counts[set_sheets]} transparency film" in whole  # the table's "Sheets in all"
    # Every card of every set is still labelled with its set.
    labels = [p for page in job.decks[key].plan.pages for p in page.placements if "label" in p.face]
    assert len(labels) == 7 * job.decks[key].cards
