"""Each live classroom's record in the app's database (table `class_rooms`, server/storage.py): SQLite, or PostgreSQL
when the processes run on several hosts.

Redis (or one process's memory) holds a room's live state; this record is what outlives a fault: the
code, the key's hash, the address that made it, its search's request and id and the step last
recorded, so a room whose Redis state was lost (a restart, kill -9) is re-established from it
(room_restore.py). It is also where the per-address and server-wide limits are counted, in one
transaction per change with the other writers of the table held off (server.database.engine: SQLite's BEGIN
IMMEDIATE, PostgreSQL's advisory lock ROOMS_LOCK), so several server processes cannot both pass the last place:
live rooms per address, and events held for late joiners (per address, and across all rooms: the
memory bound). `active_at` is the key holder's last write (CLASS_IDLE_SECONDS), `present_at` the last
time a process saw a key holder connected (CLASS_ABSENT_SECONDS). Times are wall-clock seconds
(`time.time()`): hosts sharing a database keep their clocks in step (NTP), as docs/deploy.md asks.
"""

from __future__ import annotations

import hashlib
import hmac
import time
from pathlib import Path
from typing import Any, Iterable, NamedTuple

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from server.database.engine import database_for
from server.database.tables import class_rooms, settings

ROOMS_LOCK = "class_rooms"
"""The advisory lock of every change that counts or updates several rooms at once (PostgreSQL)."""
COLUMNS = (class_rooms.c.code, class_rooms.c.key_hash, class_rooms.c.owner, class_rooms.c.request, class_rooms.c.search_id,
           class_rooms.c.step, class_rooms.c.held, class_rooms.c.active_at, class_rooms.c.present_at, class_rooms.c.instructor)


class RoomRecord(NamedTuple):
    code: str
    key_hash: str
    owner: str
    request: str | None  # the class:search fields (without code and key) as JSON text
    search_id: str | None
    step: int
    held: int  # events reserved (a running search) or held (a finished one) for late joiners
    active_at: float
    present_at: float
    instructor: str | None  # instructor_of(the page's instructor key, or the address); None: recorded before


