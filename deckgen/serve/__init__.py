"""``deckgen serve``: a local web page where a teacher chooses, previews, checks and downloads a classroom set.

:mod:`~deckgen.serve.choices` turns the page's choices into build options,
:mod:`~deckgen.serve.preview` draws sheets and cards from the build's own plan,
:mod:`~deckgen.serve.jobs` runs builds and checks as the command line does,
:mod:`~deckgen.serve.uploads` keeps checked deck files, :mod:`~deckgen.serve.page` writes the
HTML and :mod:`~deckgen.serve.server` answers the browser.
"""
