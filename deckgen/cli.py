"""The ``deckgen`` command line: parses options, calls the core, prints results.

No rules and no drawing live here, and no game is named: the commands loop over the
registry of games (:mod:`deckgen.games`), their options are made from the same option
definitions that profiles are checked against (:mod:`deckgen.options`), and a game may add
commands of its own. Every user mistake ends as one line on stderr and a non-zero exit
status (1 for a failed check or bad input, 2 for a mistyped command line).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Collection
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from deckgen.cli_options import REGION_HELP, SPOKEN, BadValue, language_option, region_option
from deckgen.console import check_output, emit, lazy_progress_bar
from deckgen.errors import Code, DeckgenError, Stopped, one_line
from deckgen.games import broken_games, default_games, game_options, games, owner_of_file
from deckgen.games import game as find_game
from deckgen.i18n import LANGUAGE_VARIABLE, LANGUAGES, _, decimal_g, language, number, speaking
from deckgen.options import MEASURES, Option, OptionValues, origin, read_number, read_text
from deckgen.print_options import LASER_OPTIONS, PRINT_OPTIONS
from deckgen.regions import REGION_VARIABLE, country_for, read_region, usual_paper
from deckgen.workers import default_workers

if TYPE_CHECKING:
    from deckgen.games.base import Game

# Each command imports what it needs when it runs: `deckgen --help` and a card build start
# without the simulator, the designer, the teacher pack's typesetting or the SVG library.
GAMES = tuple(games())
#: Seed of verify's simulated games; design checks its attempts with the same games.
VERIFY_SEED = 1
#: Simulated games per tier and player count in verify.
DEFAULT_GAMES = 2000


class MeasureType(click.ParamType):
    """A length, size or offset, checked where it is typed (as vpype's CLI types do).

    The text goes on as written, so that a value typed and the same value in a profile are
    read by the same code; a mistake is caught here, before any work, naming the flag.
    """

    def __init__(self, option: Option) -> None:
        self.option = option
        self.name = option.kind

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            read_text(self.option, str(value))
        except DeckgenError as error:
            raise BadValue(str(error), ctx, param) from None
        return value


class WholeNumber(click.IntRange):
    """A whole number in a range, read as the page reads it (:func:`~deckgen.options.read_number`:
    the digits 0-9 only), where click's own would take ``２``, ``٢`` or ``2_0``. A number out of
    its range is refused in click's words, as for every other number option."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, int):
            return super().convert(value, param, ctx)
        assert self.min is not None and self.max is not None
        try:
            return read_number(str(value), int(self.min), int(self.max))
        except DeckgenError as error:
            digits = str(value).strip()
            if digits.isascii() and digits.isdigit():
                return super().convert(digits, param, ctx)  # type: ignore[arg-type]  # out of range: click says so
            raise BadValue(str(error), ctx, param) from None


def click_option(option: Option) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """The click option made from one option definition (``None`` when not given)."""
    flag = option.flag
    if option.kind == "flag":
        if option.negatable:
            return click.option(f"{flag}/--no-{flag[2:]}", option.name, default=None, help=option.help)
        return click.option(flag, option.name, is_flag=True, default=None, help=option.help)
    kind: Any = None
    if option.kind == "choice":
        kind = click.Choice(option.choices)
    elif option.kind == "number":
        kind = WholeNumber(option.low, option.high)
    elif option.kind in MEASURES:
        kind = MeasureType(option)
    if option.multiple:
        return click.option(
            flag,
            option.name,
            type=kind,
            metavar=option.metavar,
            multiple=True,
            help=option.help,
            callback=lambda _context, _parameter, value: tuple(value) or None,
        )
    return click.option(flag, option.name, type=kind, metavar=option.metavar, default=None, help=option.help)


def with_options(options: list[Option]) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Add click options made from these definitions, in this order in ``--help``."""

    def decorate(command: Callable[..., None]) -> Callable[..., None]:
        for option in reversed(options):
            command = click_option(option)(command)
        return command

    return decorate


def split_game_options(chosen: tuple[str, ...], given: OptionValues) -> dict[str, dict[str, object]]:
    """The games' own options the user gave, per chosen game; one that no chosen game takes is an error."""
    per_game: dict[str, dict[str, object]] = {key: {} for key in chosen}
    for name, value in given.items():
        if value is None or value is False:
            continue
        owners = [key for key, game in games().items() if any(o.name == name for o in game.options)]
        takers = [key for key in owners if key in chosen]
        if not takers:
            names = [_(find_game(key).name) for key in owners]
            if len(names) == 1:
                applies = _("{option} applies to {game} only; choose that game with --game {key}")
            else:
                applies = _("{option} applies to {game} or {other} only; choose that game with --game {key}")
            game = " or ".join(names[:-1]) if len(names) > 1 else names[0]
            raise DeckgenError(
                applies.format(option=origin(name), game=game, other=names[-1], key=owners[0]),
                code=Code.OPTION_NOT_HERE,
                option=name,
            )
        for key in takers:
            per_game[key][name] = value
    return per_game


#: Spreadsheets saved in a form deckgen does not read (old Excel, OpenDocument, Numbers, tab-separated):
#: the teacher is told to save them as .csv or .xlsx rather than to name a game.
OTHER_SPREADSHEETS = (".xls", ".xlsm", ".ods", ".numbers", ".tsv")


def chosen_game(game: str | None, file: Path | None) -> Game:
    """The game a one-deck command works on: the one named, else the deck file's, else the first."""
    owner = owner_of_file(file) if file is not None else None
    if game is not None and owner is not None and owner != game:
        raise DeckgenError(wrong_file(file, owner, game))
    return find_game(game or owner or default_games()[0])


def wrong_file(file: Path | None, owner: str, game: str) -> str:
    return _("--file {file} is a deck for {owner}, not {game}; use --game {key}").format(
        file=file, owner=_(find_game(owner).name), game=_(find_game(game).name), key=owner
    )


game_option = click.option(
    "--game",
    "--deck",
    "game",
    # A broken plug-in's game is a choice too, so that asking for it says what is wrong with it.
    type=click.Choice([*GAMES, *broken_games()]),
    help=f"Which game's deck: {', '.join(GAMES)}. [the deck file's game, else {GAMES[0]}]",
)
file_option = click.option(
    "--file",
    "file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Deck file to read instead of the game's shipped one.",
)


class Commands(click.Group):
    """The built-in commands, and those games bring (a deck designer, say), loaded when used.

    A game's commands live in its ``commands_module``; it is imported only when one of its
    commands runs or ``--help`` lists them, so a build starts without it.
    """

    def game_commands(self) -> dict[str, dict[str, str]]:
        """The games' own commands: each name with the games that bring it and their modules
        (several games may bring a command of one name, such as ``design``)."""
        found: dict[str, dict[str, str]] = {}
        for key, g in games().items():
            if g.commands_module:
                for name in g.commands:
                    found.setdefault(name, {})[key] = g.commands_module
        return found

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *self.game_commands()])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        brought = self.game_commands().get(cmd_name)
        if brought is None:
            return super().get_command(ctx, cmd_name)
        if len(brought) == 1:
            return game_command(next(iter(brought.values())), cmd_name)
        return GameCommand(cmd_name, brought)


