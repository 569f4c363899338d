"""A game's option whose usual value depends on the class (the signs for times and divide) says
so itself; the build fills it in from the language and the class's country, naming no option."""

from __future__ import annotations

import copy
import inspect
import re

import deckgen.build
from deckgen.build import _game_options
from deckgen.games import game_options, games
from deckgen.options import Option
from deckgen.regions import usual_signs


def _tone(language: str, country: str) -> str:
    return f"{language}-{country}"


TONE = Option("tone", "text", "A made-up option whose usual value depends on the class.", regional_default=_tone)


def test_the_build_reads_no_game_option_by_name() -> None:
    source = inspect.getsource(deckgen.build)
    named = sorted(
        option.name
        for option in game_options("build")
        if re.search(rf"""(\.get\(|\[)["']{option.name}["']|["']{option.name}["'] (not )?in """, source)
    )
    assert named == []


def test_an_option_with_a_regional_default_takes_the_class_value_where_not_given() -> None:
    game = copy.copy(next(iter(games().values())))
    game.options = (TONE,)
    assert _game_options(game, None, {}, "de", "AT") == {"tone": "de-AT"}
    assert _game_options(game, None, {"tone": None}, "fr", "CA") == {"tone": "fr-CA"}
    assert _game_options(game, {"tone": "from the profile"}, {}, "de", "AT") == {"tone": "from the profile"}
    assert _game_options(game, {"tone": "from the profile"}, {"tone": "typed"}, "de", "AT") == {"tone": "typed"}


def test_every_game_with_signs_gets_those_of_the_class_schools() -> None:
    regional = {key: g for key, g in games().items() if any(o.regional_default for o in g.options)}
    assert regional, "a game prints signs for times and divide"
    for game in regional.values():
        names = [o.name for o in game.options if o.regional_default is not None]
        for language, country in (("de", "DE"), ("fr", "CA"), ("en", "US"), ("es", "MX")):
            options = _game_options(game, None, {}, language, country)
            assert [options[name] for name in names] == [usual_signs(language, country)] * len(names)
