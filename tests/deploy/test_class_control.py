"""A class's cancel, close and new search reach the process running its search (server/classroom/class_control.py):
the instructor's page on process A starts a search that stays running (the page acknowledges no batch, so
the search waits for it: server/searches/ack_window.py), and a second key holder's page on process B stops it."""

from __future__ import annotations

import itertools
import signal
import threading
from typing import Any, Callable, Iterator

import pytest

from server.classroom.class_control import RedisControl
from tests.deploy.conftest import ScaledOut
from tests.helpers.class_client import ClassClient
from tests.helpers.redis_server import redis_process
from tests.helpers.socket_client import PATIENCE_SECONDS, wait_until

BIG = {"game": "tictactoe", "state": ".........", "algorithm": "minimax"}  # stopped at 100,000 events if never cancelled
LECTURE = {"example": "lecture", "algorithm": "alphabeta"}
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(101))
"""An address of its own for each test (behind-proxy): the class limits per address are shared by both processes."""


class HoldingPage(ClassClient):
    """An instructor's page that acknowledges no search batch until let go: its room's search keeps running."""

    def __init__(self, url: str, **connect: Any) -> None:
        self.let_go = threading.Event()
        super().__init__(url, **connect)

    def _handler(self, name: str) -> Callable[[Any], None]:
        handle = super()._handler(name)
        if name != "search:events":
            return handle

        def held(data: Any) -> None:
            handle(data)
            self.let_go.wait(PATIENCE_SECONDS)  # the acknowledgement goes when the handler returns
        return held

    def close(self) -> None:
        self.let_go.set()
        super().close()


def events_of(client: ClassClient, search_id: str) -> list[dict[str, Any]]:
    return [event for data in client.of("search:events") if data["search"] == search_id for event in data["events"]]


def result_of(client: ClassClient, search_id: str) -> dict[str, Any]:
    """The search's last event, waiting for it."""
    client.wait_for(lambda: any(e["type"] == "result" for e in events_of(client, search_id)), f"the result of {search_id}")
    return events_of(client, search_id)[-1]


@pytest.fixture
def running(scaled_out: ScaledOut, clients: list[ClassClient]) -> Iterator[tuple[HoldingPage, ClassClient, dict[str, str], str]]:
    """(the instructor's page on A, a key holder's page on B, the room's code and key, the id of the search
    running on A): B has seen the search start and its first events."""
    here, there = (server.url for server in scaled_out.servers)
    address = {"headers": {"X-Forwarded-For": next(ADDRESSES)}}
    instructor = HoldingPage(here, **address)
    clients.append(instructor)
    made = instructor.call("class:create")
    keyed = {"code": made["code"], "key": made["key"]}
    other = ClassClient(there, **address)
    clients.append(other)
    assert other.call("class:drive", keyed)["code"] == made["code"]
    instructor.emit("class:search", {**keyed, **BIG})  # not a call: its answer could wait behind a held batch
    search_id = other.wait_message("search:started")["search"]
    other.wait_message("search:events", lambda m: m["search"] == search_id)
    yield instructor, other, keyed, search_id
    if "error" not in other.call("class:close", keyed):
        other.wait_message("class:closed")


def test_a_cancel_from_another_process_stops_the_search(running: tuple[HoldingPage, ClassClient, dict[str, str], str]) -> None:
    _, other, keyed, search_id = running
    assert other.call("class:cancel", keyed) == {"ok": True}
    assert other.wait_message("search:done", lambda m: m["search"] == search_id) == {"search": search_id}
    result = result_of(other, search_id)
    assert result["complete"] is False and result["reason"] == "cancelled"


def test_a_new_search_from_another_process_stops_the_one_before(running: tuple[HoldingPage, ClassClient, dict[str, str], str]) -> None:
    _, other, keyed, old = running
    assert other.call("class:search", {**keyed, **LECTURE}) == {"ok": True}
    new = other.wait_message("search:started", lambda m: m["search"] != old)["search"]
    other.wait_message("search:done", lambda m: m["search"] == old)
    assert result_of(other, old)["reason"] == "cancelled"
    other.wait_message("search:done", lambda m: m["search"] == new)
    assert result_of(other, new)["complete"] is True and result_of(other, new)["value"] == 3


def test_a_close_from_another_process_stops_the_search(running: tuple[HoldingPage, ClassClient, dict[str, str], str]) -> None:
    instructor, other, keyed, search_id = running
    assert other.call("class:close", keyed) == {"ok": True}
    assert other.wait_message("class:closed")["code"] == keyed["code"]
    instructor.let_go.set()  # now it takes every batch: an uncancelled search would run on to its 100,000 events
    result = result_of(instructor, search_id)
    assert result["complete"] is False and result["reason"] == "cancelled"


def test_the_orders_reach_a_process_again_after_a_redis_restart() -> None:
    heard: list[tuple[str, str | None, str]] = []
    with redis_process() as redis:
        control = RedisControl(redis.url)
        control.listen(lambda *order: heard.append(order), lambda loop: threading.Thread(target=loop, daemon=True).start())
        control.publish("K7QM2XWP", "s1", "cancel")  # listen() returns subscribed: nothing published after it is lost
        wait_until(lambda: heard == [("K7QM2XWP", "s1", "cancel")], "the order")
        redis.stop(signal.SIGKILL)
        redis.start()
        # What is published while the listener subscribes again is lost (docs/deploy.md): publish until it is back.
        wait_until(lambda: control.publish("K7QM2XWP", "s2", "keep") or ("K7QM2XWP", "s2", "keep") in heard,
                   "an order after the restart")
        RedisControl(redis.url).publish("K7QM2XWP", None, "cancel")
        wait_until(lambda: heard[-1] == ("K7QM2XWP", None, "cancel"), "an order from another process")
