"""The command line names misconceptions: `practice --check` says which idea an answer follows, `trace
--misconception` runs a slip, `misconceptions` lists the catalogue."""

from __future__ import annotations

import json
from pathlib import Path

from search.misconceptions import CATALOGUE
from tests.helpers.cli import run_cli


def test_practice_check_prints_the_misconception_first_and_exits_1(tmp_path: Path) -> None:
    exercise = tmp_path / "exercise.json"
    exercise.write_text(json.dumps({"tree": [[3, 12, 8], [2, 4, 6], [14, 5, 2]], "ask": ["values", "bounds", "pruned"]}))
    answer = tmp_path / "answer.json"
    inf = ["-inf", "inf"]
    answer.write_text(json.dumps({"values": {"A": 3, "B": 3, "C": 2, "D": 2}, "pruned": [],
                                  "bounds": {node: inf for node in ("A", "B", "B1", "B2", "B3", "C", "C1", "C2", "C3",
                                                                    "D", "D1", "D2", "D3")}}))
    done = run_cli("practice", str(exercise), "--check", str(answer))
    assert done.returncode == 1, done.stderr
    result = json.loads(done.stdout)
    assert result["misconceptions"][0]["id"] == "window-not-passed"
    assert result["misconceptions"][0]["explanation"].startswith("Your answers follow alpha-beta with the window not passed down")


def test_trace_with_a_misconception_and_the_catalogue_listing() -> None:
    done = run_cli("trace", "--example", "lecture", "--misconception", "max-min-swapped")
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert events[0]["options"]["misconception"] == "max-min-swapped" and events[-1]["value"] == 6
    listed = json.loads(run_cli("misconceptions").stdout)
    assert [m["id"] for m in listed] == list(CATALOGUE)
    assert next(m for m in listed if m["id"] == "chance-as-min")["algorithms"] == ["expectiminimax"]


def test_a_misconception_that_is_no_slip_of_the_search_exits_2_naming_it() -> None:
    done = run_cli("trace", "--example", "lecture", "--misconception", "unweighted-average")
    assert done.returncode == 2 and done.stderr.strip() == "misconception: unweighted-average is not a slip of alphabeta with ties prune"
    done = run_cli("trace", "--example", "lecture", "--misconception", "bogus")
    assert done.returncode == 2 and "--misconception" in done.stderr
