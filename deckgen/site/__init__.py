"""The static site: deckgen's page running in the teacher's browser, nothing installed.

``make site`` writes a folder any static host serves (a school's web space, GitHub Pages, a
USB stick with a small local server): the start page and its scripts (``files/``), Pyodide
(CPython compiled to WebAssembly, from the npm registry's ``pyodide`` package), deckgen as a
wheel and the pure-Python wheels it needs (:mod:`deckgen.site.build`).

It is the same page as ``deckgen serve``: the same ASGI application
(:func:`deckgen.serve.app.create_app`, with ``in_browser``), answering inside a web worker of
the teacher's own browser. A service worker hands the page's requests to that worker, which
answers them through :mod:`deckgen.site.bridge`, as Shinylive does for Shiny apps; it also keeps
the site's files, so that the page works offline after the first visit. Nothing of a class's
data (a list of pupils' names, a spelling list) leaves the teacher's computer.
"""