def game_command(module: str, name: str) -> click.Command:
    """A game's own command ``name`` from its commands module (imported only now)."""
    import importlib

    command: click.Command = getattr(importlib.import_module(module), name)
    return command


GAME_FLAGS = ("--game", "--deck")


class GameCommand(click.Command):
    """A command that several games bring (``design``): ``--game KEY`` picks whose runs, the first
    game's without it, and every other argument goes to that game's command, its help too."""

    def __init__(self, name: str, brought: dict[str, str]) -> None:
        super().__init__(
            name,
            add_help_option=False,
            context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
        )
        self.brought = brought

    def get_short_help_str(self, limit: int = 45) -> str:
        key = next(iter(self.brought))
        return game_command(self.brought[key], self.name or "").get_short_help_str(limit)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        key, rest = None, []
        items = iter(args)
        for item in items:
            flag, _equals, value = item.partition("=")
            if flag in GAME_FLAGS:
                key = value if value else next(items, "")
                continue
            rest.append(item)
        if key is not None and key not in self.brought:
            raise click.UsageError(
                _("--game {game}: {command} is a command of {games}; choose one of them").format(
                    game=key or '""', command=self.name, games=", ".join(self.brought)
                ),
                ctx,
            )
        ctx.meta["deckgen.game"] = key
        ctx.args = rest
        return rest

    def invoke(self, ctx: click.Context) -> object:
        chosen = ctx.meta["deckgen.game"]
        key = chosen or next(iter(self.brought))
        command = game_command(self.brought[key], self.name or "")
        if chosen is None and any(item in ("-h", "--help") for item in ctx.args):
            others = [other for other in self.brought if other != key]
            with command.make_context(ctx.info_name, [], parent=ctx.parent, resilient_parsing=True) as shown:
                click.echo(command.get_help(shown))
            for other in others:
                click.echo(
                    "\n"
                    + _("For {game}: deckgen {command} --game {key} --help").format(
                        game=_(games()[other].name), command=self.name, key=other
                    )
                )
            ctx.exit()
        with command.make_context(ctx.info_name, list(ctx.args), parent=ctx.parent) as sub:
            return command.invoke(sub)