class RoomRecords:
    def __init__(self, where: str | Path) -> None:
        self.db = database_for(where)
        self._address_key: str | None = None

    def owner_of(self, address: str) -> str:
        """How a record names the address that made it: a keyed hash (HMAC under the database's own address key,
        as the quotas keep addresses: server/quotas.py), never the address itself."""
        return self._keyed(f"{address}#rooms")

    def instructor_of(self, instructor_key: str) -> str:
        """How a record names the instructor who made it: a keyed hash of the page's instructor key."""
        return self._keyed(f"{instructor_key}#instructor")

    def _keyed(self, text: str) -> str:
        if self._address_key is None:
            with self.db.reading() as connection:
                self._address_key = str(connection.execute(select(settings.c.value).where(settings.c.name == "address_key")).scalar_one())
        return hmac.new(self._address_key.encode(), text.encode(), hashlib.sha256).hexdigest()[:32]

    def claim(self, code: str, key_hash: str, owner: str, per_owner: int, instructor: str, per_instructor: int) -> str | None:
        """Record a new room: "instructor" when `instructor` already has `per_instructor` live rooms, "owner" when the
        address `owner` has `per_owner`, "taken" when the code is (draw another), None when recorded."""
        now = time.time()
        try:
            with self.db.writing(ROOMS_LOCK) as connection:
                def count(column: Any, value: str) -> int:
                    return int(connection.execute(select(func.count()).select_from(class_rooms).where(column == value)).scalar_one())
                if count(class_rooms.c.instructor, instructor) >= per_instructor:
                    return "instructor"
                if count(class_rooms.c.owner, owner) >= per_owner:
                    return "owner"
                connection.execute(insert(class_rooms).values(code=code, key_hash=key_hash, owner=owner, instructor=instructor,
                                                              active_at=now, present_at=now))
                return None
        except IntegrityError:
            return "taken"

    def of_instructor(self, instructor: str) -> list[RoomRecord]:
        """The live rooms `instructor` made, the most recently active first."""
        with self.db.reading() as connection:
            rows = connection.execute(select(*COLUMNS).where(class_rooms.c.instructor == instructor)
                                      .order_by(class_rooms.c.active_at.desc())).all()
        return [RoomRecord(*row) for row in rows]

    def get(self, code: str) -> RoomRecord | None:
        with self.db.reading() as connection:
            row = connection.execute(select(*COLUMNS).where(class_rooms.c.code == code)).first()
        return None if row is None else RoomRecord(*row)

    def reserve(self, code: str, request: str, search_id: str, events: int, per_owner: int, budget: int) -> str | None:
        """Record the room's new search and reserve `events` for it (its old search's are given back):
        None when done, else the sentence saying which limit is full (nothing is changed)."""
        held_sum = func.coalesce(func.sum(class_rooms.c.held), 0)
        with self.db.writing(ROOMS_LOCK) as connection:
            row = connection.execute(select(class_rooms.c.owner, class_rooms.c.held).where(class_rooms.c.code == code)).first()
            if row is None:
                return "the class has ended"
            owner, held = row
            mine = connection.execute(select(held_sum).where(class_rooms.c.owner == owner)).scalar_one()
            everyone = connection.execute(select(held_sum)).scalar_one()
            if mine - held + events > per_owner:
                return (f"this address's classes hold {mine - held:,} events of searches for late joiners, and "
                        f"a search may need {events:,} more (at most {per_owner:,} per address): end a class, or run it there")
            if everyone - held + events > budget:
                return (f"the server's classes hold {everyone - held:,} events of searches for late joiners, and "
                        f"a search may need {events:,} more (at most {budget:,} in all): try again when a class ends")
            connection.execute(update(class_rooms).where(class_rooms.c.code == code)
                               .values(request=request, search_id=search_id, held=events, step=-1, active_at=time.time()))
            return None

    def settle(self, code: str, search_id: str, held: int) -> None:
        """A search ended: the room holds what it kept, not what it reserved."""
        with self.db.writing() as connection:
            connection.execute(update(class_rooms).where(class_rooms.c.code == code, class_rooms.c.search_id == search_id)
                               .values(held=held))

    def heartbeat(self, present: Iterable[str], active: dict[str, int | None]) -> None:
        """One transaction per sweep: the rooms with a key holder connected here, and those whose key
        holders wrote here since the last sweep (with the last step sent, if one was). Under ROOMS_LOCK: two
        processes' sweeps updating the same rooms in different orders would otherwise deadlock on PostgreSQL."""
        now = time.time()
        present = sorted(present)
        if not present and not active:
            return
        with self.db.writing(ROOMS_LOCK) as connection:
            if present:
                connection.execute(update(class_rooms).where(class_rooms.c.code.in_(present)).values(present_at=now))
            for code, step in sorted(active.items()):
                changed = {"active_at": now} if step is None else {"active_at": now, "step": step}
                connection.execute(update(class_rooms).where(class_rooms.c.code == code).values(**changed))

    def touch(self, code: str) -> None:
        """A key holder is here now (a drive, a search)."""
        now = time.time()
        with self.db.writing() as connection:
            connection.execute(update(class_rooms).where(class_rooms.c.code == code).values(present_at=now, active_at=now))

    def expired(self, idle_seconds: float, absent_seconds: float) -> list[tuple[str, str]]:
        """(code, reason) of the rooms to end: no key holder write for `idle_seconds`, or no key holder
        connected for `absent_seconds`."""
        now = time.time()
        with self.db.reading() as connection:
            rows = connection.execute(select(class_rooms.c.code, class_rooms.c.active_at).where(
                or_(class_rooms.c.active_at < now - idle_seconds, class_rooms.c.present_at < now - absent_seconds))).all()
        away = f"{absent_seconds / 60:g} minutes" if absent_seconds >= 120 else f"{absent_seconds:g} s"
        return [(code, "the class was idle too long" if active < now - idle_seconds else
                 f"no instructor's page was connected for {away}") for code, active in rows]

    def codes(self) -> list[str]:
        with self.db.reading() as connection:
            return list(connection.execute(select(class_rooms.c.code)).scalars())

    def delete(self, code: str) -> bool:
        """Forget the room; True for the one caller that removed it (the one that tells its followers)."""
        with self.db.writing() as connection:
            return connection.execute(delete(class_rooms).where(class_rooms.c.code == code)).rowcount == 1
