"""Quotas per client address (issue 31: one client grew the database by 8.76 GB in 5 minutes, every request 201).

Against a live server behind a proxy (`BEHIND_PROXY`: each test says its address in X-Forwarded-For), with limits
made small by config so every test is quick: each per-minute limit answers 429 with Retry-After and the sentence
naming it, and nothing is stored past it; the stored-bytes quota holds across a restart; windows reset; two
addresses have their own; a class of 300 behind one address checks with the default limits; a generated exercise
is kept as its request and read back equal.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, Callable, Iterator
from urllib.parse import urlencode

import pytest
import requests

from search.practice import model_answer, parse_exercise
from server.config import DEFAULTS
from server.practice.stored_form import stored_body, stored_exercise
from server.quotas import KINDS
from server.rate_limits import client_address
from server.storage import ROW_BYTES, Store
from tests.engine.test_cs188 import TIES, TIES_EVAL, test_file
from tests.helpers.live_server import running_server
from tests.helpers.lti_config import PLATFORM, lti_config
from tests.helpers.socket_client import wait_until
from tests.helpers.stored_rows import query, rows

ROOT = Path(__file__).resolve().parents[2]
LECTURE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]
TRACE = (ROOT / "tests" / "golden" / "lecture_alphabeta.jsonl").read_text(encoding="utf-8")
SMALL = 3
"""Every per-minute quota of the module's server; its per-student ones are 2."""
ADDRESSES = (f"198.51.100.{n}" for n in itertools.count(1))
"""A fresh client address for each test (documentation addresses, RFC 5737)."""
REGISTRATION_SECRET = "quota-test-registration-secret"
GENERATE = {"depth": 8, "min_branching": 3, "max_branching": 3, "min_value": -50, "max_value": 50, "seed": 31}
"""The issue's request: 117 bytes in, 740,787 bytes stored before."""


def small_limits(**more: Any) -> dict[str, Any]:
    per_minute = {f"QUOTA_{kind.upper()}_PER_MINUTE": SMALL for kind in KINDS}
    return {"BEHIND_PROXY": True, **per_minute, "QUOTA_STUDENT_CHECKS_PER_MINUTE": 2, "QUOTA_STUDENT_HINTS_PER_MINUTE": 2,
            "QUOTA_STUDENT_SOLUTIONS_PER_MINUTE": 2,
            **more}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("quotas") / "lab.sqlite"
    with running_server(small_limits(DATABASE=str(db), LTI_CONFIG=str(lti_config(db.parent)),
                                     LTI_REGISTRATION_SECRET=REGISTRATION_SECRET)) as url:
        yield url, db


def post(url: str, path: str, address: str, body: Any = None, *, text: str | None = None, **headers: str) -> requests.Response:
    data = text if text is not None else json.dumps(body)
    return requests.post(url + path, data=data.encode(), timeout=30,
                         headers={"Content-Type": "application/json", "X-Forwarded-For": address, **headers})


def refused(answer: requests.Response, sentence: str) -> int:
    """Assert a 429 with a whole-seconds Retry-After and the sentence (a regex); the Retry-After."""
    assert answer.status_code == 429, answer.text
    assert re.fullmatch(r"[1-9]\d*", answer.headers["Retry-After"]), answer.headers
    error = answer.json()["error"]
    assert re.fullmatch(sentence, error), error
    return int(answer.headers["Retry-After"])


def exercise(url: str) -> str:
    made = post(url, "/api/exercises", next(ADDRESSES), {"tree": LECTURE})
    assert made.status_code == 201, made.text
    return str(made.json()["id"])


@pytest.fixture(scope="module")
def shared_exercise(server: tuple[str, Path]) -> str:
    """One exercise for the module server's per-minute tests (made from an address of its own): each kind's
    learners are counted apart from the other kinds', so one exercise serves them all."""
    return exercise(server[0])


