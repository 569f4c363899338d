"""deckgen's one compiled part, for setuptools (everything else is in pyproject.toml).

The simulated games of Cleariosity Numbers in C (deckgen/games/cleariosity/_play.c): the same
games as play.py, draw for draw, several times faster. The extension is optional: where no C
compiler is found the install goes on, and deckgen plays the games in Python.
"""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "deckgen.games.cleariosity._play",
            sources=["deckgen/games/cleariosity/_play.c"],
            optional=True,
        )
    ]
)
