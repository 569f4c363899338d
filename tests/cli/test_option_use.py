"""Every option either changes what is printed or is refused with one line saying why.

Walks each game through every media, layout and duplex, adding one option at a time: the
option must change the pages, or the build must stop with a message that names it.
"""

from __future__ import annotations

from itertools import product
from pathlib import Path
from typing import Any

import pytest

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.games import game
from deckgen.option_use import refuse_idle_options
from deckgen.print_options import LAYOUTS, MEDIA
from deckgen.printing import resolve
from tests.gamekit import GAMES, sheet_plan

DUPLEX = ("long-edge", "short-edge", "fold", "none")
#: One value for each option that could be typed and do nothing.
PROBES: dict[str, Any] = {
    "mirror": True,
    "back_offset": "1mm,0.5mm",
    "duplex": "short-edge",
    "marks": "lines",
    "paper": "a4",
    # A margin is a limit: this one leaves room for fewer cards, or less of a one-card page.
    "margin": "12mm",
    "set_sheets": "shared",  # with one set: nothing to share, refused
}


def _plan_or_refusal(key: str, options: dict[str, Any]) -> list[Any] | str:
    """What a one-game build with these options prints, or the one line that refused them."""
    try:
        settings = resolve(game(key), None, options)
        refuse_idle_options(options, [(game(key), settings)])
        plan = sheet_plan(key, settings)
    except DeckgenError as error:
        return str(error)
    printed: list[Any] = [
        (p.width, p.height, p.side, p.trim, [(c.face, c.x, c.y) for c in p.placements], p.extras) for p in plan.pages
    ]
    printed.append(sorted(plan.faces))
    # One card a page: which way the printer turns the page is what the PDF asks of the print dialog.
    printed.append(settings.duplex if settings.layout == "single" else None)
    return printed


@pytest.mark.parametrize(("key", "media", "layout"), list(product(GAMES, MEDIA, LAYOUTS)))
def test_every_option_changes_the_pages_or_is_refused(key: str, media: str, layout: str) -> None:
    for duplex in DUPLEX:
        base = {"media": media, "layout": layout, "duplex": duplex, "marks": "crop"}
        if layout == "single":
            base["marks"] = "none"
        before = _plan_or_refusal(key, base)
        if isinstance(before, str):
            assert "\n" not in before and ("--media" in before or "--duplex" in before or "--layout" in before)
            continue
        for name, value in PROBES.items():
            if name == "duplex" and duplex == value:
                continue
            after = _plan_or_refusal(key, {**base, name: value})
            if isinstance(after, str):
                assert "\n" not in after and ("--" in after), after
                continue
            assert after != before, (
                f"{key} on {media}, {layout}, --duplex {duplex}: --{name.replace('_', '-')} {value} changed nothing"
            )


def test_clear_cards_print_on_film_only() -> None:
    clear = [key for key in GAMES if game(key).clear_cards]
    assert clear
    for key in clear:
        for media in ("cardstock", "paper"):
            with pytest.raises(DeckgenError, match=rf"^--media {media}: .*transparency film"):
                resolve(game(key), None, {"media": media})


def test_cards_with_backs_print_one_side_on_film_or_are_refused_where_each_back_is_its_own() -> None:
    """A shared back design may be left off film; a card's own back (an answer) may not."""
    shared = [key for key in GAMES if game(key).has_backs and not game(key).backs_differ]
    own = [key for key in GAMES if game(key).backs_differ]
    assert shared and own
    for key in shared:
        assert resolve(game(key), None, {"media": "transparency"}).duplex == "none"
        with pytest.raises(DeckgenError, match=r"^--duplex long-edge: transparency film is see-through"):
            resolve(game(key), None, {"media": "transparency", "duplex": "long-edge"})
    for key in own:
        for options in ({"media": "transparency"}, {"media": "transparency", "duplex": "long-edge"}):
            with pytest.raises(DeckgenError, match=r"^--media transparency: each .* carries its own back"):
                resolve(game(key), None, options)
        with pytest.raises(DeckgenError, match=r"^--duplex none: each .* carries its own back"):
            resolve(game(key), None, {"duplex": "none"})