def requests_of(url: str, shared: str) -> dict[str, tuple[str, Callable[[int], dict[str, Any]], str | None]]:
    """Kind -> (path, the n-th request's body or text, query and headers, the table a success adds a row to),
    on the exercise `shared`. Checks and hints are each a student of their own, so the address's quota is the one met."""
    return {
        "trees": ("/api/trees", lambda n: {"body": LECTURE}, "trees"),
        "traces": ("/api/traces", lambda n: {"text": TRACE}, "traces"),
        "trace_checks": ("/api/traces/check", lambda n: {"text": TRACE}, None),
        "exercises": ("/api/exercises", lambda n: {"body": {"tree": LECTURE}}, "exercises"),
        "checks": (f"/api/exercises/{shared}/check", lambda n: {"body": {"values": {"B": 3}, "learner": f"learner-{n:04d}"}},
                   "attempts"),
        "hints": (f"/api/exercises/{shared}/hint", lambda n: {"body": {"learner": f"learner-{n:04d}"}}, "help_uses"),
        "solutions": (f"/api/exercises/{shared}/solution", lambda n: {"method": "GET", "query": f"?learner=learner-{n:04d}"},
                      "help_uses"),
        "imports": ("/api/import/cs188", lambda n: {"text": test_file("AlphaBetaAgent", 1, TIES, TIES_EVAL)}, None),
        "misconception_answers": ("/api/misconceptions/answers",
                                  lambda n: {"body": {"example": "lecture", "algorithm": "alphabeta"}}, None),
        # a new X-Play-Page each time: that bypassed the per-page limit, not the address's
        "lti_logins": ("/lti/login", lambda n: {"method": "GET", "query": "?" + urlencode(
            {"iss": PLATFORM, "login_hint": f"user-{n}", "target_link_uri": f"{url}/x/{shared}"})}, None),
        # the right secret and no platform: each try is counted and refused by name (no platform is asked)
        "lti_registrations": ("/lti/register", lambda n: {"method": "GET", "query": f"?secret={REGISTRATION_SECRET}"}, None),
        "play_moves": ("/api/play/move", lambda n: {"body": {"game": "connect4", "state": "." * 42, "algorithm": "alphabeta",
                                                              "depth": 1}, "X-Play-Page": f"page-{n:04d}-abcdef"}, None),
    }


def send(url: str, path: str, address: str, fields: dict[str, Any]) -> requests.Response:
    fields = dict(fields)
    if fields.pop("method", "POST") == "GET":
        return requests.get(url + path + fields.pop("query", ""), timeout=30, headers={"X-Forwarded-For": address},
                            allow_redirects=False)
    return post(url, path + fields.pop("query", ""), address, fields.pop("body", None), text=fields.pop("text", None), **fields)


@pytest.mark.parametrize("kind", list(KINDS))
def test_each_per_minute_quota_answers_429_naming_it_and_stores_nothing_past_it(server: tuple[str, Path], shared_exercise: str,
                                                                              kind: str) -> None:
    url, db = server
    path, nth, table = requests_of(url, shared_exercise)[kind]
    address = next(ADDRESSES)
    for n in range(SMALL):
        answer = send(url, path, address, nth(n))
        # an LMS login answers a redirect to the LMS; a registration without its platform, 400 naming what it lacks
        assert answer.status_code in ((400,) if kind == "lti_registrations" else (200, 201, 302)), answer.text
    before = rows(db, table) if table else None
    wait = refused(send(url, path, address, nth(SMALL)),
                   rf"too many {re.escape(KINDS[kind])} from this address: at most {SMALL} a minute; try again in \d+ s")
    assert 1 <= wait <= 60
    if table:
        assert rows(db, table) == before


@pytest.mark.parametrize("kind", ["checks", "hints"])
def test_one_student_cannot_spend_the_class_allowance(server: tuple[str, Path], kind: str) -> None:
    url, db = server
    shared = exercise(url)
    address = next(ADDRESSES)

    def ask(learner: str) -> requests.Response:
        if kind == "checks":
            return post(url, f"/api/exercises/{shared}/check", address, {"values": {"B": 3}, "learner": learner})
        return post(url, f"/api/exercises/{shared}/hint?learner={learner}", address, {})

    for _ in range(2):
        assert ask("eager-student").status_code == 200
    before = rows(db, "attempts")
    refused(ask("eager-student"), rf"too many {KINDS[kind]} from this student: at most 2 a minute; try again in \d+ s")
    assert rows(db, "attempts") == before
    assert ask("another-student").status_code == 200  # the rest of the class is not held up


