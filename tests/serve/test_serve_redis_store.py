"""The store's contract, kept alike by the local folder (a laptop) and by Redis (a school's
server, a real ``redis-server``): values with a time to live, add-if-absent, counters, results
of several megabytes; and what Redis alone must also keep: a restart survived (what it held is
gone without persistence, and said to be absent, not an error), one plain line when it cannot
be reached, and its keys under deckgen's prefix."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.serve.store import FolderStore, Store, StoreUnavailable, get_json, put_json, store_from_url
from deckgen.serve.store_redis import BadAddress, RedisStore, check_address, shown
from tests.rediskit import RedisServer, free_port, persistent_redis_server, redis_server  # noqa: F401  # fixtures


@pytest.fixture(params=["folder", "redis"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    """Each test of the contract once with a folder store, once with a store in a real Redis."""
    if request.param == "folder":
        yield FolderStore(tmp_path / "store")
        return
    server = RedisServer(tmp_path / "redis")
    server.start()
    try:
        redis_store = RedisStore(server.url)
        yield redis_store
        redis_store.close()
    finally:
        server.stop()


def test_a_value_is_kept_until_deleted_and_an_absent_one_is_none(store: Store) -> None:
    assert store.get("job:nothing") is None
    store.put("job:a", b"first", 60)
    store.put("job:b", b"other", 60)
    assert store.get("job:a") == b"first"
    store.put("job:a", b"second", 60)
    assert store.get("job:a") == b"second"
    store.delete("job:a")
    store.delete("job:never")  # deleting what is not there is no error
    assert store.get("job:a") is None
    assert store.get("job:b") == b"other"
    assert store.ping()


def test_a_value_expires_after_its_time_to_live_and_a_touch_gives_it_more(store: Store) -> None:
    store.put("result:short", b"gone soon", 0.4)
    store.put("result:touched", b"kept", 0.4)
    assert store.touch("result:touched", 60)
    assert not store.touch("result:absent", 60)  # nothing to give time to
    assert store.get("result:short") == b"gone soon"
    time.sleep(0.6)
    assert store.get("result:short") is None
    assert store.get("result:touched") == b"kept"
    assert not store.touch("result:short", 60)  # expired: as absent
    assert store.get("result:short") is None


def test_add_stores_only_what_is_absent(store: Store) -> None:
    assert store.add("lock:x", b"mine", 0.4)
    assert not store.add("lock:x", b"theirs", 60)
    assert store.get("lock:x") == b"mine"
    time.sleep(0.6)
    assert store.add("lock:x", b"theirs", 60), "an expired value blocked add"
    assert store.get("lock:x") == b"theirs"


def test_a_counter_counts_and_starts_again_once_expired(store: Store) -> None:
    assert store.incr("client:a", 1, 0.5) == 1
    assert store.incr("client:a", 2, 0.5) == 3
    assert store.incr("client:a", -1, 0.5) == 2
    assert store.incr("client:b", 1, 60) == 1  # counters are apart
    time.sleep(0.7)
    assert store.incr("client:a", 1, 60) == 1


def test_results_of_several_megabytes_come_back_byte_for_byte(store: Store) -> None:
    result = os.urandom(6 * 1024 * 1024) + bytes(range(256)) + b"\0" * 1000
    store.put("result:big", result, 60)
    assert store.get("result:big") == result
    put_json(store, "job:j", {"state": "done", "name": "réponses.pdf"}, 60)
    assert get_json(store, "job:j") == {"state": "done", "name": "réponses.pdf"}


def test_the_keys_are_under_deckgens_prefix_in_a_shared_redis(redis_server: RedisServer) -> None:  # noqa: F811
    import redis

    other = redis.Redis.from_url(redis_server.url)
    other.set("theirs", b"a program of someone else's")
    store = RedisStore(redis_server.url)
    store.put("job:1", b"x", 60)
    store.incr("client:1", 1, 60)
    store.add("cancel:1", b"1", 60)
    assert sorted(other.keys()) == [b"deckgen:cancel:1", b"deckgen:client:1", b"deckgen:job:1", b"theirs"]
    assert 0 < other.pttl("deckgen:client:1") <= 60_000  # the counter has its time to live too
    store.delete("theirs")
    assert other.get("theirs") == b"a program of someone else's"
    other.close()
    store.close()


def test_a_restarted_redis_without_persistence_holds_nothing_and_the_store_works_again(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    store = RedisStore(redis_server.url)
    store.put("result:linked", b"a class set", 3600)
    assert store.incr("client:a", 1, 60) == 1
    redis_server.restart()
    # The same store, its connection broken by the restart: it opens a new one by itself.
    assert store.get("result:linked") is None
    assert store.incr("client:a", 1, 60) == 1
    store.put("result:new", b"after the restart", 60)
    assert store.get("result:new") == b"after the restart"
    assert store.ping()
    store.close()


def test_a_restarted_redis_that_keeps_its_data_still_has_every_result(
    persistent_redis_server: RedisServer,  # noqa: F811
) -> None:
    store = RedisStore(persistent_redis_server.url)
    store.put("result:linked", b"a class set", 3600)
    store.put("result:short", b"expires meanwhile", 0.3)
    persistent_redis_server.restart()
    time.sleep(0.4)
    assert store.get("result:linked") == b"a class set"
    assert store.get("result:short") is None
    store.close()


def test_a_redis_that_stopped_is_one_line_naming_it_and_the_store_goes_on_once_it_is_back(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    store = RedisStore(redis_server.url)
    store.put("job:a", b"1", 60)
    redis_server.stop()
    started = time.monotonic()
    with pytest.raises(StoreUnavailable) as refused:
        store.get("job:a")
    assert time.monotonic() - started < 3
    assert str(refused.value) == (
        f"the job store at redis://127.0.0.1:{redis_server.port}/0 cannot be reached (Connection refused); "
        "check that Redis runs there"
    )
    assert not store.ping()
    for use in (
        lambda: store.put("job:b", b"2", 60),
        lambda: store.add("job:b", b"2", 60),
        lambda: store.touch("job:a", 60),
        lambda: store.delete("job:a"),
        lambda: store.incr("client:a", 1, 60),
    ):
        with pytest.raises(StoreUnavailable):
            use()
    redis_server.start()
    assert store.ping()
    assert store.get("job:a") is None  # nothing kept across the restart
    store.put("job:b", b"2", 60)
    assert store.get("job:b") == b"2"
    store.close()


def test_an_unreachable_redis_is_one_line_without_the_password() -> None:
    port = free_port()  # nothing listens there
    store = store_from_url(f"redis://deckgen:s3cret-word@127.0.0.1:{port}/2", Path("/nonexistent"))
    assert store.kind == "redis"
    with pytest.raises(StoreUnavailable) as refused:
        store.put("job:a", b"1", 60)
    line = str(refused.value)
    assert isinstance(refused.value, DeckgenError)
    assert "\n" not in line and "s3cret" not in line
    assert line == (
        f"the job store at redis://deckgen@127.0.0.1:{port}/2 cannot be reached (Connection refused); "
        "check that Redis runs there"
    )


def test_a_name_that_no_computer_has_is_said_plainly() -> None:
    store = RedisStore("redis://no-such-host.invalid:6379/0")
    with pytest.raises(StoreUnavailable) as refused:
        store.get("job:a")
    line = str(refused.value)
    assert line.startswith("the job store at redis://no-such-host.invalid:6379/0 cannot be reached (")
    assert "Error" not in line and "\n" not in line


@pytest.mark.parametrize(
    "url",
    ["http://127.0.0.1:6379/0", "redis://127.0.0.1:port/0", "redis:///0", "redis://127.0.0.1:6379/zero", "127.0.0.1"],
)
def test_an_address_that_is_not_redis_is_refused_in_one_line(url: str) -> None:
    with pytest.raises(BadAddress) as refused:
        RedisStore(url)
    assert "is not a Redis address; write it as redis://HOST:PORT/DB" in str(refused.value)
    assert "\n" not in str(refused.value)


def test_an_address_is_shown_without_its_password() -> None:
    assert shown("redis://:pw@db.school.example:6380/1") == "redis://db.school.example:6380/1"
    assert shown("rediss://deckgen:pw@db.school.example") == "rediss://deckgen@db.school.example:6379/0"
    assert shown("redis://:p@ss/word@host/0") == "redis://host:6379/0"
    assert shown("http://:pw@host") == "http://host"  # not Redis, and still no password
    assert shown("unix:///run/redis/redis.sock?db=2") == "unix:///run/redis/redis.sock"
    assert check_address(" redis://127.0.0.1:6379/0 ") == "redis://127.0.0.1:6379/0"
