"""The REST API against a real server and a real SQLite file. Tests of what a request answers share one server of
the module (`server`), and a refusal is shown to store nothing by the table's count before and after; the restart and
the twenty saves at once have a server and a database of their own, on each back end."""

from __future__ import annotations

import json
import re
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from typing import Iterator

import pytest
import requests

from tests.helpers.cli import lecture_trace
from tests.helpers.live_server import running_server
from tests.helpers.stored_rows import rows

LECTURE = "[[3,12,8],[2,4,6],[14,5,2]]"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """One server and a fresh SQLite file for the module's tests of answers: none needs a server of its own."""
    db = str(tmp_path_factory.mktemp("trees-api") / "lab.sqlite")
    with running_server({"DATABASE": db}) as url:
        yield url, db


@pytest.mark.both_backends
def test_saved_trees_and_traces_survive_a_restart(database: str) -> None:
    db = database
    trace = lecture_trace()
    with running_server({"DATABASE": db}) as url:
        saved_tree = requests.post(url + "/api/trees", data=LECTURE, timeout=10)
        saved_trace = requests.post(url + "/api/traces", data=trace, timeout=10)
        assert saved_tree.status_code == 201 and saved_trace.status_code == 201
        tree_id, trace_id = saved_tree.json()["id"], saved_trace.json()["id"]
        assert saved_tree.json()["url"] == f"/t/{tree_id}" and saved_trace.json()["url"] == f"/r/{trace_id}"
        first = requests.get(f"{url}/api/trees/{tree_id}", timeout=10).json()
    if "://" not in db:
        with sqlite3.connect(db) as conn:
            assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    with running_server({"DATABASE": db}) as url:
        again = requests.get(f"{url}/api/trees/{tree_id}", timeout=10)
        assert again.status_code == 200 and again.json() == first
        assert [c["id"] for c in first["children"]] == ["B", "C", "D"]
        replay = requests.get(f"{url}/api/traces/{trace_id}", timeout=10)
        assert replay.status_code == 200 and replay.text == trace
        assert replay.headers["Content-Type"].startswith("application/x-ndjson")
        for page in (f"/t/{tree_id}", f"/r/{trace_id}"):
            assert requests.get(url + page, timeout=10).status_code == 200
        assert requests.get(f"{url}/api/trees/nope", timeout=10).status_code == 404
        assert requests.get(f"{url}/api/traces/nope", timeout=10).status_code == 404


def test_ids_are_random_not_counters(server: tuple[str, str]) -> None:
    url, _ = server
    ids = [requests.post(url + "/api/trees", data=LECTURE, timeout=10).json()["id"] for _ in range(5)]
    assert len(set(ids)) == 5 and all(len(i) >= 12 for i in ids)
    assert not any(i.isdigit() for i in ids)


@pytest.mark.both_backends
def test_twenty_clients_saving_at_once_all_persist(database: str) -> None:
    db = database
    trees = [json.dumps([[i, i + 1], [i + 2, i + 3]]) for i in range(20)]
    with running_server({"DATABASE": db}) as url:
        def save(body: str) -> tuple[int, str]:
            with requests.Session() as session:
                response = session.post(url + "/api/trees", data=body, timeout=30)
                return response.status_code, response.json()["id"]

        with ThreadPoolExecutor(max_workers=20) as pool:
            results = list(pool.map(save, trees))
        assert [status for status, _ in results] == [201] * 20
        for body, (_, tree_id) in zip(trees, results):
            saved = requests.get(f"{url}/api/trees/{tree_id}", timeout=10).json()
            assert saved["children"][0]["children"][0]["value"] == json.loads(body)[0][0]
    assert rows(db, "trees") == 20


BAD_TREES = [
    ("{not json", 400, "not valid JSON"),
    ("[[1, NaN]]", 400, "NaN is not allowed"),
    ("[[1, Infinity]]", 400, "Infinity is not allowed"),
    ('{"id":"A","children":[{"id":"B","value":1},{"id":"C","children":[{"id":"D","value":"x"}]}]}', 400,
     "children[1].children[0].value: expected a finite number"),
    (json.dumps([[1] * 50] * 2000), 400, "more than 10,000 nodes"),
    ("[" * 10_000 + "1" + "]" * 10_000, 400, "deeper than 40 levels"),
    ("[" + "1," * 600_000 + "1]", 413, "the limit is 1,000,000"),
]


@pytest.mark.parametrize(("body", "status", "message"), BAD_TREES)
def test_bad_trees_are_refused_and_nothing_is_saved(server: tuple[str, str], body: str, status: int, message: str) -> None:
    url, db = server
    before = rows(db, "trees")
    response = requests.post(url + "/api/trees", data=body, timeout=30)
    assert response.status_code == status
    assert message in response.json()["error"]
    assert rows(db, "trees") == before


