"""deckgen's compiled parts, for setuptools (everything else is in pyproject.toml).

The stacking games' simulated games (deckgen/games/play/_play.c) and the design search's group
sums (_groups.c) in C: the same games and counts as play/simulate.py and design/index.py, several times
faster. Both are optional: where no C compiler is found the install goes on, and deckgen runs
the Python (see deckgen/games/compiled.py). ``DECKGEN_PURE=1`` leaves them out, for
the pure-Python wheel the static site runs in a browser (deckgen/site/build.py).
"""

import os

from setuptools import Extension, setup

PURE = os.environ.get("DECKGEN_PURE") == "1"

setup(
    ext_modules=[] if PURE else [
        Extension(
            "deckgen.games.play._play",
            sources=["deckgen/games/play/_play.c"],
            optional=True,
        ),
        Extension(
            "deckgen.games.cleariosity.design._groups",
            sources=["deckgen/games/cleariosity/design/_groups.c"],
            optional=True,
        ),
    ]
)
