"""The ``deckgen`` command line: parses options, calls the core, prints results.

No rules and no drawing live here. Every user mistake ends as one line on stderr and a
non-zero exit status (1 for a failed check or bad input, 2 for a mistyped command line).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

import click

from deckgen.design_settings import DesignSettings
from deckgen.errors import DeckgenError, Stopped
from deckgen.model import Tier
from deckgen.standard import DEFAULT_GAMES
from deckgen.workers import default_workers

if TYPE_CHECKING:
    from deckgen.model import Card, Deck
    from deckgen.treenex import TreenexDeck
    from deckgen.verify import DeckReport

# Each command imports what it needs when it runs: `deckgen --help` and a card build start
# without the simulator, the designer, the teacher pack's typesetting or the SVG library.
DECKS = ("cleariosity", "treenex")
#: Seed of verify's simulated games; design checks its attempts with the same games.
VERIFY_SEED = 1


@contextmanager
def progress_bar(label: str, total: int, enabled: bool = True) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on stderr (shown only on a terminal); yields ``update(done, total)``."""
    if not enabled:
        yield lambda done, total: None
        return
    with click.progressbar(length=total, label=label, file=sys.stderr) as bar:
        shown = 0

        def update(done: int, _total: int) -> None:
            nonlocal shown
            bar.update(done - shown)
            shown = done

        yield update


def load_treenex_with(file: Path | None, values: str | None, copies: int | None) -> TreenexDeck:
    from deckgen.deckfile import TREENEX_FILE, load_treenex
    from deckgen.treenex import with_overrides

    return with_overrides(load_treenex(file or TREENEX_FILE), values, copies)


def emit(text: str, out: Path | None) -> None:
    """Write ``text`` to ``out`` atomically, or to stdout."""
    from deckgen.fileio import write_atomic

    if out is None:
        click.echo(text, nl=False)
    else:
        write_atomic(out, text)
        click.echo(f"wrote {out}", err=True)


deck_option = click.option(
    "--deck", type=click.Choice(DECKS), default="cleariosity", show_default=True, help="Which game's deck."
)
file_option = click.option(
    "--file",
    "file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Deck file to read instead of the shipped one in templates/.",
)
values_option = click.option("--values", metavar="LO-HI", help="Treenex only: card values, e.g. 10-19 (default 0-9).")
copies_option = click.option(
    "--copies", type=click.IntRange(1, 100), help="Treenex only: copies of each value (default 4)."
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="deckgen")
def cli() -> None:
    """Design, verify and export card decks for Cleariosity Numbers and Treenex."""


@cli.command()
@deck_option
@file_option
@click.option(
    "--games",
    type=click.IntRange(0, 100_000),
    default=DEFAULT_GAMES,
    show_default=True,
    help="Simulated games per tier and player count (0 skips play).",
)
@click.option(
    "--seed", type=click.IntRange(0), default=VERIFY_SEED, show_default=True, help="Seed for the simulated games."
)
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON instead of a table.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the report to this file.")
@values_option
@copies_option
def verify(
    deck: str,
    file: Path | None,
    games: int,
    seed: int,
    as_json: bool,
    out: Path | None,
    values: str | None,
    copies: int | None,
) -> None:
    """Check a deck against every design criterion; exit status 1 if any fails.

    For Cleariosity Numbers: no card is an equation on its own, each tier can be cleared
    completely (a partition is printed as proof), the new colour teaches its operation, every
    card is in enough groups, few groups are trivial, simulated games collect enough cards,
    and digits and cells are used evenly. For Treenex: how many hands the deck deals.
    """
    from deckgen.deckfile import CLEARIOSITY_FILE, load_cleariosity
    from deckgen.report import cleariosity_text, treenex_json_report, treenex_passed, treenex_text
    from deckgen.verify import verify_deck

    if deck == "treenex":
        treenex = load_treenex_with(file, values, copies)
        emit(json.dumps(treenex_json_report(treenex), indent=2) + "\n" if as_json else treenex_text(treenex), out)
        if not treenex_passed(treenex):
            raise DeckgenError("the Treenex deck is too small for a full game (see the table above)")
        return
    if values or copies is not None:
        raise DeckgenError("--values and --copies apply to --deck treenex only")
    path = file or CLEARIOSITY_FILE
    cards = load_cleariosity(path)
    workers = default_workers()
    with progress_bar("Simulating games", 24, enabled=sys.stderr.isatty()) as update:
        report = verify_deck(cards, games, seed, workers=workers, progress=update)
    emit(json.dumps(report.to_json(), indent=2) + "\n" if as_json else cleariosity_text(report, str(path)), out)
    failures = report.failures()
    if failures:
        named = ", ".join(f"{where} {number}" for where, number in failures)
        raise DeckgenError(f"the deck fails criteria ({named}); see the report above")


