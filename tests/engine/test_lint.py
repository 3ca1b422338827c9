"""The code stays clean by the house's lint (pyproject's [tool.ruff]): no unused or undefined names, imports sorted.

After a move of many files, an import left behind or a name used after its definition moved is what
ruff finds in a second, before any test reaches the line.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_ruff_finds_nothing() -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "search", "server", "tests", "bench", "docs", "lite"],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
