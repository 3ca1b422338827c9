"""A first search at once (issue 48): tracing the engine's own trees imports no jsonschema.

jsonschema's import loads the format libraries JupyterLab brings (rfc3987_syntax's grammar: about 5 s).
The engine's own trees (the built-in examples, a course's game written out) skip the schema pass when
every field is plainly one it allows (search.trees.parse.tree_from_engine_json); anything else is
decided by the schema, with the same errors. bench/first_trace.py times it.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from search.errors import InputError
from search.trees.node import EXAMPLES
from search.trees.parse import tree_from_engine_json, tree_from_json

ROOT = Path(__file__).resolve().parents[2]
CHILD = """
import json, sys
sys.path.insert(0, "docs/examples")
import search
from nim import Nim
lecture, nim, board = search.trace("lecture"), search.trace(Nim()), search.trace(search.TicTacToe(), state="XO..X..O.")
print(json.dumps({"loaded": sorted(m for m in sys.modules if m.split(".")[0] in ("jsonschema", "rfc3987_syntax", "referencing")),
                  "values": [lecture.value, nim.value, board.value], "nodes": nim.result["baseline"]["visited"]}))
"""


def test_a_fresh_process_traces_the_lecture_a_course_game_and_tictactoe_without_importing_jsonschema() -> None:
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["loaded"] == []
    assert report["values"][:2] == [3, -1] and report["nodes"] == 447


@pytest.mark.parametrize("name", list(EXAMPLES))
def test_every_example_is_the_same_tree_with_or_without_the_schema_pass(name: str) -> None:
    assert tree_from_engine_json(EXAMPLES[name]).to_json() == tree_from_json(EXAMPLES[name]).to_json()


@pytest.mark.parametrize("change, where", [
    ({"label": "two\nlines"}, "children[0].label"),
    ({"value": 1e300}, "children[0].value"),
    ({"value": True}, "children[0].value"),
    ({"colour": "red"}, "children[0].colour"),
    ({"probability": 0}, "children[0].probability"),
])
def test_a_tree_that_is_not_plainly_valid_gets_the_schemas_own_error(change: dict[str, object], where: str) -> None:
    tree = {"id": "A", "label": "A", "player": "max",
            "children": [{"id": "B", "label": "B", "player": "min", "value": 1, **change}]}
    with pytest.raises(InputError) as engine:
        tree_from_engine_json(tree)
    with pytest.raises(InputError) as schema:
        tree_from_json(tree)
    assert str(engine.value) == str(schema.value) and engine.value.where == where
