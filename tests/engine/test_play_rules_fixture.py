"""The /play page's rules are checked (tests/js/play/play_rules.test.js) against positions the engine wrote: the
file must be what the engine writes now (regenerate: `.venv/bin/python -m tests.helpers.play_rules_fixture`)."""

from __future__ import annotations

import json

from tests.helpers.play_rules_fixture import FIXTURE, fixture, text


def test_the_rules_fixture_is_what_the_engine_writes_now() -> None:
    assert FIXTURE.read_text(encoding="utf-8") == text(), "regenerate: .venv/bin/python -m tests.helpers.play_rules_fixture"


def test_the_fixture_holds_ends_of_every_kind() -> None:
    games = fixture()
    for key, rows in games.items():
        winners = {row["winner"] for row in rows if row["over"]}
        assert {"max", "min"} <= winners, key  # both sides win somewhere: the result is checked both ways
        assert any(not row["over"] for row in rows)
    assert None in {row["winner"] for row in games["tictactoe"] if row["over"]}  # and a draw
    assert json.loads(FIXTURE.read_text(encoding="utf-8")) == games