def test_an_option_one_deck_of_the_kit_uses_is_kept() -> None:
    """--mirror in a kit of film cards and card-stock cards is for the film deck: not refused."""
    film = next(key for key in GAMES if game(key).clear_cards)
    stock = next(key for key in GAMES if game(key).has_backs)
    options = {"mirror": True}
    decks = [(game(k), resolve(game(k), None, options)) for k in (film, stock)]
    refuse_idle_options(options, decks)
    with pytest.raises(DeckgenError, match=r"^--mirror does nothing here"):
        refuse_idle_options(options, decks[1:])


def test_back_offset_moves_the_backs_of_one_card_pages() -> None:
    key = next(key for key in GAMES if game(key).has_backs)
    options = {"layout": "single", "marks": "none", "media": "cardstock", "duplex": "long-edge"}
    plain = sheet_plan(key, resolve(game(key), None, options))
    moved = sheet_plan(key, resolve(game(key), None, {**options, "back_offset": "1mm,2mm", "bleed": "3mm"}))
    back = next(p for p in moved.pages if p.side == "back")
    # Seen from the front the back landed 1 mm right and 2 mm down: it is drawn 1 mm further
    # right on the back page (x turns over) and 2 mm higher.
    assert (back.placements[0].x, back.placements[0].y) == pytest.approx((3 + 1, 3 - 2))
    assert next(p for p in plain.pages if p.side == "back").placements[0].x == pytest.approx(0)


def test_mirror_in_a_kit_mirrors_the_film_deck_only() -> None:
    film = next(key for key in GAMES if game(key).clear_cards)
    stock = next(key for key in GAMES if game(key).has_backs)
    assert resolve(game(film), None, {"mirror": True}).mirror
    assert not resolve(game(stock), None, {"mirror": True}).mirror  # card stock stays the right way round


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--format", "svg", "--mirror"], "--mirror does nothing here: it shapes the printed sheets (PDF)"),
        (["--format", "svg", "--color", "cmyk"], "--color does nothing here"),
        (["--format", "png", "--sets", "2"], "--sets does nothing here"),
        (["--kerf", "0.2mm"], "--kerf does nothing here: it shapes the laser files (SVG)"),
        (["--dpi", "600"], "--dpi does nothing here: it shapes the PNG pictures"),
        (["--format", "svg", "--pack"], "--pack does nothing here"),
    ],
)
def test_an_option_for_a_format_not_made_is_refused(
    args: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    key = next(key for key in GAMES if game(key).clear_cards)
    out = tmp_path / "out"
    assert main(["build", "--game", key, "--out", str(out), *args]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0], err
    assert not out.exists()


def test_games_named_twice_are_both_built(tmp_path: Path) -> None:
    first, second = GAMES[:2]
    out = tmp_path / "out"
    assert main(["build", "--game", first, "--game", second, "--game", first, "--no-pack", "--out", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == sorted(
        f"{game(k).stem}.pdf" for k in (first, second)
    )


def test_a_games_option_for_files_not_made_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A game's own option that shapes only some kinds of file (a laser-only one) is refused in a
    build that makes none of them, and taken in one that does."""
    found = [(key, option) for key in GAMES for option in game(key).options if option.formats]
    assert found, "no game has an option for some kinds of file only"
    for key, option in found:
        typed = [option.flag] if option.kind == "flag" else [option.flag, option.choices[0]]
        out = tmp_path / key
        assert main(["build", "--game", key, "--no-pack", "--out", str(out), *typed]) == 1
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and f"{option.flag} does nothing here" in err[0], err
        made = [f"--format={kind}" for kind in option.formats]
        assert main(["build", "--game", key, "--no-pack", "--out", str(out), *made, *typed]) == 0
