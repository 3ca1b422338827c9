"""Issue 31, point 6: faults end no class. Two real `python -m server --message-queue` processes on a real
redis-server, sweeping every 0.3 s (CLASS_SWEEP_SECONDS, so a process is taken for dead after about a second).

Before: after Redis was killed and started again the room was gone (the instructor's steps got "no
class", followers were told "the class was idle too long"); after the instructor's process was killed
mid-search, Redis kept the search "not done" for ever and the follower count stayed too high."""

from __future__ import annotations

import os
import signal
import threading
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Iterator

import pytest
import socketio

from server.classroom.room_keeper import FAULT_STOPPED
from server.classroom.room_records import RoomRecords
from tests.helpers.class_client import ClassClient
from tests.helpers.redis_server import RedisProcess, redis_process
from tests.helpers.server_process import ServerProcess, server_process
from tests.helpers.socket_client import PATIENCE_SECONDS, wait_until

LECTURE = {"example": "lecture", "algorithm": "alphabeta"}
BIG = {"game": "tictactoe", "state": "X.O......", "algorithm": "minimax"}  # 26,797 events: 27 batches
SETTINGS = {"CLASS_SWEEP_SECONDS": 0.3}
Servers = tuple[RedisProcess, Path, ServerProcess, ServerProcess]


@contextmanager
def two_servers(tmp_path: Path) -> Iterator[Servers]:
    db = tmp_path / "lab.sqlite"
    with redis_process() as redis, ExitStack() as stack:
        here, there = (stack.enter_context(server_process(db, "--message-queue", redis.url, "--threads", "32", settings=SETTINGS))
                       for _ in range(2))
        yield redis, db, here, there


@pytest.fixture(scope="module")
def restarted(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Servers]:
    """One pair for the Redis restarts (each test restarts Redis under it)."""
    with two_servers(tmp_path_factory.mktemp("faults")) as servers:
        yield servers


def step_until_followed(teacher: ClassClient, keyed: dict, step: int, followers: list[ClassClient]) -> None:
    for _ in range(60):
        assert teacher.call("class:step", {**keyed, "step": step}) == {"ok": True}
        try:
            for follower in followers:
                follower.wait_for(lambda f=follower: (f.last("class:step") or {}).get("step") == step, "the step", timeout=0.5)
            return
        except TimeoutError:
            continue
    raise TimeoutError(f"the followers never got step {step}")


def connect(url: str, clients: ExitStack) -> ClassClient:
    client = ClassClient(url)
    clients.callback(client.close)
    return client


@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["graceful", "kill-9"])
def test_a_redis_restart_that_loses_the_data_ends_no_class(how: signal.Signals, restarted: Servers) -> None:
    redis, db, here, there = restarted
    with ExitStack() as clients:
        teacher = connect(here.url, clients)
        made = teacher.call("class:create")
        keyed = {"code": made["code"], "key": made["key"]}
        followers = [connect(url, clients) for url in (there.url, here.url)]
        for follower in followers:
            follower.call("class:join", {"code": made["code"]})
            follower.wait_message("class:state")
        teacher.call("class:search", {**keyed, **LECTURE})
        teacher.wait_message("search:done")
        teacher.call("class:step", {**keyed, "step": len(teacher.events) - 1})  # shown to the end: the followers hold it all
        for follower in followers:
            follower.wait_message("search:done")
        teacher.call("class:step", {**keyed, "step": 7})
        records = RoomRecords(db)
        wait_until(lambda: records.get(made["code"]).step == 7, "the step recorded by a sweep")

        redis.stop(how)  # the room's state in Redis is lost
        redis.start()

        # The instructor's next step finds the room, made again from its record and its search re-run.
        # A process's Redis subscription comes back a second or two after Redis (python-socketio retries):
        # what is published meanwhile is lost, so the instructor steps on until the followers have it.
        step_until_followed(teacher, keyed, 9, followers)
        late = connect(there.url, clients)
        assert late.call("class:join", {"code": made["code"]}) == {"code": made["code"]}
        state = late.wait_message("class:state")
        # Made again, the room releases its search up to the step its record kept and on as the instructor steps
        # (the furthest step shown before is lost with Redis: never more than the instructor has shown).
        assert state["step"] == 9 and state["done"] is False and state["events"] == teacher.events[:10]
        assert state["search"]["search"] == teacher.last("search:started")["search"]  # the same search: followers keep theirs
        # A reloaded instructor page takes the wheel; the follower count is back (each process writes its own).
        reloaded = connect(there.url, clients)
        wait_until(lambda: reloaded.call("class:drive", keyed)["followers"] == 3, "three followers counted again")
        for follower in followers:
            assert [e["seq"] for e in follower.events] == list(range(len(teacher.events)))
            assert follower.of("class:closed") == []  # never "idle" for a fault


def test_a_search_whose_process_died_ends_and_its_followers_are_recounted(tmp_path: Path) -> None:
    with two_servers(tmp_path) as (redis, db, doomed, survivor), ExitStack() as clients:
        # The instructor's page on the doomed process, acknowledging nothing: its search stays "not done".
        teacher = socketio.Client(reconnection=False)
        hold = threading.Event()
        teacher.on("search:events", lambda data: hold.wait(PATIENCE_SECONDS), namespace="/class")
        teacher.connect(doomed.url, namespaces=["/class"], transports=["websocket"], wait_timeout=PATIENCE_SECONDS)
        clients.callback(teacher.disconnect)
        clients.callback(hold.set)  # first: its handlers return
        made = teacher.call("class:create", {}, namespace="/class", timeout=PATIENCE_SECONDS)
        keyed = {"code": made["code"], "key": made["key"]}
        there, doomed_follower = connect(survivor.url, clients), connect(doomed.url, clients)
        for follower in (there, doomed_follower):
            follower.call("class:join", {"code": made["code"]})
            follower.wait_message("class:state")
        teacher.emit("class:search", {**keyed, **BIG}, namespace="/class")
        started = there.wait_message("search:started")
        teacher.emit("class:step", {**keyed, "step": 5}, namespace="/class")  # the followers hold events 0..5
        there.wait_message("search:events")
        assert connect(survivor.url, clients).call("class:drive", keyed)["followers"] == 2

        for pid in (doomed.serving_pid, doomed.process.pid):  # gunicorn's worker, then its master
            os.kill(pid, signal.SIGKILL)

        assert there.wait_message("search:error") == {"search": started["search"], "error": FAULT_STOPPED}
        late = connect(survivor.url, clients)
        late.call("class:join", {"code": made["code"]})
        state = late.wait_message("class:state")
        # Stopped short, and only what the instructor showed (events 0..5) is held: `done` is for a search ended and
        # held whole; the page tells the student why it stops from `stopped`.
        assert state["stopped"] == FAULT_STOPPED and state["done"] is False and len(state["events"]) == 6
        # The doomed process's follower is no longer counted; the two here are.
        driver = connect(survivor.url, clients)
        wait_until(lambda: driver.call("class:drive", keyed)["followers"] == 2, "the followers of the live process only")
        assert there.of("class:closed") == []