@cli.command()
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
    type=click.IntRange(1, 100),
    default=DesignSettings.attempts,
    show_default=True,
    help="Attempts (each from a seed derived from --seed) until a deck passes every criterion.",
)
@click.option(
    "--games",
    type=click.IntRange(0, 100_000),
    default=DEFAULT_GAMES,
    show_default=True,
    help="Games per tier, player count and play model in each attempt's check (0: no play check).",
)
def design(seed: int, out: Path | None, iterations: int, attempts: int, games: int) -> None:
    """Search for a new Cleariosity Numbers deck that meets every criterion.

    The search is deterministic: budgets are counted in steps and attempts, not seconds, so
    the same seed and budgets always give the same deck file. Each attempt is checked the way
    `deckgen verify` checks a deck (simulated games with verify's seed); when one fails, the
    next attempt starts from a seed derived from --seed. With several cores, attempts search
    side by side and are judged in order (same deck, sooner). The last deck is written either
    way; exit status 1 means no attempt met every criterion (try another seed or more steps).
    """
    from deckgen.deckfile import dump_cleariosity
    from deckgen.design import design_deck
    from deckgen.verify import verify_deck

    settings = DesignSettings(iterations=iterations, attempts=attempts)
    workers = default_workers()
    reports: list[DeckReport] = []

    def check(deck: Deck) -> bool:
        reports.append(verify_deck(deck, games, VERIFY_SEED, workers=workers))
        failures = reports[-1].failures()
        if failures and len(reports) < attempts:
            named = ", ".join(f"{where} {number}" for where, number in failures)
            click.echo(
                f"\nattempt {len(reports)} misses criteria ({named}); starting attempt {len(reports) + 1}", err=True
            )
        return not failures

    with progress_bar("Designing deck", iterations * attempts) as update:
        result = design_deck(seed, settings, progress=update, check=check, workers=workers)
    report = reports[-1]
    made_by = f"deckgen design --seed {seed}"
    if iterations != DesignSettings.iterations:
        made_by += f" --iterations {iterations}"
    if attempts != DesignSettings.attempts:
        made_by += f" --attempts {attempts}"
    if games != DEFAULT_GAMES:
        made_by += f" --games {games}"
    emit(dump_cleariosity(result.deck, made_by), out)
    failures = report.failures()
    if failures:
        named = ", ".join(f"{where} {number}" for where, number in failures)
        raise DeckgenError(
            f"after {result.attempt} attempts the designed deck fails criteria ({named}); "
            "try another --seed or more --iterations"
        )
    summary = f"attempt {result.attempt} passes every criterion"
    if games == 0:
        summary = (
            f"attempt {result.attempt} passes every criterion checked without play (--games 0 skips criteria 8-10)"
        )
    else:
        lowest = min(share for tier in report.tiers for share in tier.play.values())
        summary += f"; lowest full-view collection {lowest:.1%}"
    click.echo(summary, err=True)


