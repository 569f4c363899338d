"""The registry of games: every game deckgen makes decks for, found once, in a fixed order.

Built-in games are listed in :data:`BUILT_IN`; a game from another package registers
itself under the ``deckgen.games`` entry point, naming its :class:`~deckgen.games.base.Game`
object (``mygame = "mypackage:GAME"``). Build, the CLI, the teacher pack and the tests loop
over :func:`games`; nothing outside a game's own package names a game.

A registered game that cannot be loaded (its package is broken, or what it names is not a
Game) never stops deckgen: it is left out of :func:`games` and kept in :func:`broken_games`,
and only a command that asks for it is refused, in one line saying why (as vpype stands a
broken command in for a plug-in that fails).
"""

from __future__ import annotations

import importlib
import os
import sys
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.errors import DeckgenError
from deckgen.i18n import _

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

    from deckgen.games.base import Game
    from deckgen.options import Option

#: The packages of the games that come with deckgen, in the order they are built and listed.
BUILT_IN = (
    "deckgen.games.cleariosity",
    "deckgen.games.letters",
    "deckgen.games.treenex",
    "deckgen.games.flashcards",
)
ENTRY_POINT_GROUP = "deckgen.games"


def games() -> dict[str, Game]:
    """Every game by key: the built-in ones, then those registered by other packages that load."""
    return _registry()[0]


def broken_games() -> dict[str, str]:
    """Registered games that cannot be loaded, by name, each with the line that says why."""
    return _registry()[1]


@cache
def _registry() -> tuple[dict[str, Game], dict[str, str]]:
    from deckgen.games.base import Game

    found: dict[str, Game] = {}
    broken: dict[str, str] = {}
    for module in BUILT_IN:
        game = importlib.import_module(module).GAME
        found[game.key] = game
    for entry in _entry_points():
        where = f"the game {entry.name!r} registered by {entry.value}"
        fix = "reinstall its package, or uninstall it"
        try:
            game = entry.load()
        except Exception as error:  # a broken plug-in must not stop deckgen
            broken[entry.name] = f"{where} cannot be loaded ({type(error).__name__}: {error}); {fix}"
            continue
        if not isinstance(game, Game):
            broken[entry.name] = f"{where} is not a deckgen Game; {fix}"
        elif game.key in found:
            broken[entry.name] = f"{where} is called {game.key!r}, as another game is; uninstall one of them"
        else:
            found[game.key] = game
    return found, broken


def _entry_points() -> list[EntryPoint]:
    """Games other packages register, by name.

    ``importlib.metadata`` takes a sixth of deckgen's start-up to import, so it is used only
    when an installed package's ``entry_points.txt`` mentions the group (a quick look at
    each ``*.dist-info`` folder on the path).
    """
    if not _any_registered():
        return []
    from importlib.metadata import entry_points

    return sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda entry: entry.name)


def _any_registered() -> bool:
    marker = f"[{ENTRY_POINT_GROUP}]"
    for folder in sys.path:
        try:
            listing = os.scandir(folder or ".")
        except OSError:
            continue
        with listing:
            for entry in listing:
                if not entry.name.endswith((".dist-info", ".egg-info")):
                    continue
                try:
                    text = Path(entry.path, "entry_points.txt").read_text(encoding="utf-8", errors="replace")
                except OSError:
                    continue
                if marker in text:
                    return True
    return False


def game(key: str) -> Game:
    """The game called ``key``, or one line saying why it cannot be used (broken, or unknown)."""
    try:
        return games()[key]
    except KeyError:
        if key in broken_games():
            raise DeckgenError(broken_games()[key]) from None
        raise DeckgenError(
            _("unknown game {key}; choose one of {games}").format(key=repr(key), games=", ".join(games()))
        ) from None


def game_options(command: str) -> list[Option]:
    """Every game's own options that ``command`` takes, each once, in the order of the games."""
    found: dict[str, Option] = {}
    for g in games().values():
        for option in g.options:
            if command in option.commands:
                found.setdefault(option.name, option)
    return list(found.values())


def default_games() -> tuple[str, ...]:
    """The games built when none is chosen."""
    return tuple(key for key, g in games().items() if g.built_by_default)


def id_taken(card_id: str, own: str) -> str | None:
    """Why ``card_id`` may not be used in a deck of game ``own`` (another game makes such ids), or ``None``."""
    for key, other in games().items():
        if key != own and other.generated_ids is not None and other.generated_ids.fullmatch(card_id):
            from deckgen.i18n import _

            return _("ids like {id} name {game} cards").format(id=card_id, game=_(other.name))
    return None


def owner_of_picture(name: str, built: tuple[str, ...]) -> str | None:
    """Which built game a file name in ``png/`` belongs to (``None``: none of them wrote it)."""
    stem = name.removesuffix(".png")
    for key in built:
        if games()[key].owns_picture(stem):
            return key
    return None


@cache
def cmyk_palette() -> dict[str, tuple[float, float, float, float]]:
    """Every game's print colours: hex RGB → CMYK."""
    palette: dict[str, tuple[float, float, float, float]] = {}
    for g in games().values():
        palette.update({colour.upper(): value for colour, value in g.cmyk.items()})
    return palette


def owner_of_file(path: Path) -> str | None:
    """The game a deck file is for: a TOML deck file names it (``game = "…"``); other files go by
    their ending (``.csv``). ``None`` for a missing file or an unknown ending (the file is read
    later, with a clear message)."""
    suffix = path.suffix.lower()
    if suffix == ".toml":
        from deckgen.deckfile import read_toml

        if not path.exists():
            return None
        named = read_toml(path).get("game")  # a broken file is reported here, in one line
        if named is None:
            raise DeckgenError(
                _('{path}: no game = … line; a deck file names its game, such as game = "{first}" ({games})').format(
                    path=path, first=next(iter(games())), games=", ".join(games())
                )
            )
        if not isinstance(named, str) or named not in games():
            raise DeckgenError(
                _("{path}: game = {named}; a deck file names its game: {games}").format(
                    path=path, named=repr(named), games=", ".join(games())
                )
            )
        return named
    for key, g in games().items():
        if suffix in g.file_suffixes:
            return key
    return None
