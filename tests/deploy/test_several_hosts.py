"""Several hosts (issue 33, docs/deploy.md): two `python -m server` processes, each in a folder of its own with no
file shared, keeping saved work in one real PostgreSQL (`--database postgresql://...`) and rooms in one real Redis,
behind a real nginx running deploy/nginx-hosts.conf: round robin for pages and the REST API, sticky for /socket.io/
and a search's events. What one process saves the other opens, an exercise made on one is checked on both and its
results count every check, a class runs across both, and kill -9 of one loses nothing that was answered 2xx.
nginx names the process that answered each request (UPSTREAM_HEADER, the test's own http block)."""

from __future__ import annotations

import json
import os
import threading
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any, Iterator, NamedTuple

import pytest
import requests

from tests.helpers.class_client import ClassClient
from tests.helpers.nginx_process import HOSTS_TEMPLATE, UPSTREAM_HEADER, nginx_process
from tests.helpers.postgres_server import PostgresProcess
from tests.helpers.redis_server import redis_server
from tests.helpers.server_process import ServerProcess, server_process
from tests.helpers.socket_client import PATIENCE_SECONDS, SearchClient

LECTURE = {"example": "lecture", "algorithm": "alphabeta"}


class Hosts(NamedTuple):
    front: str  # nginx
    servers: list[ServerProcess]
    folders: list[Path]  # each process's working folder: its "host's" disk
    database: str  # the PostgreSQL database's name: the one new_database made, which may be `name_2`...


def tree_text(first_leaf: int) -> str:
    """The lecture tree with its first leaf changed: each save in a test is a tree of its own."""
    return f"[[{first_leaf},12,8],[2,4,6],[14,5,2]]"


def first_leaf(tree: dict[str, Any]) -> Any:
    return tree["children"][0]["children"][0]["value"]


def address(server: ServerProcess) -> str:
    """How nginx names this process in UPSTREAM_HEADER."""
    return f"127.0.0.1:{server.port}"


@contextmanager
def hosts_behind_nginx(postgres: PostgresProcess, redis: str, folder: Path, database: str) -> Iterator[Hosts]:
    url = postgres.new_database(database)
    database = url.rsplit("/", 1)[1]  # a second setup on one worker gets `several_hosts_2`: query that one
    folders = [folder / "host-a", folder / "host-b"]
    with ExitStack() as stack:
        servers = []
        for cwd in folders:
            cwd.mkdir()
            servers.append(stack.enter_context(server_process(url, "--message-queue", redis, "--behind-proxy",
                                                              "--threads", "64", cwd=cwd)))
        port = stack.enter_context(nginx_process([s.port for s in servers], template=HOSTS_TEMPLATE, upstream_header=True))
        yield Hosts(f"http://127.0.0.1:{port}", servers, folders, database)


@pytest.fixture(scope="module")
def redis() -> Iterator[str]:
    with redis_server() as url:
        yield url


@pytest.fixture(scope="module")
def hosts(postgres: PostgresProcess, redis: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Hosts]:
    with hosts_behind_nginx(postgres, redis, tmp_path_factory.mktemp("hosts"), "several_hosts") as running:
        yield running


def test_each_process_runs_in_its_own_folder_and_keeps_no_file(hosts: Hosts) -> None:
    for server, folder in zip(hosts.servers, hosts.folders):
        for pid in (server.process.pid, server.serving_pid):  # gunicorn's master and its worker
            assert os.readlink(f"/proc/{pid}/cwd") == str(folder)
            opened = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
            assert not [path for path in opened if path.startswith("/") and "sqlite" in path], opened
    requests.post(hosts.front + "/api/trees", data=tree_text(1), timeout=PATIENCE_SECONDS).raise_for_status()
    assert [sorted(os.listdir(folder)) for folder in hosts.folders] == [[], []]


