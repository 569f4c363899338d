"""The options every command shares, made once for click: ``--lang`` (the language a command
speaks) and ``--region`` (the class's country). A game's own commands take them too, so they
live here, under the games, rather than in the command line that lists the games."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from deckgen.errors import DeckgenError
from deckgen.i18n import LANGUAGE_VARIABLE, LANGUAGES, _, language, speak
from deckgen.regions import REGION_VARIABLE, live_in, read_region


class BadValue(click.BadParameter):
    """A value deckgen refuses where it is typed, introduced in the language being spoken."""

    def format_message(self) -> str:
        if self.param is None:
            return super().format_message()
        hint = self.param_hint if self.param_hint is not None else " / ".join(repr(o) for o in self.param.opts)
        shown = hint if isinstance(hint, str) else " / ".join(repr(part) for part in hint)
        variable = getattr(self.param, "envvar", None)
        if isinstance(variable, str) and getattr(self.param, "show_envvar", False):
            # The value may have come from it (click would say so in English).
            shown += " " + _("(or the environment variable {name})").format(name=repr(variable))
        return _("Invalid value for {option}: {message}").format(option=shown, message=self.message)


class SpokenChoice(click.Choice):
    """A choice whose refusal names its environment variable in the language spoken (see :class:`BadValue`)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return super().convert(value, param, ctx)
        except click.BadParameter as error:
            raise BadValue(error.message, ctx, param) from None


#: The languages, as the options' help lists them.
SPOKEN = ", ".join(f"{key} ({name})" for key, name in LANGUAGES.items())


def language_option(help_text: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``--lang``: the language a command speaks (English where a sentence has no translation),
    from ``DECKGEN_LANG`` when not given. It is read first and spoken from then on, so the
    command's refusals of its other options and files are in it too."""

    def spoken(context: click.Context, parameter: click.Parameter, value: str | None) -> str:
        # Not given: the language :func:`main` found already, which the refusals before this spoke.
        chosen = value or language()
        speak(chosen)
        return chosen

    return click.option(
        "--lang",
        "language",
        type=SpokenChoice(list(LANGUAGES)),
        default=None,
        envvar=LANGUAGE_VARIABLE,
        show_envvar=True,
        is_eager=True,
        callback=spoken,
        help=help_text + " [default: en]",
    )


class RegionType(click.ParamType):
    """A country (``CA``), or a language and a country (``fr-CA``): the country, checked where typed."""

    name = "region"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return read_region(str(value))[1]
        except DeckgenError as error:
            raise BadValue(str(error), ctx, param) from None


def region_option(help_text: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``--region``: the class's country, from ``DECKGEN_REGION`` when not given (see
    :mod:`deckgen.regions`); a language written with it (``fr-CA``) is spoken where ``--lang`` is not given."""

    def taken(context: click.Context, parameter: click.Parameter, value: str | None) -> str | None:
        live_in(value)  # what the command reads is read as that country writes it (dates, say)
        return value

    return click.option(
        "--region",
        "region",
        type=RegionType(),
        callback=taken,
        metavar="COUNTRY",
        envvar=REGION_VARIABLE,
        show_envvar=True,
        help=help_text,
    )


#: What --region does, for the help of the commands that take it.
REGION_HELP = (
    "The class's country, as a two-letter code (DE, CA, MX) or with its language (fr-CA, es-MX; the "
    "language then goes for --lang where --lang is not given). [the language's home: en US, es ES, fr FR, de DE]"
)


def design_run_options(time_limit: int) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """``--time-limit``, ``--keep-failed`` and ``--progress-file``: how a design runs, the same
    for every game's ``design`` (``time_limit``: the default, in seconds)."""
    from pathlib import Path

    options = [
        click.option(
            "--time-limit",
            type=click.IntRange(1, 24 * 3600),
            default=time_limit,
            show_default=True,
            metavar="SECONDS",
            help="Give up after this many seconds. The deck a seed gives never depends on it: attempts are "
            "judged in order, so a slower computer can only run out of time sooner.",
        ),
        click.option(
            "--keep-failed",
            is_flag=True,
            help="Write the last deck checked even when no attempt passes (to look at it); it is never a passing deck.",
        ),
        click.option(
            "--progress-file",
            type=click.Path(dir_okay=False, path_type=Path),
            help="Keep the design's stage and progress in this JSON file as it goes, for a program that shows "
            "them (the web page does).",
        ),
    ]

    def apply(command: Callable[..., None]) -> Callable[..., None]:
        for option in reversed(options):
            command = option(command)
        return command

    return apply
