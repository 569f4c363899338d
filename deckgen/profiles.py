"""Named print profiles (``templates/profiles.toml``): each checked on load against every key a
profile may hold — the print and laser options, and each game's own. It lists the games, so it
sits above them; the print settings it feeds (:mod:`deckgen.printing`) know no game."""

from __future__ import annotations

from pathlib import Path

from deckgen.deckfile import TEMPLATES, read_toml
from deckgen.errors import DeckgenError
from deckgen.games import games
from deckgen.i18n import N_, _
from deckgen.options import Option, OptionValues, by_name, check_value
from deckgen.print_options import LASER_OPTIONS, PRINT_OPTIONS

PROFILES_FILE = TEMPLATES / "profiles.toml"


def profile_options() -> dict[str, Option]:
    """Every key a profile may hold: print and laser options, the games' own, and which game."""
    options = [
        Option("description", "text", "What the profile is for."),
        Option("deck", "choice", "The game the profile prints.", choices=tuple(games())),
        *PRINT_OPTIONS,
        *LASER_OPTIONS,
    ]
    options += [option for game in games().values() for option in game.options if option.in_profiles]
    return by_name(options)


def load_profiles(path: Path = PROFILES_FILE) -> dict[str, OptionValues]:
    """Print profiles, each checked on load: known keys, and values of the right type."""
    data = read_toml(path, N_("print profile file"))
    for name, profile in data.items():
        if not isinstance(profile, dict):
            raise DeckgenError(_("{path}: {name} must be a [section] of options").format(path=path, name=name))
        known = profile_options()
        unknown = sorted(set(profile) - set(known))
        if unknown:
            allowed = ", ".join(sorted(known))
            raise DeckgenError(
                _("{path}: profile {name}: unknown key {key}; allowed keys are {allowed}").format(
                    path=path, name=name, key=repr(unknown[0]), allowed=allowed
                )
            )
        for key, value in profile.items():
            check_value(known[key], value, _("{path}: profile {name}").format(path=path, name=name))
    return data


def profile(name: str, path: Path = PROFILES_FILE) -> OptionValues:
    profiles = load_profiles(path)
    if name not in profiles:
        raise DeckgenError(
            _("unknown profile {name}; choose one of {profiles} (see templates/profiles.toml)").format(
                name=repr(name), profiles=", ".join(profiles)
            )
        )
    return profiles[name]
