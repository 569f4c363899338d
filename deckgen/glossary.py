"""One glossary a language: the word each uses for deckgen's key terms, and its colour words.

The glossaries are data (``deckgen/locale/<lang>/glossary.toml``): the teacher pack, the page
and the command line speak through the gettext catalogues, which a test holds to them (every
translation of a message naming a term says the language's word for it, and none says a word
it has ruled out). Here the pack reads them for what a catalogue cannot do alone: a colour word
that agrees with what it describes ("24 cartes vertes", "la pastille violette").
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from deckgen.i18n import LANGUAGES, _, language


@dataclass(frozen=True)
class Term:
    """A key term in one language: the word its messages say (a regular expression), the words
    they never say, the words a message naming it must not say, and the word's gender. In
    English, ``unless``: messages where the word means something else."""

    key: str
    word: str
    never: tuple[str, ...] = ()
    avoid: tuple[str, ...] = ()
    gender: str = ""
    unless: str = ""


@dataclass(frozen=True)
class Glossary:
    """A language's glossary: its terms, and its colour words (a colour's name → its forms:
    ``word`` as a level is named, ``m``, ``f``, ``n`` and ``pl_m`` … as it describes a thing)."""

    language: str
    terms: dict[str, Term]
    colours: dict[str, dict[str, str]]


@cache
def glossary(chosen: str) -> Glossary:
    """The glossary of ``chosen`` (a key of :data:`deckgen.i18n.LANGUAGES`)."""
    if chosen not in LANGUAGES:
        raise KeyError(chosen)
    data = tomllib.loads(resources.files("deckgen.locale").joinpath(chosen, "glossary.toml").read_text("utf-8"))
    terms = {
        key: Term(
            key,
            entry["word"],
            tuple(entry.get("never", ())),
            tuple(entry.get("avoid", ())),
            entry.get("gender", ""),
            entry.get("except", ""),
        )
        for key, entry in data.get("terms", {}).items()
    }
    return Glossary(chosen, terms, {name: dict(forms) for name, forms in data.get("colours", {}).items()})


def colour_word(colour: str, describes: str, several: bool = False) -> str:
    """The colour ``colour`` (as a deck file names it: ``green``) describing the glossary term
    ``describes`` (``card``, ``dot``) in the language being spoken, one or ``several`` of them,
    agreeing with its gender: "vertes" for cards in French, "verde" for a Spanish dot. A colour
    the glossary does not hold is said as its catalogue says it."""
    words = glossary(language())
    forms = words.colours.get(colour)
    term = words.terms.get(describes)
    if forms is None or term is None:
        return _(colour)
    form = ("pl_" if several else "") + term.gender
    return forms.get(form, forms["word"])