@click.group(cls=Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="deckgen-classroom")
def cli() -> None:
    """Design, verify, export and print card decks for classroom games."""


@cli.command()
@game_option
@file_option
@click.option(
    "--games",
    type=click.IntRange(0, 100_000),
    default=DEFAULT_GAMES,
    show_default=True,
    help="Simulated games per tier and player count (0 skips play), for games that simulate play.",
)
@click.option(
    "--seed", type=click.IntRange(0), default=VERIFY_SEED, show_default=True, help="Seed for the simulated games."
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON instead of a table.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the report to this file.")
@language_option("Language of the report's text (the JSON's keys stay as they are): " + SPOKEN + ".")
@with_options(game_options("verify"))
def verify(
    game: str | None,
    file: Path | None,
    games: int,
    seed: int,
    as_json: bool,
    out: Path | None,
    language: str,
    **options: Any,
) -> None:
    """Check a deck against its game's criteria; exit status 1 if any fails (see below)."""
    import json

    from deckgen.games.base import VerifyRequest

    check_output(out, [file, *_named_files(options)])
    chosen = chosen_game(game, file)
    own = split_game_options((chosen.key,), options)[chosen.key]
    deck = chosen.load(file, own)
    say_notes(chosen.notes(deck))
    source = str(chosen.deck_source(file, own))
    with lazy_progress_bar(_("Simulating games"), enabled=sys.stderr.isatty()) as update:
        request = VerifyRequest(games, seed, workers=default_workers(), progress=update, options=own)
        verdict = chosen.verify(deck, source, request)
    emit(json.dumps(verdict.data, indent=2) + "\n" if as_json else verdict.text, out)
    if verdict.failure:
        # The report went to --out, not to the screen: say where it is.
        failure = verdict.failure
        if out and verdict.failure_at is not None:
            failure = verdict.failure_at(_("the report in {file}").format(file=out))
        raise DeckgenError(failure, code=Code.CHECK_FAILED)


@cli.command()
@click.option(
    "--paper",
    default=None,
    help="Paper of the sheet: letter, a4, legal, tabloid, a3 or WxH with a unit (the paper the cards go on). "
    "[the paper of the --region's schools: letter in the US, Canada and Mexico, a4 in most other countries]",
)
@click.option(
    "--duplex",
    type=click.Choice(["long-edge", "short-edge"]),
    default="long-edge",
    show_default=True,
    help="The edge the sheet is flipped on when printing two-sided (as for the cards).",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("output/calibration.pdf"),
    show_default=True,
    help="Where to write the sheet.",
)
@language_option("Language of the sheet's words and of what calibrate says: " + SPOKEN + ".")
@region_option(REGION_HELP + " It sets the paper where --paper is not given.")
def calibrate(paper: str | None, duplex: str, out: Path, language: str, region: str | None) -> None:
    """Write a calibration sheet: check the print scale, and measure how far backs land from their fronts.

    Print it two-sided at actual size, hold it up to a window, read X and Y off the scales,
    then build with --back-offset Xmm,Ymm. Example: deckgen calibrate --paper a4.
    """
    from deckgen.fileio import write_atomic
    from deckgen.layout.calibration import MIN_PAPER, CalibrationSheet, fits_calibration
    from deckgen.print_choices import Duplex
    from deckgen.render.calibration_pdf import calibration_pdf
    from deckgen.units import PAPER_SIZES, parse_size

    paper = paper or usual_paper(country_for(language, region))
    width, height = parse_size(paper, PAPER_SIZES, _("paper"))
    if not fits_calibration((width, height)):
        raise DeckgenError(
            _("{what} {paper}: the sheet needs upright paper at least {width} x {height} mm; use letter or a4").format(
                what=_("paper"), paper=repr(paper), width=decimal_g(MIN_PAPER[0]), height=decimal_g(MIN_PAPER[1])
            )
        )
    made = [folder for folder in out.parents if not folder.exists()]  # innermost first
    if made:
        try:
            out.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise DeckgenError(
                _("--out {out}: cannot create {folder} ({reason}); choose another").format(
                    out=out, folder=out.parent, reason=error.strerror
                )
            ) from None
    try:
        write_atomic(out, calibration_pdf(CalibrationSheet(width, height, Duplex(duplex))))
    except BaseException:
        for folder in made:  # leave nothing that was not there before
            try:
                folder.rmdir()
            except OSError:
                break
        raise
    click.echo(_("wrote {file}").format(file=out), err=True)


@cli.command()
@game_option
@file_option
@click.option(
    "--format", "fmt", type=click.Choice(["json", "csv"]), default="json", show_default=True, help="Export format."
)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="File to write (default: print it).")
@with_options(game_options("export"))
@language_option(
    "Language of what export says (the data it writes is the same in every language, but for a game whose "
    "deck follows the language, such as a word game read without --file): " + SPOKEN + "."
)
def export(game: str | None, file: Path | None, fmt: str, out: Path | None, language: str, **options: Any) -> None:
    """Write a deck's cards as JSON or CSV for other programs."""
    check_output(out, [file, *_named_files(options)])
    chosen = chosen_game(game, file)
    if fmt not in chosen.export_formats:
        raise DeckgenError(
            _("--format {format}: {game} decks export as {formats}").format(
                format=fmt, game=_(chosen.name), formats=" or ".join(chosen.export_formats)
            )
        )
    deck = chosen.load(file, split_game_options((chosen.key,), options)[chosen.key])
    emit(chosen.export(deck, fmt), out)


