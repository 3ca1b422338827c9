"""`python -m server [--host 127.0.0.1] [--port 5000]`: start Minimax Lab.

By default under gunicorn (server/transport/production.py): a class connecting at once is queued, not refused.
`--dev` keeps Werkzeug's development server (one process, 128 queued connections, a reloader-free
debug console in the terminal). Several processes share rooms through Redis (`--message-queue`); on several hosts,
saved work through PostgreSQL (`--database postgresql://...`);
behind nginx, `--behind-proxy` takes the client's address from X-Forwarded-For (docs/deploy.md).
"""

from __future__ import annotations

import argparse
import sys

from server import create_app, socketio_of
from server.config import DEFAULTS
from server.lti.tool import LtiConfigError
from server.storage import StoreError
from server.transport.frame_ancestors import FrameAncestorsError, checked_origin
from server.transport.guard import WILDCARD_HOSTS, default_allowed_hosts
from server.transport.no_delay import NoDelayRequestHandler
from server.transport.production import DEFAULT_BACKLOG, DEFAULT_THREADS, ProductionServer, port_problem


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m server", description="Start the Minimax Lab server.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--max-events", type=int, default=DEFAULTS["MAX_EVENTS_PER_SEARCH"],
                        help="events per search before it is stopped (default %(default)s)")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--database", metavar="URL",
                       help="where saved work is kept: postgresql://USER:PASSWORD@HOST:PORT/NAME (servers on several hosts "
                            "share it) or sqlite:///PATH (default: sqlite:///instance/minimax-lab.sqlite; docs/deploy.md)")
    where.add_argument("--db", metavar="PATH", help="an SQLite file for saved work (as --database sqlite:///PATH)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="also answer requests for this host name or address, e.g. the name students type "
                             "(repeatable; localhost and the --host address are always allowed)")
    parser.add_argument("--message-queue", metavar="URL",
                        help="share rooms and messages with other server processes through Redis, "
                             "e.g. redis://127.0.0.1:6379 (docs/deploy.md)")
    parser.add_argument("--behind-proxy", action="store_true",
                        help="a proxy (nginx) in front sets X-Forwarded-For: take the client's address from it")
    parser.add_argument("--frame-ancestors", action="append", default=[], metavar="ORIGIN",
                        help="let pages of this site show ours in a frame, e.g. https://canvas.example.edu, the course "
                             "site embedding /embed or /embed/x/<id> (repeatable; default: no site may; docs/embedding.md)")
    parser.add_argument("--threads", type=positive, default=DEFAULT_THREADS,
                        help="connections served at once; each open page holds one (default %(default)s)")
    parser.add_argument("--backlog", type=positive, default=DEFAULT_BACKLOG,
                        help="connections the system queues while all are busy (default %(default)s)")
    parser.add_argument("--lti-config", metavar="FILE",
                        help="be an LTI 1.3 tool for the platforms (LMSs) in FILE, a JSON file in pylti1p3's tool "
                             "configuration format (docs/lms.md)")
    parser.add_argument("--lti-registration-secret", metavar="SECRET",
                        help="with --lti-config, take LTI Dynamic Registration: an LMS administrator pastes "
                             "/lti/register?secret=SECRET and the platform is added to FILE (docs/lms.md)")
    parser.add_argument("--dev", action="store_true",
                        help="Werkzeug's development server instead of gunicorn (one class on one machine)")
    args = parser.parse_args(argv)
    if args.lti_registration_secret and not args.lti_config:
        parser.error("--lti-registration-secret needs --lti-config FILE: the file registrations are added to")
    return args


def positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return value


def app_config(args: argparse.Namespace) -> dict[str, object]:
    config: dict[str, object] = {"MAX_EVENTS_PER_SEARCH": args.max_events,
                                 "ALLOWED_HOSTS": default_allowed_hosts(args.host, args.allow_host)}
    if args.database or args.db:
        config["DATABASE"] = args.database or args.db
    if args.message_queue:
        config["MESSAGE_QUEUE"] = args.message_queue
    if args.behind_proxy:
        config["BEHIND_PROXY"] = True
    if args.lti_config:
        config["LTI_CONFIG"] = args.lti_config
    if args.lti_registration_secret:
        config["LTI_REGISTRATION_SECRET"] = args.lti_registration_secret
    if args.frame_ancestors:
        config["FRAME_ANCESTORS"] = tuple(_origin_flag(text) for text in args.frame_ancestors)
    return config


def _origin_flag(text: str) -> str:
    """A --frame-ancestors value checked, its error naming the flag (FrameAncestorsError)."""
    try:
        return checked_origin(text)
    except FrameAncestorsError as exc:
        raise FrameAncestorsError(f"--frame-ancestors {exc}") from None


def main() -> None:
    args = parse_args()
    try:
        config = app_config(args)  # a bad --frame-ancestors origin: one line, exit 2
        app = create_app(config)  # here, before any port is bound: a bad database is one line, exit 2
    except (StoreError, LtiConfigError, FrameAncestorsError) as exc:
        print(f"python -m server: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    if not args.dev and (problem := port_problem(args.host, args.port)):
        print(f"python -m server: {problem}", file=sys.stderr)
        raise SystemExit(1)
    print(f"Minimax Lab: open http://{args.host}:{args.port}/ (the lecture example is ready)", flush=True)
    if args.host in WILDCARD_HOSTS and not args.allow_host:
        print("Listening on every address: add --allow-host NAME for the name or address students type "
              "(other hosts are refused).", flush=True)
    if args.dev:
        # Werkzeug's server is fine for a class on one machine; threading mode needs the flag.
        socketio_of(app).run(app, host=args.host, port=args.port, allow_unsafe_werkzeug=True,
                             request_handler=NoDelayRequestHandler)
        return
    app.extensions["minimax_store"].close()  # no pooled database connection is shared with the forked worker
    del app  # the worker process builds its own, after gunicorn forks it
    ProductionServer(lambda: create_app(config), args.host, args.port, args.threads, args.backlog).run()


if __name__ == "__main__":
    main()
