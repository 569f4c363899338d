"""Print and laser settings hold their choices as members of :mod:`deckgen.print_choices`, made
from text once where the settings are checked, and answer by properties what the code asks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.games import games
from deckgen.games.base import Game
from deckgen.print_choices import Colour, Duplex, Engrave, Layout, Marks, Media, SetSheets
from deckgen.print_options import DUPLEX, ENGRAVE, LAYOUTS, MARKS, MEDIA, SET_SHEETS
from deckgen.printing import PrintSettings, resolve, resolve_laser
from deckgen.profiles import load_profiles


def _with_backs() -> Game:
    """A game whose cards have backs and may be printed on card stock."""
    return next(g for g in games().values() if g.has_backs and g.prints_on(Media.CARDSTOCK))


def _on_film() -> Game:
    """A game whose cards print on film."""
    return next(g for g in games().values() if g.clear_cards)


def test_every_choice_is_a_member_made_once_by_resolve() -> None:
    settings = resolve(_with_backs(), None, {"duplex": "short-edge", "marks": "lines", "set_sheets": "shared"})
    assert type(settings.media) is Media and settings.media is Media.CARDSTOCK
    assert type(settings.layout) is Layout and settings.layout is Layout.SHEET
    assert type(settings.duplex) is Duplex and settings.duplex is Duplex.SHORT_EDGE
    assert type(settings.marks) is Marks and settings.marks is Marks.LINES
    assert type(settings.color) is Colour and settings.color is Colour.RGB
    assert type(settings.set_sheets) is SetSheets and settings.set_sheets is SetSheets.SHARED
    laser = resolve_laser(None, {"engrave": "fill"}, settings)
    assert type(laser.engrave) is Engrave and laser.engrave is Engrave.FILL
    assert laser.filled
    assert not resolve_laser(None, {}, settings).filled


def test_members_read_as_their_text_so_options_and_json_are_unchanged() -> None:
    # The options still offer plain text, in the same order, and each member equals its text.
    assert MEDIA == ("transparency", "cardstock", "paper")
    assert LAYOUTS == ("sheet", "single")
    assert DUPLEX == ("long-edge", "short-edge", "fold", "none")
    assert MARKS == ("crop", "lines", "none")
    assert SET_SHEETS == ("separate", "shared")
    assert ENGRAVE == ("score", "fill", "none")
    assert Duplex.LONG_EDGE == "long-edge" and f"{Duplex.LONG_EDGE}" == "long-edge" and str(Media.PAPER) == "paper"
    assert json.dumps({Media.TRANSPARENCY: Duplex.NONE}) == '{"transparency": "none"}'


SIDES = {"two_sided", "backs_printed"}


@pytest.mark.parametrize(
    ("options", "asked"),
    [
        ({"duplex": "long-edge"}, {"on_sheets", *SIDES}),
        ({"duplex": "long-edge", "layout": "single"}, {"single", *SIDES}),
        (
            {"duplex": "long-edge", "layout": "single", "bleed": "3mm", "color": "cmyk"},
            {"single", "print_shop", "cmyk", *SIDES},
        ),
        ({"duplex": "fold"}, {"on_sheets", "folded", "backs_printed"}),
        ({"duplex": "long-edge", "sets": 2, "set_sheets": "shared"}, {"on_sheets", "sets_share_sheets", *SIDES}),
        ({"duplex": "long-edge", "sets": 1, "set_sheets": "shared"}, {"on_sheets", *SIDES}),  # one set shares nothing
        ({"duplex": "short-edge", "media": "paper"}, {"on_sheets", *SIDES}),
    ],
)
def test_properties_say_what_the_settings_mean(options: dict[str, object], asked: set[str]) -> None:
    settings = resolve(_with_backs(), None, options)
    names = ("single", "on_sheets", "print_shop", "on_film", "folded", "two_sided", "backs_printed", "cmyk")
    assert {name for name in (*names, "sets_share_sheets") if getattr(settings, name)} == asked


def test_film_settings_are_on_film_and_one_sided() -> None:
    settings = resolve(_on_film(), None, {})
    assert settings.on_film and settings.media is Media.TRANSPARENCY
    assert not settings.backs_printed and not settings.two_sided and not settings.folded


def test_a_single_page_without_bleed_is_not_for_a_print_shop() -> None:
    settings: PrintSettings = resolve(_with_backs(), None, {"layout": "single", "duplex": "long-edge"})
    assert settings.single and not settings.print_shop


def test_prints_on_takes_a_media() -> None:
    film = _on_film()
    assert film.prints_on(Media.TRANSPARENCY) and not film.prints_on(Media.CARDSTOCK)


@pytest.mark.parametrize("key", ["media", "duplex", "layout", "marks", "color", "set_sheets"])
def test_a_bad_choice_in_a_profile_still_gets_its_one_line(key: str) -> None:
    with pytest.raises(DeckgenError) as raised:
        resolve(_with_backs(), {key: "vinyl"}, {}, "classroom")
    message = str(raised.value)
    assert message.startswith(f"profile classroom: {key} 'vinyl': use one of ") and "\n" not in message


def test_a_bad_media_in_a_profile_file_is_named_on_load(tmp_path: Path) -> None:
    profiles = tmp_path / "profiles.toml"
    profiles.write_text('[film]\ndescription = "Film"\nmedia = "vinyl"\n', encoding="utf-8")
    with pytest.raises(DeckgenError) as raised:
        load_profiles(profiles)
    message = str(raised.value)
    assert "profile film" in message and "media = 'vinyl': use one of 'transparency', 'cardstock', 'paper'" in message
    assert "\n" not in message


def test_a_bad_engrave_typed_gets_its_one_line() -> None:
    settings = resolve(_with_backs(), None, {})
    with pytest.raises(DeckgenError, match=r"^--engrave 'deep': use one of score, fill, none$"):
        resolve_laser(None, {"engrave": "deep"}, settings)