@cli.command()
@click.option(
    "--format",
    "formats",
    type=click.Choice(["pdf", "svg", "png", "all"]),
    multiple=True,
    default=("pdf",),
    show_default=True,
    help="pdf (print), svg (laser), png (previews) or all; repeat to combine.",
)
@click.option(
    "--dpi", type=click.IntRange(72, 1200), default=300, show_default=True, help="PNG: resolution of the card images."
)
@click.option(
    "--game",
    "--deck",
    "game",
    type=click.Choice([*GAMES, *broken_games(), "all"]),
    multiple=True,
    help=f"Which game's deck to build: {', '.join(GAMES)}, or all; repeat to build several. "
    f"[{', '.join(default_games())}, or the profile's game]",
)
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for the files.",
)
@click.option("--profile", help="Named print profile from templates/profiles.toml; options below override it.")
@with_options(list(PRINT_OPTIONS))
@click.option("--pack/--no-pack", default=True, show_default=True, help="Also write the teacher pack (PDF).")
@language_option(
    "Language of the teacher pack and of what build says: "
    + SPOKEN
    + ". With --region, it also sets the signs for times and divide that schools there write (de: · and :; "
    "es, fr: × and :; fr-CA, es-MX: × and ÷), unless --signs is given."
)
@region_option(REGION_HELP + " It sets the paper where --paper is not given (letter or a4), and the signs.")
@with_options(list(LASER_OPTIONS))
@file_option
@with_options(game_options("build"))
def build(
    formats: tuple[str, ...],
    dpi: int,
    game: tuple[str, ...],
    out: Path,
    profile: str | None,
    file: Path | None,
    pack: bool,
    language: str,
    region: str | None,
    **options: Any,
) -> None:
    """Write print-ready PDFs, laser-cut SVGs or PNG previews of the decks, and the teacher pack (see below)."""
    from click.core import ParameterSource

    from deckgen.build import BuildRequest, laser_notes, prepare, run
    from deckgen.option_use import refuse_idle_options
    from deckgen.profiles import profile as printing_profile

    if profile is not None and not profile.strip():
        raise DeckgenError(_("--profile is empty; name a profile from templates/profiles.toml, or leave it out"))
    chosen_profile = printing_profile(profile) if profile else {}
    named = game or ((str(chosen_profile["deck"]),) if "deck" in chosen_profile else ())
    chosen = games_to_build(named, file, {name for name, value in options.items() if value not in (None, False)})
    names = {option.name for option in game_options("build")}
    split_game_options(chosen, {k: v for k, v in options.items() if k in names})  # one that fits no game is refused
    files: dict[str, Path] = {}
    if file is not None:
        told = owner_of_file(file)
        if len(chosen) == 1 and told is not None and told != chosen[0]:
            raise DeckgenError(wrong_file(file, told, chosen[0]))
        owner = chosen[0] if len(chosen) == 1 else told
        if owner is None and not file.exists():
            raise DeckgenError(_("{path}: no such file; check the path").format(path=file))
        if owner is None and file.suffix.lower() in OTHER_SPREADSHEETS:
            raise DeckgenError(
                _("{path}: flash cards are read from a .csv or .xlsx file; save the spreadsheet as one").format(
                    path=file
                )
            )
        if owner is None or owner not in chosen:
            raise DeckgenError(
                _("--file {file}: say which game it is for, e.g. --game {key}").format(file=file, key=chosen[0])
            )
        files[owner] = file
    made = ("pdf", "svg", "png") if "all" in formats else tuple(dict.fromkeys(formats))
    # --dpi and --pack, when typed, must shape something this build makes.
    context = click.get_current_context()
    typed = {
        name: value
        for name, value in (("dpi", dpi), ("pack", pack or None))
        if context.get_parameter_source(name) is ParameterSource.COMMANDLINE
    }
    refuse_idle_options(typed, [], made)
    # Replacement cards come without the teacher pack, unless it is asked for.
    if (options.get("only") or options.get("only_set")) and "pack" not in typed:
        pack = False
    request = BuildRequest(
        games=chosen,
        out=out,
        profile=profile,
        options=options,
        files=files,
        pack=pack,
        formats=made,
        dpi=dpi,
        language=language,
        region=region,
    )
    job = prepare(request)
    say_notes([note for deck in job.decks.values() for note in deck.game.notes(deck.deck)] + laser_notes(job))
    # The bar appears with the first finished piece, on a terminal only: an error before that
    # (a busy --out, say) stays one line, and a log gets no bar.
    with lazy_progress_bar(_("Building"), enabled=sys.stderr.isatty()) as update:
        done = 0

        def advance(pieces: int) -> None:
            nonlocal done
            done += pieces
            update(done, job.pages)

        written = run(job, progress=advance)
    for path in written:
        size = number(round(path.stat().st_size / 1024))
        click.echo(_("wrote {path} ({size} KB)").format(path=path, size=size))


