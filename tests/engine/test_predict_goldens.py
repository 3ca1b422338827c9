"""The traces tests/js/predict/predict_questions.test.js asks its tie-rule questions on: a lecture tree
whose C1 is 3, so v = α = 3 at C, searched with ties "prune" (C prunes) and "explore" (C keeps
looking). Pinned to what `python -m search trace` writes, as tests/engine/test_cli.py pins the others."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import run_cli

PREDICT = Path(__file__).parents[1] / "golden" / "predict"
TIE_TREE = "[[3,12,8],[3,4,6],[14,5,2]]"


@pytest.mark.parametrize("ties", ["prune", "explore"])
def test_tie_traces_are_the_engines(ties: str) -> None:
    done = run_cli("trace", "--algorithm", "alphabeta", "--ties", ties, "-", stdin=TIE_TREE)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (PREDICT / f"tie_{ties}.jsonl").read_text()
