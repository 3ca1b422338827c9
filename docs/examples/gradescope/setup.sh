#!/usr/bin/env bash
# Gradescope's autograder setup: install the wheel built by `make wheel` (upload it with this file).
set -euo pipefail
apt-get install -y python3-pip
python3 -m pip install /autograder/source/minimax_lab-*.whl
