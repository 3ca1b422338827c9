"""What a class lets through to its followers, and when (issue 31, "a class gives nothing away").

- Events only up to the instructor's furthest step (server/classroom/release.py): live, in a
  late joiner's `class:state` and on the events path; `search:done` once the followers hold the
  whole finished search.
- A question only about a step the class has not been shown (its answer is not on any device);
  while it is open, nothing from its step on, however far the instructor steps (release.py's cap),
  until Reveal or another question.
- Answers only from connections present when the question was asked (latecomers.py), counted in
  the question's form or as "other" (answer_form.py).
- The events path: per address `CLASS_EVENT_FETCHES_PER_MINUTE`, and one fetch on each joiner's
  ticket (tickets.py; one per connection and search, however often it joins again), so a class
  behind one address still gets its search.

The namespace (server/classroom/namespace.py) calls these at each message; they emit through the
`emit` it passes, so the message queue carries them as any other.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Mapping

from server.classroom.latecomers import Latecomers
from server.classroom.questions import QuestionError
from server.classroom.release import Release, Span, release_for
from server.classroom.room_queue import StoredEvents
from server.classroom.rooms import RedisRooms, RoomMeta, Rooms
from server.classroom.tickets import Tickets, tickets_for
from server.rate_limits import RateLimit
from server.shared_rate_limit import rate_limit_for

Emit = Callable[..., None]


@dataclass
class ClassGate:
    release: Release
    tickets: Tickets
    latecomers: Latecomers
    fetches: RateLimit  # events-path fetches without a ticket, per address


def gate_for(config: Mapping[str, Any], rooms: Rooms) -> ClassGate:
    queue = config.get("MESSAGE_QUEUE")
    idle = float(config["CLASS_IDLE_SECONDS"])
    release = release_for(rooms, queue, idle)
    return ClassGate(release, tickets_for(queue, isinstance(rooms, RedisRooms)), Latecomers(),
                     rate_limit_for(queue, int(config["CLASS_EVENT_FETCHES_PER_MINUTE"]), 60.0, "class-event-fetches"))


def search_of(meta: RoomMeta | None) -> str | None:
    return meta.search.get("search") if meta is not None and meta.search else None


def send_span(gate: ClassGate, rooms: Rooms, code: str, search_id: str, span: Span | None, emit: Emit,
              batch: tuple[int, list[str]] | None = None) -> None:
    """Newly released events to the followers (the room `code`); then search:done if that was the
    end of a finished search. `batch`: (first seq, texts) of a batch just kept, which usually is the span."""
    if span is None:
        return
    if batch is not None and batch[0] <= span.first and span.last <= batch[0] + len(batch[1]):
        texts = batch[1][span.first - batch[0]:span.last - batch[0]]
    else:
        texts = gate.release.texts(code, search_id, span.first, span.last) or []
    if texts:
        # search:events as on /search; through Redis, only which events of the room's store they are
        emit("search:events", StoredEvents(code, search_id, span.first, texts), to=code)
    send_done(gate, rooms, code, search_id, emit)


def send_done(gate: ClassGate, rooms: Rooms, code: str, search_id: str, emit: Emit) -> None:
    """search:done to the followers once the search ended and they hold every event of it."""
    meta = rooms.meta(code)
    held = gate.release.held(code, search_id)
    if meta is not None and meta.done and search_of(meta) == search_id and held is not None and held.released >= held.count:
        emit("search:done", {"search": search_id}, to=code)


def state_fields(gate: ClassGate, rooms: Rooms, code: str, meta: RoomMeta, inline: int,
                 sid: str | None = None) -> tuple[bool, str | None, str | None]:
    """For a follower's class:state (to the connection `sid`): (done, the inline events' array items or None,
    the events path or None). The path carries the connection's ticket while it has a good one (tickets.py)."""
    search_id = search_of(meta)
    held = gate.release.held(code, search_id) if search_id else None
    if search_id is None or held is None:
        return meta.done, "", None
    done = meta.done and held.released >= held.count
    if held.released > inline:
        path = f"/api/class/{code}/searches/{search_id}/events"
        ticket = gate.tickets.issue(code, search_id, sid) if sid is not None else None
        return done, None, path if ticket is None else f"{path}?ticket={ticket}"
    return done, ",".join(gate.release.texts(code, search_id, 0, held.released) or []), None


def check_unshown(gate: ClassGate, code: str, meta: RoomMeta, question: dict[str, Any]) -> None:
    """A question about a step the followers already hold would carry its answer to them: refused."""
    search_id = search_of(meta)
    held = gate.release.held(code, search_id) if search_id else None
    if held is not None and question["step"] < held.released:
        raise QuestionError(f"question.step: the class has been shown event {question['step']} already (it holds events up to "
                            f"{held.released - 1}): ask about a step not shown yet")


def question_cap(question: dict[str, Any] | None) -> int | None:
    """The last event followers may hold while `question` is open: the one before its step."""
    return None if question is None else int(question["step"]) - 1


def hold_for(gate: ClassGate, rooms: Rooms, code: str, meta: RoomMeta, question: dict[str, Any], emit: Emit) -> None:
    """Before `question` is asked: the followers get nothing from its step on until Reveal (the cap is set
    first, so no step sent meanwhile slips past it), and a step they already hold is refused (check_unshown;
    the cap goes back to the open question's, if any). A question replacing an open one lifts that one's cap."""
    search_id = search_of(meta)
    span = gate.release.capped(code, search_id, question_cap(question))
    try:
        check_unshown(gate, code, meta, question)
    except QuestionError:
        before = meta.question if meta.revealed is None else None
        if search_id is not None:
            send_span(gate, rooms, code, search_id, gate.release.capped(code, search_id, question_cap(before)), emit)
        raise
    if search_id is not None:
        send_span(gate, rooms, code, search_id, span, emit)


def let_go(gate: ClassGate, rooms: Rooms, code: str, meta: RoomMeta, emit: Emit) -> None:
    """After Reveal: the followers get what the instructor showed meanwhile (up to the furthest step)."""
    search_id = search_of(meta)
    span = gate.release.capped(code, search_id, None)
    if search_id is not None:
        send_span(gate, rooms, code, search_id, span, emit)


def open_question(meta: RoomMeta) -> str | None:
    """The id of the question students may answer now, or None."""
    return meta.question["id"] if meta.question is not None and meta.revealed is None else None
