"""A live server for classroom tests, its rooms in the server's memory or in a real Redis (as several processes
share them): the two stores every classroom contract must hold in."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Any, Iterator

from tests.helpers.live_server import running_server
from tests.helpers.redis_server import redis_server

STORES = ["memory", "redis"]


@contextmanager
def class_server(store: str, config: dict[str, Any]) -> Iterator[str]:
    """The server's URL; `store` is one of STORES."""
    if store == "memory":
        with running_server(config) as base:
            yield base
    else:
        with redis_server() as queue, running_server({**config, "MESSAGE_QUEUE": queue}) as base:
            yield base
