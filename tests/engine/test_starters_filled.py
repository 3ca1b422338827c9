"""The starters of one family return one shape (issue 47): minimax's, alpha-beta's and expectiminimax's
max_value / min_value / chance_value each return a (value, move) pair, as AIMA 4th ed.'s code does; filled in,
each matches the reference with the reference's root value in its facts (not "none"), on a tree and a game.
A search that loops over the root's moves itself (the lecture's MINIMAX-DECISION) shows the value of its move."""

from __future__ import annotations

import json
from typing import Any

import pytest

from search.grading.browser import check
from tests.engine import grading_sources as g
from tests.helpers.filled_starters import filled

PROBLEMS = [
    ("minimax", {"example": "lecture", "algorithm": "minimax"}),
    ("minimax", {"game": "tictactoe", "state": "XO.XO....", "algorithm": "minimax", "depth": 2}),
    ("minimax", {"game": "isolation", "algorithm": "minimax", "depth": 2}),
    ("alphabeta", {"example": "lecture", "algorithm": "alphabeta"}),
    ("alphabeta", {"game": "tictactoe", "state": "XO.XO....", "algorithm": "alphabeta"}),
    ("expectiminimax", {"example": "chance", "algorithm": "expectiminimax"}),
]


def report(source: str, problem: dict[str, Any]) -> dict[str, Any]:
    return json.loads(check(source, json.dumps(problem)))


@pytest.mark.parametrize(("algorithm", "problem"), PROBLEMS, ids=[f"{a}-{p.get('example') or p['game']}" for a, p in PROBLEMS])
def test_each_starter_filled_in_matches_with_the_references_root_value(algorithm: str, problem: dict[str, Any]) -> None:
    answer = report(filled(algorithm), problem)
    assert answer["verdict"] == "match", answer["headline"]
    assert answer["student"]["value"] is not None
    assert answer["student"]["value"] == answer["reference"]["value"]
    assert answer["student"]["move"] == answer["reference"]["move"] and answer["student"]["name"] == answer["reference"]["name"]


def test_a_search_that_loops_over_the_roots_moves_itself_shows_the_value_of_its_move() -> None:
    problem = {"game": "tictactoe", "state": "XO.XO....", "algorithm": "minimax", "depth": 2}
    answer = report(g.source(g.MINIMAX_TOP, g.MINIMAX_RIGHT), problem)
    assert answer["verdict"] == "match" and answer["student"]["value"] == answer["reference"]["value"] == 100
    result = answer["student_events"][-1]
    assert result["type"] == "result" and result["value"] == 100