def test_bad_traces_are_refused_and_nothing_is_saved(server: tuple[str, str]) -> None:
    lines = lecture_trace().splitlines()
    broken = lines[:5] + ['{"seq": 5, "type": "leaf", "node": "B1"'] + lines[6:]
    # Not a trace (400), or a trace the engine does not make (422: search.traces.verify compares it).
    cases = [
        ("\n".join(broken), 400, "line 6: not a JSON object"),
        ("\n".join(lines[:-1]), 422, "line 58: the trace ends here, without its result (is it cut short?)"),
        ("\n".join(lines[:3] + lines[4:]), 422, "line 4: the trace leaves out a visit of B, which the engine makes here"),
        ("\n".join(lines).replace('"alpha":"-inf"', '"alpha":-Infinity', 1), 400, "-Infinity is not allowed"),
        ("\n".join(lines).replace('"value":3,"kind"', '"value":"3","kind"', 1), 422, 'line 7: leaf B1 has value "3", the engine gives 3'),
        ("", 400, "the trace is empty"),
        ("\n".join(lines).replace('"node":"B1"', '"node":"B\\ud800"', 1), 400, "a lone surrogate"),
    ]
    url, db = server
    before = rows(db, "traces")
    for body, status, message in cases:
        response = requests.post(url + "/api/traces", data=body, timeout=30)
        assert response.status_code == status, body[:80]
        assert message in response.json()["error"], response.json()
    too_big = requests.post(url + "/api/traces", data="x" * 5_000_001, timeout=30)
    assert too_big.status_code == 413
    assert rows(db, "traces") == before


def test_random_trees_are_reproducible_by_seed(server: tuple[str, str]) -> None:
    url, _ = server
    def make(**options: int) -> dict[str, object]:
        return requests.post(url + "/api/random-tree", json=options, timeout=10).json()

    first = make(depth=3, min_branching=2, max_branching=3, min_value=-5, max_value=5, seed=42)
    assert make(depth=3, min_branching=2, max_branching=3, min_value=-5, max_value=5, seed=42) == first
    assert make(depth=3, min_branching=2, max_branching=3, min_value=-5, max_value=5, seed=43) != first
    refused = requests.post(url + "/api/random-tree", json={"depth": 12, "min_branching": 5, "max_branching": 5}, timeout=10)
    assert refused.status_code == 400 and "10,000 nodes" in refused.json()["error"]
    assert requests.post(url + "/api/random-tree", json={"seed": "x"}, timeout=10).json()["error"] == "seed: expected a whole number"
    broken = requests.post(url + "/api/random-tree", data='{"depth": 5,}', timeout=10)
    assert broken.status_code == 400 and "not valid JSON" in broken.json()["error"]


def test_check_normalises_without_saving(server: tuple[str, str]) -> None:
    url, db = server
    before = rows(db, "trees")
    ok = requests.post(url + "/api/trees/check", data=LECTURE, timeout=10)
    assert ok.status_code == 200 and [c["id"] for c in ok.json()["children"]] == ["B", "C", "D"]
    assert ok.json()["children"][0]["player"] == "min"
    bad = requests.post(url + "/api/trees/check", data='[[1,"x"]]', timeout=10)
    assert bad.status_code == 400 and bad.json()["error"] == "[0][1]: expected a finite number or a list"
    assert rows(db, "trees") == before


def test_trace_check_validates_without_saving(server: tuple[str, str]) -> None:
    url, db = server
    before = rows(db, "traces")
    ok = requests.post(url + "/api/traces/check", data=lecture_trace(), timeout=10)
    assert ok.status_code == 200 and ok.json() == {"events": 58, "verified": True}
    not_a_trace = requests.post(url + "/api/traces/check", data='{"hello": "world"}\n', timeout=10)
    assert not_a_trace.status_code == 400
    assert not_a_trace.json()["error"].startswith("line 1: a trace begins with its start event")
    assert requests.get(url + "/api/limits", timeout=10).json()["max_trace_bytes"] == 5_000_000
    assert rows(db, "traces") == before


