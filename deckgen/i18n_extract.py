"""Babel's extraction of deckgen's translatable strings (``make translations``; the mapping is
``[tool.babel]`` in pyproject.toml).

Babel's own Python extractor reads each ``_()`` of a literal in code, but on Python 3.11 an
f-string is one token, so a call of ``_`` inside an f-string's braces would be missed.
This extractor yields what Babel's finds, then every ``_()`` of one string literal anywhere
in the file, f-strings included (the catalogue merges the two). The shipped deck specs' titles
(the presets' names) are extracted from their TOML by :func:`extract_spec_title`.
"""

from __future__ import annotations

import ast
import re
import tomllib
from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from babel.messages.extract import extract_python

#: A call of ``_`` on one string literal, in double or single quotes (escaped quotes allowed).
CALL = re.compile(r"""(?<![\w.])_\((?P<q>["'])(?P<text>(?:\\.|(?!(?P=q)).)*)(?P=q)\)""")


def extract(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Any
) -> Iterator[Any]:
    """Babel's extraction method: (line, function, message, comments) for each string found."""
    source = fileobj.read()
    fileobj.seek(0)
    yield from extract_python(fileobj, keywords, comment_tags, options)
    text = source.decode("utf-8")
    for match in CALL.finditer(text):
        quote = match.group("q")
        line = text.count("\n", 0, match.start()) + 1
        yield line, "_", ast.literal_eval(quote + match.group("text") + quote), []


def extract_spec_title(
    fileobj: IO[bytes], keywords: Mapping[str, Any], comment_tags: Collection[str], options: Any
) -> Iterator[Any]:
    """Babel's extraction method for a shipped deck spec (TOML): its ``title``, which the page
    lists as the preset's name and which is said in the language of the page or the pack."""
    source = fileobj.read()
    title = tomllib.loads(source.decode("utf-8")).get("title")
    if isinstance(title, str) and title:
        line = next((n for n, text in enumerate(source.decode("utf-8").splitlines(), 1) if text.startswith("title")), 1)
        yield line, "_", title, ["The title of a preset deck (a deck spec shipped with deckgen)."]