@cli.command()
@click.option(
    "--paper",
    default="letter",
    show_default=True,
    help="Paper of the sheet: letter, a4, legal, tabloid, a3 or WxH with a unit (the paper the cards go on).",
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
def calibrate(paper: str, duplex: str, out: Path) -> None:
    """Write a calibration sheet: check the print scale, and measure how far backs land from their fronts.

    Print it two-sided at actual size, hold it up to a window, read X and Y off the scales,
    then build with --back-offset Xmm,Ymm. Example: deckgen calibrate --paper a4.
    """
    from deckgen.fileio import write_atomic
    from deckgen.layout.calibration import CalibrationSheet
    from deckgen.render.calibration_pdf import calibration_pdf
    from deckgen.units import PAPER_SIZES, parse_size

    width, height = parse_size(paper, PAPER_SIZES, "paper")
    if width < 150 or height < 200:
        raise DeckgenError(f"paper {paper!r}: the sheet needs at least 150 x 200 mm; use letter or a4")
    if out.parent != Path(".") and not out.parent.exists():
        out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(out, calibration_pdf(CalibrationSheet(width, height, duplex)))
    click.echo(f"wrote {out}", err=True)


@cli.command()
@deck_option
@file_option
@click.option(
    "--format", "fmt", type=click.Choice(["json", "csv"]), default="json", show_default=True, help="Export format."
)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="File to write (default: print it).")
@values_option
@copies_option
def export(deck: str, file: Path | None, fmt: str, out: Path | None, values: str | None, copies: int | None) -> None:
    """Write a deck's cards as JSON or CSV for other programs."""
    from deckgen.deckfile import CLEARIOSITY_FILE, load_cleariosity
    from deckgen.export import cleariosity_csv, cleariosity_json, treenex_csv, treenex_json

    if deck == "treenex":
        treenex = load_treenex_with(file, values, copies)
        emit(treenex_json(treenex) if fmt == "json" else treenex_csv(treenex), out)
        return
    if values or copies is not None:
        raise DeckgenError("--values and --copies apply to --deck treenex only")
    cards = load_cleariosity(file or CLEARIOSITY_FILE)
    emit(cleariosity_json(cards) if fmt == "json" else cleariosity_csv(cards), out)


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
@click.option("--deck", type=click.Choice([*DECKS, "all"]), help="Which deck(s) to build. [all, or the profile's deck]")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("output"),
    show_default=True,
    help="Folder for the files.",
)
@click.option("--profile", help="Named print profile from templates/profiles.toml; options below override it.")
@click.option("--paper", help="letter, a4, legal, tabloid, a3 or WxH with a unit (8.5x11in, 210x297mm). [letter]")
@click.option("--margin", help="Printable margin kept clear on every side, e.g. 5mm. [5mm]")
@click.option(
    "--card-size", help="poker, bridge, square, index-3x5 or WxH (63x88mm). [Cleariosity poker, Treenex index-3x5]"
)
@click.option(
    "--media",
    type=click.Choice(["transparency", "cardstock", "paper"]),
    help="What you print on. [Cleariosity transparency, Treenex cardstock]",
)
@click.option(
    "--layout",
    type=click.Choice(["sheet", "single"]),
    help="sheet: as many cards as fit on each page; single: one card a page at card size (+ bleed). [sheet]",
)
@click.option("--sets", type=int, help="Classroom sets, 1-200; cards are labelled SET n and grouped by set. [1]")
@click.option("--marks", type=click.Choice(["crop", "lines", "none"]), help="Cutting guides. [crop]")
@click.option("--bleed", help="Bleed around each card, e.g. 3mm (cards are then spaced apart). [0mm]")
@click.option("--mirror/--no-mirror", default=None, help="Mirror the pages, to print on the back of the film.")
@click.option(
    "--duplex",
    type=click.Choice(["long-edge", "short-edge", "fold", "none"]),
    help="Treenex backs: a page of backs after each page of fronts, for flipping on this edge; or fold: "
    "each back printed beside its card, to fold behind it (printers without two-sided printing). [long-edge]",
)
@click.option(
    "--color",
    type=click.Choice(["rgb", "cmyk"]),
    help="PDF colours: rgb for screens and office printers, or cmyk for print shops (black is pure K). [rgb]",
)
@click.option(
    "--back-offset",
    metavar="DX,DY",
    help="How far the backs landed from their place, read off the calibration sheet (deckgen calibrate), "
    "e.g. 0.5mm,-1mm; the backs are drawn that much the other way. [0mm,0mm]",
)
@click.option(
    "--registration/--no-registration", default=None, help="Print-and-cut registration marks in the page corners."
)
@click.option("--grid-ticks", is_flag=True, help="Faint ticks at the grid corners of Cleariosity cards.")
@click.option("--pack/--no-pack", default=True, show_default=True, help="Also write the teacher pack (PDF).")
@click.option("--bed", help="SVG: laser bed size WxH with a unit, e.g. 600x400mm. [bed-600x400]")
@click.option("--bed-profile", help="SVG: a bed from templates/beds.toml (bed-600x400, bed-495x279, letter, a4).")
@click.option(
    "--kerf", help="SVG: width the beam burns away, e.g. 0.15mm; cuts are offset so cards keep their size. [0]"
)
@click.option("--corner-radius", help="SVG: rounded card corners, e.g. 3mm (each card is then cut on its own). [0]")
@click.option(
    "--common-line/--separate",
    default=None,
    help="SVG: touching cards share each cut (default), or every card is cut on its own with a gap.",
)
@click.option(
    "--engrave",
    type=click.Choice(["score", "fill", "none"]),
    help="SVG: numbers as single-stroke score lines, as filled shapes for raster engraving, or not at all. [score]",
)
@click.option(
    "--guide/--no-guide",
    default=None,
    help="SVG: add the bed outline in the green guide layer (off: software that sorts layers by colour "
    "would cut it). [off]",
)
@click.option(
    "--frame/--no-frame",
    default=None,
    help="SVG: score the thin frame printed inside Treenex cards (off: a cutting error shows against it). [off]",
)
@click.option("--file", "file", type=click.Path(dir_okay=False, path_type=Path), help="Cleariosity deck file to use.")
@values_option
@copies_option
def build(
    formats: tuple[str, ...],
    dpi: int,
    deck: str | None,
    out: Path,
    profile: str | None,
    file: Path | None,
    values: str | None,
    copies: int | None,
    pack: bool,
    **options: object,
) -> None:
    """Write print-ready PDFs or laser-cut SVGs of the decks, and the teacher pack.

    With no options: output/cleariosity-numbers.pdf (transparency film, letter),
    output/treenex.pdf (card stock, fronts and long-edge duplex backs) and
    output/teacher-pack.pdf (rules, score sheet, answer keys, packing list).
    With --format svg: one SVG per laser-bed sheet in output/svg/, and index.json.
    With --format png: one PNG per card in output/png/ and a contact sheet per deck.
    """
    from deckgen.build import BuildRequest, prepare, run
    from deckgen.printing import profile as printing_profile

    chosen_profile = printing_profile(profile) if profile else {}
    deck = deck or chosen_profile.get("deck", "all")
    request = BuildRequest(
        decks=DECKS if deck == "all" else (deck,),
        out=out,
        profile=profile,
        options={k.replace("-", "_"): v for k, v in options.items()},
        cleariosity_file=file,
        values=values,
        copies=copies,
        pack=pack,
        formats=("pdf", "svg", "png") if "all" in formats else tuple(dict.fromkeys(formats)),
        dpi=dpi,
    )
    job = prepare(request)
    with click.progressbar(length=job.pages, label="Building", file=sys.stderr) as bar:
        written = run(job, progress=bar.update)
    for path in written:
        click.echo(f"wrote {path} ({path.stat().st_size / 1024:,.0f} KB)")


