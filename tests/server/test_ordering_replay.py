"""Replaying one of the ordering lab's orderings (issue 10, item 3): the request's `ordering` and
`seed` fields, validated in search/request.py and recorded in the start event's options, give the
same counts as the lab's row, for explicit trees and for games, through the engine, the CLI and the
/search socket."""

from __future__ import annotations

import json
from typing import Any

import pytest

from search import InputError, Recorder
from search.labs.ordering import ORDERINGS, ordering_lab
from search.request import parse_request
from search.traces.check import read_trace
from tests.helpers.cli import run_cli
from tests.helpers.live_server import running_server
from tests.helpers.socket_client import SearchClient

GAME = {"game": "tictactoe", "state": "X...O....", "depth": 2}


run = run_cli


def lab_rows(request: dict[str, Any], seed: int = 1) -> dict[str, tuple[int, int]]:
    searched = parse_request(request)
    lab = ordering_lab(searched.game, searched.depth, searched.ties, seed)  # type: ignore[arg-type]
    return {row["ordering"]: (row["leaves"], row["visited"]) for row in lab["orderings"]}


def traced(request: dict[str, Any]) -> list[dict[str, Any]]:
    recorder = Recorder()
    parse_request(request).run(recorder)
    return recorder.events()


@pytest.mark.parametrize("source", [{"example": "lecture"}, GAME, {"game": "isolation", "depth": 3}])
@pytest.mark.parametrize("ordering", ORDERINGS)
def test_a_traced_ordering_counts_what_the_labs_row_says(source: dict[str, Any], ordering: str) -> None:
    seed = {"seed": 7} if ordering == "random" else {}
    events = traced({**source, "ordering": ordering, **seed})
    result = events[-1]
    assert (result["leaves"], result["visited"]) == lab_rows(source, seed.get("seed", 1))[ordering]
    options = events[0]["options"]
    assert options["ordering"] == ordering and options.get("seed") == seed.get("seed")
    plain = traced(source)[-1]
    assert (result["value"], result["move"]) == (plain["value"], plain["move"])


def test_options_gain_the_keys_only_when_asked_and_random_records_its_seed() -> None:
    assert "ordering" not in traced({"example": "lecture"})[0]["options"]
    assert traced({**GAME, "ordering": "random"})[0]["options"] == {"depth": 2, "ties": "prune", "ordering": "random", "seed": 1}
    assert traced({"example": "lecture", "algorithm": "minimax", "ordering": "worst"})[0]["options"] == {"depth": None, "ordering": "worst"}


def test_a_reordered_tree_is_the_source_so_the_trace_replays_on_its_own() -> None:
    events = traced({"example": "lecture", "ordering": "best"})
    kids = events[0]["source"]["tree"]["children"]
    assert [k["id"] for k in kids[0]["children"]] == ["B1", "B3", "B2"]
    visits = [e["node"] for e in events if e["type"] == "visit"]
    assert visits.index("B3") < visits.index("B2")


@pytest.mark.parametrize("request_, where, text", [
    ({"example": "lecture", "ordering": "sorted"}, "ordering", "expected one of given, best, worst, random"),
    ({"example": "lecture", "ordering": 3}, "ordering", "expected one of"),
    ({"example": "lecture", "seed": 3}, "seed", 'with "ordering": "random"'),
    ({"example": "lecture", "ordering": "best", "seed": 3}, "seed", "not 'best'"),
    ({"example": "lecture", "ordering": "random", "seed": "3"}, "seed", "whole number"),
    ({"example": "lecture", "ordering": "random", "seed": True}, "seed", "whole number"),
    ({"example": "lecture", "ordering": "random", "seed": 2**60}, "seed", "whole number"),
    ({"example": "lecture-estimates", "algorithm": "iterative", "depth": 2, "ordering": "best"}, "ordering", "iterative deepening"),
    ({"game": "tictactoe", "ordering": "best"}, "depth", "give a depth limit"),
    ({"game": "tictactoe", "depth": 9, "ordering": "best"}, "depth", "ORDERING_MAX_NODES"),
])
def test_bad_ordering_fields_are_refused_naming_the_field(request_: dict[str, Any], where: str, text: str) -> None:
    with pytest.raises(InputError) as caught:
        parse_request(request_)
    assert caught.value.where == where and text in caught.value.problem


def test_cli_trace_takes_ordering_and_seed() -> None:
    done = run("trace", "--game", "tictactoe", "--state", "X...O....", "--depth", "2", "--ordering", "random", "--seed", "7")
    assert done.returncode == 0, done.stderr
    events, upgraded = read_trace(done.stdout)  # the validator and the schema accept the new options
    assert not upgraded and events[0]["options"] == {"depth": 2, "ties": "prune", "ordering": "random", "seed": 7}
    assert (events[-1]["leaves"], events[-1]["visited"]) == lab_rows(GAME, 7)["random"]
    tree = run_cli("trace", "-", "--ordering", "worst", stdin="[[1,2],[3,4]]")
    assert tree.returncode == 0 and json.loads(tree.stdout.splitlines()[0])["options"]["ordering"] == "worst"
    for args, text in [(("--seed", "3"), "--seed"), (("--ordering", "best", "--seed", "3"), "seed:"),
                       (("--ordering", "nope"), "invalid choice")]:
        bad = run("trace", "--example", "lecture", *args)
        assert bad.returncode == 2 and text in bad.stderr and "Traceback" not in bad.stderr


def test_socket_replays_a_game_ordering() -> None:
    with running_server() as url:
        client = SearchClient(url)
        try:
            client.start({**GAME, "ordering": "best"})
            assert client.wait() == "search:done"
            started = dict(client.messages)["search:started"]
            assert started["options"] == {"depth": 2, "ties": "prune", "ordering": "best"}
            result = client.events[-1]
            assert (result["leaves"], result["visited"]) == lab_rows(GAME)["best"]
            assert client.events[0]["options"]["ordering"] == "best"
            client.reset()
            client.start({**GAME, "ordering": "best", "seed": 4})
            assert client.wait() == "search:error"
            assert client.messages[-1][1]["error"].startswith("seed: ")
        finally:
            client.close()
