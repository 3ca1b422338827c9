"""Positions named as the page names them (issue 47): the grader's rule (search/grading/position_names.py) gives
the names the page's rule gives (static/js/replay/trace_tree.js nameOf) on the shared golden file, which
tests/js/code/position_names.test.js holds the page to; and a game's divergence, headline and printed verdict
say "X 1", never root.1, while the report's data keeps the id the page selects the node by."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from search.grading.browser import check
from search.grading.grade_file import outcome_of
from search.grading.position_names import PositionNames, names_for
from tests.engine import grading_sources as g

GOLDEN = Path(__file__).parents[1] / "golden"
SHARED = json.loads((GOLDEN / "position_names.json").read_text(encoding="utf-8"))
INTERNAL = re.compile(r"\broot\.\d")


@pytest.mark.parametrize("case", SHARED["cases"], ids=[c["about"] for c in SHARED["cases"]])
def test_hand_made_events_are_named_as_the_page_names_them(case: dict[str, Any]) -> None:
    start, events = case["events"][0], case["events"][1:]
    for names in (PositionNames(start["source"], start["node"]).learn(events), names_for(start, events)):
        assert {node: names.name(node) for node in case["names"]} == case["names"]


@pytest.mark.parametrize("file", sorted(SHARED["traces"]))
def test_every_node_of_the_golden_traces_is_named_as_the_page_names_it(file: str) -> None:
    lines = (GOLDEN / file).read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines if line.strip()]
    expected = SHARED["traces"][file]
    # Learned from every event, and as the grader does (a built-in game from the root's visit and the ids alone).
    for names in (PositionNames(events[0]["source"], events[0]["node"]).learn(events), names_for(events[0], events)):
        assert {node: names.name(node) for node in expected} == expected


def test_a_node_no_event_told_of_is_named_from_its_id() -> None:
    tictactoe = PositionNames({"kind": "game", "game": "tictactoe"})
    assert tictactoe.name("root.4.0") == "X 4 · O 0" and tictactoe.name("root") == "the root"
    assert PositionNames({"kind": "game", "game": "isolation"}).name("root.0,1.2,0") == "P1 (0, 1) · P2 (2, 0)"


def test_a_game_divergence_names_positions_by_their_moves_and_keeps_the_id_as_data() -> None:
    slipped = g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT).replace(
        "player, depth + 1))\n    return v\n", "player, depth + 1))\n    return v + 1\n")
    problem = {"game": "tictactoe", "state": "XO.XO....", "algorithm": "minimax", "depth": 2}
    answer = json.loads(check(slipped, json.dumps(problem)))
    divergence = answer["divergence"]
    assert divergence["kind"] == "value" and divergence["node"].startswith("root.")
    assert divergence["name"] == names_for(answer["reference_events"][0], answer["reference_events"]).name(divergence["node"])
    assert re.fullmatch(r"[XO] \d( · [XO] \d)*", divergence["name"])
    assert f"min_value({divergence['name']}) returned" in divergence["message"]
    printed = outcome_of(answer, "student.py").text
    assert divergence["name"] in answer["headline"] and not INTERNAL.search(printed), printed


def test_a_wrong_move_is_named_as_the_child_it_leads_to() -> None:
    first = "def minimax_search(game, state):\n    return game.actions(state)[0]\n"
    answer = json.loads(check(first, json.dumps({"game": "tictactoe", "state": "XO.XO....", "algorithm": "minimax"})))
    assert answer["divergence"]["kind"] in ("missed", "move")
    assert not INTERNAL.search(answer["headline"]) and answer["student"]["name"] == "X 2"


def test_a_misuse_of_the_game_names_the_position_as_the_page_does() -> None:
    early = "def minimax_search(game, state):\n    return game.utility(game.result(state, 2), 'X')\n"
    answer = json.loads(check(early, json.dumps({"game": "tictactoe", "state": "XO.XO....", "algorithm": "minimax"})))
    assert answer["error"]["message"].startswith("utility(X 2, 'X'): the game is not over at X 2;")
    wrong = "def minimax_search(game, state):\n    return game.result(state, 9)\n"
    answer = json.loads(check(wrong, json.dumps({"game": "isolation", "algorithm": "minimax", "depth": 2})))
    assert answer["error"]["message"].startswith("result(the root, 9): 9 is not one of ACTIONS(the root) = [(0, 0), ")