@cli.command()
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to listen on. Only this computer can reach 127.0.0.1; another address lets other "
    "computers on the network open the page too.",
)
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port to listen on. [a free one]")
@click.option("--browser/--no-browser", default=True, show_default=True, help="Open the page in the web browser.")
@language_option(
    "Language of what serve says here, and of the page for a browser that asks for none of "
    + SPOKEN
    + " (the page follows the browser's language, and has a chooser)."
)
@region_option(
    "The country of the page's classes (its paper and signs) for a browser that names none for its "
    "language (a browser asking for fr-CA gets Canada's; the page has a chooser). [the language's home]"
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    help="Web worker processes answering the page (for a school's server; more than 1 needs --queue).",
)
@click.option(
    "--queue",
    "queue_url",
    envvar="DECKGEN_QUEUE",
    metavar="redis://HOST:PORT/DB",
    help="Redis that keeps uploads, jobs and results for every web worker, with the jobs run by "
    "'deckgen worker' processes (env DECKGEN_QUEUE). [none: all in this process, nothing to install]",
)
@click.option(
    "--allowed-host",
    "allowed_hosts",
    multiple=True,
    envvar="DECKGEN_ALLOWED_HOSTS",
    metavar="NAME",
    help="Another name browsers use for the server, e.g. the reverse proxy's deckgen.school.example "
    "(repeatable; env DECKGEN_ALLOWED_HOSTS, comma-separated).",
)
@click.option(
    "--token",
    envvar="DECKGEN_TOKEN",
    help="Access token: visitors open the page once as http://HOST/?token=TOKEN, scripts send "
    "'Authorization: Bearer TOKEN' (env DECKGEN_TOKEN). [none: anyone who reaches the page]",
)
@click.option(
    "--jobs-per-client",
    type=click.IntRange(0, 100),
    default=None,
    envvar="DECKGEN_JOBS_PER_CLIENT",
    help="Builds, checks and designs one browser (one address) may have under way at once; 0: no limit. "
    "[2 with --queue, else no limit]",
)
@click.option(
    "--access-log/--no-access-log",
    default=None,
    help="Print a line for every request. [on when --host is not this computer only]",
)
@click.option(
    "--forwarded-allow-ips",
    metavar="ADDRESSES",
    help="Reverse proxies whose X-Forwarded-For is believed (comma-separated). [127.0.0.1]",
)
def serve(
    host: str,
    port: int,
    browser: bool,
    language: str,
    region: str | None,
    workers: int,
    queue_url: str | None,
    allowed_hosts: tuple[str, ...],
    token: str | None,
    jobs_per_client: int | None,
    access_log: bool | None,
    forwarded_allow_ips: str | None,
) -> None:
    """Open a web page to choose, preview, check and download a classroom set (no terminal needed after this).

    Example: deckgen serve. The page runs on this computer only; press Ctrl-C to stop it.

    For a school: deckgen serve --host 0.0.0.0 --workers 4 --queue redis://127.0.0.1:6379/0,
    with 'deckgen worker --queue redis://127.0.0.1:6379/0' running the jobs.
    """
    from deckgen.serve.app import ServeConfig
    from deckgen.serve.runserver import serve as run_server

    loopback = host in ("127.0.0.1", "localhost", "::1")
    if workers > 1 and not queue_url:
        raise DeckgenError(
            _(
                "--workers {count}: several web workers share their uploads and jobs through Redis; add "
                "--queue redis://HOST:PORT/DB, or leave --workers out"
            ).format(count=workers)
        )
    if queue_url:
        from deckgen.serve.store_redis import check_address

        check_address(queue_url)  # one line, the password never shown, before anything starts
    if not loopback:
        click.echo(
            _(
                "deckgen serve: warning: --host {host} lets other computers on the network open the page and "
                "make files with it"
            ).format(host=host),
            err=True,
        )
    if token:
        from deckgen.serve.app import check_token

        check_token(token)
    names = tuple(part.strip() for given in allowed_hosts for part in given.split(",") if part.strip())
    limit = jobs_per_client if jobs_per_client is not None else (2 if queue_url else 0)
    config = ServeConfig(host, port, language, region, queue_url or None, names, token or None, limit)
    try:
        run_server(
            config,
            browser,
            lambda line: click.echo(line, err=True),
            workers,
            access_log if access_log is not None else not loopback,
            forwarded_allow_ips,
        )
    except OSError as error:
        raise DeckgenError(
            _(
                "--host {host} --port {port}: cannot listen there ({reason}); check the address, or choose "
                "another port (leave --port out for a free one)"
            ).format(host=host, port=port, reason=error.strerror)
        ) from None


