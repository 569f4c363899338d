"""click's own refusals, in the language the command speaks.

click refuses some mistakes itself, before a deckgen command runs: an option or a command it
does not know, a value its types refuse (a number out of range, a choice not on the list, a
folder where a file goes), an option's value or an argument left out. It words those
sentences through gettext, as a library does so that the program using it can translate them.
deckgen's catalogues carry them, listed here as click writes them (so that ``make
translations`` extracts them), and :func:`speak_for_click` hands click deckgen's translation,
in the language being spoken (:mod:`deckgen.i18n`). A few are worded anew, where click puts an
English word of its own into the sentence ("integer range", "File").

Only the command line uses this module: the core knows nothing of click.
"""

from __future__ import annotations

import click.core
import click.exceptions
import click.parser
import click.types

from deckgen.i18n import N_, _, ngettext

#: click's sentences that deckgen's commands can meet, as click writes them, each with the
#: sentence deckgen says instead (itself, where click's is fine as it is).
SENTENCES = {
    "Invalid value for {param_hint}: {message}": N_("Invalid value for {param_hint}: {message}"),
    "Invalid value: {message}": N_("Invalid value: {message}"),
    "No such option {name!r}.": N_("No such option {name!r}."),
    "No such command {name!r}.": N_("No such command {name!r}."),
    "Missing command.": N_("Missing command."),
    "Missing argument": N_("Missing argument"),
    "Missing option": N_("Missing option"),
    "Missing parameter": N_("Missing parameter"),
    "Missing parameter: {param_name}": N_("Missing parameter: {param_name}"),
    "Option {name!r} does not take a value.": N_("Option {name!r} does not take a value."),
    "{value} is not in the range {range}.": N_("{value} is not in the range {range}."),
    # deckgen's numbers are whole numbers; click would name its type ("integer range") in English.
    "{value!r} is not a valid {number_type}.": N_("{value!r} is not a whole number."),
    # click would start with "File" or "Directory", in English.
    "{name} {filename!r} does not exist.": N_("{filename!r} does not exist."),
    "{name} {filename!r} is a file.": N_("{filename!r} is a file; give a folder."),
    "{name} {filename!r} is a directory.": N_("{filename!r} is a folder; give a file name."),
    "{name} {filename!r} is not readable.": N_("{filename!r} cannot be read."),
    "{name} {filename!r} is not writable.": N_("{filename!r} cannot be written."),
    "{value!r} is not a valid boolean. Recognized values: {states}": N_(
        "{value!r} is neither yes nor no; write one of {states}."
    ),
}


def _plural_sentences(count: int) -> dict[tuple[str, str], str]:
    """click's sentences with a singular and a plural, as deckgen says them for ``count``; each
    pair of deckgen's keeps the same fields in both forms, as every translation does."""
    return {
        ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."): ngettext(
            "{value!r} is not {choices}.", "{value!r} is not one of {choices}.", count
        ),
        ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"): ngettext(
            "(Did you mean {possibilities}?)", "(Did you mean one of {possibilities}?)", count
        ),
        ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"): ngettext(
            "Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})", count
        ),
        # deckgen's options take one value each.
        ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."): (
            _("Option {name!r} needs a value after it.") if count == 1 else ""
        ),
    }


def _click_gettext(message: str) -> str:
    return _(SENTENCES.get(message, message))


def _click_ngettext(singular: str, plural: str, count: int) -> str:
    said = _plural_sentences(count).get((singular, plural))
    return said or (singular if count == 1 else plural)


#: The modules of click that word refusals (each imported gettext's functions by name).
_MODULES = (click.core, click.exceptions, click.parser, click.types)


def speak_for_click() -> None:
    """Let click word its refusals in the language being spoken, from deckgen's catalogues."""
    for module in _MODULES:
        module._ = _click_gettext  # type: ignore[attr-defined]
        if hasattr(module, "ngettext"):
            module.ngettext = _click_ngettext  # type: ignore[attr-defined]
