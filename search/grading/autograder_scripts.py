"""The two scripts of the autograder zip (`python -m search autograder`), the same for every course: Gradescope runs
setup.sh once to build the image and run_autograder for each submission. docs/examples/gradescope/ holds copies,
kept equal to these by tests/engine/test_autograder.py, so what a course reads is what it uploads."""

from __future__ import annotations

SETUP_SH = r"""#!/usr/bin/env bash
# Gradescope's autograder setup, from `python -m search autograder` (docs/grading.md): installs the Minimax Lab
# wheel that came in the zip, with its dependencies from PyPI. Minimax Lab needs Python 3.11 or later: choose
# an Ubuntu 24.04 base image in the assignment's autograder settings.
set -euo pipefail
apt-get update
apt-get install -y python3 python3-pip
python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Minimax Lab needs Python 3.11 or later: choose a newer base image")'
# Ubuntu 24.04's Python is "externally managed" (PEP 668): the image is the grader's alone, so install system-wide.
PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install /autograder/source/minimax_lab-*.whl
"""

RUN_AUTOGRADER = r"""#!/usr/bin/env bash
# Gradescope runs this for each submission, from `python -m search autograder` (docs/grading.md): it grades the
# submission's .py file on every problem of assignment.toml (next to this file) and writes results.json.
# AUTOGRADER_ROOT (default /autograder) and PYTHON (default python3) let a test run it in a scratch folder.
set -uo pipefail
ROOT="${AUTOGRADER_ROOT:-/autograder}"
PYTHON="${PYTHON:-python3}"
SOURCE="$ROOT/source"
SUBMISSION="$ROOT/submission"
RESULTS="$ROOT/results"
mkdir -p "$RESULTS"
rm -f "$RESULTS/results.json"
# The student's code runs as an unprivileged user when the grader is root: it must neither read the config
# (hidden problems, their trees) nor write the results.
chmod 700 "$SOURCE" "$RESULTS"

# The submission's .py files, sorted (not hidden ones, nor a Mac zip's __MACOSX copies); of several, the first
# defining an entry function (`entries`, one a line, in the problems' order), else the first file.
mapfile -t FILES < <(find "$SUBMISSION" -type f -name '*.py' -not -name '.*' -not -path '*/__MACOSX/*' 2>/dev/null | LC_ALL=C sort)
if [ "${#FILES[@]}" -eq 0 ]; then
    cp "$SOURCE/no_submission.json" "$RESULTS/results.json"
    exit 0
fi
STUDENT="${FILES[0]}"
if [ "${#FILES[@]}" -gt 1 ]; then
    while read -r ENTRY; do
        for FILE in "${FILES[@]}"; do
            if grep -qE "^def[[:space:]]+${ENTRY}[[:space:]]*\(" "$FILE"; then
                STUDENT="$FILE"
                break 2
            fi
        done
    done < "$SOURCE/entries"
fi

# Exit 0: every problem matches, 1: some differ, 2: the file could not be judged; results.json says which.
"$PYTHON" -m search grade "$STUDENT" --config "$SOURCE/assignment.toml" --gradescope "$RESULTS/results.json"
CODE=$?
if [ -f "$RESULTS/results.json" ]; then
    exit 0
fi
exit "$CODE"
"""
