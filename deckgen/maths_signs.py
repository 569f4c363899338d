"""The signs a class writes for times and divide.

Schools write multiplication and division differently: English-speaking schools ``7 × 8`` and
``56 ÷ 8``; German primary schools ``7 · 8`` and ``56 : 8``; French ones ``7 × 8`` and ``56 : 8``.
A deck printed for a class shows that class's signs, on its cards and in its teacher pack, so
that the game teaches the signs the class writes. Plus and minus are the same everywhere.
"""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.errors import Code, DeckgenError
from deckgen.i18n import N_, _
from deckgen.options import Option
from deckgen.regions import usual_signs

#: Every pair, as ``--signs`` takes them: the default (× ÷), German schools', French schools', the last.
CHOICES = ("×÷", "·:", "×:", "·÷")


@dataclass(frozen=True)
class Signs:
    """A class's signs for times and divide (plus is ``+`` and minus ``−`` for every class); made
    from a value ``--signs`` takes by :func:`signs_from`, which checks it."""

    times: str = "×"
    divide: str = "÷"

    def of(self, op: str) -> str:
        """The printed sign of an operation written ``+``, ``-``, ``*`` or ``/``."""
        return {"+": "+", "-": "−", "*": self.times, "/": self.divide}[op]

    def written(self, text: str) -> str:
        """``text``, written with the standard signs (× and ÷), in these signs."""
        return text.replace("×", self.times).replace("÷", self.divide)

    def marked(self, mark: str) -> str:
        """A card's mark as written in the stroke font (its operations, ``+-*/``, or a letter):
        there ``*`` draws × and ``/`` draws ÷, and ``·`` and ``:`` draw themselves."""
        return mark.replace("*", "*" if self.times == "×" else "·").replace("/", "/" if self.divide == "÷" else ":")

    @property
    def text(self) -> str:
        """The pair as ``--signs`` takes it: ``×÷``, ``·:`` …"""
        return self.times + self.divide


STANDARD_SIGNS = Signs()


def signs_from(value: str | None) -> Signs:
    """The signs an option value names (``None``: the standard × and ÷)."""
    if not value:
        return STANDARD_SIGNS
    text = value.strip()
    if text not in CHOICES:
        raise DeckgenError(
            _("--signs {value}: choose one of {choices} (a times sign, then a divide sign)").format(
                value=value, choices=", ".join(CHOICES)
            ),
            code=Code.BAD_VALUE,
            option="signs",
        )
    return Signs(text[0], text[1])


SIGNS = Option(
    "signs",
    "choice",
    N_(
        "The signs for times and divide on the cards and in the teacher pack: ×÷ (the default), ·: as German "
        "schools write them, ×: as French ones do, or ·÷."
    ),
    label=N_("Signs"),
    choices=CHOICES,
    commands=("build",),
    regional_default=usual_signs,
)
