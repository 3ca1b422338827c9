"""bench/suite_cpu.py's report (docs/testing.md, issue 48): the per-test rows summed by tier and file, and the budget
that 300 s on two cores leaves, said against what the tests used."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench" / "suite_cpu.py"


def suite_cpu() -> ModuleType:
    spec = importlib.util.spec_from_file_location("suite_cpu", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ROWS = [
    {"id": "tests/browser/test_a.py::test_one", "setup": [0.5, 0.75], "call": [1.0, 2.0], "teardown": [0.1, 0.25]},
    {"id": "tests/browser/test_a.py::test_two", "call": [2.0, 3.0]},
    {"id": "tests/engine/test_b.py::test_three[x]", "setup": [0.0, 0.0], "call": [1.0, 1.0]},
]


def test_the_report_sums_each_tests_phases_by_tier_and_file_and_names_the_budget() -> None:
    bench = suite_cpu()
    assert bench.totals(ROWS[0]) == (1.6, 3.0)
    text = bench.report(ROWS, cores=2)
    lines = text.splitlines()
    assert lines[0] == "3 tests, serially: 5 s of wall time, 7 s of the machine's CPU"
    assert "allows at most 600 CPU seconds: this is 0.01x that; at full use of 2 cores it takes at least 4 s" in lines[1]
    assert "browser         2      6.0    86%          3.00" in text
    assert "engine          1      1.0    14%          1.00" in text
    assert "      6.0    2  tests/browser/test_a.py" in text
    costliest = lines[lines.index("the costliest tests (CPU s, wall s, test):") + 1:]
    assert [line.split()[-1] for line in costliest] == ["tests/browser/test_a.py::test_one", "tests/browser/test_a.py::test_two",
                                                         "tests/engine/test_b.py::test_three[x]"]
