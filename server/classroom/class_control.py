"""A class's cancel, close and new search, carried to the process running the room's search (issue 33).

A room's search runs in the process that got its `class:search`; a key holder's page connected to
another process (a second instructor page, a page that reconnected elsewhere) could not stop it. With a
Redis message queue every process subscribes to one channel of ours, `minimax-lab:class-control`, and
cancel, close and a new search publish on it:

- `{"code": C, "search": S, "do": "cancel"}`: stop the room's search S (`class:cancel`), or whatever
  search the room runs when S is null (`class:close`);
- `{"code": C, "search": S, "do": "keep"}`: S is the room's new search; stop any other of the room.

The process running the room's search cancels it (the others find nothing to do), exactly as if the
message had come to it: its result says "cancelled" and `search:done` follows. Listening is a daemon
thread started with the room sweeper; after a Redis fault it subscribes again (what was published
meanwhile is lost: a closed room's search still ends at the next sweep, which finds the room gone).
Without a Redis queue there is one process and nothing to publish.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from typing import Any, Callable, Protocol

from server.classroom.redis_client import redis_client

log = logging.getLogger(__name__)

CHANNEL = "minimax-lab:class-control"
RESUBSCRIBE_SECONDS = 1.0
"""After a Redis fault, the listener tries again this often."""
DOES = ("cancel", "keep")

Order = Callable[[str, "str | None", str], None]  # (code, search id, do)


class ClassControl(Protocol):
    def publish(self, code: str, search_id: str | None, do: str) -> None: ...
    def listen(self, order: Order, start: Callable[[Callable[[], None]], Any]) -> None: ...


class LocalControl:
    """One process: its own handlers already did it."""

    def publish(self, code: str, search_id: str | None, do: str) -> None:
        pass

    def listen(self, order: Order, start: Callable[[Callable[[], None]], Any]) -> None:
        pass


class RedisControl:
    """Publishes on CHANNEL; `listen` subscribes (waiting for Redis to confirm, so an order published once
    a class message was answered reaches this process) and hands each order on from a thread of its own."""

    def __init__(self, url: str) -> None:
        self._redis = redis_client(url)
        self._lock = threading.Lock()
        self._listening = False
        self._away = False  # Redis was found away: said once in the log, until it is back

    def publish(self, code: str, search_id: str | None, do: str) -> None:
        self._redis.publish(CHANNEL, json.dumps({"code": code, "search": search_id, "do": do}))

    def listen(self, order: Order, start: Callable[[Callable[[], None]], Any]) -> None:
        with self._lock:
            if self._listening:
                return
            self._listening = True
        pubsub = self._subscribed()
        start(lambda: self._loop(order, pubsub))

    def _subscribed(self) -> Any:
        """A pubsub subscribed to CHANNEL, confirmed by Redis; None when Redis cannot be reached now."""
        pubsub = self._redis.pubsub()
        try:
            pubsub.subscribe(CHANNEL)
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                message = pubsub.get_message(timeout=deadline - time.monotonic())
                if message is not None and message.get("type") == "subscribe":
                    if self._away:
                        log.warning("class control: subscribed to %s again", CHANNEL)
                    self._away = False
                    return pubsub
        except Exception as exc:
            if not self._away:
                log.warning("class control: cannot subscribe to %s (%s); trying again every %g s", CHANNEL, exc,
                            RESUBSCRIBE_SECONDS)
            self._away = True
        pubsub.close()
        return None

    def _loop(self, order: Order, pubsub: Any) -> None:
        while True:
            if pubsub is None:
                time.sleep(RESUBSCRIBE_SECONDS)
                pubsub = self._subscribed()
                continue
            try:
                message = pubsub.get_message(ignore_subscribe_messages=True, timeout=RESUBSCRIBE_SECONDS)
            except Exception as exc:  # Redis restarted or went away: subscribe again
                log.warning("class control: lost %s (%s); subscribing again", CHANNEL, exc)
                self._away = True
                pubsub.close()
                pubsub = None
                continue
            if message is not None and message.get("type") == "message":
                self._hand_on(order, message.get("data"))

    @staticmethod
    def _hand_on(order: Order, data: Any) -> None:
        try:
            found = json.loads(data)
            code, search_id, do = found["code"], found.get("search"), found["do"]
            if not isinstance(code, str) or not (search_id is None or isinstance(search_id, str)) or do not in DOES:
                raise ValueError(data)
        except (ValueError, TypeError, KeyError):
            log.warning("class control: an order not understood: %r", data)
            return
        try:
            order(code, search_id, do)
        except Exception:
            log.exception("class control: %s of %s failed", do, code)


def control_for(message_queue: str | None) -> ClassControl:
    """Through Redis when the processes share a Redis message queue (as rooms.rooms_for), else nothing to carry."""
    if message_queue and message_queue.startswith(("redis://", "rediss://", "unix://")):
        return RedisControl(message_queue)
    return LocalControl()