@cli.command()
@click.argument("card_ids", nargs=-1, metavar="CARD...")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Picture to write. [stack-IDS.png]")
@click.option("--dpi", type=click.IntRange(72, 1200), default=200, show_default=True, help="Resolution of the picture.")
@click.option(
    "--level",
    type=click.Choice([t.colour for t in Tier]),
    help="Level to read the stack at (its operations). [the highest colour among the cards]",
)
@file_option
def show(card_ids: tuple[str, ...], out: Path | None, dpi: int, level: str | None, file: Path | None) -> None:
    """Stack Cleariosity cards as players would, print each equation and draw the stack.

    Example: deckgen show G03 G04 G21. For a stack that makes no equation, it says why:
    which cell is covered twice, which line misses a number, or which operation the
    numbers would need.
    """
    from deckgen.deckfile import CLEARIOSITY_FILE, load_cleariosity
    from deckgen.fileio import write_atomic
    from deckgen.layout.faces import CleariosityGeometry
    from deckgen.layout.pictures import stack_picture
    from deckgen.render.png import draw, png_bytes
    from deckgen.stack import level_of, read_stack
    from deckgen.units import CARD_SIZES

    deck = load_cleariosity(file or CLEARIOSITY_FILE)
    cards = stack_cards(deck, card_ids)
    tier = Tier.from_name(level) if level else level_of(cards)
    reading = read_stack(cards, tier)
    geometry = CleariosityGeometry(*CARD_SIZES["poker"])
    shapes = stack_picture(cards, geometry, [e.line for e in reading.equations], reading.covered)
    image = draw(shapes, geometry.width, geometry.height, dpi, (255, 255, 255, 255))
    target = out or Path(f"stack-{'-'.join(c.id for c in cards)}.png")
    write_atomic(target, png_bytes(image, dpi))
    if reading.equations:
        for equation in reading.equations:
            click.echo(str(equation))
    else:
        click.echo(f"No equation at the {tier.colour} level:")
        for reason in reading.reasons:
            click.echo(f"  {reason}")
    click.echo(f"wrote {target}", err=True)


