"""Limits per address counted across two `python -m server --message-queue redis://...` processes (issue 33): a
client whose requests reach both (nginx without sticky sessions, or two hosts) gets the limit once, not once per
process (server/shared_rate_limit.py)."""

from __future__ import annotations

import itertools
import json
import re
from contextlib import ExitStack
from typing import Any, Iterator

import pytest
import requests

from tests.helpers.class_client import ClassClient
from tests.helpers.redis_server import redis_server
from tests.helpers.server_process import ServerProcess, server_process

TREES = 3
WRONG_CODES = 3
LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(201))


@pytest.fixture(scope="module")
def two(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[ServerProcess]]:
    db = tmp_path_factory.mktemp("shared-quotas") / "lab.sqlite"
    settings = {"QUOTA_TREES_PER_MINUTE": TREES, "CLASS_JOINS_PER_MINUTE": WRONG_CODES}
    with redis_server() as url, ExitStack() as stack:
        yield [stack.enter_context(server_process(db, "--message-queue", url, "--behind-proxy", settings=settings))
               for _ in range(2)]


def save(server: ServerProcess, address: str) -> requests.Response:
    return requests.post(server.url + "/api/trees", data=json.dumps(LECTURE), timeout=30,
                         headers={"Content-Type": "application/json", "X-Forwarded-For": address})


@pytest.mark.parametrize("last", [0, 1])
def test_trees_saved_a_minute_are_counted_over_both_processes(two: list[ServerProcess], last: int) -> None:
    address = next(ADDRESSES)
    assert [save(two[n % 2], address).status_code for n in range(TREES)] == [201] * TREES
    refused = save(two[last], address)
    assert refused.status_code == 429 and re.fullmatch(r"[1-9]\d*", refused.headers["Retry-After"])
    assert re.fullmatch(rf"too many trees saved from this address: at most {TREES} a minute; try again in \d+ s",
                        refused.json()["error"])
    assert save(two[1 - last], address).status_code == 429
    assert save(two[last], next(ADDRESSES)).status_code == 201  # another address has its own


def test_wrong_class_codes_are_counted_over_both_processes(two: list[ServerProcess], clients: list[ClassClient]) -> None:
    connect: dict[str, Any] = {"headers": {"X-Forwarded-For": next(ADDRESSES)}}
    guessers = [ClassClient(server.url, **connect) for server in two]  # each connection has a limit of its own too
    clients.extend(guessers)
    answers = [guessers[n % 2].call("class:join", {"code": "AAAAAAAA"})["error"] for n in range(WRONG_CODES + 1)]
    assert all(answer.startswith("code: no class AAAAAAAA") for answer in answers[:WRONG_CODES]), answers
    assert answers[-1] == "too many wrong class codes from this address: wait a minute"
