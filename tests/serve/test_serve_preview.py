"""The page's one-card preview is the card as the sheets print it: on film, without the fills
film drops (a coloured band on card stock), and a back beside the front for cards with backs."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image

from deckgen.build import BuildRequest, prepare
from deckgen.games.treenex.game import TreenexGame
from deckgen.layout.primitives import Box
from deckgen.serve.preview import card_png

BAND = (200, 30, 30)


@pytest.fixture
def banded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Treenex fronts with a filled band across the top, as a game's card may have."""
    drawn = TreenexGame.faces

    def with_band(self, deck, card, options, laser=False):  # type: ignore[no-untyped-def]
        faces = drawn(self, deck, card, options, laser)
        band = Box(0, 0, card[0], 8, None, "#C81E1E", 0)
        return replace(faces, fronts=[replace(f, primitives=(band, *f.primitives)) for f in faces.fronts])

    monkeypatch.setattr(TreenexGame, "faces", with_band)


@pytest.mark.usefixtures("banded")
@pytest.mark.parametrize(("media", "band"), [("cardstock", True), ("transparency", False)])
def test_the_card_preview_drops_what_film_drops(tmp_path: Path, media: str, band: bool) -> None:
    request = BuildRequest(games=("treenex",), out=tmp_path, options={"media": media, "duplex": "none"}, pack=False)
    job = prepare(request, plan_lasers=False)
    png = card_png(job)
    assert png is not None
    image = Image.open(io.BytesIO(png)).convert("RGB")
    reds = sum(1 for r, g, b in zip(*(iter(image.tobytes()),) * 3, strict=True) if (r, g, b) == BAND)
    assert (reds > 100) is band, f"{reds} band pixels on {media}"


def test_cards_without_backs_have_no_back_preview(tmp_path: Path) -> None:
    job = prepare(BuildRequest(games=("cleariosity",), out=tmp_path, pack=False), plan_lasers=False)
    assert card_png(job, side="back") is None
    job = prepare(BuildRequest(games=("flashcards",), out=tmp_path, pack=False), plan_lasers=False)
    back = card_png(job, side="back")
    assert back is not None and back != card_png(job)
