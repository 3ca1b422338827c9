"""`python -m search`: the contract other tools use. Real files; the CLI run in this process (tests/helpers/cli.py)
except where a test says "real subprocess": the golden lecture trace, a bad input's exit code and a closed pipe."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from search.traces.schema import check_event
from tests.helpers.cli import run_cli, run_cli_process

GOLDEN = Path(__file__).parents[1] / "golden"


run = run_cli


def test_lecture_trace_is_the_golden_file() -> None:
    done = run_cli_process("trace", "--example", "lecture", "--algorithm", "alphabeta")
    assert done.returncode == 0, done.stderr
    assert done.stdout == (GOLDEN / "lecture_alphabeta.jsonl").read_text()


@pytest.mark.parametrize("args, golden", [
    # Written by the recorder of dicts encoded with json, before events became records formatted
    # straight to text: positions, moves as lists, estimates as floats, windows with infinities.
    (("--game", "tictactoe", "--state", "X...O....", "--algorithm", "alphabeta", "--depth", "3"),
     "tictactoe_X...O...._alphabeta_depth3.jsonl"),
    (("--game", "isolation", "--algorithm", "alphabeta", "--depth", "3", "--estimate", "mobility"),
     "isolation_mobility_alphabeta_depth3.jsonl"),
])
def test_game_traces_are_the_golden_files(args: tuple[str, ...], golden: str) -> None:
    done = run("trace", *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (GOLDEN / golden).read_text()


# The three examples of chance nodes and several players: the format of their events (sums,
# chance tests and prunes, vectors) pinned. tests/js replays these same files.
TREE_GOLDENS = [
    (("--example", "chance", "--algorithm", "expectiminimax"), "chance_expectiminimax.jsonl"),
    (("--example", "chance-bounded", "--algorithm", "alphabeta"), "chance_bounded_alphabeta.jsonl"),
    (("--example", "three-players", "--algorithm", "maxn"), "three_players_maxn.jsonl"),
    (("--example", "lecture", "--returns", "bound", "--algorithm", "alphabeta"), "lecture_alphabeta_fail_hard.jsonl"),
]


@pytest.mark.parametrize("args, golden", TREE_GOLDENS, ids=[g for _, g in TREE_GOLDENS])
def test_chance_and_players_traces_are_the_golden_files(args: tuple[str, ...], golden: str) -> None:
    done = run("trace", *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (GOLDEN / golden).read_text()
    events = [json.loads(line) for line in done.stdout.splitlines()]
    for event in events:
        check_event(event)
    assert events[0]["algorithm"] == args[-1] and events[-1]["type"] == "result" and events[-1]["complete"]


def test_tree_file_and_stdin_give_the_same_trace(tmp_path: Path) -> None:
    tree = tmp_path / "tree.json"
    tree.write_text("[[3,12,8],[2,4,6],[14,5,2]]")
    from_file = run("trace", str(tree), "--algorithm", "minimax")
    from_stdin = run("trace", "-", "--algorithm", "minimax", stdin=tree.read_text())
    assert from_file.returncode == 0 and from_file.stdout == from_stdin.stdout
    assert from_file.stdout == (GOLDEN / "lecture_minimax.jsonl").read_text()


def test_game_traces_are_strict_json_lines_that_fit_the_schema() -> None:
    done = run("trace", "--game", "tictactoe", "--state", "X...O....", "--algorithm", "alphabeta", "--depth", "3")
    assert done.returncode == 0, done.stderr
    events = [json.loads(line) for line in done.stdout.splitlines()]
    for event in events:
        check_event(event)
    assert events[-1]["type"] == "result" and events[-1]["complete"]
    assert "Infinity" not in done.stdout and "NaN" not in done.stdout


def test_isolation_quiz_from_the_command_line() -> None:
    done = run("trace", "--game", "isolation", "--depth", "1", "--algorithm", "minimax")
    visits = [e for e in map(json.loads, done.stdout.splitlines()) if e["type"] == "visit" and e["depth"] == 1]
    assert len(visits) == 5


def test_event_cap_ends_with_an_incomplete_result() -> None:
    done = run("trace", "--game", "tictactoe", "--algorithm", "minimax", "--max-events", "50")
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(events) == 51
    assert events[-1]["complete"] is False and events[-1]["reason"] == "event limit"
    assert events[-1]["visited"] == sum(1 for e in events if e["type"] == "visit")


@pytest.mark.parametrize(
    ("content", "args", "message"),
    [
        (None, ("trace", "missing.json"), "missing.json: cannot read"),
        ("{not json", ("trace", "TREE"), "not valid JSON"),
        ("[[1, NaN]]", ("trace", "TREE"), "NaN is not allowed"),
        ("[[1, Infinity]]", ("trace", "TREE"), "Infinity is not allowed"),
        ('{"id":"A","children":[{"id":"B","value":1},{"id":"C","value":2},{"id":"D"}]}', ("trace", "TREE"),
         "children[2].value: expected a finite number"),
        ('{"id":"A","children":[{"id":"B","value":1},{"id":"B","value":2}]}', ("trace", "TREE"), "duplicate id 'B'"),
        ('{"id":"A","player":"maxi","value":1}', ("trace", "TREE"), 'player: expected "max" or "min"'),
        (json.dumps([list(range(50))] * 201), ("trace", "TREE"), "more than 10,000 nodes"),
        ("[" * 5000 + "1" + "]" * 5000, ("trace", "TREE"), "deeper than 40 levels"),
        (None, ("trace", "--game", "tictactoe", "--state", "XXXXXXXXX"), "state: X moves first"),
        (None, ("trace", "--game", "isolation", "--state", "1....."), "state[5]"),
        (None, ("trace", "--game", "connect4"), "depth: Connect Four needs a depth limit"),
        (None, ("trace", "--game", "connect4", "--depth", "2", "--state", "X" + "." * 41), "state[0]: a disc in column 0, row 0 floats"),
        (None, ("trace", "--game", "isolation", "--state", "." * 25), "depth: Isolation on the 5x5 board needs a depth limit"),
        (None, ("trace", "--example", "lecture", "--algorithm", "dfs"), "invalid choice: 'dfs'"),
        (None, ("trace", "--example", "lecture", "--depth", "99"), "depth: expected a whole number from 0 to 20"),
        (None, ("trace",), "one of the arguments"),
        (None, ("trace", "--example", "lecture", "--max-events", "0"), "--max-events: expected 1 or more, got 0"),
        (None, ("trace", "--example", "lecture", "--depth", "1"), "children[0].eval: node 'B' is cut off by the depth limit 1"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_it(tmp_path: Path, content: str | None, args: tuple[str, ...], message: str) -> None:
    if content is not None:
        (tmp_path / "t.json").write_text(content)
        args = tuple(str(tmp_path / "t.json") if a == "TREE" else a for a in args)
    done = run(*args)
    assert done.returncode == 2
    assert message in done.stderr, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stdout == ""


def test_the_readme_python_examples_run_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = Path(__file__).parents[2]
    readme = (root / "README.md").read_text(encoding="utf-8")
    blocks = [block.split("```")[0] for block in readme.split("```python\n")[1:]]
    assert len(blocks) == 2, "two Python examples in the README: the engine with a Recorder, a course's game traced"
    namespace: dict[str, object] = {}
    exec(compile(blocks[0], "README.md", "exec"), namespace)  # noqa: S102 (our own README)
    assert (namespace["result"].value, namespace["result"].move) == (3, "B")  # type: ignore[attr-defined]
    assert len(namespace["events"]) == 58  # type: ignore[arg-type]
    monkeypatch.chdir(tmp_path)  # the README's paths are the checkout's: docs/examples, and nim.jsonl written here
    monkeypatch.syspath_prepend(str(root / "docs" / "examples"))
    (tmp_path / "docs").symlink_to(root / "docs")
    course: dict[str, object] = {}
    exec(compile(blocks[1], "README.md", "exec"), course)  # noqa: S102
    t = course["t"]
    assert (t.value, t.move, t.result["visited"], len(t.events)) == (-1, (0, 1), 249, 1395)  # type: ignore[attr-defined]
    assert (tmp_path / "nim.jsonl").read_text(encoding="utf-8") == t.jsonl()  # type: ignore[attr-defined]


def test_pseudocode_for_min_at_the_root_with_a_depth_limit() -> None:
    done = run("pseudocode", "--algorithm", "alphabeta", "--root", "min", "--depth-limited")
    assert done.returncode == 0, done.stderr
    texts = [line["text"].strip() for line in json.loads(done.stdout)]
    assert texts[1] == "v ← MIN-VALUE(state, −∞, +∞, 0)"
    assert "function MIN-VALUE(state, α, β, depth) returns a utility value" in texts
    ids = {line["id"] for line in json.loads(done.stdout)}
    assert {"min.init", "min.return", "max.cutoff"} <= ids


def test_the_lecture_with_estimates_is_an_example_of_the_cli() -> None:
    done = run("trace", "--example", "lecture-estimates", "--depth", "1")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["value"] == 8


def test_the_real_command_exits_2_on_bad_input_and_0_when_its_reader_stops() -> None:
    """Real subprocesses: the entry point (`python -m search`), the exit codes a shell sees, `| head`."""
    bad = run_cli_process("trace", "--example", "lecture", "--algorithm", "dfs")
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1 and "invalid choice: 'dfs'" in bad.stderr
    with subprocess.Popen([sys.executable, "-m", "search", "trace", "--game", "tictactoe", "--algorithm", "minimax"],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) as command:
        assert command.stdout is not None and command.stderr is not None
        first = command.stdout.readline()
        command.stdout.close()  # as `| head -1` does: the rest of 1.9 million events is never read
        assert json.loads(first)["type"] == "start"
        assert command.wait(timeout=120) == 0
        assert "Traceback" not in command.stderr.read()
