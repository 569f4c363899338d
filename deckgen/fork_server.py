"""Imported by Python's fork server as it starts (``DECKGEN_START_METHOD=forkserver``): ties the
server's life to the deckgen process that started it.

Workers started by ``forkserver`` are the fork server's children, not deckgen's, and the
server outlives deckgen while any worker holds its pipe open. Asking Linux to end the server
with its parent (``PR_SET_PDEATHSIG``) closes that loop: deckgen dies, even by ``kill -9``, the
server dies with it, and each worker, asked the same of the server (see
:func:`deckgen.workers.quiet_worker`), dies with the server.
"""

from __future__ import annotations

from deckgen.workers import killed_with_parent

killed_with_parent()
