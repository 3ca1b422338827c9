"""Every step lights a line that says what the step does (issue 25): the transposition table, quiescence,
the beam and the chance sum have lines of their own, a table store is part of the return its value left
by, the fail-hard listing keeps the fail-soft ids, and traces with the old lines read with the new ones."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from search.algorithms.pseudocode import CHANCE_LINES, EMM_LINES, MAX_LINES, MIN_LINES, SEARCH_RETURN, Line, listing, listing_of
from search.request import parse_request
from search.traces.events import LINES
from search.traces.line_upgrade import upgrade_lines
from search.traces.recorder import Recorder
from server import create_app
from tests.helpers.cli import run_cli

GOLDEN = Path(__file__).parents[1] / "golden"

WORDS: dict[str, tuple[str, ...]] = {
    "start": ("←", "MINIMAX-DECISION"),
    "visit": ("function", "arg max", "arg min"),
    "init": ("←", "max a ∈", "min a ∈", "arg max", "arg min"),
    "leaf": ("UTILITY", "EVAL"),
    "backup": ("MAX(v", "MIN(v", "max a ∈", "min a ∈", "arg max", "arg min", "P(r)", "u[p]"),
    "test": ("if ",),
    "bound": ("α ← MAX(α, v)", "β ← MIN(β, v)"),
    "prune": ("then return",),
    "return": ("return",),
    "iteration": ("best ←",),
    "result": ("return",),
    "tt_hit": ("TABLE-LOOKUP",),
    "tt_store": ("TABLE-STORE",),
    "quiescence": ("QUIET",),
    "beam": ("best",),
}
"""The word (any of them) the narration of each event type uses that its line must say: a table store
lights TABLE-STORE, a beam "the K best", quiescence IS-QUIET, a chance node's backup P(r)."""

CHANCE_SUM_LINES = {EMM_LINES.chance_sum, CHANCE_LINES.update}


def fits(event: dict[str, Any], text: str) -> bool:
    """Whether the lit line's text says what the event's narration says."""
    if event["type"] == "leaf":
        return ("UTILITY" if event["kind"] == "utility" else "EVAL") in text
    if event["type"] == "backup" and event["op"] == "chance":
        return "P(r)" in text
    return any(word in text for word in WORDS[event["type"]])


def possible(kind: str, tt: bool, quiescence: bool, beam: int | None) -> bool:
    """Whether a search with these options can make events of this type."""
    return {"tt_hit": tt, "tt_store": tt, "quiescence": quiescence, "beam": beam is not None}.get(kind, True)


LISTINGS = [
    (algorithm, ties, root, depth, chance, tt, quiescence and depth, beam, returns)
    for algorithm, ties, root, depth, chance, tt, quiescence, beam, returns in itertools.product(
        ("minimax", "alphabeta", "iterative", "expectiminimax", "maxn"), ("prune", "explore"), ("max", "min"),
        (False, True), (False, True), (False, True), (False, True), (None, 3), ("v", "bound"))
    if not (chance and algorithm != "alphabeta")
]


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "iterative", "expectiminimax", "maxn"])
def test_every_line_an_event_type_can_be_at_says_what_its_narration_says(algorithm: str) -> None:
    checked = 0
    for _, ties, root, depth, chance, tt, quiescence, beam, returns in (c for c in LISTINGS if c[0] == algorithm):
        lines = listing(algorithm, ties, root, depth, chance, tt=tt, quiescence=quiescence, beam=beam, returns=returns)
        text = {line["id"]: line["text"] for line in lines if line["id"]}
        for kind, ids in LINES.items():
            if not possible(kind, tt, quiescence, beam):
                continue
            for line_id in ids:
                if line_id == SEARCH_RETURN and algorithm != "minimax" and kind != "result":
                    continue  # only minimax does the root's steps on its decision's line (MINIMAX-DECISION's arg max)
                if line_id in text:
                    checked += 1
                    assert any(word in text[line_id] for word in WORDS[kind]), (kind, line_id, text[line_id])
                    if kind == "backup" and line_id in CHANCE_SUM_LINES:
                        assert "P(r)" in text[line_id]
    assert checked > 100


