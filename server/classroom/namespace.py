"""The /class Socket.IO namespace: an instructor drives a room, its followers see the same step.

The contract is docs/classroom.md. Room state lives in a `Rooms` store (server/classroom/rooms.py:
memory, or Redis when several processes share a message queue), so a follower joined on any
process gets the same state; every emit goes through Flask-SocketIO, whose message queue
carries it to the other processes. A room's search streams exactly as on /search, paced by the
instructor's acknowledgements (server/searches/ack_window.py); followers get the same batches unpaced and
the room keeps them for late joiners.

Socket.IO rooms: `<code>` holds the followers, `<code>:teach` the key holders.
"""

from __future__ import annotations

import hmac
import logging
import secrets
import threading
import time
from typing import Any, Callable, Mapping

from flask import request
from flask_socketio import Namespace

from search import InputError, Recorder, SearchRequest, parse_request
from search.traces.recorder import Batch
from server.classroom.answer_form import counted
from server.classroom.class_control import control_for
from server.classroom.codes import canonical_code, new_code, new_key
from server.classroom.gate import (
    ClassGate,
    gate_for,
    hold_for,
    let_go,
    open_question,
    search_of,
    send_done,
    send_span,
    state_fields,
)
from server.classroom.instructors import instructor_key_of
from server.classroom.latecomers import LATE
from server.classroom.questions import QuestionError, answer_text, public_question, read_question, revealed_misconceptions
from server.classroom.release import Span
from server.classroom.room_keeper import FAULT_STOPPED, RoomKeeper
from server.classroom.room_queue import StoredEvents, events_text
from server.classroom.rooms import RoomMeta, Rooms, RoomsFull
from server.classroom.wrong_keys import even_out, refusal
from server.http.strict_json import PreEncoded, Unreadable, dumps
from server.outages import OUTAGE_SENTENCE, is_outage, reported_outage
from server.rate_limits import RateLimit, client_address
from server.searches.ack_window import AckWindow
from server.searches.namespace import error_details
from server.secret_keys import key_hash, key_matches
from server.shared_rate_limit import rate_limit_for

log = logging.getLogger(__name__)

CATCH_UP_SECONDS = 1.0
"""After the message queue connects again, its followers' class:state goes this long later: python-socketio
subscribes right after connecting, so what is published from then on arrives live, after the state."""


def teachers(code: str) -> str:
    return code + ":teach"


def everyone(code: str) -> list[str]:
    """The room's followers and its key holders."""
    return [code, teachers(code)]


class Refused(Exception):
    """A class message that moves no one; its text is the class:error's."""


