"""What keeps a classroom alive through faults and ends it when no one holds it, for the /class namespace.

- Records (room_records.py, SQLite): every live room, so the per-address limits hold across processes
  and a room whose Redis state was lost (a Redis restart, kill -9) is re-established: its key's hash
  and step, and its search re-run from its request (searches are deterministic: the same request
  gives the same events), under the same search id, so a follower keeps the events it holds.
- Key holders connected here, told to the records every sweep: a room with no key holder connected
  for CLASS_ABSENT_SECONDS ends (an instructor's reload or a laptop's short sleep does not end it).
- Presence (presence.py): followers counted per live process, room searches whose process died.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any, Callable, Mapping

from search import InputError, Recorder, parse_request
from search.traces.recorder import Batch
from server.classroom.presence import MemoryPresence, Presence, presence_for
from server.classroom.room_records import RoomRecord, RoomRecords
from server.classroom.rooms import RoomMeta, Rooms, RoomsFull

Started = dict[str, Any]
SendBatch = Callable[[str, str, Batch], None]  # (code, search id, batch): keep it and send it to the room

FAULT_STOPPED = "the search stopped: the server process running it ended (run it again)"


def started_message(search_id: str, fields: Mapping[str, Any]) -> Started:
    """The search:started message of a request (InputError if it no longer parses)."""
    request = parse_request(dict(fields))
    return {"search": search_id, "algorithm": request.algorithm, "options": request.options(), "pseudocode": request.listing()}


class RoomKeeper:
    def __init__(self, config: Mapping[str, Any], rooms: Rooms) -> None:
        self.config = config
        self.rooms = rooms
        self.records = RoomRecords(str(config["DATABASE"]))
        self.presence: Presence = presence_for(config["MESSAGE_QUEUE"], float(config["CLASS_SWEEP_SECONDS"]),
                                               float(config["CLASS_IDLE_SECONDS"]))
        self.shared = not isinstance(self.presence, MemoryPresence)
        self._lock = threading.Lock()
        self._teaching: dict[str, set[str]] = {}  # sid -> codes whose key it showed
        self._active: dict[str, int | None] = {}  # code -> the step sent here (if one was) since the last sweep

    # -- limits ---------------------------------------------------------------------------------

    def claim(self, code: str, key_hash: str, address: str, instructor: str | None) -> str | None:
        """records.claim under CLASS_ROOMS_PER_INSTRUCTOR (`instructor`: records.instructor_of the page's key; without
        one, the address counts as the instructor) and CLASS_ROOMS_PER_ADDRESS."""
        owner = self.records.owner_of(address)
        instructor = instructor or owner
        return self.records.claim(code, key_hash, owner, int(self.config["CLASS_ROOMS_PER_ADDRESS"]),
                                  instructor, int(self.config["CLASS_ROOMS_PER_INSTRUCTOR"]))

    def reserve(self, code: str, search_id: str, fields: Mapping[str, Any]) -> str | None:
        """Record the room's new search, reserving its events; the sentence of a full limit, or None."""
        problem = self.records.reserve(code, json.dumps(dict(fields), allow_nan=False), search_id,
                                       int(self.config["MAX_EVENTS_PER_CLASS_SEARCH"]),
                                       int(self.config["CLASS_EVENTS_PER_ADDRESS"]), int(self.config["CLASS_EVENTS_BUDGET"]))
        if problem is None:
            with self._lock:  # the new search starts at no step: the last step of the one before is not its own
                self._active[code] = -1
        return problem

    # -- key holders ------------------------------------------------------------------------------

    def holding(self, sid: str, code: str) -> None:
        with self._lock:
            self._teaching.setdefault(sid, set()).add(code)
        self.records.touch(code)

    def gone(self, sid: str) -> None:
        with self._lock:
            self._teaching.pop(sid, None)

    def active(self, code: str, step: int | None = None) -> None:
        """A key holder's write (with the step sent, if any): recorded at the next sweep, in one
        transaction for every room, not at each of 20 steps a second."""
        with self._lock:
            if step is not None or code not in self._active:
                self._active[code] = step

    def ended(self, code: str) -> bool:
        """Forget the room; True for the one process that removed its record."""
        with self._lock:
            self._active.pop(code, None)
            for codes in self._teaching.values():
                codes.discard(code)
        self.presence.forget(code)
        return self.records.delete(code)

    def beat(self, followers: dict[str, int], running: dict[str, str]) -> list[str]:
        """This sweep's heartbeat: key holders and steps to the records, counts and searches to presence.
        The codes with a key holder here."""
        with self._lock:
            present = sorted({code for codes in self._teaching.values() for code in codes})
            active, self._active = self._active, {}
        for code in running:  # a search that runs keeps its room active, as each of its batches renews it in the store
            active.setdefault(code, None)
        self.records.heartbeat(present, active)
        self.presence.beat(followers, running)
        return present

    def expired(self) -> list[tuple[str, str]]:
        return self.records.expired(float(self.config["CLASS_IDLE_SECONDS"]), float(self.config["CLASS_ABSENT_SECONDS"]))

    # -- faults -----------------------------------------------------------------------------------

    def meta(self, code: str, send: SendBatch, done: Callable[[str, str], None]) -> RoomMeta | None:
        """The room's state; re-established from its record when Redis lost it (None: no such room)."""
        meta = self.rooms.meta(code)
        if meta is not None:
            return meta
        record = self.records.get(code)
        now = time.time()
        if record is None or record.active_at < now - float(self.config["CLASS_IDLE_SECONDS"]) \
                or record.present_at < now - float(self.config["CLASS_ABSENT_SECONDS"]):
            return None  # ended, or to be ended by the next sweep
        return self.restore(record, send, done)

    def restore(self, record: RoomRecord, send: SendBatch, done: Callable[[str, str], None]) -> RoomMeta | None:
        """Make the room again from its record: its search re-run to the end (each batch kept and sent to
        the room: followers drop the events they hold), then its step. Another process (or thread)
        that made it first wins; its state is answered."""
        try:
            if not self.rooms.create(record.code, record.key_hash):
                return self.rooms.meta(record.code)
        except RoomsFull:
            return None
        if record.request and record.search_id:
            try:
                started = started_message(record.search_id, json.loads(record.request))
            except (InputError, ValueError):
                started = None
            if started is not None:
                self._rerun(record, started, send, done)
                return self.rooms.meta(record.code)
        self.rooms.set_step(record.code, record.step)
        return self.rooms.meta(record.code)

    def _rerun(self, record: RoomRecord, started: Started, send: SendBatch, done: Callable[[str, str], None]) -> None:
        code, search_id = record.code, started["search"]
        self.presence.running(code, search_id)
        self.rooms.begin_search(code, started)
        self.rooms.set_step(code, record.step)  # before the re-run: a step the instructor sends meanwhile stays
        recorder = Recorder(lambda batch: send(code, search_id, batch), keep=False,
                            batch_size=int(self.config["EVENT_BATCH_SIZE"]),
                            max_events=int(self.config["MAX_EVENTS_PER_CLASS_SEARCH"]))
        try:
            parse_request(json.loads(record.request or "{}")).run(recorder)
        finally:
            self.rooms.end_search(code, search_id)
            self.presence.finished(code, search_id)
        done(code, search_id)

    def orphans(self) -> list[tuple[str, str, int]]:
        """(code, search id, events) of room searches "not done" that no live process runs: their
        process died. Only with several processes (one process's searches end before it does)."""
        if not self.shared:
            return []
        found = []
        for code in self.records.codes():
            meta = self.rooms.meta(code)
            search_id = meta.search.get("search") if meta is not None and meta.search else None
            if meta is not None and not meta.done and search_id and not self.presence.is_running(code, search_id):
                found.append((code, search_id, meta.count))
        return found