def test_a_tree_saved_on_one_process_opens_on_the_other(hosts: Hosts) -> None:
    saved = requests.post(hosts.front + "/api/trees", data=tree_text(7), timeout=PATIENCE_SECONDS)
    assert saved.status_code == 201, saved.text
    tree_id = saved.json()["id"]
    loaded = requests.get(f"{hosts.front}/api/trees/{tree_id}", timeout=PATIENCE_SECONDS)
    assert loaded.status_code == 200 and first_leaf(loaded.json()) == 7
    # Round robin, not sticky: the load went to the other process than the save.
    assert {saved.headers[UPSTREAM_HEADER], loaded.headers[UPSTREAM_HEADER]} == {address(s) for s in hosts.servers}
    page = requests.get(f"{hosts.front}/t/{tree_id}", timeout=PATIENCE_SECONDS)
    assert page.status_code == 200 and tree_id in page.text
    for server in hosts.servers:  # and each process directly: the same tree
        direct = requests.get(f"{server.url}/api/trees/{tree_id}", timeout=PATIENCE_SECONDS)
        assert direct.status_code == 200 and direct.json() == loaded.json()


def test_an_exercise_made_on_one_process_is_checked_on_both_and_its_results_count_every_check(hosts: Hosts) -> None:
    made = requests.post(hosts.front + "/api/exercises", json={"tree": json.loads(tree_text(3)), "ask": ["values"]},
                         timeout=PATIENCE_SECONDS)
    assert made.status_code == 201, made.text
    exercise, key = made.json()["id"], made.json()["key"]
    answer = {"values": {"A": 3, "B": 3, "C": 2, "D": 2}}
    students = []
    for n, server in enumerate(hosts.servers):  # directly on each process
        students.append(f"direct-{n}")
        checked = requests.post(f"{server.url}/api/exercises/{exercise}/check", json={**answer, "student": students[-1]},
                                timeout=PATIENCE_SECONDS)
        assert checked.status_code == 200, checked.text
    through = []
    for n in range(2):  # through nginx: one check on each process, by round robin
        students.append(f"via-nginx-{n}")
        checked = requests.post(f"{hosts.front}/api/exercises/{exercise}/check", json={**answer, "student": students[-1]},
                                timeout=PATIENCE_SECONDS)
        assert checked.status_code == 200, checked.text
        through.append(checked.headers[UPSTREAM_HEADER])
    assert sorted(through) == sorted(address(s) for s in hosts.servers)
    for base in (hosts.front, *(s.url for s in hosts.servers)):
        results = requests.get(f"{base}/api/exercises/{exercise}/results", params={"key": key}, timeout=PATIENCE_SECONDS)
        assert results.status_code == 200, results.text
        assert results.json()["attempts"] == 4
        assert sorted(a["student"] for a in results.json()["attempt_list"]) == sorted(students)
        assert requests.get(f"{base}/x/{exercise}", timeout=PATIENCE_SECONDS).status_code == 200


def test_a_class_runs_across_both_processes(hosts: Hosts, clients: list[ClassClient], postgres: PostgresProcess) -> None:
    here, there = hosts.servers
    teacher = ClassClient(here.url)
    clients.append(teacher)
    made = teacher.call("class:create")
    keyed = {"code": made["code"], "key": made["key"]}
    # The room's record is in PostgreSQL, where every host reads it (docs/classroom.md, "Faults end nothing").
    recorded = postgres.psql(f"SELECT count(*) FROM class_rooms WHERE code = '{made['code']}'", database=hosts.database)
    assert recorded.strip() == "1"
    followers = [ClassClient(here.url), ClassClient(there.url), ClassClient(hosts.front),
                 ClassClient(hosts.front, transports=["polling"])]  # long-polling: nginx's sticky upstream
    clients.extend(followers)
    for follower in followers:
        assert follower.call("class:join", {"code": made["code"]}) == {"code": made["code"]}
        follower.wait_message("class:state")
    assert teacher.call("class:search", {**keyed, **LECTURE}) == {"ok": True}
    teacher.wait_message("search:done")
    assert teacher.call("class:step", keyed | {"step": 5}) == {"ok": True}
    for follower in followers:  # they hold the search up to the step shown (docs/classroom.md)
        assert follower.wait_message("class:step") == {"code": made["code"], "step": 5}
        follower.wait_for(lambda f=follower: len(f.events) == 6, "events 0..5")
        assert follower.events == teacher.events[:6]
    assert [f.sio.transport() for f in followers] == ["websocket"] * 3 + ["polling"]