class ClassNamespace(Namespace):
    """Handlers of class:* messages; per-process bookkeeping of who follows and what runs here."""

    def __init__(self, namespace: str, config: Mapping[str, Any], rooms: Rooms, gate: ClassGate | None = None) -> None:
        super().__init__(namespace)
        self.config = config
        self.rooms = rooms
        self.gate = gate or gate_for(config, rooms)  # what followers may hold and answer (gate.py)
        self._lock = threading.Lock()
        # Held while a batch is kept and sent, and while a joiner's state is read and sent: a joiner
        # gets each batch in its state or after it, never before (where its page would drop it).
        self._order = threading.Lock()
        self._sweeping = False
        self._following: dict[str, str] = {}  # sid -> code it follows (one room per connection)
        self._searches: dict[str, tuple[str, str, Recorder]] = {}  # code -> (search id, sender sid, recorder)
        queue = config.get("MESSAGE_QUEUE")
        self._joins_per_connection = RateLimit(int(config["CLASS_JOINS_PER_MINUTE"]), 60.0)  # a sid lives in one process
        self._wrong_codes_per_client = rate_limit_for(queue, int(config["CLASS_JOINS_PER_MINUTE"]), 60.0, "class-wrong-codes")
        window = float(config["CLASS_CREATE_WINDOW_SECONDS"])
        self._creates_per_creator = rate_limit_for(queue, int(config["CLASS_CREATES_PER_WINDOW"]), window, "class-creates")
        self._creates_per_address = rate_limit_for(queue, int(config["CLASS_CREATES_PER_ADDRESS_WINDOW"]), window,
                                                   "class-creates-address")
        self.keeper = RoomKeeper(config, rooms)  # records, key holders, per-process presence: room_keeper.py
        self.control = control_for(config.get("MESSAGE_QUEUE"))  # cancel, close, new search to every process
        self._members_sent: dict[str, int] = {}

    def trigger_event(self, event: str, *args: Any) -> Any:
        """Our events are named like `class:join`; their handlers `on_class_join`. A store or Redis away for a
        moment (server/outages.py) is the message's error, in one log line, not a traceback."""
        try:
            return super().trigger_event(event.replace(":", "_") if isinstance(event, str) else "", *args)
        except Exception as error:
            if not reported_outage(error):
                raise
            sid, data = (*args, None, None)[:2]  # outside the message's request context now
            return self._refuse(event, data, OUTAGE_SENTENCE, sid=sid)

    # -- helpers ------------------------------------------------------------------------------

    def _emit(self, event: str, data: Any, to: str | list[str], skip_sid: str | None = None,
              callback: Callable[..., Any] | None = None) -> None:
        self.socketio.emit(event, data, to=to, namespace=self.namespace, skip_sid=skip_sid, callback=callback)

    @staticmethod
    def _client() -> str:
        """The client's address (with --behind-proxy, the one the proxy saw)."""
        return client_address(request.remote_addr)

    def _keyed(self, data: Any) -> tuple[str, RoomMeta]:
        """The room a keyed message drives (re-established from its record after a fault), or Refused:
        a bad code, an unknown code and a wrong key get one answer, counted as wrong codes (wrong_keys.py)."""
        code = canonical_code(data.get("code")) if isinstance(data, dict) else None
        key = data.get("key") if isinstance(data, dict) else None
        meta = self._meta(code) if code is not None else None
        if meta is None:
            even_out(key)
        if meta is None or not (key_matches(key, meta.key_hash) or (key is None and self._made_by(str(code), data))):
            raise Refused(refusal(self._joins_per_connection, self._wrong_codes_per_client, request.sid, self._client()))  # type: ignore[attr-defined]
        return code, meta  # type: ignore[return-value]

    def _made_by(self, code: str, data: Any) -> bool:
        """Whether the message's instructor key (in place of the class's key) is the one that made the room."""
        try:
            instructor_key = instructor_key_of(data)
        except InputError:
            return False
        if instructor_key is None:
            return False
        record = self.keeper.records.get(code)
        return record is not None and record.instructor is not None and \
            hmac.compare_digest(record.instructor, self.keeper.records.instructor_of(instructor_key))

    def _meta(self, code: str) -> RoomMeta | None:
        """The room's state, re-established from its record when Redis lost it (room_keeper.py)."""
        with self._lock:
            running = self._searches.pop(code, None) if self.rooms.meta(code) is None else None
        if running is not None:  # its state was lost with Redis: the re-run replaces it
            running[2].cancel()
        return self.keeper.meta(code, self._keep_and_send, self._restored_done)

    def _refuse(self, event: str, data: Any, problem: str, sid: str | None = None) -> dict[str, str]:
        """class:error to the sender (`sid`, or the message's own), and the same as the acknowledgement."""
        code = canonical_code(data.get("code")) if isinstance(data, dict) else None
        self._emit("class:error", {"code": code, "event": event, "error": problem}, to=sid or request.sid)  # type: ignore[attr-defined]
        return {"error": problem}

    def _drive(self, event: str, data: Any, act: Callable[[str, RoomMeta], Any]) -> Any:
        """Run `act` on the room if the message carries its key; else class:error to the sender."""
        try:
            code, meta = self._keyed(data)
            self.keeper.active(code)
            return act(code, meta)
        except (Refused, QuestionError, InputError) as exc:
            return self._refuse(event, data, str(exc))
        except Exception as error:  # a message our checks did not foresee: still an answer, not silence
            if is_outage(error):
                raise  # trigger_event answers it, as for every message
            log.exception("%s could not be handled", event)
            return self._refuse(event, data, "the message could not be handled")

    # -- connection ---------------------------------------------------------------------------

    def on_disconnect(self, reason: Any = None) -> None:
        sid: str = request.sid  # type: ignore[attr-defined]
        with self._lock:
            code = self._following.pop(sid, None)
            self.gate.latecomers.left(sid)
            self.gate.tickets.left(sid)
            mine = [(c, rec) for c, (_, sender, rec) in self._searches.items() if sender == sid]
        for _, recorder in mine:
            recorder.cancel()  # its instructor left: no one paces it
        self.keeper.gone(sid)
        if code is not None:
            self._members(code, self._count(code))

    def _members(self, code: str, followers: int) -> None:
        self._members_sent[code] = followers
        self._emit("class:members", {"code": code, "followers": followers}, to=teachers(code))

    def _count(self, code: str) -> int:
        """The room's followers: this process's, written for it, summed over the processes alive (presence.py)."""
        with self._lock:
            here = sum(1 for followed in self._following.values() if followed == code)
        return self.keeper.presence.followers(code, here)

    # -- instructor ---------------------------------------------------------------------------

    def on_class_create(self, data: Any = None) -> dict[str, str]:
        """A new room. Counted against its instructor (the page's instructor key, or the address of a client that sends
        none) and, coarsely, its address; only once it is made: a refused creation uses up nothing."""
        try:
            instructor_key = instructor_key_of(data)
        except InputError as exc:
            return {"error": str(exc)}
        address = self._client()
        instructor = self.keeper.records.instructor_of(instructor_key) if instructor_key else None
        creator = f"instructor:{instructor}" if instructor else address
        who = "by this instructor" if instructor_key else "from this address"
        if not self._creates_per_creator.would_allow(creator):
            return {"error": f"too many classes created {who}: wait {self._creates_per_creator.retry_after(creator):.0f} s"}
        if not self._creates_per_address.would_allow(address):
            return {"error": "too many classes created from this address (every instructor behind it counts): "
                             f"wait {self._creates_per_address.retry_after(address):.0f} s"}
        self._sweep()
        self._start_sweeper()
        key = new_key()
        try:
            for _ in range(8):
                code = new_code()
                refused = self.keeper.claim(code, key_hash(key), address, instructor)
                if refused == "instructor":
                    most = int(self.config["CLASS_ROOMS_PER_INSTRUCTOR"])
                    return {"error": f"{'you have' if instructor_key else 'this address has'} {most} class{'es' if most != 1 else ''} "
                                     "running, the most one instructor may: end one (End class, or in the list of your classes), "
                                     "or wait until it ends"}
                if refused == "owner":
                    return {"error": f"this address has {self.config['CLASS_ROOMS_PER_ADDRESS']} classes running, the most "
                                     "one address may (every instructor behind it counts): end one, or wait until it ends"}
                if refused is None and self.rooms.create(code, key_hash(key)):
                    break
                if refused is None:
                    self.keeper.ended(code)
            else:  # eight collisions in 8.5e11 codes: something is wrong with the store
                return {"error": "no free class code could be found: try again"}
        except RoomsFull:
            self.keeper.ended(code)
            return {"error": f"the server holds its limit of {self.rooms.max_rooms} classes at once: end one, or try later"}
        self._creates_per_creator.allow(creator)
        self._creates_per_address.allow(address)
        self.enter_room(request.sid, teachers(code))  # type: ignore[attr-defined]
        self.keeper.holding(request.sid, code)  # type: ignore[attr-defined]
        return {"code": code, "key": key, "link": f"/c/{code}"}

    def on_class_mine(self, data: Any = None) -> dict[str, Any]:
        """{instructor}: the classes running that this instructor key made, from any tab (the newest activity first),
        so one closed without End class can be ended (class:close with the instructor key) rather than waited out."""
        try:
            instructor_key = instructor_key_of(data, required=True)
        except InputError as exc:
            return {"error": str(exc)}
        assert instructor_key is not None
        records = self.keeper.records.of_instructor(self.keeper.records.instructor_of(instructor_key))
        return {"classes": [{"code": record.code, "link": f"/c/{record.code}", "step": record.step,
                             "followers": self._count(record.code)} for record in records]}

    def on_class_drive(self, data: Any = None) -> dict[str, Any]:
        """A reloaded instructor page (it kept its key) takes the wheel again; after a fault that lost the
        room's state, the room is made again from its record first."""
        self._start_sweeper()
        try:
            code, meta = self._keyed(data)
        except Refused as exc:
            return {"error": str(exc)}
        sid: str = request.sid  # type: ignore[attr-defined]
        self.enter_room(sid, teachers(code))
        self.keeper.holding(sid, code)
        if meta.question is not None:
            answered, counts = self.rooms.answers(code)
            self._emit("class:tally", {"code": code, "question": meta.question["id"], "answered": answered, "counts": counts}, to=sid)
        return {"code": code, "step": meta.step, "followers": self._count(code)}

    def on_class_step(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            step = data.get("step")
            if not isinstance(step, int) or isinstance(step, bool) or not -1 <= step <= 10**9:
                raise Refused("step: expected a whole number from -1 (nothing shown) up")
            self.rooms.set_step(code, step)
            self.keeper.active(code, step)
            if (search_id := search_of(meta)) is not None:  # the events now shown, to the followers first
                with self._order:
                    send_span(self.gate, self.rooms, code, search_id, self.gate.release.advance(code, search_id, step), self._emit)
            self._emit("class:step", {"code": code, "step": step}, to=everyone(code), skip_sid=request.sid)  # type: ignore[attr-defined]
            return {"ok": True}
        return self._drive("class:step", data, act)

    def on_class_search(self, data: Any = None) -> Any:
        sid: str = request.sid  # type: ignore[attr-defined]
        if isinstance(data, Unreadable):
            return self._refuse("class:search", None, data.problem)
        self._start_sweeper()  # a process running a room's search hears the orders about it

        def act(code: str, meta: RoomMeta) -> dict[str, Any]:
            fields = {k: v for k, v in data.items() if k not in ("code", "key")}
            try:
                search_request = parse_request(fields)
            except InputError as exc:  # as on /search: the sender hears why, the room nothing
                self._emit("search:error", {"search": None, "error": str(exc), **error_details(exc)}, to=sid)
                return {"error": str(exc)}
            search_id = secrets.token_urlsafe(9)
            problem = self.keeper.reserve(code, search_id, fields)
            if problem is not None:
                self._emit("search:error", {"search": None, "error": problem}, to=sid)
                return {"error": problem}
            before = search_of(meta) if not meta.done else None
            self._start(code, sid, search_request, search_id)
            if before is not None:  # the room's search before may run in another process: it stops there
                self._tell(code, search_id, "keep")
            return {"ok": True}
        return self._drive("class:search", data, act)

    def on_class_cancel(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            with self._lock:
                running = self._searches.get(code)
            if running is not None:
                running[2].cancel()
            elif (search_id := search_of(meta)) is not None and not meta.done and not self._tell(code, search_id, "cancel"):
                raise Refused("the class's search runs in another server process, which could not be told: try again")
            return {"ok": True}
        return self._drive("class:cancel", data, act)

    def on_class_ask(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            question = read_question(data.get("question"))
            with self._order:  # from its step on, nothing more to the followers until Reveal (gate.py)
                hold_for(self.gate, self.rooms, code, meta, question, self._emit)
            question["id"] = secrets.token_urlsafe(6)
            self.rooms.ask(code, question)
            self._emit("class:question", public_question(code, question), to=code)
            self._emit("class:tally", {"code": code, "question": question["id"], "answered": 0, "counts": {}}, to=teachers(code))
            return {"ok": True, "question": question["id"]}
        return self._drive("class:ask", data, act)

    def on_class_reveal(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            if meta.question is None:
                raise Refused("question: no question is open to reveal")
            answered, counts = self.rooms.answers(code)
            revealed = {"code": code, "question": meta.question["id"], "answer": meta.question["answer"],
                        "answered": answered, "counts": counts}
            named = revealed_misconceptions(meta.question)  # the wrong answers' misconceptions: only now
            if named:
                revealed["misconceptions"] = named
            self.rooms.reveal(code, revealed)
            self._emit("class:reveal", revealed, to=everyone(code))
            with self._order:  # then what the instructor showed past the question meanwhile (gate.py)
                let_go(self.gate, self.rooms, code, meta, self._emit)
            return {"ok": True}
        return self._drive("class:reveal", data, act)

    def on_class_close(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            self._end(code, "the instructor ended the class")
            if search_of(meta) is not None and not meta.done:  # it may run in another process (else its sweep ends it)
                self._tell(code, None, "cancel")
            return {"ok": True}
        return self._drive("class:close", data, act)

    def _tell(self, code: str, search_id: str | None, do: str) -> bool:
        """An order to every process (class_control.py); False, and said in the log, when Redis could not carry it."""
        try:
            self.control.publish(code, search_id, do)
            return True
        except Exception:
            log.warning("class %s: the order %s of search %s could not be published", code, do, search_id, exc_info=True)
            return False

    def _obey(self, code: str, search_id: str | None, do: str) -> None:
        """An order from any process (class_control.py): "cancel" stops the room's search `search_id` (any, if
        None) if it runs here; "keep" stops any other search of the room running here."""
        with self._lock:
            running = self._searches.get(code)
        if running is None:
            return
        if (running[0] != search_id) if do == "keep" else (search_id in (None, running[0])):
            running[2].cancel()

    def _end(self, code: str, reason: str | None) -> None:
        """The room is gone for everyone: its search stops, its followers are told and let go. With no
        reason, it ended elsewhere (that process told everyone) unless this process removes its record: then
        it tells ("the class has ended")."""
        with self._lock:
            running = self._searches.pop(code, None)
            for sid in [sid for sid, followed in self._following.items() if followed == code]:
                del self._following[sid]
            self._members_sent.pop(code, None)
        if running is not None:
            running[2].cancel()
        removed = self.keeper.ended(code)  # the record first: it is what a restore reads, so none follows this end
        self.rooms.delete(code)
        self.gate.release.forget(code)
        if removed:  # one process tells, the one that removed its record
            self._emit("class:closed", {"code": code, "reason": reason or "the class has ended"}, to=everyone(code))
        for room in (code, teachers(code)):
            self.close_room(room)

    def _sweep(self) -> None:
        """Rooms idle for CLASS_IDLE_SECONDS, or with no key holder connected for CLASS_ABSENT_SECONDS,
        end and their followers are told (by the one process that removes the room's record). Then this
        process's heartbeat (room_keeper.py), rooms followed here whose state Redis lost made again from
        their records (a fault ends nothing; a room with no record ended elsewhere), room searches whose
        process died ended, and key holders told a follower count that changed."""
        sweep = getattr(self.rooms, "sweep", None)
        ended = dict(self.keeper.expired())
        ended.update({code: "the class was idle too long" for code in (sweep() if sweep else ()) if code not in ended})
        for code, reason in ended.items():
            self._end(code, reason)
        with self._lock:
            here = set(self._following.values()) | set(self._searches)
            followers = {code: sum(1 for c in self._following.values() if c == code) for code in set(self._following.values())}
            running = {code: search_id for code, (search_id, _, _) in self._searches.items()}
        taught = self.keeper.beat(followers, running)
        for code in here - set(ended):
            if self._meta(code) is None:
                self._end(code, None)
        for code, search_id, count in self.keeper.orphans():
            self.rooms.end_search(code, search_id)
            self.keeper.presence.stop(code, search_id, FAULT_STOPPED)
            self.keeper.records.settle(code, search_id, count)
            self._emit("search:error", {"search": search_id, "error": FAULT_STOPPED}, to=everyone(code))
        for code in taught:
            if (count := self._count(code)) != self._members_sent.get(code):
                self._members(code, count)
        with self._lock:  # counts told to key holders of rooms no longer followed, searched or taught here: forgotten
            keep = here | set(taught)
            for code in [c for c in self._members_sent if c not in keep]:
                del self._members_sent[code]

    def _start_sweeper(self) -> None:
        """Once per process, on the first class: sweep every CLASS_SWEEP_SECONDS, so a room that
        idles out tells its followers then, not at the next join."""
        with self._lock:
            if self._sweeping:
                return
            self._sweeping = True

        def sweeper() -> None:
            while True:
                time.sleep(float(self.config["CLASS_SWEEP_SECONDS"]))
                try:
                    self._sweep()
                except Exception as error:  # Redis or the store away for a moment: one line, and again next time
                    if not reported_outage(error):
                        log.exception("sweeping idle classes failed")

        self.socketio.start_background_task(sweeper)
        self.control.listen(self._obey, self.socketio.start_background_task)

    # -- after a fault of the message queue -----------------------------------------------------

    def after_queue_fault(self) -> None:
        """Redis's subscription was lost and is being made again (room_queue.RoomQueue.on_reconnect): every
        follower here gets its room's class:state afresh, as a late joiner does, once it is back."""
        self.socketio.start_background_task(self._catch_up)

    def _catch_up(self) -> None:
        time.sleep(CATCH_UP_SECONDS)  # python-socketio subscribes again right after it connects
        with self._lock:
            rooms: dict[str, list[str]] = {}
            for sid, code in self._following.items():
                rooms.setdefault(code, []).append(sid)
        for code, sids in rooms.items():
            try:
                ended = self._meta(code) is None
                with self._order:
                    for sid in sids:
                        if ended:  # its class:closed went out while this process was away
                            self._emit("class:closed", {"code": code, "reason": "the class has ended"}, to=sid)
                        else:
                            self._emit("class:state", self._state(code, sid), to=sid)
            except Exception as error:  # Redis away again: the next reconnection tries again
                if not reported_outage(error):
                    log.exception("catching up class %s after a message queue fault failed", code)

    # -- followers ----------------------------------------------------------------------------

    def on_class_join(self, data: Any = None) -> dict[str, Any]:
        sid: str = request.sid  # type: ignore[attr-defined]
        self._start_sweeper()
        if not self._joins_per_connection.allow(sid):
            return {"error": "too many joins from this connection: wait a minute"}
        raw = data.get("code") if isinstance(data, dict) else None
        code = canonical_code(raw)
        meta = self._meta(code) if code is not None else None
        if meta is None:
            if not self._wrong_codes_per_client.allow(self._client()):
                return {"error": "too many wrong class codes from this address: wait a minute"}
            self._sweep()
            if code is None:
                return {"error": "code: expected a class code of 8 letters and digits, such as K7QM2XWP"}
            return {"error": f"code: no class {code} (check the code; the class may have ended)"}
        assert code is not None
        with self._lock:
            before = self._following.get(sid)
            self._following[sid] = code
        if before != code:
            self.gate.latecomers.joined(sid, open_question(meta))  # an open question is not this joiner's
            if before is not None:
                self.leave_room(sid, before)
                self._members(before, self._count(before))
            self.enter_room(sid, code)  # first: a batch sent from now on arrives live (seq tells duplicates)
            self._members(code, self._count(code))
        with self._order:
            self._emit("class:state", self._state(code, sid), to=sid)
        return {"code": code}

    def _state(self, code: str, sid: str | None = None) -> PreEncoded | dict[str, Any]:
        """class:state as strict JSON: the events the followers hold (gate.py), spliced in as kept."""
        meta = self.rooms.meta(code)
        if meta is None:
            return {"code": code, "step": -1, "search": None, "done": True, "events": [], "question": None, "revealed": None}
        question = public_question(code, meta.question) if meta.question is not None else None
        done, inner, trace = state_fields(self.gate, self.rooms, code, meta, int(self.config["CLASS_INLINE_EVENTS"]), sid)
        head = {"code": code, "step": meta.step, "search": meta.search, "done": done,
                "question": question, "revealed": meta.revealed}
        search_id = search_of(meta)
        if search_id is not None and (stopped := self.keeper.presence.stopped(code, search_id)) is not None:
            head["stopped"] = stopped  # a fault ended it: a late joiner is told why it stops short
        if question is not None and sid is not None:
            head["answerable"] = self.gate.latecomers.may_answer(sid, question["id"])
        if trace is not None:
            return {**head, "trace": trace}
        return PreEncoded(dumps(head)[:-1] + ',"events":[' + (inner or "") + "]}")

    def on_class_answer(self, data: Any = None) -> dict[str, Any]:
        sid: str = request.sid  # type: ignore[attr-defined]
        if not isinstance(data, dict):
            return {"error": 'expected an object such as {"code": "K7QM2XWP", "question": "...", "answer": "3"}'}
        code = canonical_code(data.get("code"))
        with self._lock:
            following = self._following.get(sid)
        if code is None or following != code:
            return {"error": "code: join this class before answering"}
        try:
            answer = answer_text(data.get("answer"))
        except QuestionError as exc:
            return {"error": str(exc)}
        question_id = data.get("question")
        meta = self.rooms.meta(code)
        question = meta.question if meta is not None else None
        if question is not None and question.get("id") == question_id:
            if not self.gate.latecomers.may_answer(sid, question_id):
                return {"error": LATE}
            answer = counted(question, answer)  # its choice or number, else "other": never kept as typed
        done = self.rooms.answer(code, question_id, sid, answer) if isinstance(question_id, str) else None
        if done is None:
            return {"error": "question: this question is no longer open (it was revealed, or another was asked)"}
        answered, counts = done
        self._emit("class:tally", {"code": code, "question": question_id, "answered": answered, "counts": counts}, to=teachers(code))
        return {"ok": True, "counted": answer}

    # -- the room's search ----------------------------------------------------------------------

    def _start(self, code: str, sid: str, search_request: SearchRequest, search_id: str) -> None:
        recorder = Recorder(None, keep=False, batch_size=int(self.config["EVENT_BATCH_SIZE"]),
                            max_events=int(self.config["MAX_EVENTS_PER_CLASS_SEARCH"]))
        with self._lock:
            before = self._searches.get(code)
            self._searches[code] = (search_id, sid, recorder)
        if before is not None:
            before[2].cancel()  # the newest search is the room's
        recorder.sink = self._batch_sender(code, sid, search_id, recorder)
        started = {"search": search_id, "algorithm": search_request.algorithm,
                   "options": search_request.options(), "pseudocode": search_request.listing()}
        self.keeper.presence.running(code, search_id)  # before it is "not done": no sweep takes it for an orphan
        self.rooms.begin_search(code, started)
        self.gate.release.begin(code, search_id)
        self._emit("search:started", started, to=everyone(code))
        self.socketio.start_background_task(self._run, code, sid, search_id, search_request, recorder)

    def _batch_sender(self, code: str, sid: str, search_id: str, recorder: Recorder) -> Callable[[Batch], None]:
        """Each batch: kept for late joiners, sent to the room, and to the instructor with an
        acknowledgement that paces the search (as on /search)."""
        window = AckWindow(int(self.config["EVENT_WINDOW"]), lambda: recorder.cancelled, float(self.config["ACK_STALL_SECONDS"]))

        def send(batch: Batch) -> None:
            if not window.acquire() and not recorder.cancelled:
                recorder.cancel("client stalled")
            texts = batch.json_texts()
            with self._order:
                message, span = self._kept(code, search_id, batch.first, texts)
                self._emit("search:events", message, to=teachers(code), skip_sid=sid)
                self._emit("search:events", message, to=sid, callback=window.release)
                # the followers get what the instructor has shown of it (gate.py)
                send_span(self.gate, self.rooms, code, search_id, span, self._emit, (batch.first, texts))

        return send

    def _kept(self, code: str, search_id: str, first: int, texts: list[str]) -> tuple[PreEncoded, Span | None]:
        """A batch kept in the room's store (and its events counted by the release, so any process can read them
        there), its search:events message, and the span it releases to the followers. A kept batch crosses
        Redis as which events of the store it is (room_queue.StoredEvents); one past the budget, whole."""
        if not self.rooms.add_batch(code, search_id, "\n".join(texts) + "\n", len(texts), first):
            return PreEncoded(events_text(search_id, texts)), None
        span = self.gate.release.added(code, search_id, first, len(texts))
        return StoredEvents(code, search_id, first, texts), span

    def _keep_and_send(self, code: str, search_id: str, batch: Batch) -> None:
        """A re-run batch of a room made again after a fault: kept, sent whole to the key holders, and to the
        followers only up to the step the room was at (gate.py), as a first run's batch is. Followers drop
        the events they hold already."""
        texts = batch.json_texts()
        with self._order:
            if batch.first == 0:  # the release starts again with the search, at the step the record kept
                self.gate.release.begin(code, search_id)
                meta = self.rooms.meta(code)
                self.gate.release.advance(code, search_id, meta.step if meta is not None else -1)
            message, span = self._kept(code, search_id, batch.first, texts)
            self._emit("search:events", message, to=teachers(code))
            send_span(self.gate, self.rooms, code, search_id, span, self._emit, (batch.first, texts))

    def _restored_done(self, code: str, search_id: str) -> None:
        meta = self.rooms.meta(code)
        self.keeper.records.settle(code, search_id, meta.count if meta is not None else 0)
        self._emit("search:done", {"search": search_id}, to=teachers(code))
        with self._order:  # the followers' search:done when they hold every event (gate.py)
            send_done(self.gate, self.rooms, code, search_id, self._emit)

    def _run(self, code: str, sid: str, search_id: str, search_request: SearchRequest, recorder: Recorder) -> None:
        try:
            search_request.run(recorder)
            self.rooms.end_search(code, search_id)
            self._emit("search:done", {"search": search_id}, to=teachers(code))
            with self._order:  # the followers' search:done when they hold every event (gate.py)
                send_done(self.gate, self.rooms, code, search_id, self._emit)
        except Exception:
            log.exception("class search %s failed", search_id)
            self.rooms.end_search(code, search_id)
            self._emit("search:error", {"search": search_id, "error": "internal error: the search failed"}, to=everyone(code))
        finally:
            with self._lock:
                if self._searches.get(code, ("",))[0] == search_id:
                    del self._searches[code]
            self.keeper.presence.finished(code, search_id)
            meta = self.rooms.meta(code)
            if meta is not None and meta.search and meta.search.get("search") == search_id:
                self.keeper.records.settle(code, search_id, meta.count)
