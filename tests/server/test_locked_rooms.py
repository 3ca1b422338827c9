"""python-socketio's manager changed its rooms from several threads without a lock: `KeyError: '/search'` when a
client joined a namespace while its last member left (found during a burst of connections). Our managers
(server/transport/locked_rooms.py) take one lock; four threads churning clients through `/search` meet no error."""

from __future__ import annotations

import sys
import threading
from typing import Iterator

import pytest
import socketio

from server import create_app, socketio_of
from server.classroom.room_queue import RoomQueue
from server.transport.locked_rooms import LocalRooms, LockedRooms
from tests.helpers.live_server import isolated_config

THREADS, ROUNDS = 4, 2_000  # python-socketio's own manager fails every time at this size (3 of 3 tried)


@pytest.fixture
def switching_often() -> Iterator[None]:
    """Threads switched every microsecond, so a race between two lines of the manager shows at once."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def churn(manager: LocalRooms) -> list[str]:
    errors: list[str] = []

    def clients(thread: int) -> None:
        try:
            for n in range(ROUNDS):
                sid = f"{thread}-{n}"
                manager.basic_enter_room(sid, "/search", None, eio_sid="e" + sid)  # as pre_connect does
                manager.basic_enter_room(sid, "/search", sid, eio_sid="e" + sid)
                assert list(manager.get_participants("/search", sid)) == [(sid, "e" + sid)]
                manager.pre_disconnect(sid, "/search")
                manager.basic_disconnect(sid, "/search")
                manager.pre_disconnect(sid, "/search")  # a second disconnect of the same client, as a race makes
        except Exception as error:  # the point of the test: name it
            errors.append(repr(error))

    threads = [threading.Thread(target=clients, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return errors


def test_clients_joining_and_leaving_a_namespace_from_several_threads_meet_no_error(switching_often: None) -> None:
    manager = LocalRooms()
    assert churn(manager) == []
    assert manager.rooms == {}  # everyone left: nothing kept


def test_python_socketios_own_manager_still_needs_this() -> None:
    """A second disconnect of a client that was a namespace's last raises KeyError in the library's manager: when
    this fails, python-socketio changed, and locked_rooms.py should be read again (docs/architecture.md)."""
    manager = socketio.Manager()
    manager.basic_enter_room("a", "/search", None, eio_sid="ea")
    manager.basic_disconnect("a", "/search")
    with pytest.raises(KeyError):
        manager.pre_disconnect("a", "/search")
    assert LocalRooms().pre_disconnect("a", "/search") is None


def test_every_server_uses_a_locked_manager() -> None:
    app = create_app(isolated_config())
    assert isinstance(socketio_of(app).server.manager, LocalRooms)
    assert issubclass(RoomQueue, LockedRooms)  # the manager with a message queue
