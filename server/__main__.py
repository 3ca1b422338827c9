"""`python -m server [--host 127.0.0.1] [--port 5000]`: start Minimax Lab."""

from __future__ import annotations

import argparse
import sys

from server import create_app, socketio_of
from server.config import DEFAULTS
from server.guard import WILDCARD_HOSTS, default_allowed_hosts
from server.no_delay import NoDelayRequestHandler
from server.storage import StoreError


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m server", description="Start the Minimax Lab server.")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=5000)
    parser.add_argument("--max-events", type=int, default=DEFAULTS["MAX_EVENTS_PER_SEARCH"],
                        help="events per search before it is stopped (default %(default)s)")
    parser.add_argument("--db", help="SQLite file for saved trees and traces (default: instance/minimax-lab.sqlite)")
    parser.add_argument("--allow-host", action="append", default=[], metavar="NAME",
                        help="also answer requests for this host name or address, e.g. the name students type "
                             "(repeatable; localhost and the --host address are always allowed)")
    args = parser.parse_args()
    config: dict[str, object] = {"MAX_EVENTS_PER_SEARCH": args.max_events,
                                 "ALLOWED_HOSTS": default_allowed_hosts(args.host, args.allow_host)}
    if args.db:
        config["DATABASE"] = args.db
    try:
        app = create_app(config)
    except StoreError as exc:
        print(f"python -m server: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    print(f"Minimax Lab: open http://{args.host}:{args.port}/ (the lecture example is ready)", flush=True)
    if args.host in WILDCARD_HOSTS and not args.allow_host:
        print("Listening on every address: add --allow-host NAME for the name or address students type "
              "(other hosts are refused).", flush=True)
    # Werkzeug's server is fine for a class on one machine; threading mode needs the flag.
    socketio_of(app).run(app, host=args.host, port=args.port, allow_unsafe_werkzeug=True,
                         request_handler=NoDelayRequestHandler)


if __name__ == "__main__":
    main()