def test_two_addresses_have_quotas_of_their_own(server: tuple[str, Path]) -> None:
    url, _ = server
    first, second = next(ADDRESSES), next(ADDRESSES)
    for _ in range(SMALL):
        assert post(url, "/api/trees", first, LECTURE).status_code == 201
    refused(post(url, "/api/trees", first, LECTURE), r"too many trees saved from this address: .*")
    assert post(url, "/api/trees", second, LECTURE).status_code == 201


@pytest.mark.both_backends
def test_the_stored_bytes_quota_refuses_the_save_that_does_not_fit_and_holds_across_a_restart(database: str) -> None:
    db = database
    tree_bytes = len(json.dumps(parse_exercise({"tree": LECTURE}).tree.to_json())) + ROW_BYTES
    config = small_limits(DATABASE=db, QUOTA_TREES_PER_MINUTE=100, QUOTA_STORED_BYTES=3 * tree_bytes + 10)
    address = next(ADDRESSES)
    with running_server(config) as url:
        saved = [post(url, "/api/trees", address, LECTURE).status_code for _ in range(3)]
        assert saved == [201, 201, 201]
        wait = refused(post(url, "/api/trees", address, LECTURE),
                       r"too much stored from this address: at most [\d.]+ (KB|bytes) a day \(trees, traces and "
                       r"exercises\); try again in \d+ h( \d+ min)?")
        assert 23 * 3600 <= wait <= 86400  # the first bucket of the day leaves the window within the hour's
        assert rows(db, "trees") == 3
        charged = query(db, "SELECT SUM(bytes) FROM stored_bytes")[0][0]
        file_bytes = query(db, "SELECT SUM(length(body)) FROM trees")[0][0]
        assert charged == file_bytes + 3 * ROW_BYTES <= config["QUOTA_STORED_BYTES"]
        assert post(url, "/api/trees", next(ADDRESSES), LECTURE).status_code == 201  # another address still saves
        # Checks, hints and solutions have a budget of their own: one client's uploads behind the address of a
        # class do not stop the class's checks.
        shared = exercise(url)
        for what, answer in (("check", {"values": {"B": 3}}), ("hint", {})):
            asked = post(url, f"/api/exercises/{shared}/{what}", address, {**answer, "learner": "classmate-0001"})
            assert asked.status_code == 200, asked.text
        opened = requests.get(f"{url}/api/exercises/{shared}/solution?learner=classmate-0001", timeout=30,
                              headers={"X-Forwarded-For": address})
        assert opened.status_code == 200, opened.text
    with running_server(config) as url:  # a restart (another process on the file) keeps the count
        refused(post(url, "/api/trees", address, LECTURE), r"too much stored from this address: .*")
    if "://" not in db:  # the address is never in the file (on PostgreSQL: never in a row, above)
        files = [Path(db), Path(f"{db}-wal")]  # the log is gone when the last connection closed cleanly
        assert not [file for file in files if file.exists() and address.encode() in file.read_bytes()]
    assert not [row for table in ("stored_bytes", "trees", "attempts", "help_uses") for row in query(db, f"SELECT * FROM {table}")
                if address in repr(row)]


def test_windows_reset(tmp_path: Path) -> None:
    """A minute of 1 s and a day of 2 s: polled until the request passes (a refused one counts nothing), no sleep."""
    tree_bytes = len(json.dumps(parse_exercise({"tree": LECTURE}).tree.to_json())) + ROW_BYTES
    config = small_limits(DATABASE=str(tmp_path / "lab.sqlite"), QUOTA_MINUTE_SECONDS=1.0, QUOTA_TREES_PER_MINUTE=1,
                          QUOTA_STORED_BYTES=2 * tree_bytes, QUOTA_STORED_WINDOW_SECONDS=2.0, QUOTA_STORED_BUCKETS=2)
    with running_server(config) as url:
        address = next(ADDRESSES)
        assert post(url, "/api/trees", address, LECTURE).status_code == 201
        wait = refused(post(url, "/api/trees", address, LECTURE),
                       r"too many trees saved from this address: at most 1 per 1 s; .*")
        start = time.monotonic()
        wait_until(lambda: post(url, "/api/trees", address, LECTURE).status_code == 201, "the minute's window to pass")
        assert time.monotonic() - start <= wait + 0.5
        # the second tree filled the bytes quota: the third waits for the day's window (2 s, in 1 s buckets)
        wait_until(lambda: post(url, "/api/trees", address, LECTURE).status_code == 429, "the minute's window to pass again")
        wait = refused(post(url, "/api/trees", address, LECTURE), r"too (much stored|many trees saved) from this address: .*")
        assert wait <= 2
        wait_until(lambda: post(url, "/api/trees", address, LECTURE).status_code == 201, "the day's window to pass")


