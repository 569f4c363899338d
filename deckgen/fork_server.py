"""Imported by Python's fork server as it starts (``DECKGEN_START_METHOD=forkserver``): ties the
server's life to the deckgen process that started it, and starts its workers deaf to Ctrl-C.

Workers started by ``forkserver`` are the fork server's children, not deckgen's, and the
server outlives deckgen while any worker holds its pipe open. Asking Linux to end the server
with its parent (``PR_SET_PDEATHSIG``) closes that loop: deckgen dies, even by ``kill -9``, the
server dies with it, and each worker, asked the same of the server (see
:func:`deckgen.workers.quiet_worker`), dies with the server.

A worker the server forks starts with the signal handlers the server had before it began to
serve; for SIGINT that was Python's own, which turns Ctrl-C into a traceback. The workers of
the other start methods hold their stop signals back until :func:`~deckgen.workers.quiet_worker`
has set them up, but the server is started outside that hold (see
:func:`deckgen.workers._start_helpers`), so here SIGINT is ignored from the start instead, as
``quiet_worker`` would set it anyway; SIGTERM and SIGHUP already end a process without a word.
"""

from __future__ import annotations

import signal

from deckgen.workers import killed_with_parent

killed_with_parent()
signal.signal(signal.SIGINT, signal.SIG_IGN)
