"""``deckgen serve``: the web page where a teacher chooses, previews, checks and downloads a classroom set.

One ASGI application (:mod:`~deckgen.serve.app`, Starlette on uvicorn) for a teacher's laptop or
a school's server: :mod:`~deckgen.serve.security` guards every request,
:mod:`~deckgen.serve.views` answers them, :mod:`~deckgen.serve.page` writes the HTML from
templates, :mod:`~deckgen.serve.store` keeps uploads and results, and
:mod:`~deckgen.serve.queue` hands builds and designs to job workers
(:mod:`~deckgen.serve.tasks`).
"""