class LanesType(click.ParamType):
    """``builds``, ``designs`` or both, comma-separated, in the order they are served."""

    name = "lanes"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        from deckgen.serve.worker import read_lanes

        if isinstance(value, tuple):
            return value
        try:
            return read_lanes(str(value))
        except DeckgenError as error:
            raise BadValue(str(error), ctx, param) from None


@cli.command()
@click.option(
    "--queue",
    "queue",
    metavar="redis://HOST:PORT/DB",
    envvar="DECKGEN_QUEUE",
    show_envvar=True,
    help="The Redis the page's web workers put their jobs on (the same --queue as deckgen serve's); "
    "redis://:PASSWORD@HOST:PORT/DB with a password, rediss:// with TLS. [required]",
)
@click.option(
    "--jobs",
    type=WholeNumber(1, 64),
    default=1,
    show_default=True,
    help="Job worker processes on this computer, each running one build or design at a time (a design takes "
    "a core for up to a minute): about one per core.",
)
@click.option(
    "--lanes",
    type=LanesType(),
    default=None,
    metavar="builds,designs",
    help="Which jobs the job workers take, in the order they take them: builds (with checks and calibration "
    "sheets), designs, or both. [builds,designs; with --jobs 2 or more, the first job worker builds only, so "
    "that designs never hold up every build]",
)
@language_option("Language of what worker says here (each job speaks its own page's language): " + SPOKEN + ".")
def worker(queue: str | None, jobs: int, lanes: tuple[str, ...] | None, language: str) -> None:
    """Run the builds and designs of a school's deckgen server (deckgen serve --queue) on this computer.

    Start it on as many computers as needed, each reaching the same Redis; it runs until Ctrl-C
    or SIGTERM, which ends its jobs as cancelled, and waits for Redis when Redis is away.

    Example: deckgen worker --queue redis://10.0.0.5:6379/0 --jobs 4
    """
    from deckgen.serve.store_redis import BadAddress
    from deckgen.serve.worker import supervise

    if not queue:  # said here, not by click, whose sentence names the variable in English words
        raise click.UsageError(
            _(
                "--queue is missing: name the Redis the page's web workers put their jobs on, for example "
                "--queue redis://127.0.0.1:6379/0 (or in the environment variable DECKGEN_QUEUE)"
            ),
            click.get_current_context(),
        )
    try:
        supervise(queue, jobs, lanes, language, lambda line: click.echo(line, err=True))
    except BadAddress as error:
        raise DeckgenError(f"--queue {error}") from None


