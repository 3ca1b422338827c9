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

import logging
import secrets
import threading
import time
from typing import Any, Callable, Mapping

from flask import request
from flask_socketio import Namespace

from search import InputError, Recorder, SearchRequest, parse_request
from search.traces.recorder import Batch
from server.classroom.codes import canonical_code, key_hash, key_matches, new_code, new_key
from server.classroom.questions import QuestionError, answer_text, public_question, read_question, revealed_misconceptions
from server.classroom.rooms import RoomMeta, Rooms, RoomsFull, lines_as_array_items
from server.http.strict_json import PreEncoded, Unreadable, dumps
from server.rate_limits import RateLimit
from server.searches.ack_window import AckWindow
from server.searches.namespace import error_details

log = logging.getLogger(__name__)


def teachers(code: str) -> str:
    return code + ":teach"


def everyone(code: str) -> list[str]:
    """The room's followers and its key holders."""
    return [code, teachers(code)]


class Refused(Exception):
    """A class message that moves no one; its text is the class:error's."""


class ClassNamespace(Namespace):
    """Handlers of class:* messages; per-process bookkeeping of who follows and what runs here."""

    def __init__(self, namespace: str, config: Mapping[str, Any], rooms: Rooms) -> None:
        super().__init__(namespace)
        self.config = config
        self.rooms = rooms
        self._lock = threading.Lock()
        # Held while a batch is kept and sent, and while a joiner's state is read and sent: a joiner
        # gets each batch in its state or after it, never before (where its page would drop it).
        self._order = threading.Lock()
        self._sweeping = False
        self._following: dict[str, str] = {}  # sid -> code it follows (one room per connection)
        self._searches: dict[str, tuple[str, str, Recorder]] = {}  # code -> (search id, sender sid, recorder)
        self._joins_per_connection = RateLimit(int(config["CLASS_JOINS_PER_MINUTE"]), 60.0)
        self._wrong_codes_per_client = RateLimit(int(config["CLASS_JOINS_PER_MINUTE"]), 60.0)
        self._creates_per_client = RateLimit(int(config["CLASS_CREATES_PER_WINDOW"]), float(config["CLASS_CREATE_WINDOW_SECONDS"]))

    def trigger_event(self, event: str, *args: Any) -> Any:
        """Our events are named like `class:join`; their handlers `on_class_join`."""
        return super().trigger_event(event.replace(":", "_") if isinstance(event, str) else "", *args)

    # -- helpers ------------------------------------------------------------------------------

    def _emit(self, event: str, data: Any, to: str | list[str], skip_sid: str | None = None,
              callback: Callable[..., Any] | None = None) -> None:
        self.socketio.emit(event, data, to=to, namespace=self.namespace, skip_sid=skip_sid, callback=callback)

    @staticmethod
    def _client() -> str:
        """The client's address (with --behind-proxy, the one the proxy saw)."""
        return request.remote_addr or "unknown"

    def _keyed(self, data: Any) -> tuple[str, RoomMeta]:
        """The room a keyed message drives, or Refused naming what is wrong."""
        if not isinstance(data, dict):
            raise Refused('expected an object such as {"code": "K7QM2XWP", "key": "..."}')
        code = canonical_code(data.get("code"))
        if code is None:
            raise Refused("code: expected a class code of 8 letters and digits, such as K7QM2XWP")
        meta = self.rooms.meta(code)
        if meta is None:
            raise Refused(f"code: no class {code} (it may have ended)")
        if not key_matches(data.get("key"), meta.key_hash):
            raise Refused("key: not this room's key (only the instructor's page drives the class)")
        return code, meta

    def _refuse(self, event: str, data: Any, problem: str) -> dict[str, str]:
        code = canonical_code(data.get("code")) if isinstance(data, dict) else None
        self._emit("class:error", {"code": code, "event": event, "error": problem}, to=request.sid)  # type: ignore[attr-defined]
        return {"error": problem}

    def _drive(self, event: str, data: Any, act: Callable[[str, RoomMeta], Any]) -> Any:
        """Run `act` on the room if the message carries its key; else class:error to the sender."""
        try:
            code, meta = self._keyed(data)
            return act(code, meta)
        except (Refused, QuestionError, InputError) as exc:
            return self._refuse(event, data, str(exc))
        except Exception:  # a message our checks did not foresee: still an answer, not silence
            log.exception("%s could not be handled", event)
            return self._refuse(event, data, "the message could not be handled")

    # -- connection ---------------------------------------------------------------------------

    def on_disconnect(self, reason: Any = None) -> None:
        sid: str = request.sid  # type: ignore[attr-defined]
        with self._lock:
            code = self._following.pop(sid, None)
            mine = [(c, rec) for c, (_, sender, rec) in self._searches.items() if sender == sid]
        for _, recorder in mine:
            recorder.cancel()  # its instructor left: no one paces it
        if code is not None:
            self._members(code, self.rooms.add_follower(code, -1))

    def _members(self, code: str, followers: int) -> None:
        self._emit("class:members", {"code": code, "followers": followers}, to=teachers(code))

    # -- instructor ---------------------------------------------------------------------------

    def on_class_create(self, data: Any = None) -> dict[str, str]:
        if not self._creates_per_client.allow(self._client()):
            return {"error": f"too many classes created from this address: wait {self._creates_per_client.retry_after(self._client()):.0f} s"}
        self._sweep()
        self._start_sweeper()
        key = new_key()
        try:
            for _ in range(8):
                code = new_code()
                if self.rooms.create(code, key_hash(key)):
                    break
            else:  # eight collisions in 8.5e11 codes: something is wrong with the store
                return {"error": "no free class code could be found: try again"}
        except RoomsFull:
            return {"error": f"the server holds its limit of {self.rooms.max_rooms} classes at once: end one, or try later"}
        self.enter_room(request.sid, teachers(code))  # type: ignore[attr-defined]
        return {"code": code, "key": key, "link": f"/c/{code}"}

    def on_class_drive(self, data: Any = None) -> dict[str, Any]:
        """A reloaded instructor page (it kept its key) takes the wheel again."""
        try:
            code, meta = self._keyed(data)
        except Refused as exc:
            return {"error": str(exc)}
        sid: str = request.sid  # type: ignore[attr-defined]
        self.enter_room(sid, teachers(code))
        if meta.question is not None:
            answered, counts = self.rooms.answers(code)
            self._emit("class:tally", {"code": code, "question": meta.question["id"], "answered": answered, "counts": counts}, to=sid)
        return {"code": code, "step": meta.step, "followers": meta.followers}

    def on_class_step(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            step = data.get("step")
            if not isinstance(step, int) or isinstance(step, bool) or not -1 <= step <= 10**9:
                raise Refused("step: expected a whole number from -1 (nothing shown) up")
            self.rooms.set_step(code, step)
            self._emit("class:step", {"code": code, "step": step}, to=everyone(code), skip_sid=request.sid)  # type: ignore[attr-defined]
            return {"ok": True}
        return self._drive("class:step", data, act)

    def on_class_search(self, data: Any = None) -> Any:
        sid: str = request.sid  # type: ignore[attr-defined]
        if isinstance(data, Unreadable):
            return self._refuse("class:search", None, data.problem)

        def act(code: str, meta: RoomMeta) -> dict[str, Any]:
            fields = {k: v for k, v in data.items() if k not in ("code", "key")}
            try:
                search_request = parse_request(fields)
            except InputError as exc:  # as on /search: the sender hears why, the room nothing
                self._emit("search:error", {"search": None, "error": str(exc), **error_details(exc)}, to=sid)
                return {"error": str(exc)}
            self._start(code, sid, search_request)
            return {"ok": True}
        return self._drive("class:search", data, act)

    def on_class_cancel(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            with self._lock:
                running = self._searches.get(code)
            if running is not None:
                running[2].cancel()
            return {"ok": True}
        return self._drive("class:cancel", data, act)

    def on_class_ask(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            question = read_question(data.get("question"))
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
            return {"ok": True}
        return self._drive("class:reveal", data, act)

    def on_class_close(self, data: Any = None) -> Any:
        def act(code: str, meta: RoomMeta) -> dict[str, bool]:
            self._end(code, "the instructor ended the class")
            return {"ok": True}
        return self._drive("class:close", data, act)

    def _end(self, code: str, reason: str) -> None:
        """The room is gone for everyone: its search stops, its followers are told and let go."""
        with self._lock:
            running = self._searches.pop(code, None)
            for sid in [sid for sid, followed in self._following.items() if followed == code]:
                del self._following[sid]
        if running is not None:
            running[2].cancel()
        self.rooms.delete(code)
        self._emit("class:closed", {"code": code, "reason": reason}, to=everyone(code))
        for room in (code, teachers(code)):
            self.close_room(room)

    def _sweep(self) -> None:
        """Rooms idle for CLASS_IDLE_SECONDS end, and their followers here are told: the memory
        store's idle rooms, and rooms followed or searched here that Redis let expire."""
        sweep = getattr(self.rooms, "sweep", None)
        ended = set(sweep() if sweep else ())
        with self._lock:
            here = set(self._following.values()) | set(self._searches)
        ended |= {code for code in here if self.rooms.meta(code) is None}
        for code in ended:
            self._end(code, "the class was idle too long")

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
                except Exception:  # Redis away for a moment: try again next time
                    log.exception("sweeping idle classes failed")

        self.socketio.start_background_task(sweeper)

    # -- followers ----------------------------------------------------------------------------

    def on_class_join(self, data: Any = None) -> dict[str, Any]:
        sid: str = request.sid  # type: ignore[attr-defined]
        if not self._joins_per_connection.allow(sid):
            return {"error": "too many joins from this connection: wait a minute"}
        raw = data.get("code") if isinstance(data, dict) else None
        code = canonical_code(raw)
        meta = self.rooms.meta(code) if code is not None else None
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
            if before is not None:
                self.leave_room(sid, before)
                self._members(before, self.rooms.add_follower(before, -1))
            self.enter_room(sid, code)  # first: a batch sent from now on arrives live (seq tells duplicates)
            self._members(code, self.rooms.add_follower(code, 1))
        with self._order:
            self._emit("class:state", self._state(code), to=sid)
        return {"code": code}

    def _state(self, code: str) -> PreEncoded | dict[str, Any]:
        """class:state as strict JSON; the events spliced in as the arrays they were sent in."""
        meta = self.rooms.meta(code)
        if meta is None:
            return {"code": code, "step": -1, "search": None, "done": True, "events": [], "question": None, "revealed": None}
        question = public_question(code, meta.question) if meta.question is not None else None
        head = {"code": code, "step": meta.step, "search": meta.search, "done": meta.done,
                "question": question, "revealed": meta.revealed}
        search_id = meta.search.get("search") if meta.search else None
        if search_id is None:
            return {**head, "events": []}
        if meta.count > int(self.config["CLASS_INLINE_EVENTS"]):
            return {**head, "trace": f"/api/class/{code}/searches/{search_id}/events"}
        inner = lines_as_array_items(self.rooms.batches(code, search_id) or [])
        return PreEncoded(dumps(head)[:-1] + ',"events":[' + inner + "]}")

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
        if question is not None and question.get("id") == question_id and question.get("choices") \
                and answer not in question["choices"]:
            return {"error": f"answer: expected one of {', '.join(question['choices'])}"}
        done = self.rooms.answer(code, question_id, sid, answer) if isinstance(question_id, str) else None
        if done is None:
            return {"error": "question: this question is no longer open (it was revealed, or another was asked)"}
        answered, counts = done
        self._emit("class:tally", {"code": code, "question": question_id, "answered": answered, "counts": counts}, to=teachers(code))
        return {"ok": True}

    # -- the room's search ----------------------------------------------------------------------

    def _start(self, code: str, sid: str, search_request: SearchRequest) -> None:
        search_id = secrets.token_urlsafe(9)
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
        self.rooms.begin_search(code, started)
        self._emit("search:started", started, to=everyone(code))
        self.socketio.start_background_task(self._run, code, sid, search_id, search_request, recorder)

    def _batch_sender(self, code: str, sid: str, search_id: str, recorder: Recorder) -> Callable[[Batch], None]:
        """Each batch: kept for late joiners, sent to the room, and to the instructor with an
        acknowledgement that paces the search (as on /search)."""
        window = AckWindow(int(self.config["EVENT_WINDOW"]), lambda: recorder.cancelled, float(self.config["ACK_STALL_SECONDS"]))
        quoted_id = dumps(search_id)

        def send(batch: Batch) -> None:
            if not window.acquire() and not recorder.cancelled:
                recorder.cancel("client stalled")
            texts = batch.json_texts()
            message = PreEncoded('{"search":%s,"events":[%s]}' % (quoted_id, ",".join(texts)))
            with self._order:
                self.rooms.add_batch(code, search_id, "\n".join(texts) + "\n", len(batch))
                self._emit("search:events", message, to=everyone(code), skip_sid=sid)
                self._emit("search:events", message, to=sid, callback=window.release)

        return send

    def _run(self, code: str, sid: str, search_id: str, search_request: SearchRequest, recorder: Recorder) -> None:
        try:
            search_request.run(recorder)
            self.rooms.end_search(code, search_id)
            self._emit("search:done", {"search": search_id}, to=everyone(code))
        except Exception:
            log.exception("class search %s failed", search_id)
            self.rooms.end_search(code, search_id)
            self._emit("search:error", {"search": search_id, "error": "internal error: the search failed"}, to=everyone(code))
        finally:
            with self._lock:
                if self._searches.get(code, ("",))[0] == search_id:
                    del self._searches[code]
