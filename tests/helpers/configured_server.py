"""`python -m tests.helpers.configured_server SETTINGS_JSON ARGS...`: `python -m server ARGS...` with some of
server/config.py's DEFAULTS changed first (e.g. a sweep every half second), so a test of a real server
process (server_process.py) can make a time window small without a command-line option for each setting."""

from __future__ import annotations

import json
import sys

from server.__main__ import main
from server.config import DEFAULTS

if __name__ == "__main__":
    DEFAULTS.update(json.loads(sys.argv[1]))  # before create_app reads them (gunicorn's worker forks after)
    sys.argv = ["python -m server", *sys.argv[2:]]
    main()
