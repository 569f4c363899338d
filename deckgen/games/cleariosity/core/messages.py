"""Cleariosity's own wording that more than one of its modules says the same way."""

from deckgen.i18n import N_

#: How a refusal of a deck description begins when counting alone shows no deck can meet it
#: (the error's code, :attr:`~deckgen.errors.Code.RULED_OUT`, tells the page so).
RULED_OUT = N_("no deck can meet this spec")
#: How design ends a search that found no deck: advice only the command line can follow (the
#: error keeps the message without it as its ``cause``, for the page to say its own advice).
SEARCH_ADVICE = N_("try another --seed or a longer --time-limit")