def test_check_names_the_nodes_given_without_an_id(server: tuple[str, str]) -> None:
    """The editor's Add child: the new last child has no id; the server names it, past taken names."""
    added = {"id": "A", "children": [{"id": "B", "value": 1}, {"id": "D", "value": 2}, {"player": "min", "value": 0}]}
    url, db = server
    before = rows(db, "trees")
    named = requests.post(url + "/api/trees/check", json=added, timeout=10)
    assert named.status_code == 200
    assert named.json()["children"][2] == {"id": "E", "label": "E", "player": "min", "value": 0}
    too_long = {"id": "A", "children": [{"id": "B", "children": [{"id": "x" * 40, "children": [{"value": 0}]}]}]}
    refused = requests.post(url + "/api/trees/check", json=too_long, timeout=10)
    assert refused.status_code == 400
    assert refused.json()["error"] == (
        "children[0].children[0].children[0]: its generated id xxxxxxxxxxxx... is longer than 40 characters: give it an id")
    assert rows(db, "trees") == before


def test_shorthand_of_a_tree_or_why_it_has_none(server: tuple[str, str]) -> None:
    url, db = server
    before = rows(db, "trees")
    def shorthand(tree: object) -> requests.Response:
        return requests.post(url + "/api/trees/shorthand", data=json.dumps(tree), timeout=10)

    lecture = requests.post(url + "/api/trees/check", data=LECTURE, timeout=10).json()
    assert shorthand(lecture).json() == {"shorthand": LECTURE, "renamed": []}
    renamed = shorthand({"id": "X", "children": [{"id": "Y", "value": 1}, {"id": "C", "value": 2}]})
    assert renamed.status_code == 200 and renamed.json() == {"shorthand": "[1,2]", "renamed": ["X → A", "Y → B"]}
    for tree, message in [
        ({"id": "A", "value": 1}, "a one-node tree has no shorthand (the shorthand is a list of children)"),
        ({"id": "A", "label": "root", "children": [{"id": "B", "value": 1}]}, "root (id A) has a label, which the shorthand cannot carry"),
        ({"id": "A", "eval": 1, "children": [{"id": "B", "value": 1}]}, "A has an estimate (eval), which the shorthand cannot carry"),
        ({"id": "A", "children": [{"id": "B", "player": "max", "value": 1}]},
         "B is MAX out of turn; the shorthand alternates players from a MAX root"),
        ({"id": "A", "children": [{"id": "B", "value": "x"}]}, "children[0].value: expected a finite number"),
    ]:
        refused = shorthand(tree)
        assert refused.status_code == 400 and refused.json() == {"error": message}
    assert requests.post(url + "/api/trees/shorthand", data="[1,", timeout=10).json()["error"].startswith("not valid JSON")
    assert rows(db, "trees") == before


def test_limits_give_the_editor_every_rule_it_checks(server: tuple[str, str]) -> None:
    from search import limits
    from search.trees.schema import tree_schema

    url, _ = server
    got = requests.get(url + "/api/limits", timeout=10).json()
    assert (got["max_tree_nodes"], got["max_tree_depth"], got["max_branching"], got["max_label_length"], got["max_abs_value"]) == (
        limits.MAX_TREE_NODES, limits.MAX_TREE_DEPTH, limits.MAX_BRANCHING, limits.MAX_LABEL_LENGTH, limits.MAX_ABS_VALUE)
    # The editor warns of a chance node's probability sum with the server's own tolerance.
    assert got["probability_tolerance"] == limits.PROBABILITY_TOLERANCE
    # The schema's own rule for a label's characters, as text (JavaScript: new RegExp(pattern, "u")).
    assert got["label_pattern"] == tree_schema()["$defs"]["node"]["properties"]["label"]["pattern"]
    rule = re.compile(got["label_pattern"])
    assert rule.match("\U0001F600 win") and rule.match("")
    assert not any(rule.match(bad) for bad in ["bell\u0007", "line\u2028", "\ud800", "\x9f"])


def test_the_pseudocode_listing_is_written_for_the_root_player_and_depth_limit(server: tuple[str, str]) -> None:
    url, _ = server
    def texts(query: str) -> list[str]:
        answer = requests.get(f"{url}/api/pseudocode?{query}", timeout=10)
        assert answer.status_code == 200, answer.text
        return [line["text"].strip() for line in answer.json()]
    assert texts("algorithm=minimax&root=min")[1] == "return arg min a ∈ ACTIONS(s) of MAX-VALUE(RESULT(state, a))"
    limited = texts("algorithm=alphabeta&ties=explore&root=max&depth=2")
    assert "v ← MAX-VALUE(state, −∞, +∞, 0)" in limited and "if v > β then return v" in limited
    assert "if CUTOFF-TEST(state, depth) then return EVAL(state)" in limited
    assert not any("CUTOFF" in text for text in texts("algorithm=alphabeta"))
    bad = requests.get(f"{url}/api/pseudocode?algorithm=alphabeta&root=chance", timeout=10)
    assert bad.status_code == 400 and "root max or min" in bad.json()["error"]