def test_each_enhancement_has_lines_of_its_own() -> None:
    plain = listing("alphabeta", "prune", "max", True)
    enhanced = listing("alphabeta", "prune", "max", True, tt=True, quiescence=True, beam=2)
    ids = {line["id"]: line["text"].strip() for line in enhanced if line["id"]}
    assert ids[MAX_LINES.tt_lookup] == "if TABLE-LOOKUP(state, depth, α, β) answers then return its value"
    assert ids[MIN_LINES.quiescence] == "if depth ≥ limit then search on: not IS-QUIET(state)"
    assert "IS-QUIET(state)) then return TABLE-STORE(state, EVAL(state), exact)" in ids[MAX_LINES.cutoff]
    assert ids["max.beam"] == "for each a in the 2 best of ACTIONS(state) by EVAL do"
    assert ids[MAX_LINES.test] == "if v ≥ β then return TABLE-STORE(state, v, lower)"
    assert ids[MIN_LINES.ret] == "return TABLE-STORE(state, v, flag)"
    assert not any("TABLE" in line["text"] or "QUIET" in line["text"] or "best of" in line["text"] for line in plain)
    # The order of a value function: head, lookup, terminal, cutoff, quiescence, init, the beam's loop.
    order = [line["id"] for line in enhanced if line["id"] and line["id"].startswith("max.")]
    assert order[:7] == ["max.head", "max.tt_lookup", "max.terminal", "max.cutoff", "max.quiescence", "max.init", "max.beam"]
    minimax = listing("minimax", "prune", "max", True, tt=True, beam=2)
    assert minimax[1]["text"] == ("return arg max a ∈ the 2 best of ACTIONS(state) by EVAL of MIN-VALUE(RESULT(state, a), 1); "
                                  "TABLE-STORE(state, that max)")


def test_the_fail_hard_listing_returns_the_bounds_at_the_same_lines() -> None:
    soft = {line["id"]: line["text"].strip() for line in listing("alphabeta") if line["id"]}
    hard = {line["id"]: line["text"].strip() for line in listing("alphabeta", returns="bound") if line["id"]}
    assert soft.keys() == hard.keys()
    assert (hard[MAX_LINES.test], hard[MAX_LINES.ret]) == ("if v ≥ β then return β", "return α")
    assert (hard[MIN_LINES.test], hard[MIN_LINES.ret]) == ("if v ≤ α then return α", "return β")
    assert (soft[MAX_LINES.test], soft[MAX_LINES.ret]) == ("if v ≥ β then return v", "return v")
    assert {k: v for k, v in hard.items() if k not in (MAX_LINES.test, MAX_LINES.ret, MIN_LINES.test, MIN_LINES.ret)} == \
        {k: v for k, v in soft.items() if k not in (MAX_LINES.test, MAX_LINES.ret, MIN_LINES.test, MIN_LINES.ret)}


def test_expectiminimax_writes_the_chance_sum_out() -> None:
    texts = [(line["id"], line["text"]) for line in listing("expectiminimax")]
    assert (EMM_LINES.chance, "v ← 0") in texts
    assert (EMM_LINES.chance_sum, "v ← v + P(r) · EMINIMAX(RESULT(s, r))") in texts
    assert (EMM_LINES.chance_return, "return v") in texts
    assert EMM_LINES.chance not in LINES["backup"] and EMM_LINES.chance not in LINES["return"]


SEARCHES = [
    {"game": "tictactoe", "state": "XO.X.....", "algorithm": "alphabeta", "depth": 3, "tt": True, "quiescence": True, "beam": 3},
    {"game": "tictactoe", "state": "XO.X.....", "algorithm": "minimax", "depth": 3, "tt": True, "quiescence": True, "beam": 3},
    {"game": "tictactoe", "state": "XO.X..O..", "algorithm": "alphabeta", "depth": 2, "tt": True, "ties": "explore"},
    {"game": "tictactoe", "state": "X...O....", "algorithm": "alphabeta", "depth": 3, "tt": True, "returns": "bound"},
    {"game": "tictactoe", "state": "X........", "algorithm": "alphabeta", "depth": 2, "beam": 2, "returns": "bound"},
    {"game": "tictactoe", "state": "XO.X..O..", "algorithm": "minimax", "tt": True},
    {"game": "isolation", "algorithm": "alphabeta", "depth": 4, "tt": True},
    {"example": "lecture", "algorithm": "alphabeta", "returns": "bound"},
    {"example": "lecture", "algorithm": "minimax"},
    {"example": "chance", "algorithm": "expectiminimax"},
    {"example": "chance-bounded", "algorithm": "alphabeta"},
    {"example": "three-players", "algorithm": "maxn"},
    {"example": "lecture-estimates", "algorithm": "iterative", "depth": 2},
]


def search(request: dict[str, Any]) -> tuple[list[dict[str, Any]], list[Line]]:
    recorder = Recorder()
    parse_request(request).run(recorder)
    events = recorder.events()
    start, chance = events[0], any(e["type"] == "visit" and e["player"] == "chance" for e in events)
    return events, listing_of(start["algorithm"], start["options"], events[1]["player"], chance)


@pytest.mark.parametrize("request_", SEARCHES, ids=lambda r: "-".join(str(v) for v in r.values()))
def test_every_step_lights_a_line_that_fits_its_narration(request_: dict[str, Any]) -> None:
    events, lines = search(request_)
    text = {line["id"]: line["text"] for line in lines if line["id"]}
    assert parse_request(request_).listing() == lines  # what the server sends is the listing of the start's options
    unfit = [(e["seq"], e["type"], e["line"], text.get(e["line"])) for e in events
             if e["line"] not in text or not fits(e, text[e["line"]])]
    assert unfit == []


