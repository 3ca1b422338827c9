"""Quotas per client address (issue 31): bytes stored and writes per minute, so one client cannot fill the disk
or hold the server, while a class of 300 behind one campus address still works (docs/http-api.md#quotas).

A client is `request.remote_addr`: behind `--behind-proxy`, the address the proxy saw (ProxyFix).
- Stored bytes (trees, traces, exercises; and, in a budget of their own, attempts and noted help: the text that lands in the database and server.storage.ROW_BYTES
  per row) per address over QUOTA_STORED_WINDOW_SECONDS, counted in the database itself (table stored_bytes,
  in QUOTA_STORED_BUCKETS time buckets) in the same transaction as the insert: a restart does not reset it,
  processes sharing the file share it, and two saves at once cannot both take the last byte. The address is
  kept only as an HMAC under the database's own key (server/storage.py), never as it is.
- Writes per QUOTA_MINUTE_SECONDS, per kind of request and address (server/rate_limits.py's sliding window,
  in the process's memory; with a Redis message queue, in Redis, shared by every process: shared_rate_limit.py). Checks and hints also
  count per student (its `student` name, else its `learner` token; a request with neither counts as one
  anonymous student of its address), so one student cannot spend the class's allowance.
Over a quota: 429, Retry-After (whole seconds) and {"error": one sentence naming the limit and when it resets}.
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import math
import time
from typing import Any, Callable, Mapping, TypeVar

from flask import Flask, Response, current_app, jsonify, request
from sqlalchemy import Connection, delete, select

from search import InputError
from server.database.tables import stored_bytes
from server.practice.identity import read_identity
from server.rate_limits import RateLimit, client_address
from server.shared_rate_limit import rate_limit_for
from server.storage import Store, upsert

KINDS: dict[str, str] = {
    "trees": "trees saved",  # POST /api/trees
    "traces": "traces saved",  # POST /api/traces
    "trace_checks": "traces checked",  # POST /api/traces/check (stores nothing, but searches the trace again)
    "exercises": "exercises made",  # POST /api/exercises
    "checks": "checks",  # POST /api/exercises/<id>/check
    "hints": "hints asked",  # POST /api/exercises/<id>/hint
    "solutions": "solutions opened",  # GET /api/exercises/<id>/solution (each noted as a student's help)
    "imports": "CS188 files imported",  # POST /api/import/cs188
    "misconception_answers": "misconception answers asked",  # POST /api/misconceptions/answers
    "play_moves": "engine moves asked",  # POST /api/play/move (besides its per-page limit on replies at once)
    "lti_logins": "LMS logins started",  # GET|POST /lti/login (each keeps a nonce for 10 minutes)
    "lti_registrations": "LMS registrations tried",  # GET /lti/register (each asks the platform twice; guesses the secret)
}
"""Each kind of write with a per-minute quota, and what the 429's sentence calls it."""
PER_STUDENT = ("checks", "hints", "solutions")
"""The kinds that also count per student (QUOTA_STUDENT_<KIND>_PER_MINUTE)."""

F = TypeVar("F", bound=Callable[..., Any])


class OverQuota(Exception):
    """A request over a quota: the sentence the client is shown and when to try again (whole seconds, 1 or more)."""

    def __init__(self, sentence: str, retry_after: float) -> None:
        super().__init__(sentence)
        self.retry_after = max(1, math.ceil(retry_after))


def per_window(seconds: float) -> str:
    """"a minute", "a day", or "per 2 s": how a sentence says a window."""
    named = {60.0: "a minute", 3600.0: "an hour", 86400.0: "a day"}
    return named.get(float(seconds)) or f"per {seconds:g} s"


