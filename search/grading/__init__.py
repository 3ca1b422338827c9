"""Grading a student's own search: run it against an instrumented game, set it against the engine's, say
where and which idea it goes wrong (docs/grading.md)."""