def test_enhanced_searches_make_every_step_of_their_own() -> None:
    kinds = {e["type"] for request in SEARCHES[:2] for e in search(request)[0]}
    assert {"tt_hit", "tt_store", "quiescence", "beam"} <= kinds


@pytest.mark.parametrize("request_", [r for r in SEARCHES if r.get("tt")], ids=lambda r: "-".join(str(v) for v in r.values()))
def test_a_store_lights_the_return_its_value_left_by(request_: dict[str, Any]) -> None:
    events, _ = search(request_)
    stores = [(before, store) for before, store in zip(events, events[1:]) if store["type"] == "tt_store"]
    assert stores
    for before, store in stores:
        assert before["node"] == store["node"] and before["type"] in ("leaf", "return"), (before, store)
        assert store["line"] == before["line"], (before, store)


def test_stores_light_every_kind_of_return() -> None:
    lines = {e["line"] for request in SEARCHES if request.get("tt") for e in search(request)[0] if e["type"] == "tt_store"}
    assert {MAX_LINES.terminal, MIN_LINES.terminal, MAX_LINES.cutoff, MAX_LINES.test, MIN_LINES.test, MAX_LINES.ret,
            MIN_LINES.ret} <= lines


@pytest.mark.parametrize("request_", SEARCHES, ids=lambda r: "-".join(str(v) for v in r.values()))
def test_each_child_is_taken_by_a_loop_line_of_its_parent(request_: dict[str, Any]) -> None:
    """The page shows, beside a child's visit, the loop that took it: the listing's loop line whose
    `loop_after` holds the line of the parent's step just before the visit."""
    events, lines = search(request_)
    loops = {after: line for line in lines for after in line.get("loop_after", [])}
    for before, visit in zip(events, events[1:]):
        # (iterative deepening's root, from its second iteration on, names itself as its parent: no loop took it)
        if visit["type"] == "visit" and visit["parent"] not in (None, visit["node"]):
            assert before["node"] == visit["parent"], (before, visit)
            loop = loops[before["line"]]
            assert any(word in loop["text"] for word in ("for each", "arg max", "arg min", "max a ∈", "min a ∈")), loop


def test_old_traces_read_with_the_new_lines() -> None:
    for name in ("chance_expectiminimax.jsonl", "enhanced_horizon_minimax_tt_quiescence_beam3.jsonl"):
        old = [json.loads(line) for line in (GOLDEN / "old_lines" / name).read_text().splitlines()]
        new = [json.loads(line) for line in (GOLDEN / name).read_text().splitlines()]
        moved = upgrade_lines(old)
        assert [e["line"] for e in old] != [e["line"] for e in new]
        assert [e["line"] for e in moved] == [e["line"] for e in new]
        assert [{**e, "line": None} for e in moved] == [{**e, "line": None} for e in old]  # only lines move
        assert upgrade_lines(new) == new  # nothing to move in a trace that has the new lines


def test_the_cli_prints_the_listing_of_the_searchs_options() -> None:
    done = run_cli("pseudocode", "--algorithm", "alphabeta", "--depth-limited", "--tt", "--quiescence", "--beam", "2",
                   "--returns", "bound")
    assert done.returncode == 0, done.stderr
    printed = json.loads(done.stdout)
    assert printed == listing("alphabeta", "prune", "max", True, tt=True, quiescence=True, beam=2, returns="bound")
    texts = {line["id"]: line["text"] for line in printed}
    assert texts["max.test"] == "if v ≥ β then return TABLE-STORE(state, β, lower)"
    assert "max.tt_lookup" in texts and "max.quiescence" in texts and "max.beam" in texts
    assert run_cli("pseudocode", "--beam", "0").returncode == 2


def test_the_api_serves_the_listing_of_the_searchs_options(tmp_path: Path) -> None:
    client = create_app({"DATABASE": str(tmp_path / "lab.sqlite"), "TESTING": True}).test_client()
    answer = client.get("/api/pseudocode?algorithm=minimax&depth=2&tt=1&quiescence=1&beam=3")
    assert answer.status_code == 200
    assert answer.get_json() == listing("minimax", "prune", "max", True, tt=True, quiescence=True, beam=3)
    hard = client.get("/api/pseudocode?algorithm=alphabeta&returns=bound").get_json()
    assert hard == listing("alphabeta", returns="bound")
    for query, named in (("beam=0", "beam"), ("beam=x", "beam"), ("tt=yes", "tt"), ("returns=beta", "returns")):
        refused = client.get(f"/api/pseudocode?algorithm=alphabeta&{query}")
        assert refused.status_code == 400 and refused.get_json()["error"].startswith(named), query


def test_a_store_after_a_fail_hard_cut_with_strict_ties_lights_the_cut() -> None:
    request = {"game": "tictactoe", "state": "XO.......", "algorithm": "alphabeta", "depth": 4, "tt": True, "ties": "explore",
               "returns": "bound"}
    events, _ = search(request)
    assert all(store["line"] == before["line"] for before, store in zip(events, events[1:]) if store["type"] == "tt_store")