def games_to_build(named: tuple[str, ...], file: Path | None, typed: Collection[str] = ()) -> tuple[str, ...]:
    """The games named (``all``: every game; each once, in the order given); with none named, the
    deck file's game alone (a Treenex deck file given alone builds that deck, and not the shipped
    Cleariosity deck beside it; a spreadsheet, the game that reads spreadsheets), or the games
    whose deck a ``typed`` option chooses (a preset given alone builds its game's deck, and no
    other game's besides), or else the usual ones."""
    if "all" in named:
        return GAMES
    if named:
        return tuple(dict.fromkeys(named))
    picked = tuple(key for key, game in games().items() if any(o.picks_game and o.name in typed for o in game.options))
    if picked:
        return picked
    owner = owner_of_file(file) if file is not None else None
    return (owner,) if owner is not None else default_games()


def describe_games() -> None:
    """The parts of ``--help`` that list the games and what each does, from the registry."""
    listed = "\n".join(f"  {key:<12} {g.name}: {g.summary}" for key, g in games().items())
    cli.help = (cli.help or "") + "\n\n\b\nGames (--game):\n" + listed
    checks = "\n\n".join(f"{g.name}: {g.checks}." for g in games().values() if g.checks)
    verify.help = (verify.help or "") + "\n\n" + checks
    made = ", ".join(f"output/{g.stem}.pdf ({g.printed_on or 'paper'})" for g in games().values() if g.built_by_default)
    build.help = (build.help or "") + (
        f"\n\nWith no options: {made}, and output/teacher-pack.pdf (rules, score sheet, answer keys, "
        "packing list, printing guide). With --format svg: one SVG per laser-bed sheet in output/svg/, "
        "and index.json. With --format png: one PNG per card in output/png/ and a contact sheet per deck. "
        "With --only or --only-set: files named for the cards they reprint (output/cleariosity-numbers-"
        "replacements-G05-Y11.pdf), never over the class set's."
    )


describe_games()


#: Plain ASCII for the characters deckgen prints, where a stream cannot encode them.
_ASCII = {"−": "-", "×": "x", "÷": "/", "≤": "<=", "≥": ">=", "…": "...", "–": "-", "—": "-", "²": "2", "→": "->"}


def _plainly(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start : error.end]
    return "".join(_ASCII.get(ch, "?") for ch in bad), error.end


def _degrade_to_ascii() -> None:
    """Let output to a stream that cannot encode "−" or "×" (a Windows console, a cp1252
    redirect) fall back to ASCII instead of failing."""
    import codecs

    codecs.register_error("deckgen-ascii", _plainly)
    for stream in (sys.stdout, sys.stderr):
        if stream is None or not hasattr(stream, "reconfigure"):
            continue
        try:
            "−×÷…".encode(stream.encoding or "ascii")
        except (UnicodeEncodeError, LookupError):
            stream.reconfigure(errors="deckgen-ascii")


def say_notes(notes: list[str]) -> None:
    """Tell the user, on stderr, what a deck's reading left out or chose (one line each)."""
    for note in notes:
        click.echo(f"deckgen: note: {note}", err=True)


def _named_files(options: OptionValues) -> list[Path]:
    """The files a command's game options name (a spec file, a sheet): none may be its --out."""
    return [Path(v) for v in options.values() if isinstance(v, str | Path) and str(v) and Path(v).is_file()]


def main(argv: list[str] | None = None, outcome: Path | None = None) -> int:
    """Run the CLI; turn every expected error into one line on stderr and an exit status.
    ``outcome``: a file to write how it ended to, as JSON (see :func:`_run`)."""
    from deckgen.click_words import speak_for_click

    _degrade_to_ascii()
    speak_for_click()
    words = list(sys.argv[1:] if argv is None else argv)
    # The language is known before click reads the command, so that a command or an option it
    # does not know, or a value it refuses, is said in it too; --lang speaks it again where it
    # is read, and in the line that says why the command stopped.
    with speaking(asked_language(words)):
        return _run(words, outcome)


