"""The recorder's compact records and their two ways out (dicts, JSON Lines) agree, and the cap is exact."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings, strategies as st

from search import ConnectFour, Isolation, Recorder, TicTacToe, TreeGame, alphabeta, minimax, tree_from_json
from search.traces.jsonl import dumps_event
from search.traces.records import BACKUP, BOUND, LEAF, VISIT, Batch
from search.trees.node import LECTURE_SHORTHAND


def run_in_batches(game: Any, algorithm: str, batch_size: int, **options: Any) -> tuple[Recorder, list[Batch]]:
    batches: list[Batch] = []
    rec = Recorder(batches.append, batch_size=batch_size)
    (minimax if algorithm == "minimax" else alphabeta)(game, recorder=rec, **options)
    return rec, batches


def assert_both_ways_agree(rec: Recorder, batches: list[Batch]) -> None:
    """Every batch's JSON Lines are its dicts encoded by json, line for line; seq runs on across batches."""
    seq = 0
    for batch in batches:
        assert batch.first == seq
        events = batch.events()
        assert [e["seq"] for e in events] == list(range(seq, seq + len(batch)))
        text = batch.jsonl()
        assert text.endswith("\n") and text.count("\n") == len(events)
        assert text.split("\n")[:-1] == [dumps_event(e) for e in events]
        seq += len(batch)
    assert [e for b in batches for e in b.events()] == rec.events()
    assert rec.count == seq


# Ids that need JSON escaping: quotes, backslashes, non-ASCII, the separators JavaScript treats as newlines.
awkward = st.text(alphabet=st.sampled_from(list('aZ0 "\\/é漢\u2028\u2029😀<>&')), min_size=1, max_size=6)
numbers = st.one_of(st.integers(-10**6, 10**6), st.floats(-1e9, 1e9, allow_nan=False), st.sampled_from([0.1, -0.0, 1e-7, 2.5]))
shorthand = st.recursive(numbers, lambda kids: st.lists(kids, min_size=1, max_size=3), max_leaves=20).filter(
    lambda t: isinstance(t, list))


@settings(max_examples=100, deadline=None)
@given(shorthand, st.lists(awkward, min_size=60, max_size=60, unique=True), st.sampled_from(["minimax", "alphabeta"]),
       st.sampled_from(["prune", "explore"]), st.integers(1, 9), st.data())
def test_dicts_and_json_lines_agree_on_any_tree(
    tree: Any, ids: list[str], algorithm: str, ties: str, batch_size: int, data: st.DataObject,
) -> None:
    root = tree_from_json(tree)
    for i, node in enumerate(root.walk()):
        node.id = ids[i % len(ids)] + str(i)  # unique: the index makes it so
        if node.children:
            node.eval = data.draw(numbers)
    depth = data.draw(st.one_of(st.none(), st.integers(0, 3)))
    options: dict[str, Any] = {"depth": depth}
    if algorithm == "alphabeta":
        options["ties"] = ties
    rec, batches = run_in_batches(TreeGame(root), algorithm, batch_size, **options)
    assert_both_ways_agree(rec, batches)


@pytest.mark.parametrize("game, depth", [
    (TicTacToe("X...O...."), None),
    (TicTacToe("XO..X...."), 2),
    (Isolation(), None),
    (Isolation(".....#", estimate="mobility"), 2),
    (ConnectFour(), 3),
    (Isolation("." * 25, estimate="mobility"), 2),
])
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta"])
def test_dicts_and_json_lines_agree_on_games(game: Any, depth: int | None, algorithm: str) -> None:
    rec, batches = run_in_batches(game, algorithm, 500, depth=depth)
    assert_both_ways_agree(rec, batches)
    first_visits = [e for e in batches[0].events() if e["type"] == "visit"][:2]
    assert first_visits[0]["move"] is None and first_visits[1]["move"] is not None  # describe() reached the events


def lecture_trace(max_events: int | None, batch_size: int) -> list[dict[str, Any]]:
    rec = Recorder(batch_size=batch_size, max_events=max_events)
    alphabeta(TreeGame(tree_from_json(LECTURE_SHORTHAND)), recorder=rec)
    return rec.events()


@pytest.mark.parametrize("batch_size", [1, 3, 1000])
def test_the_event_cap_is_exact_wherever_batches_end(batch_size: int) -> None:
    full = lecture_trace(None, 1000)
    n = len(full)
    for cap in range(0, n + 2):
        events = lecture_trace(cap, batch_size)
        result = events[-1]
        if cap >= n - 1:  # room for every event before the result, which is never refused
            assert events == full
        else:
            assert events[:-1] == full[:cap]
            assert (result["type"], result["seq"], result["complete"], result["reason"]) == ("result", cap, False, "event limit")
            assert result["visited"] == sum(1 for e in events if e["type"] == "visit")


@pytest.mark.parametrize("record, may_be_infinite", [
    ((LEAF, "B1", "min.terminal", "{bad}", "utility"), False),
    ((BACKUP, "B", "min.update", "min", "B1", "{bad}", math.inf, 3), False),
    ((BACKUP, "B", "min.update", "min", "B1", 3, math.inf, "{bad}"), False),
    ((BACKUP, "B", "min.update", "min", "B1", 3, "{bad}", 3), True),
    ((BOUND, "A", "max.bound", "alpha", "{bad}", 3), True),
    ((BOUND, "A", "max.bound", "alpha", -math.inf, "{bad}"), False),
    ((VISIT, "A", "max.head", None, 0, "max", "{bad}", math.inf, None, None), True),
])
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_a_value_json_cannot_hold_is_refused_not_written(record: tuple[Any, ...], may_be_infinite: bool, bad: float) -> None:
    record = tuple(bad if item == "{bad}" else item for item in record)
    batch = Batch(0, [record])
    if may_be_infinite and not math.isnan(bad):  # a window or a "before" value: written as a string
        assert json.loads(batch.jsonl()) == batch.events()[0]
        return
    with pytest.raises(ValueError):
        batch.jsonl()
    with pytest.raises(ValueError):
        dumps_event(batch.events()[0])  # the dicts, encoded strictly, refuse it too


def test_numbers_that_are_not_plain_int_or_float_are_written_as_json_writes_them() -> None:
    class Score(int):
        pass

    batch = Batch(0, [(LEAF, "A", "max.terminal", True, "utility"), (LEAF, "B", "max.terminal", Score(7), "utility"),
                      (BOUND, "A", "max.bound", "alpha", -math.inf, Score(2))])
    assert batch.jsonl().split("\n")[:-1] == [dumps_event(e) for e in batch.events()]
    assert '"value":true' in batch.jsonl()
