"""What goes through Redis with a message queue: a real redis-server, its `minimax-lab` channel watched.

Found: python-socketio published every emit on Redis, even one for a single client of the same process, so a
search's event batches crossed Redis to every process; ten full tic-tac-toe searches overflowed Redis's output
buffer for subscribers, which dropped the subscriber (and what was published meanwhile). A message for one
client of this process now goes straight to it (server/classroom/room_queue.py)."""

from __future__ import annotations

import threading
from typing import Iterator

import pytest
import redis

from tests.helpers.class_client import ClassClient
from tests.helpers.live_server import running_server
from tests.helpers.redis_server import redis_server
from tests.helpers.socket_client import PATIENCE_SECONDS, SearchClient

CHANNEL = "minimax-lab"


class Watch:
    """Every message published on CHANNEL while it runs (a subscriber of its own)."""

    def __init__(self, url: str) -> None:
        self.pubsub = redis.Redis.from_url(url).pubsub()
        self.pubsub.subscribe(CHANNEL)
        assert self.pubsub.get_message(timeout=PATIENCE_SECONDS)["type"] == "subscribe"
        self.messages: list[bytes] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            message = self.pubsub.get_message(timeout=0.1)
            if message is not None and message["type"] == "message":
                self.messages.append(message["data"])

    def stop(self) -> list[bytes]:
        self._stop.set()
        self._thread.join(PATIENCE_SECONDS)
        self.pubsub.close()
        return self.messages


@pytest.fixture(scope="module")
def queued() -> Iterator[tuple[str, str]]:
    """(server URL, Redis URL): a server whose rooms and messages go through a real Redis."""
    with redis_server() as queue, running_server({"MESSAGE_QUEUE": queue}) as url:
        yield url, queue


def test_a_searchs_events_for_a_client_of_this_process_do_not_cross_redis(queued: tuple[str, str]) -> None:
    url, queue = queued
    client = SearchClient(url)
    watch = Watch(queue)
    try:
        client.start({"game": "tictactoe", "state": "X...O....", "algorithm": "minimax"})  # socket delivery
        assert client.wait() == "search:done"
        assert len(client.events) > 5 * 1000 and client.result()["type"] == "result"  # several batches, all came
    finally:
        published = watch.stop()
        client.close()
    assert not any(b"search:events" in message for message in published), [m[:200] for m in published][:3]


def test_a_class_searchs_events_cross_redis_as_which_events_of_the_store_they_are(queued: tuple[str, str]) -> None:
    """The instructor gets each batch once, straight; the room's other processes get only the room, search and
    span (room_queue.StoredEvents) and read the events from the store: a full tic-tac-toe search publishes
    a few hundred bytes a batch, not a hundred kilobytes."""
    url, queue = queued
    teacher = ClassClient(url)
    watch = Watch(queue)
    try:
        made = teacher.call("class:create")
        assert teacher.call("class:search", {"code": made["code"], "key": made["key"], "game": "tictactoe",
                                             "state": "X...O....", "algorithm": "minimax"}) == {"ok": True}
        teacher.wait_message("search:done")
        batches = teacher.of("search:events")
        events = [event for batch in batches for event in batch["events"]]
        assert [event["seq"] for event in events] == list(range(len(events))) and events[-1]["type"] == "result"
        assert len(batches) > 5  # each once: not a second time through Redis
    finally:
        published = watch.stop()
        teacher.close()
    events_published = [message for message in published if b"search:events" in message]
    assert len(events_published) == len(batches)
    assert all(b'"$stored":[' in message and len(message) < 400 for message in events_published), events_published[0][:300]


def test_followers_of_a_process_that_lost_its_subscription_catch_up_to_the_instructors_step() -> None:
    """Redis drops the subscribers (as it does one over its output buffer limit), and the instructor steps before
    they are back: that class:step is lost for the followers of the other process. When its subscription is made
    again, each of its followers gets its room's class:state: the step, and the events it shows, from the store."""
    with redis_server() as queue, running_server({"MESSAGE_QUEUE": queue}) as here, \
            running_server({"MESSAGE_QUEUE": queue}) as there:
        teacher, follower = ClassClient(here), ClassClient(there)
        try:
            made = teacher.call("class:create")
            keyed = {"code": made["code"], "key": made["key"]}
            assert follower.call("class:join", {"code": made["code"]}) == {"code": made["code"]}
            assert teacher.call("class:search", {**keyed, "example": "lecture", "algorithm": "alphabeta"}) == {"ok": True}
            teacher.wait_message("search:done")
            assert teacher.call("class:step", {**keyed, "step": 2}) == {"ok": True}
            follower.wait_message("class:step", lambda m: m["step"] == 2)
            killed = redis.Redis.from_url(queue).client_kill_filter(_type="pubsub")  # every process's subscribers
            assert killed >= 2
            assert teacher.call("class:step", {**keyed, "step": 7}) == {"ok": True}  # while they are away
            follower.wait_for(lambda: (follower.last("class:state") or {}).get("step") == 7
                              or any(m["step"] == 7 for m in follower.of("class:step")), "the follower at step 7")
            held = [event["seq"] for batch in follower.of("search:events") for event in batch["events"]]
            held += [event["seq"] for state in follower.of("class:state") for event in state.get("events", [])]
            assert set(held) >= set(range(8))  # the events steps 0 to 7 show: nothing lost
        finally:
            teacher.close()
            follower.close()
