"""Issue 31, points 2 and 5: classroom rooms cannot be exhausted by a few addresses, a room no key
holder holds ends sooner, the events rooms keep are bounded per address and in all, and a keyed
message cannot tell a live code from a dead one (one answer, counted as a wrong code).

Before: 20 addresses x 5 class:create took all 100 rooms; a keyed message answered "code: no class C"
or "key: not this room's key", unlimited (10,229 probes in 10 s on one connection)."""

from __future__ import annotations

from contextlib import ExitStack
from typing import Iterator

import pytest

from server.classroom.wrong_keys import NOT_YOURS
from tests.helpers.class_client import ClassClient
from tests.helpers.live_server import running_server
from tests.helpers.server_process import ServerProcess, server_process

LECTURE = {"example": "lecture", "algorithm": "alphabeta"}
BIG = {"game": "tictactoe", "state": "X.O......", "algorithm": "minimax"}  # 26,797 events: stopped at the event limit
KEYED = (("class:step", {"step": 3}), ("class:search", LECTURE), ("class:ask", {"question": {}}), ("class:reveal", {}),
         ("class:close", {}), ("class:cancel", {}), ("class:drive", {}))


@pytest.fixture(scope="module")
def proxied(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """`python -m server --behind-proxy` with its default limits: each client names its address."""
    with server_process(tmp_path_factory.mktemp("rooms") / "lab.sqlite", "--behind-proxy") as running:
        yield running


@pytest.fixture
def clients() -> Iterator[ExitStack]:
    with ExitStack() as stack:
        yield stack


def client_at(url: str, address: str, clients: ExitStack) -> ClassClient:
    client = ClassClient(url, headers={"X-Forwarded-For": address})
    clients.callback(client.close)
    return client


def keys(made: dict) -> dict:
    return {"code": made["code"], "key": made["key"]}


def test_twenty_addresses_leave_room_for_another_instructor(proxied: ServerProcess, clients: ExitStack) -> None:
    """20 addresses x 5 creates (what took every room before) hold 60 of 1,000 rooms; the next instructor gets one."""
    made = 0
    for n in range(20):
        attacker = client_at(proxied.url, f"203.0.113.{n}", clients)
        answers = [attacker.call("class:create") for _ in range(5)]
        assert all("code" in answer for answer in answers[:3])
        assert answers[3:] == [{"error": "this address has 3 classes running, the most one instructor may: "
                                         "end one (End class, or in the list of your classes), or wait until it ends"}] * 2
        made += 3
    instructor = client_at(proxied.url, "198.51.100.7", clients)
    assert "code" in instructor.call("class:create")
    assert made == 60  # 334 addresses would be needed to fill CLASS_MAX_ROOMS (1,000)


def test_a_wrong_code_and_a_wrong_key_get_one_answer_and_are_limited(proxied: ServerProcess, clients: ExitStack) -> None:
    teacher = client_at(proxied.url, "198.51.100.20", clients)
    made = teacher.call("class:create")
    live = made["code"]
    prober = client_at(proxied.url, "192.0.2.66", clients)
    answers = []
    for event, extra in KEYED:
        for data in ({"code": live, "key": "guess"}, {"code": "ZZZZZZZZ", "key": "guess"}, {"code": live}):
            answers.append(prober.call(event, {**data, **extra}))
    assert len(answers) == 21
    assert answers[:20] == [{"error": NOT_YOURS}] * 20  # CLASS_JOINS_PER_MINUTE: 20
    errors = [e for e in prober.of("class:error")]
    assert {e["error"] for e in errors[:20]} == {NOT_YOURS}
    # Past the limit the answer says to wait, whatever the code: still nothing told.
    assert answers[20]["error"].startswith("too many joins or wrong class codes and keys from this connection: wait")
    dead = prober.call("class:step", {"code": "ZZZZZZZZ", "key": "guess", "step": 1})
    assert prober.call("class:step", {"code": live, "key": "guess", "step": 1}) == dead
    # class:join shares the limit: the probes were wrong codes (per connection and per address).
    assert prober.call("class:join", {"code": "YYYYYYYY"}) == {"error": "too many joins from this connection: wait a minute"}
    again = client_at(proxied.url, "192.0.2.66", clients)
    assert "too many wrong class codes" in again.call("class:step", {"code": "ZZZZZZZZ", "key": "guess", "step": 1})["error"]
    assert again.call("class:join", {"code": live}) == {"code": live}  # a right code is never counted
    assert teacher.call("class:step", {**keys(made), "step": 1}) == {"ok": True}  # the key holder is never limited


def test_a_room_no_key_holder_holds_ends_and_a_reload_does_not_end_one() -> None:
    config = {"CLASS_ABSENT_SECONDS": 1.0, "CLASS_SWEEP_SECONDS": 0.1, "CLASS_CREATES_PER_WINDOW": 100}
    with running_server(config) as base, ExitStack() as clients:
        left, stays = ClassClient(base), ClassClient(base)
        gone, kept = left.call("class:create"), stays.call("class:create")
        followers = [ClassClient(base), ClassClient(base)]
        for client in (left, stays, *followers):
            clients.callback(client.close)
        for follower, made in zip(followers, (gone, kept)):
            follower.call("class:join", {"code": made["code"]})
            follower.wait_message("class:state")
        stays.close()  # a reload: the page connects again and takes the wheel at once
        reloaded = ClassClient(base)
        clients.callback(reloaded.close)
        assert reloaded.call("class:drive", keys(kept))["code"] == kept["code"]
        left.close()  # gone for good
        assert followers[0].wait_message("class:closed") == {"code": gone["code"],
                                                             "reason": "no instructor's page was connected for 1 s"}
        assert reloaded.call("class:step", {**keys(kept), "step": 2}) == {"ok": True}
        assert followers[1].wait_message("class:step")["step"] == 2
        assert followers[1].of("class:closed") == []


def test_events_kept_for_late_joiners_are_bounded_per_address_and_in_all() -> None:
    config = {"BEHIND_PROXY": True, "MAX_EVENTS_PER_CLASS_SEARCH": 1000, "CLASS_EVENTS_PER_ADDRESS": 2100,
              "CLASS_EVENTS_BUDGET": 3100}
    with running_server(config) as base, ExitStack() as clients:
        def room(address: str) -> tuple[ClassClient, dict]:
            teacher = client_at(base, address, clients)
            return teacher, teacher.call("class:create")

        def search(teacher: ClassClient, made: dict, fields: dict) -> dict:
            answer = teacher.call("class:search", {**keys(made), **fields})
            if answer == {"ok": True}:
                teacher.wait_message("search:done", lambda m: m["search"] == teacher.last("search:started")["search"])
            return answer

        (a1, r1), (a2, r2), (a3, r3) = room("192.0.2.1"), room("192.0.2.1"), room("192.0.2.1")
        assert search(a1, r1, BIG) == {"ok": True}  # stopped at 1,000 events: it holds them
        assert search(a2, r2, BIG) == {"ok": True}
        refused = search(a3, r3, LECTURE)  # it may need 1,000 more: past this address's 2,100
        assert refused["error"].startswith("this address's classes hold 2,00") and "at most 2,100 per address" in refused["error"]
        assert a3.last("search:error")["error"] == refused["error"]
        b, rb = room("192.0.2.2")
        assert search(b, rb, BIG) == {"ok": True}
        c, rc = room("192.0.2.3")
        refused = search(c, rc, LECTURE)
        assert refused["error"].startswith("the server's classes hold 3,00") and "at most 3,100 in all" in refused["error"]
        a1.call("class:close", keys(r1))  # its events are given back
        assert search(c, rc, LECTURE) == {"ok": True}
        assert search(c, rc, LECTURE) == {"ok": True}  # a finished search holds what it kept (40), not 1,000


def test_instructors_behind_one_campus_address_each_have_their_own_classes_and_end_them_from_any_tab(
        proxied: ServerProcess, clients: ExitStack) -> None:
    """Issue 49: behind a campus NAT every instructor shared the address's 3 classes, and three tabs closed without
    End class blocked a fourth. Now the limit is the instructor's (the page's instructor key); the address keeps only
    a coarse one (20 live), and an instructor lists their classes and ends any of them from a new tab."""
    campus = "192.0.2.200"
    teachers = [f"campus-instructor-{n:02d}-0123456789" for n in range(7)]
    made = {teacher: [client_at(proxied.url, campus, clients).call("class:create", {"instructor": teacher}) for _ in range(3)]
            for teacher in teachers[:6]}
    assert all("code" in answer for answers in made.values() for answer in answers)  # 18 classes from one address
    closed_tab = made[teachers[0]]
    refused = client_at(proxied.url, campus, clients).call("class:create", {"instructor": teachers[0]})
    assert refused == {"error": "you have 3 classes running, the most one instructor may: end one (End class, or in the "
                                "list of your classes), or wait until it ends"}
    # A new tab of the first instructor: their classes, and End on one of them with the instructor key alone.
    new_tab = client_at(proxied.url, campus, clients)
    listed = new_tab.call("class:mine", {"instructor": teachers[0]})["classes"]
    assert sorted(c["code"] for c in listed) == sorted(answer["code"] for answer in closed_tab)
    assert all(c["link"] == f"/c/{c['code']}" and c["followers"] == 0 and c["step"] == -1 for c in listed)
    follower = client_at(proxied.url, "198.51.100.30", clients)
    assert follower.call("class:join", {"code": listed[0]["code"]}) == {"code": listed[0]["code"]}
    someone_else = client_at(proxied.url, campus, clients)
    assert someone_else.call("class:close", {"code": listed[0]["code"], "instructor": teachers[1]}) == {"error": NOT_YOURS}
    assert new_tab.call("class:close", {"code": listed[0]["code"], "instructor": teachers[0]}) == {"ok": True}
    assert follower.wait_message("class:closed")["code"] == listed[0]["code"]
    assert len(new_tab.call("class:mine", {"instructor": teachers[0]})["classes"]) == 2
    assert "code" in new_tab.call("class:create", {"instructor": teachers[0]})  # a place came free
    # The address's coarse guard: 20 live classes from it, whoever makes them.
    assert "code" in client_at(proxied.url, campus, clients).call("class:create", {"instructor": teachers[6]})
    assert "code" in client_at(proxied.url, campus, clients).call("class:create", {"instructor": teachers[6]})
    assert client_at(proxied.url, campus, clients).call("class:create", {"instructor": teachers[6]}) == {
        "error": "this address has 20 classes running, the most one address may (every instructor behind it counts): "
                 "end one, or wait until it ends"}
    assert new_tab.call("class:mine", {"instructor": "short"}) == {
        "error": "instructor: expected the page's instructor key (16 to 64 letters, digits, - or _), got 'short'"}
