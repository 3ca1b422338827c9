#!/usr/bin/env bash
# Gradescope's autograder setup, from `python -m search autograder` (docs/grading.md): installs the Minimax Lab
# wheel that came in the zip, with its dependencies from PyPI. Minimax Lab needs Python 3.11 or later: choose
# an Ubuntu 24.04 base image in the assignment's autograder settings.
set -euo pipefail
apt-get update
apt-get install -y python3 python3-pip
python3 -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Minimax Lab needs Python 3.11 or later: choose a newer base image")'
# Ubuntu 24.04's Python is "externally managed" (PEP 668): the image is the grader's alone, so install system-wide.
PIP_BREAK_SYSTEM_PACKAGES=1 python3 -m pip install /autograder/source/minimax_lab-*.whl
