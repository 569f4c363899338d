"""The command Cleariosity Letters brings: ``deckgen design --game letters``, which designs a deck
of the language's reading levels, or one round a teacher's own words (``--words``).

The CLI offers it beside the numbers game's design (``deckgen design --game letters``); like
every command it parses options and calls the core, importing the search only when it runs.
"""

from __future__ import annotations

import shlex
import sys
import time
from pathlib import Path

import click

from deckgen.cli_options import SPOKEN, design_run_options, language_option
from deckgen.console import check_output, emit, labelled_progress_bars
from deckgen.design_progress import StageFile, check_progress_file
from deckgen.errors import Code, DeckgenError
from deckgen.games.letters.design import LettersSettings
from deckgen.i18n import _
from deckgen.workers import default_workers

#: Attempts and seconds a design may take by default: a teacher waits for this week's words.
ATTEMPTS = 8
TIME_LIMIT = 120


@click.command()
@click.option(
    "--seed",
    type=click.IntRange(0),
    default=1,
    show_default=True,
    help="Seed of the search; the same seed gives the same deck.",
)
@click.option(
    "--words",
    "words_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="A teacher's own words, one a line (this week's spelling list): the deck brings them up often, "
    "with only the levels up to the last of them.  [default: the language's levels]",
)
@click.option(
    "--block",
    "block_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="More words no stack may spell, one a line, beside the language's blocklist.",
)
@click.option(
    "--levels",
    type=click.IntRange(1, 9),
    help="Only the language's first LEVELS levels (a class that has met those sounds so far).  [default: all; "
    "with --words, those up to the last of her words]",
)
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Deck file to write (default: print it).")
@click.option(
    "--iterations",
    type=click.IntRange(1, 1_000_000),
    default=LettersSettings.steps,
    show_default=True,
    help="Search steps of each attempt.",
)
@click.option(
    "--attempts",
    type=click.IntRange(1, 1000),
    default=ATTEMPTS,
    show_default=True,
    help="Most attempts (each from a seed derived from --seed) until a deck passes every check.",
)
@design_run_options(TIME_LIMIT)
@language_option("Language of the words (and of what design says): " + SPOKEN + ".")
def design(
    seed: int,
    words_file: Path | None,
    block_file: Path | None,
    levels: int | None,
    out: Path | None,
    iterations: int,
    attempts: int,
    time_limit: int,
    keep_failed: bool,
    progress_file: Path | None,
    language: str,
) -> None:
    """Design a Cleariosity Letters deck whose every level a class can play, in the language of
    --lang: 60 clear cards, each level's words coming up often and evenly, no stack spelling a
    blocked word, proved by counting every group and by simulated classes.

    Example, this week's spelling words: deckgen design --game letters --words spelling.txt --out
    spelling-deck.toml. Then: deckgen build --game letters --file spelling-deck.toml. Exit status 1
    means no attempt passed in time (try another --seed).
    """
    from deckgen.games.letters.blocklist import blocked_words, read_own_words, with_own
    from deckgen.games.letters.cards import LetterCard
    from deckgen.games.letters.deckfile import LettersDeck, dump_letters
    from deckgen.games.letters.design import (
        LettersGoal,
        default_counts,
        design_side_by_side,
        design_until_passing,
        focus_counts,
    )
    from deckgen.games.letters.verdict import letters_failures
    from deckgen.games.letters.words import load_words, read_spelling

    check_output(out, [words_file, block_file])
    check_progress_file(progress_file, out, (words_file, "--words"), (block_file, "--block"))
    words = load_words(language)
    blocked = with_own(language, read_own_words(block_file)) if block_file is not None else blocked_words(language)
    focus = read_spelling(words_file, words) if words_file is not None else ()
    both = [word.text for word, _rank in focus if word.text in blocked]
    if both:
        raise DeckgenError(
            _("{word} is in --words and in --block; a deck cannot bring up a word it must never spell").format(
                word=both[0]
            )
        )
    if levels is not None and levels > len(words.levels):
        raise DeckgenError(
            _("--levels {levels}: the {language} word list has {listed} levels; give {listed} or fewer").format(
                levels=levels, language=words.name, listed=len(words.levels)
            ),
            option="levels",
        )
    if levels is not None and focus and max(rank for _, rank in focus) >= levels:
        word, rank = max(focus, key=lambda item: item[1])
        raise DeckgenError(
            _(
                "--levels {levels}: the word {word} is first spelled at level {level}; give --levels {level} or more"
            ).format(levels=levels, word=word.text, level=rank + 1),
            option="levels",
        )
    counts = focus_counts(focus) if focus else default_counts(levels or len(words.levels))
    goal = LettersGoal(words, counts, blocked, tuple(focus))
    stages = StageFile(progress_file, time_limit)
    deadline = time.monotonic() + time_limit

    def check(cards: list[LetterCard]) -> list[str]:
        stages.say("check", 0, force=True)
        return letters_failures(cards, words, blocked, focus)

    def label(attempt: int) -> str:
        return _("Designing deck, attempt {attempt}").format(attempt=attempt)

    settings = LettersSettings(steps=iterations)
    workers = min(default_workers(), attempts)
    if workers > 1:
        # Attempts search side by side and are judged in order: the same deck, sooner.
        stages.say("search", 1, 0.0, force=True)
        if sys.stderr.isatty():
            click.echo(_("Designing deck, {workers} attempts at a time").format(workers=workers), err=True)
        made = design_side_by_side(seed, goal, settings, attempts, workers, deadline)
    else:
        with labelled_progress_bars(label, enabled=sys.stderr.isatty()) as update:

            def searched(attempt: int, done: int, total: int) -> None:
                update(attempt, done, total)
                stages.say("search", attempt, done / max(1, total))

            made = design_until_passing(seed, goal, check, settings, attempts, deadline, searched)
    stages.say("done", made.attempt, 1.0, force=True)
    if not made.cards:
        raise DeckgenError(
            _("no attempt finished within --time-limit {seconds} s; no deck written; give it more time").format(
                seconds=time_limit
            ),
            code=Code.SEARCH_FAILED,
        )
    made_by = " ".join(
        ["deckgen design --game letters", f"--lang {language}", f"--seed {seed}"]
        + ([f"--words {shlex.quote(words_file.name)}"] if words_file is not None else [])
        + ([f"--block {shlex.quote(block_file.name)}"] if block_file is not None else [])
        + ([f"--levels {levels}"] if levels is not None else [])
        + ([f"--iterations {iterations}"] if iterations != LettersSettings.steps else [])
        + ([f"--attempts {attempts}"] if attempts != ATTEMPTS else [])
    )
    name = _("Cleariosity Letters ({language})").format(language=words.name)
    if words_file is not None:
        name = _("Cleariosity Letters: {words}").format(words=words_file.stem)
    deck = LettersDeck(name, language, made_by, tuple(made.cards), tuple(word.text for word, _rank in focus))
    if made.failures:
        if keep_failed:
            emit(dump_letters(deck), out)
        raise DeckgenError(
            _(
                "no attempt of {attempts} passed every check; the last missed: {missed}; try another --seed{kept}"
            ).format(
                attempts=made.attempt,
                missed=made.failures[0],
                kept="" if keep_failed else _(" (--keep-failed writes the last deck to look at)"),
            ),
            code=Code.SEARCH_FAILED,
        )
    emit(dump_letters(deck), out)
    click.echo(
        _(
            "attempt {attempt} passes every check (counted, and played by simulated classes with design's own seed)"
        ).format(attempt=made.attempt),
        err=True,
    )
