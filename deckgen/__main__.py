"""``python -m deckgen`` runs the command line."""

import sys

from deckgen.cli import main

sys.exit(main())
