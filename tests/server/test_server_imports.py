"""What `python -m server` loads before it serves: not jsonschema's IRI grammar (search.format_libraries), which
cost every server process 1.5 s on a quiet machine and 6 s on a busy one, the test suite's server processes too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_servers_entry_point_skips_the_iri_grammar() -> None:
    code = "import sys, server.__main__, jsonschema; print(sys.modules.get('rfc3987_syntax') is None)"
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True"]
