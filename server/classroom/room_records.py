"""Each live classroom's record in the app's SQLite file (table `class_rooms`, server/storage.py).

Redis (or one process's memory) holds a room's live state; this record is what outlives a fault: the
code, the key's hash, the address that made it, its search's request and id and the step last
recorded, so a room whose Redis state was lost (a restart, kill -9) is re-established from it
(room_restore.py). It is also where the per-address and server-wide limits are counted, in one
transaction per change, so several server processes sharing the file cannot both pass the last place:
live rooms per address, and events held for late joiners (per address, and across all rooms: the
memory bound). `active_at` is the key holder's last write (CLASS_IDLE_SECONDS), `present_at` the last
time a process saw a key holder connected (CLASS_ABSENT_SECONDS). Times are wall-clock seconds
(`time.time()`): every process on the machine reads the same clock.
"""

from __future__ import annotations

import hashlib
import hmac
import sqlite3
import time
from contextlib import closing
from pathlib import Path
from typing import Iterable, NamedTuple


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


class RoomRecords:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._address_key: str | None = None

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(self.path, timeout=30, isolation_level=None)

    def owner_of(self, address: str) -> str:
        """How a record names the address that made it: a keyed hash (HMAC under the database's own address key,
        as the quotas keep addresses: server/quotas.py), never the address itself."""
        if self._address_key is None:
            with closing(self._connect()) as db:
                self._address_key = str(db.execute("SELECT value FROM settings WHERE name = 'address_key'").fetchone()[0])
        return hmac.new(self._address_key.encode(), f"{address}#rooms".encode(), hashlib.sha256).hexdigest()[:32]

    def claim(self, code: str, key_hash: str, owner: str, per_owner: int) -> bool | None:
        """Record a new room: False when `owner` already has `per_owner` live rooms, None when the code
        is taken (draw another), True when recorded."""
        now = time.time()
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                if db.execute("SELECT COUNT(*) FROM class_rooms WHERE owner = ?", (owner,)).fetchone()[0] >= per_owner:
                    db.execute("ROLLBACK")
                    return False
                db.execute("INSERT INTO class_rooms (code, key_hash, owner, active_at, present_at) VALUES (?, ?, ?, ?, ?)",
                           (code, key_hash, owner, now, now))
                db.execute("COMMIT")
                return True
            except sqlite3.IntegrityError:
                db.execute("ROLLBACK")
                return None
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def get(self, code: str) -> RoomRecord | None:
        with closing(self._connect()) as db:
            row = db.execute("SELECT code, key_hash, owner, request, search_id, step, held, active_at, present_at "
                             "FROM class_rooms WHERE code = ?",
                             (code,)).fetchone()
        return None if row is None else RoomRecord(*row)

    def reserve(self, code: str, request: str, search_id: str, events: int, per_owner: int, budget: int) -> str | None:
        """Record the room's new search and reserve `events` for it (its old search's are given back):
        None when done, else the sentence saying which limit is full (nothing is changed)."""
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                row = db.execute("SELECT owner, held FROM class_rooms WHERE code = ?", (code,)).fetchone()
                if row is None:
                    db.execute("ROLLBACK")
                    return "the class has ended"
                owner, held = row
                mine = db.execute("SELECT COALESCE(SUM(held), 0) FROM class_rooms WHERE owner = ?", (owner,)).fetchone()[0]
                everyone = db.execute("SELECT COALESCE(SUM(held), 0) FROM class_rooms").fetchone()[0]
                problem = None
                if mine - held + events > per_owner:
                    problem = (f"this address's classes hold {mine - held:,} events of searches for late joiners, and "
                               f"a search may need {events:,} more (at most {per_owner:,} per address): end a class, or run it there")
                elif everyone - held + events > budget:
                    problem = (f"the server's classes hold {everyone - held:,} events of searches for late joiners, and "
                               f"a search may need {events:,} more (at most {budget:,} in all): try again when a class ends")
                if problem is not None:
                    db.execute("ROLLBACK")
                    return problem
                db.execute("UPDATE class_rooms SET request = ?, search_id = ?, held = ?, step = -1, active_at = ? WHERE code = ?",
                           (request, search_id, events, time.time(), code))
                db.execute("COMMIT")
                return None
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def settle(self, code: str, search_id: str, held: int) -> None:
        """A search ended: the room holds what it kept, not what it reserved."""
        with closing(self._connect()) as db:
            db.execute("UPDATE class_rooms SET held = ? WHERE code = ? AND search_id = ?", (held, code, search_id))

    def heartbeat(self, present: Iterable[str], active: dict[str, int | None]) -> None:
        """One transaction per sweep: the rooms with a key holder connected here, and those whose key
        holders wrote here since the last sweep (with the last step sent, if one was)."""
        now = time.time()
        present = list(present)
        if not present and not active:
            return
        with closing(self._connect()) as db:
            db.execute("BEGIN IMMEDIATE")
            try:
                db.executemany("UPDATE class_rooms SET present_at = ? WHERE code = ?", [(now, code) for code in present])
                db.executemany("UPDATE class_rooms SET step = COALESCE(?, step), active_at = ? WHERE code = ?",
                               [(step, now, code) for code, step in active.items()])
                db.execute("COMMIT")
            except BaseException:
                db.execute("ROLLBACK")
                raise

    def touch(self, code: str) -> None:
        """A key holder is here now (a drive, a search)."""
        now = time.time()
        with closing(self._connect()) as db:
            db.execute("UPDATE class_rooms SET present_at = ?, active_at = ? WHERE code = ?", (now, now, code))

    def expired(self, idle_seconds: float, absent_seconds: float) -> list[tuple[str, str]]:
        """(code, reason) of the rooms to end: no key holder write for `idle_seconds`, or no key holder
        connected for `absent_seconds`."""
        now = time.time()
        with closing(self._connect()) as db:
            rows = db.execute("SELECT code, active_at, present_at FROM class_rooms WHERE active_at < ? OR present_at < ?",
                              (now - idle_seconds, now - absent_seconds)).fetchall()
        away = f"{absent_seconds / 60:g} minutes" if absent_seconds >= 120 else f"{absent_seconds:g} s"
        return [(code, "the class was idle too long" if active < now - idle_seconds else
                 f"no instructor's page was connected for {away}") for code, active, _ in rows]

    def codes(self) -> list[str]:
        with closing(self._connect()) as db:
            return [row[0] for row in db.execute("SELECT code FROM class_rooms")]

    def delete(self, code: str) -> bool:
        """Forget the room; True for the one caller that removed it (the one that tells its followers)."""
        with closing(self._connect()) as db:
            return db.execute("DELETE FROM class_rooms WHERE code = ?", (code,)).rowcount == 1
