"""Commands only Cleariosity Numbers has: ``design`` (search for a new deck) and ``show`` (stack cards).

The CLI adds them (see :data:`COMMANDS`); like every command, they parse options and call
the core, importing the solver and the designer only when they run.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

import click

from deckgen.cli_options import REGION_HELP, SPOKEN, design_run_options, language_option, region_option
from deckgen.console import emit, labelled_progress_bars
from deckgen.design_progress import StageFile, check_progress_file
from deckgen.errors import Code, DeckgenError
from deckgen.games.cleariosity.core.messages import SEARCH_ADVICE
from deckgen.games.cleariosity.core.model import tier_named
from deckgen.games.cleariosity.core.standard import DEFAULT_GAMES
from deckgen.games.cleariosity.design.settings import TIME_LIMIT, DesignSettings
from deckgen.i18n import _, ngettext
from deckgen.maths_signs import CHOICES as SIGN_CHOICES
from deckgen.maths_signs import signs_from
from deckgen.regions import country_for, usual_signs
from deckgen.workers import default_workers

if TYPE_CHECKING:
    from deckgen.games.cleariosity.analysis.tier_report import DeckReport
    from deckgen.games.cleariosity.core.model import Card, Deck
    from deckgen.games.cleariosity.design.search import DesignGoal, DesignResult

#: The seeds of the games design checks its candidate decks with: strings, which no
#: ``deckgen verify --seed`` (a whole number) ever plays, so that the verdict a teacher reads is
#: never the draw design selected on. A deck is accepted when the full verdict (confirmation
#: runs included, each confirmed figure 1.5 times as far from its line as verify asks) passes with
#: each of them.
CHECK_SEEDS = ("design-check-1", "design-check-2")


@click.command()
@click.option(
    "--seed", type=click.IntRange(0), required=True, help="Seed of the search; the same seed gives the same deck."
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Deck file to write (default: print it).",
)
@click.option(
    "--iterations",
    type=click.IntRange(1, 1_000_000),
    default=DesignSettings.iterations,
    show_default=True,
    help="Search steps of each attempt.",
)
@click.option(
    "--attempts",
    type=click.IntRange(0, 10_000),
    default=DesignSettings.attempts,
    show_default=True,
    help="Most attempts (each from a seed derived from --seed) to make until a deck passes every "
    "criterion; 0: as many as --time-limit allows.",
)
@design_run_options(TIME_LIMIT)
@click.option(
    "--games",
    type=click.IntRange(0, 100_000),
    default=DEFAULT_GAMES,
    show_default=True,
    help="Games per tier, player count and play model in each attempt's check (0: no play check).",
)
@click.option(
    "--spec",
    "spec_name",
    metavar="SPEC",
    help="Deck spec to design for: a preset's name or a spec file (see Designing your own deck in the "
    "documentation).  [default: standard]",
)
@language_option(
    "Language of what design says (its refusals of the spec, its progress and its last line): " + SPOKEN + "."
)
def design(
    seed: int,
    out: Path | None,
    iterations: int,
    attempts: int,
    time_limit: int,
    games: int,
    spec_name: str | None,
    keep_failed: bool,
    progress_file: Path | None,
    language: str,
) -> None:
    """Search for a new Cleariosity Numbers deck that meets every criterion.

    The search is deterministic: inside an attempt every budget is counted in steps, and
    attempts are judged in order, so the same seed and budgets always give the same deck file.
    Each attempt offers up to two decks (the best its own trial games saw), checked in turn the
    way `deckgen verify` checks a deck, confirmation runs included, with two seeds of design's own
    that verify never plays; when none passes both, the next attempt starts from a seed derived
    from --seed, until a deck passes or --time-limit is up. With several cores, attempts search
    side by side and are judged in order (same deck, sooner). Only a deck that passes is written;
    exit status 1 means no attempt met every criterion in time (try another seed or a longer
    --time-limit; --keep-failed writes the last deck checked all the same).
    """
    from deckgen.console import check_output
    from deckgen.games.cleariosity.design.search import design_deck
    from deckgen.games.cleariosity.spec.deck_spec import spec_path
    from deckgen.games.cleariosity.spec.deckfile import dump_cleariosity

    # Before the search, which takes minutes; and never over the spec it designs for.
    spec_file = spec_path(spec_name) if spec_name and str(spec_name).strip() else None
    check_output(out, [spec_file])
    check_progress_file(progress_file, out, (spec_file, "--spec"))
    from deckgen.games.cleariosity.criteria.registry import missed_in_words
    from deckgen.games.cleariosity.play.figures import DESIGN_Z
    from deckgen.games.cleariosity.verify.verdict import verify_deck

    goal, standard = _design_goal(spec_name, out)
    criteria = goal.criteria

    settings = DesignSettings(iterations=iterations, attempts=attempts)
    workers = default_workers()
    reports: list[DeckReport] = []
    checking = [1, 1]  # the attempt and the candidate deck being checked

    stages = StageFile(progress_file, time_limit)
    deadline = time.monotonic() + time_limit

    def announce(attempt: int, candidate: int) -> None:
        checking[:] = [attempt, candidate]

    def check(deck: Deck) -> bool:
        stages.say("check", checking[0], force=True)
        if sys.stderr.isatty():
            click.echo(
                _("Playing the deck of attempt {attempt} with simulated classes, to check it.").format(
                    attempt=checking[0]
                ),
                err=True,
            )
        failures: list[tuple[str, int]] = []
        for check_seed in CHECK_SEEDS:
            reports.append(
                verify_deck(
                    deck, games, check_seed, workers=workers, verdict_only=True, criteria=criteria, confident_z=DESIGN_Z
                )
            )
            failures = reports[-1].failures()
            if failures or games == 0:  # without play every seed gives the same verdict
                break
        if failures:
            attempt, candidate = checking
            if candidate > 1:
                said = _("attempt {attempt}, deck {candidate}, misses: {missed}")
            else:
                said = _("attempt {attempt} misses: {missed}")
            missed = missed_in_words(failures)
            click.echo("\n" + said.format(attempt=attempt, candidate=candidate, missed=missed), err=True)
        return not failures

    def label(attempt: int) -> str:
        return _("Designing deck, attempt {attempt}").format(attempt=attempt)

    with labelled_progress_bars(label, enabled=sys.stderr.isatty()) as update:

        def searched(attempt: int, done: int, total: int) -> None:
            update(attempt, done, total)
            stages.say("search", attempt, done / max(1, total))

        result = design_deck(
            seed,
            settings,
            progress=searched,
            check=check,
            workers=workers,
            announce=announce,
            goal=goal,
            deadline=deadline,
        )
    stages.say("done", result.attempt, 1.0, force=True)
    if result.deck is None or not reports:
        raise DeckgenError(
            _(
                "no attempt finished its search within --time-limit {seconds} s; no deck written; "
                "give it more time, e.g. --time-limit {more}"
            ).format(seconds=time_limit, more=max(2 * time_limit, TIME_LIMIT)),
            code=Code.SEARCH_FAILED,
        )
    report = reports[-1]
    made_by = _made_by(seed, iterations, attempts, games, None if standard else spec_name)
    failures = report.failures()
    if failures:
        if keep_failed:
            emit(dump_cleariosity(result.deck, made_by), out)
        raise _search_failed(result, missed_in_words(failures), time_limit, keep_failed, out)
    emit(dump_cleariosity(result.deck, made_by), out)
    click.echo(_passed(result.attempt, report, games), err=True)


def _design_goal(spec_name: str | None, out: Path | None) -> tuple[DesignGoal, bool]:
    """What the search aims at, from the spec named (the standard one if none), and whether that
    spec is the standard one (a deck for another names its spec, read from the deck's folder)."""
    from deckgen.games.cleariosity.design.search import DesignGoal
    from deckgen.games.cleariosity.spec.deck_spec import STANDARD_SPEC, designable, same_spec, spec_tiers
    from deckgen.games.cleariosity.spec.deckfile import spec_from
    from deckgen.games.cleariosity.spec.reading import load_spec

    spec = load_spec(STANDARD_SPEC if spec_name is None else spec_name)
    criteria = designable(spec)
    counts = tuple(tier.cards for tier in spec.tiers)
    if spec_name is None or same_spec(spec, load_spec(STANDARD_SPEC)):
        return DesignGoal(counts, criteria, tiers=spec_tiers(spec)), True
    named = spec_from(out, str(spec_name))  # a spec file from the deck file's folder
    return DesignGoal(counts, criteria, name=spec.name, spec=named, tiers=spec_tiers(spec)), False


def _made_by(seed: int, iterations: int, attempts: int, games: int, spec_name: str | None) -> str:
    """The command that makes the deck again, as its file records it (``made_by``): the options
    that differ from their defaults, and the spec unless it is the standard one (``None``)."""
    made_by = f"deckgen design --seed {seed}"
    if iterations != DesignSettings.iterations:
        made_by += f" --iterations {iterations}"
    if attempts != DesignSettings.attempts:
        made_by += f" --attempts {attempts}"
    if games != DEFAULT_GAMES:
        made_by += f" --games {games}"
    if spec_name is not None:
        made_by += f" --spec {shlex.quote(spec_name)}"  # a name with a space re-runs as written
    return made_by


def _search_failed(
    result: DesignResult, missed: str, time_limit: int, keep_failed: bool, out: Path | None
) -> DeckgenError:
    """The one line of a design whose last deck checked misses ``missed``: how the search ended,
    what was written, and (after the cause, which the page says with advice of its own) what to try."""
    if result.timed_out:
        ended = ngettext(
            "{count} attempt in {seconds} s (the time limit), and no designed deck passes every criterion "
            "(the last one checked: {missed})",
            "{count} attempts in {seconds} s (the time limit), and no designed deck passes every criterion "
            "(the last one checked: {missed})",
            result.attempt,
        )
    else:
        ended = ngettext(
            "after {count} attempt no designed deck passes every criterion (the last one checked: {missed})",
            "after {count} attempts no designed deck passes every criterion (the last one checked: {missed})",
            result.attempt,
        )
    said = ended.format(count=result.attempt, seconds=time_limit, missed=missed)
    if keep_failed and out:
        kept = _("the last deck checked is written to {out} all the same").format(out=out)
    elif keep_failed:
        kept = ""
    else:
        kept = _("no deck written")
    # The page, which has no --seed, says its own advice after the cause.
    cause = "; ".join(part for part in (said, kept) if part)
    return DeckgenError(f"{cause}; {_(SEARCH_ADVICE)}", code=Code.SEARCH_FAILED, cause=cause)


def _passed(attempt: int, report: DeckReport, games: int) -> str:
    """The line a design that wrote its deck ends with."""
    if games == 0:
        from deckgen.games.cleariosity.criteria.registry import PLAY_CRITERIA

        skipped = ", ".join(str(n) for n in PLAY_CRITERIA)
        return _(
            "attempt {attempt} passes every criterion checked without play (--games 0 skips the play criteria, "
            "{criteria})"
        ).format(attempt=attempt, criteria=skipped)
    else:
        from deckgen.games.cleariosity.spec.feasible import share_to_tenth

        lowest = min(share for tier in report.tiers for share in tier.play.values())
        return _(
            "attempt {attempt} passes every criterion (checked with design's own seeds); lowest full-view "
            "collection {lowest}"
        ).format(attempt=attempt, lowest=share_to_tenth(lowest))


@click.command()
@click.argument("card_ids", nargs=-1, metavar="CARD...")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Picture to write. [stack-IDS-LEVEL.png]")
@click.option("--dpi", type=click.IntRange(72, 1200), default=200, show_default=True, help="Resolution of the picture.")
@click.option(
    "--level",
    metavar="LEVEL",
    help="Level to read the stack at (its operations), a tier of the deck such as green. "
    "[the highest colour among the cards]",
)
@click.option(
    "--file",
    "file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Deck file to read instead of the shipped one.",
)
@click.option(
    "--preset",
    metavar="NAME",
    help="A preset deck to read instead of the standard one, e.g. times-2-4 (see Designing your own deck in "
    "the documentation).",
)
@click.option(
    "--signs",
    type=click.Choice(SIGN_CHOICES),
    help="The signs for times and divide: ×÷, ·: as German schools write them, ×: as French ones do, or ·÷. "
    "[those the schools of the language and --region write]",
)
@language_option("Language of what show says: " + SPOKEN + ".")
@region_option(REGION_HELP + " With the language, it sets the signs where --signs is not given.")
def show(
    card_ids: tuple[str, ...],
    out: Path | None,
    dpi: int,
    level: str | None,
    file: Path | None,
    preset: str | None,
    signs: str | None,
    language: str,
    region: str | None,
) -> None:
    """Stack Cleariosity cards as players would, print each equation and draw the stack.

    Example: deckgen show G03 G04 G21. For a stack that makes no equation, it says why:
    which cell is covered twice, which line misses a number, or which operation the
    numbers would need.
    """
    from deckgen.fileio import write_atomic
    from deckgen.games.cleariosity.core.stack import level_of, read_stack
    from deckgen.games.cleariosity.output.faces import CleariosityGeometry
    from deckgen.games.cleariosity.output.pictures import highlight_name, stack_picture
    from deckgen.games.cleariosity.spec.deckfile import CLEARIOSITY_FILE, load_cleariosity
    from deckgen.render.png import draw, png_bytes
    from deckgen.units import CARD_SIZES

    if preset is not None:
        from deckgen.games.cleariosity.spec.presets import PRESET_FILES

        if file is not None:
            raise DeckgenError(_("--preset and --file both name a deck; give one of them"))
        if preset not in PRESET_FILES:
            raise DeckgenError(
                _("--preset {preset}: no such preset; use one of {presets}").format(
                    preset=preset, presets=", ".join(PRESET_FILES)
                )
            )
        file = PRESET_FILES[preset]
    deck = load_cleariosity(file or CLEARIOSITY_FILE)
    written = signs_from(signs or usual_signs(language, country_for(language, region)))
    cards = stack_cards(deck, card_ids)
    tier = level_of(cards)
    if level is not None:
        # A level by its name as the deck file writes it (green), or as the language says it (grün).
        said = {_(t.name).lower(): t.name for t in deck.tiers}
        try:
            tier = tier_named(deck.tiers, said.get(level.strip().lower(), level.strip().lower()))
        except KeyError:
            names = ", ".join(_(t.name) for t in deck.tiers)
            raise DeckgenError(
                _("--level {level}: this deck has no such level; use one of {levels}").format(level=level, levels=names)
            ) from None
    reading = read_stack(cards, tier, written)
    geometry = CleariosityGeometry(*CARD_SIZES["poker"])
    shapes = stack_picture(cards, geometry, [e.line for e in reading.equations], reading.covered, written)
    image = draw(shapes, geometry.width, geometry.height, dpi, (255, 255, 255, 255))
    # The level is in the name: the same cards read at another level make another picture.
    target = out or Path(f"stack-{'-'.join(c.id for c in cards)}-{tier.name}.png")
    write_atomic(target, png_bytes(image, dpi))
    if reading.equations:
        several = len(reading.equations) > 1
        for index, equation in enumerate(reading.equations):
            band = _("{equation}, {band}").format(equation=equation, band=highlight_name(index))
            click.echo(band if several else str(equation))
    else:
        click.echo(_("No equation at the {level} level:").format(level=_(tier.name)))
        for reason in reading.reasons:
            click.echo(f"  {reason}")
    click.echo(_("wrote {file}").format(file=target), err=True)


def stack_cards(deck: Deck, card_ids: tuple[str, ...]) -> list[Card]:
    """The named cards, checked: 2 or 3 different cards of the deck."""
    if not card_ids:
        raise DeckgenError(_("name the cards to stack, e.g. deckgen show G01 G13 G19"))
    cards = []
    for card_id in card_ids:
        try:
            cards.append(deck.card(card_id.upper()))
        except KeyError:
            spans = ", ".join(
                f"{own[0].id}-{own[-1].id}" for tier in deck.present() if (own := deck.colour_cards(tier))
            )
            raise DeckgenError(
                _("unknown card {card}; this deck's ids are {ids} (deckgen export --format csv lists them)").format(
                    card=repr(card_id), ids=spans
                )
            ) from None
    if len({c.id for c in cards}) != len(cards):
        raise DeckgenError(_("a card is named twice; a stack needs different cards"))
    if not 2 <= len(cards) <= 3:
        # The same English for one card as for several: a language may say them apart.
        said = ngettext(
            "{count} card(s) named; an equation is made of 2 or 3 stacked cards",
            "{count} card(s) named; an equation is made of 2 or 3 stacked cards",
            len(cards),
        )
        raise DeckgenError(said.format(count=len(cards)))
    return cards