def asked_language(words: list[str]) -> str:
    """The language a command line asks for (read before click parses the line, which may refuse
    it before ``--lang``): its ``--lang``, else the language of its ``--region`` (``fr-CA``), else
    ``DECKGEN_LANG``, else the language of ``DECKGEN_REGION``, else the one being spoken."""
    told = [
        _typed(words, "--lang"),
        _region_language(_typed(words, "--region")),
        os.environ.get(LANGUAGE_VARIABLE),
        _region_language(os.environ.get(REGION_VARIABLE)),
    ]
    return next((value for value in told if value in LANGUAGES), language())


def _typed(words: list[str], flag: str) -> str | None:
    """The value given to ``flag`` on a command line (``--flag VALUE`` or ``--flag=VALUE``)."""
    for index, word in enumerate(words):
        if word == "--":
            break
        if word.startswith(flag + "="):
            return word.removeprefix(flag + "=")
        if word == flag and index + 1 < len(words):
            return words[index + 1]
    return None


def _region_language(region: str | None) -> str | None:
    """The language a region names (``fr`` of ``fr-CA``), if any."""
    try:
        return read_region(region)[0] if region else None
    except DeckgenError:
        return None  # refused where --region is read


def _command_of(error: click.UsageError, words: list[str]) -> str:
    """The command a refused command line is for, as its ``--help`` hint names it: the one
    being read (click's parser does not always say), else the first word that names one."""
    if error.ctx is not None:
        return error.ctx.command_path if " " in error.ctx.command_path else "deckgen"
    known = {*cli.commands, *cli.game_commands()}
    named = next((word for word in words if not word.startswith("-")), None)
    return f"deckgen {named}" if named in known else "deckgen"


#: How click (8.2 and later) answers a bare ``deckgen``: a refusal whose message is the help.
NO_ARGS_IS_HELP: type[click.UsageError] = getattr(
    click.exceptions, "NoArgsIsHelpError", type("Never", (click.UsageError,), {})
)


def _run(argv: list[str], outcome: Path | None = None) -> int:
    """The command, each expected error one line on stderr; its exit status. ``outcome``: a
    file to write how it ended to, as JSON (:class:`~deckgen.outcome.Outcome`), for the
    process that ran it."""
    from deckgen.outcome import Outcome

    status, said, error = _run_and_say(argv)
    if outcome is not None:
        Outcome.of(status, said, error).write(outcome)
    return status


def _run_and_say(argv: list[str]) -> tuple[int, str, DeckgenError | None]:
    """The command, each expected error one line on stderr: its exit status, that line (after
    ``deckgen: error:``, or ``deckgen:`` for a stop), and the error when it was a refusal."""
    try:
        cli.main(args=argv, prog_name="deckgen", standalone_mode=False)
    except DeckgenError as error:
        line = one_line(str(error))
        click.echo(f"deckgen: error: {line}", err=True)
        return 1, line, error
    except NO_ARGS_IS_HELP as error:  # `deckgen` alone: what it can do, not an error line
        click.echo(error.ctx.get_help() if error.ctx is not None else "", err=True)
        return error.exit_code, "", None
    except click.UsageError as error:
        hint = _("(see '{command} --help')").format(command=_command_of(error, argv))
        line = f"{one_line(error.format_message())} {hint}"
        click.echo(f"deckgen: error: {line}", err=True)
        return 2, line, _usage_error(error, line)
    except click.ClickException as error:
        line = one_line(error.format_message())
        click.echo(f"deckgen: error: {line}", err=True)
        return error.exit_code, line, None
    except (click.Abort, KeyboardInterrupt):
        click.echo("deckgen: stopped (interrupted)", err=True)
        return 130, "stopped (interrupted)", None
    except Stopped as stopped:
        click.echo(f"deckgen: stopped ({stopped.reason})", err=True)
        return 128 + stopped.signum, f"stopped ({stopped.reason})", None
    except OSError as error:
        # Output that cannot be written (standard output on a full disk, a closed pipe).
        where = f" {error.filename}" if error.filename else " to standard output"
        line = f"cannot write{where} ({error.strerror or error})"
        _say_on_stderr(f"deckgen: error: {line}")
        return 1, line, None
    return 0, "", None


def _usage_error(error: click.UsageError, line: str) -> DeckgenError:
    """A command line click refused, as data: a value refused where it was typed names its option."""
    if isinstance(error, click.BadParameter) and error.param is not None and error.param.name:
        return DeckgenError(line, code=Code.BAD_VALUE, option=error.param.name)
    return DeckgenError(line)


def _say_on_stderr(line: str) -> None:
    try:
        print(line, file=sys.stderr)
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
