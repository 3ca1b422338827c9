"""Each contract is written once: the event types (search.traces.events), the pseudocode line ids
(search.algorithms.pseudocode) and the limits (search.limits). The JSON Schemas, the recorder's dict and JSON
output, the listings and the served limits are held to those definitions here."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any, get_type_hints

import pytest

from search import limits
from search.algorithms.pseudocode import (
    CHANCE_LINES,
    EMM_LINES,
    MAX_LINES,
    MAXN_LINES,
    MIN_LINES,
    SEARCH_CALL,
    SEARCH_RETURN,
    listing,
    listing_of,
)
from search.games.isolation import Isolation
from search.games.tictactoe import TicTacToe
from search.request import parse_request
from search.traces.events import EVENT_TYPES
from search.traces.recorder import Recorder
from search.traces.schema import _load
from search.trees.schema import tree_schema, tree_schema_text
from tests.helpers.traced import traced

ROOT = Path(__file__).resolve().parents[2]
TRACE_SCHEMA = _load("trace.schema.json")
COMMON = ("seq", "type", "node", "line")
LINES_BY_TYPE = {  # SEARCH_RETURN: minimax's root steps are at MINIMAX-DECISION's arg max line
    "start": {SEARCH_CALL},
    "visit": {MAX_LINES.head, MIN_LINES.head, SEARCH_RETURN, EMM_LINES.head, CHANCE_LINES.head, MAXN_LINES.head},
    "init": {MAX_LINES.init, MIN_LINES.init, SEARCH_RETURN, EMM_LINES.max, EMM_LINES.min, EMM_LINES.chance,
             CHANCE_LINES.init, MAXN_LINES.init},
    "leaf": {MAX_LINES.terminal, MIN_LINES.terminal, MAX_LINES.cutoff, MIN_LINES.cutoff, EMM_LINES.terminal,
             EMM_LINES.cutoff, MAXN_LINES.terminal, MAXN_LINES.cutoff},
    "backup": {MAX_LINES.update, MIN_LINES.update, SEARCH_RETURN, EMM_LINES.max, EMM_LINES.min, EMM_LINES.chance_sum,
               CHANCE_LINES.update, MAXN_LINES.update},
    "test": {MAX_LINES.test, MIN_LINES.test, CHANCE_LINES.test_alpha, CHANCE_LINES.test_beta},
    "bound": {MAX_LINES.bound, MIN_LINES.bound},
    "prune": {MAX_LINES.test, MIN_LINES.test, CHANCE_LINES.test_alpha, CHANCE_LINES.test_beta},
    "return": {MAX_LINES.ret, MIN_LINES.ret, MAX_LINES.test, MIN_LINES.test, SEARCH_RETURN, EMM_LINES.max,
               EMM_LINES.min, EMM_LINES.chance_return, CHANCE_LINES.ret, CHANCE_LINES.test_alpha, CHANCE_LINES.test_beta,
               MAXN_LINES.ret},
    "result": {SEARCH_RETURN},
    "tt_hit": {MAX_LINES.tt_lookup, MIN_LINES.tt_lookup},
    "tt_store": {MAX_LINES.terminal, MIN_LINES.terminal, MAX_LINES.cutoff, MIN_LINES.cutoff, MAX_LINES.test, MIN_LINES.test,
                 MAX_LINES.ret, MIN_LINES.ret, SEARCH_RETURN},  # the return the stored value left by
    "quiescence": {MAX_LINES.quiescence, MIN_LINES.quiescence},
    "beam": {"max.beam", "min.beam", SEARCH_RETURN},
}

SEARCHES = [
    {"example": "lecture", "algorithm": "alphabeta"},
    {"example": "lecture", "algorithm": "alphabeta", "ties": "explore"},
    {"example": "lecture", "algorithm": "minimax"},
    {"tree": [[3, 3], [3, 1], [5, [2, 7]]], "algorithm": "alphabeta", "ties": "explore"},
    {"game": "tictactoe", "state": "X...O....", "algorithm": "alphabeta", "depth": 3},
    {"game": "tictactoe", "state": "XOX.O....", "algorithm": "minimax", "depth": 2},
    {"game": "isolation", "estimate": "mobility", "algorithm": "alphabeta", "depth": 3},
    {"game": "tictactoe", "state": "XO.X..O..", "algorithm": "minimax", "depth": 2, "tt": True, "quiescence": True, "beam": 3},
    {"game": "tictactoe", "state": "XO.X..O..", "algorithm": "alphabeta", "depth": 2, "tt": True, "quiescence": True, "beam": 3},
    {"game": "isolation", "algorithm": "alphabeta", "tt": True, "ties": "explore"},
    {"example": "chance", "algorithm": "expectiminimax"},
    {"example": "chance-bounded", "algorithm": "alphabeta"},
    {"example": "chance-bounded", "algorithm": "alphabeta", "ties": "explore"},
    {"example": "three-players", "algorithm": "maxn"},
]


def events_of(request: dict[str, Any]) -> list[dict[str, Any]]:
    recorder = Recorder()
    parse_request(request).run(recorder)
    return recorder.events()


def fields(kind: str) -> list[str]:
    return list(get_type_hints(EVENT_TYPES[kind]))


@pytest.mark.parametrize("kind", list(EVENT_TYPES))
def test_the_schema_has_exactly_the_fields_of_each_event_type(kind: str) -> None:
    definition = TRACE_SCHEMA["$defs"][kind]
    assert list(definition["properties"]) == fields(kind)
    required = set(COMMON) | set(definition["required"])
    assert required == set(EVENT_TYPES[kind].__required_keys__)
    assert definition["additionalProperties"] is False


def test_the_schema_knows_the_event_types_and_the_line_each_is_at() -> None:
    assert TRACE_SCHEMA["properties"]["type"]["enum"] == list(EVENT_TYPES)
    for kind, lines in LINES_BY_TYPE.items():
        line = TRACE_SCHEMA["$defs"][kind]["properties"]["line"]
        assert set(line.get("enum", [line.get("const")])) == lines, kind


@pytest.mark.parametrize("request_", SEARCHES, ids=lambda r: "-".join(str(v) for v in r.values()))
def test_dicts_and_json_text_have_the_fields_of_their_type_in_its_order(request_: dict[str, Any]) -> None:
    recorder = Recorder()
    parse_request(request_).run(recorder)
    texts = [line for batch in recorder._kept for line in batch.json_texts()]
    events = recorder.events()
    assert [json.loads(text) for text in texts] == events
    for text, event in zip(texts, events):
        order = fields(event["type"])
        keys = list(event)
        assert set(EVENT_TYPES[event["type"]].__required_keys__) <= set(keys), event
        assert keys == [k for k in order if k in keys], event  # no stranger, in the defined order
        assert list(json.loads(text)) == keys


@pytest.mark.parametrize("request_", SEARCHES, ids=lambda r: "-".join(str(v) for v in r.values()))
def test_every_line_an_event_names_is_in_the_listing_for_its_algorithm_and_tie_rule(request_: dict[str, Any]) -> None:
    events = events_of(request_)
    start, root = events[0], events[1]["player"]
    chance = any(e["type"] == "visit" and e["player"] == "chance" for e in events)
    shown = {line["id"] for line in listing_of(start["algorithm"], start["options"], root, chance) if line["id"]}
    assert shown == {line["id"] for line in parse_request(request_).listing() if line["id"]}
    for event in events:
        assert event["line"] in shown, event
        assert event["line"] in LINES_BY_TYPE[event["type"]], event
    root_lines = {e["line"] for e in events if e["node"] == start["node"] and e["type"] not in ("leaf", "test", "bound", "prune")}
    if start["algorithm"] == "minimax":  # MINIMAX-DECISION does the root's work on its arg max line
        assert root_lines == {SEARCH_CALL, SEARCH_RETURN}
    else:
        assert SEARCH_RETURN in root_lines and events[1]["line"] in root_lines
        assert events[1]["line"] == {"expectiminimax": "emm.head", "maxn": "maxn.head"}.get(start["algorithm"], f"{root}.head")


def test_the_listing_is_written_for_the_root_player_and_the_depth_limit() -> None:
    texts = lambda *args: [line["text"].strip() for line in listing(*args)]  # noqa: E731
    assert texts("minimax", "prune", "max", False)[:2] == [
        "function MINIMAX-DECISION(state) returns an action",
        "return arg max a ∈ ACTIONS(s) of MIN-VALUE(RESULT(state, a))"]
    assert texts("minimax", "prune", "min", False)[1] == "return arg min a ∈ ACTIONS(s) of MAX-VALUE(RESULT(state, a))"
    assert texts("alphabeta", "prune", "min", False)[1] == "v ← MIN-VALUE(state, −∞, +∞)"
    limited = texts("alphabeta", "prune", "max", True)
    assert "v ← MAX-VALUE(state, −∞, +∞, 0)" in limited
    assert "function MAX-VALUE(state, α, β, depth) returns a utility value" in limited
    assert "if CUTOFF-TEST(state, depth) then return EVAL(state)" in limited
    assert "v ← MAX(v, MIN-VALUE(RESULT(s, a), α, β, depth + 1))" in limited
    assert not any("CUTOFF" in text or "depth" in text for text in texts("alphabeta", "prune", "max", False))
    assert not any("(MIN-VALUE if" in text or "∞" in text and "+∞" not in text and "−∞" not in text
                   for args in [("minimax",), ("alphabeta",)] for text in texts(*args))


def test_an_event_at_a_min_node_is_at_a_min_line_and_backups_say_which_op() -> None:
    _, events = traced(TicTacToe("X...O...."), depth=2)
    players = {e["node"]: e["player"] for e in events if e["type"] == "visit"}
    for event in events:
        if event["type"] in ("visit", "init", "leaf", "backup", "test", "bound", "prune", "return"):
            assert event["line"].split(".")[0] == players[event["node"]], event
        if event["type"] == "backup":
            assert event["op"] == players[event["node"]]


def test_a_prune_names_the_player_and_move_of_each_skipped_child() -> None:
    _, events = traced(Isolation(".....#", "mobility"), depth=3)
    prunes = [e for e in events if e["type"] == "prune" and e["pruned"]]
    assert prunes
    for prune in prunes:
        assert len(prune["players"]) == len(prune["moves"]) == len(prune["pruned"])
        assert all(child == f"{prune['node']}.{move[0]},{move[1]}" for child, move in zip(prune["pruned"], prune["moves"]))
        mover = next(e["player"] for e in events if e["type"] == "visit" and e["node"] == prune["node"])
        assert set(prune["players"]) == {"min" if mover == "max" else "max"}


def test_minimax_records_no_tie_rule() -> None:
    start = events_of({"example": "lecture", "algorithm": "minimax"})[0]
    assert start["options"] == {"depth": None}
    assert events_of({"example": "lecture"})[0]["options"] == {"depth": None, "ties": "prune"}


def test_the_tree_schema_is_made_from_the_limits_and_the_file_is_up_to_date() -> None:
    defs = tree_schema()["$defs"]
    assert defs["number"]["maximum"] == limits.MAX_ABS_VALUE == -defs["number"]["minimum"]
    assert defs["text"]["maxLength"] == limits.MAX_LABEL_LENGTH
    assert defs["node"]["properties"]["children"]["maxItems"] == limits.MAX_BRANCHING == defs["shorthand"]["maxItems"]
    on_disk = (ROOT / "search" / "schema" / "tree.schema.json").read_text(encoding="utf-8")
    assert on_disk == tree_schema_text(), "run: .venv/bin/python -m search schema > search/schema/tree.schema.json"


def test_the_trace_schema_and_the_json_layouts_are_made_from_the_event_types_and_the_files_are_up_to_date() -> None:
    from search.traces import schema_build

    assert schema_build.trace_schema() == TRACE_SCHEMA, f"run: {schema_build.REGENERATE}"
    on_disk = (ROOT / "search" / "traces" / "layouts.py").read_text(encoding="utf-8")
    assert on_disk == schema_build.layouts_text(), f"run: {schema_build.REGENERATE}"
    assert (ROOT / "search" / "schema" / "trace.schema.json").read_text(encoding="utf-8") == schema_build.trace_schema_text(), \
        f"run: {schema_build.REGENERATE}"


def test_the_pages_event_types_module_is_made_from_the_event_types_and_is_up_to_date() -> None:
    """static/js/replay/event_types.js: what the page compares an event's type with and the keys it reads."""
    from search.traces import schema_build
    from search.traces.js_event_types import JS_FILE, event_types_js_text

    assert JS_FILE.read_text(encoding="utf-8") == event_types_js_text(schema_build.REGENERATE), f"run: {schema_build.REGENERATE}"
    shown = subprocess.run(["node", "--input-type=module", "-e",
                            f"const m = await import({json.dumps(JS_FILE.as_uri())}); "
                            "console.log(JSON.stringify({...m, frozen: Object.isFrozen(m.EVENT) && Object.isFrozen(m.EVENT_KEYS.visit)}))"],
                           capture_output=True, text=True, timeout=60, check=True)
    module = json.loads(shown.stdout)
    assert module["EVENT"] == {kind: kind for kind in EVENT_TYPES} and module["frozen"]
    assert module["EVENT_KEYS"] == {kind: list(get_type_hints(cls)) for kind, cls in EVENT_TYPES.items()}
    assert module["REQUIRED_KEYS"]["visit"] == ["seq", "type", "node", "line", "parent", "depth", "player"]


