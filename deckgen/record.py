"""The settings of a build, written into every PDF it makes as the command that makes it again.

A teacher who prints a classroom set in May wants the same set next year. Each PDF's
Keywords field holds the ``deckgen build`` command of its build (``deckgen build --game
cleariosity --preset times-2-4 --sets 30 --paper a4``), made here from the build request,
so the command line and the web page (which runs the same command) record it the same way.
Only what the user chose is written, in the order the options are defined; a deck file is
named by its file name alone, never by the folder it was in.
"""

from __future__ import annotations

import shlex
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from deckgen.options import Option, OptionValues

#: The PDF field the command goes in (a viewer shows it under the document's properties).
FIELD = "Keywords"


def option_words(options: Iterable[Option], values: OptionValues) -> list[str]:
    """Command-line words of the options given in ``values`` (``None``: not given), in definition order."""
    words: list[str] = []
    for option in options:
        value = values.get(option.name)
        if value is None:
            continue
        if option.kind == "flag":
            if value:
                words.append(option.flag)
            elif option.negatable:
                words.append("--no-" + option.flag[2:])
            continue
        # An option given more than once holds its values as a tuple (or list, from JSON).
        given = value if option.multiple and isinstance(value, tuple | list) else (value,)
        for one in given:
            words += [option.flag, str(one)]
    return words


def build_options() -> list[Option]:
    """Every option of ``deckgen build`` made from a definition: print, laser, then the games' own."""
    from deckgen.games import game_options
    from deckgen.print_options import LASER_OPTIONS, PRINT_OPTIONS

    return [*PRINT_OPTIONS, *LASER_OPTIONS, *game_options("build")]


def _without_implied_paper(
    games: Sequence[str], options: OptionValues, profile: str | None, language: str, region: str | None
) -> OptionValues:
    """``options`` without ``paper`` where it names the paper the build takes anyway: the one the
    class's country prints on, which ``--lang`` and ``--region`` imply (A4 in Germany), when no
    profile and no game's own default could put another in its place. So ``--lang de --paper a4``
    and ``--lang de`` record one command (as the page, which leaves the usual paper out, does)."""
    from deckgen.games import games as registry
    from deckgen.regions import country_for, usual_paper

    paper = options.get("paper")
    if paper is None or profile is not None or paper != usual_paper(country_for(language, region)):
        return options
    known = registry()
    if any("paper" in known[key].print_defaults for key in games if key in known):
        return options
    return {name: value for name, value in options.items() if name != "paper"}


def build_command(words: Sequence[str]) -> str:
    """The ``deckgen build`` command with these arguments (:func:`build_words`), as one line a shell takes."""
    return shlex.join(["deckgen", "build", *words])


def build_words(
    games: Sequence[str],
    options: OptionValues,
    *,
    profile: str | None = None,
    files: Mapping[str, Path] | None = None,
    formats: Sequence[str] = ("pdf",),
    pack: bool | None = True,
    dpi: int | None = None,
    language: str = "en",
    region: str | None = None,
) -> list[str]:
    """The arguments of the ``deckgen build`` command of a build (what follows ``deckgen build``);
    ``pack=None``: no word for it, the pack as the command leaves it by default; ``region``: the
    class's country, named where it is not the language's home country."""
    from deckgen.regions import HOME_COUNTRY

    words: list[str] = []
    if language != "en":
        words += ["--lang", language]
    if region and region != HOME_COUNTRY.get(language):
        words += ["--region", region]
    for fmt in formats:
        words += ["--format", fmt]
    if dpi is not None and "png" in formats:
        words += ["--dpi", str(dpi)]
    for key in games:
        words += ["--game", key]
    if profile:
        words += ["--profile", profile]
    words += option_words(build_options(), _without_implied_paper(games, options, profile, language, region))
    if pack is False:
        words.append("--no-pack")
    elif pack and (options.get("only") or options.get("only_set")):
        words.append("--pack")  # replacement cards come without the pack unless it is asked for
    for path in (files or {}).values():
        words += ["--file", Path(path).name]
    return words
