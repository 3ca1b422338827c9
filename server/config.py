"""Server settings and per-client limits; tests and benchmarks override them via create_app."""

from __future__ import annotations

from pathlib import Path

from search import limits

ROOT = Path(__file__).resolve().parent.parent

DEFAULTS: dict[str, object] = {
    # Where `npm ci` put the front-end libraries we serve at /vendor.
    "NODE_MODULES": str(ROOT / "node_modules"),
    # A client may run this many searches at once; the next start gets search:error.
    "MAX_RUNNING_SEARCHES_PER_CLIENT": 2,
    # A search stops after this many events (its result says "event limit"). Full tic-tac-toe
    # minimax from the empty board is 1,944,617 events (trace format 4): the whole game fits
    # twice over. The server holds only the batches in flight (EVENT_WINDOW), never the trace;
    # the page keeps it as columns (static/js/replay/event_store.js), about 60 MB for that search.
    "MAX_EVENTS_PER_SEARCH": 4_000_000,
    # Events per search:events message. Socket.IO has no batching of its own: one message per
    # event is 16-30x slower.
    "EVENT_BATCH_SIZE": 1000,
    # Batches sent but not yet acknowledged by the client (flow control, server/searches/ack_window.py).
    "EVENT_WINDOW": 4,
    # zlib level for websocket messages (permessage-deflate, server/transport/websocket_deflate.py) and for
    # a search's events fetched over HTTP (gzip, server/searches/stream.py): 1 is four times cheaper
    # than zlib's default 6 and still shrinks events eightfold; 0 does no compression work (a
    # websocket still frames its messages as deflate's stored blocks). One level per process.
    "COMPRESSION_LEVEL": 1,
    # A client that acknowledges nothing for this long has its search stopped.
    "ACK_STALL_SECONDS": 60.0,
    # Most tree nodes the practice exercises read back and cached hold in all (about 200 MB at
    # worst, with the misconceptions' answers a check diagnoses against): five exercises at the node
    # limit, or thousands of lecture-sized ones.
    "EXERCISE_CACHE_NODES": 50_000,
    # Uploaded traces checked at once (each re-runs its search: server/searches/trace_checks.py); the next gets 503.
    "MAX_CONCURRENT_TRACE_CHECKS": 2,
    # Socket.IO messages larger than this close the connection (engine.io's own limit).
    "MAX_MESSAGE_BYTES": 2 * limits.MAX_PAYLOAD_BYTES,
    # Host headers the server answers (server/transport/guard.py); `python -m server` adds the address it
    # listens on and every --allow-host. Any other Host gets 400 (DNS rebinding).
    "ALLOWED_HOSTS": ("localhost", "127.0.0.1", "::1"),
    # Classroom rooms (docs/classroom.md). With a message queue (`--message-queue redis://...`)
    # several processes share rooms: emits travel through Redis and room state lives there.
    "MESSAGE_QUEUE": None,
    # A proxy in front (nginx) sets X-Forwarded-For: rate limits count the address it saw.
    "BEHIND_PROXY": False,
    # Joins a connection may try per minute, and wrong codes an address may try per minute
    # (right ones do not count: a class behind one campus address joins at once).
    "CLASS_JOINS_PER_MINUTE": 20,
    # Rooms an address may create per window, and rooms live at once (each may keep a search of
    # MAX_EVENTS_PER_CLASS_SEARCH events, about 13 MB: 100 rooms stay under 1.5 GB).
    "CLASS_CREATES_PER_WINDOW": 5,
    "CLASS_MAX_ROOMS": 100,
    "CLASS_CREATE_WINDOW_SECONDS": 600.0,
    # A room's search stops after this many events: the room keeps them all for late joiners.
    # Tic-tac-toe alpha-beta after one move (13,098) and minimax after two (about 26,000) fit;
    # minimax after one move (211,089) does not.
    "MAX_EVENTS_PER_CLASS_SEARCH": 100_000,
    # class:state carries the events inline up to this many; beyond, a path to fetch them.
    "CLASS_INLINE_EVENTS": 5000,
    # A room whose key holder did nothing for this long ends (followers do not keep it alive).
    "CLASS_IDLE_SECONDS": 4 * 3600.0,
    # How often idle rooms are ended and their followers told.
    "CLASS_SWEEP_SECONDS": 60.0,
    # A frame no client of ours sends (server/transport/bad_frames.py) gets one log line per kind of
    # fault per this many seconds, the next saying how many were left unsaid; never a traceback.
    "BAD_FRAME_LOG_SECONDS": 60.0,
    # The code lab (/code, docs/code-lab.md): the page stops a student's search running in its Web Worker
    # after this many seconds (the worker is ended and a fresh one started); tests set it smaller.
    "CODE_LAB_TIME_LIMIT_SECONDS": float(limits.GRADE_TIMEOUT_SECONDS),
}