def test_a_search_fetched_over_http_reaches_the_process_holding_it(hosts: Hosts) -> None:
    """The events GET is sticky with the socket: round robin would send one of two GETs to the other process (404)."""
    for _ in range(2):
        client = SearchClient(hosts.front)
        try:
            client.start({**LECTURE, "delivery": "http"})
            client.wait_for(lambda: client.messages, "search:started")
            name, started = client.messages[0]
            assert name == "search:started", started
            response = requests.get(hosts.front + started["events"], headers={"X-Search-Reader": started["reader"]},
                                    timeout=PATIENCE_SECONDS)
            assert response.status_code == 200, response.text
            last = json.loads(response.text.splitlines()[-1])
            assert last["type"] == "result" and last["value"] == 3
            assert client.wait(timeout=PATIENCE_SECONDS) == "search:done"
        finally:
            client.close()


class Saver:
    """Saves trees through nginx in a loop on a thread of its own, recording the id of every 2xx."""

    def __init__(self, front: str) -> None:
        self.front = front
        self.saved: dict[str, tuple[int, str]] = {}  # id -> (its first leaf, the process that answered)
        self.failed: list[str] = []  # what any other answer was
        self.changed = threading.Condition()
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        with requests.Session() as session:
            leaf = 100
            while not self.stop.is_set():
                leaf += 1
                try:
                    answer = session.post(self.front + "/api/trees", data=tree_text(leaf), timeout=PATIENCE_SECONDS)
                    outcome = (answer.status_code, answer.headers.get(UPSTREAM_HEADER, ""), answer)
                except requests.RequestException as exc:
                    outcome = (0, repr(exc), None)
                with self.changed:
                    status, upstream, response = outcome
                    if 200 <= status < 300 and response is not None:
                        self.saved[response.json()["id"]] = (leaf, upstream)
                    else:
                        self.failed.append(f"{status} {upstream}")
                    self.changed.notify_all()

    def wait_saved(self, count: int) -> int:
        with self.changed:
            if not self.changed.wait_for(lambda: len(self.saved) >= count, PATIENCE_SECONDS):
                raise TimeoutError(f"{len(self.saved)} of {count} saves answered 2xx; the others: {self.failed[-5:]}")
            return len(self.saved)

    def count(self) -> int:
        with self.changed:
            return len(self.saved)

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=PATIENCE_SECONDS)


def test_kill_9_of_one_process_loses_nothing_that_was_answered(postgres: PostgresProcess, redis: str, tmp_path: Path) -> None:
    with hosts_behind_nginx(postgres, redis, tmp_path, "kill_nine") as hosts:
        doomed, survivor = hosts.servers
        saver = Saver(hosts.front)
        try:
            saver.wait_saved(10)
            doomed.kill()
            saver.wait_saved(saver.count() + 20)
        finally:
            saver.close()
        by_doomed = [tree for tree, (_, upstream) in saver.saved.items() if upstream == address(doomed)]
        assert by_doomed, "the killed process had answered no save"
        for tree_id, (leaf, _) in saver.saved.items():  # every 2xx, from the process still running
            loaded = requests.get(f"{survivor.url}/api/trees/{tree_id}", timeout=PATIENCE_SECONDS)
            assert loaded.status_code == 200 and first_leaf(loaded.json()) == leaf, (tree_id, loaded.text)
        # A save in flight to the killed process gets nginx's 502 (a POST is not sent twice), nothing else.
        assert all(failure.startswith("502 ") for failure in saver.failed), saver.failed
        # Through nginx, saves and loads go on.
        saved = requests.post(hosts.front + "/api/trees", data=tree_text(5), timeout=PATIENCE_SECONDS)
        assert saved.status_code == 201
        loaded = requests.get(f"{hosts.front}/api/trees/{saved.json()['id']}", timeout=PATIENCE_SECONDS)
        assert loaded.status_code == 200 and first_leaf(loaded.json()) == 5
        # An nginx that has not yet seen the process die (this one leaves a failed process alone for 10 s): of two
        # GETs by round robin, the one sent to the dead process is retried on the survivor.
        with nginx_process([s.port for s in hosts.servers], template=HOSTS_TEMPLATE, upstream_header=True) as port:
            tried = []
            for _ in range(2):
                loaded = requests.get(f"http://127.0.0.1:{port}/api/trees/{saved.json()['id']}", timeout=PATIENCE_SECONDS)
                assert loaded.status_code == 200 and first_leaf(loaded.json()) == 5
                tried.append(loaded.headers[UPSTREAM_HEADER])
        assert sorted(tried) == sorted([address(survivor), f"{address(doomed)}, {address(survivor)}"])
