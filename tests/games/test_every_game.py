"""The same physical checks for every game in the registry: a new game is tested by them too.

Card sizes are read back from each format (the PDF's TrimBox, the SVG's cut paths, the PNG's
pixels), backs must land behind their fronts when the sheet is turned, sets must label every
card, and the same inputs must give the same bytes.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import svgelements as se
from PIL import Image

from deckgen.build import BuildRequest, prepare, run
from deckgen.games import game
from deckgen.layout.sheets import back_position
from deckgen.printing import resolve
from tests.gamekit import GAMES, sheet_plan, shipped_deck
from tests.pdfcheck import boxes

BACKED = [key for key in GAMES if game(key).has_backs]


def build(key: str, folder: Path, formats: tuple[str, ...], **options: object) -> list[Path]:
    request = BuildRequest(games=(key,), out=folder, options=dict(options), formats=formats, dpi=100, pack=False)
    return run(prepare(request))


@pytest.mark.parametrize("key", GAMES)
def test_one_card_a_page_has_the_card_as_its_trim_box(key: str, tmp_path: Path) -> None:
    build(key, tmp_path, ("pdf",), layout="single", bleed="3mm", marks="none")
    card = resolve(game(key), None, {}).card
    for page in (1, 2):
        found = boxes(tmp_path / f"{game(key).stem}.pdf", page)
        assert found["TrimBox"][2] - found["TrimBox"][0] == pytest.approx(card[0], abs=0.01)
        assert found["TrimBox"][3] - found["TrimBox"][1] == pytest.approx(card[1], abs=0.01)
        assert found["MediaBox"][2] == pytest.approx(card[0] + 6, abs=0.01)


@pytest.mark.parametrize("key", GAMES)
def test_laser_cuts_measure_the_card(key: str, tmp_path: Path) -> None:
    """With each card cut on its own, every outline in the cut layer is one card, to 0.01 mm."""
    build(key, tmp_path, ("svg",), common_line=False)
    card = resolve(game(key), None, {}).card
    fronts = sorted(p for p in (tmp_path / "svg").glob("*.svg") if not p.stem.endswith("-back"))
    sheet = se.SVG.parse(str(fronts[0]), ppi=25.4)  # one unit, one mm
    (layer,) = [g for g in sheet.elements() if isinstance(g, se.Group) and g.id == "cut"]
    cuts = [e for e in layer.select() if isinstance(e, se.Path)]
    assert cuts
    for path in cuts:
        x0, y0, x1, y1 = path.bbox()
        assert sorted((x1 - x0, y1 - y0)) == pytest.approx(sorted(card), abs=0.01)


@pytest.mark.parametrize("key", GAMES)
def test_png_cards_are_exact_pixels(key: str, tmp_path: Path) -> None:
    build(key, tmp_path, ("png",))
    w, h = resolve(game(key), None, {}).card
    cards = [p for p in (tmp_path / "png").glob("*.png") if not p.stem.endswith("-contact")]
    assert cards
    for path in cards[:5]:
        with Image.open(path) as image:
            assert image.size == (round(w / 25.4 * 100), round(h / 25.4 * 100))


@pytest.mark.parametrize("key", BACKED)
@pytest.mark.parametrize("duplex", ["long-edge", "short-edge"])
def test_every_back_lands_behind_its_front(key: str, duplex: str) -> None:
    """Each page of backs holds, for every front, that card's own back where the turned sheet puts it."""
    settings = resolve(game(key), None, {"duplex": duplex, "back_offset": "0.5mm,-1mm"})
    plan = sheet_plan(key, settings)
    faces = game(key).faces(shipped_deck(key), settings.card, {})
    assert faces.backs is not None
    back_of = {front.key: back.key for front, back in zip(faces.fronts, faces.backs, strict=True)}
    pages = plan.pages
    assert len(pages) % 2 == 0
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert (front.side, back.side) == ("front", "back")
        assert len(front.placements) == len(back.placements)
        for placed, behind in zip(front.placements, back.placements, strict=True):
            x, y = back_position(settings.card, *settings.paper, placed.x, placed.y, duplex, settings.back_offset)
            assert (behind.x, behind.y) == pytest.approx((x, y), abs=1e-9)
            assert behind.face == back_of[placed.face]


@pytest.mark.parametrize("key", GAMES)
def test_sets_label_every_card(key: str) -> None:
    settings = resolve(game(key), None, {"sets": 2})
    plan = sheet_plan(key, settings)
    one = sheet_plan(key, resolve(game(key), None, {}))
    assert len(plan.pages) == 2 * len(one.pages)
    for side in ("front", "back"):
        labels = [p.face for page in plan.pages if page.side == side for p in page.placements if "label" in p.face]
        cards = [p for page in one.pages if page.side == side for p in page.placements]
        # Fronts always; backs too where each card has its own (the back pages of two sets differ).
        labelled = side == "front" or not game(key).shared_back
        assert len(labels) == (2 * len(cards) if labelled else 0), side


@pytest.mark.parametrize("key", GAMES)
def test_same_inputs_same_bytes(key: str, tmp_path: Path) -> None:
    first = build(key, tmp_path / "a", ("pdf", "svg", "png"), sets=2)
    second = build(key, tmp_path / "b", ("pdf", "svg", "png"), sets=2)
    assert [p.relative_to(tmp_path / "a") for p in first] == [p.relative_to(tmp_path / "b") for p in second]
    for a, b in zip(first, second, strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


@pytest.mark.parametrize("key", GAMES)
def test_a_game_names_the_deck_its_load_gives(key: str) -> None:
    """Each game is a ``Game[ItsDeck]`` (what the type checker follows across the seam), and
    the deck its ``load`` returns is that type and has the name deckgen reads of any deck."""
    from deckgen.games.base import Game

    chosen = game(key)
    (declared,) = [
        base.__args__[0]
        for base in type(chosen).__orig_bases__  # type: ignore[attr-defined]
        if getattr(base, "__origin__", None) is Game
    ]
    deck = shipped_deck(key)
    named = declared.__forward_arg__ if hasattr(declared, "__forward_arg__") else declared.__name__
    assert type(deck).__name__ == named
    assert isinstance(deck.name, str) and deck.name