def test_a_class_of_300_behind_one_address_checks_with_the_default_limits(tmp_path: Path) -> None:
    """300 learners, each loading the exercise, asking a hint and checking twice within the minute: all answered."""
    config = {"BEHIND_PROXY": True, "DATABASE": str(tmp_path / "lab.sqlite")}
    campus = next(ADDRESSES)
    with running_server(config) as url:
        shared = exercise(url)
        session = requests.Session()
        session.trust_env = False  # no proxy settings or ~/.netrc looked up for each of the 900 requests to 127.0.0.1
        head = {"X-Forwarded-For": campus}
        statuses = []
        for n in range(300):
            learner = f"student-{n:03d}-0123456789"
            statuses.append(session.post(f"{url}/api/exercises/{shared}/hint?learner={learner}", json={}, headers=head,
                                         timeout=30).status_code)
            for _ in range(2):
                statuses.append(session.post(f"{url}/api/exercises/{shared}/check", json={"values": {"B": 3}, "learner": learner},
                                             headers=head, timeout=30).status_code)
        assert statuses == [200] * 900
        assert rows(tmp_path / "lab.sqlite", "attempts") == 600
        with sqlite3.connect(tmp_path / "lab.sqlite") as conn:
            used = conn.execute("SELECT SUM(bytes) FROM stored_bytes").fetchone()[0]
        assert used < 600 * 400 < DEFAULTS["QUOTA_STORED_BYTES"] // 100  # an attempt is a few hundred bytes


def test_a_generated_exercise_is_kept_as_its_request_and_read_back_equal(tmp_path: Path) -> None:
    db = tmp_path / "lab.sqlite"
    request = {"generate": GENERATE, "algorithm": "alphabeta", "ask": ["values", "bounds", "pruned"]}
    made_here = parse_exercise(request)
    with running_server({"DATABASE": str(db)}) as url:
        made = requests.post(url + "/api/exercises", json=request, timeout=30)
        assert made.status_code == 201, made.text
        exercise_id = made.json()["id"]
    with sqlite3.connect(db) as conn:
        body, = conn.execute("SELECT body FROM exercises WHERE id = ?", (exercise_id,)).fetchone()
        charged, = conn.execute("SELECT SUM(bytes) FROM stored_bytes").fetchone()
    assert len(body) < 300 and charged < 500  # the tree would be 740,787 bytes
    rebuilt = stored_exercise(json.loads(body))
    answer = model_answer(made_here)  # a search of 6,561 leaves: once, for both uses below
    assert rebuilt.to_json() == made_here.to_json() and model_answer(rebuilt) == answer
    # Pinned: a change to search/practice/generate.py that draws another tree from this seed would change every
    # exercise kept as its request (a sha256 of the tree's JSON).
    digest = hashlib.sha256(json.dumps(made_here.tree.to_json(), sort_keys=True).encode()).hexdigest()
    assert digest[:16] == PINNED_GENERATED_TREE
    with running_server({"DATABASE": str(db)}) as url:  # read back by a fresh process: drawn again from the seed
        copy = requests.get(f"{url}/api/exercises/{exercise_id}", timeout=30).json()
        assert {k: copy[k] for k in made_here.student_copy()} == json.loads(json.dumps(made_here.student_copy()))
        checked = requests.post(f"{url}/api/exercises/{exercise_id}/check", json=answer, timeout=30).json()
        assert checked["correct"] is True


PINNED_GENERATED_TREE = "525e5a4e074cfee0"


