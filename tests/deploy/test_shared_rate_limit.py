"""RedisRateLimit (server/shared_rate_limit.py) against a real redis-server: two processes' limits share one
count, a refused try says when to try again, the keys expire with their window, and an unreachable Redis
still answers (each process then counts on its own)."""

from __future__ import annotations

import time
from typing import Iterator

import pytest

from server.classroom.redis_client import redis_client
from server.rate_limits import RateLimit
from server.shared_rate_limit import RedisRateLimit, SharedRedis, rate_limit_for
from tests.helpers.redis_server import redis_server
from tests.helpers.server_process import free_port
from tests.helpers.socket_client import wait_until


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with redis_server() as found:
        yield found


def two_processes(url: str, tries: int, seconds: float, name: str) -> tuple[RedisRateLimit, RedisRateLimit]:
    """The same limit as two processes make it: each with its own client of the one Redis."""
    return RedisRateLimit(SharedRedis(url), tries, seconds, name), RedisRateLimit(SharedRedis(url), tries, seconds, name)


def test_two_processes_share_one_count(url: str) -> None:
    first, second = two_processes(url, 3, 60.0, "shared")
    assert [first.allow("198.51.100.1"), second.allow("198.51.100.1"), first.allow("198.51.100.1")] == [True] * 3
    assert not second.would_allow("198.51.100.1") and not first.would_allow("198.51.100.1")
    assert not second.allow("198.51.100.1") and not first.allow("198.51.100.1")
    assert first.allow("198.51.100.2") and second.allow("198.51.100.2")  # another client has its own
    assert redis_client(url).zcard("minimax-lab:rate:shared:198.51.100.1") == 3  # refused tries are not counted


def test_asking_counts_nothing(url: str) -> None:
    first, second = two_processes(url, 1, 60.0, "asked")
    assert first.would_allow("c") and second.would_allow("c") and first.retry_after("c") == 0.0
    assert second.allow("c") and not first.allow("c")


def test_a_refused_try_is_told_when_a_place_frees(url: str) -> None:
    first, second = two_processes(url, 2, 30.0, "retry")
    started = time.monotonic()
    assert first.allow("c") and second.allow("c")
    wait = second.retry_after("c")
    assert 30.0 - (time.monotonic() - started) - 0.1 <= wait <= 30.0
    assert (first.tries, first.seconds) == (2, 30.0)


def test_the_window_slides_and_the_keys_expire(url: str) -> None:
    first, second = two_processes(url, 2, 0.4, "short")
    redis = redis_client(url)
    key = "minimax-lab:rate:short:c"
    assert first.allow("c") and second.allow("c") and not first.allow("c")
    assert 0 < redis.pttl(key) <= 400
    wait_until(lambda: first.would_allow("c"), "the tries to leave the window")
    assert second.allow("c")
    wait_until(lambda: not redis.exists(key), "the key to expire")


def test_an_unreachable_redis_falls_back_to_the_process_window() -> None:
    nowhere = RedisRateLimit(SharedRedis(f"redis://127.0.0.1:{free_port()}/0"), 2, 60.0, "down")
    assert [nowhere.allow("c"), nowhere.allow("c"), nowhere.allow("c")] == [True, True, False]
    assert 59.0 < nowhere.retry_after("c") <= 60.0 and not nowhere.would_allow("c")


def test_without_a_redis_queue_the_limit_stays_in_memory(url: str) -> None:
    assert type(rate_limit_for(None, 3, 60.0, "x")) is RateLimit
    assert type(rate_limit_for("amqp://somewhere", 3, 60.0, "x")) is RateLimit  # rooms_for keeps those in memory too
    assert isinstance(rate_limit_for(url, 3, 60.0, "x"), RedisRateLimit)
