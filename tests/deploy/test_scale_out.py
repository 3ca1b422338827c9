"""Two `python -m server --message-queue redis://...` processes share classroom rooms through a real
Redis: followers joined on either process get the instructor's search and steps, and a late joiner on
the other process catches up from the room's state in Redis."""

from __future__ import annotations

from tests.deploy.conftest import ScaledOut
from tests.helpers.class_client import ClassClient

LECTURE = {"example": "lecture", "algorithm": "alphabeta"}


def test_followers_on_both_processes_follow_the_instructor(scaled_out: ScaledOut, clients: list[ClassClient]) -> None:
    here, there = (server.url for server in scaled_out.servers)
    teacher = ClassClient(here)
    clients.append(teacher)
    made = teacher.call("class:create")
    keyed = {"code": made["code"], "key": made["key"]}
    followers = [ClassClient(url) for url in (here, there, there)]
    clients.extend(followers)
    for follower in followers:
        assert follower.call("class:join", {"code": made["code"]}) == {"code": made["code"]}
        assert follower.wait_message("class:state")["step"] == -1
    teacher.wait_for(lambda: (teacher.last("class:members") or {}).get("followers") == 3, "three followers")

    assert teacher.call("class:search", {**keyed, **LECTURE}) == {"ok": True}
    teacher.wait_message("search:done")
    # Followers hold what the instructor has shown (docs/classroom.md): all of it once the end is shown.
    assert teacher.call("class:step", {**keyed, "step": len(teacher.events) - 1}) == {"ok": True}
    for client in followers:
        client.wait_message("search:done")
    assert teacher.events[-1]["type"] == "result" and teacher.events[-1]["value"] == 3
    for follower in followers:
        assert follower.events == teacher.events
        assert follower.last("search:started")["search"] == teacher.last("search:started")["search"]

    assert teacher.call("class:step", {**keyed, "step": 7}) == {"ok": True}
    for follower in followers:
        assert follower.wait_message("class:step", lambda m: m["step"] == 7) == {"code": made["code"], "step": 7}

    late = ClassClient(there)  # the room was made on the other process: its state comes from Redis
    clients.append(late)
    late.call("class:join", {"code": made["code"]})
    state = late.wait_message("class:state")
    assert state["step"] == 7 and state["done"] is True and state["events"] == teacher.events

    teacher.call("class:close", keyed)
    for follower in (*followers, late):
        assert follower.wait_message("class:closed")["code"] == made["code"]


def test_a_key_from_the_other_process_is_still_checked(scaled_out: ScaledOut, clients: list[ClassClient]) -> None:
    here, there = (server.url for server in scaled_out.servers)
    teacher, intruder, follower = ClassClient(here), ClassClient(there), ClassClient(there)
    clients.extend((teacher, intruder, follower))
    made = teacher.call("class:create")
    follower.call("class:join", {"code": made["code"]})
    follower.wait_message("class:state")
    assert intruder.call("class:step", {"code": made["code"], "key": "guess", "step": 3})["error"].startswith("code or key:")
    assert teacher.call("class:step", {"code": made["code"], "key": made["key"], "step": 2}) == {"ok": True}
    follower.wait_message("class:step")
    assert follower.of("class:step") == [{"code": made["code"], "step": 2}]
