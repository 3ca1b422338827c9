"""Server settings and per-client limits; tests and benchmarks override them via create_app."""

from __future__ import annotations

from pathlib import Path

from search import limits
from server.web_files import web_folder

ROOT = Path(__file__).resolve().parent.parent

DEFAULTS: dict[str, object] = {
    # Where `npm ci` put the front-end libraries we serve at /vendor (in an installed wheel, its copy: server/web_files.py).
    "NODE_MODULES": str(web_folder() / "node_modules"),
    # Send a page its script as one built file (`make pages`) while that was built from the modules as they are now
    # (server/http/page_bundles.py); False sends the modules one by one, as a debugger shows them.
    "PAGE_BUNDLES": True,
    # Socket.IO connections (open pages) one address may hold open to one server process; the next is refused
    # with 429 (server/transport/sockets_per_address.py). Sized for a lecture hall of 300 behind one NAT address,
    # with second tabs, while a process's 500 threads keep 150 for every other address (docs/deploy.md).
    "SOCKETS_PER_ADDRESS": 350,
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
    # Origins whose pages may show ours in a frame (a course page embedding /embed or /embed/x/<id>,
    # docs/embedding.md; `python -m server --frame-ancestors ORIGIN`, repeatable). Empty: no site may
    # (frame-ancestors 'none' and X-Frame-Options: DENY). A class of 300 uses one: its course site.
    "FRAME_ANCESTORS": (),
    # Classroom rooms (docs/classroom.md). With a message queue (`--message-queue redis://...`)
    # several processes share rooms: emits travel through Redis and room state lives there.
    "MESSAGE_QUEUE": None,
    # A proxy in front (nginx) sets X-Forwarded-For: rate limits count the address it saw.
    "BEHIND_PROXY": False,
    # Joins a connection may try per minute, and wrong codes an address may try per minute
    # (right ones do not count: a class behind one campus address joins at once).
    "CLASS_JOINS_PER_MINUTE": 20,
    # Rooms an instructor may create per window (the page's instructor key; an address for a client that sends
    # none), counted once made; and rooms live at once (a room without its search's events is a few KB; the
    # events are bounded by CLASS_EVENTS_BUDGET below).
    "CLASS_CREATES_PER_WINDOW": 5,
    "CLASS_MAX_ROOMS": 1000,
    "CLASS_CREATE_WINDOW_SECONDS": 600.0,
    # Rooms live at once made by one instructor (the page's instructor key, or an address without one).
    "CLASS_ROOMS_PER_INSTRUCTOR": 3,
    # A coarse guard against floods, per address: every instructor behind one campus NAT address shares them.
    # Rooms live at once (20 instructors presenting at once; 50 addresses would fill CLASS_MAX_ROOMS), and rooms
    # created per CLASS_CREATE_WINDOW_SECONDS.
    "CLASS_ROOMS_PER_ADDRESS": 20,
    "CLASS_CREATES_PER_ADDRESS_WINDOW": 50,
    # Events of room searches kept for late joiners, across one address's rooms (three searches at
    # MAX_EVENTS_PER_CLASS_SEARCH), and across all rooms: the memory bound, about 13 MB per 100,000
    # events (1.3 GB in all); a running search reserves MAX_EVENTS_PER_CLASS_SEARCH, a finished one
    # holds what it kept (the lecture: 40). 34 addresses fill it.
    "CLASS_EVENTS_PER_ADDRESS": 300_000,
    "CLASS_EVENTS_BUDGET": 10_000_000,
    # A room's search stops after this many events: the room keeps them all for late joiners.
    # Tic-tac-toe alpha-beta after one move (13,098) and minimax after two (about 26,000) fit;
    # minimax after one move (211,089) does not.
    "MAX_EVENTS_PER_CLASS_SEARCH": 100_000,
    # class:state carries the events inline up to this many; beyond, a path to fetch them.
    "CLASS_INLINE_EVENTS": 5000,
    # Fetches of a class's events path per address per minute, beyond the one each joiner's ticket allows.
    "CLASS_EVENT_FETCHES_PER_MINUTE": 6,
    # A room whose key holder did nothing for this long ends (followers do not keep it alive).
    "CLASS_IDLE_SECONDS": 4 * 3600.0,
    # A room with no key holder's page connected for this long ends (a reload or a laptop's short
    # sleep does not end it).
    "CLASS_ABSENT_SECONDS": 600.0,
    # How often idle rooms are ended and their followers told; each process then also says it is alive
    # (it is taken for dead, with its followers and searches, after three sweeps without: 45 s).
    "CLASS_SWEEP_SECONDS": 15.0,
    # A frame no client of ours sends (server/transport/bad_frames.py) gets one log line per kind of
    # fault per this many seconds, the next saying how many were left unsaid; never a traceback.
    "BAD_FRAME_LOG_SECONDS": 60.0,
    # The code lab (/code, docs/code-lab.md): the page stops a student's search running in its Web Worker
    # after this many seconds (the worker is ended and a fresh one started); tests set it smaller.
    "CODE_LAB_TIME_LIMIT_SECONDS": float(limits.GRADE_TIMEOUT_SECONDS),
    # Bytes one client address may store (trees, traces, exercises: their text and 100 per row) in any
    # window, counted in the database in this many time buckets (server/quotas.py; over it, 429 with Retry-After).
    # Bounds what one address adds to the disk: 100 MB a day (the attack of issue 31 added 8.76 GB in 5 minutes).
    # A class of 300 each saving a lecture-sized tree (about 2 KB) stores 0.6 MB; a 3.7 MB trace is 27 of them.
    "QUOTA_STORED_BYTES": 100_000_000,
    # Bytes of checks' attempts and noted hints and solutions one address may store in the same window: a budget of
    # their own, so one client's uploads behind a campus address cannot stop the class's checks. A class of 300
    # checking 10 times and asking 10 hints each stores about 300 x 10 x (210 + 150) B = 1.1 MB; at the address's
    # most checks, hints and solutions a minute (QUOTA_*_PER_MINUTE) one client takes about 40 minutes to spend it.
    "QUOTA_ANSWER_BYTES": 50_000_000,
    "QUOTA_STORED_WINDOW_SECONDS": 86400.0,
    "QUOTA_STORED_BUCKETS": 24,
    # The window of every QUOTA_*_PER_MINUTE below (tests make it short).
    "QUOTA_MINUTE_SECONDS": 60.0,
    # Trees (POST /api/trees) and traces (POST /api/traces) saved per address per minute: a class of 300 each
    # sharing one in the same minute uses 300 of 600.
    "QUOTA_TREES_PER_MINUTE": 600,
    "QUOTA_TRACES_PER_MINUTE": 600,
    # Trace files checked per address per minute (POST /api/traces/check: each is searched again): a class of 300
    # opening one file each uses 300 of 600.
    "QUOTA_TRACE_CHECKS_PER_MINUTE": 600,
    # Exercises made per address per minute (POST /api/exercises: a generated one draws up to 100,000 nodes): a
    # class of 300 each making one at once uses 300 of 600.
    "QUOTA_EXERCISES_PER_MINUTE": 600,
    # Checks and hints per address per minute (POST /api/exercises/<id>/check, /hint): a class of 300 each checking
    # 4 times a minute uses 1,200 of 3,000.
    "QUOTA_CHECKS_PER_MINUTE": 3000,
    "QUOTA_HINTS_PER_MINUTE": 3000,
    # Solutions opened per address per minute (GET /api/exercises/<id>/solution, each noted as help): a class of 300
    # each opening the solution and a slip's search in one minute uses 600 of 3,000.
    "QUOTA_SOLUTIONS_PER_MINUTE": 3000,
    # Checks and hints per student per minute (its `student` name, else its `learner` token; none: one anonymous
    # student of the address), within the address's: a student checking 4 times a minute uses 4 of 20.
    "QUOTA_STUDENT_CHECKS_PER_MINUTE": 20,
    "QUOTA_STUDENT_HINTS_PER_MINUTE": 30,
    "QUOTA_STUDENT_SOLUTIONS_PER_MINUTE": 30,
    # CS188 files imported (POST /api/import/cs188) and misconception answers asked (POST /api/misconceptions/answers,
    # once per search a page shows) per address per minute: a class of 300 doing either at once uses 300 of 600.
    "QUOTA_IMPORTS_PER_MINUTE": 600,
    "QUOTA_MISCONCEPTION_ANSWERS_PER_MINUTE": 600,
    # Engine moves (POST /api/play/move, each a search) per address per minute, whatever X-Play-Page says: a class of
    # 300 playing a move every 15 s uses 1,200 of 2,400.
    "QUOTA_PLAY_MOVES_PER_MINUTE": 2400,
    # LMS logins started (GET|POST /lti/login) per address per minute: each keeps a nonce for 10 minutes (server/lti/
    # launch_store.py). A class of 300 opening the exercise from the course page in the same minute uses 300 of 1,200.
    "QUOTA_LTI_LOGINS_PER_MINUTE": 1200,
    # LMS registrations tried (GET /lti/register) per address per minute: an administrator registers once; each try
    # asks the platform twice, and a wrong secret is one of these (a guess a second is no way to find one).
    "QUOTA_LTI_REGISTRATIONS_PER_MINUTE": 10,
    # LTI 1.3 (docs/lms.md): the platforms this server is a tool for, a JSON file in pylti1p3's tool configuration
    # format (`--lti-config FILE`); None: no LMS launches.
    "LTI_CONFIG": None,
    # LTI Dynamic Registration (docs/lms.md): the secret an LMS administrator's pasted URL carries,
    # /lti/register?secret=SECRET (`--lti-registration-secret`); None: no registrations (platforms are added to
    # LTI_CONFIG by hand).
    "LTI_REGISTRATION_SECRET": None,
    # A launch (who the student is, where their grade goes) is kept this long: a page opened from the course can
    # check and send grades for a day; after, the student opens the exercise from the course again.
    "LTI_LAUNCH_SECONDS": 86400.0,
}
