"""Traces of format 1 (written before backup.op and prune.players/moves), format 2 (before init,
test, every bound, return and baseline), 3 and 4 (before a return said it was a bound) still open: upgraded by the real engine, exactly as the
engine of today writes them, or refused naming the line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import requests

from search import InputError
from search.traces.check import read_trace
from search.traces.recorder import FORMAT_VERSION
from search.traces.schema import event_validator
from server.storage import Store
from tests.helpers.live_server import running_server

GOLDEN = Path(__file__).parents[1] / "golden"
# The golden traces as commit f957bf6 wrote them, in format 1: real traces of the older engine.
FORMAT1 = sorted(path.name for path in (GOLDEN / "format1").iterdir())
# The same four as commit d2465f5 wrote them, in format 2.
FORMAT2 = sorted(path.name for path in (GOLDEN / "format2").iterdir())
# The same four as commit b4eba0a wrote them, in format 3 (format 4 only added to it).
FORMAT3 = sorted(path.name for path in (GOLDEN / "format3").iterdir())
# The same four as commit c169dee wrote them, in format 4 (format 5 marks the returns that are bounds).
FORMAT4 = sorted(path.name for path in (GOLDEN / "format4").iterdir())


def lines_of(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines()]


def without_reference(text: str) -> str:
    """A golden trace as an upgrade reads it: results gained `reference` in format 5, which only the
    engine can add (an upload is searched again, and keeps it: see test_the_server_upgrades_...)."""
    events = lines_of(text)
    events[-1].pop("reference", None)
    return text_of(events)


def text_of(events: list[dict]) -> str:
    return "".join(json.dumps(event, separators=(",", ":"), ensure_ascii=False) + "\n" for event in events)  # UTF-8, as written


def test_the_format1_fixtures_are_format1_and_cover_trees_games_and_both_algorithms() -> None:
    assert len(FORMAT1) == 4
    starts = [lines_of((GOLDEN / "format1" / name).read_text())[0] for name in FORMAT1]
    assert {start["format"] for start in starts} == {1}
    assert {start["source"]["kind"] for start in starts} == {"tree", "game"}
    assert {start["algorithm"] for start in starts} == {"minimax", "alphabeta"}


@pytest.mark.parametrize("folder, name", [("format1", n) for n in FORMAT1] + [("format2", n) for n in FORMAT2]
                         + [("format3", n) for n in FORMAT3] + [("format4", n) for n in FORMAT4])
def test_an_older_trace_reads_as_todays_engine_writes_it(folder: str, name: str) -> None:
    assert lines_of((GOLDEN / folder / name).read_text())[0]["format"] == int(folder[-1])
    events, upgraded = read_trace((GOLDEN / folder / name).read_text())
    assert upgraded
    # Formats 1 and 2 are searched again, so their results gain the engine's reference; 3 and 4 are not.
    expected = (GOLDEN / name).read_text() if folder in ("format1", "format2") else without_reference((GOLDEN / name).read_text())
    assert events == lines_of(expected)
    # Key order too: the upgraded events are written as the engine writes them.
    assert text_of(events) == expected


def test_a_format3_trace_differs_from_format4_only_in_its_number() -> None:
    assert FORMAT3 == FORMAT4 == FORMAT1
    for name in FORMAT3:
        old, new = (GOLDEN / "format3" / name).read_text(), (GOLDEN / "format4" / name).read_text()
        assert old.replace('"format":3,', '"format":4,', 1) == new


def test_a_format4_trace_differs_from_today_in_its_number_and_the_bounds_of_its_returns() -> None:
    for name in FORMAT4:
        old, new = lines_of((GOLDEN / "format4" / name).read_text()), lines_of(without_reference((GOLDEN / name).read_text()))
        assert [{k: v for k, v in e.items() if not (k == "bound" and e["type"] == "return")} for e in new[1:]] == old[1:]
    lecture = lines_of((GOLDEN / "lecture_alphabeta.jsonl").read_text())
    assert [e["node"] for e in lecture if e["type"] == "return" and "bound" in e] == ["C"]


def test_an_older_iterative_trace_loses_the_parent_its_root_was_given() -> None:
    """Before format 5 each iteration after the first visited the root with the root as its parent."""
    now = lines_of((GOLDEN / "lecture_estimates_iterative_depth2.jsonl").read_text())
    roots = [i for i, e in enumerate(now) if e["type"] == "visit" and e["depth"] == 0]
    assert len(roots) == 2 and all(now[i]["parent"] is None for i in roots)
    old = [{**e, "format": 4} if e["type"] == "start" else
           {**e, "parent": e["node"]} if i == roots[1] else
           {k: v for k, v in e.items() if not (k == "bound" and e["type"] == "return")} for i, e in enumerate(now)]
    old[-1].pop("reference", None)
    events, upgraded = read_trace(text_of(old))
    assert upgraded and events == lines_of(without_reference(text_of(now)))


def test_a_current_trace_is_left_as_it_is() -> None:
    text = (GOLDEN / "lecture_alphabeta.jsonl").read_text()
    events, upgraded = read_trace(text)
    assert not upgraded and text_of(events) == text


def test_the_schema_names_the_format_the_recorder_writes() -> None:
    assert event_validator().schema["$defs"]["start"]["properties"]["format"] == {"const": FORMAT_VERSION}


def format1_lecture() -> list[dict]:
    return lines_of((GOLDEN / "format1" / "lecture_alphabeta.jsonl").read_text())


def refused(events: list[dict]) -> InputError:
    with pytest.raises(InputError) as caught:
        read_trace(text_of(events))
    return caught.value


def test_a_format1_prune_of_a_node_that_is_no_child_is_refused_by_line() -> None:
    events = format1_lecture()
    n = next(i for i, e in enumerate(events) if e["type"] == "prune")
    events[n]["pruned"] = ["C2", "D1"]
    error = refused(events)
    assert (error.where, error.problem) == (f"line {n + 1}.pruned[1]", "'D1' is not a child of 'C'")


def test_a_format1_backup_at_a_node_never_visited_is_refused_by_line() -> None:
    events = format1_lecture()
    n = next(i for i, e in enumerate(events) if e["type"] == "backup")
    events[n]["node"] = "Z"
    error = refused(events)
    assert error.where == f"line {n + 1}.node" and "'Z'" in error.problem


def test_a_format1_game_trace_with_a_position_the_game_cannot_read_is_refused_by_line() -> None:
    events = lines_of((GOLDEN / "format1" / "tictactoe_X...O...._alphabeta_depth3.jsonl").read_text())
    n = next(i for i, e in enumerate(events) if e["type"] == "prune")
    visit = max(i for i in range(n) if events[i]["type"] == "visit" and events[i]["node"] == events[n]["node"])
    events[visit]["state"] = "??"
    error = refused(events)
    assert error.where == f"line {n + 1}.pruned[0]"


def test_a_format_not_known_is_refused_at_line_1() -> None:
    events = format1_lecture()
    events[0]["format"] = FORMAT_VERSION + 1
    error = refused(events)
    assert error.where == "line 1 format" and str(FORMAT_VERSION) in error.problem


def format2(name: str = "lecture_alphabeta.jsonl") -> list[dict]:
    return lines_of((GOLDEN / "format2" / name).read_text())


def test_a_format2_trace_the_engine_does_not_make_is_refused_naming_line_and_field() -> None:
    events = format2()
    n = next(i for i, e in enumerate(events) if e["type"] == "leaf" and e["node"] == "D2")
    events[n]["value"] = 4
    error = refused(events)
    assert error.where == f"line {n + 1}.value"
    assert "makes a leaf at 'D2' here and the trace has a leaf at 'D2'" in error.problem


def test_a_format2_trace_missing_a_step_is_refused_where_it_is_missing() -> None:
    events = format2()
    n = next(i for i, e in enumerate(events) if e["type"] == "bound")
    del events[n]
    for seq, event in enumerate(events):
        event["seq"] = seq
    error = refused(events)
    assert error.where == f"line {n + 1}.type" and "makes a bound at 'B'" in error.problem


def test_a_format2_trace_stopped_early_stays_stopped_where_it_stopped() -> None:
    events = format2()
    assert (events[11]["type"], events[11]["node"]) == ("leaf", "B3")  # the last event kept
    stopped = events[:12] + [{**events[-1], "seq": 12, "value": None, "move": None, "child": None, "visited": 5,
                               "complete": False, "reason": "event limit"}]
    upgraded, _ = read_trace(text_of(stopped))
    made = lines_of((GOLDEN / "lecture_alphabeta.jsonl").read_text())
    b3 = next(k for k, e in enumerate(made) if (e["type"], e["node"]) == ("leaf", "B3"))
    assert upgraded[:-1] == made[:b3 + 1]  # the engine's steps up to B3's leaf, and no further
    assert upgraded[-1] == {**stopped[-1], "seq": b3 + 1}


def test_the_server_upgrades_uploads_and_traces_saved_before(tmp_path: Path) -> None:
    db = tmp_path / "lab.sqlite"
    old = (GOLDEN / "format1" / "lecture_alphabeta.jsonl").read_text()
    now = (GOLDEN / "lecture_alphabeta.jsonl").read_text()
    kept_as_stored = Store(db).save("traces", old)  # saved by the older server, as it was then
    with running_server({"DATABASE": str(db)}) as url:
        served = requests.get(f"{url}/api/traces/{kept_as_stored}", timeout=10)
        assert served.status_code == 200 and served.text == now

        checked = requests.post(url + "/api/traces/check", data=old, timeout=10).json()
        assert checked == {"events": 58, "verified": True, "trace": now}
        assert requests.post(url + "/api/traces/check", data=now, timeout=10).json() == {"events": 58, "verified": True}

        saved = requests.post(url + "/api/traces", data=old, timeout=10)
        assert saved.status_code == 201 and saved.json()["trace"] == now
        assert requests.get(f"{url}/api/traces/{saved.json()['id']}", timeout=10).text == now
    assert Store(db).load("traces", kept_as_stored) == old  # read as it is now, never rewritten
