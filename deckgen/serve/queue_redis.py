"""The page's queue of jobs on Redis, with RQ, for a school's or a district's server.

A web worker puts a job's id on one of two RQ queues, ``deckgen-builds`` (builds, calibration
sheets, checks) and ``deckgen-designs``, so that a design never holds up every build; the
``deckgen worker`` processes (:mod:`deckgen.serve.worker`), on as many computers as needed, take
them. The queue moves ids only: the job's description, its state and its result go through the
store (:mod:`deckgen.serve.tasks`), so RQ keeps no result (``result_ttl=0``), and a job that
failed inside RQ itself is kept a day for whoever looks (``rq info``).
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from deckgen.serve.jobs import TIME_LIMIT
from deckgen.serve.store import Store
from deckgen.serve.store_redis import check_address, connect, unavailable
from deckgen.serve.tasks import DESIGN_GRACE, DESIGN_LIMIT

if TYPE_CHECKING:
    import redis
    import rq

#: The RQ queue of each lane, as the job workers listen to them (builds first).
QUEUES = {"builds": "deckgen-builds", "designs": "deckgen-designs"}
#: The function a job worker runs for a job, with the job's id and the store's address. A
#: ``deckgen worker`` runs it with its own connection to the store (see :func:`deckgen.serve.worker.take`).
TASK = "deckgen.serve.worker.take"
#: Longest RQ lets a job run, by lane: a little over the longest command of the lane (the
#: command's own time limit ends it first, with the teacher's line; this is only a backstop).
JOB_TIMEOUT = {"builds": int(TIME_LIMIT) + 60, "designs": int(DESIGN_LIMIT + DESIGN_GRACE) + 60}
#: How long RQ keeps a job that failed inside RQ (seconds): a day.
FAILURE_TTL = 24 * 3600
#: A job worker counts as alive while its last heartbeat is this recent (seconds): RQ beats every
#: 30 s while a job runs (its job_monitoring_interval), and allows 60 more, as it does itself.
ALIVE_WITHIN = 90


class RedisQueue:
    """The :class:`~deckgen.serve.queue.JobQueue` protocol on RQ."""

    kind = "redis"

    def __init__(self, url: str, store: Store) -> None:
        import rq

        self.url = check_address(url)
        self.store = store
        client = getattr(store, "client", None)
        self._own = client is None  # the store's connections are shared, not this queue's to close
        self.client: redis.Redis = connect(self.url) if client is None else client
        self.queues: dict[str, rq.Queue] = {
            lane: rq.Queue(name, connection=self.client) for lane, name in QUEUES.items()
        }

    def submit(self, job_id: str, lane: str) -> None:
        """Put job ``job_id`` (described in the store already) on ``lane``'s queue."""
        import redis

        queue = self.queues[lane]
        try:
            queue.enqueue(
                TASK,
                job_id,
                self.url,
                job_id=job_id,
                description=f"deckgen {lane} job {job_id}",  # not the call, which names the address
                job_timeout=JOB_TIMEOUT[lane],
                result_ttl=0,
                failure_ttl=FAILURE_TTL,
            )
        except redis.exceptions.RedisError as error:
            raise unavailable(self.url, error) from None

    def workers(self) -> int:
        """The job workers alive now that listen to either lane: RQ's registrations whose last
        heartbeat is recent. (A busy worker's registration lives as long as its job may run, ten
        minutes and more: one killed outright at the start of a job would count that long. Alive,
        it beats every 5 seconds idle and every 30 busy, so it drops out within a minute and a half.)"""
        import redis
        from rq import worker_registration
        from rq.utils import utcparse

        try:
            keys = sorted(set().union(*(worker_registration.get_keys(queue) for queue in self.queues.values())))
            if not keys:
                return 0
            with self.client.pipeline(transaction=False) as each:
                for key in keys:
                    each.hget(key, "last_heartbeat")
                beats = each.execute()
        except redis.exceptions.RedisError as error:
            raise unavailable(self.url, error) from None
        now = datetime.datetime.now(datetime.UTC)
        alive = 0
        for beat in beats:
            try:
                when = utcparse(beat.decode() if isinstance(beat, bytes) else str(beat)) if beat else None
            except ValueError:
                when = None
            if when is not None:
                when = when if when.tzinfo else when.replace(tzinfo=datetime.UTC)
                alive += (now - when).total_seconds() < ALIVE_WITHIN
        return alive

    def waiting(self, lane: str) -> int:
        """How many jobs wait in ``lane``'s queue."""
        import redis

        try:
            return int(self.queues[lane].count)
        except redis.exceptions.RedisError as error:
            raise unavailable(self.url, error) from None

    def close(self) -> None:
        if self._own:
            self.client.close()

    def run_waiting(self) -> None:
        return None  # deckgen worker processes take them