def test_a_test_names_one_of_the_pruning_tests() -> None:
    from search.traces.schema import event_validator

    events = events_of({"example": "lecture", "algorithm": "alphabeta"})
    for kind in ("test", "prune"):
        event = next(e for e in events if e["type"] == kind)
        assert event_validator().is_valid(event)
        assert not event_validator().is_valid({**event, "test": "v == beta"})  # a $defs name clash once let any through


def test_the_recorder_and_the_null_recorder_follow_the_search_recorder_protocol() -> None:
    import inspect

    from search.traces.recorder import NullRecorder, SearchRecorder

    methods = [name for name, value in vars(SearchRecorder).items() if inspect.isfunction(value) and not name.startswith("_")]
    assert len(methods) == 20
    for cls in (Recorder, NullRecorder):
        for name in methods:
            assert inspect.signature(getattr(cls, name)) == inspect.signature(getattr(SearchRecorder, name)), (cls, name)


def test_the_per_type_check_says_what_the_whole_schema_says() -> None:
    """check_event validates an event against its own type's part of the schema (about 3 times faster
    than the whole schema's allOf of one if/then per type): on every golden event, and on each with
    one field deleted, emptied, retyped or added, both give the same verdict and the same first error."""
    from search.errors import InputError, format_path
    from search.traces.schema import check_event, event_validator

    def first_error(event: Any) -> str | None:
        errors = sorted(event_validator().iter_errors(event), key=lambda e: len(e.absolute_path))
        return str(InputError(format_path(list(errors[0].absolute_path)), errors[0].message)) if errors else None

    golden = [json.loads(line) for path in sorted((ROOT / "tests" / "golden").glob("*.jsonl"))
              for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    events = [e for kind in sorted({e["type"] for e in golden}) for e in [g for g in golden if g["type"] == kind][:4]]
    assert len({e["type"] for e in events}) >= 14
    checked = 0
    for event in events:
        variants = [event, {**event, "zzz": 1}, {**event, "type": "nope"}]
        for key in event:
            variants += [{k: v for k, v in event.items() if k != key}, {**event, key: None}, {**event, key: "x"}, {**event, key: [1]}]
        for variant in variants:
            try:
                check_event(variant)
                said = None
            except InputError as exc:
                said = str(exc)
            assert said == first_error(variant), variant
            checked += 1
    assert checked > 1_500
