"""Finding: doctored traces were stored and shared (201), and checking one cost 0.5 ms an event with
no cap on uploads at once. Now an upload is searched again by the engine and compared line by line
(search.traces.verify): the first difference is refused with 422 naming the line, nothing is stored;
every genuine trace, of every algorithm and option, and of every older format, is accepted; and at
most MAX_CONCURRENT_TRACE_CHECKS checks run at once (503 with Retry-After past it)."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests

from search.request import SearchRequest, parse_request
from search.traces.recorder import Recorder
from search.traces.verify import TraceMismatch, verify_trace
from tests.helpers.live_server import running_server
from tests.helpers.socket_client import PATIENCE_SECONDS

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def engine_trace(request: dict[str, Any], *, max_events: int | None = None, cancel_after_batches: int | None = None,
                 reason: str = "cancelled") -> str:
    """The engine's JSON Lines for a search request, as the CLI writes it; or stopped: by a cap, or
    cancelled at a batch boundary as the server cancels (search:cancel, a stalled client)."""
    pieces: list[str] = []
    recorder: Recorder

    def sink(batch: Any) -> None:
        pieces.append(batch.jsonl())
        if cancel_after_batches is not None and len(pieces) == cancel_after_batches:
            recorder.cancel(reason)

    recorder = Recorder(sink, keep=False, batch_size=1000, max_events=max_events)
    parse_request(request).run(recorder)
    return "".join(pieces)


LECTURE = engine_trace({"example": "lecture", "algorithm": "alphabeta"})
LINES = LECTURE.splitlines()


def rows(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT COUNT(*) FROM traces").fetchone()[0]


def line_of(kind: str, node: str) -> int:
    """Index in LINES of the first `kind` event at `node`."""
    return next(i for i, line in enumerate(LINES) if json.loads(line)["type"] == kind and json.loads(line)["node"] == node)


def edited(index: int, **fields: Any) -> list[str]:
    lines = list(LINES)
    lines[index] = json.dumps({**json.loads(lines[index]), **fields}, separators=(",", ":"))
    return lines


def renumbered(lines: list[str]) -> list[str]:
    return [json.dumps({**json.loads(line), "seq": seq}, separators=(",", ":")) for seq, line in enumerate(lines)]


def text(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


B1, PRUNE_C = line_of("leaf", "B1"), line_of("prune", "C")
DOCTORED = {
    "leaf B1 is 99": (edited(B1, value=99), "line 7: leaf B1 has value 99, the engine gives 3"),
    "the result is 7": (edited(len(LINES) - 1, value=7), "line 58: the result value is 7, the engine gives 3"),
    "a shorter prune list": (edited(PRUNE_C, pruned=["C3"], players=["max"], moves=["C3"]),
                             "line 31: prune at C lists C3, the engine prunes C2, C3"),
    "an event deleted": (LINES[:B1] + LINES[B1 + 1:], "line 7: the trace leaves out the leaf B1 (value 3), which the engine makes here"),
    "an event deleted, seq renumbered": (renumbered(LINES[:B1] + LINES[B1 + 1:]),
                                         "line 7: the trace leaves out the leaf B1 (value 3), which the engine makes here"),
    "an event duplicated": (renumbered(LINES[:B1 + 1] + LINES[B1:]),
                            "line 8: the trace repeats the leaf B1 (value 3); the engine goes on with a backup at B (from B1)"),
    "seq changed": (edited(B1, seq=99), "line 7: seq is 99, the engine gives 6 (events are numbered 0, 1, 2, ... in order)"),
    "cut short": (LINES[:40], "line 41: the trace ends here; the engine goes on with "),
    "its result cut off": (LINES[:-1], "line 58: the trace ends here, without its result (is it cut short?)"),
    "an extra event at the end": (LINES + [LINES[B1].replace('"seq":6', '"seq":58')],
                                  "line 59: the engine's search ended on line 58 with its result; the trace goes on with the leaf B1 (value 3)"),
    "an event inserted": (renumbered(LINES[:B1] + [LINES[B1].replace('"B1"', '"B2"')] + LINES[B1:]),
                          "line 7: the trace has the leaf B2 (value 3), which the engine does not make; the engine goes on with the leaf B1 (value 3)"),
    "a backed-up value": (edited(B1 + 1, v_after=99), "line 8: at B, v after the backup of B1 is 99, the engine gives 3"),
    "a window": (edited(B1 - 1, alpha=5), "line 6: the visit of B1 has alpha 5, the engine gives -inf"),
    "a start whose tie rule its events do not follow": (edited(0, options={"depth": None, "ties": "explore"}),
                                                        "line 9: the test at B has test v <= alpha, the engine gives v < alpha"),
}


def tiny_trace_of_full_tictactoe_minimax() -> str:
    """The first 30 events of minimax over the whole game (1,944,617 events), then a result."""
    head = engine_trace({"game": "tictactoe", "algorithm": "minimax"}, max_events=30).splitlines()
    result = {**json.loads(head[-1]), "value": 0, "move": 0, "child": "root.0", "complete": True}
    del result["reason"]
    return text(head[:-1] + [json.dumps(result)])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    db = tmp_path_factory.mktemp("doctored") / "lab.sqlite"
    with running_server({"DATABASE": str(db)}) as url:
        yield url, db


@pytest.mark.parametrize("name", list(DOCTORED))
def test_a_doctored_trace_is_refused_naming_the_line_and_nothing_is_stored(server: tuple[str, Path], name: str) -> None:
    url, db = server
    lines, message = DOCTORED[name]
    before = rows(db)
    for path in ("/api/traces", "/api/traces/check"):
        answer = requests.post(url + path, data=text(lines), timeout=PATIENCE_SECONDS)
        assert answer.status_code == 422 and answer.headers["Content-Type"] == "application/json"
        assert answer.json()["error"].startswith(message), answer.json()
    assert rows(db) == before


def test_a_tiny_trace_claiming_the_whole_game_is_refused_after_as_many_events(server: tuple[str, Path],
                                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    url, db = server
    trace = tiny_trace_of_full_tictactoe_minimax()
    before = rows(db)
    answer = requests.post(url + "/api/traces", data=trace, timeout=PATIENCE_SECONDS)
    assert answer.status_code == 422
    assert answer.json()["error"].startswith("line 31: the trace ends with its result here; the engine goes on with the leaf root.0.1.2.3.4.5.7.8.6 (value 100)")
    assert rows(db) == before
    # The engine stopped one event past the trace's end (then made its result): a short trace
    # costs a short search, not the 1,944,617 events its start describes.
    made: list[int] = []
    run = SearchRequest.run

    def counted(self: SearchRequest, recorder: Recorder | None = None) -> Any:
        try:
            return run(self, recorder)
        finally:
            made.append(recorder.count if recorder is not None else -1)

    monkeypatch.setattr(SearchRequest, "run", counted)
    with pytest.raises(TraceMismatch):
        verify_trace(trace)
    assert made == [len(trace.splitlines()) + 2]


def golden(path: str) -> str:
    return (GOLDEN / path).read_text(encoding="utf-8")


GENUINE = {
    "minimax": lambda: engine_trace({"example": "lecture", "algorithm": "minimax"}),
    "alpha-beta, ties prune": lambda: LECTURE,
    "alpha-beta, ties explore": lambda: engine_trace({"example": "lecture", "algorithm": "alphabeta", "ties": "explore"}),
    "alpha-beta on tic-tac-toe, depth 3": lambda: engine_trace({"game": "tictactoe", "state": "X...O....", "depth": 3}),
    "alpha-beta on Isolation": lambda: golden("isolation_mobility_alphabeta_depth3.jsonl"),
    "expectiminimax": lambda: golden("chance_expectiminimax.jsonl"),
    "alpha-beta over chance nodes with bounds": lambda: golden("chance_bounded_alphabeta.jsonl"),
    "max^n": lambda: golden("three_players_maxn.jsonl"),
    "iterative deepening": lambda: engine_trace({"game": "tictactoe", "state": "X...O....", "algorithm": "iterative", "depth": 3}),
    "tt, quiescence, beam": lambda: golden("enhanced_horizon_minimax_tt_quiescence_beam3.jsonl"),
    "alpha-beta with a transposition table": lambda: engine_trace({"game": "tictactoe", "state": "X...O....", "tt": True}),
    "ordering best": lambda: engine_trace({"example": "lecture", "ordering": "best"}),
    "ordering worst": lambda: engine_trace({"example": "lecture", "ordering": "worst"}),
    "ordering random, seed 7": lambda: engine_trace({"example": "lecture", "ordering": "random", "seed": 7}),
    "a game in random order": lambda: engine_trace({"game": "tictactoe", "state": "X...O....", "depth": 2, "ordering": "random", "seed": 3}),
    "stopped by the event limit": lambda: engine_trace({"example": "lecture"}, max_events=20),
    "stopped by the event limit, iterative": lambda: engine_trace(
        {"game": "tictactoe", "state": "X...O....", "algorithm": "iterative", "depth": 4}, max_events=700),
    "cancelled": lambda: engine_trace({"game": "tictactoe", "state": "X........"}, cancel_after_batches=2),
    "a stalled client's, iterative": lambda: engine_trace(
        {"game": "tictactoe", "algorithm": "iterative", "depth": 5}, cancel_after_batches=3, reason="client stalled"),
    "format 1": lambda: golden("format1/lecture_alphabeta.jsonl"),
    "format 2": lambda: golden("format2/tictactoe_X...O...._alphabeta_depth3.jsonl"),
    "format 3": lambda: golden("format3/isolation_mobility_alphabeta_depth3.jsonl"),
}


@pytest.mark.parametrize("name", list(GENUINE))
def test_a_genuine_trace_is_stored_as_the_engine_writes_it(server: tuple[str, Path], name: str) -> None:
    url, db = server
    trace = GENUINE[name]()
    before = rows(db)
    saved = requests.post(url + "/api/traces", data=trace, timeout=PATIENCE_SECONDS)
    assert saved.status_code == 201, saved.json()
    assert rows(db) == before + 1
    served = requests.get(url + f"/api/traces/{saved.json()['id']}", timeout=PATIENCE_SECONDS).text
    assert served == verify_trace(trace).text
    if not name.startswith("format"):
        assert served == trace and "trace" not in saved.json()


def test_a_trace_written_another_way_is_accepted_and_kept_as_the_engine_writes_it(server: tuple[str, Path]) -> None:
    """As a page or another tool writes it: other key order, spaces, 3.0 for 3, CRLF, a blank line."""
    url, _ = server
    events = [json.loads(line) for line in LINES]
    events[B1]["value"] = 3.0
    rewritten = "\r\n".join(json.dumps(dict(reversed(list(e.items())))) for e in events[:10]) + "\r\n\r\n" + \
        "\n".join(json.dumps(e, indent=None) for e in events[10:])
    checked = requests.post(url + "/api/traces/check", data=rewritten, timeout=PATIENCE_SECONDS)
    assert checked.status_code == 200 and checked.json() == {"events": 58, "verified": True, "trace": LECTURE}
    doctored = rewritten.replace('"value": 2, "kind"', '"value": 4, "kind"', 1)
    refused = requests.post(url + "/api/traces/check", data=doctored, timeout=PATIENCE_SECONDS)
    assert refused.status_code == 422 and refused.json()["error"].startswith("line 29: leaf C1 has value 4, the engine gives 2")  # the blank line counts


def test_a_start_that_is_no_search_is_refused_400_naming_its_field(server: tuple[str, Path]) -> None:
    url, _ = server
    cases = {
        "line 1.options.depth: expected a whole number from 0 to 20, or none": edited(0, options={"depth": 99, "ties": "prune"}),
        "line 1.options.colour: unknown option": edited(0, options={"depth": None, "ties": "prune", "colour": "red"}),
        "line 1.algorithm: expected one of": edited(0, algorithm="negamax"),
        "line 1.source.tree.children[0].children[0].value: expected a finite number": edited(
            0, source={"kind": "tree", "tree": {"id": "A", "children": [{"id": "B", "children": [{"id": "B1", "value": "x"}]}]}}),
        "line 1.format: expected 5": edited(0, format=7),
        "line 1.source.state:": edited(0, source={"kind": "game", "game": "tictactoe", "state": "XXXX"}),
    }
    for message, lines in cases.items():
        answer = requests.post(url + "/api/traces", data=text(lines), timeout=PATIENCE_SECONDS)
        assert answer.status_code == 400 and answer.json()["error"].startswith(message), answer.json()


def test_checks_at_once_are_bounded_and_the_next_upload_is_told_to_retry(tmp_path: Path) -> None:
    """MAX_CONCURRENT_TRACE_CHECKS = 1 and a big upload held in its check (TRACE_CHECK_HOOK, the
    test-only hook of server/searches/trace_checks.py): the next upload is answered 503 at once."""
    db = tmp_path / "lab.sqlite"
    entered, release = threading.Event(), threading.Event()

    def hold() -> None:
        if not entered.is_set():
            entered.set()
            release.wait(PATIENCE_SECONDS)

    big = engine_trace({"game": "tictactoe", "state": "X........"})  # 13,098 events, 1.8 MB
    answers: list[requests.Response] = []
    with running_server({"DATABASE": str(db), "MAX_CONCURRENT_TRACE_CHECKS": 1, "TRACE_CHECK_HOOK": hold}) as url:
        first = threading.Thread(target=lambda: answers.append(requests.post(url + "/api/traces", data=big, timeout=PATIENCE_SECONDS)))
        first.start()
        try:
            assert entered.wait(PATIENCE_SECONDS)
            for path in ("/api/traces", "/api/traces/check"):
                busy = requests.post(url + path, data=LECTURE, timeout=PATIENCE_SECONDS)
                assert busy.status_code == 503 and busy.headers["Retry-After"] == "2"
                assert busy.json() == {"error": "the server is checking 1 uploaded trace already (its limit): try again in a few seconds"}
        finally:
            release.set()
            first.join(PATIENCE_SECONDS)
        assert [a.status_code for a in answers] == [201]
        assert requests.post(url + "/api/traces", data=LECTURE, timeout=PATIENCE_SECONDS).status_code == 201  # its place is free again
    assert rows(db) == 2
