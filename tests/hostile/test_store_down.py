"""A store that goes away and comes back: a real PostgreSQL stopped and started under `python -m server`
(gunicorn, as in production).

Found: a PostgreSQL restart during writes gave 77 answers of HTTP 500, each with a traceback in the log.
Now a request that needs the store while it is unreachable is answered 503 with Retry-After and one line
saying why (server/http/store_down.py, server/outages.py), a class message with its error, and the next request after it is back is served as usual: the
connection pool is checked before use (pool_pre_ping), so nothing has to be restarted.
"""

from __future__ import annotations

from pathlib import Path

import requests

from search.trees.node import LECTURE_SHORTHAND
from tests.helpers.class_client import ClassClient
from tests.helpers.postgres_server import PostgresProcess
from tests.helpers.server_process import server_process
from tests.helpers.socket_client import PATIENCE_SECONDS

LECTURE = LECTURE_SHORTHAND


def test_a_stopped_postgresql_is_a_503_with_retry_after_and_the_server_recovers_when_it_is_back(
        postgres: PostgresProcess, tmp_path: Path) -> None:
    url = postgres.new_database("store_down")
    log = tmp_path / "server.log"
    with server_process(url, log=log) as server:
        saved = requests.post(f"{server.url}/api/trees", json=LECTURE, timeout=PATIENCE_SECONDS)
        assert saved.status_code == 201, saved.text
        tree = saved.json()["id"]
        stored = requests.get(f"{server.url}/api/trees/{tree}", timeout=PATIENCE_SECONDS).json()
        instructor = ClassClient(server.url)
        postgres.stop()
        try:
            down = [requests.post(f"{server.url}/api/trees", json=LECTURE, timeout=PATIENCE_SECONDS) for _ in range(20)]
            down.append(requests.get(f"{server.url}/api/trees/{tree}", timeout=PATIENCE_SECONDS))
            shared = requests.get(f"{server.url}/t/{tree}", timeout=PATIENCE_SECONDS)  # a page, not /api/
            class_down = instructor.call("class:create", {})  # a class's records are in the store too
        finally:
            postgres.start()
        for answer in down:
            assert answer.status_code == 503, answer.text
            assert int(answer.headers["Retry-After"]) >= 1
            assert answer.json() == {"error": "503 Service Unavailable: the store is unreachable just now: try again in a few seconds"}
        assert shared.status_code == 503 and "Retry-After" in shared.headers
        assert "the store is unreachable" in shared.text
        assert class_down == {"error": "the store is unreachable just now: try again in a few seconds"}
        assert instructor.wait_message("class:error")["error"] == class_down["error"]  # an event may come after the ack
        # Back: the same process serves again, without a restart.
        assert requests.get(f"{server.url}/api/trees/{tree}", timeout=PATIENCE_SECONDS).json() == stored
        again = requests.post(f"{server.url}/api/trees", json=LECTURE, timeout=PATIENCE_SECONDS)
        assert again.status_code == 201, again.text
        assert "code" in instructor.call("class:create", {})
        instructor.close()
        text = log.read_text()
        assert "Traceback" not in text, text[-3000:]
        lines = [line for line in text.splitlines() if "store is unreachable" in line]
        assert 1 <= len(lines) <= 2, lines  # one line while it is down (rate-limited), not one per request