def test_an_exercise_stored_as_its_tree_before_still_opens(server: tuple[str, Path]) -> None:
    """On the module's server: the row is written into its database as before, and read when it is asked for."""
    url, db = server
    made = parse_exercise({"generate": {"seed": 4}, "algorithm": "minimax"})
    exercise_id = Store(db).save_exercise(json.dumps(made.to_json()), "0" * 64)  # as every exercise was kept before
    assert stored_body({"tree": LECTURE}, made) == json.dumps(made.to_json())
    checked = post(url, f"/api/exercises/{exercise_id}/check", next(ADDRESSES), model_answer(made))
    assert checked.status_code == 200 and checked.json()["correct"] is True


@pytest.mark.both_backends
def test_saves_at_once_cannot_both_take_the_last_byte(database: str) -> None:
    """Room for one tree, eight saves at once from the address: one stored, seven 429 (the bytes are counted in
    the insert's own transaction; the check before it lets all eight through). On both back ends."""
    db = database
    tree_bytes = len(json.dumps(parse_exercise({"tree": LECTURE}).tree.to_json())) + ROW_BYTES
    address = next(ADDRESSES)
    with running_server(small_limits(DATABASE=db, QUOTA_TREES_PER_MINUTE=100, QUOTA_STORED_BYTES=tree_bytes)) as url:
        start = threading.Barrier(8)
        statuses: list[int] = []

        def save() -> None:
            start.wait()
            statuses.append(post(url, "/api/trees", address, LECTURE).status_code)

        savers = [threading.Thread(target=save) for _ in range(8)]
        for saver in savers:
            saver.start()
        for saver in savers:
            saver.join()
    assert sorted(statuses) == [201] + [429] * 7
    assert rows(db, "trees") == 1


def test_a_deeply_nested_check_is_refused_by_the_route_not_the_quota_lookup(server: tuple[str, Path]) -> None:
    """The per-student lookup reads the body too: 150,000 levels of nesting are the route's 400, never a 500."""
    url, _ = server
    shared = exercise(url)
    deep = '{"a":' * 150_000 + "1" + "}" * 150_000
    for path in (f"/api/exercises/{shared}/check", f"/api/exercises/{shared}/hint?learner=deep-learner"):
        answer = post(url, path, next(ADDRESSES), text=deep)
        assert answer.status_code == 400 and "deeper than" in answer.json()["error"], answer.text


@pytest.mark.both_backends
def test_answers_have_a_bytes_budget_of_their_own_refused_whole(database: str) -> None:
    """Attempts and noted help spend QUOTA_ANSWER_BYTES: past it a check is refused, naming that budget, and stores nothing."""
    db = database
    with running_server(small_limits(DATABASE=db, QUOTA_ANSWER_BYTES=700, QUOTA_CHECKS_PER_MINUTE=100)) as url:
        shared, address = exercise(url), next(ADDRESSES)
        answers: list[requests.Response] = []
        while not answers or answers[-1].status_code == 200 and len(answers) < 10:
            answers.append(post(url, f"/api/exercises/{shared}/check", address,
                                {"values": {"B": 3}, "learner": f"learner-{len(answers):04d}"}))
        assert [a.status_code for a in answers[:2]] == [200, 200]  # an attempt is about 230 bytes: 3 do not fit
        refused(answers[-1], r"too much stored from this address: at most 700 bytes a day \(checks' attempts, hints and "
                             r"solutions noted\); try again in \d+ h( \d+ min)?")
        kept = rows(db, "attempts")
        assert kept == sum(a.status_code == 200 for a in answers)
        assert post(url, "/api/trees", address, LECTURE).status_code == 201  # uploads have their own budget


def test_an_ipv6_client_is_counted_by_its_64_block() -> None:
    """A host is given a whole /64: each of its addresses counted apart would be unlimited tries."""
    assert client_address("2001:db8:1:2::1") == client_address("2001:db8:1:2:ffff:ffff:ffff:fffe") == "2001:db8:1:2::/64"
    assert client_address("2001:db8:1:3::1") != client_address("2001:db8:1:2::1")
    assert client_address("::ffff:198.51.100.7") == client_address("198.51.100.7") == "198.51.100.7"
    assert client_address(None) == "unknown"
