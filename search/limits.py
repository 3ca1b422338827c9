"""Every limit on input, in one place, so the validator, the server and the docs agree.

These are documented in README.md ("Limits"); tests exercise each one.
"""

MAX_TREE_NODES = 10_000
"""Largest tree accepted (nodes, leaves included)."""

MAX_TREE_DEPTH = 40
"""Deepest tree accepted, in edges from the root."""

MAX_BRANCHING = 50
"""Most children one node may have."""

MAX_LABEL_LENGTH = 40
"""Longest id or label, in characters."""

MAX_ABS_VALUE = 1e9
"""Values and estimates must lie in [-MAX_ABS_VALUE, MAX_ABS_VALUE]."""

MAX_PAYLOAD_BYTES = 1_000_000
"""Largest tree or trace text accepted (bytes of UTF-8)."""

MAX_SEARCH_DEPTH = 20
"""Largest depth limit a search may ask for (games are at most 9 plies deep anyway)."""

MAX_TRACE_BYTES = 5_000_000
"""Largest trace (JSON Lines) that can be uploaded or saved: about 40,000 events."""

BASELINE_MAX_NODES = 1_000_000
"""Most nodes the untraced minimax behind an alpha-beta result's `baseline` may visit (the full
tic-tac-toe tree has 549,946); past it the baseline is null rather than the result late."""

MAX_PLAYERS = 8
"""Most players a several-player tree (root "players", max^n) may name; at least 2."""

PROBABILITY_TOLERANCE = 1e-9
"""How far a chance node's children's probabilities may sum from 1."""