def stack_cards(deck: Deck, card_ids: tuple[str, ...]) -> list[Card]:
    """The named cards, checked: 2 or 3 different cards of the deck."""
    if not card_ids:
        raise DeckgenError("name the cards to stack, e.g. deckgen show G01 G13 G19")
    cards = []
    for card_id in card_ids:
        try:
            cards.append(deck.card(card_id.upper()))
        except KeyError:
            raise DeckgenError(
                f"unknown card {card_id!r}; ids look like G01-G24, Y01-Y12, P01-P12, O01-O12 "
                "(deckgen export --format csv lists them)"
            ) from None
    if len({c.id for c in cards}) != len(cards):
        raise DeckgenError("a card is named twice; a stack needs different cards")
    if not 2 <= len(cards) <= 3:
        raise DeckgenError(f"{len(cards)} card(s) named; an equation is made of 2 or 3 stacked cards")
    return cards


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; turn every expected error into one line on stderr and an exit status."""
    try:
        cli.main(args=argv, prog_name="deckgen", standalone_mode=False)
    except DeckgenError as error:
        click.echo(f"deckgen: error: {error}", err=True)
        return 1
    except click.UsageError as error:
        hint = (
            f" (see 'deckgen {error.ctx.command_path.split(' ', 1)[1]} --help')"
            if error.ctx and " " in error.ctx.command_path
            else " (see 'deckgen --help')"
        )
        click.echo(f"deckgen: error: {error.format_message()}{hint}", err=True)
        return 2
    except click.ClickException as error:
        click.echo(f"deckgen: error: {error.format_message()}", err=True)
        return error.exit_code
    except (click.Abort, KeyboardInterrupt):
        click.echo("deckgen: stopped (interrupted)", err=True)
        return 130
    except Stopped as stopped:
        click.echo("deckgen: stopped (terminated)", err=True)
        return 128 + stopped.signum
    except OSError as error:
        # Output that cannot be written (standard output on a full disk, a closed pipe).
        where = f" {error.filename}" if error.filename else " to standard output"
        _say_on_stderr(f"deckgen: error: cannot write{where} ({error.strerror or error})")
        return 1
    return 0


def _say_on_stderr(line: str) -> None:
    try:
        print(line, file=sys.stderr)
    except OSError:
        pass


if __name__ == "__main__":
    sys.exit(main())