def wait_words(seconds: int) -> str:
    """23 s, 60 s, 4 min 10 s, 3 h 12 min."""
    if seconds < 120:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min" + (f" {seconds % 60} s" if seconds % 60 else "")
    return f"{seconds // 3600} h" + (f" {seconds % 3600 // 60} min" if seconds % 3600 // 60 else "")


def size_words(nbytes: int) -> str:
    """100 MB, 2.5 MB, 40 KB, 900 bytes (decimal units)."""
    for unit, size in (("GB", 10**9), ("MB", 10**6), ("KB", 10**3)):
        if nbytes >= size:
            return f"{nbytes / size:.3g} {unit}"
    return f"{nbytes} bytes"


class StoredBytes:
    """At most `limit` bytes stored per address in any `window` seconds, counted in `buckets` buckets per window
    (a bucket's bytes leave the count when the whole bucket has left the window)."""

    def __init__(self, store: Store, limit: int, window: float, buckets: int, pool: str = "") -> None:
        self.store = store
        self.pool = pool  # "" for uploads; "answers" for attempts and help, a budget of their own
        self.limit = limit
        self.window = window
        self.buckets = buckets
        self.bucket_seconds = window / buckets
        self._swept = -1

    def who(self, address: str) -> str:
        named = address if not self.pool else f"{address}#{self.pool}"
        return hmac.new(self.store.address_key.encode(), named.encode(), hashlib.sha256).hexdigest()[:32]

    def bill(self, address: str, expected: int = 0) -> Bill:
        """A bill for one save from `address`; refused at once (OverQuota) when `expected` bytes already do not fit,
        before the caller spends time checking what it would store."""
        bill = Bill(self, self.who(address))
        now = time.time()
        with self.store.db.reading() as connection:
            used = self.usage(connection, bill.who, now)
        bill.refuse_if_over(used, expected, now)
        return bill

    def usage(self, connection: Connection, who: str, now: float) -> list[tuple[int, int]]:
        """(bucket, bytes) of `who` still in the window, oldest first."""
        first = self.bucket(now) - self.buckets + 1
        rows = connection.execute(select(stored_bytes.c.bucket, stored_bytes.c.bytes)
                                  .where(stored_bytes.c.who == who, stored_bytes.c.bucket >= first).order_by(stored_bytes.c.bucket))
        return [(int(b), int(n)) for b, n in rows]

    def bucket(self, now: float) -> int:
        return math.floor(now / self.bucket_seconds)

    def sentence(self, wait: float) -> str:
        what = "checks' attempts, hints and solutions noted" if self.pool == "answers" else "trees, traces and exercises"
        return (f"too much stored from this address: at most {size_words(self.limit)} {per_window(self.window)} ({what}); "
                f"try again in {wait_words(max(1, math.ceil(wait)))}")

    def sweep(self, connection: Connection, now: float) -> None:
        """Forget every address's buckets that have left the window (once per bucket per process)."""
        current = self.bucket(now)
        if current != self._swept:
            connection.execute(delete(stored_bytes).where(stored_bytes.c.bucket < current - self.buckets + 1))
            self._swept = current


class Bill:
    """One save's charge to an address's stored-bytes quota (server.storage.Bill)."""

    def __init__(self, quota: StoredBytes, who: str) -> None:
        self.quota = quota
        self.who = who
        self.lock = f"quota:{who}"  # held from the charge to the save's commit (server.storage.Bill)

    def refuse_if_over(self, used: list[tuple[int, int]], nbytes: int, now: float) -> None:
        """OverQuota, saying when enough of the oldest buckets will have left the window, if `nbytes` do not fit."""
        quota = self.quota
        total = sum(n for _, n in used)
        if total + nbytes <= quota.limit:
            return
        wait = quota.window  # a save larger than the whole quota never fits: a whole window
        for bucket, n in used:
            total -= n
            if total + nbytes <= quota.limit:
                wait = (bucket + quota.buckets) * quota.bucket_seconds - now
                break
        raise OverQuota(quota.sentence(wait), wait)

    def charge(self, connection: Connection, nbytes: int) -> None:
        now = time.time()
        self.quota.sweep(connection, now)
        self.refuse_if_over(self.quota.usage(connection, self.who, now), nbytes, now)
        added = upsert(connection, stored_bytes).values(who=self.who, bucket=self.quota.bucket(now), bytes=nbytes)
        connection.execute(added.on_conflict_do_update(index_elements=["who", "bucket"],
                                                       set_={"bytes": stored_bytes.c.bytes + added.excluded.bytes}))


class Quotas:
    """The app's quotas, from its config (server/config.py's QUOTA_* entries)."""

    def __init__(self, config: Mapping[str, Any], store: Store) -> None:
        minute, queue = float(config["QUOTA_MINUTE_SECONDS"]), config.get("MESSAGE_QUEUE")
        self.per_address = {kind: rate_limit_for(queue, int(config[f"QUOTA_{kind.upper()}_PER_MINUTE"]), minute, kind)
                            for kind in KINDS}
        self.per_student = {kind: rate_limit_for(queue, int(config[f"QUOTA_STUDENT_{kind.upper()}_PER_MINUTE"]), minute,
                                                 f"student-{kind}") for kind in PER_STUDENT}
        window, buckets = float(config["QUOTA_STORED_WINDOW_SECONDS"]), int(config["QUOTA_STORED_BUCKETS"])
        self.stored = StoredBytes(store, int(config["QUOTA_STORED_BYTES"]), window, buckets)
        # Attempts and help rows have a budget of their own: one client's uploads behind a campus address must not
        # stop the class's checks.
        self.answers = StoredBytes(store, int(config["QUOTA_ANSWER_BYTES"]), window, buckets, "answers")

    def spend(self, kind: str, address: str, student: str | None = None) -> None:
        """Count one `kind` write from `address` (and, for checks and hints, from `student` there); OverQuota if over."""
        counted = [(self.per_address[kind], address, "this address")]
        if kind in self.per_student:
            counted.insert(0, (self.per_student[kind], f"{address} {student or ''}", "this student"))
        for limit, client, whom in counted:  # asked first, so a refused request is counted by neither
            if not limit.would_allow(client):
                self._refuse(limit, client, kind, whom)
        for limit, client, whom in counted:
            if not limit.allow(client):  # another thread took the last try meanwhile
                self._refuse(limit, client, kind, whom)

    @staticmethod
    def _refuse(limit: RateLimit, client: str, kind: str, whom: str) -> None:
        wait = limit.retry_after(client)
        raise OverQuota(f"too many {KINDS[kind]} from {whom}: at most {limit.tries:,} {per_window(limit.seconds)}; "
                        f"try again in {wait_words(max(1, math.ceil(wait)))}", wait)


def quotas() -> Quotas:
    return current_app.extensions["minimax_quotas"]


def address() -> str:
    """The client a quota counts (an IPv6 address's /64: rate_limits.client_address)."""
    return client_address(request.remote_addr)


def student_of_request() -> str | None:
    """Whose check or hint this is: the LMS launch `lti`, else `student`, else `learner`, from the JSON body or the query string (the
    exercise page sends a hint's in the query). A bad value counts as none here: the route refuses it."""
    fields: dict[str, Any] = dict(request.args)
    data = request.get_data(cache=True)  # cached: the route reads the same bytes
    try:
        body = json.loads(data) if data.lstrip()[:1] == b"{" else None
    except (ValueError, RecursionError):
        body = None
    if isinstance(body, dict):
        fields.update({name: body[name] for name in ("student", "learner", "lti", "s") if name in body})
    if isinstance(fields.get("lti"), str) and fields["lti"]:  # an LMS launch: its student (the route checks it)
        return f"lti:{fields['lti'][:64]}"
    if isinstance(fields.get("s"), str) and fields["s"]:  # a roster student's private link (the route checks it)
        return f"s:{fields['s'][:64]}"
    try:
        identity = read_identity(fields)
    except InputError:
        return None
    who = identity.who
    return None if who is None else f"{who[0]}:{who[1]}"


def limited(kind: str) -> Callable[[F], F]:
    """A route counted against the `kind` quota of its address (and of its student, for checks and hints)."""
    def wrap(route: F) -> F:
        @functools.wraps(route)
        def counted(*args: Any, **kwargs: Any) -> Any:
            quotas().spend(kind, address(), student_of_request() if kind in PER_STUDENT else None)
            return route(*args, **kwargs)
        return counted  # type: ignore[return-value]
    return wrap


def stored_bill(expected: int = 0) -> Bill:
    """A bill for this request's save (server.storage's `bill=`); 429 at once if `expected` bytes do not fit."""
    return quotas().stored.bill(address(), expected)


def answer_bill() -> Bill:
    """A bill for an attempt or a noted help row, against the address's budget for answers (QUOTA_ANSWER_BYTES)."""
    return quotas().answers.bill(address())


def over_quota(error: OverQuota) -> tuple[Response, int, dict[str, str]]:
    return jsonify(error=str(error)), 429, {"Retry-After": str(error.retry_after)}


def install_quotas(app: Flask) -> None:
    """Give `app` its quotas and the 429 answer (create_app calls this once the store is open)."""
    app.extensions["minimax_quotas"] = Quotas(app.config, app.extensions["minimax_store"])
    app.register_error_handler(OverQuota, over_quota)
